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
- ``knock_risk(view, move, shake)``: the chance that the move knocks its tower over with a hand
  of that shake: the share of its ensemble that falls, exactly the distribution ``apply`` draws
  the outcome from (memoised, so it can follow the mouse).
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.core.protocol import replace
from babel.games.babel_on import physics
from babel.games.babel_on import structure as st
from babel.games.babel_on.actions import Action, Add, BlockMove, Bonus, Placement, Removal
from babel.games.babel_on.falls import move_places
from babel.games.babel_on.model import MAX_OFFSET, MAX_SHAKE, BabelView
from babel.games.babel_on.structure import Block

# A drag's disturbance: block edges per second of hand speed and per second^2 of jerk (speed
# change) at which each shake level is reached. Calm drags (under 2 edges/s) shake nothing.
CALM_SPEED = 2.0
SPEED_PER_LEVEL = 1.5
JERK_PER_LEVEL = 20.0

# The shake of the hands a human may pick for the odds shown before a drag starts (while
# dragging, the table shows the odds for the drag's own shake). Bots' steadiness uses the same
# levels (babel.games.babel_on.bots.HANDS).
PREVIEW_HANDS = {"steady": 0, "careful": 1, "average": 3, "shaky": 6}


def block_moves(legal: Sequence[Action], tower: int, cell: int, floor: int) -> tuple[Removal, ...]:
    return tuple(
        m for m in legal if isinstance(m, Removal) and (m.tower, m.cell, m.floor) == (tower, cell, floor)
    )


def add_targets(legal: Sequence[Action], colour: int) -> tuple[tuple[int, int], ...]:
    return tuple((m.tower, m.cell) for m in legal if isinstance(m, Add) and m.colour == colour)


def bonus_targets(legal: Sequence[Action]) -> tuple[tuple[int, int], ...]:
    return tuple((m.tower, m.cell) for m in legal if isinstance(m, Bonus))


def shake_from_drag(speed: float, jerk: float, steady_hands: bool = False) -> int:
    """The shake level of a drag (speed in block edges/s, jerk in edges/s^2)."""
    if steady_hands:
        return 0
    level = max(0.0, (speed - CALM_SPEED) / SPEED_PER_LEVEL) + max(0.0, jerk / JERK_PER_LEVEL)
    return min(MAX_SHAKE, int(level))


def hand_move(view: BabelView, move: Action, dx: int = 0, dy: int = 0, shake: int = 0) -> Action:
    """``move`` with the hand's offset (only for placements, clamped to the bounds) and shake."""
    if not isinstance(move, BlockMove):
        return move
    shake = 0 if view.steady_hands else max(0, min(MAX_SHAKE, shake))
    if isinstance(move, Placement):
        dx = max(-MAX_OFFSET, min(MAX_OFFSET, dx))
        dy = max(-MAX_OFFSET, min(MAX_OFFSET, dy))
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
    ``shake`` (a level, a hand name of ``PREVIEW_HANDS``, or None for the move's own shake)."""
    if isinstance(shake, str):
        shake = PREVIEW_HANDS[shake]
    ens = move_ensemble(view, move, shake)
    return 0.0 if ens is None else ens.risk
