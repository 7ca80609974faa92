"""Which block is in front: the painter's order of a tower's blocks in any frame of a wobble or a
fall, from where each body really is (its centre and its tilt), not from its floor number.

The table's projection is parallel (``art.project``): a point (X, Y, z) in view coordinates
(X + Y larger = nearer, z up) goes to the screen along ``TOWARD`` = (1.24, 1.24, 1), the
direction towards the viewer. Two cubes that do not interpenetrate have a separating plane; if
their pictures overlap, the one on the viewer's side of that plane hides the other. The plane's
normal is one of the cubes' face normals or a cross product of an edge of each (the separating
axis theorem), so the order is exact for touching and apart blocks; blocks that sink into each
other (the physics allows a little) are ordered by the plane that separates them best, and the
rare cycle is broken by the distance towards the viewer. Pure arithmetic: no pygame.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass

ZH = 0.62  # a cube's side height per edge on screen (as art.ZH)
_N = math.sqrt(1.24**2 + 1.24**2 + 1.0)
TOWARD = (1.24 / _N, 1.24 / _N, 1.0 / _N)  # unit vector from the scene towards the viewer
UPRIGHT = 1e-4  # radians under which a block counts as unturned (its faces along the axes)
TOUCH = 0.06  # block edges two blocks may sink into each other and still be "touching"
CLEAR = 0.01  # block edges of gap that set two blocks clearly apart
SHALLOW = 0.01  # block edges two blocks may sink into each other for the order of the least overlap to be sure
EPS = 1e-6

Vec = tuple[float, float, float]
_SIGNS = [(sx, sy, sz) for sx in (-0.5, 0.5) for sy in (-0.5, 0.5) for sz in (-0.5, 0.5)]


def view_xy(x: float, y: float, rot: int) -> tuple[float, float]:
    """World x/y (y to the back) to view X/Y, turned by rot * 90 degrees (as ``art.view_xy``)."""
    X, Y = x, -y
    for _ in range(rot % 4):
        X, Y = -Y, X
    return X, Y


def turn(v: Vec, ax: float, ay: float) -> Vec:
    """A body vector turned by the recorded tilts: ax in the x-z plane, then ay in the y-z plane."""
    x, y, z = v
    ca, sa = math.cos(ax), math.sin(ax)
    x, z = x * ca - z * sa, x * sa + z * ca
    cb, sb = math.cos(ay), math.sin(ay)
    y, z = y * cb - z * sb, y * sb + z * cb
    return x, y, z


def to_view(v: Vec, rot: int) -> Vec:
    X, Y = view_xy(v[0], v[1], rot)
    return X, Y, v[2]


def from_view(v: Vec, rot: int) -> Vec:
    """The inverse of ``to_view``."""
    X, Y = v[0], v[1]
    for _ in range(rot % 4):
        X, Y = Y, -X
    return X, -Y, v[2]


def tilted(v: Vec, ax: float, ay: float, rot: int) -> Vec:
    """A vector fixed in a block (given in view coordinates as the block stands upright) after
    the block turned by the recorded tilts (which are in world coordinates)."""
    return to_view(turn(from_view(v, rot), ax, ay), rot)


def screen(p: Vec) -> tuple[float, float]:
    """A view point's screen offset for a cube edge of 1 (``art.project``)."""
    return ((p[0] - p[1]) / 2, (p[0] + p[1]) / 4 - p[2] * ZH)


def _dot(a: Vec, b: Vec) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a: Vec, b: Vec) -> Vec:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


@dataclass(frozen=True)
class Body:
    """A unit cube as drawn in one frame, in view coordinates: its centre, its three axes (unit
    vectors; the world axes for an upright block), its eight corners, whether it is upright and
    its picture's bounding box on the screen (cube edge 1)."""

    centre: Vec
    axes: tuple[Vec, Vec, Vec]
    corners: tuple[Vec, ...]
    upright: bool
    box: tuple[float, float, float, float]
    outline: tuple[tuple[float, float], ...]  # the picture: the convex hull of the corners

    @property
    def near(self) -> float:
        """How far towards the viewer the centre lies (the fallback order)."""
        return _dot(self.centre, TOWARD)


