"""The solitaire's pieces: piecepack tiles with their suits drawn as shapes, cards, and a stack of them.

Piecepack suits: Suns (a rayed disc), Moons (a crescent), Crowns (a three-pointed crown) and
Arms (a fleur-de-lis), each in its own colour too; values are numerals, null shown as 0 and
ace as A. Cards reuse the shared French card painter.
"""

from __future__ import annotations

import math

import pygame

from babel.games.solitaire.deals import Variant
from scenes import assets, theme
from scenes.canvas import Canvas
from scenes.tables.solitaire.layout import Geometry
from scenes.widgets.cards import paint_back, paint_french

TILE_FACE = (236, 224, 196)
TILE_EDGE = (92, 70, 44)
SUIT_COLOURS = {"S": (200, 60, 30), "M": (40, 48, 70), "C": (30, 120, 70), "A": (40, 90, 170)}
TILE_VALUES = {"n": "0", "a": "A", "2": "2", "3": "3", "4": "4", "5": "5"}


def draw_suit(surf: pygame.Surface, suit: str, centre: tuple[float, float], r: float, colour) -> None:
    """One piecepack suit symbol of radius ``r``."""
    cx, cy = centre
    if suit == "S":  # Suns: disc with rays
        for k in range(12):
            a = k * math.pi / 6
            inner, outer = r * 0.62, r * (1.0 if k % 2 == 0 else 0.85)
            pygame.draw.line(
                surf,
                colour,
                (cx + inner * math.cos(a), cy + inner * math.sin(a)),
                (cx + outer * math.cos(a), cy + outer * math.sin(a)),
                max(1, round(r / 7)),
            )
        pygame.draw.circle(surf, colour, (round(cx), round(cy)), round(r * 0.55))
    elif suit == "M":  # Moons: crescent
        pygame.draw.circle(surf, colour, (round(cx), round(cy)), round(r * 0.85))
        pygame.draw.circle(surf, TILE_FACE, (round(cx + r * 0.38), round(cy - r * 0.2)), round(r * 0.72))
    elif suit == "C":  # Crowns: band with three points
        w, h = r * 1.7, r * 1.2
        x0, y0 = cx - w / 2, cy - h / 2
        pts = [
            (x0, y0 + h),
            (x0, y0 + h * 0.25),
            (x0 + w * 0.25, y0 + h * 0.6),
            (x0 + w * 0.5, y0),
            (x0 + w * 0.75, y0 + h * 0.6),
            (x0 + w, y0 + h * 0.25),
            (x0 + w, y0 + h),
        ]
        pygame.draw.polygon(surf, colour, pts)
        for px in (x0, x0 + w * 0.5, x0 + w):
            py = y0 + (h * 0.25 if px != x0 + w * 0.5 else 0)
            pygame.draw.circle(surf, colour, (round(px), round(py)), max(2, round(r / 7)))
    else:  # Arms: fleur-de-lis
        petal = r * 0.42
        pygame.draw.ellipse(surf, colour, (cx - petal / 2, cy - r, petal, r * 1.3))
        pygame.draw.ellipse(surf, colour, (cx - r * 0.95, cy - r * 0.45, r * 0.75, petal * 1.1))
        pygame.draw.ellipse(surf, colour, (cx + r * 0.2, cy - r * 0.45, r * 0.75, petal * 1.1))
        pygame.draw.rect(surf, colour, (cx - r * 0.7, cy + r * 0.15, r * 1.4, r * 0.22))
        pygame.draw.polygon(
            surf, colour, [(cx - r * 0.25, cy + r * 0.35), (cx + r * 0.25, cy + r * 0.35), (cx, cy + r)]
        )


def paint_tile(code: str, w: int, h: int) -> pygame.Surface:
    """A square piecepack tile: ivory face, suit shape in the middle, value in two corners."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(3, w // 9)
    pygame.draw.rect(surf, TILE_FACE, surf.get_rect(), 0, rad)
    pygame.draw.rect(surf, TILE_EDGE, surf.get_rect(), max(1, w // 40), rad)
    inner = surf.get_rect().inflate(-w // 8, -h // 8)
    pygame.draw.rect(surf, (*SUIT_COLOURS[code[1]], 70), inner, max(1, w // 60), rad // 2)
    value, suit = code[0], code[1]
    colour = SUIT_COLOURS[suit]
    draw_suit(surf, suit, (w * 0.5, h * 0.56), w * 0.24, colour)
    f = assets.font("sans_bold", max(7, h // 4))
    text = f.render(TILE_VALUES[value], True, theme.INK)
    surf.blit(text, (w // 10, h // 16))
    flipped = pygame.transform.rotate(text, 180)
    surf.blit(flipped, (w - w // 10 - flipped.get_width(), h - h // 16 - flipped.get_height()))
    return surf


def paint_card(code: str, w: int, h: int) -> pygame.Surface:
    rank = "10" if code[0] == "T" else code[0]
    return paint_french(rank + code[1], w, h)


def paint_tile_back(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(3, w // 9)
    pygame.draw.rect(surf, (96, 62, 36), surf.get_rect(), 0, rad)
    pygame.draw.rect(surf, (52, 32, 18), surf.get_rect(), max(1, w // 40), rad)
    step = max(4, w // 7)
    for i in range(-h, w + h, step):
        pygame.draw.line(surf, (120, 80, 48), (i, 0), (i + h, h), max(1, w // 50))
    inner = surf.get_rect().inflate(-w // 4, -h // 4)
    pygame.draw.rect(surf, theme.GOLD_DARK, inner, max(1, w // 40), rad // 2)
    return surf


def piece_painter(variant: Variant):
    return paint_tile if variant is Variant.TILES else paint_card


def draw_piece(
    canvas: Canvas,
    geo: Geometry,
    code: str | None,
    centre: tuple[float, float],
    lift: float = 0,
    depth: int = 0,
    glow: bool = False,
    dim: bool = False,
) -> None:
    """One stack: ``depth`` pieces under the top one shown as edges, then the top face (``code``
    None: a piece face down)."""
    variant = geo.variant
    w, h = geo.size
    x, y = centre[0], centre[1] - lift
    r = pygame.Rect(round(x - w / 2), round(y - h / 2), w, h)
    canvas.shadow_rect(r, radius=10, offset=(3 + lift / 3 + depth, 5 + lift / 2 + depth))
    for k in range(min(depth, 5), 0, -1):
        canvas.fill_rect((70, 52, 34), r.move(k * 2, k * 2), radius=10)
        canvas.fill_rect((150, 128, 96), r.move(k * 2, k * 2), radius=10, width=1)
    if glow:
        canvas.glow(r, theme.HIGHLIGHT, radius=10)
    sr = canvas.rect(r)
    if code is None:
        paint = paint_tile_back if variant is Variant.TILES else paint_back
        img = assets.surface(
            ("sol-back", variant.value, sr.w, sr.h), lambda: paint(sr.w, sr.h).convert_alpha()
        )
    else:
        img = assets.surface(
            ("sol", variant.value, code, sr.w, sr.h),
            lambda: piece_painter(variant)(code, sr.w, sr.h).convert_alpha(),
        )
    if dim:
        img = img.copy()
        img.fill((165, 165, 165, 255), special_flags=pygame.BLEND_RGBA_MULT)
    canvas.surface.blit(img, sr.topleft)
