"""Tower physics for Babel On!: the chance that a move knocks a tower over, and what happens.

This is the only module of the project that imports pymunk. Everything here is a pure function
of plain numbers: the rules engine hands in a tower's block positions, the touched cell and the
mover's hand (a shake level), and gets back an ``Ensemble`` (which of a fixed set of seeded
disturbances knock the tower over; their share is the risk) or, for the one disturbance a move
actually had, a ``Report`` (stands or falls, wobbled or not, which blocks left their place and
the recorded frames of their motion for the table to animate).

The model, and why
------------------
A Babel On! tower is a 2x2 grid of cubes, up to six floors: four columns of cubes that touch
their neighbours. Pymunk is a 2D engine, so the tower is simulated as its four **side views**:
the two x-z slices (rows a-b and c-d, seen from the front) and the two y-z slices (columns a-c
and b-d, seen from the side). For boxes resting on boxes the 3D support question separates into
these two axes (a box's centre of mass lies over its support if and only if it does in x and in
y), and the neighbours of a slice brace each other in it, so a full 2x2 stack (two columns in
every slice) is sturdier than a bare column (one column alone in its slices), and a column
leaning in both axes can tip in two slices where a one-axis lean tips in one.

The disturbance of a hand is a jolt of the tower's footing (a half-sine velocity pulse, as when a
hand pulls a block out or nudges while placing). Its direction lies within 45 degrees of the
outward diagonal of the touched cell, so the x slices feel its x part and the y slices its y
part. The two slices through the touched cell take it whole; the other two take it through the
blocks it touches (``TRANSMIT`` when the touched cell's neighbour in that slice's direction holds
blocks, else ``THROUGH_TABLE``), so a tall diagonal column is jolted too.

Risk is a real chance: a hand of shake ``s`` is not one jolt but a distribution. ``MEMBERS``
seeded disturbances (peak speed ``s * JOLT_SPEED`` times a lognormal factor, a direction in the
cone, and a small per-slice seating factor for how squarely the hand meets the blocks) form the
move's ensemble; the share of members that knock the tower over is the risk the table shows,
and the rules draw the member that happens with the game's RNG. The same members serve every
move and every shake level (common random numbers), so the verdict of a member grows with the
shake and never flips back, and a shown 0% never falls.

To keep an ensemble cheap, each slice is simulated only to find its *threshold*: the smallest
jolt level (``LEVELS`` steps of ``LEVEL_SPEED``) that knocks it over, found by bisection over
fresh simulations and memoised per slice shape. A member knocks the tower over when the jolt
it brings to some slice reaches that slice's threshold. Consecutive moves change two slices at
most, so most thresholds come from the memo.

The verdict is a *settled* one: a block has fallen when, once the tower has come to rest, it
has dropped more than ``DROP_TOL`` of a block, slid more than ``SLIDE_TOL`` off its place (relative
to the footing) or tilts more than ``TILT_TOL`` radians. A tower that rocks and settles back
stands; if any block moved visibly on the way (``WOBBLE_MOVE``/``WOBBLE_TURN``), the report says it
wobbled and carries the frames, which the table plays back.

Determinism: every simulation builds a fresh ``pymunk.Space`` from the exact block positions in
a fixed order and steps it with a fixed time step and iteration count, so the same input gives
the same result in any process (pymunk is pinned to one version; a restored space would not
replay like this, so we never keep one). Results are memoised per process by their exact input,
which is safe because the functions are pure.

Geometry: a block is ``BLOCK`` = 40 units wide; cells sit ``BLOCK + GAP`` apart; a placement
offset (``dx``, ``dy``) is in whole units (1/40 of a block), at most ``MAX_OFFSET`` either way.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pymunk
from pymunk._chipmunk import lib as _cp  # the C calls behind pymunk's objects (pymunk is pinned)

from babel.core.rng import Rng, seed_state

# -- geometry (units: 1/40 of a block edge) ---------------------------------------------------
BLOCK = 40.0
GAP = 0  # between neighbouring cells of a straight tower
PITCH = BLOCK + GAP
MAX_OFFSET = 8  # a hand places a block at most this many units off its cell's centre
MAX_SHAKE = 9  # hand disturbance levels 0..9
FLOORS = 6

# -- simulation tuning ----------------------------------------------------------------------
GRAVITY = 2000.0  # units/s^2: the blocks behave like 20 cm stones (slow enough to watch)
DT = 1.0 / 60.0
ITERATIONS = 10
FRICTION = 0.7
GROUND_FRICTION = 0.9
JOLT_TIME = 0.3  # s: length of the hand's jolt
SETTLE_MIN_TIME = 0.5  # never judge before the jolt is over and the tower had time to react
SETTLE_MAX_TIME = 1.3  # a tower still rocking this late is judged where it is
RECORD_TIME = 1.6  # how long a fall is recorded for the animation
CHECK_EVERY = 6  # steps (0.1 s) between rest checks
SETTLED_WINDOWS = 2  # quiet checks in a row that make a tower settled (one can be a sway's apex)
REST_MOVE = 1.2  # units per window: less than this is at rest
REST_TURN = 0.01  # radians per window
FRAME_EVERY = 2  # record a frame every 2 steps = 1/30 s

DROP_TOL = 0.25 * BLOCK  # settled verdict: dropped, slid or tilted more than this has fallen
SLIDE_TOL = 0.4 * BLOCK
TILT_TOL = 0.3
SURE_DROP = 0.7 * BLOCK  # a block this far down, or tilted this far, cannot come back
SURE_TILT = 1.0
WOBBLE_MOVE = 1.5  # units: a block that moved this much on the way visibly wobbled
WOBBLE_TURN = 0.03

FACE_GRIP = 1500.0  # force (block weights x GRAVITY) two side-by-side blocks grip each other with
BRACE_TORQUE = 12000.0  # torque with which a neighbour outside the view resists a block's rocking

# -- the ensemble -----------------------------------------------------------------------------
MEMBERS = 40  # seeded disturbances per move: the risk is a multiple of 1/40
JOLT_SPEED = 26.0  # units/s of nominal peak footing speed per shake level
JOLT_SPREAD = 0.45  # sigma of the lognormal factor on a member's jolt
CONE = math.pi / 4  # directions within this angle of the touched cell's outward diagonal
SEATING = 0.12  # a member's jolt reaches each slice within +-12 % ("how squarely it met")
TRANSMIT = 0.6  # share of the jolt reaching a slice through a neighbouring column
THROUGH_TABLE = 0.25  # ... through the table, when that neighbour is empty
LEVELS = 16  # slice thresholds are found on this grid of jolt levels
LEVEL_SPEED = 20.0  # units/s of peak footing speed per level


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
class Member:
    """One seeded disturbance: its size relative to the hand's nominal jolt, the share of it
    along x and y (outward from the touched cell), and a seating factor per slice."""

    factor: float
    along_x: float
    along_y: float
    seating: tuple[float, float, float, float]


@dataclass(frozen=True)
class Ensemble:
    """Which members knock the tower over for one move and shake; ``risk`` is their share."""

    falls: tuple[bool, ...]

    @property
    def risk(self) -> float:
        return sum(self.falls) / len(self.falls)


@dataclass(frozen=True)
class Report:
    """What one disturbance did.

    ``fallen``: the (cell, floor) places of the blocks that left their place, in the tower as it
    was simulated (after a removal, the blocks above the removed one keep their floor numbers).
    ``wobble``: some block moved visibly on the way (whether or not the tower then fell).
    ``frames``: for a fall or a wobble, one entry every 1/30 s: ``[t, [[cell, floor, x, y, z,
    ax, ay], ...]]`` for the blocks that moved, in block units from the tower's centre at table
    level (z is the height of the block's centre) and radians (ax tilts in the x-z view, ay in
    the y-z view).
    """

    stands: bool
    fallen: tuple[tuple[int, int], ...] = ()
    frames: tuple = ()
    wobble: bool = False

    def to_data(self) -> dict:
        """Plain JSON values (lists, not tuples), as event data wants them."""
        return {
            "stands": self.stands,
            "wobble": self.wobble,
            "fallen": [list(p) for p in self.fallen],
            "frames": [[t, [list(e) for e in entries]] for t, entries in self.frames],
        }


def cell_xy(cell: int) -> tuple[int, int]:
    """(x index, y index) of a cell 0..3."""
    return cell % 2, cell // 2


def centre(index: int) -> float:
    """The centre of column index 0 or 1 along an axis, in units from the tower's centre."""
    return (index - 0.5) * PITCH


