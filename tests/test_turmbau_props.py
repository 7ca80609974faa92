"""Property tests over seeded bot games of Der Turmbau zu Babel.

At every step: the 100 building cards, the parts, the discs and the action cards are conserved,
the state survives a JSON round trip exactly, the legal list agrees with the refusal check, and
a determinized state is consistent with the view it came from. Every game ends. (Thousands of
games: python -m babel soak turmbau.)
"""

from __future__ import annotations

import json
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from babel.core.bots import Budget, bot_rng
from babel.core.rng import Rng, seed_state
from babel.games.turmbau import RULES, data
from babel.games.turmbau.actions import Decline, Offer, Select
from babel.games.turmbau.bots import BOTS
from babel.games.turmbau.invariants import invariant_errors
from babel.games.turmbau.model import Phase
from babel.games.turmbau.pieces import bounded_counts

MAX_PLIES = 5000


def _superset(state, seat):
    """Actions around the legal ones (including illegal ones) to compare with the check."""
    hand = state.hands[seat]
    if state.phase is Phase.OFFER:
        for cards in bounded_counts(tuple(min(h, 7) for h in hand), 7):
            for trade in (False, True):
                for triple in (False, True):
                    yield Offer(cards, trade, triple)
    if state.phase is Phase.SELECT:
        yield Decline()
        seats = [s for s in range(state.players) if s != state.active]
        for r in range(len(seats) + 1):
            for chosen in combinations(seats, r):
                for wild in ((0, 0, 0, 0), (2, 0, 0, 0), (0, 0, 1, 1), (0, 1, 0, 0), (0, 0, 2, 2)):
                    yield Select(chosen, wild)


def _play(seed: int, players: int, levels, two_kind: bool, deep: bool) -> int:
    config = RULES.make_config(players, two_kind=two_kind)
    bots = [BOTS.make(level) for level in levels]
    state = RULES.initial_state(config, seed)
    rng = Rng(seed_state(seed, "props"))
    plies = 0
    while RULES.outcome(state) is None:
        assert invariant_errors(state) == (), (seed, plies, invariant_errors(state))
        text = json.dumps(RULES.state_to_json(state), sort_keys=True)
        assert RULES.state_from_json(json.loads(text)) == state
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        if deep and plies % 4 == 0:
            legal_set = set(legal)
            for a in legal:
                assert RULES.why_illegal(state, seat, a) is None, a
            for a in _superset(state, seat):
                assert (a in legal_set) == (RULES.why_illegal(state, seat, a) is None), a
            for who in range(players):
                view = RULES.view(state, who)
                det = RULES.determinize(view, who, Rng(rng.next64()))
                assert RULES.view(det, who) == view
                assert invariant_errors(det) == ()
        action = bots[seat].choose(RULES.view(state, seat), legal, bot_rng(seed, seat, plies), Budget())
        state = RULES.apply(state, seat, action).state
        plies += 1
        assert plies < MAX_PLIES, f"seed {seed} did not end"
    assert invariant_errors(state) == ()
    assert RULES.outcome(state).winners
    return plies


@settings(max_examples=6, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 5), two_kind=st.booleans())
def test_random_games_conserve_everything_and_end(seed, players, two_kind):
    _play(seed, players, ["random"] * players, two_kind, deep=True)


@settings(max_examples=6, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 5), two_kind=st.booleans())
def test_heuristic_games_conserve_everything_and_end(seed, players, two_kind):
    levels = ["heuristic", "random"] * 3
    _play(seed, players, levels[:players], two_kind, deep=False)


def test_game_lengths_are_reasonable():
    lengths = [_play(seed, 4, ["heuristic"] * 4, False, deep=False) for seed in range(4)]
    assert max(lengths) < 1000


def test_every_board_number_comes_from_the_data_file():
    assert len(data.WONDER_KEYS) == 8 and data.DISCS_PER_WONDER == 3
    assert data.SCORING_ROWS[0] == (8, 4) and data.LIGHT_ROW == (10, 5)
    assert sum(data.ACTION_COUNTS) == 15 and data.TOTAL_CARDS == 100
    assert len(data.DISC_VALUES) * data.NKINDS == 24
    assert data.HOUSE_VALUES  # the house values are named in the file
