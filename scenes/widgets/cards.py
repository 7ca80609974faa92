"""Card sprites: rounded cards with a face and a shared back, that slide, lift and flip.

A card's face is drawn by a painter ``(face, w_px, h_px) -> Surface``, so each game supplies its
own faces (French cards, building cards, instruction cards) while motion, shadow, highlight and
the back design are shared. Painted faces are cached per pixel size.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from scenes import anim, assets, theme
from scenes.canvas import Canvas

Painter = Callable[[Hashable, int, int], pygame.Surface]

SUIT_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}


def card_blank(w: int, h: int, fill=None, edge=None) -> pygame.Surface:
    """A blank card face (the theme's face and edge unless given); the edge is twice as thick
    in high contrast."""
    fill = theme.CARD_FACE if fill is None else fill
    edge = theme.CARD_EDGE if edge is None else edge
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(3, round(w * theme.CARD_RADIUS / theme.CARD_W))
    pygame.draw.rect(surf, fill, surf.get_rect(), 0, rad)
    pygame.draw.rect(surf, edge, surf.get_rect(), max(1, w // 60) * theme.OUTLINE, rad)
    return surf


def paint_back(w: int, h: int) -> pygame.Surface:
    """The shared card back: deep red with a gold tower lattice."""
    surf = card_blank(w, h, theme.CARD_BACK, (40, 14, 16))
    inset = max(3, w // 12)
    inner = surf.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(surf, theme.CARD_BACK_TRIM, inner, max(1, w // 48), max(2, w // 20))
    step = max(5, w // 8)
    lattice = pygame.Surface(inner.size, pygame.SRCALPHA)
    for x in range(-inner.h, inner.w + inner.h, step):
        pygame.draw.line(lattice, (*theme.CARD_BACK_TRIM, 70), (x, 0), (x + inner.h, inner.h), 1)
        pygame.draw.line(lattice, (*theme.CARD_BACK_TRIM, 70), (x, inner.h), (x + inner.h, 0), 1)
    surf.blit(lattice, inner.topleft)
    # a small stepped tower in the middle
    cx, cy = w // 2, h // 2
    tw = w // 3
    for i in range(4):
        bw = tw - i * tw // 5
        bh = max(2, h // 18)
        r = pygame.Rect(cx - bw // 2, cy + h // 8 - (i + 1) * bh, bw, bh - 1)
        pygame.draw.rect(surf, theme.CARD_BACK_TRIM, r)
    return surf


def paint_french(face: Hashable, w: int, h: int) -> pygame.Surface:
    """A French-suited face: 'AS', '10H', 'QD', or 'JK' for a Joker."""
    surf = card_blank(w, h)
    code = str(face)
    if code.startswith("JK"):
        colour = theme.SUIT_RED if code.endswith("R") else theme.SUIT_BLACK
        big = assets.font("sans", max(8, h // 3)).render("★", True, theme.GOLD_DARK)
        surf.blit(big, big.get_rect(center=(w // 2, h // 2)))
        small = assets.font("sans_bold", max(6, h // 9))
        label = small.render("JOKER", True, colour)
        surf.blit(label, label.get_rect(midtop=(w // 2, h // 14)))
        flipped = pygame.transform.rotate(label, 180)
        surf.blit(flipped, flipped.get_rect(midbottom=(w // 2, h - h // 14)))
        return surf
    rank, suit = code[:-1], code[-1]
    colour = theme.SUIT_RED if suit in "HD" else theme.SUIT_BLACK
    glyph = SUIT_GLYPHS[suit]
    idx_font = assets.font("sans_bold", max(6, h // 6))
    pip_font = assets.font("sans", max(6, h // 8))
    rank_img = idx_font.render(rank, True, colour)
    pip_img = pip_font.render(glyph, True, colour)
    pad = max(2, w // 14)
    surf.blit(rank_img, (pad, pad // 2))
    surf.blit(
        pip_img,
        pip_img.get_rect(
            midtop=(pad + rank_img.get_width() // 2, pad // 2 + rank_img.get_height() - pad // 2)
        ),
    )
    corner = pygame.Surface((w, h), pygame.SRCALPHA)
    corner.blit(rank_img, (pad, pad // 2))
    corner.blit(
        pip_img,
        pip_img.get_rect(
            midtop=(pad + rank_img.get_width() // 2, pad // 2 + rank_img.get_height() - pad // 2)
        ),
    )
    surf.blit(pygame.transform.rotate(corner, 180), (0, 0))
    centre_font = assets.font("sans", max(8, int(h * (0.42 if rank in "JQKA" else 0.36))))
    centre = centre_font.render(glyph if rank not in "JQK" else rank, True, colour)
    surf.blit(centre, centre.get_rect(center=(w // 2, h // 2)))
    if rank in "JQK":
        frame = pygame.Rect(0, 0, int(w * 0.56), int(h * 0.62))
        frame.center = (w // 2, h // 2)
        pygame.draw.rect(surf, theme.GOLD_DARK, frame, max(1, w // 50), max(2, w // 16))
    return surf


def _dimmed(img: pygame.Surface) -> pygame.Surface:
    out = img.copy()
    out.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


class CardSprite:
    """A card on the table: position (logical centre), face up or down, motion and flip."""

    def __init__(
        self,
        face: Hashable,
        painter: Painter = paint_french,
        pos: tuple[float, float] = (0, 0),
        face_up: bool = False,
        size: tuple[float, float] = (theme.CARD_W, theme.CARD_H),
    ) -> None:
        self.face = face
        self.painter = painter
        self.pos = pos
        self.face_up = face_up
        self.size = size
        self.lift = 0.0  # raised above the table (hover, selection): bigger shadow, moved up
        self.hidden = False  # not drawn (a card that left the hand but whose sprite is kept)
        self._slide: tuple[anim.Tween, tuple[float, float], tuple[float, float], float] | None = None
        self._flip: tuple[anim.Tween, bool] | None = None

    @property
    def rect(self) -> pygame.Rect:
        w, h = self.size
        r = pygame.Rect(0, 0, round(w), round(h))
        r.center = (round(self.pos[0]), round(self.pos[1] - self.lift))
        return r

    def hit(self, pos: tuple[float, float]) -> bool:
        return self.rect.collidepoint(pos)

    @property
    def moving(self) -> bool:
        return self._slide is not None or self._flip is not None

    def slide_to(
        self,
        target: tuple[float, float],
        animator: anim.Animator,
        duration: float = theme.SLIDE,
        delay: float = 0.0,
        arc: float = 30.0,
    ) -> anim.Tween:
        start = self.pos

        def done() -> None:
            self.pos = target
            self._slide = None

        tween = animator.add(duration, delay, anim.ease_out_cubic, done)
        if not tween.done:
            self._slide = (tween, start, target, arc)
        return tween

    def flip(
        self, face_up: bool, animator: anim.Animator, duration: float = theme.FLIP, delay: float = 0.0
    ) -> anim.Tween:
        def done() -> None:
            self.face_up = face_up
            self._flip = None

        tween = animator.add(duration, delay, anim.linear, done)
        if not tween.done:
            self._flip = (tween, face_up)
        return tween

    def current_pos(self) -> tuple[float, float]:
        if self._slide is None:
            return self.pos
        tween, start, target, arc = self._slide
        return anim.arc2(start, target, tween.t, arc)

    def draw(
        self, canvas: Canvas, highlight: bool = False, dim: bool = False, lift: float | None = None
    ) -> None:
        """Paint the card; ``lift`` raises it for this frame only (default: its own ``lift``)."""
        x, y = self.current_pos()
        w, h = self.size
        showing_face = self.face_up
        squash = 1.0
        if self._flip is not None:
            tween, target_up = self._flip
            t = tween.t
            squash = abs(1 - 2 * t)
            showing_face = target_up if t >= 0.5 else not target_up
        travelling = self._slide is not None and self._slide[0].duration > 0  # calm: no lift
        lift = (self.lift if lift is None else lift) + (8 if travelling else 0)
        r = pygame.Rect(0, 0, max(1, round(w * squash)), round(h))
        r.center = (round(x), round(y - lift))
        canvas.shadow_rect(r, radius=theme.CARD_RADIUS, offset=(3 + lift / 3, 5 + lift / 2))
        if highlight:
            canvas.glow(r, theme.HIGHLIGHT, radius=theme.CARD_RADIUS)
        sr = canvas.rect((x - w / 2, y - lift - h / 2, w, h))
        if showing_face:
            key = ("card", self.painter.__name__, self.face, sr.w, sr.h)
            img = assets.surface(key, lambda: self.painter(self.face, sr.w, sr.h).convert_alpha())
        else:
            img = assets.surface(("card-back", sr.w, sr.h), lambda: paint_back(sr.w, sr.h).convert_alpha())
        if squash < 0.999:
            img = pygame.transform.smoothscale(img, (max(1, round(sr.w * squash)), sr.h))
        if dim and squash >= 0.999:  # a dimmed face is made once, not per frame
            img = assets.surface(
                ("card-dim", key if showing_face else "back", sr.w, sr.h), lambda: _dimmed(img)
            )
        elif dim:
            img = _dimmed(img)
        canvas.surface.blit(img, img.get_rect(center=canvas.pt((x, y - lift))))
