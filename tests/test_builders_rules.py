"""Babel Builders: scenario tests, one or more per rule of rulebook 1.0 and per ruling."""

from __future__ import annotations

import json

import pytest

from babel.core.protocol import ActionTextError, IllegalAction, replace
from babel.core.rng import Rng
from babel.games.builders import RULES
from babel.games.builders import cards as C
from babel.games.builders.actions import Place, Reveal
from babel.games.builders.model import Phase, Role
from babel.games.builders.phases import card_locations

# Card ids used below (see cards.py): 1-block column A = 0-2, column B = 3-5, row 2 = 12-14;
# 2-block A2/B2 = 20, B1/B2 = 25; 3-block: 30 + cell (B2 = 34, A1 = 30).
COL_A, COL_B, ROW_2 = 0, 3, 12
PAIR_A2B2, PAIR_B1B2 = 20, 25
THREE = {name: 30 + C.cell_index(name) for name in C.CELL_NAMES}
LIGHT = [c.id for c in C.CARDS if c.kind == C.LIGHTNING]
STORM = [c.id for c in C.CARDS if c.kind == C.STORM]
DELIB = [c.id for c in C.CARDS if c.kind == C.DELIBERATION]
SEAL = list(C.SEAL_IDS)
DP = list(C.PUNISHMENT_IDS)
A1, B1, A2, B2 = (C.cell_index(x) for x in ("A1", "B1", "A2", "B2"))
# Harmless instruction cards (col C, row 1, row 3, and pairs away from B2) to fill hands.
JUNK = (6, 7, 8, 9, 10, 11, 15, 16, 17, 22, 23, 26, 27, 29)


def fields(action) -> tuple[int, ...]:
    """An action's numbers as the rules' state fields hold them (None as -1), seats flattened."""
    out: list[int] = []
    for value in vars(action).values():
        values = value if isinstance(value, tuple) else (value,)
        out.extend(-1 if v is None else v for v in values)
    return tuple(out)


def junk():
    """A fresh supply of distinct junk card ids for one test."""
    pool = iter(JUNK)

    def take(k=2):
        return [next(pool) for _ in range(k)]

    return take


def table(players=7, roles=None, hands=None, deck=None, master=6, base=None, blueprint="published"):
    """A hand-built position at the start of a round (APPOINT), for scenario tests."""
    state = RULES.initial_state(RULES.make_config(players, blueprint=blueprint), seed=1)
    roles = roles or ["M"] + ["A"] * (players - 1)
    role_map = {"M": Role.MESSENGER, "A": Role.ARCHITECT, "Z": Role.ZEALOT}
    hands = hands or {}
    filler = iter([c for c in range(C.PUNISHMENT_IDS[0]) if c not in SEAL and c not in LIGHT + STORM + DELIB])
    used = {c for h in hands.values() for c in h} | set(deck or [])
    full = []
    for seat in range(players):
        if seat in hands:
            full.append(tuple(sorted(hands[seat])))
        else:
            cards = []
            while len(cards) < 3:
                c = next(filler)
                if c not in used:
                    cards.append(c)
                    used.add(c)
            full.append(tuple(cards))
    if deck is None:
        deck = [c for c in range(12, 30) if c not in used][:10]
    base = tuple(base) if base else (0,) * 9
    return replace(
        state,
        roles=tuple(role_map[r] for r in roles),
        conversions=(),
        hands=tuple(full),
        deck=tuple(deck),
        master=master,
        base=base,
        supply=C.SUPPLY_BLOCKS - sum(base),
        cur=replace(state.cur, master=master),
    )


def act(state, seat, text):
    step = RULES.apply(state, seat, RULES.parse_action(text))
    return step.state, step.events


def kinds(events):
    return [e.kind for e in events]


def appoint_and_choose(state, plays):
    """Appoint the seats in ``plays`` and let each play/discard as given ({seat: text})."""
    state, _ = act(state, state.master, "appoint " + " ".join(str(s + 1) for s in sorted(plays)))
    events = []
    for seat in sorted(plays):
        state, ev = act(state, seat, plays[seat])
        events += ev
    return state, events


# -- setup ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", range(5, 11))
def test_setup_roles_cards_and_deck(players):
    dp_count, seal_count = C.SPECIAL_TABLE[players]
    masters = set()
    for seed in range(12):
        state = RULES.initial_state(RULES.make_config(players), seed)
        assert sum(r is Role.MESSENGER for r in state.roles) == 1
        assert all(len(h) == 3 for h in state.hands)
        in_hands = [c for h in state.hands for c in h if C.is_punishment(c)]
        assert len(in_hands) == 1, "one Divine Punishment card goes into the opening hands"
        assert sorted(card_locations(state)) == list(C.game_card_ids(players))
        assert sum(C.CARDS[c].kind == C.SEAL for c in card_locations(state)) == seal_count
        deck_dps = [i for i, c in enumerate(state.deck) if C.is_punishment(c)]
        if players >= 6:
            assert len(deck_dps) == dp_count - 1
            assert all(i < 2 * players + dp_count - 1 for i in deck_dps), "shuffled into the top"
        else:
            assert not deck_dps
        holder = next(i for i, h in enumerate(state.hands) if any(C.is_punishment(c) for c in h))
        if state.roles[holder] is not Role.MESSENGER:
            assert state.roles[holder] is Role.ZEALOT, "an Architect dealt Divine Punishment is a Zealot"
            assert state.conversions[0].how == "deal"
        masters.add(state.master)
        assert state.supply == 25 and sum(state.base) == 0
    assert len(masters) > 1, "the first Master is random"


