"""Der Turmbau's action cards and notes by keys alone, from a set position where the person's
hand holds Card trade, Card draw and Double turn: D, C and R with 1-4 and Enter play them; Down
with Left/Right points at a card of the hand, which shows the note the pointer shows over it,
and Enter plays or picks it as a click does; Up goes to the players' plates and the action
cards played, with their notes. About 1 s."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from babel.core import registry
from babel.core.match import Match, Seat
from babel.games.turmbau import actions as TA
from babel.games.turmbau import data
from babel.games.turmbau.model import Phase
from scenes.pilot import Pilot
from scenes.tables import table_for
from scenes.tables.turmbau import layout
from scenes.tables.turmbau.art import ACTION_HELP

HELD = ("redraw", "draw3", "double")


def _turn_with_cards() -> Match:
    """Three players, the person (seat 0) to act on a turn, holding the three action cards that are
    played on one's turn (taken from the action deck, so every card is still counted once)."""
    rules = registry.get("turmbau")
    match = Match(rules, rules.make_config(3), 5, [Seat("Anna"), *(Seat(f"Bot{i}", bot="novice") for i in (1, 2))])
    match.play_bots(until=lambda m: m.state.phase is Phase.TURN and 0 in m.to_act())
    s = match.state
    deck, held = list(s.action_deck), list(s.actions[0])
    for name in HELD:
        kind = data.ACTION_KINDS.index(name)
        deck.remove(kind)
        held.append(kind)
    match.state = replace(s, action_deck=tuple(deck), actions=(tuple(sorted(held)), *s.actions[1:]))
    return match


@pytest.fixture
def table():
    pilot = Pilot(size=(1024, 640))
    table = table_for("turmbau")(_turn_with_cards(), None, threaded=False)
    pilot.start(table)
    yield pilot, table
    pygame.display.quit()


def _made(table, ply: int) -> list[str]:
    """What the person did since ``ply``, as the log says it."""
    return [e.text for e in table.match.log[ply:] if e.seat == 0]


def _text(action) -> str:
    return registry.get("turmbau").action_text(action)


def test_each_action_card_by_its_key(table) -> None:
    pilot, table = table
    ply = table.match.ply
    pilot.press(pygame.K_d)  # Double turn
    assert _made(table, ply) == [_text(TA.Double())]
    ply, before = table.match.ply, sum(table.view.hand)
    pilot.press(pygame.K_c)  # Card draw: three more cards
    assert _made(table, ply) == [_text(TA.Draw3())]
    assert sum(table.view.hand) == before + data.DRAW3_COUNT
    hand = table.view.hand
    kind = next(k for k in range(data.NKINDS) if hand[k])
    ply = table.match.ply
    pilot.press(pygame.K_r)  # Card trade: choose one card by its kind, Enter trades it
    assert table.choice.redraw_mode
    pilot.press(getattr(pygame, f"K_{kind + 1}"))
    pilot.press(pygame.K_RETURN)
    counts = tuple(1 if k == kind else 0 for k in range(data.NKINDS))
    assert _made(table, ply) == [_text(TA.Redraw(counts))]
    assert not {data.ACTION_KINDS[a] for a in table.view.my_actions} & set(HELD)


def test_the_cards_pointed_at_by_keys_show_their_notes(table) -> None:
    pilot, table = table
    pilot.press(pygame.K_DOWN)
    first = table.view.hand.index(next(n for n in table.view.hand if n))
    assert table.ui().tooltip.startswith(("Camel", "Crane", "Ship", "Mason")[first])
    assert table.ui().card == (1, 0)
    hand_size = sum(table.view.hand)
    notes = []
    for _ in range(hand_size + 1 + len(table.view.my_actions)):
        pilot.press(pygame.K_RIGHT)
        notes.append(table.ui().tooltip)
    for name in HELD:
        assert ACTION_HELP[name] in notes
    # the last card stays pointed at; Left goes back along the cards to Card draw, Enter plays it
    while table.ui().tooltip != ACTION_HELP["draw3"]:
        pilot.press(pygame.K_LEFT)
    ply = table.match.ply
    pilot.press(pygame.K_RETURN)
    assert _made(table, ply) == [_text(TA.Draw3())]
    assert table.card is None  # a card played: the keys are back at the discs
    pilot.press(pygame.K_UP)  # up to the players' plates, in turn order, and the cards played
    plates = [layout.plate_rect(table.view, s).y for s in range(3)]
    first = plates.index(min(plates))
    assert table.ui().tooltip.startswith(table._name(first) + ":") and table.ui().below
    notes = []
    for _ in range(3 + len(table.view.spent)):
        pilot.press(pygame.K_RIGHT)
        notes.append(table.ui().tooltip)
    assert ACTION_HELP["draw3"] in notes  # Card draw, played: in the supply panel
    pilot.press(pygame.K_DOWN)  # back at the discs: the arrows choose a disc again
    assert table.card is None and table.ui().card is None
    pilot.press(pygame.K_RIGHT)
    assert table.cursor is not None and table.ui().tooltip.startswith("Click (or Enter) to build here")


def test_the_game_over_tab_goes_through_the_end_panel() -> None:
    """Tab chooses the next building spot while the game lasts (Ctrl+Tab moves the focus); once
    it is over, plain Tab goes through the end panel's buttons as at every other table."""
    from tests.test_scenes_replay import finished

    pilot = Pilot(size=(1024, 640))
    try:
        table = table_for("turmbau")(finished("turmbau", 3, 5), None, threaded=False)
        pilot.start(table)
        pilot.until(lambda: table._end_shown, 5)
        pilot.press(pygame.K_TAB)
        assert table.keys_focus.focused().label == "Rematch"
        pilot.press(pygame.K_TAB)
        assert table.keys_focus.focused().label.startswith("Watch replay")
    finally:
        pygame.display.quit()
