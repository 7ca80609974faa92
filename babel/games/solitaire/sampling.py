"""Hidden-state redraws for solitaire: only the order of the draw pile is secret."""

from __future__ import annotations

from babel.core.protocol import replace
from babel.core.rng import Rng
from babel.games.solitaire.model import SolitaireState, SolitaireView


def resample_hidden(state: SolitaireState, seat: int | None, rng: Rng) -> SolitaireState:
    """The same line with the pile shuffled anew."""
    pile = rng.shuffled(state.pile)
    return replace(state, pile=tuple(pile), rng=rng.next64())


def determinize(view: SolitaireView, seat: int, rng: Rng) -> SolitaireState:
    """A full state for the view: the pieces not yet seen, in a random order, as the pile."""
    pile = rng.shuffled(view.unseen)
    return SolitaireState(
        rng=rng.next64(),
        variant=view.variant,
        difficulty=view.difficulty,
        deal=view.deal,
        phase=view.phase,
        line=view.line,
        pile=tuple(pile),
    )
