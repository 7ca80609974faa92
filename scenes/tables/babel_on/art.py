"""Babel On! drawing helpers: nation colours, the isometric projection of a tower (rotatable by
90 degrees), cached tower surfaces with their floor ladder, tumbling cubes drawn from their
projected corners, and the floor-by-floor plan.

Units: a tower's blocks live in block edges around the tower's centre at table level (x to the
right, y to the back, z up), as the engine's README and the fall frames give them. ``project``
maps such a point to logical screen offsets for a cube edge of ``c`` logical pixels.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence

import pygame

from babel.games.babel_on.structure import CELLS
from scenes import assets, seat_colours, theme
from scenes.canvas import Canvas
from scenes.tables.babel_on import depth, solid
from scenes.widgets import wood

# The nations' looks (colour, name, pattern) live with the seat colours players choose from.
NATION_RGB, NATION_NAMES, NATION_PATTERN = (
    seat_colours.NATION_RGB,
    seat_colours.NATION_NAMES,
    seat_colours.NATION_PATTERN,
)
NEUTRAL_PATTERN = "bars"
PITCH = 1.0  # cell spacing in block edges (physics.PITCH / physics.BLOCK: the cubes touch)
ZH = 0.62  # a cube's side height per edge on screen (scenes.widgets.blocks)


def shown(colour: int) -> int:
    """The nation look a nation is drawn and named with: the colour its player chose at setup
    (``scenes.seat_colours``; nation ``k`` is seat ``k``'s). The engine's nation names stay
    internal to the rules (a ruling of this edition, in RULES.md)."""
    return seat_colours.index(colour) if colour >= 0 else colour


def colour_name(colour: int, neutral: int) -> str:
    """The name a block's colour goes by on the table: the chosen colour, or "stone"."""
    return "stone" if colour == neutral else NATION_NAMES[shown(colour)]


def block_look(colour: int, neutral: int) -> tuple[tuple[int, int, int], str]:
    if colour == neutral:
        return theme.NEUTRAL_BLOCK, NEUTRAL_PATTERN
    return NATION_RGB[shown(colour)], NATION_PATTERN[shown(colour)]


def looks() -> tuple[int, ...]:
    """The nations' looks now (part of every cached picture's key: a rematch with other colours
    must not reuse the old pictures)."""
    return tuple(shown(c) for c in range(len(NATION_RGB)))


def cube_sprite(colour: int, neutral: int, px: int, grain: int = 0) -> pygame.Surface:
    """A block standing upright, ``px`` wide: painted wood in its colour with its pattern."""
    rgb, pattern = block_look(colour, neutral)
    key = ("bo-wood", rgb, pattern, px, grain, theme.GENERATION)
    return assets.surface(key, lambda: _converted(wood.sprite(rgb, pattern, px, grain)))


def _converted(surf: pygame.Surface) -> pygame.Surface:
    return surf.convert_alpha() if pygame.display.get_surface() else surf


def cell_xy(cell: int) -> tuple[int, int]:
    return cell % 2, cell // 2


def block_centre(cell: int, floor: int, dx: float = 0, dy: float = 0) -> tuple[float, float, float]:
    xi, yi = cell_xy(cell)
    return ((xi - 0.5) * PITCH + dx / 40, (yi - 0.5) * PITCH + dy / 40, floor - 0.5)


def view_xy(x: float, y: float, rot: int) -> tuple[float, float]:
    """World x/y (y to the back) to view X/Y (X+Y larger = nearer), turned by rot * 90 degrees."""
    X, Y = x, -y
    for _ in range(rot % 4):
        X, Y = -Y, X
    return X, Y


def project(x: float, y: float, z: float, c: float, rot: int) -> tuple[float, float]:
    X, Y = view_xy(x, y, rot)
    return ((X - Y) * c / 2, (X + Y) * c / 4 - z * c * ZH)


def hexagon(x: float, y: float, z: float, c: float, rot: int) -> list[tuple[float, float]]:
    """The outline of an upright cube centred at (x, y, z), as logical offsets."""
    cx, cy = project(x, y, z, c, rot)
    top = cy - c / 4 - c * ZH / 2
    return [
        (cx, top),
        (cx + c / 2, top + c / 4),
        (cx + c / 2, top + c / 4 + c * ZH),
        (cx, top + c / 2 + c * ZH),
        (cx - c / 2, top + c / 4 + c * ZH),
        (cx - c / 2, top + c / 4),
    ]


def top_rhombus(x: float, y: float, z: float, c: float) -> list[tuple[float, float]]:
    """The rhombus of a horizontal unit square centred at logical (x, y) offsets (z unused)."""
    return [(x, y - c / 4), (x + c / 2, y), (x, y + c / 4), (x - c / 2, y)]


def inside(poly: Sequence[tuple[float, float]], p: tuple[float, float]) -> bool:
    """Point in a convex polygon (either winding)."""
    sign = 0
    n = len(poly)
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        cross = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)
        if cross:
            s = 1 if cross > 0 else -1
            if sign and s != sign:
                return False
            sign = s
    return True


