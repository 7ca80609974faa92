"""Babel Builders table talk (option "talk"): the step at the start of every round from round 2,
in turn from the Master, one public statement a seat; what the menu offers; who learns what; the
leak test and the invariants over seeded bot games with talk; and no talk at all with the option off
(old saves and pass-and-play unchanged)."""

from __future__ import annotations

import json

import pytest

from babel.core.bots import Budget, bot_rng
from babel.core.match import Match, Seat
from babel.core.protocol import ActionTextError, IllegalAction, replace
from babel.core.rng import Rng, seed_state
from babel.games.builders import RULES
from babel.games.builders import actions as A
from babel.games.builders.bots import make_bot
from babel.games.builders.invariants import check
from babel.games.builders.model import EventKind, Phase
from babel.games.builders.phases import talk_order
from tests.test_builders_rules import table

LEVELS = ("novice", "plain", "shrewd")
MAX_PLIES = 2000


def _bot_game(players: int, seed: int, talk: bool, leak: bool = False):
    """A seeded bot game, each statement drawn at random from the menu (every kind gets said);
    yields (state, seat, action, events) for every move."""
    state = RULES.initial_state(RULES.make_config(players, talk=talk), seed)
    bots = [make_bot(LEVELS[(seed + s) % 3]) for s in range(players)]
    rng = Rng(seed_state(seed, "talk"))
    for ply in range(MAX_PLIES):
        check(state)
        if leak:
            text = json.dumps(RULES.state_to_json(state), sort_keys=True)
            assert RULES.state_from_json(json.loads(text)) == state
            for seat in [None, *range(players)]:
                view = RULES.view(state, seat)
                assert RULES.view_from_json(json.loads(json.dumps(RULES.view_to_json(view)))) == view
                other = RULES.resample_hidden(state, seat, Rng(rng.next64()))
                assert RULES.view(other, seat) == view, f"leak for seat {seat} in {state.phase}"
        if RULES.outcome(state) is not None:
            return
        acting = RULES.to_act(state)
        seat = acting[rng.below(len(acting))]
        legal = RULES.legal_actions(state, seat)
        if isinstance(legal[0], A.Talk):
            action = rng.choice(legal)
        else:
            action = bots[seat].choose(RULES.view(state, seat), legal, bot_rng(seed, seat, ply), Budget())
        assert action in legal
        step = RULES.apply(state, seat, action)
        yield state, seat, action, step.events
        state = step.state
    pytest.fail(f"{players}-player game {seed} did not end")


def test_with_the_option_off_there_is_no_talk_step_and_the_state_is_as_before():
    assert not RULES.make_config(7).get("talk", False)
    rounds = 0
    for state, _seat, action, _events in _bot_game(7, 3, talk=False):
        assert state.phase is not Phase.TALK and not isinstance(action, A.Talk)
        assert "talk" not in RULES.state_to_json(state), "a game without talk keeps its old digest"
        rounds = state.round
    assert rounds >= 2


def test_talk_opens_every_round_from_round_two_in_turn_from_the_master():
    spoken: dict[int, list[int]] = {}
    masters: dict[int, int] = {}
    for state, seat, action, events in _bot_game(7, 11, talk=True):
        masters.setdefault(state.round, state.master)
        if state.phase is Phase.TALK:
            assert isinstance(action, A.Talk) and state.round >= 2
            spoken.setdefault(state.round, []).append(seat)
            assert [e.kind for e in events] == [EventKind.TALK]
        elif state.phase is Phase.APPOINT and state.round >= 2:
            assert spoken.get(state.round) == list(talk_order(7, state.master)), "everyone spoke first"
    assert 1 not in spoken and len(spoken) >= 1
    for rnd, seats in spoken.items():
        assert seats == list(talk_order(7, masters[rnd]))


def test_a_statement_is_public_in_every_seats_log_view_and_the_spectators():
    config = RULES.make_config(6, talk=True)
    match = Match(RULES, config, 21, [Seat(f"p{i}", "plain") for i in range(6)])
    rng = Rng(5)
    while not (match.state.phase is Phase.APPOINT and match.state.round == 3):
        seat = match.to_act()[0]
        legal = match.legal(seat)
        match.submit(seat, rng.choice(legal) if isinstance(legal[0], A.Talk) else match.bot_action(seat))
    said = match.state.talk
    assert [st[0] for st in said] == [2] * 6 + [3] * 6
    views = [match.view(s) for s in [None, *range(6)]]
    assert all(v.talk == said and v.talk_on for v in views)
    for seat in [None, *range(6)]:
        heard = [e for _ply, e in match.events_for(seat) if e.kind == EventKind.TALK]
        assert [(e.data["round"], e.data["seat"], e.data["kind"], e.data["subject"]) for e in heard] == list(
            said
        )
        assert all(e.to is None for e in heard)
    # Said aloud: a statement cannot be taken back.
    assert match.log[-1].irreversible


