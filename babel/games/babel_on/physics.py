"""Tower physics for Babel On!: does a tower stand after a block is added or removed?

This is the only module of the project that imports pymunk. Everything here is a pure function
of plain numbers: the rules engine hands in a tower's block positions, the move and the mover's
disturbance, and gets back a ``Report`` (stands or falls, which blocks left their place, and the
recorded frames of their motion for the table to animate).

The model, and why
------------------
A Babel On! tower is a 2x2 grid of cubes, up to six floors. Pymunk is a 2D engine, so the tower
is simulated as **side views**: the x-z slice through the row of the touched cell (its two cells
seen from the front, with the blocks' x offsets) and the y-z slice through the touched cell's
column (seen from the side, with the y offsets). For axis-aligned boxes resting on boxes the
3D support question separates exactly into these two axes (a box's centre of mass lies over its
support rectangle if and only if it does so in x and in y), and two neighbouring columns brace
each other in the slice that contains both, which is what the mutual support of a 2x2 stack
mostly amounts to. A block that leaves its place in either slice has fallen. The two slices not
containing the touched cell receive no disturbance and were at rest before the move, so they are
not simulated; this halves the cost. Diagonal neighbours never interact (cubes at diagonal cells
touch at an edge at most).

Geometry: a block is ``BLOCK`` = 40 units wide; cells sit ``BLOCK + GAP`` apart, so a straight
tower has a thin gap between its columns; a placement offset (``dx``, ``dy``) is in whole units
(1/40 of a block), at most ``MAX_OFFSET`` either way. Floors are stacked exactly (floor f rests
at height ``(f - 1) * BLOCK``).

The disturbance ("shake", an integer 0..``MAX_SHAKE``) is the jolt of the mover's hand: the
tower's footing is pushed sideways with a half-sine velocity pulse whose peak grows with the
shake, pointing away from the tower's centre on the touched cell's side (the way a hand pulls a
block out, or nudges while placing). A base jolt is what makes tall, crooked towers riskier than
short straight ones: a high or off-centre centre of mass tips with a smaller push. Shake 0 (the
"steady hands" setting) still simulates gravity, so a block without support falls and a
crooked pile that cannot stand still falls.

Determinism: every check builds a fresh ``pymunk.Space`` from the exact block positions, in a
fixed order (slice by slice, cell by cell, floor by floor), and steps it with a fixed time step
and a fixed iteration count, so the same input gives the same report in any process (a space
restored with ``deepcopy`` would not replay like this; we never keep a space). Results are
memoised per process by their exact input, which is safe because the function is pure.

The verdict: a block has fallen when, relative to the footing's own movement, it drops more
than ``DROP_TOL`` of a block, slides more than ``SLIDE_TOL`` sideways, or tilts more than
``TILT_TOL`` radians. The check stops as soon as every body has come to rest (or a fall is
certain, when no frames are wanted), so a quiet move on a sound tower costs little.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pymunk

# -- geometry (units: 1/40 of a block edge) ---------------------------------------------------
BLOCK = 40.0
GAP = 2  # between neighbouring cells of a straight tower
PITCH = BLOCK + GAP
MAX_OFFSET = 8  # a hand places a block at most this many units off its cell's centre
MAX_SHAKE = 9  # disturbance levels 0..9
FLOORS = 6

# -- simulation tuning ----------------------------------------------------------------------
GRAVITY = 2000.0  # units/s^2: the blocks behave like 20 cm stones (slow enough to watch)
DT = 1.0 / 120.0
ITERATIONS = 20
DAMPING = 1.0  # fraction of velocity kept per second (1 = no air drag)
FRICTION = 0.7
GROUND_FRICTION = 0.9
SETTLE_MIN_TIME = 0.3  # never stop before the jolt is over and the tower had time to react
SETTLE_TIME = 1.0  # a quiet tower is judged after at most this long
FALL_TIME = 1.6  # how long a fall is recorded for the animation
CHECK_EVERY = 12  # steps (0.1 s) between verdict checks; a body that moved less than
# REST_MOVE since the last check is at rest
REST_MOVE = 2.0  # units per window (solver jitter at rest is ~0.2; a tall straight stack rocks ~1)
REST_TURN = 0.015  # radians per window
JOLT_TIME = 0.12  # s: length of the hand's jolt
JOLT_SPEED = 28.0  # units/s of peak footing speed per shake level
FRAME_EVERY = 4  # record a frame every 4 steps = 1/30 s

DROP_TOL = 0.25 * BLOCK
SLIDE_TOL = 0.4 * BLOCK
TILT_TOL = 0.3


@dataclass(frozen=True)
class Placed:
    """A block's place in a tower: cell 0..3 (a, b, c, d), floor 1..6, offsets in units.

    Cells: a = (0, 0), b = (1, 0), c = (0, 1), d = (1, 1) as (x index, y index).
    """

    cell: int
    floor: int
    dx: int = 0
    dy: int = 0


@dataclass(frozen=True)
class Report:
    """The verdict of one check.

    ``fallen``: the (cell, floor) places of the blocks that left their place, in the tower as it
    was simulated (after a removal, the blocks above the removed one keep their floor numbers).
    ``frames``: for a fall, one entry every 1/30 s: ``[t, [[cell, floor, x, y, z, ax, ay], ...]]``
    for the fallen blocks, in block units from the tower's centre at table level (z is the
    height of the block's centre) and radians (ax tilts in the x-z view, ay in the y-z view).
    """

    stands: bool
    fallen: tuple[tuple[int, int], ...] = ()
    frames: tuple = ()

    def to_data(self) -> dict:
        """Plain JSON values (lists, not tuples), as event data wants them."""
        return {
            "stands": self.stands,
            "fallen": [list(p) for p in self.fallen],
            "frames": [[t, [list(e) for e in entries]] for t, entries in self.frames],
        }


def cell_xy(cell: int) -> tuple[int, int]:
    """(x index, y index) of a cell 0..3."""
    return cell % 2, cell // 2


def centre(index: int) -> float:
    """The centre of column index 0 or 1 along an axis, in units from the tower's centre."""
    return (index - 0.5) * PITCH


