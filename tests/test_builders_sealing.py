"""Babel Builders: the one rule Architect Seal holders share (all on one seat, or spread)."""

import pytest

from babel.games.builders import sealing


@pytest.mark.parametrize("players", range(5, 11))
def test_sealing_tables_are_distributions(players):
    assert sum(sealing.HOLDERS[players]) == pytest.approx(1.0, abs=0.01)
    assert sum(sealing.PUNISHED[players]) == pytest.approx(1.0, abs=0.01)


@pytest.mark.parametrize("players", range(5, 11))
def test_sealing_converges_when_the_record_points_at_one_seat(players):
    odds = [0.75] + [0.25 / (players - 2)] * (players - 2)
    assert sealing.spread(players, odds) == 1


def test_sealing_spreads_at_ten_players_when_the_record_points_nowhere():
    # Nine candidates, hardly told apart: Seals all on one guess mostly miss together.
    odds = [0.16, 0.14, 0.12, 0.11, 0.11, 0.1, 0.09, 0.09, 0.08]
    m = sealing.spread(10, odds)
    assert m > 1
    assert sealing.win_chance(10, odds, m) > sealing.win_chance(10, odds, 1)


def test_sealing_chance_scales_with_the_odds_of_the_seat_sealed():
    # All Seals on one seat win only if it is the Messenger: a quarter of the certain chance.
    chance = sealing.win_chance(5, [1.0, 0.0, 0.0, 0.0], 1)
    assert 0.0 < chance <= 1.0
    assert sealing.win_chance(5, [0.25] * 4, 1) == pytest.approx(chance / 4)


def test_sealing_without_tables_or_candidates_keeps_all_on_the_likeliest():
    assert sealing.spread(4, [0.5, 0.5]) == 1
    assert sealing.spread(7, []) == 1


# -- the Seal phase in the rulebook's three steps (RULINGS.md Babel Builders 9) ----------------
# "(a) declare: every seat takes a turn and secretly says whether it uses a Seal (a seat without
# one simply passes ...); the users are then revealed together, and holders who do not use a Seal
# stay secret; (b) discussion: the table talks ...; targets may not be discussed directly;
# (c) every declared user chooses a target secretly, and all targets are revealed together."
from babel.core.protocol import IllegalAction  # noqa: E402
from babel.core.rng import Rng  # noqa: E402
from babel.games.builders import RULES  # noqa: E402
from babel.games.builders import actions as A  # noqa: E402
from babel.games.builders.bots import make_bot  # noqa: E402
from babel.games.builders.model import Phase, Role  # noqa: E402
from tests.test_builders_rules import COL_B, DP, SEAL, _complete, act  # noqa: E402

ROLES = ["M", "A", "A", "A", "A", "Z", "A"]  # the Messenger at seat 0, a Zealot at seat 5
# Seals with Architects 1, 2 and 3 and with the Messenger; the Zealot holds Divine Punishment.
HANDS = {
    1: [COL_B, SEAL[0], 16],
    2: [SEAL[1], 26, 27],
    3: [SEAL[2], 28, 29],
    0: [SEAL[3], 30, 31],
    5: [DP[0], 12, 13],
}


def _opened():
    state = _complete(ROLES, HANDS)
    assert state.phase is Phase.SEAL
    return state


def _public(events):
    return [(str(e.kind), dict(e.data)) for e in events if e.to is None]


def _others_see_nothing_new(before, after, seat, secret_fields):
    """Every other seat's view differs from before only in who has taken the turn."""
    for other in range(before.players):
        if other == seat:
            continue
        old, new = RULES.view(before, other), RULES.view(after, other)
        for name in secret_fields:
            assert getattr(old, name) == getattr(new, name), (other, name)


