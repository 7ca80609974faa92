"""Invariants of a Turmbau state, shared by the property tests and the soak tool.

``problems(state)`` lists every broken conservation law: the 100 building cards (supply, discard,
hands, offers), each player's parts (in supply or on wonders), the 24 discs (board or collected),
the 15 action cards (deck, held, in a face-down offer, spent), and the public hand bounds.
"""

from __future__ import annotations

from collections import Counter

from babel.games.turmbau import data
from babel.games.turmbau.model import Phase, TurmbauState
from babel.games.turmbau.rules import TRIPLE, all_action_cards, all_discs


def problems(state: TurmbauState) -> list[str]:
    out = []
    n = state.players
    per_kind = [0] * data.NKINDS
    for k in state.supply:
        per_kind[k] += 1
    for k in range(data.NKINDS):
        per_kind[k] += state.discard[k]
        for s in range(n):
            per_kind[k] += state.hands[s][k]
            o = state.offers[s]
            if o is not None:
                per_kind[k] += o.cards[k]
    if per_kind != [data.CARDS_PER_KIND] * data.NKINDS:
        out.append(f"building cards per kind {per_kind}")
    for s in range(n):
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
    if state.phase is not Phase.OFFER and state.phase is not Phase.SELECT:
        if any(o is not None for o in state.offers):
            out.append("offers left outside a build")
    for w in state.wonders:
        if w.scored and (w.discs_left or any(p != (0, 0) for p in w.parts)):
            out.append("a scored wonder still holds discs or parts")
    return out