# A placed block for drawing: (cell, floor, colour, dx, dy).
Placed = tuple[int, int, int, int, int]


def ordered(blocks: Iterable[Placed], rot: int) -> list[Placed]:
    """Back to front: the painter's order of the blocks where they stand (``depth``)."""
    return list(_ordered(tuple(blocks), rot))


@functools.lru_cache(maxsize=64)
def _ordered(blocks: tuple[Placed, ...], rot: int) -> tuple[Placed, ...]:
    """``ordered``, remembered: hit tests ask for the same tower on every move of the mouse."""
    bodies = [depth.body(*block_centre(b[0], b[1], b[3], b[4]), 0.0, 0.0, rot) for b in blocks]
    return tuple(blocks[i] for i in depth.painter_order(bodies))


# Bounds of a tower surface around its origin, in cube edges.
SURF_LEFT, SURF_RIGHT, SURF_TOP, SURF_BOTTOM = 3.1, 2.0, 4.75, 1.25


def tower_surface(
    blocks: tuple[Placed, ...],
    neutral: int,
    rot: int,
    scale: float,
    c: float,
    ladder: tuple[tuple[int, int, bool, bool], ...],
    pickable: frozenset[tuple[int, int]],
    parts: str = "all",
) -> pygame.Surface:
    """The static tower (shadow, base, cubes, floor ladder) at screen resolution, cached.

    ``ladder``: per floor 1..6 (blocks on it, complete, protected, perfect); ``pickable``:
    (cell, floor) of blocks the current player may pick up (outlined); ``parts``: "all", or
    "base" (shadow, slab, letters and ladder: what stays put while the tower moves) or "cubes".
    """
    key = ("bo-tower", blocks, neutral, looks(), rot, round(scale * 1000), c, ladder, pickable, parts)
    return assets.surface(key, lambda: _paint_tower(blocks, neutral, rot, scale, c, ladder, pickable, parts))


def _paint_tower(blocks, neutral, rot, scale, c, ladder, pickable, parts="all") -> pygame.Surface:
    cpx = c * scale
    w = math.ceil((SURF_LEFT + SURF_RIGHT) * cpx)
    h = math.ceil((SURF_TOP + SURF_BOTTOM) * cpx)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    ox, oy = SURF_LEFT * cpx, SURF_TOP * cpx
    if parts != "cubes":
        _paint_base(surf, blocks, rot, scale, c)
    if parts != "base":
        _paint_cubes(surf, blocks, neutral, rot, scale, c, pickable)
    if parts != "cubes":
        _paint_ladder(surf, (ox, oy), scale, c, ladder)
    return surf.convert_alpha() if pygame.display.get_surface() else surf


