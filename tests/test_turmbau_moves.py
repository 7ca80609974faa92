"""The choice a Turmbau player is making, as pure values: drafting an offer within the disc's
number, the trading card only with a card, Card trade up to five, invitations that keep the
Joker's use fitting, and the keyboard cursor over the discs one may build on."""

from __future__ import annotations

from babel.core.protocol import replace
from babel.games.turmbau import RULES, data
from babel.games.turmbau.actions import Build, Offer, Select
from babel.games.turmbau.model import Phase
from babel.games.turmbau.phases import preview_select
from scenes.tables.turmbau import moves
from scenes.tables.turmbau.moves import Choice, LegalMoves
from tests.test_turmbau_rules import BLUE, CRANE, GREEN, RED, SHIP, YELLOW, c, ship_state


def _offering(hand=(0, 0, 5, 0)):
    """Yellow to offer for Red's ship 5 disc, holding ``hand``."""
    state = replace(ship_state(red_ships=2), hands=(c(ship=2), hand, c(ship=3), c(ship=2)))
    state = RULES.apply(state, RED, Build(0, 0)).state
    return state, RULES.view(state, YELLOW), LegalMoves.of(RULES.legal_actions(state, YELLOW))


def _selecting():
    """Red (four ships) to choose among Yellow's and Green's offers of one ship each."""
    state = RULES.apply(ship_state(red_ships=4), RED, Build(0, 0)).state
    for seat, offer in ((YELLOW, Offer(c(ship=1))), (GREEN, Offer(c(ship=1))), (BLUE, Offer())):
        state = RULES.apply(state, seat, offer).state
    return state, RULES.view(state, RED), LegalMoves.of(RULES.legal_actions(state, RED))


def test_an_offer_is_drafted_within_the_hand_and_the_disc():
    state, view, legal = _offering()
    w, s = view.target
    need = view.wonders[w].discs[s].need
    choice, why = Choice(), ""
    for _ in range(sum(need)):
        kind = next(k for k in range(4) if need[k])
        choice, why = moves.step_kind(choice, view, legal, kind, 1)
        assert why == ""
    assert choice.offer in legal.offers
    more, why = moves.step_kind(choice, view, legal, next(k for k in range(4) if need[k]), 1)
    assert more == choice and why  # one card beyond the disc is refused with the reason
    empty, _ = moves.step_kind(Choice(), view, legal, CRANE, 1)
    assert empty == Choice()  # no crane in hand


def test_the_trading_card_goes_only_with_a_building_card():
    state, view, legal = _offering()
    choice, why = moves.toggle_trade(Choice(), "offer", busy=False)
    assert choice == Choice() and "at least one building card" in why
    drafted, _ = moves.step_kind(Choice(), view, legal, SHIP, 1)
    traded, why = moves.toggle_trade(drafted, "offer", busy=False)
    assert why == "" and traded.offer == Offer(c(ship=1), True, False)
    back, _ = moves.step_kind(traded, view, legal, SHIP, -1)
    assert not back.trade and back.offer == Offer()  # taking the last card back drops the trading card
    assert moves.toggle_trade(Choice(), "turn", busy=True) == (Choice(), "")  # silent while busy


def test_card_trade_takes_at_most_five_cards_and_clearing_keeps_the_mode():
    state, view, legal = _offering(hand=(3, 3, 3, 0))
    choice = Choice(redraw_mode=True)
    for kind in (0, 0, 0, 1, 1):
        choice, why = moves.step_kind(choice, view, legal, kind, 1)
        assert why == ""
    same, why = moves.step_kind(choice, view, legal, 2, 1)
    assert same == choice and f"at most {data.REDRAW_MAX}" in why
    assert choice.cleared() == Choice(redraw_mode=True)


def test_invitations_and_the_preview_follow_the_clicks():
    state, view, legal = _selecting()
    assert view.phase is Phase.SELECT
    offerers = moves.offerers(view, [s for s in range(view.players) if s != view.active])
    assert offerers == [YELLOW, GREEN]
    choice = moves.toggle_seat(Choice(), legal, YELLOW)
    assert choice.select == Select((YELLOW,))
    preview, reason = moves.select_preview(view, choice.select, legal)
    assert reason == "" and preview == preview_select(view, choice.select)
    assert moves.toggle_seat(choice, legal, YELLOW) == Choice()  # a second click takes it back
    names = ["Anna", "Ben", "Carla", "Dieter"].__getitem__
    assert moves.seat_refusal(view, "select", False, BLUE, names) == "Dieter made no offer"
    assert moves.seat_refusal(view, "select", False, GREEN, names) is None
    assert moves.seat_refusal(view, "wait", False, GREEN, names) == "Anna chooses the offers"
    assert moves.cycle_joker(Choice(), "turn", legal)[1].startswith("The Joker is used")


def test_the_cursor_walks_round_the_discs_one_may_build_on():
    builds = frozenset({(0, 1), (2, 0), (5, 2)})
    assert moves.next_spot(builds, None, 1) == (0, 1)
    assert moves.next_spot(builds, (0, 1), 1) == (2, 0)
    assert moves.next_spot(builds, (0, 1), -1) == (5, 2)
    assert moves.next_spot(frozenset(), (1, 1), 1) == (1, 1)
    assert Select((YELLOW, GREEN)) == Choice(seats=frozenset({YELLOW, GREEN})).select