def body(x: float, y: float, z: float, ax: float, ay: float, rot: int) -> Body:
    """The body of a block whose centre is at world (x, y, z) (block edges), tilted by ax, ay.
    Its axes and corners are those of the upright block in view coordinates, turned (corner i
    is ``_SIGNS[i]``'s, so a painter can tell the block's own faces apart)."""
    centre = to_view((x, y, z), rot)
    upright = abs(ax) < UPRIGHT and abs(ay) < UPRIGHT
    if upright:
        axes: tuple[Vec, Vec, Vec] = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
        corners = tuple((centre[0] + a, centre[1] + b, centre[2] + c) for a, b, c in _SIGNS)
    else:
        axes = tuple(tilted(e, ax, ay, rot) for e in ((1, 0, 0), (0, 1, 0), (0, 0, 1)))  # type: ignore[assignment]
        corners = tuple(
            (centre[0] + d[0], centre[1] + d[1], centre[2] + d[2])
            for d in (tilted(s, ax, ay, rot) for s in _SIGNS)
        )
    pts = [screen(p) for p in corners]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return Body(centre, axes, corners, upright, (min(xs), min(ys), max(xs), max(ys)), _hull(pts))


def _hull(pts: list[tuple[float, float]]) -> tuple[tuple[float, float], ...]:
    """The convex hull (monotone chain), counter-clockwise."""
    pts = sorted(set(pts))
    if len(pts) < 3:
        return tuple(pts)

    def half(points):
        out: list[tuple[float, float]] = []
        for p in points:
            while (
                len(out) >= 2
                and (
                    (out[-1][0] - out[-2][0]) * (p[1] - out[-2][1])
                    - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])
                )
                <= 1e-12
            ):
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(reversed(pts))
    return tuple(lower[:-1] + upper[:-1])


PICTURE_MARGIN = 0.01  # cube edges two pictures must overlap by to need an order
SLIVER = 1e-4  # ... and by more than this to need a look (``painter_plan`` cuts them exactly)
MEND_PAIRS = 24  # guessed pairs a frame's plan cuts exactly at most (recorded falls have up to 22)


_HEX = 0.25 + ZH / 2  # an upright cube's picture: |x| <= 0.5, |x / 4 +- y / 2| <= _HEX * 1 / 2
_SLANT = math.hypot(0.25, 0.5)
_DISC = 0.5 * min(math.hypot(0.5, 0.5), math.hypot(0.25, 0.25, ZH)) * 0.98  # under the ball's picture


def pictures_overlap(a: Body, b: Body, m: float = PICTURE_MARGIN) -> bool:
    """Whether the two pictures share an area (more than ``m``): the separating axis test on
    the screen, with the outlines' edge normals (for two upright cubes, whose pictures are the
    same hexagon, a test of the centres' offset against the hexagon doubled)."""
    if a.box[2] <= b.box[0] or b.box[2] <= a.box[0] or a.box[3] <= b.box[1] or b.box[3] <= a.box[1]:
        return False
    if a.upright and b.upright:
        dx = (a.box[0] + a.box[2] - b.box[0] - b.box[2]) / 2
        dy = (a.box[1] + a.box[3] - b.box[1] - b.box[3]) / 2
        return abs(dx) < 1 - m and max(abs(dx / 4 - dy / 2), abs(dx / 4 + dy / 2)) < _HEX - m * _SLANT
    sa, sb = screen(a.centre), screen(b.centre)
    if (sa[0] - sb[0]) ** 2 + (sa[1] - sb[1]) ** 2 < (2 * _DISC - m) ** 2:
        return True  # each picture holds the picture of the cube's inscribed ball: a disc
    for poly in (a.outline, b.outline):
        k = len(poly)
        for i in range(k):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % k]
            nx, ny = y1 - y0, x0 - x1
            norm = math.hypot(nx, ny)
            if norm < 1e-12:
                continue
            pa = [(x * nx + y * ny) / norm for x, y in a.outline]
            pb = [(x * nx + y * ny) / norm for x, y in b.outline]
            if min(max(pa), max(pb)) - max(min(pa), min(pb)) < m:
                return False
    return True


def before(a: Body, b: Body) -> int:
    """``judge``'s verdict alone."""
    return judge(a, b)[0]


