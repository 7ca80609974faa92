"""Keyboard alone: a visible focus that Tab, the arrows and Enter move and use on every screen.

Every step here is a key event (pilot.press / pilot.type): no click, no widget called directly.
"""

from __future__ import annotations

import pygame

from babel.core.settings import load_settings
from scenes.launcher.history_screen import StatisticsScreen
from scenes.launcher.menu import MainMenu
from scenes.launcher.pause import PauseMenu
from scenes.launcher.rules_viewer import RulesViewer
from scenes.launcher.saved_games import SavedGames
from scenes.launcher.settings import SettingsScene
from scenes.launcher.setup import SetupScene
from scenes.table import TableScene
from scenes.widgets.basic import Stepper, TextInput, WidgetGroup
from scenes.widgets.confirm import ConfirmDialog, quit_dialog
from scenes.widgets.focus import Focus, focus_id, focus_shown


def focus_of(scene) -> Focus:
    if isinstance(scene, TableScene):
        return scene.keys_focus
    group = scene.widgets if isinstance(getattr(scene, "widgets", None), WidgetGroup) else scene.buttons
    return group.focus


def focused(pilot):
    return focus_of(pilot.top).focused()


def tab_to(pilot, label: str, most: int = 40):
    """Tab until the focus is on the widget labelled ``label`` (or whose label says it)."""
    for _ in range(most):
        pilot.press(pygame.K_TAB)
        here = focused(pilot)
        if here is not None and label in str(getattr(here, "label", "")):
            return here
    raise AssertionError(f"Tab never reached {label!r}")


def test_a_whole_visit_by_keys_alone(example_playable, pilot):
    pilot.start(MainMenu())
    menu = pilot.top
    assert not focus_shown()  # nothing shows until a key is used
    card = tab_to(pilot, "Three-card draw")
    assert focus_shown() and card.rect in [rect for rect, _ in menu.games]
    pilot.press(pygame.K_RETURN)
    setup = pilot.top
    assert isinstance(setup, SetupScene) and focus_shown()  # the next screen shows its focus at once
    players = tab_to(pilot, "")  # the first stop: the player count
    assert isinstance(players, Stepper)
    before = setup.players
    pilot.press(pygame.K_RIGHT)
    assert setup.players != before and focused(pilot).rect == players.rect  # kept through the rebuild
    field = next(w for w in (tab_to(pilot, "") for _ in range(3)) if isinstance(w, TextInput))
    assert field.focused  # Tab into a field: typing goes there
    for _ in range(len(field.text)):
        pilot.press(pygame.K_BACKSPACE)
    pilot.type("Zoe")
    pilot.press(pygame.K_RIGHT)  # typing never moves the focus: the arrow stays in the field
    assert focused(pilot) is field and setup.names[0] == "Zoe"
    tab_to(pilot, "Start game")
    pilot.press(pygame.K_RETURN)
    table = pilot.top
    assert isinstance(table, TableScene) and table.match.seats[0].name == "Zoe"

    pilot.press(pygame.K_ESCAPE)
    assert isinstance(pilot.top, PauseMenu)
    tab_to(pilot, "Settings")
    pilot.press(pygame.K_RETURN)
    assert isinstance(pilot.top, SettingsScene)
    speed = pilot.top.widgets.widgets[2]
    was = speed.value
    for _ in range(3):
        pilot.press(pygame.K_DOWN)  # the arrows go down the rows to the animation speed
    assert focused(pilot) is speed
    pilot.press(pygame.K_RIGHT)
    assert load_settings().anim_speed != was
    tab_to(pilot, "Done")
    pilot.press(pygame.K_SPACE)
    assert isinstance(pilot.top, PauseMenu)
    tab_to(pilot, "Main menu")
    pilot.press(pygame.K_RETURN)
    if isinstance(pilot.top, ConfirmDialog):  # a game with moves asks first
        tab_to(pilot, "Leave")
        pilot.press(pygame.K_RETURN)
    assert isinstance(pilot.top, MainMenu)

    tab_to(pilot, "History and statistics")
    pilot.press(pygame.K_RETURN)
    assert isinstance(pilot.top, StatisticsScreen)
    pilot.press(pygame.K_ESCAPE)
    tab_to(pilot, "Saved games")
    pilot.press(pygame.K_RETURN)
    assert isinstance(pilot.top, SavedGames)
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(pilot.top, MainMenu)

    pilot.press(pygame.K_ESCAPE)
    assert isinstance(pilot.top, ConfirmDialog)
    tab_to(pilot, "Stay")
    pilot.press(pygame.K_RETURN)  # Enter acts on the focus: Stay, though Enter alone means Quit
    assert isinstance(pilot.top, MainMenu) and pilot.app.running
    pilot.press(pygame.K_ESCAPE)
    tab_to(pilot, "Quit")
    pilot.press(pygame.K_RETURN)
    assert not pilot.app.running


