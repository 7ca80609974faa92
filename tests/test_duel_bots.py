"""The card duel's bots: legal and reproducible choices, card classes, the matrix-game solver,
and the strong bot's sense in positions with an obvious answer."""

from __future__ import annotations

import pytest

from babel.core.bots import Budget, bot_rng
from babel.core.protocol import Config, replace
from babel.core.rng import Rng
from babel.core.simulate import play_game, simulate
from babel.games.duel import RULES, bots, fast
from babel.games.duel.engine import JOKER, Play

SMALL = Budget(iterations=1500)


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("level", ["random", "heuristic"])
def test_cheap_bots_finish_games(players, level):
    summary = simulate(RULES, players, 40, seed=5, levels=[level] * players)
    assert summary.errors == [] and summary.games == 40


@pytest.mark.parametrize("players", [2, 3])
def test_strong_bot_plays_a_legal_reproducible_game(players):
    config = Config(players)
    state = RULES.initial_state(config, 11)
    bot = RULES.make_bot("strong")
    ply = 0
    while not RULES.is_over(state):
        seat = RULES.to_act(state)[0]
        view, legal = RULES.view(state, seat), RULES.legal_actions(state, seat)
        a = bot.choose(view, legal, bot_rng(11, seat, ply), SMALL)
        assert a in legal
        if ply < 4:
            assert bot.choose(view, legal, bot_rng(11, seat, ply), SMALL) == a
        state = RULES.apply(state, seat, a).state
        ply += 1


def test_card_classes_merge_cards_nobody_separates():
    # indices: 0 = the 2 ... 12 = the Ace, 13 = the Joker
    hands = ((0, 1, 2, 7, 8, 13), (3, 8, 13))
    assert bots.card_classes(hands, 0) == [0, 7, 8, 13]  # 2,3,4 alike; 9 and 10 split by their 10
    assert bots.card_classes(hands, 1) == [3, 8, 13]


def test_solve2_finds_matching_pennies_mix():
    x, y, v = bots.solve2([[1.0, 0.0], [0.0, 1.0]], 2000)
    assert abs(x[0] - 0.5) < 0.05 and abs(y[0] - 0.5) < 0.05 and abs(v - 0.5) < 0.02


def test_solve2_finds_dominant_row():
    x, _, v = bots.solve2([[0.2, 0.3], [0.9, 0.8]], 500)
    assert x[1] > 0.95 and abs(v - 0.8) < 0.02


def test_solve3_finds_dominant_choices():
    # player 0 prefers action 1 whatever the others do; the others are indifferent
    u = [[[(0.0, 0.5, 0.5)] * 2] * 2, [[(1.0, 0.0, 0.0)] * 2] * 2]
    strat, ev = bots.solve3(u, 200)
    assert strat[0][1] > 0.95 and ev[0] > 0.95


def _position(players, hands, builder, die, scores):
    state = RULES.initial_state(Config(players), 1)
    return replace(
        state, hands=tuple(tuple(h) for h in hands), builder=builder, die=die, scores=tuple(scores)
    )


def test_exact_endgame_takes_the_sure_win():
    # last two rounds; I am Builder on a six holding the Ace: any round I win ends the game.
    state = _position(2, [(14, 2), (13, 3)], builder=0, die=6, scores=(0, 20))
    bot = bots.StrongBot()
    a = bot.choose(RULES.view(state, 0), RULES.legal_actions(state, 0), Rng(1), Budget())
    assert a == Play(14)


def test_strong_bot_uses_the_joker_against_a_six():
    # the rival is Builder on a six and wins any round I do not cancel: only the Joker saves me
    # (after the Joker the rival can climb again, but only to 15 + 1 + 2 + 3 < 30)
    state = _position(2, [(2, 3, 4, 5, 6, JOKER), (7, 8, 9, 12, 13, 14)], builder=1, die=6, scores=(30, 15))
    bot = bots.StrongBot()
    a = bot.choose(RULES.view(state, 0), RULES.legal_actions(state, 0), Rng(2), Budget(iterations=3000))
    assert a == Play(JOKER)


def test_exact_search_value_of_a_decided_endgame():
    # one card each, Builder 0 with 2 and the die on 1; the Ace takes the round but scores nothing
    search = bots.ExactSearch(2)
    st = fast.pack(2, 0, 1, (3, 3))
    assert search.value(((0,), (12,)), st) == (0.5, 0.5)
    assert search.value(((12,), (0,)), st) == (1.0, 0.0)


def test_strong_beats_random_in_a_few_games():
    wins = 0.0
    for g in range(4):
        seat = g % 2
        levels = ["random", "random"]
        levels[seat] = "strong"
        rec = play_game(RULES, Config(2), 500 + g, levels, Budget(iterations=1000))
        if seat in rec.outcome.winners:
            wins += 1 / len(rec.outcome.winners)
    assert wins >= 2.5