def judge(a: Body, b: Body) -> tuple[int, bool]:
    """+1 if ``a`` must be drawn before ``b`` (b hides part of a), -1 if after, 0 if their
    pictures do not overlap or nothing tells them apart.

    Along each candidate axis the bodies' extents leave a gap (negative where they overlap). An
    axis with no overlap is a separating plane, and if the pictures overlap every such plane
    gives the same verdict; if two disagree, the bodies meet only along an edge and their
    pictures share no area, so no order is imposed (touching diagonal neighbours never make a
    cycle). Bodies that sink into each other (no separating plane) follow the axis along which
    they overlap least, if by less than ``TOUCH``: that verdict is a guess, and the second
    value (sure) is False for it (the plan mends such pairs, ``painter_plan``)."""
    if not pictures_overlap(a, b):
        return 0, not pictures_overlap(a, b, SLIVER)  # a sliver of overlap: left to the plan
    if a.upright and b.upright:
        return _before_upright(a, b)
    apart: set[int] = set()
    least, fallback = -TOUCH, 0
    for t, toward, reach, norm in _obb_axes(a, b):
        gap, side = (abs(t) - reach) / norm, (1 if t > 0 else -1)  # side 1: b beyond a along the axis
        toward /= norm
        if abs(toward) < 1e-3:
            if gap > EPS:
                return 0, True  # apart across the line of sight: the pictures do not overlap
            continue
        verdict = side * (1 if toward > 0 else -1)  # b beyond a along n is nearer if n faces the viewer
        if gap > CLEAR:
            return verdict, True
        if gap >= -EPS:
            apart.add(verdict)
        elif gap > least:
            least, fallback = gap, verdict
    if apart:
        return (apart.pop(), True) if len(apart) == 1 else (0, False)
    return fallback, least > -SHALLOW


def _obb_axes(a: Body, b: Body):
    """The 15 candidate axes of two cubes as (offset of b's centre from a's, the viewer's
    direction, the two half-extents summed, the axis' length), all along the unnormalised axis:
    a's three axes, b's, and the cross products of one of each (the classic box test)."""
    T = (b.centre[0] - a.centre[0], b.centre[1] - a.centre[1], b.centre[2] - a.centre[2])
    A, B = a.axes, b.axes
    R = [[_dot(A[i], B[j]) for j in range(3)] for i in range(3)]
    Q = [[abs(v) for v in row] for row in R]
    tA = [_dot(T, A[i]) for i in range(3)]
    vA = [_dot(TOWARD, A[i]) for i in range(3)]
    for i in range(3):
        yield tA[i], vA[i], 0.5 + 0.5 * (Q[i][0] + Q[i][1] + Q[i][2]), 1.0
    for j in range(3):
        yield _dot(T, B[j]), _dot(TOWARD, B[j]), 0.5 + 0.5 * (Q[0][j] + Q[1][j] + Q[2][j]), 1.0
    for i in range(3):
        i1, i2 = (i + 1) % 3, (i + 2) % 3
        for j in range(3):
            norm = 1.0 - R[i][j] * R[i][j]
            if norm < 1e-10:
                continue  # parallel axes: the face axes already cover them
            j1, j2 = (j + 1) % 3, (j + 2) % 3
            yield (
                tA[i2] * R[i1][j] - tA[i1] * R[i2][j],
                vA[i2] * R[i1][j] - vA[i1] * R[i2][j],
                0.5 * (Q[i2][j] + Q[i1][j] + Q[i][j2] + Q[i][j1]),
                math.sqrt(norm),
            )


def _before_upright(a: Body, b: Body) -> tuple[int, bool]:
    """``judge`` for two upright cubes: their gaps along X, Y and z (all towards the viewer)."""
    apart: set[int] = set()
    least, fallback = -TOUCH, 0
    for k in range(3):
        d = b.centre[k] - a.centre[k]
        gap, verdict = abs(d) - 1.0, (1 if d > 0 else -1)
        if gap > CLEAR:
            return verdict, True
        if gap >= -EPS:
            apart.add(verdict)
        elif gap > least:
            least, fallback = gap, verdict
    if apart:
        return (apart.pop(), True) if len(apart) == 1 else (0, False)
    return fallback, least > -SHALLOW


def _overlap(a: Body, b: Body) -> float:
    """How much the pictures' boxes overlap (cube edges squared): the weight of an order."""
    return max(0.0, min(a.box[2], b.box[2]) - max(a.box[0], b.box[0])) * max(
        0.0, min(a.box[3], b.box[3]) - max(a.box[1], b.box[1])
    )


