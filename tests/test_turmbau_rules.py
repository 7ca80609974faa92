"""Scenario tests for Der Turmbau zu Babel, one per rule (named after the rule or ruling)."""

from __future__ import annotations

import pytest

from babel.core.protocol import ActionTextError, IllegalAction, replace
from babel.games.turmbau import RULES, data
from babel.games.turmbau.actions import Build, Decline, Double, Draw3, Offer, Pass, Redraw, Select
from babel.games.turmbau.data import ZERO
from babel.games.turmbau.model import Disc, Phase, Wonder
from babel.games.turmbau.pieces import (
    DISC_BONUS,
    DOUBLE,
    DRAW3,
    FIVE_POINTS,
    JOKER,
    REDRAW,
    TRIPLE,
    all_discs,
    place_units,
)
from babel.games.turmbau.scoring import best_assignment, score_wonder, set_bonus

CAMEL, CRANE, SHIP, MASON = range(4)
RED, YELLOW, GREEN, BLUE = range(4)


def d(kind: int, value: int) -> Disc:
    return Disc((kind,), (value,))


def c(camel=0, crane=0, ship=0, mason=0):
    return (camel, crane, ship, mason)


def make(players=4, two_kind=False, **changes):
    """A fresh game with seat 0 (red) active and the given fields replaced."""
    state = RULES.initial_state(RULES.make_config(players, two_kind=two_kind), seed=7)
    state = replace(state, active=0, start=0)
    return replace(state, **changes)


def with_wonder(state, index, discs, parts=None):
    wonders = list(state.wonders)
    wonders[index] = Wonder(tuple(discs), tuple(parts or ((0, 0),) * state.players))
    return replace(state, wonders=tuple(wonders))


def run(state, *moves):
    """Apply (seat, action) pairs; return the final state and all events."""
    events = []
    for seat, action in moves:
        step = RULES.apply(state, seat, action)
        state = step.state
        events.extend(step.events)
    return state, events


def kinds(events, kind):
    return [e for e in events if e.kind == kind]


def ship_state(red_ships=4):
    state = make(
        hands=(c(ship=red_ships, camel=1), c(ship=2, crane=1), c(ship=3, mason=2), c(ship=2, camel=2))
    )
    return with_wonder(state, 0, [d(SHIP, 5), d(CAMEL, 3), d(MASON, 4)])


# -- the worked examples of the rules ---------------------------------------------------------
def test_example_red_invites_yellow_and_fills_up_from_hand():
    """Rules example 1: red invites yellow (1 ship), plays 4 ships and places 4 parts; yellow 1."""
    state = ship_state(red_ships=4)
    state, events = run(
        state,
        (RED, Build(0, 0)),
        (YELLOW, Offer(c(ship=1))),
        (GREEN, Offer()),
        (BLUE, Offer()),
        (RED, Select((YELLOW,))),
    )
    assert state.wonders[0].units(RED) == 4
    assert state.wonders[0].units(YELLOW) == 1
    assert state.discs[RED] == (d(SHIP, 5),)
    assert state.wonders[0].discs[0] is None
    assert state.discard[SHIP] == 5
    taken = kinds(events, "disc_taken")[0]
    assert taken.data["seat"] == RED and not taken.data["traded"]


def test_example_trading_card_swaps_disc_and_parts_and_refused_offer_scores():
    """Rules example 2: red invites yellow (1 ship) and green (2 ships + trading card), plays 2
    ships; yellow places 1, red places 2 + 2 for green's cards, green takes the disc. Blue's
    refused offer of 2 ships scores 2 points and returns to blue's hand."""
    state = ship_state(red_ships=2)
    state, events = run(
        state,
        (RED, Build(0, 0)),
        (YELLOW, Offer(c(ship=1))),
        (GREEN, Offer(c(ship=2), trade=True)),
        (BLUE, Offer(c(ship=2))),
    )
    assert state.phase is Phase.SELECT
    state, events = run(state, (RED, Select((YELLOW, GREEN))))
    w = state.wonders[0]
    assert (w.units(RED), w.units(YELLOW), w.units(GREEN), w.units(BLUE)) == (4, 1, 0, 0)
    assert state.discs[GREEN] == (d(SHIP, 5),) and state.discs[RED] == ()
    assert state.scores[BLUE] == 2
    assert state.hands[BLUE][SHIP] >= 2 and sum(state.hands[BLUE]) == 4 + 1  # back, plus a drawn card
    assert state.scores[YELLOW] == state.scores[GREEN] == state.scores[RED] == 0
    rejected = kinds(events, "rejected")
    assert [(e.data["seat"], e.data["points"]) for e in rejected] == [(BLUE, 2)]


