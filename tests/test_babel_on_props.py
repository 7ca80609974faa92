"""Invariants over seeded bot games (the thousands-of-games soak is python -m babel soak babel_on).

Every step: blocks are conserved (bag + towers + Bonus Blocks + in hand = total), no tower breaks
the Structure or Safety rules (a knocked-over tower being restored may have more than two
partial floors until its owner has put the fallen blocks back), the state's JSON round trip is
exact, and every game ends. Replaying the action log (through the text form, as a save does)
reproduces every physics outcome and the final state.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_h

from babel.core.bots import Budget, bot_rng
from babel.games.babel_on import BOTS, RULES, structure
from babel.games.babel_on.invariants import total_blocks
from babel.games.babel_on.model import BabelState, EventKind

MAX_PLIES = 5000


def check_invariants(state: BabelState, total: int) -> None:
    errors = RULES.invariant_errors(state)
    assert total_blocks(state) == total
    assert not errors, errors


def play(players: int, seed: int, levels: list[str], **options) -> tuple:
    config = RULES.make_config(players, **options)
    bots = [BOTS.make(level) for level in levels]
    state = RULES.initial_state(config, seed)
    total = total_blocks(state)
    log, falls = [], []
    for ply in range(MAX_PLIES):
        check_invariants(state, total)
        text = json.dumps(RULES.state_to_json(state))
        assert RULES.state_from_json(json.loads(text)) == state
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        action = bots[seat].choose(RULES.view(state, seat), legal, bot_rng(seed, seat, ply), Budget())
        assert RULES.parse_action(RULES.action_text(action)) == action
        step = RULES.apply(state, seat, action)
        log.append((seat, RULES.action_text(action)))
        falls += [(ply, e.data["tower"], e.data["fallen"]) for e in step.events if e.kind == EventKind.FALL]
        state = step.state
    else:
        pytest.fail("the game did not end")
    return config, state, log, falls


def replay(config, seed: int, log) -> tuple:
    state = RULES.initial_state(config, seed)
    falls = []
    for ply, (seat, text) in enumerate(log):
        step = RULES.apply(state, seat, RULES.parse_action(text))
        falls += [(ply, e.data["tower"], e.data["fallen"]) for e in step.events if e.kind == EventKind.FALL]
        state = step.state
    return state, falls


CASES = [
    (2, ["novice", "novice"]),
    (3, ["novice", "steady", "random"]),  # an old level id still names its bot
    (4, ["novice"] * 4),
    (5, ["novice", "novice", "novice", "steady", "novice"]),
    (6, ["novice"] * 6),
]


@pytest.mark.parametrize(("players", "levels"), CASES, ids=[f"{p}p" for p, _ in CASES])
def test_seeded_bot_games_keep_the_invariants_and_replay(players, levels):
    for seed in range(2):
        config, final, log, falls = play(players, seed, levels)
        again, refalls = replay(config, seed, log)
        assert again == final and refalls == falls
        out = RULES.outcome(final)
        assert out.winners and all(not final.eliminated[w] for w in out.winners)


def test_skilled_bots_game_ends_and_replays():
    config, final, log, falls = play(2, 11, ["steady", "expert"], round_limit=30)
    again, refalls = replay(config, 11, log)
    assert again == final and refalls == falls
    assert RULES.outcome(final) is not None


def test_steady_hands_games_keep_the_invariants():
    for seed in range(2):
        play(4, seed, ["novice"] * 4, steady_hands=True)


@st_h.composite
def towers(draw):
    """A legal tower: four column heights within two floors of each other, random colours."""
    low = draw(st_h.integers(0, 6))
    hs = [draw(st_h.integers(low, min(6, low + 2))) for _ in range(4)]
    return tuple(tuple(structure.Block(draw(st_h.integers(0, 2))) for _ in range(h)) for h in hs)


@settings(max_examples=150, deadline=None)
@given(towers(), st_h.integers(0, 3))
def test_adding_keeps_safety_and_structure(tower, cell):
    reason = structure.add_refusal(tower, cell)
    hs = list(structure.heights(tower))
    hs[cell] += 1
    if reason is None:
        assert hs[cell] <= structure.FLOORS and structure.spread(hs) <= 2
    else:
        assert hs[cell] > structure.FLOORS or structure.spread(hs) > 2
        assert reason.startswith(("Safety", "Structure"))


@settings(max_examples=150, deadline=None)
@given(towers(), st_h.integers(0, 3), st_h.integers(1, 6), st_h.booleans())
def test_removing_never_breaks_safety(tower, cell, floor, own):
    reason = structure.remove_refusal(tower, cell, floor, 0, own)
    if reason is None:
        hs = list(structure.heights(tower))
        hs[cell] -= 1
        assert structure.spread(hs) <= 2
        assert not any(f >= floor for f in structure.protected_floors(tower, 0))
