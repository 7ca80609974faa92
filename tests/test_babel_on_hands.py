"""Hands: a person's drag becomes the shake of its last moments (drag profiles), and each bot
level's hand is a spread of shakes drawn from the bot's own seeded stream."""

from __future__ import annotations

from babel.games.babel_on import physics, preview
from scenes.tables.babel_on.draw import Grab
from scenes.tables.babel_on.hand import Hand
from tests.test_babel_on_physics import TOWERS

HZ = 60  # mouse samples per second


def eased(dist: float, secs: float, t0: float = 0.0, x0: float = 0.0) -> list[tuple[float, float, float]]:
    """A drag of ``dist`` block edges in ``secs`` seconds that speeds up and slows down smoothly."""
    n = round(secs * HZ)
    return [(t0 + secs * i / n, x0 + dist * (i / n) ** 2 * (3 - 2 * i / n), 0.0) for i in range(n + 1)]


def straight(dist: float, secs: float, t0: float = 0.0, x0: float = 0.0) -> list[tuple[float, float, float]]:
    """A drag at one speed that stops dead."""
    n = max(1, round(secs * HZ))
    return [(t0 + secs * i / n, x0 + dist * i / n, 0.0) for i in range(n + 1)]


def test_a_careful_drag_carries_no_risk_on_any_tower_of_the_table():
    for dist in (3, 10, 20, 30):  # a short hop to the whole width of the table
        path = eased(dist, 3.0)
        shake = preview.drag_shake(path, 3.0)
        for name, places in TOWERS.items():
            assert physics.risk(places, 0, shake) == 0.0, (dist, name, shake)


def test_a_flick_onto_a_tall_bare_column_is_more_likely_to_fall_than_not():
    for dist in (5, 10, 20):
        shake = preview.drag_shake(straight(dist, 0.15), 0.15)
        assert physics.risk(TOWERS["bare column, 6 high"], 0, shake) > 0.5, (dist, shake)


def test_a_fast_drag_that_slows_into_the_drop_still_counts_as_fast():
    fast = straight(10, 0.25)  # 40 edges/s ...
    slow = [(0.25 + 0.35 * i / 21, 10 + (1 - (1 - i / 21) ** 2), 0.0) for i in range(1, 22)]  # ... easing out
    path = fast + slow
    (t0, x0, _), (t1, x1, _) = path[-2:]
    assert preview.shake_from_drag((x1 - x0) / (t1 - t0), 0.0) == 0  # the instant of release alone: calm
    assert preview.drag_shake(path, 0.6) >= 7
    assert preview.drag_shake(path, 0.6 + preview.WINDOW) == 0  # a hand that rested a moment is calm again


def test_the_note_while_dragging_says_what_a_drop_now_carries():
    path = straight(10, 1.0)  # 10 edges/s: let go in full flight, the block stops sharply
    assert preview.drag_shake(path[: HZ // 2 + 1], 0.5) > preview.drag_shake(eased(5, 3.0), 3.0) == 0
    mid = eased(15, 3.0)[: round(1.5 * HZ) + 1]  # half-way through a careful drag: no "careful!"
    assert preview.drag_shake(mid, 1.5) < 5
    assert preview.drag_shake(path, 1.0, steady_hands=True) == 0


def test_the_table_hand_measures_the_drag_it_is_given():
    hand = Hand()
    cube = 50.0
    hand.grab(Grab("hand", 0), (100, 400), cube)
    for t, x, _ in eased(12, 3.0, x0=2.0)[1:]:
        hand.clock = t
        hand.sample((x * cube, 400), cube)
    assert hand.drag.moved and hand.place_shake(False) == 0 and len(hand.path) < 60
    hand.grab(Grab("hand", 0), (100, 400), cube)
    t_start = hand.clock
    for t, x, _ in straight(10, 0.15, t0=t_start, x0=2.0)[1:]:
        hand.clock = t
        hand.sample((x * cube, 400), cube)
    assert hand.place_shake(False) == physics.MAX_SHAKE and hand.place_shake(True) == 0
    assert hand.pull_shake(False) == physics.MAX_SHAKE  # the first 0.3 s were the yank


# -- bots' hands ----------------------------------------------------------------------------------
def test_a_bot_hand_is_a_spread_drawn_from_the_bots_own_stream():
    from babel.core.rng import Rng
    from babel.games.babel_on import RULES
    from babel.games.babel_on.bots import HANDS, with_hand
    from tests.test_babel_on_rules import new, rolled

    s = rolled(new(2), 0, "even", 2)
    view = RULES.view(s, 0)
    add = next(m for m in RULES.legal_actions(s, 0) if hasattr(m, "colour"))
    novice = {with_hand(view, add, HANDS["shaky"], Rng(k)).shake for k in range(60)}
    expert = {with_hand(view, add, HANDS["careful"], Rng(k)).shake for k in range(60)}
    assert len(novice) >= 5 and max(novice) >= 8 and min(novice) <= 4  # sometimes calm, sometimes wild
    assert max(expert) <= 5 and len(expert) >= 3
    assert with_hand(view, add, HANDS["shaky"], Rng(7)) == with_hand(view, add, HANDS["shaky"], Rng(7))
    steady = RULES.view(rolled(new(2, steady_hands=True), 0, "even", 2), 0)
    assert {with_hand(steady, add, HANDS["shaky"], Rng(k)).shake for k in range(20)} == {0}


def test_the_expert_meets_real_risk_and_never_takes_a_high_one_when_a_safe_move_exists():
    from babel.core.bots import Budget, bot_rng
    from babel.games.babel_on import RULES
    from babel.games.babel_on.actions import BlockMove
    from babel.games.babel_on.bots import BOTS, move_risk

    met = 0
    for seed in (3,):
        expert = BOTS.make("expert")
        state, ply = RULES.initial_state(RULES.make_config(2), seed), 0
        while RULES.outcome(state) is None and ply < 400:
            seat = RULES.to_act(state)[0]
            legal, view = RULES.legal_actions(state, seat), RULES.view(state, seat)
            move = expert.choose(view, legal, bot_rng(seed, seat, ply), Budget())
            risks = [move_risk(view, m, expert.hand) for m in legal if isinstance(m, BlockMove)]
            met += any(0 < r < 1 for r in risks)
            if any(r == 0 for r in risks) or len(risks) < len(legal):  # a safe choice exists
                assert move_risk(view, move, expert.hand) < 0.5, (seed, ply, move)
            state, ply = RULES.apply(state, seat, move).state, ply + 1
    assert met >= 10  # the expert's hand meets moves that may or may not fall
