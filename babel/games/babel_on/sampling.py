"""Babel On!'s hidden state: nothing on the table is secret (the bag's contents follow from what
is visible); only the random stream (future rolls, draws and physics draws) is unknown."""

from __future__ import annotations

from babel.core.protocol import replace
from babel.core.rng import Rng
from babel.games.babel_on.model import BabelState, BabelView


def resample_hidden(state: BabelState, seat: int | None, rng: Rng) -> BabelState:
    """The same table with a fresh random stream."""
    return replace(state, rng=rng.next64())


def determinize(view: BabelView, seat: int, rng: Rng) -> BabelState:
    """The state a view stands for, with a fresh random stream."""
    fields = {f: getattr(view, f) for f in BabelState.__dataclass_fields__ if f != "rng"}
    return BabelState(rng=rng.next64(), **fields)
