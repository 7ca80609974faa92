"""The solitaire by keyboard alone: a whole seeded game played with key presses only (the coach's
move each time: D to draw, the arrows and Enter to pick a stack up and put it down, F to finish)."""

from __future__ import annotations

import pygame

from babel.core import registry
from babel.core.coach import adviser
from babel.core.match import Match, Seat
from babel.games.solitaire.actions import Draw, Finish, Move
from scenes.pilot import Pilot
from scenes.tables.solitaire import SolitaireTable


def go_to(pilot: Pilot, table: SolitaireTable, stack: int) -> None:
    here = table.cursor.stack if table.cursor.stack is not None else len(table.view.line)
    key = pygame.K_LEFT if stack < here else pygame.K_RIGHT
    for _ in range(abs(here - stack)):
        pilot.press(key)
    assert table.cursor.stack == stack


def test_a_whole_game_by_keys_only() -> None:
    pilot = Pilot(size=(1024, 640))
    try:
        rules = registry.get("solitaire")
        table = SolitaireTable(Match(rules, rules.make_config(1), 4, [Seat("Anna")]), None, threaded=False)
        pilot.start(table)
        advise = adviser("solitaire")
        for _ in range(300):
            if table.match.over:
                break
            pilot.advance(0.3)
            if isinstance(pilot.top, SolitaireTable) is False:  # Finish asks first: Enter agrees
                pilot.press(pygame.K_RETURN)
                continue
            action, _ = advise(table.view, table.legal)
            ply = table.match.ply
            if isinstance(action, Draw):
                pilot.press(pygame.K_d)
            elif isinstance(action, Finish):
                pilot.press(pygame.K_f)
            else:
                assert isinstance(action, Move)
                go_to(pilot, table, action.src)
                pilot.press(pygame.K_RETURN)
                assert table.selected == action.src
                go_to(pilot, table, action.dst)
                pilot.press(pygame.K_RETURN)
            pilot.advance(0.3)
            if pilot.top is table:
                assert table.match.ply == ply + 1, f"the key path did not make {action}"
        assert table.match.over
    finally:
        pygame.display.quit()


def test_a_stack_that_cannot_move_says_why() -> None:
    pilot = Pilot(size=(1024, 640))
    try:
        rules = registry.get("solitaire")
        table = SolitaireTable(Match(rules, rules.make_config(1), 4, [Seat("Anna")]), None, threaded=False)
        pilot.start(table)
        go_to(pilot, table, 0)
        pilot.press(pygame.K_RETURN)  # the first stack has nothing to its left
        assert table.selected is None and any("no stack one or three" in t[0] for t in pilot.app.toasts)
    finally:
        pygame.display.quit()


def test_why_not_keeps_the_suits_capital() -> None:
    from babel.games.solitaire.deals import piece_name
    from scenes.tables.solitaire.moves import why_not

    rules = registry.get("solitaire")
    view = Match(rules, rules.make_config(1), 4, [Seat("Anna")]).view(0)
    for src in range(1, len(view.line)):
        words = why_not(view, src, False)
        name = piece_name(view.tops[src], view.variant)
        assert words.startswith(name[:1].upper() + name[1:]) or "Strict" in words or "no stack" in words
