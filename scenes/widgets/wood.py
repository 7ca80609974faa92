"""Painted wooden blocks: a cube's faces in its colour with the wood's grain showing through the
paint, softened (bevelled) edges, a thin dark outline and its colour's pattern mark.

One painter serves the still blocks and the moving ones: ``draw_cube`` paints a cube from its
eight projected corners and its faces' normals as the viewer sees them, and the still sprite
(``sprite``) is that painter applied to an upright cube at twice the size and smoothed down, so
a block looks the same at rest and when it starts to move. The grain is fixed in the block: the
long grain runs along the view's X edge on the top and the left face, the right face shows the
end grain (the growth rings), and it turns with the block. A few grain variants (``VARIANTS``)
keep neighbouring blocks from looking stamped; their lines are made once, never per frame.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache

import pygame

from scenes import theme
from scenes.widgets.blocks import _mark, _shade

Colour = tuple[int, int, int]
Point = tuple[float, float]
VARIANTS = 4
PAINT = 0.86  # how much of a face is the paint's colour (the rest is the wood under it)
WOOD = (196, 160, 112)
ZH = 0.62

# The unit cube: corners (x, y, z) = +-0.5 in this order, and its faces as (corner indices in a
# cycle, outward normal). In view coordinates: X to the right-front, Y to the left-front, z up.
CORNERS = [(sx * 0.5, sy * 0.5, sz * 0.5) for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]
FACES = (
    ((1, 3, 7, 5), (0, 0, 1)),
    ((0, 4, 6, 2), (0, 0, -1)),
    ((4, 5, 7, 6), (1, 0, 0)),
    ((0, 2, 3, 1), (-1, 0, 0)),
    ((2, 6, 7, 3), (0, 1, 0)),
    ((0, 1, 5, 4), (0, -1, 0)),
)
TOWARD = (1.24, 1.24, 1.0)  # towards the viewer (not normalised)


def paint(rgb: Colour) -> Colour:
    """The block's paint: its colour with a little of the wood under it."""
    return tuple(round(c * PAINT + w * (1 - PAINT)) for c, w in zip(rgb, WOOD))  # type: ignore[return-value]


@cache
def face_uv(face: int) -> tuple[int, int, int, int]:
    """A face's corners as (u0v0, u1v0, u1v1, u0v1) in the block's own axes: u along X for the
    long-grain faces (Y and z normals), along Y for the end-grain faces (X normals)."""
    idx, normal = FACES[face]
    if normal[0]:
        u, v = 1, 2
    else:
        u, v = 0, (2 if normal[1] else 1)
    by = {(CORNERS[i][u] > 0, CORNERS[i][v] > 0): i for i in idx}
    return by[False, False], by[True, False], by[True, True], by[False, True]


@cache
def grain(variant: int, end: bool) -> tuple[tuple[tuple[float, float], ...], ...]:
    """The grain lines of a face as polylines in (u, v) 0..1: gently waving lines along u, or for
    end grain arcs of growth rings round a pith off the face's corner."""
    rng = random.Random(7919 * variant + (1 if end else 0))
    lines = []
    if end:  # growth rings round a pith near one corner: clearly curved, never a straight stripe
        cu, cv = rng.uniform(-0.12, 0.12), rng.uniform(-0.12, 0.12)
        r = rng.uniform(0.18, 0.26)
        while r < 1.5:
            pts = []
            for k in range(13):
                a = k / 12 * math.pi / 2
                u, v = cu + r * math.cos(a), cv + r * math.sin(a)
                if 0.03 <= u <= 0.97 and 0.03 <= v <= 0.97:
                    pts.append((u, v))
            if len(pts) >= 3:
                lines.append(tuple(pts))
            r += rng.uniform(0.17, 0.24)
        return tuple(lines)
    v = rng.uniform(0.06, 0.18)
    while v < 0.95:
        amp, phase, freq = rng.uniform(0.01, 0.04), rng.uniform(0, 6.28), rng.uniform(1.5, 3.5)
        lines.append(tuple((u / 6, v + amp * math.sin(phase + freq * u / 6 * 6.28)) for u in range(7)))
        v += rng.uniform(0.14, 0.26)
    return tuple(lines)


def _inset(quad: Sequence[Point], k: float) -> list[Point]:
    cx = sum(p[0] for p in quad) / 4
    cy = sum(p[1] for p in quad) / 4
    return [(x + (cx - x) * k, y + (cy - y) * k) for x, y in quad]