# -- the simulation ---------------------------------------------------------------------------
def _simulate_slice(
    blocks: Sequence[tuple[int, int, int]],
    direction: int,
    shake: int,
    record: bool,
) -> tuple[list[bool], list[list[tuple[float, float, float]]]]:
    """Simulate one side view. ``blocks``: (column index 0/1, floor, offset) in a fixed order.

    Returns per block whether it fell, and (if ``record``) its (x, z, angle) every frame.
    """
    space = pymunk.Space()
    space.gravity = (0.0, -GRAVITY)
    space.iterations = ITERATIONS
    space.damping = DAMPING
    footing = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    ground = pymunk.Segment(footing, (-20 * BLOCK, 0.0), (20 * BLOCK, 0.0), 0.0)
    ground.friction = GROUND_FRICTION
    space.add(footing, ground)
    bodies: list[pymunk.Body] = []
    starts: list[tuple[float, float]] = []
    moment = pymunk.moment_for_box(1.0, (BLOCK, BLOCK))
    for col, floor, off in blocks:
        body = pymunk.Body(1.0, moment)
        x = centre(col) + off
        y = (floor - 0.5) * BLOCK
        body.position = (x, y)
        shape = pymunk.Poly.create_box(body, (BLOCK, BLOCK), 0.0)
        shape.friction = FRICTION
        shape.elasticity = 0.0
        space.add(body, shape)
        bodies.append(body)
        starts.append((x, y))
    n = len(bodies)
    fell = [False] * n
    frames: list[list[tuple[float, float, float]]] = [[] for _ in range(n)]
    peak = shake * JOLT_SPEED * direction
    jolt_steps = round(JOLT_TIME / DT)
    max_steps = round((FALL_TIME if record else SETTLE_TIME) / DT)
    settle_steps = round(SETTLE_TIME / DT)
    min_steps = round(SETTLE_MIN_TIME / DT)
    snapshot = [(b.position.x, b.position.y, b.angle) for b in bodies]
    for step in range(max_steps):
        if record and step % FRAME_EVERY == 0:
            for i, body in enumerate(bodies):
                px, py = body.position
                frames[i].append((px, py, body.angle))
        if peak and step <= jolt_steps:
            v = peak * math.sin(math.pi * (step + 0.5) / jolt_steps) if step < jolt_steps else 0.0
            footing.velocity = (v, 0.0)
        space.step(DT)
        if (step + 1) % CHECK_EVERY:
            continue
        # One read of every body per check: the fall verdict and the rest test together.
        base = footing.position.x
        now = []
        quiet = True
        for i, body in enumerate(bodies):
            px, py = body.position
            angle = body.angle
            now.append((px, py, angle))
            if not fell[i]:
                sx, sy = starts[i]
                if sy - py > DROP_TOL or abs(px - base - sx) > SLIDE_TOL or abs(angle) > TILT_TOL:
                    fell[i] = True
            if quiet:
                ox, oy, oa = snapshot[i]
                if abs(px - ox) >= REST_MOVE or abs(py - oy) >= REST_MOVE or abs(angle - oa) >= REST_TURN:
                    quiet = False
        snapshot = now
        if quiet and step + 1 >= min_steps:
            break
        if not record and any(fell):
            break
        if step + 1 >= settle_steps and not any(fell):
            break  # judged standing; nothing to record
    if record:
        for i, body in enumerate(bodies):
            frames[i].append((body.position.x, body.position.y, body.angle))
    return fell, frames