# -- the members ------------------------------------------------------------------------------
def _normal_quantile(p: float) -> float:
    """Inverse of the standard normal CDF (Acklam's rational approximation; ample here)."""
    a = (
        -3.969683028665376e01,
        2.209460984245205e02,
        -2.759285104469687e02,
        1.383577518672690e02,
        -3.066479806614716e01,
        2.506628277459239e00,
    )
    b = (
        -5.447609879822406e01,
        1.615858368580409e02,
        -1.556989798598866e02,
        6.680131188771972e01,
        -1.328068155288572e01,
    )
    c = (
        -7.784894002430293e-03,
        -3.223964580411365e-01,
        -2.400758277161838e00,
        -2.549732539343734e00,
        4.374664141464968e00,
        2.938163982698783e00,
    )
    d = (7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e00, 3.754408661907416e00)
    if p < 0.02425:
        q = math.sqrt(-2 * math.log(p))
        return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / (
            (((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1
        )
    if p > 1 - 0.02425:
        return -_normal_quantile(1 - p)
    q = p - 0.5
    r = q * q
    return (
        (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5])
        * q
        / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    )


def _make_members() -> tuple[Member, ...]:
    """The fixed, seeded ensemble: stratified jolt sizes (one per quantile of the lognormal, so
    40 members cover the distribution evenly), shuffled directions and seatings."""
    rng = Rng(seed_state("babel_on physics ensemble", 1))
    sizes = [math.exp(JOLT_SPREAD * _normal_quantile((i + 0.5) / MEMBERS)) for i in range(MEMBERS)]
    angles = [(i + 0.5) / MEMBERS for i in range(MEMBERS)]
    rng.shuffle(angles)
    out = []
    for size, a in zip(sizes, angles):
        theta = math.pi / 4 + (2 * a - 1) * CONE  # 0 = along x, pi/2 = along y
        seat = tuple(1 + SEATING * (2 * rng.random() - 1) for _ in range(4))
        out.append(Member(size, math.cos(theta), math.sin(theta), seat))  # type: ignore[arg-type]
    return tuple(out)


ENSEMBLE: tuple[Member, ...] = _make_members()


# -- one slice ----------------------------------------------------------------------------------
SliceSpec = tuple[tuple[int, int, int, bool], ...]
# (column index 0/1, floor, offset, braced by a neighbour outside the view) in a fixed order


@dataclass
class _Run:
    fell: list[bool]
    wobbled: list[bool]
    frames: list[list[tuple[float, float, float]]]


def _build_slice(
    spec: SliceSpec,
) -> tuple[pymunk.Space, pymunk.Body, list[pymunk.Body], list[tuple[float, float]]]:
    """A fresh space with the slice's blocks on a kinematic footing (the table), braced."""
    space = pymunk.Space()
    space.gravity = (0.0, -GRAVITY)
    space.iterations = ITERATIONS
    footing = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    ground = pymunk.Segment(footing, (-20 * BLOCK, 0.0), (20 * BLOCK, 0.0), 0.0)
    ground.friction = GROUND_FRICTION
    space.add(footing, ground)
    bodies: list[pymunk.Body] = []
    starts: list[tuple[float, float]] = []
    moment = pymunk.moment_for_box(1.0, (BLOCK, BLOCK))
    for col, floor, off, _ in spec:
        body = pymunk.Body(1.0, moment)
        x = centre(col) + off
        y = (floor - 0.5) * BLOCK
        body.position = (x, y)
        shape = pymunk.Poly.create_box(body, (BLOCK, BLOCK), 0.0)
        shape.friction = FRICTION
        space.add(body, shape)
        bodies.append(body)
        starts.append((x, y))
    _brace(space, footing, spec, bodies)
    return space, footing, bodies, starts


def _simulate_slice(spec: SliceSpec, direction: int, speed: float, record: bool) -> _Run:
    """Simulate one side view jolted with peak footing ``speed`` towards ``direction`` (+-1).

    Runs until the slice has settled (or a fall is certain, when nothing is recorded), then
    judges each block by where it came to rest.
    """
    space, footing, bodies, starts = _build_slice(spec)
    n = len(bodies)
    wobbled = [False] * n
    frames: list[list[tuple[float, float, float]]] = [[] for _ in range(n)]
    peak = speed * direction
    jolt_steps = max(1, round(JOLT_TIME / DT))
    max_steps = round((max(RECORD_TIME, SETTLE_MAX_TIME) if record else SETTLE_MAX_TIME) / DT)
    min_steps = round(SETTLE_MIN_TIME / DT)
    snapshot = [(x, y, 0.0) for x, y in starts]
    quiet_windows = 0
    # The loop reads positions and angles and sets the footing's speed through the C functions
    # behind Body.position, Body.angle and Body.velocity: the same values without the Python
    # wrappers' cost. Stepping stays Space.step: it locks the space against changes made while
    # the C step runs (e.g. by collecting an earlier simulation's objects), which must be deferred.
    c_foot = footing._body
    c_bodies = [body._body for body in bodies]
    get_pos, get_angle, set_velocity = _cp.cpBodyGetPosition, _cp.cpBodyGetAngle, _cp.cpBodySetVelocity
    for step in range(max_steps):
        if record and step % FRAME_EVERY == 0:
            fx = get_pos(c_foot).x
            for i, cb in enumerate(c_bodies):
                pos = get_pos(cb)
                frames[i].append((pos.x - fx, pos.y, get_angle(cb)))
        if peak and step <= jolt_steps:
            v = peak * math.sin(math.pi * (step + 0.5) / jolt_steps) if step < jolt_steps else 0.0
            set_velocity(c_foot, (v, 0.0))
        space.step(DT)
        if (step + 1) % CHECK_EVERY:
            continue
        base = get_pos(c_foot).x
        now = []
        quiet = True
        sure = False
        for i, cb in enumerate(c_bodies):
            pos = get_pos(cb)
            px, py = pos.x, pos.y
            angle = get_angle(cb)
            now.append((px, py, angle))
            sx, sy = starts[i]
            if abs(px - base - sx) > WOBBLE_MOVE or sy - py > WOBBLE_MOVE or abs(angle) > WOBBLE_TURN:
                wobbled[i] = True
            if sy - py > SURE_DROP or abs(angle) > SURE_TILT:
                sure = True
            ox, oy, oa = snapshot[i]
            if abs(px - ox) >= REST_MOVE or abs(py - oy) >= REST_MOVE or abs(angle - oa) >= REST_TURN:
                quiet = False
        snapshot = now
        if sure and not record:
            break
        quiet_windows = quiet_windows + 1 if quiet else 0
        if quiet_windows >= SETTLED_WINDOWS and step + 1 >= min_steps:
            break
    base = footing.position.x
    fell = []
    for i, body in enumerate(bodies):
        px, py = body.position
        sx, sy = starts[i]
        fell.append(sy - py > DROP_TOL or abs(px - base - sx) > SLIDE_TOL or abs(body.angle) > TILT_TOL)
        if record:
            frames[i].append((px - base, py, body.angle))
    return _Run(fell, wobbled, frames)


def _brace(space: pymunk.Space, footing: pymunk.Body, spec: SliceSpec, bodies: list[pymunk.Body]) -> None:
    """The 3D tower's bonds that a side view lacks: two blocks side by side on a floor of the
    slice grip each other's faces (a joint that gives way beyond ``FACE_GRIP``), and a block
    with a neighbour in the other row or column (outside this view) rubs on that neighbour's
    face, which resists its rocking (a motor holding it upright, up to ``BRACE_TORQUE``)."""
    by_floor: dict[int, list[int]] = {}
    for i, (_, floor, _, braced) in enumerate(spec):
        by_floor.setdefault(floor, []).append(i)
        if braced:
            grip = pymunk.SimpleMotor(footing, bodies[i], 0.0)
            grip.max_force = BRACE_TORQUE
            space.add(grip)
    for idx in by_floor.values():
        if len(idx) != 2:
            continue
        i, j = sorted(idx, key=lambda k: spec[k][0])
        left, right = bodies[i], bodies[j]
        if right.position.x - left.position.x > BLOCK + GAP + 1:
            continue  # pushed apart: the faces do not touch
        mid = ((left.position.x + right.position.x) / 2, left.position.y)
        joint = pymunk.PivotJoint(left, right, mid)
        joint.max_force = FACE_GRIP
        joint.collide_bodies = True
        space.add(joint)


@lru_cache(maxsize=50000)
def _slice_falls(spec: SliceSpec, direction: int, level: int) -> bool:
    return any(_simulate_slice(spec, direction, level * LEVEL_SPEED, False).fell)


@lru_cache(maxsize=20000)
def threshold(spec: SliceSpec, direction: int) -> int:
    """The smallest jolt level (0..LEVELS) that knocks this slice over; LEVELS + 1 if none.

    Level 0 is gravity alone (a block without support). Bisection assumes a bigger jolt never
    knocks over less; where the simulation disagrees at some level, the threshold found is still
    a level verified to fall with the level below verified to stand.
    """
    if not spec:
        return LEVELS + 1
    if _slice_falls(spec, 0, 0):
        return 0
    if not _slice_falls(spec, direction, LEVELS):
        return LEVELS + 1
    lo, hi = 0, LEVELS  # lo stands, hi falls
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if _slice_falls(spec, direction, mid):
            hi = mid
        else:
            lo = mid
    return hi


# -- the tower ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Slice:
    axis: str  # "x" (a row, seen from the front) or "y" (a column, seen from the side)
    index: int  # the row (x slices) or column (y slices)
    members: tuple[int, ...]  # indexes into the canonical places
    spec: SliceSpec
    direction: int  # +-1: the way the jolt pushes along this slice's axis
    coupling: float  # share of the jolt this slice receives
    slot: int  # 0..3: which seating factor of a member applies


def _canonical(places: Iterable[Placed]) -> tuple[Placed, ...]:
    return tuple(sorted(places, key=lambda p: (p.cell, p.floor)))


_OTHER = {"x": (2, 3, 0, 1), "y": (1, 0, 3, 2)}  # the neighbour outside an x or a y view


def _slices(places: tuple[Placed, ...], touched: int) -> tuple[_Slice, ...]:
    tx, ty = cell_xy(touched)
    dir_x = -1 if tx == 0 else 1
    dir_y = -1 if ty == 0 else 1
    cells = {p.cell for p in places}
    filled = {(p.cell, p.floor) for p in places}
    out = []
    for slot, (axis, index) in enumerate((("x", 0), ("x", 1), ("y", 0), ("y", 1))):
        idx = [k for k, p in enumerate(places) if cell_xy(p.cell)[1 if axis == "x" else 0] == index]
        if not idx:
            continue
        spec = tuple(
            (
                cell_xy(places[k].cell)[0 if axis == "x" else 1],
                places[k].floor,
                places[k].dx if axis == "x" else places[k].dy,
                (_OTHER[axis][places[k].cell], places[k].floor) in filled,
            )
            for k in idx
        )
        if axis == "x":
            own = index == ty
            bridge = index * 2 + tx  # the cell of this row in the touched cell's column
        else:
            own = index == tx
            bridge = ty * 2 + index  # the cell of this column in the touched cell's row
        if own:
            coupling = 1.0
        else:
            coupling = TRANSMIT if bridge in cells and touched in cells else THROUGH_TABLE
        out.append(_Slice(axis, index, tuple(idx), spec, dir_x if axis == "x" else dir_y, coupling, slot))
    return tuple(out)


def _member_level(m: Member, sl: _Slice, shake: int) -> float:
    """The jolt level member ``m`` of a hand of ``shake`` brings to slice ``sl``."""
    along = m.along_x if sl.axis == "x" else m.along_y
    return shake * JOLT_SPEED * m.factor * along * sl.coupling * m.seating[sl.slot] / LEVEL_SPEED


def _falls_at(limit: int, level: float) -> bool:
    """A slice with this threshold falls at this jolt level (beyond the grid: only if it fell
    on the grid; a slice that stood the hardest level simulated is taken to stand)."""
    return limit == 0 or (limit <= LEVELS and level >= limit)


def _member_falls(m: Member, slices: Sequence[_Slice], limits: Sequence[int], shake: int) -> bool:
    return any(_falls_at(limit, _member_level(m, sl, shake)) for sl, limit in zip(slices, limits))


@lru_cache(maxsize=20000)
def _ensemble(places: tuple[Placed, ...], touched: int, shake: int) -> Ensemble:
    slices = _slices(places, touched)
    if shake == 0:  # no jolt: only gravity can bring a block down (the thresholds' first step)
        falls = any(_slice_falls(sl.spec, 0, 0) for sl in slices)
        return Ensemble((falls,) * MEMBERS)
    limits = [threshold(sl.spec, sl.direction) for sl in slices]
    return Ensemble(tuple(_member_falls(m, slices, limits, shake) for m in ENSEMBLE))


def ensemble(places: Iterable[Placed], touched: int, shake: int = 0) -> Ensemble:
    """The move's ensemble: which of the seeded disturbances of a hand of ``shake`` knock the
    tower over. ``places`` is the tower right after the move (for a removal, without the removed
    block: any block above it now floats and will fall)."""
    if not 0 <= shake <= MAX_SHAKE:
        raise ValueError(f"shake must be 0..{MAX_SHAKE}")
    return _ensemble(_canonical(places), touched, shake)


def risk(places: Iterable[Placed], touched: int, shake: int = 0) -> float:
    """The chance (0..1) that the move knocks the tower over: its ensemble's share of falls."""
    return ensemble(places, touched, shake).risk


@lru_cache(maxsize=2000)
def _outcome(places: tuple[Placed, ...], touched: int, shake: int, member: int) -> Report:
    m = ENSEMBLE[member]
    slices = _slices(places, touched)
    n = len(places)
    fell = [False] * n
    wob = [False] * n
    tracks: dict[int, dict[str, list]] = {}
    for sl in slices:
        limit = threshold(sl.spec, sl.direction)
        level = _member_level(m, sl, shake)
        falls = _falls_at(limit, level)
        if not falls and limit and level < 1.0:
            continue  # a jolt this small moves nothing visibly: no need to simulate it
        # Simulate at the member's own jolt; if that one run disagrees with the verdict
        # (the simulation is not perfectly monotonic), show the nearest verified level instead.
        speed = level * LEVEL_SPEED
        run = _simulate_slice(sl.spec, sl.direction, speed, True)
        if any(run.fell) != falls:
            verified = limit if falls else min(limit - 1, LEVELS)
            run = _simulate_slice(sl.spec, sl.direction if verified else 0, verified * LEVEL_SPEED, True)
        for k, f, w, fr in zip(sl.members, run.fell, run.wobbled, run.frames):
            fell[k] = fell[k] or (f and falls)
            wob[k] = wob[k] or w or f
            tracks.setdefault(k, {})[sl.axis] = fr
    fallen = tuple(sorted((places[k].cell, places[k].floor) for k in range(n) if fell[k]))
    moved = [k for k in range(n) if wob[k] or fell[k]]
    if not moved:
        return Report(True)
    frames: list = []
    count = max(len(fr) for k in moved for fr in tracks[k].values())
    for f in range(count):
        entry = []
        for k in moved:
            p = places[k]
            cx, cy = cell_xy(p.cell)
            x0, y0, z0 = centre(cx) + p.dx, centre(cy) + p.dy, (p.floor - 0.5) * BLOCK
            x, zx, ax = _at(tracks[k].get("x"), f, (x0, z0, 0.0))
            y, zy, ay = _at(tracks[k].get("y"), f, (y0, z0, 0.0))
            z = min(zx, zy)
            entry.append((p.cell, p.floor, _r(x / BLOCK), _r(y / BLOCK), _r(z / BLOCK), _r(ax), _r(ay)))
        frames.append((_r(f * FRAME_EVERY * DT), tuple(entry)))
    return Report(not fallen, fallen, tuple(frames), True)


def outcome(places: Iterable[Placed], touched: int, shake: int, member: int) -> Report:
    """What member ``member`` of the ensemble does to the tower, with the frames to animate.

    The verdict always equals ``ensemble(places, touched, shake).falls[member]``."""
    if not 0 <= member < MEMBERS:
        raise ValueError(f"member must be 0..{MEMBERS - 1}")
    if not 0 <= shake <= MAX_SHAKE:
        raise ValueError(f"shake must be 0..{MAX_SHAKE}")
    return _outcome(_canonical(places), touched, shake, member)


def _at(track, f, rest):
    if not track:
        return rest
    return track[min(f, len(track) - 1)]


def _r(v: float) -> float:
    return round(v, 3)