def test_refused_offer_scores_one_point_per_card_and_triple_bonus_three():
    state = ship_state(red_ships=5)
    state = replace(state, actions=((), (TRIPLE,), (), ()))
    state, _ = run(
        state,
        (RED, Build(0, 0)),
        (YELLOW, Offer(c(ship=2), triple=True)),
        (GREEN, Offer(c(ship=3))),
        (BLUE, Offer()),
        (RED, Select(())),
    )
    assert state.scores[YELLOW] == 2 * data.TRIPLE_FACTOR
    assert state.scores[GREEN] == 3
    assert TRIPLE in state.spent and TRIPLE not in state.actions[YELLOW]


def test_triple_bonus_is_spent_even_when_the_offer_is_invited():
    state = ship_state()
    state = replace(state, actions=((), (TRIPLE,), (), ()))
    state, _ = run(
        state,
        (RED, Build(0, 0)),
        (YELLOW, Offer(c(ship=2), triple=True)),
        (GREEN, Offer()),
        (BLUE, Offer()),
        (RED, Select((YELLOW,))),
    )
    assert state.scores[YELLOW] == 0 and TRIPLE not in state.actions[YELLOW] and TRIPLE in state.spent


def test_wrong_kind_cards_are_returned_at_the_reveal_and_score_nothing():
    state = ship_state()
    state, events = run(
        state,
        (RED, Build(0, 0)),
        (YELLOW, Offer(c(ship=1, crane=1))),
        (GREEN, Offer(c(mason=2))),
        (BLUE, Offer()),
    )
    reveal = kinds(events, "reveal")[0]
    shown = {o["seat"]: o for o in reveal.data["offers"]}
    assert shown[YELLOW]["returned"] == [0, 1, 0, 0] and shown[YELLOW]["cards"] == [0, 0, 1, 0]
    assert shown[GREEN]["returned"] == [0, 0, 0, 2] and shown[GREEN]["cards"] == [0, 0, 0, 0]
    assert state.hands[YELLOW][CRANE] == 1 and state.hands[GREEN][MASON] == 2
    assert state.known[GREEN][MASON] == 2  # everyone saw them go back
    # Green's offer is void: it cannot be invited, and scores nothing when the disc fails.
    with pytest.raises(IllegalAction, match="no offer"):
        RULES.apply(state, RED, Select((GREEN,)))
    state, _ = run(state, (RED, Decline()))
    assert state.scores[YELLOW] == 1 and state.scores[GREEN] == 0


def test_unfulfilled_disc_stays_and_every_offer_scores():
    state = ship_state(red_ships=0)
    hand_sizes = [sum(h) for h in state.hands]
    state, events = run(
        state,
        (RED, Build(0, 0)),
        (YELLOW, Offer(c(ship=2))),
        (GREEN, Offer(c(ship=3), trade=True)),
        (BLUE, Offer(c(ship=1))),
    )
    # Red holds no ships and the offers cannot be invited together within 5.
    assert Select((YELLOW, GREEN)) in RULES.legal_actions(state, RED)
    state, events = run(state, (RED, Decline()))
    assert state.wonders[0].discs[0] == d(SHIP, 5)
    assert state.scores == (0, 2, 3, 1)
    assert [sum(h) for h in state.hands] == [n + 1 for n in hand_sizes]  # all drew one card
    assert state.active == YELLOW and state.phase is Phase.TURN


def test_builder_may_complete_a_disc_alone():
    state = ship_state(red_ships=5)
    state, _ = run(state, (RED, Build(0, 0)), (YELLOW, Offer()), (GREEN, Offer()), (BLUE, Offer()))
    state, _ = run(state, (RED, Select(())))
    assert state.wonders[0].units(RED) == 5 and state.discs[RED] == (d(SHIP, 5),)


