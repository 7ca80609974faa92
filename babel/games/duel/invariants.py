"""Every consistency check of a duel state: each seat's fourteen cards conserved (in hand or
revealed in a round, each exactly once), choices taken from the hand, the die and the Builder as
the last round left them, and scores equal to the points the rounds gave."""

from __future__ import annotations

from babel.games.duel.model import DIE_MAX, DIE_START, ROUNDS, SUIT, DuelState, EndReason, Phase


def invariant_errors(state: DuelState) -> tuple[str, ...]:
    errors: list[str] = []
    n = len(state.hands)
    if not 2 <= n <= 3 or len(state.committed) != n or len(state.scores) != n:
        return (f"{n} hands, {len(state.committed)} choices and {len(state.scores)} scores",)
    if len(state.history) > ROUNDS:
        errors.append(f"{len(state.history)} rounds played, more than {ROUNDS}")
    errors += _cards(state)
    errors += _die_and_scores(state)
    over = state.phase is Phase.OVER
    if over != (state.end is not None):
        errors.append(f"phase {state.phase.value} with end {state.end}")
    if over and any(c is not None for c in state.committed):
        errors.append("cards committed after the end")
    if not over and len(state.history) >= ROUNDS:
        errors.append("all rounds played but the game goes on")
    if state.end is EndReason.ROUNDS and len(state.history) != ROUNDS:
        errors.append(f"ended by the round limit after {len(state.history)} rounds")
    return tuple(errors)


def _cards(state: DuelState) -> list[str]:
    errors = []
    for seat, hand in enumerate(state.hands):
        if list(hand) != sorted(hand):
            errors.append(f"seat {seat}'s hand is not sorted")
        played = [r.cards[seat] for r in state.history if len(r.cards) == len(state.hands)]
        if sorted((*hand, *played)) != list(SUIT):
            errors.append(f"seat {seat}'s cards are not conserved: hand {hand}, played {played}")
        chosen = state.committed[seat]
        if chosen is not None and chosen not in hand:
            errors.append(f"seat {seat} committed a card not in its hand: {chosen}")
    if any(len(r.cards) != len(state.hands) for r in state.history):
        errors.append("a round without one card per seat")
    return errors


def _die_and_scores(state: DuelState) -> list[str]:
    errors = []
    last = state.history[-1] if state.history else None
    builder = last.builder if last else None
    die = last.die if last else DIE_START
    if (state.builder, state.die) != (builder, die):
        errors.append(f"Builder {state.builder} with die {state.die}, the last round left {builder}, {die}")
    if not DIE_START <= state.die <= DIE_MAX:
        errors.append(f"the die shows {state.die}")
    if state.builder is not None and not 0 <= state.builder < len(state.hands):
        errors.append(f"Builder {state.builder} is no seat")
    for seat, score in enumerate(state.scores):
        points = sum(r.points for r in state.history if r.winner == seat)
        if score != points:
            errors.append(f"seat {seat} has {score} points, the rounds gave {points}")
    return errors
