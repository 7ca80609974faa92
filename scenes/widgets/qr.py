"""A QR code drawn with pygame, for a phone seat's address (made by segno, a pure-Python QR
library; the picture is cached per text and size, so a still table costs nothing)."""

from __future__ import annotations

from functools import lru_cache

import pygame

QUIET = 2  # modules of white border (the standard asks 4; 2 reads fine on a bright screen)
DARK, LIGHT = (20, 16, 12), (250, 246, 236)


@lru_cache(maxsize=32)
def qr_surface(text: str, side: int) -> pygame.Surface:
    """A square picture about ``side`` pixels wide whose modules are whole pixels (a blurred
    module is what makes a phone's camera fail)."""
    import segno

    code = segno.make(text, error="m")
    matrix = code.matrix
    modules = len(matrix) + 2 * QUIET
    scale = max(1, side // modules)
    surface = pygame.Surface((modules * scale, modules * scale))
    surface.fill(LIGHT)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                surface.fill(DARK, ((x + QUIET) * scale, (y + QUIET) * scale, scale, scale))
    return surface


def draw_qr(canvas, text: str, rect) -> pygame.Rect:
    """The code for ``text`` centred in a logical ``rect``, drawn in whole screen pixels."""
    r = canvas.rect(rect)
    picture = qr_surface(text, min(r.w, r.h))
    placed = picture.get_rect(center=r.center)
    canvas.surface.blit(picture, placed)
    return placed