def _graph(bodies: Sequence[Body]) -> tuple[list[list[int]], list[tuple[int, int]]]:
    """``after[i]``: the bodies that must be painted after body ``i`` (``judge``), and the
    pairs whose verdict is a guess (bodies that sink into each other)."""
    n = len(bodies)
    after: list[list[int]] = [[] for _ in range(n)]
    unsure = []
    for i in range(n):
        for j in range(i + 1, n):
            v, sure = judge(bodies[i], bodies[j])
            if v > 0:
                after[i].append(j)
            elif v < 0:
                after[j].append(i)
            if not sure:
                unsure.append((i, j))
    return after, unsure


def _rings(after: list[list[int]]) -> list[list[int]]:
    """The strongly connected parts of the order graph (Tarjan's algorithm, iteratively): each
    body alone, or a ring of bodies that no order of whole blocks paints right."""
    n = len(after)
    index, low, on, stack, out = [-1] * n, [0] * n, [False] * n, [], []
    counter = 0
    for root in range(n):
        if index[root] >= 0:
            continue
        work = [(root, 0)]
        while work:
            v, k = work.pop()
            if k == 0:
                index[v] = low[v] = counter
                counter += 1
                stack.append(v)
                on[v] = True
            if k < len(after[v]):
                work.append((v, k + 1))
                w = after[v][k]
                if index[w] < 0:
                    work.append((w, 0))
                elif on[w]:
                    low[v] = min(low[v], index[w])
                continue
            if low[v] == index[v]:
                part = []
                while True:
                    w = stack.pop()
                    on[w] = False
                    part.append(w)
                    if w == v:
                        break
                out.append(part)
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
    return out


Piece2D = tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Plan:
    """How to paint a frame's bodies: ``order`` back to front, then each of ``repairs``' bodies
    painted again (last, over everything) where it really is the nearest body: its picture
    less its ``hidden`` pieces, where another body lies in front of it."""

    order: tuple[int, ...]
    repairs: tuple[tuple[int, tuple[Piece2D, ...]], ...] = ()  # (body, hidden pieces)
    rings: tuple[tuple[int, ...], ...] = ()


def painter_plan(bodies: Sequence[Body]) -> Plan:
    """The painter's plan of a frame: every body after every body it hides a part of.

    Bodies of the simulation's different slices can sink into each other: the order of such a
    pair is a guess, and where three bodies make a ring no order of whole blocks is right at
    all. A ring is one step of the order (its bodies farthest first). Every body that then
    lies in front of a part of a body painted after it (a ring's broken link, or a guessed pair
    whose faces cross, ``hidden_pieces``) is mended: painted again at the end, clipped to where
    it is the nearest of all (its picture less every piece where another body is in front)."""
    n = len(bodies)
    after, unsure = _graph(bodies)
    parts = _rings(after)
    part_of = [0] * n
    for k, part in enumerate(parts):
        for i in part:
            part_of[i] = k
    waiting = [0] * len(parts)
    next_parts: list[set[int]] = [set() for _ in parts]
    for i in range(n):
        for j in after[i]:
            a, b = part_of[i], part_of[j]
            if a != b and b not in next_parts[a]:
                next_parts[a].add(b)
                waiting[b] += 1
    near = [min(bodies[i].near for i in part) for part in parts]
    ready = [(near[k], k) for k in range(len(parts)) if waiting[k] == 0]
    heapq.heapify(ready)
    order: list[int] = []
    while ready:
        _, k = heapq.heappop(ready)
        order += sorted(parts[k], key=lambda i: (bodies[i].near, i))
        for b in next_parts[k]:
            waiting[b] -= 1
            if waiting[b] == 0:
                heapq.heappush(ready, (near[b], b))
    rank = {i: k for k, i in enumerate(order)}
    if len(unsure) > MEND_PAIRS:  # a heap of blocks thrown through each other: the largest first
        unsure = sorted(unsure, key=lambda p: -_overlap(bodies[p[0]], bodies[p[1]]))[:MEND_PAIRS]
    guessed = {frozenset(p) for p in unsure}
    faces: dict[int, list] = {}

    def faces_of(i: int) -> list:
        if i not in faces:
            faces[i] = front_faces(bodies[i])
        return faces[i]

    cut: dict[tuple[int, int], list[Piece2D]] = {}

    def pieces(i: int, j: int) -> list[Piece2D]:
        """Where ``j`` lies in front of ``i`` (each pair worked out once a frame)."""
        if (i, j) in cut:
            return cut[i, j]
        if frozenset((i, j)) in guessed:
            out = hidden_pieces(bodies[i], bodies[j], faces_of(i), faces_of(j))
        elif i in after[j]:
            out = []  # i is wholly in front of j where their pictures meet
        else:
            shared = _clip(bodies[i].outline, bodies[j].outline) if j in after[i] else []
            out = [tuple(shared)] if len(shared) >= 3 else []
        cut[i, j] = out
        return out

    need: set[int] = set()
    for i in range(n):  # a broken link: i must come after j, but the order paints j later
        for j in after[i]:
            if rank[j] < rank[i]:
                need.add(j)
    for i, j in unsure:
        first, then = (i, j) if rank[i] < rank[j] else (j, i)
        if first not in need and pieces(then, first):
            need.add(first)
    repairs = []
    for i in sorted(need, key=rank.__getitem__):
        hidden = tuple(p for j in range(n) if j != i for p in pieces(i, j))
        repairs.append((i, hidden))
    rings = tuple(tuple(part) for part in parts if len(part) > 1)
    return Plan(tuple(order), tuple(repairs), rings)


