"""What a table scene asks before a move is made: targets, the knock-over risk, the drag's shake.

All functions are pure and work from a view and the legal actions only (never the full state),
so the pygame table can call them every frame while a block is dragged:

- ``block_moves(legal, tower, cell, floor)``: the legal take/return moves of one block (a block
  with none cannot be picked up);
- ``add_targets(legal, colour)`` / ``bonus_targets(legal)``: the (tower, cell) places a held
  block of that colour (or a Bonus Block) may be dropped on, for highlighting;
- ``hand_move(view, move, dx, dy, shake)``: a legal canonical move made with a hand's offset and
  shake (what the scene submits to ``apply``);
- ``shake_from_drag(speed, jerk)``: the drag's disturbance level (0 with steady hands);
- ``knock_risk(view, move, hand)``: the chance that the move knocks its tower over, over the shake
  distribution of a hand profile (exact over the quantised shake levels; about 2-4 ms per level,
  cached, so it can follow the mouse);
- ``predict(view, move)``: the exact verdict the rules will reach for this move with its own
  offset and shake (the physics is deterministic), with the fall's frames.
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.core.protocol import replace
from babel.games.babel_on import physics
from babel.games.babel_on import structure as st
from babel.games.babel_on.engine import MAX_OFFSET, MAX_SHAKE, BabelView, Move

# A drag's disturbance: block edges per second of hand speed and per second^2 of jerk (speed
# change) at which each shake level is reached. Calm drags (under 2 edges/s) shake nothing.
CALM_SPEED = 2.0
SPEED_PER_LEVEL = 1.5
JERK_PER_LEVEL = 20.0

# Shake distributions of the hand profiles a human may choose for the preview (the bots'
# hands are in babel.games.babel_on.bots.HANDS and use the same levels).
PREVIEW_HANDS = {
    "steady": (1.0,),
    "careful": (5.0, 3.0, 2.0),
    "average": (3.0, 3.0, 2.0, 1.0, 1.0),
    "shaky": (1.0, 2.0, 3.0, 3.0, 2.0, 2.0, 1.0, 1.0),
}


def block_moves(legal: Sequence[Move], tower: int, cell: int, floor: int) -> tuple[Move, ...]:
    return tuple(
        m
        for m in legal
        if m.kind in ("take", "return") and (m.tower, m.cell, m.floor) == (tower, cell, floor)
    )


def add_targets(legal: Sequence[Move], colour: int) -> tuple[tuple[int, int], ...]:
    return tuple((m.tower, m.cell) for m in legal if m.kind == "add" and m.colour == colour)


def bonus_targets(legal: Sequence[Move]) -> tuple[tuple[int, int], ...]:
    return tuple((m.tower, m.cell) for m in legal if m.kind == "bonus")


def shake_from_drag(speed: float, jerk: float, steady_hands: bool = False) -> int:
    """The shake level of a drag (speed in block edges/s, jerk in edges/s^2)."""
    if steady_hands:
        return 0
    level = max(0.0, (speed - CALM_SPEED) / SPEED_PER_LEVEL) + max(0.0, jerk / JERK_PER_LEVEL)
    return min(MAX_SHAKE, int(level))


def hand_move(view: BabelView, move: Move, dx: int = 0, dy: int = 0, shake: int = 0) -> Move:
    """``move`` with the hand's offset (only for placements, clamped to the bounds) and shake."""
    if move.kind not in ("add", "bonus"):
        dx = dy = 0
    if move.kind not in ("add", "bonus", "take", "return") or view.steady_hands:
        shake = 0
    dx = max(-MAX_OFFSET, min(MAX_OFFSET, dx))
    dy = max(-MAX_OFFSET, min(MAX_OFFSET, dy))
    return replace(move, dx=dx, dy=dy, shake=max(0, min(MAX_SHAKE, shake)))


def _places(view: BabelView, move: Move) -> list[physics.Placed] | None:
    if move.kind not in ("add", "bonus", "take", "return"):
        return None
    tower = view.towers[move.tower]
    if move.kind in ("take", "return"):
        return st.places(tower, skip=(move.cell, move.floor))
    dx, dy = st.clamp_offset(tower, move.cell, move.dx, move.dy)
    pl = st.places(tower)
    pl.append(physics.Placed(move.cell, len(tower[move.cell]) + 1, dx, dy))
    return pl


def knock_risk(view: BabelView, move: Move, hand: str | Sequence[float] = "average") -> float:
    """The chance (0..1) that ``move`` (with its offset) knocks its tower over, with the shake
    drawn from ``hand`` (a profile name or weights per level). With steady hands: 0 or 1."""
    pl = _places(view, move)
    if pl is None:
        return 0.0
    weights = PREVIEW_HANDS[hand] if isinstance(hand, str) else tuple(hand)
    if view.steady_hands:
        weights = (1.0,)
    return physics.risk(pl, move.cell, weights)


def predict(view: BabelView, move: Move) -> physics.Report:
    """The verdict ``apply`` will reach for exactly this move (offset and shake included)."""
    pl = _places(view, move)
    if pl is None:
        return physics.Report(True)
    return physics.check(pl, move.cell, move.shake, record=True)