def shade_of(nv: Sequence[float]) -> float:
    """Light from above and the left: top 1.12, left (+Y) 0.86, right (+X) 0.62."""
    s = 0.62 * max(0.0, nv[0]) ** 2 + 0.86 * max(0.0, nv[1]) ** 2 + 1.12 * max(0.0, nv[2]) ** 2
    return s + 0.5 * (min(0.0, nv[0]) ** 2 + min(0.0, nv[1]) ** 2 + min(0.0, nv[2]) ** 2)


def draw_cube(
    surf: pygame.Surface,
    pts: Sequence[Point],
    normals: Sequence[Sequence[float]],
    rgb: Colour,
    pattern: str,
    variant: int,
    px: float,
) -> None:
    """A wooden cube from its eight projected corners (``CORNERS`` order) and its six faces'
    outward normals in view coordinates; ``px`` is its width on the surface (the line sizes)."""
    base = paint(rgb)
    lw = max(1, round(px / 48)) * theme.OUTLINE
    edge = (0, 0, 0) if theme.CONTRAST == "high" else _shade(rgb, 0.32)
    seen = []
    for f, (_, _) in enumerate(FACES):
        nv = normals[f]
        facing = nv[0] * TOWARD[0] + nv[1] * TOWARD[1] + nv[2] * TOWARD[2]
        if facing > 0.02:
            seen.append((f, nv, facing))
    up = max(seen, key=lambda s: s[1][2])[0] if seen else -1
    for f, nv, facing in seen:
        quad = [pts[i] for i in face_uv(f)]
        shade = shade_of(nv)
        col = _shade(base, shade)
        pygame.draw.polygon(surf, col, quad)
        end = FACES[f][1][0] != 0
        quiet = 0.06 if theme.CONTRAST == "high" else 0.0  # fainter grain beside the strong outlines
        ink = _shade(base, shade * ((0.84 if end else 0.86) + quiet))
        gw = max(1, round(px / 60))
        (ax, ay), (bx, by), _, (dx, dy) = quad
        ux, uy, vx, vy = bx - ax, by - ay, dx - ax, dy - ay
        for line in grain(variant, end):  # the face's (u, v) mapped onto its parallelogram
            pygame.draw.lines(
                surf, ink, False, [(ax + u * ux + v * vx, ay + u * uy + v * vy) for u, v in line], gw
            )
        # the softened edge: a light band just inside each face's rim, the rim itself darker
        pygame.draw.polygon(
            surf, _shade(base, shade * 1.16 + 0.06), _inset(quad, 0.07), max(1, round(px / 30))
        )
        if lw == 1:
            pygame.draw.aalines(surf, edge, True, quad)  # smooth rims on a turned block
        else:
            pygame.draw.polygon(surf, edge, quad, lw)
        if pattern != "plain" and f != up and facing > 0.25:
            mark = _shade(rgb, 0.45) if sum(rgb) > 300 else _shade(rgb, 1.9)
            cx = sum(p[0] for p in quad) / 4
            cy = sum(p[1] for p in quad) / 4
            _mark(surf, pattern, (cx, cy), px / 6, mark)


def upright_corners(px: float, left: float = 0.0, top: float = 0.0) -> list[Point]:
    """The projected corners of an upright cube ``px`` wide whose top vertex is at
    (left + px / 2, top)."""
    cx, cy = left + px / 2, top + px / 4 + px * ZH / 2
    return [(cx + (x - y) * px / 2, cy + (x + y) * px / 4 - z * px * ZH) for x, y, z in CORNERS]


UPRIGHT_NORMALS = tuple(n for _, n in FACES)


def sprite(rgb: Colour, pattern: str, px: int, variant: int) -> pygame.Surface:
    """An upright wooden cube ``px`` wide (as ``blocks.paint_cube`` sizes it), painted at twice
    the size and smoothed down so its edges are soft."""
    big = 2 * px
    h = round(px / 2 + px * ZH) + 2
    surf = pygame.Surface((2 * (px + 2), 2 * h), pygame.SRCALPHA)
    draw_cube(surf, upright_corners(big, 2, 1), UPRIGHT_NORMALS, rgb, pattern, variant, big)
    return pygame.transform.smoothscale(surf, (px + 2, h))