def painter_order(bodies: Sequence[Body]) -> list[int]:
    """Indices of ``bodies`` back to front (``painter_plan``'s order, without its mending)."""
    return list(painter_plan(bodies).order)


# -- the faces of a ring, for mending ---------------------------------------------------------
def front_faces(b: Body) -> list:
    """The faces of ``b`` turned towards the viewer: each as its outline on the screen, the
    depth of its plane there (how far towards the viewer the line of sight through screen point
    (sx, sy) meets it: ``d0 + dx * sx + dy * sy``) and its outline's bounding box."""
    out = []
    for k in range(3):
        e = b.axes[k]
        facing = _dot(e, TOWARD)
        if abs(facing) < 1e-9:
            continue
        s = 0.5 if facing > 0 else -0.5
        n = (e[0] * s * 2, e[1] * s * 2, e[2] * s * 2)
        toward = abs(facing)
        q = (b.centre[0] + e[0] * s, b.centre[1] + e[1] * s, b.centre[2] + e[2] * s)
        pts = [screen(c) for c in b.corners if _face_corner(b, c, k, s)]
        d0 = _dot(n, q) / toward
        # n . p0(sx, sy), p0 = (sx + 2 sy, 2 sy - sx, 0) (``span_at``)
        dx = -(n[0] - n[1]) / toward
        dy = -(2 * n[0] + 2 * n[1]) / toward
        outline = _hull(pts)
        xs, ys = [q[0] for q in outline], [q[1] for q in outline]
        out.append((outline, (d0, dx, dy), (min(xs), min(ys), max(xs), max(ys))))
    return out


def _face_corner(b: Body, c: Vec, k: int, s: float) -> bool:
    d = (c[0] - b.centre[0], c[1] - b.centre[1], c[2] - b.centre[2])
    return _dot(d, b.axes[k]) * s > 0


def hidden_pieces(a: Body, b: Body, faces_a=None, faces_b=None) -> list[tuple[tuple[float, float], ...]]:
    """Where ``b`` lies in front of ``a`` on the screen: for each front face of ``a`` and of
    ``b`` whose outlines overlap, their shared outline cut to where ``b``'s face is nearer
    (the depths of two planes differ linearly across the screen, so each piece is convex)."""
    if a.box[2] <= b.box[0] or b.box[2] <= a.box[0] or a.box[3] <= b.box[1] or b.box[3] <= a.box[1]:
        return []
    out = []
    faces_a = front_faces(a) if faces_a is None else faces_a
    faces_b = front_faces(b) if faces_b is None else faces_b
    for fa, (a0, ax, ay), ba in faces_a:
        for fb, (b0, bx, by), bb in faces_b:
            if ba[2] <= bb[0] or bb[2] <= ba[0] or ba[3] <= bb[1] or bb[3] <= ba[1]:
                continue
            c0, cx, cy = b0 - a0, bx - ax, by - ay
            # the depths differ linearly: if b's face is nowhere nearer over either face, skip
            if all(c0 + cx * x + cy * y <= 0 for x, y in fa) or all(c0 + cx * x + cy * y <= 0 for x, y in fb):
                continue
            shared = _clip(fa, fb)
            if len(shared) < 3:
                continue
            piece = _cut_where(shared, (c0, cx, cy))
            if len(piece) >= 3 and _area(piece) > 1e-9:
                out.append(tuple(piece))
    return out


