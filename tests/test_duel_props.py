"""Properties of the card duel over thousands of seeded random games, and the fast path's
exact agreement with the protocol engine."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from babel.core.protocol import Config
from babel.core.rng import Rng, seed_state
from babel.games.duel import RULES, fast
from babel.games.duel.actions import Play
from babel.games.duel.model import DIE_MAX, ROUNDS, SUIT, EndReason, Phase, RoundKind, resolve_round

GAMES = 2000  # per player count: invariants at every round
JSON_GAMES = 300  # per player count: also the JSON round trip at every single step


def _check_round(before, after) -> None:
    """Scores only rise by the die value of a Builder win; everything else stays put."""
    rec = after.history[-1]
    gained = [b - a for a, b in zip(before.scores, after.scores)]
    builder_won = before.builder is not None and rec.winner == before.builder
    assert builder_won == (
        rec.kind in (RoundKind.BUILDER_WINS, RoundKind.JOKERS_TIE) and before.builder is not None
    )
    for seat, g in enumerate(gained):
        if builder_won and seat == before.builder:
            assert g == before.die
        else:
            assert g == 0
    if builder_won and before.die < DIE_MAX:
        assert after.builder == before.builder and after.die == before.die + 1
    if after.builder is None:
        assert after.die == 1
    if after.phase is Phase.OVER:
        if after.end is EndReason.SIX:
            assert builder_won and before.die == DIE_MAX
        else:
            assert len(after.history) == ROUNDS
    else:
        assert len(after.history) < ROUNDS
        assert not (builder_won and before.die == DIE_MAX)


def _play(players: int, game: int, check_json: bool):
    rng = Rng(seed_state(99, players, game))
    state = RULES.initial_state(Config(players), seed=game)
    steps = 0
    while not RULES.is_over(state):
        start = state
        for seat in RULES.to_act(state):
            action = rng.choice(RULES.legal_actions(state, seat))
            state = RULES.apply(state, seat, action).state
            steps += 1
            if check_json:
                text = json.dumps(RULES.state_to_json(state), sort_keys=True)
                again = RULES.state_from_json(json.loads(text))
                assert again == state
                assert json.dumps(RULES.state_to_json(again), sort_keys=True) == text
        _check_round(start, state)
    # every card played exactly once (and the rest still in hand after a win on a six)
    for seat in range(players):
        played = [r.cards[seat] for r in state.history]
        assert Counter(played) + Counter(state.hands[seat]) == Counter(SUIT)
        assert len(set(played)) == len(played)
    assert steps == players * len(state.history)
    return state


@pytest.mark.parametrize("players", [2, 3])
def test_random_games_invariants(players):
    ends = Counter()
    for game in range(GAMES):
        state = _play(players, game, check_json=game < JSON_GAMES)
        ends[state.end] += 1
    assert ends[EndReason.ROUNDS] > 0 and ends[EndReason.SIX] > 0


@pytest.mark.parametrize("players", [2, 3])
def test_fast_path_agrees_with_engine(players):
    for seed in range(400):
        st, rounds = fast.random_game_traced(players, seed)
        assert fast.random_game(players, seed) == st
        state = RULES.initial_state(Config(players), seed=seed)
        for cards in rounds:
            assert not RULES.is_over(state)
            for seat, card in enumerate(cards):
                state = RULES.apply(state, seat, Play(card)).state
        assert RULES.is_over(state)
        builder, die, won, scores = fast.unpack(players, st)
        assert scores == state.scores
        out = RULES.outcome(state)
        assert fast.payoffs(players, st) == tuple(
            1 / len(out.winners) if i in out.winners else 0.0 for i in range(players)
        )
        if won is not None:
            assert state.end is EndReason.SIX and out.winners == (won,)
        else:
            assert state.end is EndReason.ROUNDS and len(rounds) == ROUNDS
            assert (builder, die) == (state.builder, state.die)


@pytest.mark.parametrize("players", [2, 3])
def test_fast_table_matches_resolve_round_everywhere(players):
    positions = [(None, 1)] + [(b, d) for b in range(players) for d in range(1, 7)]
    combos = (
        [(a, b) for a in range(14) for b in range(14)]
        if players == 2
        else [(a, b, c) for a in range(14) for b in range(0, 14, 3) for c in range(14)]
    )
    for builder, die in positions:
        st = fast.pack(players, builder, die, (5,) * players)
        for idx in combos:
            res = resolve_round([fast.index_card(i) for i in idx], builder, die)
            b2, d2, won, scores = fast.unpack(players, fast.step(players, st, idx))
            assert won == (res.winner if res.game_won else None)
            if not res.game_won:
                assert (b2, d2) == (res.builder, res.die)
            assert scores == tuple(5 + (res.points if seat == res.winner else 0) for seat in range(players))


def test_fast_rollouts_finish_any_position():
    rng = Rng(5)
    for players in (2, 3):
        for _ in range(200):
            n = rng.randint(1, 14)
            hands = [sorted(rng.shuffled(range(14))[:n]) for _ in range(players)]
            st = fast.pack(players, None, 1, (0,) * players)
            x = rng.next64()
            if players == 2:
                end, _ = fast.rollout2([c * 14 for c in hands[0]], hands[1][:], st, x)
            else:
                end, _ = fast.rollout3(
                    [c * 196 for c in hands[0]], [c * 14 for c in hands[1]], hands[2][:], st, x
                )
            assert abs(sum(fast.payoffs(players, end)) - 1.0) < 1e-9
