"""The rough edges a newcomer meets in the first minutes: clicks, quitting, leaving, the end panel."""

from __future__ import annotations

import pygame
import pytest

from babel.core import saves
from babel.core.match import Match, Seat
from scenes.launcher.menu import MainMenu
from scenes.launcher.pause import PauseMenu
from scenes.launcher.setup import SetupScene
from scenes.pilot import Pilot
from scenes.table import TableScene
from scenes.widgets.basic import Button, TextInput
from scenes.widgets.confirm import ConfirmDialog
from tests.example_table import ExampleTable


def _button(group, label: str) -> Button:
    return next(w for w in group.widgets if getattr(w, "label", "") == label)


def test_the_first_click_after_typing_a_name_is_not_swallowed(example_playable, pilot):
    pilot.start(SetupScene(example_playable))
    setup = pilot.top
    field = next(w for w in setup.widgets.widgets if isinstance(w, TextInput))
    pilot.click(field.rect.center)
    assert field.focused
    pilot.press(pygame.K_BACKSPACE)
    pilot.type("Zoe")
    pilot.click(_button(setup.widgets, "Start game").rect.center)  # one click starts the game
    assert isinstance(pilot.top, TableScene)
    assert pilot.top.match.seats[0].name.endswith("Zoe")


def test_clicking_another_field_moves_the_typing_there(example_playable, pilot):
    pilot.start(SetupScene(example_playable))
    fields = [w for w in pilot.top.widgets.widgets if isinstance(w, TextInput)]
    pilot.click(fields[1].rect.center)
    pilot.click(fields[0].rect.center)
    assert fields[0].focused and not fields[1].focused


def test_esc_on_the_main_menu_asks_before_quitting(pilot):
    pilot.start(MainMenu())
    pilot.press(pygame.K_ESCAPE)
    assert pilot.app.running and isinstance(pilot.top, ConfirmDialog)
    pilot.press(pygame.K_ESCAPE)  # Esc again: stay
    assert pilot.app.running and isinstance(pilot.top, MainMenu)
    pilot.press(pygame.K_ESCAPE)
    pilot.press(pygame.K_RETURN)
    assert not pilot.app.running


def _table_with_a_move(rules, pilot) -> TableScene:
    match = Match(rules, rules.make_config(2), 5, [Seat("Ann"), Seat("Bot", "random")])
    store = saves.SaveStore()
    pilot.start(MainMenu())
    pilot.app.push(ExampleTable(match, store, threaded=False))
    table = pilot.top
    pilot.frame()
    pilot.click(table.cards[0].pos)
    assert match.ply >= 1 and not match.over
    return table


def test_leaving_a_game_with_moves_asks_and_keeps_the_autosave(example_playable, pilot):
    table = _table_with_a_move(example_playable, pilot)
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(pilot.top, PauseMenu)
    pilot.press(pygame.K_m)
    assert isinstance(pilot.top, ConfirmDialog)
    pilot.press(pygame.K_ESCAPE)  # stay
    assert isinstance(pilot.top, PauseMenu)
    pilot.press(pygame.K_m)
    pilot.press(pygame.K_RETURN)
    assert isinstance(pilot.top, MainMenu)
    record = saves.SaveStore().continue_record()
    assert record is not None and len(record.actions) == table.match.ply


def test_closing_the_window_mid_game_asks_first(example_playable, pilot):
    _table_with_a_move(example_playable, pilot)
    pilot.send(pygame.event.Event(pygame.QUIT))
    assert pilot.app.running and isinstance(pilot.top, ConfirmDialog)
    pilot.send(pygame.event.Event(pygame.QUIT))  # a second close means it
    assert not pilot.app.running


def test_the_end_panel_dims_the_whole_window_letterbox_included(example_game):
    """At 1024x640 the logical table is letterboxed: the strip above it must darken too."""
    pilot = Pilot(size=(1024, 640))
    try:
        rules = example_game
        match = Match(rules, rules.make_config(2), 5, [Seat("Bot A", "random"), Seat("Bot B", "random")])
        table = ExampleTable(match, None, threaded=False)
        pilot.start(table)
        assert pilot.until(lambda: table._end_shown, seconds=60)
        assert pilot.app.canvas.oy > 4  # there is a strip above the logical area
        surface = pygame.display.get_surface()
        table._end_shown = False
        pilot.app.draw()
        bright = sum(surface.get_at((500, 2))[:3])
        table._end_shown = True
        pilot.app.draw()
        dimmed = sum(surface.get_at((500, 2))[:3])
        assert dimmed < bright * 0.7
    finally:
        pygame.display.quit()


