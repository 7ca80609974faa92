"""The die: ivory with pips, that tumbles across the table and lands on the engine's value."""

from __future__ import annotations

import math

import pygame

from babel.core.rng import Rng
from scenes import anim, assets, theme
from scenes.canvas import Canvas

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
}
IVORY = (246, 240, 224)
PIP = (40, 30, 28)


def paint_die(value: int, px: int, colour=IVORY, pip=PIP) -> pygame.Surface:
    surf = pygame.Surface((px, px), pygame.SRCALPHA)
    rad = max(3, px // 6)
    pygame.draw.rect(surf, colour, surf.get_rect(), 0, rad)
    shade = tuple(max(0, c - 40) for c in colour)
    pygame.draw.rect(surf, shade, surf.get_rect(), max(1, px // 28), rad)
    hi = pygame.Rect(px // 10, px // 10, px - px // 5, px // 8)
    pygame.draw.rect(surf, (255, 255, 255, 70), hi, 0, rad // 2)
    r = max(2, px // 11)
    for fx, fy in PIPS[value]:
        pygame.draw.circle(surf, pip, (round(fx * px), round(fy * px)), r)
    return surf


class DieSprite:
    """A die at a logical position. ``roll`` tumbles it to ``value``; ``move_to`` slides it."""

    def __init__(self, pos: tuple[float, float], value: int = 1, size: float = 58) -> None:
        self.pos = pos
        self.value = value
        self.size = size
        self.visible = True
        self._roll: tuple[anim.Tween, tuple[float, float], int, int] | None = None
        self._move: tuple[anim.Tween, tuple[float, float], tuple[float, float]] | None = None
        self._turn: tuple[anim.Tween, int] | None = None
        self._seed = 0

    @property
    def busy(self) -> bool:
        return self._roll is not None or self._move is not None or self._turn is not None

    @property
    def rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, round(self.size), round(self.size))
        r.center = (round(self.pos[0]), round(self.pos[1]))
        return r

    def roll(
        self,
        value: int,
        animator: anim.Animator,
        duration: float = theme.DIE_ROLL,
        start: tuple[float, float] | None = None,
    ) -> anim.Tween:
        """Tumble from ``start`` (default: 160 px to the left) onto ``value`` at ``self.pos``."""
        self._seed += 1
        origin = start or (self.pos[0] - 160, self.pos[1] + 30)

        def done() -> None:
            self.value = value
            self._roll = None

        tween = animator.add(duration, 0.0, anim.ease_out_cubic, done)
        if not tween.done:
            self._roll = (tween, origin, value, self._seed)
        return tween

    def move_to(
        self, target: tuple[float, float], animator: anim.Animator, duration: float = theme.SLIDE * 1.4
    ) -> anim.Tween:
        start = self.pos

        def done() -> None:
            self.pos = target
            self._move = None

        tween = animator.add(duration, 0.0, anim.ease_in_out, done)
        if not tween.done:
            self._move = (tween, start, target)
        else:
            self.pos = target
        return tween

    def turn_to(self, value: int, animator: anim.Animator, duration: float = theme.FLIP * 1.5) -> anim.Tween:
        """Turn the die by hand to a new face (the Builder turning it up by one)."""

        def done() -> None:
            self.value = value
            self._turn = None

        tween = animator.add(duration, 0.0, anim.ease_in_out, done)
        if not tween.done:
            self._turn = (tween, value)
        return tween

    def draw(self, canvas: Canvas) -> None:
        if not self.visible:
            return
        x, y = self.pos
        face, angle, lift = self.value, 0.0, 0.0
        if self._move is not None:
            tween, a, b = self._move
            x, y = anim.arc2(a, b, tween.t, 40)
            lift = 10 * math.sin(math.pi * tween.t)
        if self._roll is not None:
            tween, origin, value, seed = self._roll
            t = tween.t
            x, y = anim.lerp2(origin, self.pos, t)
            bounces = abs(math.sin(t * math.pi * 3)) * (1 - t) * 46
            y -= bounces
            lift = bounces / 2
            angle = (1 - t) * 720 * (1 if seed % 2 else -1)
            if t < 0.92:
                face = Rng(seed * 1000 + int(t * 14)).randint(1, 6)
            else:
                face = value
        if self._turn is not None:
            tween, value = self._turn
            t = tween.t
            angle = 90 * t
            face = value if t > 0.5 else self.value
            lift = 12 * math.sin(math.pi * t)
        s = self.size
        px = canvas.px(s)
        canvas.shadow_rect((x - s / 2, y - s / 2, s, s), radius=s / 6, offset=(4 + lift / 2, 6 + lift))
        img = assets.surface(("die", face, px), lambda: paint_die(face, px).convert_alpha())
        bucket = round(angle / 10) * 10 % 360
        if bucket:
            img = assets.surface(
                ("die-rot", face, px, bucket), lambda: pygame.transform.rotozoom(img, bucket, 1.0)
            )
        canvas.surface.blit(img, img.get_rect(center=canvas.pt((x, y - lift))))
