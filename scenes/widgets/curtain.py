"""The privacy curtain: hands the screen to the next player in pass-and-play.

It is opaque (nothing of the table is drawn under it) and the table only binds to the next
seat after it is dismissed, so no secret is on screen while the device changes hands.
"""

from __future__ import annotations

import pygame

from scenes import theme
from scenes.canvas import Canvas
from scenes.core import Scene


def _paint_drapes(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h))
    surf.fill((70, 12, 20))
    folds = 18
    for i in range(folds * 2):
        x0 = i * w / (folds * 2)
        shade = 0.75 + 0.25 * abs(((i % 4) - 1.5) / 1.5)
        c = (round(120 * shade), round(22 * shade), round(34 * shade))
        pygame.draw.rect(surf, c, (round(x0), 0, round(w / (folds * 2)) + 1, h))
    blurred = pygame.transform.smoothscale(
        pygame.transform.smoothscale(surf, (max(1, w // 8), max(1, h // 8))), (w, h)
    )
    pygame.draw.rect(blurred, theme.GOLD_DARK, (0, 0, w, max(4, h // 40)))
    pygame.draw.rect(blurred, theme.GOLD, (0, max(4, h // 40), w, max(2, h // 160)))
    return blurred.convert()


class PrivacyCurtain(Scene):
    """ "Pass to Anna. Click when only Anna is looking." Dismissed by click, Space or Enter."""

    opaque = True
    modal = True

    def __init__(self, name: str, reason: str = "") -> None:
        self.name = name
        self.reason = reason
        self._armed = False  # ignore the click that caused the curtain

    def enter(self) -> None:
        self._armed = False
        self._age = 0.0

    def resume(self, result=None) -> None:
        """Back from the rules (F1): the curtain stays up, and the key or click that closed them
        does not lift it."""
        self.enter()

    def update(self, dt: float) -> None:
        self._age += dt
        if self._age > 0.25:
            self._armed = True

    def handle(self, event: pygame.event.Event) -> bool:
        if not self._armed:
            return True
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
        ):
            self.dismiss(True)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.dismiss(False)
            return True
        return True

    def draw(self, canvas: Canvas) -> None:
        w, h = canvas.surface.get_size()
        from scenes import assets

        canvas.surface.blit(assets.surface(("drapes", w, h), lambda: _paint_drapes(w, h)), (0, 0))
        cx, cy = theme.LOGICAL_W / 2, theme.LOGICAL_H / 2
        plate = (cx - 380, cy - 150, 760, 300)
        canvas.shadow_rect(plate, radius=20)
        canvas.fill_rect((36, 24, 18, 235), plate, radius=20)
        canvas.fill_rect(theme.GOLD, plate, radius=20, width=3)
        canvas.text(
            f"Pass to {self.name}",
            (cx, cy - 90),
            58,
            theme.GOLD,
            role="title",
            anchor="center",
            max_width=700,
        )
        if self.reason:
            canvas.text(self.reason, (cx, cy - 20), 24, theme.WHITE, anchor="center", max_width=700)
        canvas.text(
            f"Click when only {self.name} is looking.",
            (cx, cy + 40),
            26,
            theme.BUTTON_TEXT,
            anchor="center",
            max_width=700,
        )
        canvas.text(
            "Esc: back to the game menu  ·  F1: rules", (cx, cy + 100), 18, (200, 180, 160), anchor="center"
        )