def _cut_where(poly: Sequence[tuple[float, float]], lin: tuple[float, float, float]) -> list:
    """The part of a convex polygon where ``lin`` (c0 + cx * x + cy * y) is positive."""
    c0, cx, cy = lin
    out = []
    k = len(poly)
    for i in range(k):
        p, q = poly[i - 1], poly[i]
        sp, sq = c0 + cx * p[0] + cy * p[1], c0 + cx * q[0] + cy * q[1]
        if sq > 0:
            if sp <= 0:
                out.append(_cut(p, q, sp, sq))
            out.append(q)
        elif sp > 0:
            out.append(_cut(p, q, sp, sq))
    return out


def _inside(poly: Sequence[tuple[float, float]], pt: tuple[float, float]) -> bool:
    """Whether a point lies inside a convex polygon (either winding)."""
    sign = 0
    k = len(poly)
    for i in range(k):
        (x0, y0), (x1, y1) = poly[i - 1], poly[i]
        c = (x1 - x0) * (pt[1] - y0) - (y1 - y0) * (pt[0] - x0)
        if abs(c) < 1e-12:
            continue
        if sign == 0:
            sign = 1 if c > 0 else -1
        elif (c > 0) != (sign > 0):
            return False
    return True


def span_at(b: Body, point: tuple[float, float]) -> tuple[float, float] | None:
    """Where the line of sight through the screen ``point`` (cube edge 1) is inside ``b``: from
    how far towards the viewer to how far (the far end is the visible surface), or None: a ray
    cast through the body's slabs."""
    sx, sy = point
    p0 = (sx + 2 * sy, 2 * sy - sx, 0.0)  # on the screen at ``point``, at height 0
    d = (p0[0] - b.centre[0], p0[1] - b.centre[1], p0[2] - b.centre[2])
    lo, hi = -math.inf, math.inf
    for e in b.axes:
        o, r = _dot(d, e), _dot(TOWARD, e)
        if abs(r) < 1e-12:
            if abs(o) > 0.5:
                return None
            continue
        t1, t2 = (-0.5 - o) / r, (0.5 - o) / r
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
        if lo > hi:
            return None
    return lo, hi


def misordered(bodies: Sequence[Body], order: Sequence[int], grid: int = 5) -> list:
    """The check of an order by ray casting, independent of ``before``: for every two bodies
    whose pictures overlap, a ``grid`` x ``grid`` lattice of screen points over the overlap; where
    the line of sight passes through both, the one painted later must be the nearer one. Pairs
    that share space (some line of sight is inside both at once: blocks of different slices of
    the simulation may sink into each other) have no right order and are skipped. Returns
    (earlier, later, area) for every pair where a body painted later covers a nearer one: the
    share of the sampled points that are wrong times the area the two pictures share (cube
    edges squared)."""
    rank = {i: k for k, i in enumerate(order)}
    out = []
    for i in range(len(bodies)):
        for j in range(len(bodies)):
            if rank[i] < rank[j]:
                area = _wrong_area(bodies[i], bodies[j], grid)
                if area > 0:
                    out.append((i, j, area))
    return out


def misshown(bodies: Sequence[Body], plan: Plan, grid: int = 5) -> list:
    """``misordered`` for a whole plan, mending included: at each sampled point the body shown
    is the last step of the painting that covers it (a body painted, or a body mended, which
    covers its picture less its hidden pieces); where the line of sight passes through two
    bodies and one of them is shown, it must be the nearer. Returns (i, j, area) for every pair
    where the farther one shows (the share of such points times the pictures' shared area)."""
    steps: list[tuple[int, tuple]] = [(i, ()) for i in plan.order] + list(plan.repairs)
    out = []
    n = len(bodies)
    for i in range(n):
        for j in range(i + 1, n):
            area = _wrong_shown(bodies, steps, i, j, grid)
            if area > 0:
                out.append((i, j, area))
    return out


def _covers(b: Body, p: tuple[float, float]) -> bool:
    if not (b.box[0] <= p[0] <= b.box[2] and b.box[1] <= p[1] <= b.box[3]):
        return False
    span = span_at(b, p)
    return span is not None and span[1] - span[0] >= 1e-6