def test_the_talk_menu_offers_statements_about_others_and_no_role_or_hand_claim():
    start = table(players=7, master=6)
    state = replace(start, talk_on=True, phase=Phase.TALK, round=2, cur=replace(start.cur, round=2))
    assert RULES.to_act(state) == (6,), "the Master speaks first"
    legal = RULES.legal_actions(state, 6)
    kinds = {a.kind for a in legal}
    assert kinds == {"nothing", "suspect", "trust", "shun"}, "nobody has handed a card yet: no 'hurt'"
    assert all(a.subject != 6 for a in legal)
    assert {a.subject for a in legal if a.kind == "suspect"} == set(range(6))
    for action in legal:
        assert RULES.parse_action(RULES.action_text(action)) == action
    assert RULES.parse_action("talk suspect 3") == A.Talk("suspect", 2)
    assert RULES.parse_action("talk nothing") == A.Talk("nothing", None)
    assert A.action_text(A.Talk("hurt", 3)) == "talk hurt 4"
    for bad in ("talk", "talk suspect", "talk nothing 2", "talk claim 2", "talk messenger 1"):
        with pytest.raises(ActionTextError):
            RULES.parse_action(bad)
    for seat, action in ((6, A.Talk("suspect", 6)), (6, A.Talk("hurt", 2)), (0, A.Talk("nothing"))):
        with pytest.raises(IllegalAction):
            RULES.apply(state, seat, action)
    assert "not to act" in RULES.why_illegal(state, 0, A.Talk("nothing"))
    assert "hurt" in RULES.why_illegal(state, 6, A.Talk("hurt", 2))
    assert A.describe(A.Talk("shun", 1)) == 'Say "I will not appoint seat 2"'


def test_hurt_names_only_seats_that_handed_a_card_to_a_master():
    seen = False
    for state, seat, _action, _events in _bot_game(5, 8, talk=True):
        if state.phase is Phase.TALK:
            handed = {s for entry in state.log for s in entry.handed} - {seat}
            hurt = {a.subject for a in RULES.legal_actions(state, seat) if a.kind == "hurt"}
            assert hurt == handed
            seen = seen or bool(hurt)
    assert seen


@pytest.mark.parametrize("players", [5, 7, 10])
def test_seeded_talk_games_keep_invariants_and_leak_nothing(players):
    talks = 0
    for _state, _seat, action, events in _bot_game(players, 500 + players, talk=True, leak=True):
        if isinstance(action, A.Talk):
            talks += 1
            assert all(e.to is None for e in events)
    assert talks >= players


def test_determinize_keeps_the_talk():
    for state, seat, _action, _events in _bot_game(7, 4, talk=True):
        if state.phase is Phase.TALK and len(state.talk) > 7:
            view = RULES.view(state, seat)
            made = RULES.determinize(view, seat, Rng(1))
            assert RULES.view(made, seat) == view and made.talk == state.talk
            assert RULES.legal_actions(made, seat) == RULES.legal_actions(state, seat)
            return
    pytest.fail("no second talk step")


def test_broken_talk_is_caught_by_the_invariants():
    state = RULES.initial_state(RULES.make_config(5, talk=True), 1)
    assert RULES.invariant_errors(state) == ()
    bad = RULES.state_from_json({**RULES.state_to_json(state), "talk": [[1, state.master, "suspect", 0]]})
    assert RULES.invariant_errors(bad)
    off = RULES.state_from_json(
        {**RULES.state_to_json(state), "talk_on": False, "talk": [[2, 0, "nothing", None]]}
    )
    assert "table talk without the option" in RULES.invariant_errors(off)


def test_bots_choose_their_statement_through_the_talk_module(monkeypatch):
    """A bot's Talk move is the one ``talk.statement(view, legal, level, rng, ...)`` chooses; and
    a bot game with talk plays on to its end."""
    from babel.games.builders import talk

    heard = []

    def statement(view, legal, level, rng, *more):
        heard.append((view.seat, level))
        return legal[-1]

    state = RULES.initial_state(RULES.make_config(5, talk=True), 2)
    state = replace(state, phase=Phase.TALK, round=2, cur=replace(state.cur, round=2))
    seat = RULES.to_act(state)[0]
    legal = RULES.legal_actions(state, seat)
    monkeypatch.setattr(talk, "statement", statement)
    for level in ("novice", "plain", "shrewd"):
        assert make_bot(level).choose(RULES.view(state, seat), legal, Rng(1), Budget()) == legal[-1]
    assert [s for s, _level in heard] == [seat] * 3 and all(lv in LEVELS for _s, lv in heard)
    monkeypatch.undo()
    match = Match(RULES, RULES.make_config(5, talk=True), 9, [Seat(f"p{i}", "shrewd") for i in range(5)])
    match.play_bots()
    assert match.over and match.state.talk


def test_the_coach_advises_a_statement_with_true_public_facts_only():
    """At every talk turn of a seeded game the coach's advice, and the reason it would give for
    any statement on the menu, state only facts that hold and that no secret changes."""
    from babel.core.claims import words_said
    from babel.games.builders import coach
    from tools.claim_battery import check_claims

    match = Match(RULES, RULES.make_config(6, talk=True), 13, [Seat(f"p{i}", "shrewd") for i in range(6)])
    turns = 0
    while not match.over and match.state.round <= 4:
        seat = match.to_act()[0]
        legal = match.legal(seat)
        if isinstance(legal[0], A.Talk):
            turns += 1
            view = match.view(seat)
            said = coach.explain(view, legal)
            assert said.action in legal and said.claims
            assert check_claims("builders", match, seat, said.text, said.claims) == []
            for action in legal[:: max(1, len(legal) // 6)]:
                words, claims = coach.talk_reason(view, action)
                assert words_said(words, claims) == []
                assert all(coach.check(match.state, seat, c) is None for c in claims), (action, words)
        match.submit(seat, match.bot_action(seat))
    assert turns >= 12