def test_step_one_every_seat_declares_in_secret_and_nobody_learns_a_pending_choice():
    state = _opened()
    assert RULES.to_act(state) == tuple(range(7)), "every seat takes the turn, Seal or not"
    assert RULES.legal_actions(state, 4) == (A.Declare(False),), "a seat without a Seal passes"
    assert set(RULES.legal_actions(state, 1)) == {A.Declare(False), A.Declare(True)}
    with pytest.raises(IllegalAction):
        act(state, 4, "declare use")
    after_use, ev_use = act(state, 1, "declare use")
    after_none, ev_none = act(state, 2, "declare none")
    after_pass, ev_pass = act(state, 4, "declare none")
    # What the table hears is the same for a use, a holder's none and a pass: a seat took its turn.
    shapes = [sorted((k, tuple(sorted(d))) for k, d in _public(ev)) for ev in (ev_use, ev_none, ev_pass)]
    assert shapes[0] == shapes[1] == shapes[2] == [("seal_chosen", ("seat",))]
    # The declaration itself goes to its owner only.
    assert [(e.to, e.data["use"]) for e in ev_use if e.kind == "seal_declare"] == [(frozenset({1}), True)]
    assert RULES.view(after_use, 1).my_declare == 1 and RULES.view(after_use, 2).my_declare == -2
    for seat in (None, 0, 2, 5):
        view = RULES.view(after_use, seat)
        assert view.seal_users == () and view.said == () and view.seals == ()
        assert view.seal_committed[1] and not view.seal_committed[2]
    _others_see_nothing_new(state, after_use, 1, ("seal_users", "said", "seals", "my_declare", "hand_sizes"))
    # A seat's pending declaration cannot be read back from any other seat's view: redraw what
    # seat 2 cannot know and its view is unchanged.
    other = RULES.resample_hidden(after_use, 2, Rng(5))
    assert RULES.view(other, 2) == RULES.view(after_use, 2)
    assert not [e for e in RULES.invariant_errors(other) if "Seal" in e]  # (a hand-made table)


def test_step_one_the_users_are_revealed_together_and_non_users_stay_secret():
    state = _opened()
    events = []
    for seat, text in ((1, "declare use"), (2, "declare none"), (3, "declare use"), (0, "declare use")):
        state, ev = act(state, seat, text)
        events += ev
        assert not any(k == "seal_users" for k, _ in _public(ev)), "nothing named before all declared"
    for seat in (4, 5, 6):
        state, ev = act(state, seat, "declare none")
        events += ev
    reveals = [d for k, d in _public(events) if k == "seal_users"]
    assert reveals == [{"users": [0, 1, 3]}], "named together, in one public event, after the last turn"
    assert state.phase is Phase.DISCUSS
    for seat in (None, *range(7)):
        view = RULES.view(state, seat)
        assert view.seal_users == (0, 1, 3)
        assert all(view.seal_committed)
    # Seat 2 holds a Seal and kept it: to everyone else it looks like seats 4-6, who hold none.
    assert SEAL[1] in state.hands[2]
    public = RULES.view(state, None)
    assert 2 not in public.seal_users and public.seal_committed[2] == public.seal_committed[4]
    assert not any(k == "seal_declare" for k, _ in _public(events))
    # The Seals stay in hand until the targets are revealed.
    assert SEAL[0] in state.hands[1] and SEAL[3] in state.hands[0]


def _to_discussion(users=(1, 3)):
    state = _opened()
    for seat in range(7):
        state, _ = act(state, seat, "declare use" if seat in users else "declare none")
    return state


def test_step_two_the_discussion_is_public_one_seat_at_a_time_and_names_no_target():
    state = _to_discussion()
    assert state.phase is Phase.DISCUSS
    order = []
    heard = []
    while state.phase is Phase.DISCUSS:
        (seat,) = RULES.to_act(state)
        order.append(seat)
        legal = RULES.legal_actions(state, seat)
        # Whom one takes for the Messenger, or nothing: no role, hand or target claim exists.
        assert set(legal) == {A.Say(None)} | {A.Say(s) for s in range(7) if s != seat}
        with pytest.raises(IllegalAction):
            act(state, seat, f"suspect {seat + 1}")
        text = "say nothing" if seat == 4 else "suspect 1" if seat != 0 else "suspect 6"
        state, ev = act(state, seat, text)
        assert all(e.to is None for e in ev), "a statement is public"
        heard += [d for k, d in _public(ev) if k == "said"]
        for viewer in (None, 0, 2, 5):
            assert RULES.view(state, viewer).said[seat] == (-1 if seat == 4 else 0 if seat != 0 else 5)
    assert order == [0, 1, 2, 3, 4, 5, 6], "in turn from the last Master's left (the Master sat at 6)"
    assert heard[4] == {"seat": 4, "suspect": -1} and heard[0] == {"seat": 0, "suspect": 5}
    assert state.phase is Phase.TARGET


