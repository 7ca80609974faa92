"""Hidden-state redraws for the duel: only this round's committed cards are secret (every hand
is public), so a redraw picks each other seat's choice among the cards it still holds."""

from __future__ import annotations

from babel.core.protocol import replace
from babel.core.rng import Rng
from babel.games.duel.model import DuelState, DuelView


def resample_hidden(state: DuelState, seat: int | None, rng: Rng) -> DuelState:
    """Redraw the other seats' current choices among their hands (all else is public)."""
    committed = list(state.committed)
    for i, c in enumerate(committed):
        if i != seat and c is not None:
            committed[i] = rng.choice(state.hands[i])
    return replace(state, committed=tuple(committed), rng=rng.next64())


def determinize(view: DuelView, seat: int, rng: Rng) -> DuelState:
    """A full state consistent with ``view``: the others' hidden choices drawn at random."""
    committed = []
    for i, has in enumerate(view.committed):
        if not has:
            committed.append(None)
        elif i == seat:
            committed.append(view.my_choice)
        else:
            committed.append(rng.choice(view.hands[i]))
    return DuelState(
        rng=rng.next64(),
        phase=view.phase,
        hands=view.hands,
        committed=tuple(committed),
        builder=view.builder,
        die=view.die,
        scores=view.scores,
        history=view.history,
        end=view.end,
    )