def test_joker_stands_for_exactly_two_cards_and_places_two_parts():
    state = ship_state(red_ships=3)
    state = replace(state, actions=((JOKER,), (), (), ()))
    state, _ = run(state, (RED, Build(0, 0)), (YELLOW, Offer()), (GREEN, Offer()), (BLUE, Offer()))
    legal = RULES.legal_actions(state, RED)
    assert Select((), c(ship=2)) in legal
    with pytest.raises(IllegalAction, match="exactly 2"):
        RULES.apply(state, RED, Select((), c(ship=1)))
    state, events = run(state, (RED, Select((), c(ship=2))))
    assert state.wonders[0].units(RED) == 5
    assert sum(state.hands[RED]) == 1 + 1  # the camel and the end-of-turn card: all 3 ships used
    assert JOKER in state.spent and JOKER not in state.actions[RED]
    assert kinds(events, "action_played")[0].data["card"] == "joker"


# -- illegal input names the rule -------------------------------------------------------------
def test_offering_more_than_the_disc_number_is_refused():
    state = ship_state()
    state = replace(state, hands=(c(ship=4), c(ship=6), c(ship=3), c(ship=2)))
    state, _ = run(state, (RED, Build(0, 0)))
    before = RULES.state_to_json(state)
    with pytest.raises(IllegalAction, match="at most 5 cards, the number on the disc"):
        RULES.apply(state, YELLOW, Offer(c(ship=6)))
    assert RULES.state_to_json(state) == before
    # The trading card may go beyond the number.
    RULES.apply(state, YELLOW, Offer(c(ship=5), trade=True))


def test_inviting_two_trading_card_offers_is_refused():
    state = ship_state(red_ships=0)
    state, _ = run(
        state,
        (RED, Build(0, 0)),
        (YELLOW, Offer(c(ship=2), trade=True)),
        (GREEN, Offer(c(ship=3), trade=True)),
        (BLUE, Offer()),
    )
    with pytest.raises(IllegalAction, match="only one player who offered a trading card"):
        RULES.apply(state, RED, Select((YELLOW, GREEN)))


def test_invited_cards_may_not_exceed_the_disc():
    state = ship_state(red_ships=0)
    state, _ = run(
        state,
        (RED, Build(0, 0)),
        (YELLOW, Offer(c(ship=2))),
        (GREEN, Offer(c(ship=3))),
        (BLUE, Offer(c(ship=2))),
    )
    with pytest.raises(IllegalAction, match="may not exceed the disc's number"):
        RULES.apply(state, RED, Select((YELLOW, GREEN, BLUE)))
    with pytest.raises(IllegalAction, match="from your hand"):
        RULES.apply(state, RED, Select((YELLOW,)))


def test_action_cards_at_the_wrong_moment_are_refused():
    state = ship_state()
    state = replace(state, actions=((DOUBLE,), (DOUBLE, DRAW3, DISC_BONUS), (), ()))
    state, _ = run(state, (RED, Build(0, 0)))
    with pytest.raises(IllegalAction, match="start of your own turn"):
        RULES.apply(state, YELLOW, Double())
    with pytest.raises(IllegalAction, match="start of your own turn"):
        RULES.apply(state, RED, Double())
    with pytest.raises(IllegalAction, match="hold no Card draw"):
        RULES.apply(state, GREEN, Draw3())
    # Card draw may be played while making an offer, but not once the offer is committed.
    state2, _ = run(state, (YELLOW, Draw3()))
    assert sum(state2.hands[YELLOW]) == sum(state.hands[YELLOW]) + 3
    state3, _ = run(state, (YELLOW, Offer(c(ship=1))))
    with pytest.raises(
        IllegalAction, match="cannot be played now: it is played on your own turn, or while making an offer"
    ):
        RULES.apply(state3, YELLOW, Draw3())
    with pytest.raises(IllegalAction, match="already made your offer"):
        RULES.apply(state3, YELLOW, Offer())
    with pytest.raises(IllegalAction, match="not your|turn"):
        RULES.apply(state, GREEN, Pass())