def test_step_three_targets_are_secret_until_all_users_chose_then_revealed_together():
    state = _to_discussion(users=(0, 1, 3))
    while state.phase is Phase.DISCUSS:
        state, _ = act(state, RULES.to_act(state)[0], "say nothing")
    assert state.phase is Phase.TARGET
    assert RULES.to_act(state) == (0, 1, 3), "only the declared users point"
    assert RULES.legal_actions(state, 2) == (), "a holder who kept the Seal has no say now"
    assert A.Seal(None) not in RULES.legal_actions(state, 1), "a declared Seal is used"
    state, ev = act(state, 1, "seal 1")
    assert _public(ev) == [("target_chosen", {"seat": 1})], "the table learns only that seat 1 chose"
    assert [(e.to, e.data["target"]) for e in ev if e.kind == "seal_choice"] == [(frozenset({1}), 0)]
    for viewer in (None, 0, 2, 3, 5):
        view = RULES.view(state, viewer)
        assert view.seals == () and view.my_seal in (-2, -1)
        assert view.seal_committed[1] and not view.seal_committed[3]
    assert RULES.view(state, 1).my_seal == 0
    other = RULES.resample_hidden(state, 3, Rng(9))
    assert RULES.view(other, 3) == RULES.view(state, 3)
    assert not [e for e in RULES.invariant_errors(other) if "Seal" in e], "every user still holds a Seal"
    state, ev = act(state, 3, "seal 1")
    assert not any(k == "seals" for k, _ in _public(ev))
    state, ev = act(state, 0, "seal 2")  # the Messenger's Seal, on an Architect
    seals = [d for k, d in _public(ev) if k == "seals"]
    assert seals == [{"targets": {"0": 1, "1": 0, "3": 0}}], "all targets at once"
    assert state.phase is Phase.PUNISH
    assert RULES.view(state, None).seals == (1, 0, -1, 0, -1, -1, -1)
    assert SEAL[1] in state.hands[2], "the kept Seal stays in hand"
    final, _ = act(state, 5, "punish 1")
    assert (final.result.seals_on_messenger, final.result.punishment_on_messenger) == (2, 1)
    assert final.result.team == "architects"


def test_nobody_declares_no_discussion_and_no_targets():
    state = _opened()
    events = []
    for seat in range(7):
        state, ev = act(state, seat, "declare none")
        events += ev
    kinds = [k for k, _ in _public(events)]
    assert kinds[-3:-1] == ["seal_users", "seals"] and state.phase is Phase.PUNISH
    assert RULES.view(state, None).seals == (-1,) * 7 and RULES.view(state, None).said == ()


def test_the_convention_shares_out_the_likeliest_by_rank_among_the_users():
    ranked, odds = [4, 2, 6, 0, 1, 3, 5], [0.3, 0.25, 0.2, 0.1, 0.1, 0.05, 0.0]
    users = (1, 3, 5)
    assert [sealing.pick(7, ranked, odds, users, u, "all") for u in users] == [4, 4, 4]
    assert [sealing.pick(7, ranked, odds, users, u, "kth") for u in users] == [4, 2, 6]
    m = sealing.split_width(7, odds, len(users))
    assert [sealing.pick(7, ranked, odds, users, u, "split") for u in users] == [
        ranked[k % m] for k in range(3)
    ]
    assert sealing.pick(7, [3, 4, 2], [0.5, 0.3, 0.2], (3,), 3, "all") == 4, "never oneself"
    # With a clear favourite the users all seal it; hardly told apart, they spread.
    assert sealing.split_width(10, [0.8, 0.05, 0.05, 0.05, 0.05], 4) == 1
    assert sealing.split_width(10, [0.2, 0.2, 0.2, 0.2, 0.2], 4) > 1


def test_bots_declare_speak_from_their_own_side_and_seal_by_the_convention():
    state = _to_discussion(users=(0, 1, 3))
    bot = make_bot("shrewd")
    while state.phase is Phase.DISCUSS:
        (seat,) = RULES.to_act(state)
        view = RULES.view(state, seat)
        move = bot.choose(view, RULES.legal_actions(state, seat), Rng(seat), None)
        assert isinstance(move, A.Say) and move.suspect != seat
        if state.roles[seat] is Role.MESSENGER:
            assert move.suspect is not None, "the Messenger names someone, as an Architect would"
        state = RULES.apply(state, seat, move).state
    for seat in (1, 3):
        move = bot.choose(RULES.view(state, seat), RULES.legal_actions(state, seat), Rng(seat), None)
        assert isinstance(move, A.Seal) and move.target != seat
    opened = _opened()
    assert bot.choose(RULES.view(opened, 2), RULES.legal_actions(opened, 2), Rng(1), None) == A.Declare(True)
