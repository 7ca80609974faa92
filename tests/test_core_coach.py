"""The coach in every game: legal advice with a reason, and the leak battery over hints
(redrawing what a seat cannot know never changes the advice it gets)."""

from __future__ import annotations

import pytest

from babel.core import coach, registry
from babel.core.rng import Rng

GAMES = ["duel", "solitaire", "babel_on", "turmbau", "builders"]
PLIES = 14  # random plies per playout
CHECKS = {"solitaire": 1, "duel": 1}  # advised positions per game (default 3): the suite stays quick


def _positions(rules, seed: int):
    """(state, seat) pairs along a seeded random playout where the seat has a choice."""
    info = rules.info
    players = info.default_players or max(info.min_players, 3)
    state = rules.initial_state(rules.make_config(players), seed)
    rng = Rng(seed)
    found = []
    for ply in range(PLIES * 4):
        if rules.is_over(state) if hasattr(rules, "is_over") else not rules.to_act(state):
            break
        seats = rules.to_act(state)
        if not seats:
            break
        seat = seats[0]
        legal = rules.legal_actions(state, seat)
        if len(legal) > 1 and ply % 3 == 1:
            found.append((state, seat))
        state = rules.apply(state, seat, rng.choice(legal)).state
    return found[: CHECKS.get(rules.info.id, 3)]


@pytest.mark.parametrize("game", GAMES)
def test_advice_is_legal_has_a_reason_and_never_depends_on_others_secrets(game):
    rules = registry.get(game)
    advise = coach.adviser(game)
    positions = _positions(rules, 11)
    assert positions
    for state, seat in positions:
        view = rules.view(state, seat)
        legal = rules.legal_actions(state, seat)
        action, reason = advise(view, legal)
        assert action in legal
        assert isinstance(reason, str) and len(reason) > 10
        for k in range(1 if game in CHECKS else 2):
            other = rules.resample_hidden(state, seat, Rng(100 + k))
            assert advise(rules.view(other, seat), rules.legal_actions(other, seat)) == (action, reason)


def test_the_same_view_always_gets_the_same_advice():
    rules = registry.get("turmbau")
    state, seat = _positions(rules, 5)[0]
    view, legal = rules.view(state, seat), rules.legal_actions(state, seat)
    advise = coach.adviser("turmbau")
    assert advise(view, legal) == advise(view, legal)
