"""Tower of Babel solitaire: the solver against brute force, its lines replayed, fair hints."""

from __future__ import annotations

import dataclasses
from functools import cache

import pytest

from babel.core.bots import Budget
from babel.core.match import Match, Seat
from babel.core.rng import Rng, seed_state
from babel.core.simulate import play_game
from babel.games.solitaire import RULES, hints, solver
from babel.games.solitaire.actions import DRAW, Draw, Move
from babel.games.solitaire.deals import Variant, deck
from babel.games.solitaire.model import Difficulty, Phase
from babel.games.solitaire.rules import SolitaireRules

STANDARD, STRICT = Difficulty.STANDARD, Difficulty.STRICT


def brute_force(state) -> int:
    """Fewest stacks at the end of the game over every sequence of legal actions (engine only)."""

    @cache
    def best(s) -> int:
        if s.phase is Phase.OVER:
            return len(s.line)
        return min(best(RULES.apply(s, 0, a).state) for a in RULES.legal_actions(s, 0))

    return best(state)


def small_deals(variant: Variant, count: int, salt: str):
    rng = Rng(seed_state("small-deals", variant.value, salt))
    pieces = deck(variant)
    for _ in range(count):
        size = 4 + rng.below(5)  # 4..8 pieces
        yield rng.shuffled(pieces)[:size]


def replay(state, actions):
    for action in actions:
        state = RULES.apply(state, 0, action).state
    return state


@pytest.mark.parametrize("variant", [Variant.TILES, Variant.CARDS])
@pytest.mark.parametrize("difficulty", [STANDARD, STRICT])
def test_solver_matches_brute_force_on_small_decks(variant, difficulty):
    for order in small_deals(variant, 60, difficulty.value):
        start = SolitaireRules.from_order(order, variant, difficulty)
        sol = solver.solve_state(start)
        assert sol.proven
        assert sol.stacks == brute_force(start), order
        end = replay(start, sol.actions)
        assert end.phase is Phase.OVER and len(end.line) == sol.stacks


def test_solver_matches_brute_force_from_the_middle_of_a_game():
    rng = Rng(11)
    for order in small_deals(Variant.TILES, 40, "middle"):
        state = SolitaireRules.from_order(order)
        for _ in range(rng.below(6)):
            legal = RULES.legal_actions(state, 0)
            if not legal:
                break
            state = RULES.apply(state, 0, rng.choice(legal)).state
        if state.phase is Phase.OVER:
            continue
        sol = solver.solve_state(state)
        assert sol.stacks == brute_force(state)
        assert len(replay(state, sol.actions).line) == sol.stacks


@pytest.mark.parametrize("difficulty", ["standard", "strict"])
def test_solver_line_replays_through_the_engine_on_numbered_deals(difficulty):
    config = RULES.make_config(1, difficulty=difficulty)
    for number in range(25):
        start = RULES.initial_state(config, number)
        sol = solver.solve_state(start)
        assert sol.proven
        end = replay(start, sol.actions)
        assert end.phase is Phase.OVER and len(end.line) == sol.stacks
        if difficulty == "standard":
            assert sol.stacks == 1  # every 24-tile deal studied so far is winnable


def test_solver_line_for_a_52_card_deal_replays():
    config = RULES.make_config(1, variant="cards")
    for number in (1, 4):
        start = RULES.initial_state(config, number)
        sol = solver.solve_state(start)
        end = replay(start, sol.actions)
        assert end.phase is Phase.OVER and len(end.line) == sol.stacks
        assert sol.stacks == 1 and sol.proven


def test_capped_search_says_not_proven_but_its_line_is_real():
    start = RULES.initial_state(RULES.make_config(1, variant="cards"), 0)
    sol = solver.solve_state(start, node_cap=300)
    assert not sol.proven
    end = replay(start, sol.actions)
    assert end.phase is Phase.OVER and len(end.line) == sol.stacks


def test_interleaved_line_draws_only_when_a_move_needs_it():
    start = SolitaireRules.from_order(["3S", "5S", "nM", "nC", "4M"])
    sol = solver.solve_state(start)
    texts = [RULES.action_text(a) for a in sol.actions]
    assert texts[:2] == ["draw", "move 2->1"]  # 5S goes onto 3S before anything else is drawn
    assert len(replay(start, sol.actions).line) == sol.stacks == brute_force(start)


# -- fair hints -------------------------------------------------------------------------------
def _mid_game(number: int, draws: int):
    state = RULES.initial_state(RULES.make_config(1), number)
    for _ in range(draws):
        state = RULES.apply(state, 0, DRAW).state
    return state


def test_hint_never_depends_on_the_hidden_order():
    state = _mid_game(8, 9)
    assert any(isinstance(a, Move) for a in RULES.legal_actions(state, 0))
    other = RULES.resample_hidden(state, 0, Rng(3))
    assert other.pile != state.pile
    h1 = hints.hint(RULES.view(state, 0), samples=8)
    h2 = hints.hint(RULES.view(other, 0), samples=8)
    assert h1 == h2
    # nor on the deal number, which would let it rebuild the pile
    renamed = dataclasses.replace(RULES.view(state, 0), deal=999)
    assert hints.hint(renamed, samples=8) == h1
    w1 = hints.winnable(RULES.view(state, 0), samples=8)
    assert w1 == hints.winnable(RULES.view(other, 0), samples=8)


