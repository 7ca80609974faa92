"""The protocol battery, run over every registered game and the example game.

Seeded random playouts check at every step: the game's own invariants, legal actions only for
seats to act, pure apply, illegal actions refused without change and with the reason
``why_illegal`` gives, exact JSON round trips of states, views and actions, the leak test
(redrawing what a seat cannot know never changes its view), and termination.
"""

from __future__ import annotations

import json

import pytest

from babel.core import registry
from babel.core.protocol import ActionTextError, IllegalAction, Rules
from babel.core.rng import Rng, seed_state
from tests.example_game import EXAMPLE, EXAMPLE_BOTS

# Playouts per player count; slow games (physics) may ask for fewer.
PLAYOUTS = {"babel_on": 2, "builders": 3, "turmbau": 3}
DEFAULT_PLAYOUTS = 8
MAX_STEPS = 20_000


def _games() -> list[Rules]:
    return [EXAMPLE, *registry.all_games()]


def _cases():
    for rules in _games():
        counts = sorted({rules.info.min_players, rules.info.max_players})
        for players in counts:
            yield pytest.param(rules, players, id=f"{rules.info.id}-{players}p")


def _dump(rules: Rules, state) -> str:
    return json.dumps(rules.state_to_json(state), sort_keys=True)


def _check_step(rules: Rules, state, players: int, rng: Rng, foreign_actions: list) -> None:
    # JSON round trip of the state, through real JSON text.
    text = _dump(rules, state)
    again = rules.state_from_json(json.loads(text))
    assert again == state, "state JSON round trip changed the state"
    assert _dump(rules, again) == text

    assert rules.invariant_errors(state) == (), "an invariant of the game is broken"
    acting = rules.to_act(state)
    over = rules.outcome(state) is not None
    assert over == (not acting), "to_act must be empty exactly when the game is over"

    for seat in range(players):
        legal = rules.legal_actions(state, seat)
        assert legal == rules.legal_actions(state, seat), "legal_actions is not deterministic"
        if seat in acting:
            assert legal, f"seat {seat} must act but has no legal action"
        else:
            assert not legal, f"seat {seat} is not to act but has legal actions"
        for action in legal[:50]:
            assert rules.parse_action(rules.action_text(action)) == action
            assert rules.why_illegal(state, seat, action) is None, "why_illegal refuses a legal action"

    # Views: round trip, no RNG inside, and the leak test.
    for seat in [None, *range(players)]:
        view = rules.view(state, seat)
        vjson = rules.view_to_json(view)
        assert rules.view_from_json(json.loads(json.dumps(vjson))) == view
        assert '"rng"' not in json.dumps(vjson), "a view must never contain the RNG state"
        other = rules.resample_hidden(state, seat, Rng(rng.next64()))
        assert rules.view(other, seat) == view, f"seat {seat}'s view depends on what it cannot know"

    # Illegal actions are refused and change nothing.
    for seat in range(players):
        if seat in acting:
            continue
        for other_seat in acting:
            for action in rules.legal_actions(state, other_seat)[:3]:
                _refused_with_reason(rules, state, seat, action)
    for seat in acting:
        legal = set(rules.legal_actions(state, seat))
        for action in foreign_actions[-20:]:
            if action not in legal:
                _refused_with_reason(rules, state, seat, action)
    assert _dump(rules, state) == text, "a refused action changed the state"


def _refused_with_reason(rules: Rules, state, seat: int, action) -> None:
    """``apply`` refuses the action with exactly the reason ``why_illegal`` gives."""
    why = rules.why_illegal(state, seat, action)
    assert isinstance(why, str) and why, "why_illegal must name the reason for an illegal action"
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, seat, action)
    assert refused.value.reason == why


@pytest.mark.parametrize(("rules", "players"), list(_cases()))
def test_random_playouts(rules: Rules, players: int) -> None:
    config = rules.make_config(players)
    for game in range(PLAYOUTS.get(rules.info.id, DEFAULT_PLAYOUTS)):
        rng = Rng(seed_state(1234, rules.info.id, players, game))
        state = rules.initial_state(config, seed=game)
        assert rules.initial_state(config, seed=game) == state, "initial_state is not deterministic"
        foreign: list = []
        for _ in range(MAX_STEPS):
            _check_step(rules, state, players, rng, foreign)
            acting = rules.to_act(state)
            if not acting:
                break
            seat = rng.choice(acting)
            legal = rules.legal_actions(state, seat)
            action = rng.choice(legal)
            before = _dump(rules, state)
            step = rules.apply(state, seat, action)
            assert _dump(rules, state) == before, "apply changed its input state"
            foreign.append(action)
            state = step.state
        else:
            pytest.fail(f"{rules.info.id} did not end within {MAX_STEPS} steps")
        outcome = rules.outcome(state)
        assert outcome is not None
        assert outcome.winners or players == 1, "a multi-player game must name a winner"
        assert all(0 <= w < players for w in outcome.winners)


@pytest.mark.parametrize("rules", _games(), ids=lambda r: r.info.id)
def test_info_is_complete(rules: Rules) -> None:
    info = rules.info
    assert info.id and info.title and info.blurb
    assert 1 <= info.min_players <= info.max_players
    roster = EXAMPLE_BOTS if rules is EXAMPLE else registry.bots(info.id)
    assert roster.offered, "every game offers bot levels, weakest first"
    assert roster.make("random") is not None, "'random' stays a valid id (older saves hold it)"
    for level in roster.all_ids:
        assert roster.make(level) is not None
        assert roster.name(level)
    for opt in info.options:
        assert opt.default in opt.choices


@pytest.mark.parametrize("rules", _games(), ids=lambda r: r.info.id)
@pytest.mark.parametrize("text", ["", "nonsense", "{", "play", "\x00", "9" * 400])
def test_unreadable_text_is_not_an_illegal_action(rules: Rules, text: str) -> None:
    """Text that stands for no action raises ActionTextError (a damaged save), never
    IllegalAction (a readable move the rules refuse now) nor anything else."""
    try:
        action = rules.parse_action(text)
    except ActionTextError:
        return
    assert rules.action_text(action) == text  # some text forms are short words