def test_card_trade_exchanges_up_to_five_cards():
    state = make(hands=(c(camel=4, crane=3), c(1), c(1), c(1)), actions=((REDRAW,), (), (), ()))
    supply = len(state.supply)
    with pytest.raises(IllegalAction, match="1 to 5"):
        RULES.apply(state, RED, Redraw(c(camel=4, crane=2)))
    state, events = run(state, (RED, Redraw(c(camel=3))))
    assert sum(state.hands[RED]) == 7 and state.discard == c(camel=3)
    assert len(state.supply) == supply - 3 and REDRAW in state.spent
    assert state.phase is Phase.TURN and state.active == RED  # the turn goes on


# -- turn structure ---------------------------------------------------------------------------
def test_pass_draws_one_then_everyone_draws_one():
    state = make()
    sizes = [sum(h) for h in state.hands]
    state, events = run(state, (RED, Pass()))
    assert [sum(h) for h in state.hands] == [sizes[0] + 2, sizes[1] + 1, sizes[2] + 1, sizes[3] + 1]
    assert state.active == YELLOW and state.turn == 2


def test_double_turn_nobody_draws_after_the_first_turn():
    state = make(actions=((DOUBLE,), (), (), ()))
    sizes = [sum(h) for h in state.hands]
    state, _ = run(state, (RED, Double()))
    assert state.double == 1 and DOUBLE in state.spent
    state, _ = run(state, (RED, Pass()))
    # First turn: only the pass's own card; no general draw; red goes again.
    assert [sum(h) for h in state.hands] == [sizes[0] + 1, sizes[1], sizes[2], sizes[3]]
    assert state.active == RED and state.double == 2 and state.phase is Phase.TURN
    assert Double() not in RULES.legal_actions(state, RED)
    state, _ = run(state, (RED, Pass()))
    assert [sum(h) for h in state.hands] == [sizes[0] + 3, sizes[1] + 1, sizes[2] + 1, sizes[3] + 1]
    assert state.active == YELLOW and state.double == 0


def test_double_turn_after_a_build_skips_the_draw_too():
    state = ship_state(red_ships=5)
    state = replace(state, actions=((DOUBLE,), (), (), ()))
    sizes = [sum(h) for h in state.hands]
    state, _ = run(
        state,
        (RED, Double()),
        (RED, Build(0, 0)),
        (YELLOW, Offer()),
        (GREEN, Offer()),
        (BLUE, Offer()),
        (RED, Select(())),
    )
    assert [sum(h) for h in state.hands] == [sizes[0] - 5, sizes[1], sizes[2], sizes[3]]
    assert state.active == RED and state.double == 2


def test_empty_supply_reshuffles_the_discard_pile():
    state = make(supply=(SHIP,), discard=c(camel=2, crane=1))
    state, events = run(state, (RED, Pass()))
    assert kinds(events, "reshuffle")
    total = len(state.supply) + sum(state.discard) + sum(sum(h) for h in state.hands)
    assert total == 1 + 3 + sum(sum(h) for h in make().hands)
    assert state.discard == ZERO


# -- wonder scoring ----------------------------------------------------------------------------
def _w(*units):
    return Wonder((None, None, None), tuple((u, 0) for u in units))


@pytest.mark.parametrize(
    ("units", "points"),
    [
        ((6, 3, 1, 0), (8, 4, 3, 0)),  # rules example: majority 8, second 4, green 3, blue 0
        ((4, 4, 2, 1), (4, 4, 3, 3)),  # tied firsts take the second value, the rest 3
        ((5, 2, 2, 1), (8, 3, 3, 3)),  # tied seconds take 3
        ((3, 0, 0, 0), (8, 0, 0, 0)),  # alone: first value, nobody second
        ((2, 2, 2, 0), (4, 4, 4, 0)),
        ((0, 0, 0, 0), (0, 0, 0, 0)),
    ],
)
def test_wonder_scoring_tie_rules(units, points):
    result = score_wonder(_w(*units), data.SCORING_ROWS[0])
    assert tuple(r.points for r in result) == points