def test_deck_size_formula():
    for players in range(5, 11):
        dp, seal = C.SPECIAL_TABLE[players]
        state = RULES.initial_state(RULES.make_config(players), 3)
        assert len(state.deck) == 53 + seal + dp - 3 * players


def test_appoint_three_or_four_and_not_self():
    for players, k in ((5, 3), (6, 3), (7, 4), (10, 4)):
        state = table(players, master=0)
        legal = RULES.legal_actions(state, 0)
        assert all(len(fields(a)) == k and 0 not in fields(a) for a in legal)
        with pytest.raises(IllegalAction):
            act(state, 0, "appoint 1 2 3" + (" 4" if k == 4 else ""))


def test_only_master_acts_and_reasons_are_given():
    state = table()
    with pytest.raises(IllegalAction) as err:
        act(state, 1, "appoint 1 2 3 4")
    assert "Master" in err.value.reason


# -- Divine Punishment obligations (ruling 5) ------------------------------------------------
def _filler_choices(state, seats):
    """Play the first legal option for each seat."""
    for seat in seats:
        state = RULES.apply(state, seat, RULES.legal_actions(state, seat)[0]).state
    return state


def _plays(state, cards):
    """Each seat in ``cards`` plays that card and discards another legal card."""
    for seat, card in cards.items():
        action = next(a for a in RULES.legal_actions(state, seat) if fields(a)[0] == card)
        state = RULES.apply(state, seat, action).state
    return state


def test_messenger_appointed_with_punishment_must_play_it():
    state = table(hands={0: [DP[0], COL_A, COL_B]})
    state, _ = act(state, 6, "appoint 1 2 3 4")
    legal = RULES.legal_actions(state, 0)
    assert legal and all(fields(a)[0] == DP[0] for a in legal)
    assert {fields(a)[1] for a in legal} == {COL_A, COL_B}
    with pytest.raises(IllegalAction) as err:
        act(state, 0, f"play {COL_A} discard {COL_B}")
    assert "Messenger" in err.value.reason


def test_zealot_with_one_punishment_keeps_it():
    state = table(roles=["M", "Z"] + ["A"] * 5, hands={1: [DP[0], COL_A, COL_B]})
    state, _ = act(state, 6, "appoint 1 2 3 4")
    legal = RULES.legal_actions(state, 1)
    assert legal and all(DP[0] not in fields(a) for a in legal)
    with pytest.raises(IllegalAction) as err:
        act(state, 1, f"play {COL_A} discard {DP[0]}")
    assert "discard" in err.value.reason
    with pytest.raises(IllegalAction):
        act(state, 1, f"play {DP[0]} discard {COL_A}")


def test_zealot_with_two_punishments_plays_one_and_keeps_one():
    state = table(roles=["M", "Z"] + ["A"] * 5, hands={1: [DP[0], DP[1], COL_A]})
    state, _ = act(state, 6, "appoint 1 2 3 4")
    legal = RULES.legal_actions(state, 1)
    assert {fields(a) for a in legal} == {(DP[0], COL_A), (DP[1], COL_A)}


def test_zealot_with_three_punishments_discards_nothing():
    state = table(players=10, master=9, roles=["M", "Z"] + ["A"] * 8, hands={1: [DP[0], DP[1], DP[2]]})
    state, _ = act(state, 9, "appoint 1 2 3 4")
    assert {fields(a) for a in RULES.legal_actions(state, 1)} == {(d, -1) for d in DP[:3]}


def test_zealot_holding_only_punishment_plays_nothing():
    state = table(roles=["M", "Z"] + ["A"] * 5, hands={1: [DP[0]]})
    state, _ = act(state, 6, "appoint 1 2 3 4")
    assert RULES.legal_actions(state, 1) == (RULES.parse_action("pass"),)
    state, ev = act(state, 1, "pass")
    assert [e for e in ev if e.kind == "choose"][0].data == {"seat": 1, "plays": False, "discards": False}


def test_architect_master_receiving_punishment_becomes_zealot_secretly():
    j = junk()
    state = table(
        hands={0: [DP[0], COL_A, COL_B], 1: j(3), 2: j(3), 3: j(3), 6: [ROW_2, PAIR_A2B2, LIGHT[0]]}
    )
    state, _ = act(state, 6, "appoint 1 2 3 4")
    state, _ = act(state, 0, f"play {DP[0]} discard {COL_A}")
    state = _filler_choices(state, [1, 2, 3])
    assert state.phase is Phase.SWAP
    legal = RULES.legal_actions(state, 6)
    assert all(fields(a)[0] == DP[0] for a in legal), "the swap must take the Divine Punishment card"
    assert {fields(a)[1] for a in legal} == {ROW_2, PAIR_A2B2, LIGHT[0]}
    with pytest.raises(IllegalAction) as err:
        act(state, 6, f"take {RULES.view(state, 6).face_down[0]} give {LIGHT[0]}")
    assert "Divine Punishment" in err.value.reason
    step = RULES.apply(state, 6, RULES.parse_action(f"take {DP[0]} give {LIGHT[0]}"))
    new = step.state
    assert new.roles[6] is Role.ZEALOT
    assert new.conversions[-1] == replace(new.conversions[-1], seat=6, round=1, how="swap")
    conv = [e for e in step.events if e.kind == "convert"]
    assert conv and conv[0].to == frozenset({6})
    assert RULES.view(new, 6).my_conversion is not None and RULES.view(new, 6).role is Role.ZEALOT
    for seat in range(6):
        assert RULES.view(new, seat).my_conversion is None
        assert not any(e.visible_to(seat) for e in conv)
    assert RULES.view(new, None).roles == ()
    # The Master's swap discard is face down and kept in the Master's own area.
    assert new.discards[6][-1].card == LIGHT[0] and new.discards[6][-1].swap
    assert RULES.view(new, 2).discards[6][-1].card == -1
    assert RULES.view(new, 6).my_swap == (DP[0], LIGHT[0]) and RULES.view(new, 2).my_swap == ()


