"""What a table scene asks before a move is made: targets, the knock-over risk, the drag's shake.

All functions are pure and work from a view and the legal actions only (never the full state),
so the pygame table can call them every frame while a block is dragged:

- ``block_moves(legal, tower, cell, floor)``: the legal take/return moves of one block (a block
  with none cannot be picked up);
- ``add_targets(legal, colour)`` / ``bonus_targets(legal)``: the (tower, cell) places a held
  block of that colour (or a Bonus Block) may be dropped on, for highlighting;
- ``hand_move(view, move, dx, dy, shake)``: a legal canonical move made with a hand's offset and
  shake (what the scene submits to ``apply``);
- ``drag_motion(path, now)``: how fast and how abruptly a drag's hand moved over its last
  moments; ``shake_from_drag(speed, jerk)``: the disturbance level that makes (0 with steady
  hands); ``drag_shake(path, now)`` both at once;
- ``knock_risk(view, move, shake)``: the chance that the move knocks its tower over with a hand
  of that shake: the share of its ensemble that falls, exactly the distribution ``apply`` draws
  the outcome from (memoised, so it can follow the mouse).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from babel.core.protocol import replace
from babel.games.babel_on import physics
from babel.games.babel_on import structure as st
from babel.games.babel_on.actions import Action, Add, BlockMove, Bonus, Placement, Removal
from babel.games.babel_on.falls import move_places
from babel.games.babel_on.model import MAX_SHAKE, BabelView
from babel.games.babel_on.structure import Block

# A drag's disturbance comes from the last moments before the block lands, not from the instant
# of release: the hand's path is resampled every SPAN seconds, and the fastest speed and the
# sharpest change of velocity in the last WINDOW seconds count (whole for the last HOLD seconds,
# fading linearly to nothing at WINDOW), so a fast drag that slows into the drop still counts as
# fast and a hand that rests a moment before letting go has calmed down. Speeds are in block edges
# per second, changes of velocity in edges/s^2. docs/babel_on/physics.md has the drag profiles.
SPAN = 0.05
HOLD = 0.25
WINDOW = 0.6
CALM_SPEED = 6.0  # an eased drag comes in slower than this
SPEED_PER_LEVEL = 5.0
CALM_JERK = 60.0  # an eased drag changes speed less sharply than this
JERK_PER_LEVEL = 80.0

# Hands: the spread of shake levels a hand makes, as (level, share in percent). Nobody's hand
# is the same every time: a careful hand is mostly calm and now and then less so, a shaky one
# anything from a little to a lot. The bots' hands are these (babel.games.babel_on.bots.HANDS;
# each move's level is drawn from the bot's seeded stream); a human picks one with H for the odds
# shown before a drag starts (while dragging, the table shows the odds for the drag's own shake).
PREVIEW_HANDS: dict[str, tuple[tuple[int, int], ...]] = {
    "steady": ((0, 100),),
    "careful": ((0, 25), (1, 35), (2, 25), (3, 12), (4, 3)),
    "average": ((1, 10), (2, 20), (3, 30), (4, 20), (5, 12), (6, 8)),
    "shaky": ((3, 10), (4, 15), (5, 20), (6, 20), (7, 15), (8, 10), (9, 10)),
}


def block_moves(legal: Sequence[Action], tower: int, cell: int, floor: int) -> tuple[Removal, ...]:
    return tuple(
        m for m in legal if isinstance(m, Removal) and (m.tower, m.cell, m.floor) == (tower, cell, floor)
    )


def add_targets(legal: Sequence[Action], colour: int) -> tuple[tuple[int, int], ...]:
    return tuple((m.tower, m.cell) for m in legal if isinstance(m, Add) and m.colour == colour)


def bonus_targets(legal: Sequence[Action]) -> tuple[tuple[int, int], ...]:
    return tuple((m.tower, m.cell) for m in legal if isinstance(m, Bonus))


def shake_from_drag(speed: float, jerk: float, steady_hands: bool = False) -> int:
    """The shake level of a drag whose last moments reached ``speed`` (block edges/s) and a
    change of velocity of ``jerk`` (edges/s^2), as ``drag_motion`` measures them."""
    if steady_hands:
        return 0
    level = max(0.0, (speed - CALM_SPEED) / SPEED_PER_LEVEL) + max(0.0, (jerk - CALM_JERK) / JERK_PER_LEVEL)
    return min(MAX_SHAKE, int(level))


def hand_at(path: Sequence[tuple[float, float, float]], t: float) -> tuple[float, float]:
    """Where the hand was at time ``t`` (at rest before the first sample and after the last)."""
    if t <= path[0][0]:
        return path[0][1], path[0][2]
    for (t0, x0, y0), (t1, x1, y1) in zip(path, path[1:]):
        if t <= t1:
            u = 0.0 if t1 <= t0 else (t - t0) / (t1 - t0)
            return x0 + (x1 - x0) * u, y0 + (y1 - y0) * u
    return path[-1][1], path[-1][2]


def _weight(age: float) -> float:
    return 1.0 if age <= HOLD else max(0.0, (WINDOW - age) / (WINDOW - HOLD))


def drag_motion(path: Sequence[tuple[float, float, float]], now: float) -> tuple[float, float]:
    """The (speed, jerk) of a drag's last moments: ``path`` holds (seconds, x, y) samples of the
    hand in block edges, oldest first; between samples the hand moves straight, after the last
    one it rests until ``now``, when the block lands and stops (a block let go in full flight
    stops as sharply as a hand that stops dead). Each is the largest of its values over the last
    WINDOW seconds, weighed by how recent it is."""
    if not path:
        return 0.0, 0.0
    steps = round(WINDOW / SPAN) + 1
    pts = [hand_at(path, now - k * SPAN) for k in range(steps + 1)]  # newest first
    vel = [((a[0] - b[0]) / SPAN, (a[1] - b[1]) / SPAN) for a, b in zip(pts, pts[1:])]
    speed = max(_weight(k * SPAN) * math.hypot(*v) for k, v in enumerate(vel))
    landed = [(0.0, 0.0), *vel]  # the block at rest on the tower after ``now``
    jerk = max(
        _weight(k * SPAN) * math.hypot(a[0] - b[0], a[1] - b[1]) / SPAN
        for k, (a, b) in enumerate(zip(landed, landed[1:]))
    )
    return speed, jerk


def drag_shake(path: Sequence[tuple[float, float, float]], now: float, steady_hands: bool = False) -> int:
    """The shake a drop at ``now`` carries, from the drag's last moments (see ``drag_motion``)."""
    return 0 if steady_hands else shake_from_drag(*drag_motion(path, now))


