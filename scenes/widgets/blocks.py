"""Isometric blocks: shaded cubes (top light, left mid, right dark) from pre-rendered sprites.

Used by the tower games. Each colour has a pattern mark too, so nations stay distinguishable for
colour-blind players. ``IsoGrid`` maps grid cells and heights to the screen and draws a set of
cubes back to front.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from scenes import assets, theme
from scenes.canvas import Canvas

Colour = tuple[int, int, int]


def _shade(c: Colour, f: float) -> Colour:
    return tuple(max(0, min(255, round(v * f))) for v in c)


def _mark(surf: pygame.Surface, pattern: str, centre: tuple[float, float], r: float, colour) -> None:
    """A small pattern mark on a face; every seat colour has its own."""
    cx, cy = centre
    w = max(1, round(r / 4))
    if pattern == "dots":
        for dx in (-r / 2, r / 2):
            pygame.draw.circle(surf, colour, (round(cx + dx), round(cy)), max(1, round(r / 4)))
    elif pattern == "stripes":
        for dx in (-r / 2, 0, r / 2):
            pygame.draw.line(surf, colour, (cx + dx - r / 4, cy + r / 2), (cx + dx + r / 4, cy - r / 2), w)
    elif pattern == "cross":
        pygame.draw.line(surf, colour, (cx - r / 2, cy - r / 2), (cx + r / 2, cy + r / 2), w)
        pygame.draw.line(surf, colour, (cx - r / 2, cy + r / 2), (cx + r / 2, cy - r / 2), w)
    elif pattern == "diamond":
        pygame.draw.polygon(
            surf, colour, [(cx, cy - r / 1.6), (cx + r / 1.6, cy), (cx, cy + r / 1.6), (cx - r / 1.6, cy)], w
        )
    elif pattern == "ring":
        pygame.draw.circle(surf, colour, (round(cx), round(cy)), max(2, round(r / 1.8)), w)
    elif pattern == "checks":
        q = r / 2.4
        for dx, dy in ((-1, -1), (1, 1)):
            pygame.draw.rect(
                surf,
                colour,
                (cx + (dx - 1) * q / 1 if dx > 0 else cx - 2 * q, cy - 2 * q if dy < 0 else cy, 2 * q, 2 * q),
            )
    elif pattern == "bars":
        pygame.draw.line(surf, colour, (cx - r / 2, cy - r / 4), (cx + r / 2, cy - r / 4), w)
        pygame.draw.line(surf, colour, (cx - r / 2, cy + r / 4), (cx + r / 2, cy + r / 4), w)
    elif pattern == "wave":
        pts = [(cx - r / 2 + i * r / 6, cy + (r / 5 if i % 2 else -r / 5)) for i in range(7)]
        pygame.draw.lines(surf, colour, False, pts, w)
    elif pattern == "star":
        pygame.draw.line(surf, colour, (cx, cy - r / 2), (cx, cy + r / 2), w)
        pygame.draw.line(surf, colour, (cx - r / 2, cy), (cx + r / 2, cy), w)
        pygame.draw.line(surf, colour, (cx - r / 3, cy - r / 3), (cx + r / 3, cy + r / 3), w)


def paint_cube(colour: Colour, pattern: str, px: int, outline: Colour | None = None) -> pygame.Surface:
    """One isometric cube ``px`` wide: a rhombus top and two side faces, outlined."""
    w = px
    h_top = px / 2
    side = px * 0.62
    surf = pygame.Surface((w + 2, round(h_top + side) + 2), pygame.SRCALPHA)
    cx = w / 2
    top = [(cx, 0), (w, h_top / 2), (cx, h_top), (0, h_top / 2)]
    left = [(0, h_top / 2), (cx, h_top), (cx, h_top + side), (0, h_top / 2 + side)]
    right = [(cx, h_top), (w, h_top / 2), (w, h_top / 2 + side), (cx, h_top + side)]
    pygame.draw.polygon(surf, _shade(colour, 1.12), top)
    pygame.draw.polygon(surf, _shade(colour, 0.86), left)
    pygame.draw.polygon(surf, _shade(colour, 0.62), right)
    edge = outline or ((0, 0, 0) if theme.CONTRAST == "high" else _shade(colour, 0.35))
    lw = max(1, px // 40) * theme.OUTLINE
    for poly in (top, left, right):
        pygame.draw.polygon(surf, edge, poly, lw)
    if pattern != "plain":
        mark = _shade(colour, 0.45) if sum(colour) > 300 else _shade(colour, 1.9)
        _mark(surf, pattern, (cx * 0.5, h_top * 0.75 + side / 2), px / 6, mark)
        _mark(surf, pattern, (cx * 1.5, h_top * 0.75 + side / 2), px / 6, mark)
    return surf


def paint_dot(colour: Colour, pattern: str, px: int) -> pygame.Surface:
    """A seat's round token ``px`` across: its colour with its pattern mark, outlined, so the seat
    is told apart without its colour (colour-blind players, high contrast)."""
    surf = pygame.Surface((px + 2, px + 2), pygame.SRCALPHA)
    c = (px + 2) / 2
    pygame.draw.circle(surf, colour, (c, c), px / 2)
    edge = (0, 0, 0) if theme.CONTRAST == "high" else _shade(colour, 0.35)
    pygame.draw.circle(surf, edge, (c, c), px / 2, max(1, px // 12) * theme.OUTLINE)
    if pattern != "plain":
        mark = _shade(colour, 0.45) if sum(colour) > 300 else _shade(colour, 1.9)
        _mark(surf, pattern, (c, c), px / 2.6, mark)
    return surf


@dataclass(frozen=True)
class Cube:
    """A cube at grid cell (gx, gy) and height gz, with optional fine offset in cube units."""

    gx: float
    gy: float
    gz: float
    colour: Colour
    pattern: str = "plain"
    highlight: bool = False
    alpha: int = 255


class IsoGrid:
    """An isometric grid anchored at ``origin`` (logical point of cell (0,0)'s top corner)."""

    def __init__(self, origin: tuple[float, float], cube: float) -> None:
        self.origin = origin
        self.cube = cube  # logical cube width

    def project(self, gx: float, gy: float, gz: float) -> tuple[float, float]:
        """Logical position of the top corner of the cube at (gx, gy, gz)."""
        c = self.cube
        ox, oy = self.origin
        return (ox + (gx - gy) * c / 2, oy + (gx + gy) * c / 4 - gz * c * 0.62)

    def cell_polygon(self, gx: float, gy: float, gz: float = 0) -> list[tuple[float, float]]:
        """The rhombus of a cell's floor at height gz (for highlights and hit tests)."""
        c = self.cube
        x, y = self.project(gx, gy, gz)
        y += c * 0.62 + 0  # floor of that level is at the cube's bottom
        return [(x, y), (x + c / 2, y + c / 4), (x, y + c / 2), (x - c / 2, y + c / 4)]

    def draw(self, canvas: Canvas, cubes: Iterable[Cube]) -> None:
        """Draw cubes back to front: by height, then depth."""
        px = canvas.px(self.cube)
        for cube in sorted(cubes, key=lambda q: (q.gz, q.gx + q.gy, q.gx)):
            x, y = self.project(cube.gx, cube.gy, cube.gz)
            key = ("cube", cube.colour, cube.pattern, px)
            img = assets.surface(key, lambda c=cube: paint_cube(c.colour, c.pattern, px).convert_alpha())
            pos = canvas.pt((x - self.cube / 2, y))
            if cube.alpha < 255:
                img = img.copy()
                img.set_alpha(cube.alpha)
            canvas.surface.blit(img, pos)
            if cube.highlight:
                top = [
                    (x, y),
                    (x + self.cube / 2, y + self.cube / 4),
                    (x, y + self.cube / 2),
                    (x - self.cube / 2, y + self.cube / 4),
                ]
                canvas.polygon(theme.HIGHLIGHT, top, width=3 * theme.OUTLINE)

    def shadow(self, canvas: Canvas, gx: float, gy: float, w: float = 1, d: float = 1) -> None:
        """A soft shadow on the table under a footprint of w x d cells."""
        pts = [
            self.project(gx, gy, -1),
            self.project(gx + w, gy, -1),
            self.project(gx + w, gy + d, -1),
            self.project(gx, gy + d, -1),
        ]
        pts = [(x + 8, y + 10) for x, y in pts]
        canvas.polygon((0, 0, 0), pts)