def test_two_punishments_in_one_phase_confirm_it():
    j = junk()
    state = table(
        players=8,
        master=7,
        roles=["M", "Z"] + ["A"] * 6,
        hands={0: [DP[0], COL_A, COL_B], 1: [DP[1], DP[2], ROW_2], 2: j(3), 3: j(3)},
    )
    state, _ = act(state, 7, "appoint 1 2 3 4")
    state, _ = act(state, 0, f"play {DP[0]} discard {COL_A}")
    state, _ = act(state, 1, f"play {DP[1]} discard {ROW_2}")
    state = _filler_choices(state, [2])
    step = RULES.apply(state, 3, RULES.legal_actions(state, 3)[0])
    assert step.state.phase is Phase.OVER
    assert step.state.result.reason == "confirmation"
    assert set(RULES.outcome(step.state).winners) == {0, 1}
    confirm = [e for e in step.events if e.kind == "confirmation"][0]
    assert set(confirm.data["cards"]) == {DP[0], DP[1]} and confirm.to is None and confirm.irreversible
    assert RULES.view(step.state, 4).roles == step.state.roles, "the end reveals every role"


def test_master_with_only_punishment_cards_confirms_it():
    j = junk()
    state = table(roles=["M"] + ["A"] * 5 + ["Z"], hands={6: [DP[0], DP[1]], 1: j(3), 2: j(3), 3: j(3)})
    state, _ = act(state, 6, "appoint 1 2 3 4")
    state = _filler_choices(state, [0, 1, 2, 3])
    assert state.phase is Phase.OVER and state.result.reason == "confirmation"
    assert set(RULES.outcome(state).winners) == {0, 6}


def test_master_holding_punishment_must_give_another_card():
    j = junk()
    state = table(
        roles=["M"] + ["A"] * 5 + ["Z"], hands={6: [DP[0], COL_A, COL_B], 1: j(3), 2: j(3), 3: j(3)}
    )
    state, _ = act(state, 6, "appoint 1 2 3 4")
    state = _filler_choices(state, [0, 1, 2, 3])
    assert state.phase is Phase.SWAP
    assert {fields(a)[1] for a in RULES.legal_actions(state, 6)} == {COL_A, COL_B}


def test_messenger_master_receiving_punishment_stays_messenger():
    j = junk()
    state = table(
        roles=["Z", "A", "A", "A", "A", "A", "M"],
        hands={0: [DP[0], DP[1], COL_A], 1: j(3), 2: j(3), 3: j(3), 6: [ROW_2, 13, 14]},
    )
    state, _ = act(state, 6, "appoint 1 2 3 4")
    state, _ = act(state, 0, f"play {DP[0]} discard {COL_A}")
    state = _filler_choices(state, [1, 2, 3])
    state, ev = act(state, 6, f"take {DP[0]} give {ROW_2}")
    assert state.roles[6] is Role.MESSENGER and not [e for e in ev if e.kind == "convert"]


# -- Storm, Lightning, instruction cards, Deliberation (rulings 2, 3, 6, 7) --------------------
def test_storm_voids_instruction_cards_but_not_lightning():
    base = [0, 0, 0, 0, 3, 0, 0, 0, 0]
    j = junk()
    state = table(
        base=base,
        hands={
            1: [STORM[0], *j()],
            2: [LIGHT[0], *j()],
            3: [THREE["A1"], *j()],
            4: [THREE["C3"], *j()],
            6: [COL_A, *j()],
        },
    )
    state, _ = act(state, 6, "appoint 2 3 4 5")
    for seat in (1, 2, 3, 4):
        card = {1: STORM[0], 2: LIGHT[0], 3: THREE["A1"], 4: THREE["C3"]}[seat]
        other = next(c for c in state.hands[seat] if c != card)
        state, ev = act(state, seat, f"play {card} discard {other}")
    storm = [e for e in ev if e.kind == "storm"]
    assert storm and storm[0].data["card"] == STORM[0] and storm[0].to is None
    assert state.phase is Phase.SWAP and state.storm
    assert STORM[0] not in {fields(a)[0] for a in RULES.legal_actions(state, 6)}, (
        "the Storm is already revealed"
    )
    state, _ = act(state, 6, f"take {THREE['C3']} give {COL_A}")
    assert state.phase is Phase.REVEAL
    state, ev = act(state, 6, f"reveal {THREE['A1']}")
    assert state.cur.effects[1].void and state.cur.effects[1].card == THREE["A1"]
    # The Lightning (last card, revealed by itself) still strikes twice: B2 3 -> 1.
    assert state.base[B2] == 1 and state.base[A1] == 0 and state.supply == 25 - 1
    assert [e.data["cell"] for e in ev if e.kind == "strike"] == [B2, B2]
    assert state.phase is Phase.PASS


