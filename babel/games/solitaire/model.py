"""Tower of Babel solitaire's things: the difficulty, the state and the view, the event kinds,
and the rules as plain functions over the tops of the stacks (the rules, the solver, the hints and
the bots share them).

Stacks are numbered from 0 at the left, exactly as in ``SolitaireView.line``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum, StrEnum

from babel.games.solitaire.deals import Variant, deck, matches

DEAL_FROM_SEED = -1  # the `deal` option's default: use the seed as the deal number
DEAL_COUNT = 1_000_000_000  # deal numbers are 0 .. DEAL_COUNT - 1
FULL_WIN = 1  # stacks left for a full win
PARTIAL_WIN_MAX = 3  # at most this many stacks left is a partial win


class Difficulty(Enum):
    STANDARD = "standard"  # any legal move, any time; drawing is always allowed
    STRICT = "strict"  # an optional challenge of this edition: a move must be made, onto the nearest match


class Phase(Enum):
    PLAY = "play"
    OVER = "over"


class EventKind(StrEnum):
    """The kinds of event solitaire emits (the values are the text logs and saves hold).

    ``draw``: ``{"tile", "to", "pile"}``; ``move``: ``{"from", "to", "tile", "onto", "count",
    "distance", "stacks"}`` (0-based stack indices); ``end``: ``{"result", "stacks", "summary",
    "reason"}``.
    """

    DRAW = "draw"
    MOVE = "move"
    END = "end"


@dataclass(frozen=True)
class SolitaireState:
    rng: int
    variant: Variant
    difficulty: Difficulty
    deal: int
    phase: Phase
    line: tuple[tuple[str, ...], ...]  # stacks left to right; each bottom first, top last
    pile: tuple[str, ...]  # the draw pile, next piece first (secret)


@dataclass(frozen=True)
class SolitaireView:
    """What the player sees: everything but the order of the draw pile.

    ``line`` holds every stack in full (bottom first, top last): all pieces are face up.
    ``last_draw_done`` is True once the pile is empty (from then on "finish" ends the game).
    ``result`` is "" while playing, then "full", "partial" or "loss".
    """

    variant: Variant
    difficulty: Difficulty
    deal: int
    phase: Phase
    pile_size: int
    line: tuple[tuple[str, ...], ...]
    last_draw_done: bool
    result: str

    @property
    def tops(self) -> tuple[str, ...]:
        return tuple(stack[-1] for stack in self.line)

    @property
    def unseen(self) -> tuple[str, ...]:
        """The pieces still in the pile, in canonical deck order (their order is unknown)."""
        seen = {p for stack in self.line for p in stack}
        return tuple(p for p in deck(self.variant) if p not in seen)


# -- the rules as plain functions over tops (the solver and bots share them) ---------------
def all_moves(tops: Sequence[str]) -> list[tuple[int, int]]:
    """Every (src, dst) with dst one or three to the left of src and matching tops."""
    out = []
    for i in range(1, len(tops)):
        top = tops[i]
        if matches(top, tops[i - 1]):
            out.append((i, i - 1))
        if i >= 3 and matches(top, tops[i - 3]):
            out.append((i, i - 3))
    out.sort()
    return out


def strict_moves(tops: Sequence[str]) -> list[tuple[int, int]]:
    """The moves the strict rule allows: each stack goes onto its nearest match only."""
    out = []
    for i in range(1, len(tops)):
        top = tops[i]
        if matches(top, tops[i - 1]):
            out.append((i, i - 1))
        elif i >= 3 and matches(top, tops[i - 3]):
            out.append((i, i - 3))
    return out


def moves_for(tops: Sequence[str], difficulty: Difficulty) -> list[tuple[int, int]]:
    return strict_moves(tops) if difficulty is Difficulty.STRICT else all_moves(tops)


def result_class(stacks: int) -> str:
    """'full' (one stack), 'partial' (two or three) or 'loss' (four or more)."""
    if stacks <= FULL_WIN:
        return "full"
    if stacks <= PARTIAL_WIN_MAX:
        return "partial"
    return "loss"


SUMMARY = {"full": "Full win", "partial": "Partial win", "loss": "Loss"}


def summary_text(stacks: int) -> str:
    word = "stack" if stacks == 1 else "stacks"
    return f"{SUMMARY[result_class(stacks)]}: {stacks} {word} left"