def _shown(bodies: Sequence[Body], steps, p: tuple[float, float]) -> int | None:
    for k, hidden in reversed(steps):
        if _covers(bodies[k], p) and not (hidden and any(_inside(piece, p) for piece in hidden)):
            return k
    return None


def _wrong_shown(bodies, steps, i: int, j: int, grid: int) -> float:
    a, b = bodies[i], bodies[j]
    if a.box[2] <= b.box[0] or b.box[2] <= a.box[0] or a.box[3] <= b.box[1] or b.box[3] <= a.box[1]:
        return 0.0
    shared = _clip(a.outline, b.outline)
    if len(shared) < 3:
        return 0.0
    xs, ys = [p[0] for p in shared], [p[1] for p in shared]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    seen = wrong = 0
    for u in range(grid):
        for v in range(grid):
            p = (x0 + (x1 - x0) * (u + 0.5) / grid, y0 + (y1 - y0) * (v + 0.5) / grid)
            sa, sb = span_at(a, p), span_at(b, p)
            if sa is None or sb is None or sa[1] - sa[0] < 1e-6 or sb[1] - sb[0] < 1e-6:
                continue
            if sa[0] < sb[1] - 1e-9 and sb[0] < sa[1] - 1e-9:
                return 0.0  # inside both at once: they share space
            shown = _shown(bodies, steps, p)
            if shown not in (i, j):
                continue  # a third body covers both here (its own pairs check it)
            seen += 1
            farther = j if sa[0] >= sb[1] - 1e-9 else i  # not sharing space: one lies beyond the other
            wrong += shown == farther
    return wrong / seen * _area(shared) if seen else 0.0


def _wrong_area(a: Body, b: Body, grid: int) -> float:
    """How much of the shared picture shows ``a``, painted before ``b``, though it is nearer."""
    if a.box[2] <= b.box[0] or b.box[2] <= a.box[0] or a.box[3] <= b.box[1] or b.box[3] <= a.box[1]:
        return 0.0
    shared = _clip(a.outline, b.outline)
    if len(shared) < 3:
        return 0.0
    xs, ys = [p[0] for p in shared], [p[1] for p in shared]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    seen = wrong = 0
    for u in range(grid):
        for v in range(grid):
            p = (x0 + (x1 - x0) * (u + 0.5) / grid, y0 + (y1 - y0) * (v + 0.5) / grid)
            sa, sb = span_at(a, p), span_at(b, p)
            if sa is None or sb is None or sa[1] - sa[0] < 1e-6 or sb[1] - sb[0] < 1e-6:
                continue  # not under the point, or only grazed along an edge
            if sa[0] < sb[1] - 1e-9 and sb[0] < sa[1] - 1e-9:
                return 0.0  # inside both at once: they share space
            seen += 1
            wrong += sa[0] >= sb[1]
    return wrong / seen * _area(shared) if seen else 0.0


def _area(poly: Sequence[tuple[float, float]]) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, list(poly[1:]) + [poly[0]]))) / 2


def _clip(subject: Sequence[tuple[float, float]], clip: Sequence[tuple[float, float]]) -> list:
    """The intersection of two convex polygons (Sutherland-Hodgman)."""
    k = len(clip)
    turn = 0.0
    for i in range(k):
        (x0, y0), (x1, y1) = clip[i - 1], clip[i]
        turn += x0 * y1 - x1 * y0
    sign = 1.0 if turn > 0 else -1.0
    out = list(subject)
    for e in range(k):
        ax, ay = clip[e]
        bx, by = clip[(e + 1) % k]
        ex, ey = sign * (bx - ax), sign * (by - ay)
        pts, out = out, []
        if not pts:
            return []
        qx, qy = pts[-1]
        sq = ex * (qy - ay) - ey * (qx - ax)
        for p in pts:
            px, py = p
            sp = ex * (py - ay) - ey * (px - ax)
            if sp >= 0:
                if sq < 0:
                    f = sq / (sq - sp)
                    out.append((qx + (px - qx) * f, qy + (py - qy) * f))
                out.append(p)
            elif sq >= 0:
                f = sq / (sq - sp)
                out.append((qx + (px - qx) * f, qy + (py - qy) * f))
            qx, qy, sq = px, py, sp
        if not out:
            return []
    return out


def _cut(q, p, sq: float, sp: float) -> tuple[float, float]:
    f = sq / (sq - sp)
    return (q[0] + (p[0] - q[0]) * f, q[1] + (p[1] - q[1]) * f)