def test_undo_is_a_button_and_the_log_forgets_the_undone_move():
    """Babel On!: a block added after the roll can be taken back with the table's Undo button,
    and its 'added a block' line leaves the log."""
    from babel.core import registry
    from babel.games.babel_on.actions import Add, Call
    from scenes.tables.babel_on import BabelOnTable

    rules = registry.get("babel_on")
    pilot = Pilot(size=(1024, 640))
    try:
        match = Match(
            rules, rules.make_config(2), 3, [Seat("Anna"), Seat("Ben", registry.bots("babel_on").offered[0])]
        )
        table = BabelOnTable(match, None, threaded=False)
        pilot.start(table)
        for _ in range(400):
            adds = [m for m in table.legal if isinstance(m, Add)]
            if adds and not table.busy():
                break
            if table.legal and not table.busy():
                table.submit(next((m for m in table.legal if isinstance(m, Call)), table.legal[0]))
            pilot.advance(0.3)
        else:
            pytest.fail("the human never held a block to add")
        assert "undo" not in table.tools_shown() or table.can_undo()
        before = list(table.log_lines)
        ply = match.ply
        assert table.submit(adds[0])
        pilot.advance(0.5)
        assert len(table.log_lines) > len(before)
        assert table.can_undo() and "undo" in table.tools_shown()
        undo = table.tool_buttons["undo"]
        pilot.click(undo.rect.center)
        assert match.ply == ply
        assert table.log_lines == before
    finally:
        pygame.display.quit()


def test_a_duel_card_chosen_during_the_animation_is_kept_and_played():
    from babel.core import registry
    from scenes.tables.duel import DuelTable

    rules = registry.get("duel")
    pilot = Pilot(size=(1024, 640), anim_speed="normal")
    try:
        match = Match(
            rules,
            rules.make_config(2),
            3,
            [Seat("Anna"), Seat("Bot", registry.bots(rules.info.id).offered[0])],
        )
        table = DuelTable(match, None, threaded=False)
        pilot.start(table)
        first = table.legal[0].card
        table._choose(first)
        assert pilot.until(lambda: match.view(None).history, 5)
        assert table.busy()
        second = next(a.card for a in match.legal(0) if a.card != first) if match.legal(0) else None
        hand = [c for c in match.view(0).hand if c != first]
        second = second if second is not None else hand[0]
        table._choose(second)  # pressed while the reveal is still animated
        assert table.queued == second
        pilot.app.draw()
        assert pilot.until(lambda: not table.busy() and table.queued is None, 15)
        assert match.view(0).my_choice == second or any(
            r.cards[0] == second for r in match.view(0).history[1:]
        )
    finally:
        pygame.display.quit()


def _duel(pilot, seats):
    from babel.core import registry
    from scenes.tables.duel import DuelTable

    rules = registry.get("duel")
    match = Match(rules, rules.make_config(2), 3, seats)
    table = DuelTable(match, None, threaded=False)
    pilot.start(table)
    return table


def test_the_coach_gives_a_hint_in_words_and_drops_it_after_the_move(pilot):
    table = _duel(pilot, [Seat("Anna"), Seat("Ben", "random")])
    assert "hint" in table.tools_shown()
    pilot.press(pygame.K_h)
    title, text = table.coach_note
    assert text.startswith("Play the ") and "<P" not in text and ":" in text
    pilot.app.draw()
    table.submit(table.legal[0])
    assert table.coach_note is None


def test_the_coach_can_be_turned_off(pilot):
    pilot.app.apply_settings(pilot.app.settings.with_(coach=False), persist=False)
    table = _duel(pilot, [Seat("Anna"), Seat("Ben", "random")])
    assert "hint" not in table.tools_shown()
    pilot.press(pygame.K_h)
    assert table.coach_note is None
    assert any("coach is off" in m for m, _ in pilot.app.toasts)


def test_in_pass_and_play_the_hint_stays_behind_its_own_curtain(pilot):
    from scenes.widgets.curtain import PrivacyCurtain

    table = _duel(pilot, [Seat("Anna"), Seat("Ben")])
    assert isinstance(pilot.top, PrivacyCurtain)
    pilot.advance(0.5)
    pilot.press(pygame.K_SPACE)
    assert table.viewer == 0
    pilot.press(pygame.K_h)
    assert table.coach_note is not None
    table.submit(table.legal[0])
    pilot.advance(0.3)
    assert isinstance(pilot.top, PrivacyCurtain) and pilot.top.name == "Ben"
    assert table.coach_note is None  # Anna's advice is gone before Ben takes the screen


def test_solitaire_tiles_show_at_instant_animation_speed(pilot):
    """At 'instant' speed drawn tiles stayed hidden (their flights never settled)."""
    from babel.core import registry
    from scenes.tables.solitaire import SolitaireTable

    rules = registry.get("solitaire")
    table = SolitaireTable(
        Match(rules, rules.make_config(1, deal=4), 4, [Seat("Anna")]), None, threaded=False
    )
    pilot.start(table)
    for _ in range(3):
        pilot.press(pygame.K_SPACE)
        pilot.advance(0.2)
    assert table.motion.hide == {} and table.motion.flights == []
