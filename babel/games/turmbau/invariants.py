"""Invariants of a Turmbau state, run by the conformance battery and the soak after every step.

``invariant_errors(state)`` names every broken law: the 100 building cards (supply, discard,
hands, offers), each player's parts (in supply or on wonders), the 24 discs (board or collected),
the 15 action cards (deck, held, in a face-down offer, spent), the public hand bounds, offers only
during a build, scored wonders left empty, and scores that match the final sheet.
"""

from __future__ import annotations

from collections import Counter

from babel.games.turmbau import data
from babel.games.turmbau.model import Phase, TurmbauState
from babel.games.turmbau.pieces import TRIPLE, all_action_cards, all_discs


def invariant_errors(state: TurmbauState) -> tuple[str, ...]:
    """Every broken invariant of ``state``; empty when all hold."""
    return (
        *_building_cards(state),
        *_seats(state),
        *_discs_and_action_cards(state),
        *_board(state),
    )


def _building_cards(state: TurmbauState) -> list[str]:
    per_kind = [0] * data.NKINDS
    for k in state.supply:
        per_kind[k] += 1
    for k in range(data.NKINDS):
        per_kind[k] += state.discard[k]
        for s in range(state.players):
            per_kind[k] += state.hands[s][k]
            o = state.offers[s]
            if o is not None:
                per_kind[k] += o.cards[k]
    if per_kind != [data.CARDS_PER_KIND] * data.NKINDS:
        return [f"building cards per kind {per_kind}"]
    return []


def _seats(state: TurmbauState) -> list[str]:
    """Hands, parts and the cards everyone has seen returning to a hand, seat by seat."""
    out = []
    for s in range(state.players):
        if min(state.hands[s]) < 0:
            out.append(f"negative hand {s}: {state.hands[s]}")
        ones, threes = state.parts[s]
        for w in state.wonders:
            ones += w.parts[s][0]
            threes += w.parts[s][1]
        if (ones, threes) != (data.PARTS_ONES, data.PARTS_THREES):
            out.append(f"parts of seat {s}: {(ones, threes)}")
        holding = list(state.hands[s])
        o = state.offers[s]
        if o is not None and not state.revealed:
            holding = [h + c for h, c in zip(holding, o.cards)]
        if any(state.known[s][k] > holding[k] for k in range(data.NKINDS)):
            out.append(f"known cards {state.known[s]} exceed the holding {holding} of seat {s}")
        if state.scores[s] < 0:
            out.append(f"negative score of seat {s}")
    return out


def _discs_and_action_cards(state: TurmbauState) -> list[str]:
    out = []
    discs = Counter(d for w in state.wonders for d in w.discs if d is not None)
    for held in state.discs:
        discs.update(held)
    if discs != Counter(all_discs(state.two_kind)):
        out.append("discs are not conserved")
    actions = Counter(state.action_deck)
    for held in state.actions:
        actions.update(held)
    actions.update(state.spent)
    for o in state.offers:
        if o is not None and o.triple and not state.revealed:
            actions[TRIPLE] += 1
    if actions != Counter(all_action_cards()):
        out.append("action cards are not conserved")
    return out


def _board(state: TurmbauState) -> list[str]:
    out = []
    if state.phase is not Phase.OFFER and state.phase is not Phase.SELECT:
        if any(o is not None for o in state.offers):
            out.append("offers left outside a build")
    for w in state.wonders:
        if w.scored and (w.discs_left or any(p != (0, 0) for p in w.parts)):
            out.append("a scored wonder still holds discs or parts")
    if state.phase is Phase.OVER and tuple(f.total for f in state.final) != state.scores:
        out.append("the final score sheet does not match the scores")
    if state.phase is not Phase.OVER and state.final:
        out.append("a final score sheet before the end")
    return out
