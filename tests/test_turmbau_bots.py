"""The Turmbau bots: legal choices, deterministic, and the behaviour each level promises."""

from __future__ import annotations

from babel.core.bots import Budget, bot_rng
from babel.core.protocol import replace
from babel.core.rng import Rng
from babel.core.simulate import simulate
from babel.games.turmbau import RULES
from babel.games.turmbau.actions import Build, Offer, Pass, Select
from babel.games.turmbau.bots import HeuristicBot, StrongBot, heuristic_offer, heuristic_select
from babel.games.turmbau.model import Disc, Phase, Wonder
from tests.test_turmbau_rules import BLUE, CAMEL, GREEN, RED, SHIP, YELLOW, c, d, make, run, with_wonder


def test_heuristic_beats_random():
    summary = simulate(RULES, 4, 12, seed=5, levels=["heuristic", "random", "random", "random"])
    assert not summary.errors
    assert summary.wins[0] >= 10


def test_strong_bot_plays_legal_and_deterministic_moves():
    config = RULES.make_config(4)
    state = RULES.initial_state(config, 3)
    bot = StrongBot(iterations=12)
    for ply in range(60):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        view = RULES.view(state, seat)
        a = bot.choose(view, legal, bot_rng(3, seat, ply), Budget())
        assert a in legal
        assert bot.choose(view, legal, bot_rng(3, seat, ply), Budget()) == a
        state = RULES.apply(state, seat, a).state


def test_strong_bot_stops_early_when_asked():
    state = RULES.initial_state(RULES.make_config(4), 11)
    seat = RULES.to_act(state)[0]
    legal = RULES.legal_actions(state, seat)
    a = StrongBot().choose(RULES.view(state, seat), legal, Rng(1), Budget(should_stop=lambda: True))
    assert a in legal


def test_determinize_is_consistent_with_the_view():
    state = RULES.initial_state(RULES.make_config(5, two_kind=True), 21)
    state, _ = run(state, (state.active, Build(0, 0)))
    others = RULES.to_act(state)
    state, _ = run(state, (others[0], Offer()))
    for seat in range(5):
        view = RULES.view(state, seat)
        for i in range(5):
            det = RULES.determinize(view, seat, Rng(i))
            assert RULES.view(det, seat) == view


def test_heuristic_values_discs_by_set_bonus():
    """With a camel disc already collected, the heuristic builds the camel disc (a pair: 5
    points) rather than an otherwise equal ship disc."""
    state = make(hands=(c(camel=3, ship=3), c(1), c(1), c(1)), discs=((d(CAMEL, 4),), (), (), ()))
    empty = Wonder((None, None, None), ((0, 0),) * 4, scored=True)
    wonders = [empty] * 8
    wonders[0] = Wonder((d(SHIP, 3), d(CAMEL, 6), d(SHIP, 6)), ((0, 0),) * 4)
    wonders[1] = Wonder((d(CAMEL, 3), d(SHIP, 5), d(CAMEL, 5)), ((0, 0),) * 4)
    state = replace(state, wonders=tuple(wonders))
    action = HeuristicBot().choose(RULES.view(state, RED), RULES.legal_actions(state, RED), Rng(1), Budget())
    assert action == Build(1, 0)


def test_heuristic_offers_its_fitting_cards():
    state = make(hands=(c(ship=5), c(ship=3, camel=2), c(1), c(1)))
    state = with_wonder(state, 0, [d(SHIP, 5), d(CAMEL, 3), None])
    state, _ = run(state, (RED, Build(0, 0)))
    assert heuristic_offer(RULES.view(state, YELLOW)).cards == c(ship=3)


def test_heuristic_accepts_offers_that_keep_its_majority():
    """Red (builder) has 2 parts; yellow 3. Yellow offers 3, green 1: inviting yellow would
    give yellow the majority, so red invites green only."""
    state = make(hands=(c(ship=6), c(ship=3), c(ship=1), c(0)))
    state = with_wonder(state, 0, [d(SHIP, 6), d(CAMEL, 3), None], parts=((2, 0), (3, 0), (0, 0), (0, 0)))
    state = replace(state, parts=((12, 5), (11, 5), (14, 5), (14, 5)))
    state, _ = run(
        state, (RED, Build(0, 0)), (YELLOW, Offer(c(ship=3))), (GREEN, Offer(c(ship=1))), (BLUE, Offer())
    )
    assert state.phase is Phase.SELECT
    choice = heuristic_select(RULES.view(state, RED))
    assert isinstance(choice, Select) and choice.seats == (GREEN,)


def test_bots_never_stall_a_game():
    summary = simulate(RULES, 5, 6, seed=77, levels=["heuristic"] * 5)
    assert not summary.errors and summary.games == 6


def test_heuristic_passes_without_a_fillable_disc():
    state = make(hands=(c(crane=1), c(1), c(1), c(1)))
    empty = Wonder((None, None, None), ((0, 0),) * 4, scored=True)
    wonders = [empty] * 8
    wonders[0] = Wonder((d(SHIP, 3), Disc((SHIP,), (6,)), None), ((0, 0),) * 4)
    state = replace(state, wonders=tuple(wonders))
    assert (
        HeuristicBot().choose(RULES.view(state, RED), RULES.legal_actions(state, RED), Rng(1), Budget())
        == Pass()
    )


def test_the_roster_offers_three_levels_and_still_reads_the_old_ids():
    from babel.core import registry
    from babel.core.bots import RandomBot
    from babel.games.turmbau import BOTS

    assert registry.bots("turmbau") is BOTS
    assert BOTS.offered == ("novice", "steady", "expert")
    for old, new in (("random", RandomBot), ("heuristic", HeuristicBot), ("strong", StrongBot)):
        assert isinstance(BOTS.make(old), new)  # saves written before the levels were renamed
