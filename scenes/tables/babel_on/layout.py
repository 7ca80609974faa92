"""Where things lie on the Babel On! table: the felt, the side panel, the tower places for 2..6
seats, the hand tray, and the hit tests that turn a point into a block, a tower or a cell.

Pure geometry from the view: numbers and ``pygame.Rect`` only, no drawing and no scene.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from babel.games.babel_on.model import BabelView
from scenes.tables.babel_on import art

FELT = pygame.Rect(16, 66, 1244, 762)
AREA = pygame.Rect(28, 78, 1220, 742)
PX = 1274  # the side panel
PW = 310
DIE_POS = (PX + 52, 96)
BAG_POS = (PX + 62, 300)  # centre of the sack
TRAY = pygame.Rect(PX, 392, PW, 190)
TRAY_CUBE = 40
PLATE_H = 36
BUTTONS_Y = 594  # the Pass / End turn row; Turn view and Floor plan under it, Menu and Rules last
_HALF = (PW - 12) / 2
_CALL_W = (PW - 36) / 2  # the call buttons sit inside the die's paper
BUTTON_RECTS = {
    "even": (PX + 12, 158, _CALL_W, 44),
    "odd": (PX + 24 + _CALL_W, 158, _CALL_W, 44),
    "pass": (PX, BUTTONS_Y, _HALF, 42),
    "end": (PX + _HALF + 12, BUTTONS_Y, _HALF, 42),
    "rot": (PX, BUTTONS_Y + 46, _HALF, 36),
    "plan": (PX + _HALF + 12, BUTTONS_Y + 46, _HALF, 36),
}
MENU_ROW = (PX, BUTTONS_Y + 86, PW, 36)
TOOLS_ROW = (PX, 858, PW, 36)  # Undo and Hint, under the log (36 units: their labels hold 16 px)
LESSON_BOX = (330, 92, 600, 0)  # a lesson's words: wide and high over the table, above the towers
LOG_Y = 722
# the log's lines, in its paper: four rows of 25 units in view (16 px on a 1024x640 window)
LOG_RECT = pygame.Rect(PX + 10, LOG_Y + 6, PW - 12, 122)
LOG_STYLE = (14, 17)  # text size and row: the rows 1.2 times the words' height
PLAN_RECT = pygame.Rect(250, 110, 860, 640)

Point = tuple[float, float]
BlockAt = tuple[int, int, int]  # (tower, cell, floor)


def coach_anchor(places: Places, viewer: int | None) -> tuple[float, float, float]:
    """The coach note's (right, bottom, width): a bottom corner of the felt whose note would not
    cover the viewer's own tower (its name plate and the floors over it)."""
    width, bottom = 400, FELT.bottom - 12
    corners = (FELT.right - 12, FELT.x + 12 + width)
    for right in corners:
        note = pygame.Rect(right - width, bottom - 200, width, 200)
        if viewer is None or not note.colliderect(places.slot[viewer].union(places.plate[viewer])):
            return (right, bottom, width)
    return (corners[0], bottom, width)


def rows_for(n: int) -> list[int]:
    return {2: [2], 3: [3], 4: [2, 2], 5: [3, 2], 6: [3, 3]}.get(n, [n])


@dataclass(frozen=True)
class Places:
    """Tower origins, the cube size and the name plates for one number of seats."""

    cube: float
    origin: tuple[Point, ...]
    plate: tuple[pygame.Rect, ...]
    slot: tuple[pygame.Rect, ...]


def places_for(n: int) -> Places:
    """Tower origins, cube sizes and name plates for 2..6 seats."""
    rows = rows_for(n)
    row_h = AREA.h / len(rows)
    cube = min(min((row_h - PLATE_H - 24) / 6.05, AREA.w / count / 4.9, 78) for count in rows)
    origin, plate, slot = [], [], []
    for r, count in enumerate(rows):
        sw = AREA.w / count
        for i in range(count):
            s = pygame.Rect(round(AREA.x + i * sw), round(AREA.y + r * row_h), round(sw), round(row_h))
            bottom = s.bottom - 8
            pw = min(s.w - 24, 330)
            slot.append(s)
            plate.append(pygame.Rect(round(s.centerx - pw / 2), bottom - PLATE_H, round(pw), PLATE_H))
            origin.append((s.centerx + 0.35 * cube, bottom - PLATE_H - 10 - 1.3 * cube))
    return Places(cube, tuple(origin), tuple(plate), tuple(slot))