def test_lightning_strikes_one_block_at_a_time_and_master_breaks_ties():
    j = junk()
    state = table(
        players=5,
        master=4,
        base=[3, 3, 0, 0, 0, 0, 0, 0, 0],
        hands={1: [LIGHT[0], *j()], 2: [SEAL[0], *j()], 3: [SEAL[1], *j()]},
    )
    state, _ = act(state, 4, "appoint 2 3 4")
    state = _plays(state, {1: LIGHT[0], 2: SEAL[0], 3: SEAL[1]})
    state, _ = act(state, 4, f"take {SEAL[0]} give {fields(RULES.legal_actions(state, 4)[0])[1]}")
    state, ev = act(state, 4, f"reveal {LIGHT[0]}")
    assert state.phase is Phase.STRIKE and state.strikes_left == 2
    assert {fields(a)[0] for a in RULES.legal_actions(state, 4)} == {A1, B1}
    with pytest.raises(IllegalAction):
        act(state, 4, "strike C1")
    state, ev = act(state, 4, "strike A1")
    # After A1 drops to 2, B1 (3) is the single highest tower and takes the second block.
    assert state.base[A1] == 2 and state.base[B1] == 2
    assert [e.data["cell"] for e in ev if e.kind == "strike"] == [A1, B1]


def test_lightning_tie_break_after_first_strike_then_deliberation_choice():
    j = junk()
    state = table(
        players=6,
        master=5,
        base=[4, 3, 0, 0, 0, 0, 0, 0, 0],
        hands={1: [LIGHT[0], *j()], 2: [DELIB[0], *j()], 3: [SEAL[0], *j()], 5: [COL_A, *j()]},
    )
    state, _ = act(state, 5, "appoint 2 3 4")
    state = _plays(state, {1: LIGHT[0], 2: DELIB[0], 3: SEAL[0]})
    state, _ = act(state, 5, f"take {SEAL[0]} give {COL_A}")
    state, ev = act(state, 5, f"reveal {LIGHT[0]}")
    # A1 = 4 is the single highest: first block from A1; then A1 and B1 tie at 3.
    assert state.phase is Phase.STRIKE and state.base[A1] == 3 and state.base[B1] == 3
    assert {fields(a)[0] for a in RULES.legal_actions(state, 5)} == {A1, B1}
    state, ev = act(state, 5, "strike B1")
    assert state.base[:2] == (3, 2) and state.supply == 25 - 5
    # The Deliberation is next (the only card left): a choice among the appointed players.
    assert state.phase is Phase.DELIBERATE
    assert {fields(a)[0] for a in RULES.legal_actions(state, 5)} == {1, 2, 3}


def test_lightning_on_empty_base_and_single_block():
    for base, after in (([0] * 9, [0] * 9), ([1] + [0] * 8, [0] * 9)):
        j = junk()
        state = table(
            players=5,
            master=4,
            base=base,
            hands={1: [LIGHT[0], *j()], 2: [STORM[0], *j()], 3: [DELIB[0], *j()]},
        )
        state, _ = act(state, 4, "appoint 2 3 4")
        state = _plays(state, {1: LIGHT[0], 2: STORM[0], 3: DELIB[0]})
        state, _ = act(state, 4, f"take {DELIB[0]} give {fields(RULES.legal_actions(state, 4)[0])[1]}")
        assert list(state.base) == after and state.phase is Phase.PASS
        assert sum(state.base) + state.supply == 25


def test_instruction_card_master_chooses_cell_and_supply_limits_blocks():
    base = [0, 0, 0, 0, 0, 0, 5, 9, 9]  # 23 blocks on the base, 2 in the supply
    j = junk()
    state = table(
        players=5,
        master=4,
        base=base,
        hands={1: [THREE["B2"], *j()], 2: [PAIR_A2B2, *j()], 3: [SEAL[0], *j()]},
    )
    state, _ = act(state, 4, "appoint 2 3 4")
    state = _plays(state, {1: THREE["B2"], 2: PAIR_A2B2, 3: SEAL[0]})
    state, _ = act(state, 4, f"take {SEAL[0]} give {fields(RULES.legal_actions(state, 4)[0])[1]}")
    state, _ = act(state, 4, f"reveal {PAIR_A2B2}")
    assert state.phase is Phase.PLACE
    assert {fields(a)[0] for a in RULES.legal_actions(state, 4)} == {A2, B2}
    with pytest.raises(IllegalAction):
        act(state, 4, "place C3")
    state, ev = act(state, 4, "place A2")
    assert state.base[A2] == 2 and state.supply == 0
    # The 3-block B2 card is revealed last and places as many as the supply holds: none.
    assert state.base[B2] == 0 and sum(state.base) + state.supply == 25
    assert [e.data["blocks"] for e in ev if e.kind == "place"] == [2, 0]


def test_seal_played_in_construction_has_no_effect():
    j = junk()
    state = table(players=5, master=4, hands={1: [SEAL[0], *j()], 2: [SEAL[1], *j()], 3: [STORM[0], *j()]})
    state, _ = act(state, 4, "appoint 2 3 4")
    state = _plays(state, {1: SEAL[0], 2: SEAL[1], 3: STORM[0]})
    state, _ = act(state, 4, f"take {SEAL[0]} give {fields(RULES.legal_actions(state, 4)[0])[1]}")
    assert state.phase is Phase.PASS and sum(state.base) == 0
    assert SEAL[1] in state.resolved


