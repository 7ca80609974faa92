"""The card duel's bots: levels, legal and reproducible choices, the pattern panel, the exact
solver over the reduced public state, the matrix-game solvers, habit reading and safe
exploitation, and sense in positions with an obvious answer."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from babel.core.bots import Budget, bot_rng
from babel.core.protocol import Config, replace
from babel.core.rng import Rng
from babel.core.simulate import play_game, simulate
from babel.games.duel import BOTS, RULES, adapt, bots, fast, habit_search, panel, public2, rivals3, three, values
from babel.games.duel.actions import Play
from babel.games.duel.matrix import safe_mix, solve_zero_sum, worst_case
from babel.games.duel.model import JOKER, SUIT, resolve_round

SMALL = Budget(iterations=600)


def test_levels_offered_are_the_names_the_table_shows():
    assert BOTS.offered == ("novice", "steady", "expert")
    assert set(panel.PATTERNS) | {"thumb"} == set(BOTS.all_ids) - set(BOTS.offered)


def test_old_level_ids_still_make_their_successors():
    assert isinstance(BOTS.make("strong"), bots.EquilibriumBot)
    assert BOTS.make("strong").allowance == adapt.ALLOWANCE
    assert isinstance(BOTS.make("heuristic"), bots.EquilibriumBot)
    assert BOTS.make("heuristic").allowance == bots.STEADY_ALLOWANCE  # habits read within its gains
    assert isinstance(BOTS.make("thumb"), bots.HeuristicBot)


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("level", ["novice", "thumb", *panel.PATTERNS])
def test_cheap_bots_finish_games(players, level):
    summary = simulate(RULES, players, 10, seed=5, levels=[level] * players)
    assert summary.errors == [] and summary.games == 10


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("level", ["steady", "expert"])
def test_solving_bots_play_legal_reproducible_games(players, level):
    state = RULES.initial_state(Config(players), 11)
    agents = [BOTS.make(level if s == 0 else "lowest") for s in range(players)]
    ply = 0
    while not RULES.is_over(state):
        seat = RULES.to_act(state)[0]
        view, legal = RULES.view(state, seat), RULES.legal_actions(state, seat)
        a = agents[seat].choose(view, legal, bot_rng(11, seat, ply), SMALL)
        assert a in legal
        if seat == 0 and ply < 8:
            assert BOTS.make(level).choose(view, legal, bot_rng(11, seat, ply), SMALL) == a
        state = RULES.apply(state, seat, a).state
        ply += 1


# -- the pattern panel ---------------------------------------------------------------------------
def _ctx(die=1, rival_six=False, last=None):
    return panel.Context(die, rival_six, last)


def test_panel_patterns_play_as_named():
    hand = (3, 7, 9, 14, JOKER)
    assert panel.lowest(hand, _ctx(), None) == 3
    assert panel.highest(hand, _ctx(), None) == 14
    assert panel.lowest((JOKER,), _ctx(), None) == JOKER
    assert panel.die(hand, _ctx(die=5), None) == 7  # no 5: the nearest above
    assert panel.die(hand, _ctx(die=1), None) == 14  # a die's one is the Ace
    assert panel.above(hand, _ctx(last=7), None) == 9
    assert panel.above(hand, _ctx(last=14), None) == 3  # nothing beats it: the lowest
    assert panel.joker6(hand, _ctx(rival_six=True), Rng(1)) == JOKER
    assert all(panel.joker6(hand, _ctx(), Rng(s)) != JOKER for s in range(20))


def test_panel_context_sees_a_rival_six_and_the_last_reveal():
    ctx = panel.context(0, builder=1, die_value=6, last_cards=(4, 11))
    assert ctx.rival_six and ctx.last == 11 and ctx.die == 6
    assert not panel.context(1, builder=1, die_value=6, last_cards=None).rival_six


# -- matrix games -------------------------------------------------------------------------------
def test_zero_sum_solver_finds_matching_pennies_mix():
    x, y, v = solve_zero_sum([[1.0, 0.0], [0.0, 1.0]])
    assert x == pytest.approx([0.5, 0.5]) and y == pytest.approx([0.5, 0.5]) and v == pytest.approx(0.5)


def test_zero_sum_solver_finds_a_saddle_point():
    x, y, v = solve_zero_sum([[0.2, 0.3], [0.9, 0.8]])
    assert x == [0.0, 1.0] and y == [0.0, 1.0] and v == 0.8


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.floats(0, 1), min_size=4, max_size=4), min_size=1, max_size=6))
def test_zero_sum_solution_is_an_equilibrium(rows):
    a = [r[:3] for r in rows]
    x, y, v = solve_zero_sum(a)
    assert worst_case(a, x) == pytest.approx(v, abs=1e-9)
    assert max(sum(r[j] * y[j] for j in range(3)) for r in a) == pytest.approx(v, abs=1e-9)


def test_safe_mix_keeps_the_floor_against_every_reply():
    a = [[1.0, 0.0], [0.0, 1.0]]
    mix, t = safe_mix(a, [0.5, 0.5], [1.0, 0.0], 0.1)
    assert 0 < t < 1 and worst_case(a, mix) == pytest.approx(0.4)
    assert safe_mix(a, [0.5, 0.5], [1.0, 0.0], 0.0)[1] == 0.0


def test_three_player_solver_finds_dominant_choices():
    u = [[[(0.0, 0.5, 0.5)] * 2] * 2, [[(1.0, 0.0, 0.0)] * 2] * 2]
    from babel.games.duel.matrix import solve3

    strat, ev = solve3(u, 200)
    assert strat[0][1] > 0.95 and ev[0] > 0.95


def test_card_classes_merge_cards_nobody_separates():
    hands = ((0, 1, 2, 7, 8, 13), (3, 8, 13))  # indices: 0 = the 2 ... 12 = the Ace, 13 = Joker
    assert three.card_classes(hands, 0) == [0, 7, 8, 13]
    assert three.card_classes(hands, 1) == [3, 8, 13]


# -- the reduced public state ---------------------------------------------------------------------
def test_pattern_keeps_only_the_order_between_held_cards():
    s, ja, jb, ranks = public2.pattern((2, 3, 9, JOKER), (3, 5, 14, JOKER))
    assert s == "acbab" and ja and jb and ranks == [2, 3, 5, 9, 14]
    assert public2.my_classes(s, ja) == [0, 1, 3, public2.JK]
    assert public2.their_classes(s, jb) == [1, 2, 4, public2.JK]
    assert public2.play(s, 1, 1) == "abab"  # both play the 3
    assert public2.play(s, 0, 1) == "abab"  # my 2 and their 3: my 3 stays, theirs goes
    assert public2.play(s, 3, 2) == "acb"  # my 9 and their 5


def _engine_kind_result(tower, mine, theirs):
    builder = None if tower == 0 else 0 if tower <= 6 else 1
    die = 1 if tower == 0 else (tower - 1) % 6 + 1
    return resolve_round((mine, theirs), builder, die)


@pytest.mark.parametrize("tower", range(13))
def test_round_table_agrees_with_the_engine(tower):
    for mine, theirs in ((JOKER, 5), (5, JOKER), (JOKER, JOKER), (9, 4), (4, 4), (4, 9)):
        res = _engine_kind_result(tower, mine, theirs)
        i = public2.JK if mine == JOKER else mine
        j = public2.JK if theirs == JOKER else theirs
        after, dd, final = public2.ROUNDS[tower][public2.kind_of(i, j)]
        if res.game_won:
            assert final == (1.0 if res.winner == 0 else 0.0)
        else:
            assert final is None and dd == (res.points if res.winner == 0 else -res.points)
            expect = 0 if res.builder is None else public2.tower_of(res.builder == 0, res.die)
            assert after == expect


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 4),
    st.randoms(use_true_random=False),
    st.integers(0, 12),
    st.integers(-6, 6),
)
def test_exact_values_are_zero_sum_from_either_side(k, rnd, tower, d):
    mine = rnd.sample(SUIT, k)
    theirs = rnd.sample(SUIT, k)
    s, ja, jb, _ = public2.pattern(mine, theirs)
    ex = public2.Exact()
    assert ex.value(s, ja, jb, tower, d) + ex.value(*public2.mirror(s, ja, jb, tower, d)) == pytest.approx(
        1.0
    )


def test_exact_value_of_a_decided_endgame():
    ex = public2.Exact()
    # one card each; I am Builder with the die on 1 holding the 2, they hold the Ace: they take
    # the title and score nothing, so equal scores stay equal
    s, ja, jb, _ = public2.pattern((2,), (14,))
    assert ex.value(s, ja, jb, public2.tower_of(True, 1), 0) == 0.5
    s, ja, jb, _ = public2.pattern((14,), (2,))
    assert ex.value(s, ja, jb, public2.tower_of(True, 1), 0) == 1.0


def _position(players, hands, builder, die, scores):
    state = RULES.initial_state(Config(players), 1)
    return replace(
        state, hands=tuple(tuple(h) for h in hands), builder=builder, die=die, scores=tuple(scores)
    )


@pytest.mark.parametrize("level", ["steady", "expert"])
def test_takes_the_sure_win(level):
    # last two rounds; Builder on a six holding the Ace: any round it wins ends the game
    state = _position(2, [(14, 2), (13, 3)], builder=0, die=6, scores=(0, 20))
    a = BOTS.make(level).choose(RULES.view(state, 0), RULES.legal_actions(state, 0), Rng(1), Budget())
    assert a == Play(14)


@pytest.mark.parametrize("players", [2, 3])
def test_uses_the_joker_against_a_six(players):
    # the rival is Builder on a six and wins any round the Joker does not cancel
    hands = [(2, 3, 4, 5, 6, JOKER), (7, 8, 9, 12, 13, 14)] + [(2, 3, 4, 5, 10, 11)] * (players - 2)
    state = _position(players, hands, builder=1, die=6, scores=(30, 15, 0)[:players])
    a = BOTS.make("steady").choose(RULES.view(state, 0), RULES.legal_actions(state, 0), Rng(2), SMALL)
    assert a == Play(JOKER)


def test_three_player_exact_search_value_of_a_decided_endgame():
    search = three.ExactSearch(2)
    st_ = fast.pack(2, 0, 1, (3, 3))
    assert search.value(((0,), (12,)), st_) == (0.5, 0.5)
    assert search.value(((12,), (0,)), st_) == (1.0, 0.0)


# -- habits ---------------------------------------------------------------------------------------
def _play_rounds(levels, rounds, seed=3):
    state = RULES.initial_state(Config(len(levels)), seed)
    agents = [BOTS.make(level) for level in levels]
    ply = 0
    while len(state.history) < rounds:
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        state = RULES.apply(
            state, seat, agents[seat].choose(RULES.view(state, seat), legal, bot_rng(seed, seat, ply), SMALL)
        ).state
        ply += 1
    return state


def test_a_clear_habit_is_read_and_predicts_the_next_card():
    state = _play_rounds(["steady", "lowest"], 3)
    habit = adapt.read(RULES.view(state, 0), 1)
    assert habit is not None and habit.name == "lowest" and habit.card == 5 and habit.hits == 3


def test_no_habit_is_read_from_random_play():
    state = _play_rounds(["steady", "random"], 5, seed=8)
    assert adapt.read(RULES.view(state, 0), 1) is None


def test_expert_shifts_towards_the_reply_only_when_a_habit_is_clear():
    state = _play_rounds(["steady", "lowest"], 4)
    view = RULES.view(state, 0)
    _, _, note = BOTS.make("expert").strategy(view, Rng(1), Budget())
    _, _, plain = BOTS.make("steady").strategy(view, Rng(1), Budget())
    assert note["habit"] == "lowest" and note["blend"] > 0
    # steady reads the same habit but leans on it only with what it has gained: never further
    assert plain.get("blend", 0.0) <= note["blend"]
    random_state = _play_rounds(["steady", "random"], 5, seed=8)
    _, _, calm = BOTS.make("expert").strategy(RULES.view(random_state, 0), Rng(1), Budget())
    assert "habit" not in calm


def test_expert_beats_a_lowest_first_player():
    wins = 0.0
    for g in range(6):
        seat = g % 2
        levels = ["lowest", "lowest"]
        levels[seat] = "expert"
        rec = play_game(RULES, Config(2), 700 + g, levels, Budget())
        if seat in rec.outcome.winners:
            wins += 1 / len(rec.outcome.winners)
    assert wins >= 5


def test_value_table_backs_off_to_coarser_summaries():
    table = values.Table({(9, 0, 0): (0.5, 10), (9, 0, 0, 3): (0.7, 6), (9, 0, 0, 3, 1): (0.9, 2)})
    fine = table.value((9, 0, 0, 3, 1, 0))  # the 5-long prefix, shrunk towards its parent
    assert 0.7 < fine < 0.9
    assert table.value((9, 0, 0, 0, 0, 0)) == pytest.approx(0.5)  # only the 3-long prefix known
    assert table.value((9, 5, 4, 0, 0, 0)) == pytest.approx(values._prior((9, 5, 4)))


def test_shipped_value_table_knows_the_opening_positions():
    s, ja, jb, _ = public2.pattern(SUIT, SUIT)
    rows, cols, a = bots.round_game2((s, ja, jb, 0, 0))
    assert len(rows) == len(cols) == 14 and all(0.0 <= v <= 1.0 for line in a for v in line)
    x, _, v = solve_zero_sum(a)
    assert abs(v - 0.5) < 0.05  # a symmetric position: about even


def test_rules_of_thumb_habit_predicts_the_cheapest_sure_win():
    hands = ((3, 9, 13, JOKER), (5, 12, JOKER))
    ctx = panel.context(0, builder=None, die_value=1, last_cards=None, hands=hands)
    assert ctx.rival_top == 12 and not ctx.builder_me
    assert adapt.HABITS["cheap_win"](hands[0], ctx, None) == 13  # beats the Queen
    ctx = panel.context(0, builder=1, die_value=3, last_cards=None, hands=hands)
    assert ctx.rival_die == 3 and adapt.HABITS["cheap_win"](hands[0], ctx, None) == JOKER
    ctx = panel.context(1, builder=None, die_value=1, last_cards=None, hands=hands)
    assert adapt.HABITS["cheap_win"](hands[1], ctx, None) == 5  # no sure win: the lowest


def test_three_players_expert_plays_out_the_habits_it_reads():
    """Against "lowest first" and "highest first" (both read after a few rounds), the expert
    finds a line that wins outright and plays its first card; the same call gives the same card."""
    state = _play_rounds(["steady", "lowest", "highest"], 3)
    view = RULES.view(state, 0)
    read = bots.habit_rules(view, [1, 2])
    assert {name for name, _ in read.values()} == {"lowest", "highest"}
    rules = {s: rule for s, (_, rule) in read.items()}
    hands = [list(h) for h in view.hands]
    st_ = fast.pack(3, view.builder, view.die, view.scores)
    values = habit_search.ExactPlan(0, rules).card_values(hands, st_, view.history[-1].cards)
    assert values is not None and max(values.values()) == 1.0  # a sole win is there to be found
    cards, probs, note = BOTS.make("expert").strategy(view, Rng(1), Budget())
    assert note["habits"] == {1: "lowest", 2: "highest"}
    assert values[note["reply"]] == 1.0 and max(probs) == 1.0
    assert BOTS.make("expert").strategy(view, Rng(2), Budget())[2]["reply"] == note["reply"]


def test_the_exact_plan_gives_up_beyond_its_node_budget_and_playouts_take_over():
    state = _play_rounds(["steady", "lowest", "random"], 3)
    view = RULES.view(state, 0)
    rules = {1: adapt.HABITS["lowest"], 2: adapt.HABITS["highest"]}
    hands = [list(h) for h in view.hands]
    st_ = fast.pack(3, view.builder, view.die, view.scores)
    assert habit_search.ExactPlan(0, rules, nodes=3).card_values(hands, st_, None) is None
    one = habit_search.playout_values(0, {1: rules[1]}, hands, st_, None, Rng(5), playouts=8)
    two = habit_search.playout_values(0, {1: rules[1]}, hands, st_, None, Rng(5), playouts=8)
    assert one == two and set(one) == set(view.hands[0])  # counted playouts: reproducible
    assert all(0.0 <= v <= 1.0 for v in one.values())


def test_three_players_expert_tells_an_expert_rival_from_a_steady_one():
    """Steady's and the expert's mixes are public functions of the position, so the cards a
    seat revealed say which it plays like; the same odds from every seat's view."""
    state = _play_rounds(["steady", "expert", "expert"], 4, seed=5)
    odds = [bots.table3(RULES.view(state, s), SMALL, adapt.ALLOWANCE)[3] for s in range(3)]
    assert odds[0] == odds[1] == odds[2]
    assert odds[0][0] < 0.2 and odds[0][1] > 0.8 and odds[0][2] > 0.8