def pt(places: Places, rot: int, tower: int, x: float, y: float, z: float) -> Point:
    """A point of tower ``tower`` (block edges around its centre) on the screen."""
    ox, oy = places.origin[tower]
    px, py = art.project(x, y, z, places.cube, rot)
    return (ox + px, oy + py)


def block_pos(places: Places, rot: int, view: BabelView, tower: int, cell: int, floor: int) -> Point:
    """The centre of the block at (cell, floor) of ``tower`` as ``view`` has it."""
    col = view.towers[tower][cell]
    b = col[floor - 1] if 0 < floor <= len(col) else None
    x, y, z = art.block_centre(cell, floor, b.dx if b else 0, b.dy if b else 0)
    return pt(places, rot, tower, x, y, z)


def top_pos(
    places: Places, rot: int, view: BabelView, tower: int, cell: int, dx: float = 0, dy: float = 0
) -> Point:
    """Where a block added to this cell would sit (its centre)."""
    floor = len(view.towers[tower][cell]) + 1
    x, y, z = art.block_centre(cell, floor, dx, dy)
    return pt(places, rot, tower, x, y, z)


def tray_size(count: int) -> float:
    return TRAY_CUBE if count <= 12 else 30


def tray_slots(count: int) -> list[Point]:
    """Where the held blocks lie in the tray."""
    small = count > 12  # a big restoration: smaller cubes, eight to a row
    per = 8 if small else 6
    size = tray_size(count)
    step = size + (6 if small else 8)
    out = []
    for i in range(count):
        r, k = divmod(i, per)
        out.append((TRAY.x + 34 + k * step, TRAY.y + (50 if small else 58) + r * (size + 4)))
    return out


def bonus_slots() -> list[Point]:
    return [(TRAY.right - 72 + i * 44, TRAY.bottom - 34) for i in range(2)]


def blocks_of(
    view: BabelView, tower: int, hidden: frozenset[BlockAt] | set[BlockAt] = frozenset()
) -> list[art.Placed]:
    """The blocks of ``tower`` to draw, without those ``hidden`` (in flight)."""
    return [
        (cell, f, b.colour, b.dx, b.dy)
        for cell, col in enumerate(view.towers[tower])
        for f, b in enumerate(col, start=1)
        if (tower, cell, f) not in hidden
    ]


def block_at(places: Places, rot: int, view: BabelView, hidden, pos: Point) -> BlockAt | None:
    """The block under ``pos`` (the front one), or None."""
    c = places.cube
    for tower in range(view.players):
        ox, oy = places.origin[tower]
        if abs(pos[0] - ox) > 2.8 * c or not oy - 4.8 * c < pos[1] < oy + 1.2 * c:
            continue
        for cell, floor, _, dx, dy in reversed(art.ordered(blocks_of(view, tower, hidden), rot)):
            x, y, z = art.block_centre(cell, floor, dx, dy)
            poly = [(ox + px, oy + py) for px, py in art.hexagon(x, y, z, c, rot)]
            if art.inside(poly, pos):
                return (tower, cell, floor)
    return None


def tower_at(places: Places, pos: Point) -> int | None:
    for tower, slot in enumerate(places.slot):
        if slot.collidepoint(pos):
            return tower
    return None


def surface_pos(places: Places, rot: int, view: BabelView, tower: int, cell: int) -> Point:
    """The centre of the surface a block added to this cell rests on: the top of its column, or
    the slab where the cell's letter is printed (the middle of the glowing outline)."""
    x, y, _ = art.block_centre(cell, 0)
    return pt(places, rot, tower, x, y, len(view.towers[tower][cell]))


def _surface_poly(places: Places, rot: int, view: BabelView, tower: int, cell: int) -> list[Point]:
    x, y = surface_pos(places, rot, view, tower, cell)
    return art.top_rhombus(x, y, 0, places.cube)


