"""Every consistency check of a solitaire state: the pieces conserved (each piece of the deck
exactly once, in the line or in the pile), no empty stack, and a game over only once the pile is
empty."""

from __future__ import annotations

from collections import Counter

from babel.games.solitaire.deals import deck
from babel.games.solitaire.model import DEAL_COUNT, Phase, SolitaireState


def invariant_errors(state: SolitaireState) -> tuple[str, ...]:
    errors: list[str] = []
    pieces = Counter(p for stack in state.line for p in stack)
    pieces.update(state.pile)
    full = Counter(deck(state.variant))
    if pieces != full:
        missing = sorted((full - pieces).elements())
        extra = sorted((pieces - full).elements())
        errors.append(f"pieces not conserved: missing {missing}, extra or doubled {extra}")
    if not state.line:
        errors.append("the line is empty")
    if any(not stack for stack in state.line):
        errors.append("an empty stack in the line")
    if state.phase is Phase.OVER and state.pile:
        errors.append(f"the game is over with {len(state.pile)} pieces still in the pile")
    if not 0 <= state.deal < DEAL_COUNT:
        errors.append(f"deal number {state.deal} out of range")
    return tuple(errors)
