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

The disturbance of a hand is a push of the tower's footing: its acceleration rises and falls as
sin^2 over ``JOLT_TIME`` (the way a hand nudges a tower while placing or pulling a block), away
from the touched cell, so the tower is thrown towards the touched cell's side. Its direction lies
within 45 degrees of the touched cell's outward diagonal, so the x slices feel its x part and the
y slices its y part. The two slices through the touched cell take it whole; the other two take it
through the blocks it touches (``TRANSMIT`` when the touched cell's neighbour in that slice's
direction holds blocks, else ``THROUGH_TABLE``), so a tall diagonal column is pushed too.

Risk is the simulation's own chance: a hand of shake ``s`` is not one push but a distribution.
``MEMBERS`` seeded disturbances (peak acceleration ``s * JOLT_PUSH`` times a lognormal factor,
a direction in the cone, and a small per-slice seating factor for how squarely the hand meets
the blocks) form the move's ensemble. A member's push on a slice is rounded to a jolt level, a
step of a geometric ladder (``LEVEL_BASE`` * ``LEVEL_RATIO`` ** k; weaker than level 1 is no
push at all); ``decide`` simulates every slice at the member's own level and judges the settled
tower (``judge``). The share of members that knock the tower over is the risk the table shows,
and the rules draw the member that happens with the game's RNG; ``outcome`` reports that member
from the very same runs (recorded again for the animation: recording only reads poses, so the
steps and the verdict are the same). Nothing assumes that a bigger push knocks over more.

A slice's run depends only on its blocks and its level, so runs are memoised: consecutive moves
change two slices at most, the levels of one move's members collide, mirror-image slices share a
run (a slice thrown towards +x is simulated seen from behind), and a hand's other shake levels
reuse the same ladder.

The verdict is a *settled* one: each slice is stepped until it has come to rest (or a block is
certainly down, or ``SETTLE_MAX_TIME``), and the tower is judged block by block from both views:
a block that dropped a floor, toppled or has less than half its footprint over what carries it
is knocked over; a standing block that slid at least ``SHIFT_MIN`` on what carries it is
*shifted* (it, and the blocks above it in its cell, keep the offsets they came to rest at). A
tower that rocks and settles back stands; if any block moved visibly on the way
(``WOBBLE_MOVE``/``WOBBLE_TURN``), the report says it wobbled and carries the frames, which the
table plays back.

Determinism: every simulation builds a fresh chipmunk space from the exact block positions in
a fixed order and steps it with a fixed time step and iteration count, so the same input gives
the same result in any process (pymunk, whose C library this is, is pinned to one version; a
restored space would not replay like this, so we never keep one). Results are memoised per
process by their exact input, which is safe because the functions are pure.