def seen_cell(places: Places, rot: int, view: BabelView, pos: Point) -> tuple[int, int] | None:
    """The cell whose top surface is what shows at ``pos`` (an empty cell's slab with its
    letter, or the top face of a column), or None where a block's side or nothing is there."""
    c = places.cube
    for tower in range(view.players):
        ox, oy = places.origin[tower]
        if view.eliminated[tower] or abs(pos[0] - ox) > 2.8 * c or not oy - 4.8 * c < pos[1] < oy + 1.2 * c:
            continue
        for cell, floor, _, dx, dy in reversed(art.ordered(blocks_of(view, tower), rot)):
            x, y, z = art.block_centre(cell, floor, dx, dy)
            poly = [(ox + px, oy + py) for px, py in art.hexagon(x, y, z, c, rot)]
            if art.inside(poly, pos):  # the front block under the point: its top face, or a side
                top = floor == len(view.towers[tower][cell])
                hit = top and art.inside(_surface_poly(places, rot, view, tower, cell), pos)
                return (tower, cell) if hit else None
        for cell in range(4):
            if not view.towers[tower][cell] and art.inside(
                _surface_poly(places, rot, view, tower, cell), pos
            ):
                return (tower, cell)
    return None


def _on_surface(places: Places, rot: int, view: BabelView, pos: Point, targets) -> tuple[int, int] | None:
    """The target whose glowing outline (drawn over everything) holds ``pos``, nearest first."""
    inside = [t for t in targets if art.inside(_surface_poly(places, rot, view, *t), pos)]
    return min(inside, key=lambda t: math.dist(pos, surface_pos(places, rot, view, *t)), default=None)


def target_at(places: Places, rot: int, view: BabelView, pos: Point, targets) -> tuple[int, int] | None:
    """The (tower, cell) of ``targets`` a block let go at ``pos`` goes to: the target whose
    glowing outline holds the point; else the cell whose top shows there (None if that cell is
    no target: a letter on the slab names its own cell, never its neighbour); else, in the air
    over a tower, the target whose new block's centre is nearest (within a cube)."""
    targets = list(targets)
    hit = _on_surface(places, rot, view, pos, targets)
    if hit is not None:
        return hit
    seen = seen_cell(places, rot, view, pos)
    if seen is not None:
        return seen if seen in targets else None
    best, dist = None, places.cube * 0.95
    for tower, cell in targets:
        x, y = top_pos(places, rot, view, tower, cell)
        d = math.hypot(pos[0] - x, pos[1] - y)
        if d < dist:
            best, dist = (tower, cell), d
    return best


def offset_at(
    places: Places, rot: int, view: BabelView, pos: Point, tower: int, cell: int
) -> tuple[int, int]:
    """The drop point minus the cell's centre, in 1/40 block: on the cell's top surface when
    the point is on its outline, else on the plane of the new block's middle."""
    ox, oy = places.origin[tower]
    c = places.cube
    on_top = art.inside(_surface_poly(places, rot, view, tower, cell), pos)
    z = len(view.towers[tower][cell]) + (0 if on_top else 0.5)
    a = (pos[0] - ox) / (c / 2)
    b = (pos[1] - oy + z * c * art.ZH) / (c / 4)
    X, Y = (a + b) / 2, (b - a) / 2
    for _ in range((4 - rot) % 4):
        X, Y = -Y, X
    x, y = X, -Y
    cx, cy, _ = art.block_centre(cell, 1)
    return (round((x - cx) * 40), round((y - cy) * 40))


def drop_point(places: Places, rot: int, view: BabelView, tower: int, cell: int) -> Point:
    """A point where a block let go lands on this cell: the middle of its outline, or of the
    new block, or a point near them (the cell's own top may hide behind a taller front column)."""
    cells = [(t, k) for t in range(view.players) if not view.eliminated[t] for k in range(4)]
    sx, sy = surface_pos(places, rot, view, tower, cell)
    tx, ty = top_pos(places, rot, view, tower, cell)
    c = places.cube
    tries = [(sx, sy), (tx, ty)] + [
        (tx + c * i / 8, ty + c * j / 8) for j in range(-6, 5) for i in (0, -1, 1, -2, 2, -3, 3)
    ]
    for p in tries:
        if target_at(places, rot, view, p, cells) == (tower, cell):
            return p
    return (sx, sy)