def _paint_base(surf: pygame.Surface, blocks, rot: int, scale: float, c: float) -> None:
    """The stone slab with the cell letters, and the tower's shadow on the felt."""
    cpx = c * scale
    w, h = surf.get_size()
    ox, oy = SURF_LEFT * cpx, SURF_TOP * cpx

    def pt(p):
        return (ox + p[0] * scale, oy + p[1] * scale)

    # the stone base slab and the tower's shadow
    e = PITCH + 0.62
    base = [project(sx * e, sy * e, 0, c, rot) for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    shadow = pygame.Surface((w, h), pygame.SRCALPHA)
    height = max((b[1] for b in blocks), default=0)
    sh = [(x + (10 + 5 * height) * scale * c / 60, y + 6 * scale * c / 60) for x, y in (pt(p) for p in base)]
    pygame.draw.polygon(shadow, (0, 0, 0, 70), sh)
    surf.blit(shadow, (0, 0))
    pygame.draw.polygon(surf, (96, 88, 74), [pt(p) for p in base])
    lower = [(x, y + 0.12 * cpx) for x, y in (pt(p) for p in base)]
    pygame.draw.polygon(surf, (64, 58, 48), lower)
    pygame.draw.polygon(surf, (128, 118, 98), [pt(p) for p in base])
    pygame.draw.polygon(surf, (60, 52, 42), [pt(p) for p in base], max(1, round(scale)))
    # cell letters on the slab (visible where floor 1 is empty)
    lpx = max(8, round(0.34 * cpx))
    for cell in range(4):
        x, y, _ = block_centre(cell, 0)
        p = pt(project(x, y, 0, c, rot))
        txt = assets.text(CELLS[cell], "sans_bold", lpx, (70, 62, 50))
        surf.blit(txt, txt.get_rect(center=(round(p[0]), round(p[1]))))


def _paint_cubes(
    surf: pygame.Surface, blocks, neutral: int, rot: int, scale: float, c: float, pickable
) -> None:
    """The tower's blocks back to front with their contact shadows, the ones that may be picked
    up outlined."""
    cpx = c * scale
    ox, oy = SURF_LEFT * cpx, SURF_TOP * cpx
    pieces = [solid.still_piece(b[0], b[1], b[2], *block_centre(b[0], b[1], b[3], b[4]), rot) for b in blocks]
    offsets = {(b[0], b[1]): (b[3], b[4]) for b in blocks}
    width = max(1, round(1.6 * scale)) * theme.OUTLINE

    def outline(p: solid.Piece) -> None:
        if p.key in pickable:
            hexa = hexagon(*block_centre(*p.key, *offsets[p.key]), c, rot)
            pygame.draw.polygon(
                surf, theme.HIGHLIGHT, [(ox + x * scale, oy + y * scale) for x, y in hexa], width
            )

    painter = solid.Painter(
        surf, (ox, oy), cpx, lambda k, px, g: cube_sprite(k, neutral, px, g), lambda k: block_look(k, neutral)
    )
    painter.draw(pieces, outline)


def _paint_ladder(surf: pygame.Surface, origin, scale: float, c: float, ladder) -> None:
    """The floor ladder: one pill per floor, left of the tower, with a 2x2 mini plan of the floor."""
    cpx = c * scale
    ox, oy = origin
    lx = -(PITCH + 0.5) * c - 0.12 * c
    pill_w, pill_h = 1.0 * c, 0.5 * c
    fpx = max(8, round(0.3 * cpx))
    for f, (cells, complete, protected, perfect) in enumerate(ladder, start=1):
        count = sum(cells)
        cy = -(f - 0.5) * c * ZH
        r = pygame.Rect(0, 0, round(pill_w * scale), round(pill_h * scale))
        r.midright = (round(ox + lx * scale), round(oy + cy * scale))
        if complete:
            fill, ink = (70, 140, 82), theme.WHITE
        elif count:
            fill, ink = theme.PAPER_DARK, theme.INK
        else:
            fill, ink = (58, 50, 42), (140, 128, 110)
        pygame.draw.rect(surf, fill, r, 0, max(2, r.h // 3))
        edge = theme.GOLD if protected else (40, 32, 26)
        pygame.draw.rect(surf, edge, r, max(1, round((3 if protected else 1) * scale)), max(2, r.h // 3))
        t = assets.text(str(f), "sans_bold", fpx, ink)
        surf.blit(t, t.get_rect(center=(r.x + r.w * 0.3, r.centery)))
        q = max(2, round(r.h * 0.3))
        gx, gy = r.x + r.w * 0.58, r.centery - q - 1
        for cell, full in enumerate(cells):
            xi, yi = cell_xy(cell)
            sq = pygame.Rect(round(gx + xi * (q + 2)), round(gy + (1 - yi) * (q + 2)), q, q)
            if full:
                pygame.draw.rect(surf, ink, sq)
            else:
                pygame.draw.rect(surf, ink, sq, 1)
        if protected:
            _shield(surf, (r.x - 0.22 * cpx, r.centery - 0.03 * cpx), 0.16 * cpx)
        if perfect:
            star = assets.text("★", "sans_bold", fpx, theme.GOLD)
            surf.blit(star, star.get_rect(midleft=(r.right + round(2 * scale), r.centery)))


def _shield(surf: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    x, y = centre
    pts = [(x - r, y - r), (x + r, y - r), (x + r, y + 0.1 * r), (x, y + 1.3 * r), (x - r, y + 0.1 * r)]
    pygame.draw.polygon(surf, theme.GOLD, pts)
    pygame.draw.polygon(surf, theme.GOLD_DARK, pts, 1)


# -- moving blocks ------------------------------------------------------------------------------
def draw_tumbling(
    canvas: Canvas,
    origin: tuple[float, float],
    c: float,
    rot: int,
    cubes: Sequence[Sequence[float]],
    neutral: int,
    static: Sequence[Placed] = (),
) -> None:
    """Cubes (colour, x, y, z, ax, ay[, grain[, casts shadow]]) in block edges/radians among the ``static``
    blocks of their tower (drawn as at rest), all in the painter's order of where they are this
    frame, each with its contact shadow; a turned cube is drawn by its faces, wood grain and
    pattern mark turning with it (the colour-blind cue stays on while it moves)."""
    pieces = [solid.still_piece(b[0], b[1], b[2], *block_centre(b[0], b[1], b[3], b[4]), rot) for b in static]
    for q in cubes:
        grain = int(q[6]) if len(q) > 6 else 0
        shadow = bool(q[7]) if len(q) > 7 else True
        pieces.append(solid.moving_piece(int(q[0]), q[1], q[2], q[3], q[4], q[5], grain, rot, shadow))
    ox, oy = canvas.pt(origin)
    painter = solid.Painter(
        canvas.surface,
        (ox, oy),
        c * canvas.scale,
        lambda k, px, g: cube_sprite(k, neutral, px, g),
        lambda k: block_look(k, neutral),
    )
    painter.draw(pieces)


def frame_at(frames: Sequence, t: float) -> list:
    """The fall's entries at time t, interpolated between the recorded frames."""
    if not frames:
        return []
    if t <= frames[0][0]:
        return list(frames[0][1])
    for i in range(1, len(frames)):
        if frames[i][0] >= t:
            t0, a = frames[i - 1]
            t1, b = frames[i]
            f = (t - t0) / (t1 - t0) if t1 > t0 else 1.0
            return [
                [ea[0], ea[1]] + [ea[k] + (eb[k] - ea[k]) * f for k in range(2, 7)] for ea, eb in zip(a, b)
            ]
    return list(frames[-1][1])


# -- the floor-by-floor plan --------------------------------------------------------------------
def draw_plan(canvas: Canvas, r: pygame.Rect, tower, info, neutral: int, title: str, subtitle: str) -> None:
    """Six small 2x2 plans (floor 6 at the top), coloured by block, with each floor's state."""
    from scenes.widgets.basic import panel

    panel(canvas, r)
    canvas.text(
        title, (r.centerx, r.y + 14), 34, theme.GOLD, role="title_bold", anchor="midtop", max_width=r.w - 40
    )
    canvas.text(subtitle, (r.centerx, r.y + 58), 17, theme.PAPER_DARK, anchor="midtop", max_width=r.w - 40)
    cols, rows = 3, 2
    cw, ch = (r.w - 60) / cols, (r.h - 140) / rows
    sq = min(cw * 0.32, ch * 0.3)
    for f in range(6, 0, -1):
        i = 6 - f
        gx = r.x + 30 + (i % cols) * cw
        gy = r.y + 96 + (i // cols) * ch
        complete = f <= info.complete_floors
        count = sum(1 for col in tower if len(col) >= f)
        label = f"Floor {f}"
        state = "complete" if complete else (f"{count}/4" if count else "empty")
        if f in info.protected_floors:
            state += " · protected"
        if f <= info.perfect_floors:
            state += " · perfect ★"
        canvas.text(label, (gx + cw / 2, gy), 20, theme.WHITE, role="sans_bold", anchor="midtop")
        canvas.text(
            state,
            (gx + cw / 2, gy + 26),
            15,
            theme.GOLD if f in info.protected_floors else theme.PAPER_DARK,
            anchor="midtop",
            max_width=cw - 10,
        )
        x0 = gx + cw / 2 - sq - 3
        y0 = gy + 52
        for cell in range(4):
            xi, yi = cell_xy(cell)
            # c, d behind a, b: the plan shows the back row at the top
            rect = (x0 + xi * (sq + 6), y0 + (1 - yi) * (sq + 6), sq, sq)
            col = tower[cell]
            if len(col) >= f:
                b = col[f - 1]
                rgb, _ = block_look(b.colour, neutral)
                canvas.fill_rect(rgb, rect, radius=4)
                canvas.fill_rect(tuple(round(v * 0.4) for v in rgb), rect, radius=4, width=2)
                name = colour_name(b.colour, neutral)
                canvas.text(
                    name,
                    (rect[0] + sq / 2, rect[1] + sq / 2),
                    max(10, sq * 0.22),
                    tuple(round(v * 0.3) for v in rgb),
                    role="sans_bold",
                    anchor="center",
                    max_width=sq - 4,
                )
            else:
                canvas.fill_rect((70, 60, 50), rect, radius=4, width=2)
                canvas.text(
                    CELLS[cell],
                    (rect[0] + sq / 2, rect[1] + sq / 2),
                    sq * 0.4,
                    (110, 98, 84),
                    anchor="center",
                )
        if f in info.protected_floors:
            canvas.fill_rect(theme.GOLD, (x0 - 5, y0 - 5, 2 * sq + 16, 2 * sq + 16), radius=6, width=2)