def _slice_members(places: Sequence[Placed], axis: str, index: int) -> list[tuple[int, Placed]]:
    """The blocks of one slice, in a fixed order: x slices hold the row ``index``, y slices the
    column ``index``; ordered by cell then floor (the input order is already canonical)."""
    out = []
    for k, p in enumerate(places):
        x, y = cell_xy(p.cell)
        if (axis == "x" and y == index) or (axis == "y" and x == index):
            out.append((k, p))
    out.sort(key=lambda kp: (kp[1].cell, kp[1].floor))
    return out


@lru_cache(maxsize=20000)
def _check_cached(places: tuple[Placed, ...], touched: int, shake: int, record: bool) -> Report:
    tx, ty = cell_xy(touched)
    n = len(places)
    fell = [False] * n
    # per block per frame: x, y, z, ax, ay (start from the resting position)
    tracks: dict[int, dict[str, list]] = {}
    for axis, index, direction in (("x", ty, -1 if tx == 0 else 1), ("y", tx, -1 if ty == 0 else 1)):
        members = _slice_members(places, axis, index)
        if not members:
            continue
        spec = []
        for _, p in members:
            col = cell_xy(p.cell)[0] if axis == "x" else cell_xy(p.cell)[1]
            spec.append((col, p.floor, p.dx if axis == "x" else p.dy))
        sfell, sframes = _simulate_slice(spec, direction, shake, record)
        for (k, _), f, fr in zip(members, sfell, sframes):
            if f:
                fell[k] = True
            if record:
                tracks.setdefault(k, {})[axis] = fr
    fallen = tuple(sorted((places[k].cell, places[k].floor) for k in range(n) if fell[k]))
    if not fallen:
        return Report(True)
    frames: list = []
    if record:
        moved = [k for k in range(n) if fell[k]]
        count = max(len(fr) for t in tracks.values() for fr in t.values())
        for f in range(count):
            entry = []
            for k in moved:
                p = places[k]
                cx, cy = cell_xy(p.cell)
                x0, y0, z0 = centre(cx) + p.dx, centre(cy) + p.dy, (p.floor - 0.5) * BLOCK
                x, zx, ax = _at(tracks[k].get("x"), f, (x0, z0, 0.0))
                y, zy, ay = _at(tracks[k].get("y"), f, (y0, z0, 0.0))
                z = min(zx, zy)
                entry.append([p.cell, p.floor, _r(x / BLOCK), _r(y / BLOCK), _r(z / BLOCK), _r(ax), _r(ay)])
            frames.append((_r(f * FRAME_EVERY * DT), tuple(tuple(e) for e in entry)))
    return Report(False, fallen, tuple(frames))


def _at(track, f, rest):
    if not track:
        return rest
    return track[min(f, len(track) - 1)]


def _r(v: float) -> float:
    return round(v, 3)


def check(places: Iterable[Placed], touched: int, shake: int = 0, record: bool = True) -> Report:
    """Simulate a tower whose block at cell ``touched`` was just added or removed.

    ``places`` is the tower as it is right after the move (for a removal, without the removed
    block: any block above it now floats and will fall). ``shake`` is the mover's disturbance.
    With ``record`` the report carries the frames of a fall (the verdict is the same either way).
    """
    if not 0 <= shake <= MAX_SHAKE:
        raise ValueError(f"shake must be 0..{MAX_SHAKE}")
    key = tuple(sorted(places, key=lambda p: (p.cell, p.floor)))
    return _check_cached(key, touched, shake, record)


def falls(places: Iterable[Placed], touched: int, shake: int = 0) -> bool:
    """Just the verdict (cheaper: stops as soon as a fall is certain)."""
    return not check(places, touched, shake, record=False).stands


def risk(places: Iterable[Placed], touched: int, weights: Sequence[float], quick: bool = False) -> float:
    """The chance that the move falls, for a hand whose shake is level s with weight[s].

    The shake is quantised, so enumerating the levels with a non-zero weight is the exact
    expectation over the sampled disturbance (at most ten checks; each is cached). With
    ``quick`` (for bots) the hardest shake is tried first and, if the tower stands even then,
    the risk is taken as zero without trying the gentler levels: falls grow with the shake in
    all but rare edge cases, and a bot may trade that for speed.
    """
    key = tuple(sorted(places, key=lambda p: (p.cell, p.floor)))
    total = sum(weights)
    if total <= 0:
        return 0.0
    levels = [s for s, w in enumerate(weights) if w > 0]
    if quick and _check_cached(key, touched, levels[-1], False).stands:
        return 0.0
    p = 0.0
    for s in levels:
        if not _check_cached(key, touched, s, False).stands:
            p += weights[s]
    return p / total
