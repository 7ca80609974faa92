"""Every fact the coach and the lessons state holds in the true state (the claim battery of
tools/claim_battery.py, at a size a test can afford: the first plies of one game per game and
each lesson up to its end), and the lessons follow the coach or say why they do not."""

from __future__ import annotations

import pytest

from babel.core.claims import Claim, checker
from tools.claim_battery import GAMES, play_game, walk_lesson

PLIES = {"duel": 20, "solitaire": 8, "babel_on": 30, "turmbau": 25, "builders": 80}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_coach_says_nothing_false(game_id):
    tally = play_game(game_id, seed=3, plies=PLIES[game_id])
    assert tally.decisions > 0 and sum(tally.kinds.values()) > 0
    assert tally.false == []


@pytest.mark.parametrize("game_id", GAMES)
def test_every_lesson_step_says_nothing_false_and_follows_the_coach_or_says_why(game_id):
    tally = walk_lesson(game_id, until_done=True)
    assert tally.decisions > 0
    assert tally.false == []  # a suggestion not the coach's without a stated reason counts too


def test_the_builders_lesson_suggests_the_coach_move_at_every_step():
    tally = walk_lesson("builders", until_done=True)
    assert tally.agree > 0 and tally.differ_said == 0
    assert tally.notes >= 1  # the learner's rise in the bots' suspicion is explained


def test_following_every_suggestion_of_the_duel_lesson_wins():
    tally = walk_lesson("duel")
    assert tally.winners == (0,)
    assert tally.false == []


def test_a_false_claim_is_caught():
    from babel.core import registry
    from babel.core.match import Match, Seat

    rules = registry.get("builders")
    match = Match(rules, rules.make_config(5), 1, [Seat(f"P{i}", "plain") for i in range(5)])
    cell = 0
    need = max(0, match.state.blueprint.cells[cell] - match.state.base[cell])
    check = checker("builders")
    assert check(match.state, 0, Claim("cell_need", cell, need)) is None
    assert check(match.state, 0, Claim("cell_need", cell, need + 1)) is not None
    assert check(match.state, 0, Claim("roles", 1, "messenger")) is not None  # no such kind: hidden


def test_a_key_that_does_something_else_is_caught():
    from tools.claim_battery import key_does

    assert key_does("babel_on", "hint", "C")
    assert not key_does("babel_on", "hint", "H")  # H switches the hand whose risk is shown there


def test_a_claim_that_changes_with_another_seats_secrets_is_caught():
    """The battery redraws what the seat cannot see: a claim about a rival's hand in Builders
    (secret) fails there, one about the seat's own hand does not."""
    from babel.core import registry
    from babel.core.match import Match, Seat
    from tools.claim_battery import _depends_on_secrets

    rules = registry.get("builders")
    match = Match(rules, rules.make_config(5), 2, [Seat(f"P{i}", "plain") for i in range(5)])
    own, rival = match.state.hands[0], match.state.hands[1]

    def about_hands(state, seat, claim):
        return None if state.hands[claim.subject] == claim.value else "changed"

    assert _depends_on_secrets(match, 0, Claim("hand", 0, own), about_hands) == []
    assert _depends_on_secrets(match, 0, Claim("hand", 1, rival), about_hands) != []