def _cycle(pilot, mod: int = 0) -> None:
    """One round of Tab visits every widget one can act on once, then comes back to the first."""
    focus = focus_of(pilot.top)
    targets = focus.targets()
    assert targets, type(pilot.top).__name__
    ids = [focus_id(w) for w in targets]
    for w in focus.widgets():  # nothing one can act on is left out
        acts = getattr(w, "enabled", True) and getattr(w, "on_click", True) is not None
        if w.visible and acts and len(getattr(w, "choices", "ab")) > 1:
            assert focus_id(w) in ids, w
    seen = []
    for _ in range(len(targets)):
        pilot.press(pygame.K_TAB, mod=mod)
        seen.append(focus_id(focus.focused()))
    assert len(set(seen)) == len(targets), type(pilot.top).__name__
    pilot.press(pygame.K_TAB, mod=mod)
    assert focus_id(focus.focused()) == seen[0]
    pilot.press(pygame.K_TAB, mod=mod | pygame.KMOD_SHIFT)
    assert focus_id(focus.focused()) == seen[-1]


def test_tab_visits_every_widget_once_per_round(example_playable, pilot):
    pilot.start(MainMenu())
    _cycle(pilot)
    for scene in (SettingsScene(), SavedGames(), StatisticsScreen(), RulesViewer(None)):
        pilot.app.push(scene)
        pilot.frame()
        _cycle(pilot)
        pilot.app.pop()
    menu = pilot.top
    pilot.app.push(SetupScene(next(r for _, r in menu.games if r.info.id == "example")))
    pilot.frame()
    _cycle(pilot)
    pilot.press(pygame.K_ESCAPE)  # out of the name field the cycle may end in, then back
    pilot.app.push(quit_dialog(pilot.app))
    pilot.frame()
    _cycle(pilot)


def test_a_click_moves_the_focus_and_hides_it(example_playable, pilot):
    pilot.start(MainMenu())
    pilot.press(pygame.K_TAB)
    assert focus_shown()
    saved = next(w for w in pilot.top.buttons.widgets if getattr(w, "label", "") == "Settings")
    pilot.click(saved.rect.center)
    assert not focus_shown()
    pilot.press(pygame.K_ESCAPE)  # back from Settings
    pilot.press(pygame.K_TAB)  # the focus goes on from where the click put it
    assert focused(pilot).label == "Quit"


def _table_of(game: str, seats: int):
    from babel.core import registry
    from babel.core.match import Match, Seat
    from scenes.tables import table_for

    rules = registry.get(game)
    bot = registry.bots(game).offered[0]
    match = Match(rules, rules.make_config(seats), 3, [Seat("Anna"), *[Seat(f"Bot {i}", bot) for i in range(1, seats)]])
    return table_for(game)(match, None, threaded=False)


def test_at_a_table_tab_goes_through_its_buttons_and_game_keys_hide_it(pilot):
    table = _table_of("duel", 2)
    pilot.start(table)
    _cycle(pilot)
    assert {"Menu (Esc)", "Rules (F1)"} <= {w.label for w in table.keys_focus.targets()}
    tab_to(pilot, "Menu")
    pilot.press(pygame.K_a)  # a key of the game's: the focus hides, Enter and Space are the game's again
    assert not focus_shown()
    pilot.press(pygame.K_TAB)
    assert focus_shown()
    tab_to(pilot, "Menu")
    pilot.press(pygame.K_RETURN)
    assert isinstance(pilot.top, PauseMenu)
    pilot.press(pygame.K_ESCAPE)  # Resume
    assert pilot.top is table