def test_deliberation_reveals_the_chosen_discard_to_everyone():
    state = table(
        players=5,
        master=4,
        hands={1: [DELIB[0], 6, 7], 2: [DELIB[1], 8, 9], 3: [STORM[0], 10, 11]},
    )
    state, _ = act(state, 4, "appoint 2 3 4")
    state, _ = act(state, 1, f"play {DELIB[0]} discard 6")
    state, _ = act(state, 2, f"play {DELIB[1]} discard 8")
    assert RULES.view(state, 3).discards[1] == (), "discards are placed when everyone has chosen"
    state, _ = act(state, 3, f"play {STORM[0]} discard 10")
    assert RULES.view(state, 3).discards[1][0].card == -1, "face down"
    assert RULES.view(state, 1).discards[1][0].card == 6, "the owner knows their discard"
    state, _ = act(state, 4, f"take {DELIB[1]} give {fields(RULES.legal_actions(state, 4)[0])[1]}")
    assert state.phase is Phase.DELIBERATE
    assert {fields(a)[0] for a in RULES.legal_actions(state, 4)} == {1, 2, 3}
    state, ev = act(state, 4, "deliberate 3")
    shown = [e for e in ev if e.kind == "deliberate"][0]
    assert dict(shown.data) == {"card": DELIB[0], "seat": 2, "shown": 8}
    assert shown.to is None and shown.irreversible
    for seat in (None, 0, 1, 3):
        assert RULES.view(state, seat).discards[2][0].card == 8
    assert RULES.view(state, 0).discards[1][0].card == -1


def test_master_chooses_reveal_order():
    j = junk()
    state = table(
        players=5,
        master=4,
        hands={1: [THREE["A1"], *j()], 2: [THREE["B1"], *j()], 3: [THREE["C1"], *j()]},
    )
    state, _ = act(state, 4, "appoint 2 3 4")
    for seat, card in ((1, THREE["A1"]), (2, THREE["B1"]), (3, THREE["C1"])):
        other = next(c for c in state.hands[seat] if c != card)
        state, _ = act(state, seat, f"play {card} discard {other}")
    state, _ = act(state, 4, f"take {THREE['C1']} give {fields(RULES.legal_actions(state, 4)[0])[1]}")
    assert {fields(a)[0] for a in RULES.legal_actions(state, 4)} == {THREE["A1"], THREE["B1"]}
    state, ev = act(state, 4, f"reveal {THREE['B1']}")
    assert [e.data["card"] for e in ev if e.kind == "reveal"] == [THREE["B1"], THREE["A1"]]
    assert state.base[A1] == 3 and state.base[B1] == 3


# -- victory check, refill, the token (ruling 8) ---------------------------------------------
def _plain(players=5, master=4, deck=None):
    j = junk()
    return table(players=players, master=master, deck=deck, hands={1: j(3), 2: j(3), 3: j(3)})


def _finish_round(state):
    while state.phase in (Phase.SWAP, Phase.REVEAL, Phase.PLACE, Phase.STRIKE, Phase.DELIBERATE):
        state = RULES.apply(state, state.master, RULES.legal_actions(state, state.master)[0]).state
    return state


def test_deck_depletion_gives_the_messenger_team_the_win():
    state = _plain(deck=[])
    state, _ = act(state, 4, "appoint 2 3 4")
    state = _finish_round(_filler_choices(state, [1, 2, 3]))
    assert state.phase is Phase.OVER and state.result.reason == "depletion"
    assert RULES.outcome(state).winners == (0,)


def test_refill_to_three_as_far_as_the_deck_allows():
    state = _plain(deck=[12, 13, 14])
    state, _ = act(state, 4, "appoint 2 3 4")
    state = _finish_round(_filler_choices(state, [1, 2, 3]))
    # Clockwise from the Master's left: seat index 1 draws 2, index 2 draws 1, index 3 none.
    assert state.phase is Phase.PASS
    assert [len(state.hands[s]) for s in (1, 2, 3)] == [3, 2, 1]
    assert state.deck == ()
    assert len(state.hands[0]) == 3, "players not appointed keep their hand"


def test_refill_drawing_punishment_converts_an_architect():
    state = _plain(players=6, master=5, deck=[DP[1], 12, 13, 14, 18, 19])
    state, _ = act(state, 5, "appoint 2 3 4")
    state = _filler_choices(state, [1, 2, 3])
    events = []
    while state.phase is not Phase.PASS:
        step = RULES.apply(state, 5, RULES.legal_actions(state, 5)[0])
        state, events = step.state, events + list(step.events)
    assert state.roles[1] is Role.ZEALOT and state.conversions[-1].how == "draw"
    conv = [e for e in events if e.kind == "convert"]
    assert conv and conv[0].to == frozenset({1})
    assert all(len(h) <= C.HAND_LIMIT for h in state.hands)


def test_master_passes_the_token_to_another_player():
    state = _plain()
    state, _ = act(state, 4, "appoint 2 3 4")
    state = _finish_round(_filler_choices(state, [1, 2, 3]))
    assert state.phase is Phase.PASS
    assert all(fields(a)[0] != 4 for a in RULES.legal_actions(state, 4))
    state, ev = act(state, 4, "master 2")
    assert state.master == 1 and state.phase is Phase.APPOINT and state.round == 2
    assert state.log[-1].next_master == 1


