"""Babel Builders: invariants every reachable state keeps (used by the property test and the soak).

``check(state)`` raises AssertionError naming the first broken invariant: cards conserved (deck,
hands, secret choices, the Master's face-down cards, discards and resolved cards hold every card of
the game exactly once), blocks conserved (25 = supply + base), roles consistent (one Messenger;
Zealots are exactly the non-Messenger holders of Divine Punishment; each Zealot has one
conversion record), the hand limit, the Seal phase (open only when an Architect holds a Seal; only
holders use one) and the phase bookkeeping.
"""

from __future__ import annotations

from babel.games.builders import cards as C
from babel.games.builders.engine import card_locations
from babel.games.builders.model import BuildersState, Phase, Role


def check(state: BuildersState) -> None:
    n = state.players
    cards = sorted(card_locations(state))
    assert cards == list(C.game_card_ids(n)), "cards not conserved"
    assert state.supply + sum(state.base) == C.SUPPLY_BLOCKS, "blocks not conserved"
    assert state.supply >= 0 and min(state.base) >= 0, "negative blocks"
    assert sum(r is Role.MESSENGER for r in state.roles) == 1, "there must be one Messenger"
    for seat in range(n):
        holds = any(C.is_punishment(c) for c in state.hands[seat])
        if state.phase is Phase.SELECT and state.commits[seat] is not None:
            holds = holds or (state.commits[seat].play >= 0 and C.is_punishment(state.commits[seat].play))
        role = state.roles[seat]
        if role is Role.ARCHITECT:
            assert not holds, f"seat {seat} is an Architect holding Divine Punishment"
        if role is Role.ZEALOT and state.phase is not Phase.OVER:
            assert holds, f"seat {seat} is a Zealot without Divine Punishment"
        assert len(state.hands[seat]) <= C.HAND_LIMIT, "hand limit"
    converted = sorted(c.seat for c in state.conversions)
    zealots = [i for i, r in enumerate(state.roles) if r is Role.ZEALOT]
    assert converted == zealots, "conversion records do not match the Zealots"
    for pile in state.discards:
        assert not any(C.is_punishment(d.card) for d in pile), "Divine Punishment discarded"
    if state.phase is Phase.SEAL:  # ruling 9: the phase opens only when an Architect holds a Seal
        holders = [i for i in range(n) if any(C.CARDS[c].kind == C.SEAL for c in state.hands[i])]
        assert tuple(holders) == state.seal_holders, "Seal holders out of date"
        assert any(state.roles[h] is Role.ARCHITECT for h in holders), (
            "Seal phase without an Architect holder"
        )
        for i, target in enumerate(state.seal_choice):
            assert target < 0 or i in holders, f"seat {i} used a Seal it does not hold"
    if state.phase is Phase.OVER:
        assert state.result is not None
    else:
        assert state.result is None