def grab_point(places: Places, rot: int, view: BabelView, hidden, block: BlockAt) -> Point | None:
    """A point where ``block`` can be grabbed (its centre, or a point nearer its edge where a
    block in front hides the centre), or None if it is hidden altogether."""
    tower, cell, floor = block
    b = view.towers[tower][cell][floor - 1]
    x, y, z = art.block_centre(cell, floor, b.dx, b.dy)
    ox, oy = places.origin[tower]
    cx, cy = art.project(x, y, z, places.cube, rot)
    hexa = art.hexagon(x, y, z, places.cube, rot)
    for px, py in [(cx, cy)] + [((cx * 2 + hx) / 3, (cy * 2 + hy) / 3) for hx, hy in hexa]:
        if block_at(places, rot, view, hidden, (ox + px, oy + py)) == block:
            return (ox + px, oy + py)
    return None


def tray_at(
    view: BabelView, tray_hand: list[int], actor: int | None, pos: Point
) -> tuple[str, int, Point] | None:
    """What lies in the tray at ``pos``: ("hand", colour, its place) for a held block,
    ("bonus", seat, its place) for one of the acting player's Bonus Blocks, else None."""
    if view.holder >= 0:
        size = tray_size(len(tray_hand))
        for colour, (x, y) in zip(tray_hand, tray_slots(len(tray_hand))):
            if abs(pos[0] - x) < size / 2 + 3 and abs(pos[1] - y) < size * 0.56 + 3:
                return ("hand", colour, (x, y))
    if actor is not None and view.bonus[actor] > 0:
        for x, y in bonus_slots()[: view.bonus[actor]]:
            if abs(pos[0] - x) < 22 and abs(pos[1] - y) < 24:
                return ("bonus", actor, (x, y))
    return None


def spot(point: Point | None, size: float) -> pygame.Rect | None:
    """A square of ``size`` centred on ``point`` (what a lesson's arrow points at)."""
    if point is None:
        return None
    r = pygame.Rect(0, 0, round(size), round(size))
    r.center = (round(point[0]), round(point[1]))
    return r


def lesson_clear(
    places: Places, rot: int, view: BabelView, plan_open: bool
) -> tuple[tuple[pygame.Rect, ...], tuple[pygame.Rect, ...]]:
    """What a lesson's words leave in sight: the prompt bar, the die, the hand tray, each tower
    (its blocks and a floor more) with its plate, or instead the floor plan while it is open; and
    where they can, the room each tower may grow into, the bag and the log."""
    c = places.cube
    need = [pygame.Rect(FELT.x, 12, FELT.w, 44), pygame.Rect(PX, 12, PW, 204), TRAY]
    rather = [pygame.Rect(PX, 226, PW, 156), pygame.Rect(PX, LOG_Y, PW, 110)]
    for t, ((ox, oy), plate) in enumerate(zip(places.origin, places.plate)):
        if plan_open:  # the plan hides the towers: their plates are all that shows
            rather.append(plate)
            continue
        w, h = (art.SURF_LEFT + art.SURF_RIGHT) * c, (art.SURF_TOP + art.SURF_BOTTOM) * c
        room = pygame.Rect(round(ox - art.SURF_LEFT * c), round(oy - art.SURF_TOP * c), round(w), round(h))
        rather.append(room.union(plate))
        corners = [
            (ox + px, oy + py)
            for cell, col in enumerate(view.towers[t])
            for px, py in art.hexagon(*art.block_centre(cell, len(col) + 1), c, rot)
        ]
        top = min(y for _, y in corners)
        need.append(pygame.Rect(room.x, round(top), room.w, plate.bottom - round(top)).union(plate))
    if plan_open:
        need.append(PLAN_RECT)
    return tuple(need), tuple(rather)