# -- completion and the finale (ruling 9) ----------------------------------------------------
def _complete(roles, extra_hands=None, players=7):
    """The Tower one block short on B2; this round's 1-block B2 card completes it."""
    base = [0, 0, 3, 0, 7, 0, 3, 0, 0]
    j = junk()
    hands = {1: [COL_B, *j()], 2: j(3), 3: j(3), 4: j(3)}
    hands.update(extra_hands or {})
    state = table(players=players, roles=roles, base=base, hands=hands, master=6)
    state, _ = act(state, 6, "appoint 2 3 4 5")
    other = next(
        c
        for c in state.hands[1]
        if c not in (COL_B,) and not C.is_punishment(c) and C.CARDS[c].kind != C.SEAL
    )
    state, _ = act(state, 1, f"play {COL_B} discard {other}")
    state = _filler_choices(state, [2, 3, 4])
    take = next(a for a in RULES.legal_actions(state, 6) if fields(a)[0] != COL_B)
    state = RULES.apply(state, 6, take).state
    while state.phase in (Phase.REVEAL, Phase.PLACE, Phase.STRIKE, Phase.DELIBERATE):
        legal = RULES.legal_actions(state, 6)
        pick = next((a for a in legal if a == Reveal(COL_B)), None)
        pick = pick or next((a for a in legal if a == Place(B2)), legal[0])
        state = RULES.apply(state, 6, pick).state
    return state


def test_no_seal_on_the_messenger_gives_the_messenger_team_the_win():
    state = _complete(["M"] + ["A"] * 6)
    assert state.phase is Phase.OVER, "no Seal holders and no Zealots: straight to the comparison"
    assert state.result.team == "messenger" and state.result.seals_on_messenger == 0
    assert RULES.outcome(state).winners == (0,)


def _seal_turns(state, choices, skip=()):
    """The Seal phase's three steps: every seat still to declare declares ("declare use" for the
    seats ``choices`` maps to a target text, else "declare none", as a seat without a Seal must),
    every seat says nothing in the discussion, then each user seals its target."""
    events = []
    for seat in range(state.players):
        if seat in skip or state.phase is not Phase.SEAL:
            continue
        use = choices.get(seat, "seal none") != "seal none"
        state, ev = act(state, seat, "declare use" if use else "declare none")
        events.extend(ev)
    while state.phase is Phase.DISCUSS:
        state, ev = act(state, RULES.to_act(state)[0], "say nothing")
        events.extend(ev)
    while state.phase is Phase.TARGET:
        seat = RULES.to_act(state)[0]
        state, ev = act(state, seat, choices[seat])
        events.extend(ev)
    return state, events


def test_seals_beat_fewer_punishments_and_ties_go_to_the_messenger():
    roles = ["M", "A", "A", "A", "A", "Z", "A"]
    seals = {1: [COL_B, SEAL[0], 16], 2: [SEAL[1], 26, 27], 3: [SEAL[2], 28, 29]}
    state = _complete(roles, {**seals, 5: [DP[0], 12, 13]})
    assert state.phase is Phase.SEAL
    # Secret and simultaneous: a declaration is visible only to its owner until all have declared.
    state, ev = act(state, 1, "declare use")
    assert RULES.view(state, 2).my_declare == -2 and RULES.view(state, 2).seal_committed[1]
    assert RULES.view(state, 1).my_declare == 1 and RULES.view(state, 2).seal_users == ()
    assert all(e.to == frozenset({1}) for e in ev if e.kind == "seal_declare")
    state, ev = _seal_turns(state, {1: "seal 1", 2: "seal 1", 3: "seal none"}, skip=(1,))
    assert state.phase is Phase.PUNISH and state.zealots_revealed == (5,)
    assert dict([e for e in ev if e.kind == "zealots"][0].data) == {"zealots": [5], "cards": [1]}
    assert RULES.view(state, 0).zealots == (5,) and RULES.view(state, 0).seals[1] == 0
    assert 5 not in {fields(a)[0] for a in RULES.legal_actions(state, 5)}
    final, ev = act(state, 5, "punish 1")
    assert final.result.team == "architects" and final.result.reason == "sealed"
    assert (final.result.seals_on_messenger, final.result.punishment_on_messenger) == (2, 1)
    assert set(RULES.outcome(final).winners) == {1, 2, 3, 4, 6}
    outcome = RULES.outcome(final)
    assert (outcome.ending, outcome.team) == ("sealed", "architects")
    # Two Divine Punishment cards against two Seals: the Messenger's team wins (>=).
    state = _complete(roles, {**seals, 5: [DP[0], DP[1], 13]})
    state, _ = _seal_turns(state, {1: "seal 1", 2: "seal 1", 3: "seal 2"})
    final, _ = act(state, 5, "punish 1")
    assert final.result.team == "messenger" and final.result.punishment_on_messenger == 2
    assert set(RULES.outcome(final).winners) == {0, 5}
    assert (RULES.outcome(final).ending, RULES.outcome(final).team) == ("punishment", "messenger")
    view = RULES.view(final, 3)
    assert view.roles == final.roles and view.result == final.result


def test_seal_phase_is_skipped_when_no_architect_holds_a_seal():
    """Rulebook, "If No Architect Has a Seal Card": the Seal Phase is skipped, and the game
    proceeds to the Divine Punishment Phase. A Zealot's or the Messenger's Seal does not open it."""
    roles = ["M", "A", "A", "A", "A", "Z", "A"]
    state = _complete(roles, {5: [DP[0], SEAL[0], 13], 0: [SEAL[1], 26, 27]})
    assert state.phase is Phase.PUNISH, "only the Zealot and the Messenger hold Seals"
    assert SEAL[0] in state.hands[5] and SEAL[1] in state.hands[0], "their Seals go unused"
    final, ev = act(state, 5, "punish 3")
    assert final.result.team == "messenger" and final.result.seals_on_messenger == 0
    # The same table with one Architect holding a Seal: the phase opens, and then the Messenger's
    # side may use theirs too ("The Messenger of God and Zealots may also use Seal cards").
    state = _complete(roles, {5: [DP[0], SEAL[0], 13], 0: [SEAL[1], 26, 27], 2: [SEAL[2], 28, 29]})
    assert state.phase is Phase.SEAL
    assert set(RULES.legal_actions(state, 5)) == {
        RULES.parse_action("declare use"),
        RULES.parse_action("declare none"),
    }
    state, ev = _seal_turns(state, {0: "seal 3", 2: "seal 1", 5: "seal 2"})
    assert dict(next(e for e in ev if e.kind == "seals").data) == {"targets": {"0": 2, "2": 0, "5": 1}}