def test_completed_wonder_scores_on_the_current_row_and_the_marker_moves():
    state = ship_state(red_ships=5)
    state = with_wonder(state, 0, [d(SHIP, 5), None, None], parts=((1, 0), (0, 2), (2, 0), (0, 0)))
    state = replace(state, row=2, parts=((13, 5), (14, 3), (12, 5), (14, 5)))
    deck = len(state.action_deck)
    state, events = run(
        state, (RED, Build(0, 0)), (YELLOW, Offer()), (GREEN, Offer(c(ship=1))), (BLUE, Offer())
    )
    state, events = run(state, (RED, Select((GREEN,))))
    # red 1 + 4 = 5, yellow 6, green 2 + 1 = 3 -> yellow 12, red 6, green 3 on row 3 (12/6)
    scored = kinds(events, "wonder_scored")[0]
    assert scored.data["values"] == list(data.SCORING_ROWS[2])
    assert state.scores == (6, 12, 3, 0)
    assert state.row == 3
    assert state.wonders[0].scored and state.wonders[0].parts == ((0, 0),) * 4
    assert state.parts == ((14, 5), (14, 5), (14, 5), (14, 5))  # every part went home
    assert len(state.actions[RED]) == 1 and len(state.action_deck) == deck - 1


def test_scoring_rows_stay_on_the_last_row_past_the_end():
    assert data.scoring_row(50) == data.SCORING_ROWS[-1]


# -- discs, the end and the final scoring ------------------------------------------------------
def test_disc_bonus_example_with_a_two_kind_disc_is_25():
    discs = (
        d(CAMEL, 3),
        d(CAMEL, 4),
        d(CAMEL, 6),
        Disc((CAMEL, MASON), (2, 3)),
        d(SHIP, 4),
        d(SHIP, 5),
        d(CRANE, 3),
    )
    assignment, sets, pts = best_assignment(discs)
    assert assignment[3] == CAMEL
    assert sets == (4, 1, 2, 0) and sum(pts) == 25
    assert set_bonus(discs) == 25


def test_disc_bonus_table_and_the_two_kind_assignment_that_scores_most():
    assert [data.disc_bonus(n) for n in range(8)] == [0, 0, 5, 10, 20, 30, 40, 40]
    # A two-kind disc goes where it completes a pair rather than a single.
    discs = (d(SHIP, 3), d(SHIP, 4), d(SHIP, 6), d(MASON, 4), Disc((SHIP, MASON), (2, 3)))
    assignment, sets, _ = best_assignment(discs)
    assert sets[SHIP] == 4 and set_bonus(discs) == 20


def test_two_kind_discs_replace_a_five_of_each_kind():
    discs = all_discs(True)
    assert len(discs) == 24
    for k in range(4):
        assert sum(1 for x in discs if x.kinds == (k,) and x.values == (5,)) == 1
        assert sum(1 for x in discs if k in x.kinds) == 7
    assert Disc((CAMEL, MASON), (2, 3)) in discs


def _end_state(two_kind=True):
    """Every camel disc taken but one, the last camel-carrying disc a two-kind camel 2 + mason 3."""
    state = make(two_kind=two_kind, hands=(c(camel=2, mason=3), c(1), c(1), c(1)))
    empty = Wonder((None, None, None), ((0, 0),) * 4, scored=True)
    wonders = [empty] * 8
    wonders[0] = Wonder((Disc((CAMEL, MASON), (2, 3)), d(SHIP, 4), None), ((0, 0), (3, 0), (1, 0), (0, 0)))
    wonders[1] = Wonder((d(MASON, 4), d(CRANE, 6), d(SHIP, 3)), ((0, 1), (2, 0), (2, 0), (0, 0)))
    wonders[2] = Wonder((d(SHIP, 6), None, None), ((2, 0), (2, 0), (1, 0), (0, 0)))
    return replace(
        state,
        wonders=tuple(wonders),
        parts=((12, 4), (7, 5), (10, 5), (14, 5)),
        discs=((d(CAMEL, 3), d(CAMEL, 4), d(CAMEL, 6), d(SHIP, 4), d(SHIP, 5), d(CRANE, 3)), (), (), ()),
        actions=((DISC_BONUS, FIVE_POINTS), (), (), ()),
        scores=(10, 10, 10, 10),
    )


