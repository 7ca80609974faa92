"""Babel On! speaks the common protocol: typed moves with the old text, typed event kinds,
why_illegal naming the rule apply refuses with, and invariants that catch a broken state."""

from __future__ import annotations

import pytest

from babel.core.bots import Budget
from babel.core.protocol import ActionTextError, IllegalAction, replace
from babel.core.rng import Rng
from babel.games.babel_on import BOTS, RULES
from babel.games.babel_on.actions import Add, Bonus, Call, End, Pass, Return, Take, canonical
from babel.games.babel_on.model import EventKind, Phase
from babel.games.babel_on.structure import Block


def _rolled_even(seed: int = 1):
    s = RULES.initial_state(RULES.make_config(2), seed)
    for r in range(10_000):
        if Rng(r).randint(1, 6) == 4:
            break
    s = replace(s, turn=0, phase=Phase.CALL, rng=r)
    return RULES.apply(s, 0, Call("even"))


def test_events_are_typed_and_keep_their_strings():
    step = _rolled_even()
    kinds = [ev.kind for ev in step.events]
    assert all(isinstance(k, EventKind) for k in kinds)
    assert kinds[:2] == [EventKind.ROLL, EventKind.DRAW] and kinds[0] == "roll"


def test_move_text_is_unchanged_and_round_trips():
    texts = {
        Call("odd"): "call odd",
        Add(0, 1, 2, dx=-3, dy=0, shake=2): "add red 2c @-3,0 ~2",
        Take(1, 3, 4, shake=1): "take 2d4 ~1",
        Return(0, 0, 1): "return 1a1",
        Bonus(0, 1, dx=0, dy=5): "bonus 1b @0,5",
        Pass(): "pass",
        End(): "end",
    }
    for move, text in texts.items():
        assert RULES.action_text(move) == text
        assert RULES.parse_action(text) == move


@pytest.mark.parametrize("text", ["", "take 1a", "add red", "return 1a1 @2,2", "end ~1", "call even @1,1"])
def test_unreadable_text_is_an_action_text_error_not_an_illegal_move(text):
    with pytest.raises(ActionTextError):
        RULES.parse_action(text)


def test_why_illegal_names_the_rule_apply_refuses_with():
    s = _rolled_even().state  # Anna holds four drawn blocks
    probes = [
        Take(1, 0, 1),
        Pass(),
        End(),
        Bonus(0, 0),
        Add(s.hand[0], 1, 0),
        Call("odd"),
        Add(s.hand[0], 0, 0, dx=9),
    ]
    for move in probes:
        reason = RULES.why_illegal(s, 0, move)
        assert reason
        with pytest.raises(IllegalAction) as exc:
            RULES.apply(s, 0, move)
        assert exc.value.reason == reason
    assert RULES.why_illegal(s, 1, Add(s.hand[0], 1, 0)) == "it is not player 2's turn"
    assert all(RULES.why_illegal(s, 0, m) is None for m in RULES.legal_actions(s, 0))


def test_invariants_hold_and_catch_a_lost_or_forged_block():
    s = _rolled_even().state
    assert RULES.invariant_errors(s) == ()
    lost = replace(s, hand=s.hand[1:])
    assert any("not conserved" in e for e in RULES.invariant_errors(lost))
    swapped = replace(s, bag=(s.bag[0] + 1, s.bag[1] - 1, *s.bag[2:]))
    assert any("red blocks not conserved" in e for e in RULES.invariant_errors(swapped))
    unsafe = replace(s, towers=(((Block(0),) * 3, (), (), ()), s.towers[1]), bag=(s.bag[0] - 3, *s.bag[1:]))
    assert any("Safety" in e for e in RULES.invariant_errors(unsafe))


def test_the_roster_offers_three_levels_and_keeps_the_old_ids():
    assert BOTS.offered == ("novice", "steady", "expert")
    for old, new in (("random", "novice"), ("heuristic", "steady"), ("strong", "expert")):
        assert type(BOTS.make(old)) is type(BOTS.make(new))
    s = _rolled_even().state
    legal = RULES.legal_actions(s, 0)
    move = BOTS.make("expert").choose(RULES.view(s, 0), legal, Rng(1), Budget())
    assert canonical(move) in legal