Geometry: a block is ``BLOCK`` = 40 units wide; cells sit ``BLOCK + GAP`` apart; a placement
offset (``dx``, ``dy``) is in whole units (1/40 of a block), at most ``MAX_OFFSET`` either way
(or as far as a shifted block below stands: ``aim_bounds``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pymunk  # noqa: F401  (pinned: the version whose C library runs every simulation)
from pymunk._chipmunk import ffi as _ffi
from pymunk._chipmunk import lib as _cp  # the C calls behind pymunk's objects

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
JOLT_TIME = 0.4  # s: length of the hand's push
SETTLE_MIN_TIME = 0.4  # never judge before the push is over
SETTLE_MAX_TIME = 1.0  # a tower still rocking this late is judged where it is
RECORD_TIME = 1.6  # how long a fall is recorded for the animation
CHECK_EVERY = 6  # steps (0.1 s) between rest checks
SETTLED_WINDOWS = 2  # quiet checks in a row that make a tower settled (one can be a sway's apex)
REST_MOVE = 1.2  # units per window: less than this is at rest
REST_TURN = 0.01  # radians per window
FRAME_EVERY = 2  # record a frame every 2 steps = 1/30 s

# The settled verdict (``judge``): a block dropped more than DROP_TOL, tilted more than TILT_TOL
# or with less than SUPPORT of its footprint over its carrier is knocked over; one that moved
# SHIFT_MIN or more and is none of these stands shifted.
DROP_TOL = 0.5 * BLOCK
TILT_TOL = 0.3
SUPPORT = 0.5
SHIFT_MIN = 3.0
SURE_DROP = 0.7 * BLOCK  # a block this far down, or tilted this far, cannot come back
SURE_TILT = 1.0
WOBBLE_MOVE = 1.5  # units: a block that moved this much on the way visibly wobbled
WOBBLE_TURN = 0.03
ELASTICITY = 0.0  # wood on wood barely bounces
DAMPING = 1.0  # share of its speed a block keeps per second (1: no air drag)

FACE_GRIP = 1500.0  # force (block weights x GRAVITY) two side-by-side blocks grip each other with
BRACE_TORQUE = 12000.0  # torque with which a neighbour outside the view resists a block's rocking

# -- the ensemble -----------------------------------------------------------------------------
MEMBERS = 40  # seeded disturbances per move: the risk is a multiple of 1/40
JOLT_PUSH = 130.0  # units/s^2 of nominal peak acceleration per shake level
JOLT_SPREAD = 0.45  # sigma of the lognormal factor on a member's jolt
CONE = math.pi / 4  # directions within this angle of the touched cell's outward diagonal
SEATING = 0.12  # a member's jolt reaches each slice within +-12 % ("how squarely it met")
TRANSMIT = 0.6  # share of the jolt reaching a slice through a neighbouring column
THROUGH_TABLE = 0.25  # ... through the table, when that neighbour is empty
LEVEL_BASE = 40.0  # units/s^2: jolt level 1; weaker jolts are level 0 (gravity alone)
LEVEL_RATIO = 1.25  # each level is this much harder than the one below
TOP_LEVEL = 24


@dataclass(frozen=True)
class Placed:
    """A block's place in a tower: cell 0..3 (a, b, c, d), floor 1..6, offsets in units.

    Cells: a = (0, 0), b = (1, 0), c = (0, 1), d = (1, 1) as (x index, y index).
    """

    cell: int
    floor: int
    dx: int = 0
    dy: int = 0


def aim_bounds(carrier: object | None) -> tuple[int, int, int, int]:
    """The offsets (lowest and highest dx, then dy) a hand may place a block at, on top of
    ``carrier`` (the block it lands on, anything with ``dx``/``dy``; None: the table): at most
    ``MAX_OFFSET`` off the cell's centre either way, or as far as a shifted carrier now stands,
    so a block can always be set square on the block below it."""
    cx = getattr(carrier, "dx", 0) if carrier is not None else 0
    cy = getattr(carrier, "dy", 0) if carrier is not None else 0
    return (min(-MAX_OFFSET, cx), max(MAX_OFFSET, cx), min(-MAX_OFFSET, cy), max(MAX_OFFSET, cy))


def clamp_aim(carrier: object | None, dx: int, dy: int) -> tuple[int, int]:
    """``dx``, ``dy`` brought within ``aim_bounds(carrier)``."""
    lo_x, hi_x, lo_y, hi_y = aim_bounds(carrier)
    return max(lo_x, min(hi_x, dx)), max(lo_y, min(hi_y, dy))


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
    shifted: tuple[tuple[int, int, int, int], ...] = ()  # (cell, floor, new dx, new dy), if it stands

    def to_data(self) -> dict:
        """Plain JSON values (lists, not tuples), as event data wants them."""
        return {
            "stands": self.stands,
            "wobble": self.wobble,
            "fallen": [list(p) for p in self.fallen],
            "shifted": [list(p) for p in self.shifted],
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


# -- jolt levels ------------------------------------------------------------------------------
def jolt_level(push: float) -> int:
    """The level of a jolt of peak acceleration ``push``: 0 (no jolt) below ``LEVEL_BASE`` /
    sqrt(``LEVEL_RATIO``), else the nearest step of the geometric ladder (level 1 is
    ``LEVEL_BASE``), at most ``TOP_LEVEL``."""
    if push < LEVEL_BASE / math.sqrt(LEVEL_RATIO):
        return 0
    return min(TOP_LEVEL, 1 + round(math.log(push / LEVEL_BASE) / math.log(LEVEL_RATIO)))


def level_push(level: int) -> float:
    """The peak acceleration of a jolt level (0 for level 0: gravity alone)."""
    return 0.0 if level <= 0 else LEVEL_BASE * LEVEL_RATIO ** (level - 1)


# -- one slice ----------------------------------------------------------------------------------
SliceSpec = tuple[tuple[int, int, int, bool], ...]
# (column index 0/1, floor, offset, braced by a neighbour outside the view) in a fixed order

Pose = tuple[float, float, float]  # x from the footing's centre, height of the centre, angle


@dataclass(frozen=True)
class SliceRun:
    """One side view's simulation: where each block came to rest (``rest``, judged there),
    whether it moved visibly on the way, the steps stepped up to the verdict, and (when
    recorded) its poses every ``FRAME_EVERY`` steps."""

    rest: tuple[Pose, ...]
    wobbled: tuple[bool, ...]
    steps: int
    frames: tuple[tuple[Pose, ...], ...] = ()


class _Space:
    """A fresh chipmunk space with one side view's blocks on a kinematic footing (the table),
    braced, built and stepped through pymunk's C library directly (pymunk's Python objects
    would cost more than the simulation itself). ``free`` releases it all.

    Chipmunk's defaults are left as they are where they are ours already (a space's damping 1,
    a shape's elasticity 0: ``DAMPING``, ``ELASTICITY``), which spares a call per block."""

    def __init__(self, spec: SliceSpec) -> None:
        cp = _cp
        self.space = space = cp.cpSpaceNew()
        cp.cpSpaceSetGravity(space, (0.0, -GRAVITY))
        cp.cpSpaceSetIterations(space, ITERATIONS)
        if DAMPING != 1.0:
            cp.cpSpaceSetDamping(space, DAMPING)
        self.footing = cp.cpBodyNewKinematic()
        cp.cpSpaceAddBody(space, self.footing)
        ground = cp.cpSegmentShapeNew(self.footing, (-20 * BLOCK, 0.0), (20 * BLOCK, 0.0), 0.0)
        cp.cpShapeSetFriction(ground, GROUND_FRICTION)
        if ELASTICITY:
            cp.cpShapeSetElasticity(ground, ELASTICITY)
        cp.cpSpaceAddShape(space, ground)
        self.shapes = [ground]
        self.constraints: list = []
        self.bodies: list = []
        self.starts: list[tuple[float, float]] = []
        moment = cp.cpMomentForBox(1.0, BLOCK, BLOCK)
        body_new, set_pos, add_body = cp.cpBodyNew, cp.cpBodySetPosition, cp.cpSpaceAddBody
        box_new, set_friction, add_shape = cp.cpBoxShapeNew, cp.cpShapeSetFriction, cp.cpSpaceAddShape
        for col, floor, off, _ in spec:
            body = body_new(1.0, moment)
            x, y = centre(col) + off, (floor - 0.5) * BLOCK
            set_pos(body, (x, y))
            add_body(space, body)
            shape = box_new(body, BLOCK, BLOCK, 0.0)
            set_friction(shape, FRICTION)
            if ELASTICITY:
                cp.cpShapeSetElasticity(shape, ELASTICITY)
            add_shape(space, shape)
            self.shapes.append(shape)
            self.bodies.append(body)
            self.starts.append((x, y))
        self._brace(spec)
        self._floats = _cp.pmFloatArrayNew(3 * (len(spec) + 1))
        self._ints = _cp.pmIntArrayNew(0)
        self._batch = _ffi.new("pmBatchedData *")
        self._batch.fields = _cp.POSITION | _cp.ANGLE
        self._batch.floatArray = self._floats
        self._batch.intArray = self._ints

    def _add(self, constraint, max_force: float) -> None:
        _cp.cpConstraintSetMaxForce(constraint, max_force)
        _cp.cpSpaceAddConstraint(self.space, constraint)
        self.constraints.append(constraint)

    def _brace(self, spec: SliceSpec) -> None:
        """The 3D tower's bonds that a side view lacks: two blocks side by side on a floor of
        the slice grip each other's faces (a joint that gives way beyond ``FACE_GRIP``), and a
        block with a neighbour in the other row or column (outside this view) rubs on that
        neighbour's face, which resists its rocking (a motor holding it upright, up to
        ``BRACE_TORQUE``)."""
        by_floor: dict[int, list[int]] = {}
        for i, (_, floor, _, braced) in enumerate(spec):
            by_floor.setdefault(floor, []).append(i)
            if braced:
                self._add(_cp.cpSimpleMotorNew(self.footing, self.bodies[i], 0.0), BRACE_TORQUE)
        for idx in by_floor.values():
            if len(idx) != 2:
                continue
            i, j = sorted(idx, key=lambda k: spec[k][0])
            (lx, ly), (rx, _) = self.starts[i], self.starts[j]
            if rx - lx > BLOCK + GAP + 1:
                continue  # pushed apart: the faces do not touch
            joint = _cp.cpPivotJointNew(self.bodies[i], self.bodies[j], ((lx + rx) / 2, ly))
            _cp.cpConstraintSetCollideBodies(joint, True)
            self._add(joint, FACE_GRIP)

    def poses(self) -> list[float]:
        """Every body's x, y and angle in one C call, flat, the footing's first (chipmunk keeps
        the bodies in the order they were added)."""
        self._floats.num = 0
        _cp.cpSpaceEachBody(self.space, _BATCH_GET, self._batch)
        return _ffi.unpack(self._floats.arr, self._floats.num)

    def free(self) -> None:
        _cp.cpSpaceFree(self.space)
        for c in self.constraints:
            _cp.cpConstraintFree(c)
        for sh in self.shapes:
            _cp.cpShapeFree(sh)
        for body in self.bodies:
            _cp.cpBodyFree(body)
        _cp.cpBodyFree(self.footing)
        _cp.pmFloatArrayFree(self._floats)
        _cp.pmIntArrayFree(self._ints)


_BATCH_GET = _ffi.addressof(_cp, "pmSpaceBodyGetIteratorFuncBatched")


def _push_speed(t: float) -> float:
    """The footing's speed at ``t`` s into a push of peak acceleration 1: the acceleration rises
    and falls as sin^2 over ``JOLT_TIME``, after which the footing glides on evenly."""
    t = min(t, JOLT_TIME)
    return t / 2 - JOLT_TIME / (4 * math.pi) * math.sin(2 * math.pi * t / JOLT_TIME)


_JOLT_STEPS = max(1, round(JOLT_TIME / DT))


@lru_cache(maxsize=256)
def _footing_speeds(peak: float) -> tuple[tuple[float, float], ...]:
    """The footing's velocity set before each step of a push of signed peak acceleration
    ``peak`` (steps 0..``_JOLT_STEPS``), worked out once per peak: the same numbers every run."""
    return tuple((-peak * _push_speed(min(s + 0.5, _JOLT_STEPS) * DT), 0.0) for s in range(_JOLT_STEPS + 1))


def _simulate_slice(spec: SliceSpec, direction: int, push: float, record: bool) -> SliceRun:
    """Simulate one side view pushed with peak acceleration ``push``, throwing its blocks
    towards ``direction`` (+-1: the footing is pulled the other way).

    Steps until the slice has settled (two quiet checks in a row, after ``SETTLE_MIN_TIME``),
    until a block is certainly down (dropped ``SURE_DROP`` or tilted ``SURE_TILT``), or until
    ``SETTLE_MAX_TIME``; the poses then are the verdict's. Recording only reads poses: the
    steps up to the verdict are the same with or without it, so the verdict is too. A recorded
    run that did not settle goes on stepping to ``RECORD_TIME`` for the animation alone.
    """
    world = _Space(spec)
    try:
        return _step_slice(world, direction * push, record)
    finally:
        world.free()


def _step_slice(world: _Space, peak: float, record: bool) -> SliceRun:
    """The stepping of ``_simulate_slice`` (``peak``: the signed peak acceleration). The poses
    are read in one call per check (``_Space.poses``) and the footing's velocities come from a
    table (``_footing_speeds``): the same numbers as block-by-block calls, fewer calls."""
    starts = world.starts
    n = len(starts)
    wobbled = [False] * n
    frames: list[tuple[Pose, ...]] = []
    max_steps = round(SETTLE_MAX_TIME / DT)
    min_steps = round(SETTLE_MIN_TIME / DT)
    speeds = _footing_speeds(peak) if peak else ()
    pushed = len(speeds)
    snapshot = [(x, y, 0.0) for x, y in starts]
    quiet_windows = 0
    c_space, c_foot = world.space, world.footing
    set_velocity, step_space, read = _cp.cpBodySetVelocity, _cp.cpSpaceStep, world.poses

    def poses() -> tuple[Pose, ...]:
        flat = read()
        fx = flat[0]
        return tuple(zip([x - fx for x in flat[3::3]], flat[4::3], flat[5::3]))

    settled = False
    step = 0
    while step < max_steps:
        if record and step % FRAME_EVERY == 0:
            frames.append(poses())
        if step < pushed:
            set_velocity(c_foot, speeds[step])
        step_space(c_space, DT)
        step += 1
        if step % CHECK_EVERY:
            continue
        now = poses()
        quiet = True
        sure = False
        # |v| > t written as not -t <= v <= t (and |v| >= t as not -t < v < t): the same test
        # of the same numbers without a call; a block seen wobbling is not tested again
        for i, ((px, py, angle), (sx, sy), (ox, oy, oa)) in enumerate(zip(now, starts, snapshot)):
            if not wobbled[i] and (
                not -WOBBLE_MOVE <= px - sx <= WOBBLE_MOVE
                or sy - py > WOBBLE_MOVE
                or not -WOBBLE_TURN <= angle <= WOBBLE_TURN
            ):
                wobbled[i] = True
            if sy - py > SURE_DROP or not -SURE_TILT <= angle <= SURE_TILT:
                sure = True
            if quiet and not (
                -REST_MOVE < px - ox < REST_MOVE and -REST_MOVE < py - oy < REST_MOVE and -REST_TURN < angle - oa < REST_TURN
            ):
                quiet = False
        snapshot = now
        if sure:
            break
        quiet_windows = quiet_windows + 1 if quiet else 0
        if quiet_windows >= SETTLED_WINDOWS and step >= min_steps:
            settled = True
            break
    rest = poses()
    verdict_steps = step
    if record:
        if step % FRAME_EVERY == 0:
            frames.append(rest)
        more = 0 if settled else round(RECORD_TIME / DT)
        while step < more:
            step_space(c_space, DT)
            step += 1
            if step % FRAME_EVERY == 0:
                frames.append(poses())
    return SliceRun(rest, tuple(wobbled), verdict_steps, tuple(frames))


def _run(spec: SliceSpec, level: int, record: bool) -> SliceRun:
    """A slice thrown towards -x at ``level``; runs without frames are memoised."""
    if record:
        return _simulate_slice(spec, -1 if level > 0 else 0, level_push(level), True)
    return _settled_run(spec, level)


@lru_cache(maxsize=200_000)
def _settled_run(spec: SliceSpec, level: int) -> SliceRun:
    return _simulate_slice(spec, -1 if level > 0 else 0, level_push(level), False)


def _mirrored(spec: SliceSpec) -> tuple[SliceSpec, tuple[int, ...]]:
    """The slice seen from behind (columns swapped, offsets negated), in the canonical order,
    and where each of the slice's blocks is in it."""
    flipped = [(1 - col, floor, -off, braced) for col, floor, off, braced in spec]
    order = sorted(range(len(spec)), key=lambda j: flipped[j][:2])
    where = [0] * len(spec)
    for pos, j in enumerate(order):
        where[j] = pos
    return tuple(flipped[j] for j in order), tuple(where)


def _flip(pose: Pose) -> Pose:
    return (-pose[0], pose[1], -pose[2])


def _oriented(spec: SliceSpec, direction: int, level: int, record: bool) -> SliceRun:
    """A side view's run, always simulated thrown towards -x: a slice thrown towards +x is run
    seen from behind and its poses mirrored back (so mirror images share one run)."""
    if direction < 0 or level <= 0:
        return _run(spec, level, record)
    canon, where = _mirrored(spec)
    run = _run(canon, level, record)
    return SliceRun(
        tuple(_flip(run.rest[w]) for w in where),
        tuple(run.wobbled[w] for w in where),
        run.steps,
        tuple(tuple(_flip(fr[w]) for w in where) for fr in run.frames),
    )


def slice_run(spec: SliceSpec, direction: int, level: int) -> SliceRun:
    """The settled run of a side view jolted at ``level`` towards ``direction`` (memoised; no
    frames). Level 0 is gravity alone, whatever the direction."""
    return _oriented(spec, direction, level, False)


def recorded_run(spec: SliceSpec, direction: int, level: int) -> SliceRun:
    """``slice_run`` again with its frames recorded: the same steps, so the same verdict."""
    return _oriented(spec, direction, level, True)


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


@lru_cache(maxsize=20000)
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


def member_levels(m: Member, slices: Sequence[_Slice], shake: int) -> tuple[int, ...]:
    """The jolt level member ``m`` of a hand of ``shake`` brings to each slice."""
    out = []
    for sl in slices:
        along = m.along_x if sl.axis == "x" else m.along_y
        out.append(jolt_level(shake * JOLT_PUSH * m.factor * along * sl.coupling * m.seating[sl.slot]))
    return tuple(out)


@dataclass(frozen=True)
class Verdict:
    """The settled tower judged block by block (indexes into the canonical places)."""

    knocked: tuple[int, ...]
    shifted: tuple[tuple[int, int, int], ...]  # (index, new dx, new dy)
    moved: tuple[int, ...]  # blocks that moved visibly on the way


def _overlap(dx: float, dy: float) -> float:
    """The share of a block's footprint over a block-sized square ``dx``, ``dy`` away."""
    return max(0.0, 1 - abs(dx) / BLOCK) * max(0.0, 1 - abs(dy) / BLOCK)


def _table_slide(places: tuple[Placed, ...], pose_x: list[Pose], pose_y: list[Pose]) -> tuple[float, float]:
    """How far the tower slid as a whole on the table: the mean displacement of its floor-1
    blocks. Where a tower stands on the table does not matter, only where its blocks stand on
    each other, so offsets are kept relative to this (the tower stays on its plate)."""
    moved = [
        (pose_x[k][0] - centre(cell_xy(p.cell)[0]) - p.dx, pose_y[k][0] - centre(cell_xy(p.cell)[1]) - p.dy)
        for k, p in enumerate(places)
        if p.floor == 1
    ]
    if not moved:
        return 0.0, 0.0
    return sum(m[0] for m in moved) / len(moved), sum(m[1] for m in moved) / len(moved)


def judge(places: tuple[Placed, ...], slices: Sequence[_Slice], runs: Sequence[SliceRun]) -> Verdict:
    """Which blocks the settled runs knocked over and which they shifted.

    A block is knocked over when it dropped (``DROP_TOL``, in either view), toppled (tilts more
    than ``TILT_TOL``) or has less than ``SUPPORT`` of its footprint over what carries it in
    its cell (the block below it where that block came to rest; on floor 1, its cell of the
    table, moved as the whole tower slid on the table). A standing block that slid ``SHIFT_MIN``
    or more on what carries it is shifted, and so is every block above it in its cell: they all
    stand where they came to rest, relative to the tower's slide on the table."""
    n = len(places)
    pose_x: list[Pose] = [(0.0, 0.0, 0.0)] * n
    pose_y: list[Pose] = [(0.0, 0.0, 0.0)] * n
    moved: set[int] = set()
    for sl, run in zip(slices, runs):
        for k, pose, w in zip(sl.members, run.rest, run.wobbled):
            if sl.axis == "x":
                pose_x[k] = pose
            else:
                pose_y[k] = pose
            if w:
                moved.add(k)
    where = {(p.cell, p.floor): k for k, p in enumerate(places)}
    ox, oy = _table_slide(places, pose_x, pose_y)
    knocked: list[int] = []
    shifted: list[tuple[int, int, int]] = []
    sliding: set[int] = set()  # cells whose blocks from here up stand where they came to rest
    for k, p in enumerate(places):  # canonical order: each cell from floor 1 up
        cx, cy = cell_xy(p.cell)
        px, py = pose_x[k], pose_y[k]
        z0 = (p.floor - 0.5) * BLOCK
        if z0 - min(px[1], py[1]) > DROP_TOL or max(abs(px[2]), abs(py[2])) > TILT_TOL:
            knocked.append(k)
            continue
        below = where.get((p.cell, p.floor - 1))
        if p.floor == 1:
            base = (centre(cx) + ox, centre(cy) + oy)  # its cell, moved as the tower slid
            was = (base[0] + p.dx, base[1] + p.dy)
        elif below is None:
            knocked.append(k)  # its carrier was taken away
            continue
        else:
            base = (pose_x[below][0], pose_y[below][0])
            b = places[below]
            was = (base[0] + p.dx - b.dx, base[1] + p.dy - b.dy)
        if _overlap(px[0] - base[0], py[0] - base[1]) < SUPPORT:
            knocked.append(k)
            continue
        if abs(px[0] - was[0]) >= SHIFT_MIN or abs(py[0] - was[1]) >= SHIFT_MIN:
            sliding.add(p.cell)
        if p.cell in sliding:
            nx, ny = round(px[0] - ox - centre(cx)), round(py[0] - oy - centre(cy))
            if (nx, ny) != (p.dx, p.dy):
                shifted.append((k, nx, ny))
    return Verdict(tuple(knocked), tuple(shifted), tuple(sorted(moved)))


def _member_verdict(
    places: tuple[Placed, ...], slices: tuple[_Slice, ...], levels: tuple[int, ...]
) -> Verdict:
    runs = [slice_run(sl.spec, sl.direction, lv) for sl, lv in zip(slices, levels)]
    return judge(places, slices, runs)


@lru_cache(maxsize=50000)
def decide(places: tuple[Placed, ...], touched: int, shake: int, member: int) -> Verdict:
    """THE verdict of one member: its own jolt simulated in every side view (memoised runs),
    the settled tower judged. The ensemble, ``outcome`` and its frames all come from here."""
    slices = _slices(places, touched)
    return _member_verdict(places, slices, member_levels(ENSEMBLE[member], slices, shake))


@lru_cache(maxsize=20000)
def _ensemble(places: tuple[Placed, ...], touched: int, shake: int) -> Ensemble:
    return Ensemble(tuple(bool(decide(places, touched, shake, k).knocked) for k in range(MEMBERS)))


def ensemble(places: Iterable[Placed], touched: int, shake: int = 0) -> Ensemble:
    """The move's ensemble: which of the seeded disturbances of a hand of ``shake`` knock the
    tower over, each by its own simulated jolt. ``places`` is the tower right after the move
    (for a removal, without the removed block: any block above it now floats and will fall)."""
    if not 0 <= shake <= MAX_SHAKE:
        raise ValueError(f"shake must be 0..{MAX_SHAKE}")
    return _ensemble(_canonical(places), touched, shake)


def risk(places: Iterable[Placed], touched: int, shake: int = 0) -> float:
    """The chance (0..1) that the move knocks the tower over: its ensemble's share of falls."""
    return ensemble(places, touched, shake).risk


@lru_cache(maxsize=2000)
def _outcome(places: tuple[Placed, ...], touched: int, shake: int, member: int) -> Report:
    slices = _slices(places, touched)
    levels = member_levels(ENSEMBLE[member], slices, shake)
    verdict = decide(places, touched, shake, member)
    knocked = set(verdict.knocked)
    fallen = tuple(sorted((places[k].cell, places[k].floor) for k in knocked))
    shifted = tuple(sorted((places[k].cell, places[k].floor, dx, dy) for k, dx, dy in verdict.shifted))
    moved = sorted(set(verdict.moved) | knocked | {k for k, _, _ in verdict.shifted})
    if not moved:
        return Report(True)
    # The frames: the same runs again with their poses recorded (recording reads, it does not
    # change a step), so the animation ends where the verdict was taken.
    tracks: dict[int, dict[str, tuple[Pose, ...]]] = {}
    for sl, lv in zip(slices, levels):
        if not set(sl.members) & set(moved):
            continue
        run = recorded_run(sl.spec, sl.direction, lv)
        for j, k in enumerate(sl.members):
            tracks.setdefault(k, {})[sl.axis] = tuple(fr[j] for fr in run.frames)
    frames: list = []
    count = max(len(tr) for k in moved for tr in tracks.get(k, {}).values())
    for f in range(count):
        entry = []
        for k in moved:
            p = places[k]
            cx, cy = cell_xy(p.cell)
            x0, y0, z0 = centre(cx) + p.dx, centre(cy) + p.dy, (p.floor - 0.5) * BLOCK
            x, zx, ax = _at(tracks.get(k, {}).get("x"), f, (x0, z0, 0.0))
            y, zy, ay = _at(tracks.get(k, {}).get("y"), f, (y0, z0, 0.0))
            z = min(zx, zy)
            entry.append((p.cell, p.floor, _r(x / BLOCK), _r(y / BLOCK), _r(z / BLOCK), _r(ax), _r(ay)))
        frames.append((_r(f * FRAME_EVERY * DT), tuple(entry)))
    return Report(not fallen, fallen, tuple(frames), True, () if fallen else shifted)


def outcome(places: Iterable[Placed], touched: int, shake: int, member: int) -> Report:
    """What member ``member`` of the ensemble does to the tower, with the frames to animate.

    The verdict is ``decide``'s, so it always equals ``ensemble(places, touched,
    shake).falls[member]``; the frames are the deciding runs recorded."""
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