def test_taking_the_last_disc_of_a_kind_ends_the_game_two_kind_counts_for_both():
    state = _end_state()
    state, events = run(state, (RED, Build(0, 0)), (YELLOW, Offer()), (GREEN, Offer()), (BLUE, Offer()))
    state, events = run(state, (RED, Select(())))
    assert state.phase is Phase.OVER and RULES.to_act(state) == ()
    end = kinds(events, "game_end")[0]
    assert end.data["kinds"] == ["camel"]
    assert kinds(events, "final_scoring")
    assert RULES.outcome(state) is not None


def test_final_scoring_light_row_disc_sets_and_action_bonuses():
    state = _end_state()
    state, _ = run(
        state, (RED, Build(0, 0)), (YELLOW, Offer()), (GREEN, Offer()), (BLUE, Offer()), (RED, Select(()))
    )
    final = {f.seat: f for f in state.final}
    red = final[RED]
    # Light row 10/5, others present 3:
    # wonder 0: red 5, yellow 3, green 1 -> 10, 5, 3
    # wonder 1: red 3, yellow 2, green 2 -> 10, 3, 3 (tied seconds)
    # wonder 2: red 2, yellow 2, green 1 -> 5, 5, 3 (tied firsts)
    assert dict(red.wonders) == {0: 10, 1: 10, 2: 5}
    assert dict(final[YELLOW].wonders) == {0: 5, 1: 3, 2: 5}
    assert dict(final[GREEN].wonders) == {0: 3, 1: 3, 2: 3}
    assert final[BLUE].wonders == ()
    # Discs: 4 camels with the two-kind one, 2 ships, 1 crane = 25; 7 discs with Disc bonus.
    assert sum(red.set_points) == 25 and red.sets == (4, 1, 2, 0)
    assert red.disc_card == 7 and red.five_points == 5
    assert red.total == 10 + 25 + 25 + 7 + 5
    assert state.scores[RED] == red.total
    assert RULES.outcome(state).winners == (RED,)


def test_single_kind_end_trigger():
    state = _end_state(two_kind=False)
    wonders = list(state.wonders)
    wonders[0] = Wonder((d(CAMEL, 5), d(SHIP, 4), None), wonders[0].parts)
    state = replace(state, wonders=tuple(wonders), hands=(c(camel=5), c(1), c(1), c(1)))
    state, _ = run(
        state, (RED, Build(0, 0)), (YELLOW, Offer()), (GREEN, Offer()), (BLUE, Offer()), (RED, Select(()))
    )
    assert state.phase is Phase.OVER


def test_equal_final_scores_share_the_win():
    state = replace(make(), phase=Phase.OVER, scores=(30, 30, 10, 5))
    assert RULES.outcome(state).winners == (RED, YELLOW)


# -- parts ---------------------------------------------------------------------------------------
def test_parts_value_three_first_and_short_supply_places_what_fits():
    assert place_units((14, 5), 7) == (1, 2)
    assert place_units((0, 5), 2) == (0, 0)
    assert place_units((1, 0), 4) == (1, 0)
    assert data.PART_UNITS == 29


# -- views keep the secrets ----------------------------------------------------------------------
def test_views_hide_hands_offers_discs_and_action_cards():
    state = ship_state()
    state = replace(state, actions=((), (TRIPLE, DRAW3), (), ()), discs=((), (d(CAMEL, 3),), (), ()))
    state, _ = run(state, (RED, Build(0, 0)), (YELLOW, Offer(c(ship=2), trade=True, triple=True)))
    v_green = RULES.view(state, GREEN)
    v_yellow = RULES.view(state, YELLOW)
    assert v_green.committed[YELLOW] and v_green.my_offer is None
    assert v_green.offers == (None,) * 4
    assert v_green.hand_sizes[YELLOW] == sum(state.hands[YELLOW]) + 2
    assert v_green.action_counts[YELLOW] == 2 and v_green.my_actions == ()
    assert v_green.my_discs == () and v_green.disc_counts[YELLOW] == 1
    assert v_yellow.my_offer == Offer(c(ship=2), True, True) and v_yellow.my_discs == (d(CAMEL, 3),)
    state, _ = run(state, (GREEN, Offer()), (BLUE, Offer(c(ship=1))))
    v_green = RULES.view(state, GREEN)
    assert v_green.offers[YELLOW] == Offer(c(ship=2), True, True)
    assert v_green.offers[BLUE] == Offer(c(ship=1))