def test_turmbau_keeps_tab_for_its_spots_and_ctrl_tab_moves_the_focus(pilot):
    table = _table_of("turmbau", 3)
    pilot.start(table)
    assert table.TAB_TAKEN
    pilot.press(pygame.K_TAB)
    assert not focus_shown() and table.keys_focus.focused() is None
    pilot.press(pygame.K_TAB, mod=pygame.KMOD_CTRL)
    assert focus_shown() and table.keys_focus.focused() is not None


def test_blueprint_editor_keeps_tab_and_its_printed_blueprints_take_the_focus(pilot):
    from babel.games.builders.blueprints import PRINTED_BLUEPRINTS
    from scenes.tables.builders.blueprints import BlueprintEditor

    editor = BlueprintEditor()
    pilot.start(editor)
    _cycle(pilot, pygame.KMOD_CTRL)  # rows made anew each time are followed all the same
    pilot.press(pygame.K_x)  # a key of the editor's hides the focus
    pilot.press(pygame.K_TAB)  # the editor's own Tab: the name field
    assert editor.name_input.focused and not focus_shown()
    pilot.press(pygame.K_ESCAPE)  # the field lets go
    name = PRINTED_BLUEPRINTS[0].name
    for _ in range(12):
        pilot.press(pygame.K_TAB, mod=pygame.KMOD_CTRL)
        if getattr(focused(pilot), "label", "") == name:
            break
    pilot.press(pygame.K_RETURN)
    assert editor.name_input.text.startswith(name)
    pilot.press(pygame.K_5)  # an editing key hides the focus: Enter saves again
    assert not focus_shown()


def test_every_table_tab_visits_each_of_its_buttons_once_per_round(pilot):
    from scenes.tables import playable_games

    for rules in playable_games():
        info = rules.info
        table = _table_of(info.id, info.default_players or info.min_players)
        pilot.app.reset(table)
        pilot.frame()
        _cycle(pilot, pygame.KMOD_CTRL if table.TAB_TAKEN else 0)


def test_history_rows_and_the_rename_dialog_by_keys(pilot):
    from scenes.launcher.history_screen import RenameDialog
    from scenes.replay import ReplayScene
    from tests.test_scenes_history import finish

    finish(1)
    pilot.start(MainMenu())
    tab_to(pilot, "History and statistics")
    pilot.press(pygame.K_RETURN)
    screen = pilot.top
    row = tab_to(pilot, "recent 0")  # the newest game's row
    assert row.rect == screen.recent_rows()[0][0]
    pilot.press(pygame.K_RETURN)
    assert isinstance(pilot.top, ReplayScene)
    pilot.press(pygame.K_ESCAPE)
    assert pilot.top is screen
    tab_to(pilot, "Rename")
    pilot.press(pygame.K_RETURN)
    assert isinstance(pilot.top, RenameDialog) and pilot.top.field.focused
    pilot.type("x")
    tab_to(pilot, "Cancel")
    pilot.press(pygame.K_RETURN)  # Enter on Cancel cancels: the name stays
    assert pilot.top is screen and screen.person == "Anna"


def test_a_focused_swatch_shows_its_note_and_enter_changes_the_colour(pilot, monkeypatch):
    """What the pointer's hover shows over a widget (a seat's colour and its pattern, in words),
    the focus shows too; Enter asks for the next colour as a click does."""
    from babel.core import registry
    from scenes.widgets import basic
    from scenes.widgets.swatch import ColourSwatch

    notes = []
    real = basic.tooltip
    def noted(canvas, text, at, *args, **kw):
        notes.append(text)
        real(canvas, text, at, *args, **kw)

    monkeypatch.setattr(basic, "tooltip", noted)
    pilot.start(SetupScene(registry.get("turmbau")))
    for _ in range(20):
        pilot.press(pygame.K_TAB)
        if isinstance(focused(pilot), ColourSwatch):
            break
    swatch = focused(pilot)
    assert isinstance(swatch, ColourSwatch) and notes[-1] == swatch.tooltip
    before = swatch.tooltip
    pilot.press(pygame.K_RETURN)
    assert focused(pilot).tooltip != before and notes[-1] == focused(pilot).tooltip