def aim(view: BabelView, tower: int, cell: int, dx: float, dy: float) -> tuple[int, int]:
    """A hand's offset for a block put on ``tower`` at ``cell``, brought within the bounds
    (``physics.aim_bounds``: 8 units, or square on a shifted block it lands on)."""
    return physics.clamp_aim(st.top_block(view.towers, tower, cell), round(dx), round(dy))


def hand_move(view: BabelView, move: Action, dx: int = 0, dy: int = 0, shake: int = 0) -> Action:
    """``move`` with the hand's offset (only for placements, clamped to the bounds) and shake."""
    if not isinstance(move, BlockMove):
        return move
    shake = 0 if view.steady_hands else max(0, min(MAX_SHAKE, shake))
    if isinstance(move, Placement):
        dx, dy = aim(view, move.tower, move.cell, dx, dy)
        return replace(move, dx=dx, dy=dy, shake=shake)
    return replace(move, shake=shake)


def move_tower_places(view: BabelView, move: Action) -> list[physics.Placed] | None:
    """The tower as the physics sees it right after ``move`` (with its offset), or None for a
    move that touches no block."""
    if not isinstance(move, BlockMove):
        return None
    tower = view.towers[move.tower]
    if isinstance(move, Removal):
        return move_places(tower, move, None)
    dx, dy = st.clamp_offset(tower, move.cell, move.dx, move.dy)
    return move_places(tower, move, Block(0, dx, dy))


def move_ensemble(view: BabelView, move: Action, shake: int | None = None) -> physics.Ensemble | None:
    """The ensemble ``apply`` will draw this move's outcome from (with ``shake`` instead of the
    move's own, when given; always 0 with steady hands)."""
    pl = move_tower_places(view, move)
    if pl is None:
        return None
    level = move.shake if shake is None else shake
    if view.steady_hands:
        level = 0
    return physics.ensemble(pl, move.cell, max(0, min(MAX_SHAKE, level)))


def knock_risk(view: BabelView, move: Action, shake: int | str | None = None) -> float:
    """The chance (0..1) that ``move`` (with its offset) knocks its tower over with a hand of
    ``shake``: a level, None for the move's own shake, or a hand name of ``PREVIEW_HANDS`` (then
    the chance over the hand's spread: each level's risk weighed by how often the hand makes it)."""
    if isinstance(shake, str):
        return hand_risk(view, move, PREVIEW_HANDS[shake])
    ens = move_ensemble(view, move, shake)
    return 0.0 if ens is None else ens.risk


def hand_risk(view: BabelView, move: Action, spread: Sequence[tuple[int, int]]) -> float:
    """The chance that ``move`` knocks its tower over when made by a hand of this spread."""
    if not isinstance(move, BlockMove):
        return 0.0
    return sum(share * knock_risk(view, move, level) for level, share in spread) / 100


def draw_shake(spread: Sequence[tuple[int, int]], pick: int) -> int:
    """The level of a hand's spread that ``pick`` (0..99, from a seeded stream) stands for."""
    for level, share in spread:
        if pick < share:
            return level
        pick -= share
    return spread[-1][0]