def test_offer_commitments_are_seen_only_by_their_owner():
    state = ship_state()
    _, events = run(state, (RED, Build(0, 0)), (YELLOW, Offer(c(ship=2))))
    secret = [e for e in events if e.kind == "my_offer"]
    assert secret and all(e.to == frozenset({YELLOW}) for e in secret)
    public = [e for e in events if e.kind == "offer_committed"]
    assert public and public[0].to is None and "cards" not in public[0].data


# -- text ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "pass",
        "build zeus 2",
        "offer none",
        "offer ship:3 trade",
        "offer camel:1 mason:2 trade triple",
        "accept none",
        "accept p2,p4",
        "accept p3 joker ship:2",
        "decline",
        "redraw camel:2 crane:1",
        "draw3",
        "double",
    ],
)
def test_action_text_round_trips(text):
    assert RULES.action_text(RULES.parse_action(text)) == text


@pytest.mark.parametrize("text", ["", "build nowhere 1", "build zeus 4", "offer ship:x", "accept 2,3", "fly"])
def test_unreadable_action_text_is_refused(text):
    with pytest.raises(ActionTextError):
        RULES.parse_action(text)


def test_select_preview_matches_the_outcome():
    from babel.games.turmbau.phases import preview_select

    state = ship_state(red_ships=2)
    state, _ = run(
        state,
        (RED, Build(0, 0)),
        (YELLOW, Offer(c(ship=1))),
        (GREEN, Offer(c(ship=2), trade=True)),
        (BLUE, Offer(c(ship=2))),
    )
    preview = preview_select(RULES.view(state, RED), Select((YELLOW, GREEN)))
    assert preview["units"] == [4, 1, 0, 0] and preview["disc_to"] == GREEN
    assert preview["refused_points"] == {BLUE: 2} and preview["fill"] == [0, 0, 2, 0]


# -- RULINGS Turmbau 9: a game cannot run forever -----------------------------------------------
def empty_table(**changes):
    """Supply and discard pile both empty (every card is in a hand)."""
    return make(supply=(), discard=c(), **changes)


def test_ruling_9_everyone_passing_with_no_cards_left_ends_the_game():
    state = empty_table()
    state, events = run(state, (0, Pass()))
    warning = kinds(events, "stall_warning")
    assert warning and warning[0].data["left"] == 3 and state.phase is Phase.TURN
    state, events = run(state, (1, Pass()), (2, Pass()))
    assert state.phase is Phase.TURN and state.stalled == (0, 1, 2)
    state, events = run(state, (3, Pass()))
    assert state.phase is Phase.OVER and RULES.outcome(state) is not None
    end = kinds(events, "game_end")
    assert end and end[0].data["stalled"] is True
    assert kinds(events, "final_scoring"), "final scoring as if the last disc had been taken"


def test_ruling_9_a_turn_that_is_not_a_pass_starts_the_count_again():
    state = with_wonder(
        empty_table(hands=(c(ship=5), c(), c(), c())), 0, [d(SHIP, 3), d(CAMEL, 3), d(MASON, 4)]
    )
    state, _ = run(state, (0, Pass()), (1, Pass()), (2, Pass()))
    assert state.active == 3 and state.stalled == (0, 1, 2)
    state = replace(state, active=0, hands=(c(ship=5), c(), c(), c()))
    state, _ = run(state, (0, Build(0, 0)))
    assert state.stalled == ()


def test_ruling_9_passes_while_cards_remain_do_not_count():
    state = make()
    state, events = run(state, (0, Pass()), (1, Pass()), (2, Pass()), (3, Pass()))
    assert state.phase is Phase.TURN and state.stalled == () and not kinds(events, "stall_warning")
