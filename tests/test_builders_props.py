"""Babel Builders: properties over seeded bot games at every player count (5-10).

At every step: the invariants (cards and blocks conserved, roles consistent), an exact JSON round
trip of the state, and the leak test for every seat and the spectator (redrawing what a seat
cannot know never changes its view), and the private events go only to their seat. Every game
ends. Thousands more games run in `python -m babel soak builders`.
"""

from __future__ import annotations

import json

import pytest

from babel.core.bots import Budget, bot_rng
from babel.core.match import Match, Seat
from babel.core.rng import Rng, seed_state
from babel.games.builders import RULES
from babel.games.builders.bots import make_bot
from babel.games.builders.invariants import check
from babel.games.builders.model import Phase

LEVELS = ("novice", "plain", "shrewd")
FULL_GAMES = 2  # per player count, with the leak test at every step
LIGHT_GAMES = 3  # per player count, invariants and round trips only
MAX_PLIES = 2000
PRIVATE_KINDS = {
    "role",
    "convert",
    "choose_cards",
    "received",
    "swap_cards",
    "draw_cards",
    "seal_choice",
    "seal_declare",
    "punish_choice",
}


def _play(players: int, seed: int, leak: bool) -> int:
    config = RULES.make_config(players)
    state = RULES.initial_state(config, seed)
    bots = [make_bot(LEVELS[(seed + s) % 3]) for s in range(players)]
    rng = Rng(seed_state(seed, "props"))
    for ply in range(MAX_PLIES):
        check(state)
        text = json.dumps(RULES.state_to_json(state), sort_keys=True)
        assert RULES.state_from_json(json.loads(text)) == state
        if leak:
            for seat in [None, *range(players)]:
                view = RULES.view(state, seat)
                assert RULES.view_from_json(json.loads(json.dumps(RULES.view_to_json(view)))) == view
                other = RULES.resample_hidden(state, seat, Rng(rng.next64()))
                assert RULES.view(other, seat) == view, f"leak for seat {seat} in {state.phase}"
                check(other) if state.phase is not Phase.SWAP else None
        if RULES.outcome(state) is not None:
            return ply
        acting = RULES.to_act(state)
        seat = acting[rng.below(len(acting))]
        legal = RULES.legal_actions(state, seat)
        action = bots[seat].choose(RULES.view(state, seat), legal, bot_rng(seed, seat, ply), Budget())
        assert action in legal
        step = RULES.apply(state, seat, action)
        for event in step.events:
            json.dumps(dict(event.data))
            if event.kind in PRIVATE_KINDS:
                assert event.to is not None and len(event.to) == 1, f"{event.kind} must be private"
        state = step.state
    pytest.fail(f"{players}-player game {seed} did not end")


@pytest.mark.parametrize("players", range(5, 11))
def test_seeded_bot_games_keep_invariants_and_leak_nothing(players):
    for game in range(FULL_GAMES):
        _play(players, 1000 * players + game, leak=True)
    for game in range(FULL_GAMES, FULL_GAMES + LIGHT_GAMES):
        _play(players, 1000 * players + game, leak=False)


def test_match_event_logs_undo_and_saves_hide_secrets():
    """Through the Match driver: each seat's event log only shows its own secrets, undo never
    crosses a reveal, and a replay from the action log reproduces the game exactly."""
    config = RULES.make_config(6)
    seats = [Seat(f"p{i}", "simple") for i in range(6)]
    match = Match(RULES, config, 77, seats)
    while not match.over:
        seat = match.to_act()[0]
        match.submit(seat, match.bot_action(seat))
    roles = match.state.roles
    for seat in range(6):
        for _ply, event in match.events_for(seat):
            if event.to is not None:
                assert event.to == frozenset({seat})
            if event.kind == "choose_cards":
                assert event.data["seat"] == seat
    again = Match.replay(RULES, config, 77, seats, [(e.seat, e.text) for e in match.log])
    assert again.state == match.state and again.state.roles == roles
    assert RULES.outcome(again.state) == match.outcome()


def test_undo_takes_back_a_secret_choice_but_never_crosses_a_reveal():
    """The human chooses first in a construction phase (undo allowed: nothing was revealed);
    as Master its reveals and its swap after the private check can never be taken back."""
    config = RULES.make_config(5)
    human = 4
    seats = [*[Seat(f"bot{i}", "simple") for i in range(4)], Seat("human")]
    match = Match(RULES, config, 5, seats)
    undone = crossed = False
    while not match.over and not (undone and crossed):
        acting = match.to_act()
        if human not in acting:
            match.submit(acting[0], match.bot_action(acting[0]))
            continue
        phase = match.state.phase
        before = match.state
        match.submit(human, match.legal(human)[-1])
        if phase is Phase.SELECT and match.state.phase is Phase.SELECT and not undone:
            assert match.undo(human) and match.state == before
            undone = True
            match.submit(human, match.legal(human)[-1])
        if match.log[-1].irreversible:  # this action revealed something: no way back
            assert not match.undo(human)
            crossed = True
    assert crossed and undone


@pytest.mark.parametrize("players", [5, 7, 10])
def test_determinize_gives_back_the_view_and_a_state_that_plays_on(players):
    """A state made from a seat's view shows that seat the same view, keeps every invariant,
    offers the seat the same moves, and can be played to its end (what a search bot needs)."""
    state = RULES.initial_state(RULES.make_config(players), players)
    bot = make_bot("plain")
    for ply in range(MAX_PLIES):
        seat = RULES.to_act(state)[0] if RULES.to_act(state) else 0
        view = RULES.view(state, seat)
        made = RULES.determinize(view, seat, Rng(ply))
        assert RULES.view(made, seat) == view, f"ply {ply} ({state.phase})"
        assert RULES.invariant_errors(made) == ()
        assert RULES.legal_actions(made, seat) == RULES.legal_actions(state, seat)
        if ply % 9 == 4:  # now and then, play the made-up state on to its end
            while RULES.outcome(made) is None:
                s = RULES.to_act(made)[0]
                act = bot.choose(
                    RULES.view(made, s), RULES.legal_actions(made, s), bot_rng(ply, s, 0), Budget()
                )
                made = RULES.apply(made, s, act).state
        if RULES.outcome(state) is not None:
            return
        action = bot.choose(view, RULES.legal_actions(state, seat), bot_rng(players, seat, ply), Budget())
        state = RULES.apply(state, seat, action).state
    pytest.fail("the game did not end")