def test_hint_is_legal_and_judges_every_move_and_the_draw():
    state = _mid_game(8, 9)
    view = RULES.view(state, 0)
    h = hints.hint(view, samples=8)
    legal = RULES.legal_actions(state, 0)
    assert h.action in legal and h.text
    judged = {j.action for j in h.judgements}
    assert judged == {a for a in legal if isinstance(a, (Move, Draw))}
    draw = next(j for j in h.judgements if j.action == DRAW)
    # drawing keeps every option open: no move does better than it in any sampled order
    assert all(j.full_wins <= draw.full_wins for j in h.judgements)


def test_hint_is_exact_after_the_last_draw():
    state = _mid_game(21, 23)
    view = RULES.view(state, 0)
    h = hints.hint(view)
    assert h.exact and h.proven
    best = solver.solve_state(state).stacks
    after = RULES.apply(state, 0, h.action).state
    assert solver.solve_state(after).stacks == best
    w = hints.winnable(view)
    assert w.exact and w.share == (1.0 if best == 1 else 0.0)


def test_strict_hint_chooses_among_strict_moves_only():
    config = RULES.make_config(1, difficulty="strict")
    state = RULES.initial_state(config, 2)
    for _ in range(30):
        if state.phase is Phase.OVER:
            break
        legal = RULES.legal_actions(state, 0)
        h = hints.hint(RULES.view(state, 0), samples=6)
        assert h.action in legal
        state = RULES.apply(state, 0, h.action).state


# -- bots and analysis -------------------------------------------------------------------------
def test_expert_bot_reaches_the_solver_result_with_standard_rules():
    config = RULES.make_config(1)
    for number in (3, 5):
        record = play_game(RULES, config, number, ["expert"])
        assert record.outcome.scores == (float(solver.solve_deal(Variant.TILES, number).stacks),)


def test_greedy_bot_plays_legal_games():
    config = RULES.make_config(1, variant="cards")
    record = play_game(RULES, config, 7, ["greedy"], Budget())
    assert record.outcome is not None


def test_analysis_finds_the_winning_line_and_the_first_slip():
    config = RULES.make_config(1)
    for number in range(40):
        match = Match(RULES, config, number, [Seat("me", "greedy")])
        while not match.over:
            match.submit(0, match.bot_action(0))
        if len(match.state.line) > 1:
            break
    else:
        pytest.skip("greedy won every deal tried")
    analysis = hints.analyse_match(match)
    assert analysis.best_stacks == 1 and analysis.proven
    assert analysis.played_stacks == len(match.state.line)
    assert "could have been won" in analysis.text
    replayed = Match.replay(RULES, config, number, [Seat("me")], [(0, t) for t in analysis.line])
    assert replayed.over and len(replayed.state.line) == 1
    # the slip: best reachable still 1 before it, worse after it
    slip = analysis.slip
    actions = [RULES.parse_action(e.text) for e in match.log]
    before = replay(RULES.initial_state(config, number), actions[:slip])
    after = RULES.apply(before, 0, actions[slip]).state
    assert solver.solve_state(before).stacks == 1
    assert solver.solve_state(after).stacks == analysis.best_after_slip > 1


def test_analysis_of_a_game_finished_too_early():
    config = RULES.make_config(1)
    match = Match(RULES, config, 12, [Seat("me")])
    for _ in range(23):
        match.submit(0, DRAW)
    assert not match.over  # moves are left after the last draw
    match.submit_text(0, "finish")
    analysis = hints.analyse_match(match)
    assert analysis.played_stacks == 24 and analysis.best_stacks == 1
    assert analysis.slip == 23 and analysis.best_after_slip == 24  # the finish gave it away
    assert "action 24" in analysis.text


def test_analysis_finds_the_win_of_a_52_card_deal_a_small_search_misses():
    """Deal 136 of the cards needs ~440,000 nodes: the old 400,000 cap reported 'best 2 stacks'."""
    config = RULES.make_config(1, variant="cards", deal=136)
    analysis = hints.analyse(config, 1, [])
    assert analysis.best_stacks == 1 and analysis.proven
    assert "could have been won" in analysis.text


def test_a_capped_analysis_never_claims_a_best_or_a_slip():
    config = RULES.make_config(1, variant="cards", deal=136)
    match = Match(RULES, config, 1, [Seat("me", "greedy")])
    while not match.over:
        match.submit(0, match.bot_action(0))
    analysis = hints.analyse(config, 1, [RULES.parse_action(e.text) for e in match.log], node_cap=1_000)
    assert not analysis.proven and analysis.slip is None and analysis.best_after_slip is None
    assert "at best" not in analysis.text and "stopped before" in analysis.text
    assert "You found the best" not in analysis.text