def test_holding_a_seal_is_secret_and_every_seat_takes_a_seal_turn():
    """Rulebook: "Architects with Seal cards declare their use" (ruling 9: a holder is named only
    when using a Seal); every seat takes a turn, a seat without a Seal declares none."""
    roles = ["M", "A", "A", "A", "A", "Z", "A"]
    seals = {1: [COL_B, SEAL[0], 16], 2: [SEAL[1], 26, 27], 3: [SEAL[2], 28, 29]}
    state = _complete(roles, {**seals, 5: [DP[0], 12, 13]})
    assert state.phase is Phase.SEAL
    assert RULES.to_act(state) == tuple(range(7)), "every seat, holder or not, has a turn"
    sizes = RULES.view(state, None).hand_sizes
    opened = [e for e in RULES.view(state, None).__dict__ if "holder" in e]
    assert not opened, "no view names the holders"
    assert RULES.legal_actions(state, 4) == (RULES.parse_action("declare none"),), "no Seal: none"
    assert len(RULES.legal_actions(state, 2)) == 2
    with pytest.raises(IllegalAction, match="no Seal"):
        act(state, 4, "declare use")
    # A holder's turn and a seat's turn without a Seal look alike to everyone else.
    public_kinds = []
    for seat, text in ((2, "declare none"), (4, "declare none"), (1, "declare use")):
        state, ev = act(state, seat, text)
        public_kinds.append(sorted((e.kind, tuple(sorted(e.data))) for e in ev if e.to is None))
    assert public_kinds[0] == public_kinds[1] == public_kinds[2]
    assert RULES.view(state, 6).hand_sizes == sizes, "Seals leave the hand only at the reveal"
    state, ev = _seal_turns(state, {1: "seal 1", 3: "seal 1"}, skip=(1, 2, 4))
    seals = next(e for e in ev if e.kind == "seals")
    assert dict(seals.data) == {"targets": {"1": 0, "3": 0}}, "only the users are named"
    view = RULES.view(state, 6)
    assert view.seals[2] == view.seals[4] == -1, "a holder who kept the Seal looks like anyone"
    assert view.seal_users == (1, 3)
    assert SEAL[1] in state.hands[2] and SEAL[0] not in state.hands[1]


def test_seal_phase_skipped_without_holders_but_zealots_still_punish():
    roles = ["M", "A", "A", "A", "A", "Z", "A"]
    state = _complete(roles, {5: [DP[0], 12, 13]})
    assert state.phase is Phase.PUNISH
    final, ev = act(state, 5, "punish 3")
    assert final.result.team == "messenger" and final.result.seals_on_messenger == 0
    order = kinds(ev)
    assert (
        order.index("punishments")
        < order.index("messenger")
        < order.index("result")
        < order.index("timeline")
    )


# -- text, JSON, events ---------------------------------------------------------------------
def test_action_text_round_trips_and_bad_text_is_refused():
    for text in (
        "appoint 1 3 5 7",
        "play 12 discard 30",
        "play 12",
        "pass",
        "take 4 give 9",
        "take 4",
        "reveal 7",
        "place B2",
        "strike A1",
        "deliberate 3",
        "master 2",
        "seal 4",
        "seal none",
        "punish 6",
    ):
        assert RULES.action_text(RULES.parse_action(text)) == text
    for bad in ("", "play", "place D4", "appoint x", "take 1 for 2", "fly 3"):
        with pytest.raises(ActionTextError):
            RULES.parse_action(bad)


def test_commitments_are_secret_until_the_master_checks():
    state = table(players=5, master=4, hands={1: [DELIB[0], 40, 41]})
    state, _ = act(state, 4, "appoint 2 3 4")
    step = RULES.apply(state, 1, RULES.parse_action(f"play {DELIB[0]} discard 40"))
    public = [e for e in step.events if e.to is None]
    assert all("play" not in e.data or isinstance(e.data["play"], bool) for e in public)
    assert json.dumps([dict(e.data) for e in public]).find(str(DELIB[0])) == -1
    for seat in (0, 2, 3, 4):
        assert RULES.view(step.state, seat).my_commit is None
    assert RULES.view(step.state, 1).my_commit.play == DELIB[0]


def test_master_alone_sees_the_received_cards():
    state = table(
        players=5, master=4, hands={1: [DELIB[0], 6, 7], 2: [DELIB[1], 8, 9], 3: [DELIB[2], 10, 11]}
    )
    state, _ = act(state, 4, "appoint 2 3 4")
    state = _plays(state, {1: DELIB[0], 2: DELIB[1], 3: DELIB[2]})
    assert RULES.view(state, 4).received == tuple(sorted(DELIB[:3]))
    for seat in (None, 0, 1, 2, 3):
        view = RULES.view(state, seat)
        assert view.received == () and view.received_count == 3