def test_three_players_expert_beats_lowest_first_beside_a_random_player():
    wins = 0.0
    for g in range(6):
        levels = ["lowest", "random"]
        levels.insert(g % 3, "expert")
        rec = play_game(RULES, Config(3), 900 + g, levels, Budget())
        seat = levels.index("expert")
        if seat in rec.outcome.winners:
            wins += 1 / len(rec.outcome.winners)
    assert wins >= 3  # fair share is 2 of 6


def test_three_players_expert_answers_the_table_deterministically_legally_and_safely():
    state = _play_rounds(["steady", "random", "random"], 4, seed=8)
    view = RULES.view(state, 0)
    assert not bots.habit_rules(view, [1, 2])  # nothing to read from random play
    cards, probs, note = BOTS.make("expert").strategy(view, Rng(1), Budget())
    bots._TABLES3.clear()
    rivals3._MEMO.clear()
    again = BOTS.make("expert").strategy(view, Rng(2), Budget())
    assert (cards, probs) == again[:2]  # a pure function of the public view, kept or not
    _, eq, plain = BOTS.make("steady").strategy(view, Rng(1), Budget())
    assert "habits" not in plain and note["steady"] == eq  # steady plays its sound mix
    assert abs(sum(probs) - 1.0) < 1e-9 and len(probs) == len(eq) and set(cards) <= set(view.hand)
    assert all(0.0 <= p <= 1.0 for p in note["expert_odds"].values())
    # the blend keeps the expert's own sound mix's worst case less the allowance and the gains
    strat, reps, cells = bots.round_game3(view, Budget(), bots.PLAYOUTS_3P * bots.EXPERT_FACTOR_3P)
    a = [[cells[(r, b, c)][0] for b in reps[1] for c in reps[2]] for r in reps[0]]
    gained = max(0.0, bots._sound_value(0, strat, reps, cells) - 1 / 3)
    assert worst_case(a, probs) >= worst_case(a, strat[0]) - adapt.ALLOWANCE - gained - 1e-9
    legal = RULES.legal_actions(state, 0)
    assert all(BOTS.make("expert").choose(view, legal, Rng(s), Budget()) in legal for s in range(5))