def test_custom_blueprint_option_and_published_marking():
    config = RULES.make_config(5, blueprint="custom:000090000")
    state = RULES.initial_state(config, 1)
    assert state.blueprint.cells[B2] == 9 and state.blueprint.source == "custom"
    assert RULES.make_config(5, blueprint="published").options["blueprint"] == "published"
    for bad in ("custom:999999999", "custom:12", "nope"):
        with pytest.raises(ValueError):
            RULES.make_config(5, blueprint=bad)
    sources = [bp.source for bp in C.PRINTED_BLUEPRINTS]
    assert sources.count("published") == 1 and sources.count("edition") == 8


def test_resample_keeps_own_secrets_and_moves_others():
    state = RULES.initial_state(RULES.make_config(8), 5)
    me = (state.roles.index(Role.MESSENGER) + 1) % 8
    moved = set()
    for k in range(20):
        other = RULES.resample_hidden(state, me, Rng(k))
        assert other.hands[me] == state.hands[me] and other.roles[me] == state.roles[me]
        assert sorted(card_locations(other)) == sorted(card_locations(state))
        assert sum(r is Role.MESSENGER for r in other.roles) == 1
        moved.add(other.roles.index(Role.MESSENGER))
        for seat, role in enumerate(other.roles):
            holds = any(C.is_punishment(c) for c in other.hands[seat])
            if role is Role.ARCHITECT:
                assert not holds
            if role is Role.ZEALOT:
                assert holds
    assert len(moved) > 1


def test_no_swap_when_only_storms_were_received():
    state = table(
        players=5, master=4, hands={1: [STORM[0], 6, 7], 2: [STORM[1], 8, 9], 3: [STORM[2], 10, 11]}
    )
    state, _ = act(state, 4, "appoint 2 3 4")
    state = _plays(state, {1: STORM[0], 2: STORM[1], 3: STORM[2]})
    assert state.phase is Phase.PASS and not state.swap and not state.cur.swapped
    assert [e.kind for e in state.cur.effects] == [C.STORM] * 3


def test_master_with_an_empty_hand_takes_without_giving():
    state = table(
        players=5, master=4, hands={1: [DELIB[0], 6, 7], 2: [DELIB[1], 8, 9], 3: [DELIB[2], 10, 11], 4: []}
    )
    state, _ = act(state, 4, "appoint 2 3 4")
    state = _plays(state, {1: DELIB[0], 2: DELIB[1], 3: DELIB[2]})
    assert {fields(a) for a in RULES.legal_actions(state, 4)} == {(d, -1) for d in DELIB[:3]}
    state, _ = act(state, 4, f"take {DELIB[0]}")
    assert state.hands[4] == (DELIB[0],) and state.discards[4] == ()


def test_opening_events_tell_each_seat_only_its_role():
    state = RULES.initial_state(RULES.make_config(6), 11)
    events = RULES.opening_events(state)
    for event in events:
        if event.kind in ("role", "convert"):
            assert event.to == frozenset({event.data["seat"]})
    assert events[0].kind == "setup" and events[0].to is None


def test_the_card_set_and_grid_of_rulings_1_and_2():
    assert C.CELL_NAMES[0] == "A1" and C.CELL_NAMES[2] == "C1" and C.CELL_NAMES[8] == "C3"
    builds = [c for c in C.CARDS if c.kind == C.BUILD]
    assert len(builds) == 39
    ones = [c.cells for c in builds if c.blocks == 1]
    lines = {tuple(r * 3 + col for r in range(3)) for col in range(3)} | {
        tuple(r * 3 + col for col in range(3)) for r in range(3)
    }
    assert len(ones) == 18 and set(ones) == lines and all(ones.count(line) == 3 for line in lines)
    twos = [c.cells for c in builds if c.blocks == 2]
    assert len(set(twos)) == 12
    for a, b in twos:
        assert abs(a // 3 - b // 3) + abs(a % 3 - b % 3) == 1, "orthogonally adjacent"
    assert sorted(c.cells for c in builds if c.blocks == 3) == [(i,) for i in range(9)]
    count = {
        k: sum(c.kind == k for c in C.CARDS)
        for k in (C.LIGHTNING, C.STORM, C.DELIBERATION, C.SEAL, C.PUNISHMENT)
    }
    assert count == {C.LIGHTNING: 5, C.STORM: 5, C.DELIBERATION: 4, C.SEAL: 9, C.PUNISHMENT: 4}
    assert C.SPECIAL_TABLE == {5: (1, 3), 6: (2, 5), 7: (2, 5), 8: (3, 7), 9: (3, 7), 10: (4, 9)}


def test_the_nine_printed_blueprints_of_ruling_11():
    expected = [
        {"C1": 3, "B2": 8, "A3": 3},
        {"A1": 3, "B2": 8, "C3": 3},
        {"B1": 4, "B2": 6, "B3": 4},
        {"A2": 4, "B2": 6, "C2": 4},
        {"A1": 2, "C1": 2, "B2": 6, "A3": 2, "C3": 2},
        {"B1": 3, "A2": 3, "B2": 3, "C2": 3, "B3": 3},
        {"A1": 5, "B1": 5, "A2": 5},
        {"A3": 4, "B3": 4, "C3": 4},
        {"A1": 4, "B2": 4, "C3": 4},
    ]
    for bp, spec in zip(C.PRINTED_BLUEPRINTS, expected):
        assert {C.CELL_NAMES[i]: n for i, n in enumerate(bp.cells) if n} == spec
    seen = {RULES.initial_state(RULES.make_config(5), seed).blueprint.key for seed in range(60)}
    assert seen == {bp.key for bp in C.PRINTED_BLUEPRINTS}, "random draws among the nine printed"
