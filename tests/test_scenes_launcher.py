"""Headless scene tests: the launcher path, settings persistence, saves in the UI, the curtain."""

from __future__ import annotations

import json

import pygame
import pytest

from babel.core import saves
from babel.core.match import Match, Seat
from babel.core.settings import load_settings
from scenes.launcher.menu import MainMenu
from scenes.launcher.setup import SetupScene
from scenes.pilot import Pilot
from scenes.table import TableScene
from scenes.widgets.curtain import PrivacyCurtain
from tests.example_table import ExampleTable


def _game_card(menu: MainMenu, game_id: str):
    return next(rect for rect, rules in menu.games if rules.info.id == game_id)


def test_menu_setup_back_quit(example_playable, pilot):
    pilot.start(MainMenu())
    menu = pilot.top
    assert isinstance(menu, MainMenu)
    pilot.click(_game_card(menu, "example").center)
    assert isinstance(pilot.top, SetupScene)
    pilot.press(pygame.K_ESCAPE)
    assert pilot.top is menu
    quit_button = next(w for w in menu.buttons.widgets if getattr(w, "label", "") == "Quit")
    pilot.click(quit_button.rect.center)
    assert not pilot.app.running


def test_menu_lists_only_games_with_tables(example_game, pilot):
    pilot.start(MainMenu())
    assert "example" not in [r.info.id for _, r in pilot.top.games]


def test_setup_starts_a_game_and_autosaves(example_playable, pilot):
    pilot.start(MainMenu())
    pilot.click(_game_card(pilot.top, "example").center)
    setup = pilot.top
    pilot.press(pygame.K_RETURN)
    table = pilot.top
    assert isinstance(table, TableScene) and table.viewer == 0
    pilot.click(table.cards[0].pos)
    assert table.match.ply >= 1
    record = saves.SaveStore().continue_record()
    assert record is not None and any(seat == 0 for seat, _ in record.actions)
    assert load_settings().last_names[:2] == tuple(setup.names[:2])


def test_continue_resumes_the_autosave(example_playable, pilot):
    rules = example_playable
    match = Match(rules, rules.make_config(2), 5, [Seat("Ann"), Seat("Bot", "random")])
    match.submit(0, match.legal(0)[0])
    saves.SaveStore().autosave(match)
    pilot.start(MainMenu())
    cont = next(w for w in pilot.top.buttons.widgets if getattr(w, "label", "").startswith("Continue"))
    pilot.click(cont.rect.center)
    assert isinstance(pilot.top, TableScene)
    assert pilot.top.match.log[0].text == match.log[0].text


def test_bad_save_shows_message_not_traceback(example_playable, pilot):
    from scenes.launcher.saved_games import SavedGames

    store = saves.SaveStore()
    store.folder.mkdir(parents=True, exist_ok=True)
    (store.folder / "broken.json").write_text(
        '{"format": "babel-towers-save", "version": 1, "game": "nope",'
        ' "config": {"players": 2}, "seed": 1, "seats": [], "actions": [], "digest": ""}'
    )
    rules = example_playable
    match = Match(rules, rules.make_config(2), 5, [Seat("Ann"), Seat("Bo")])
    data = saves.record_of(match).to_json()
    data["digest"] = "0" * 16  # the shape and the seats are fine; the replay is not
    (store.folder / "diverges.json").write_text(json.dumps(data))
    pilot.start(SavedGames())
    scene = pilot.top
    assert scene.entries == []  # neither is offered: each is set aside, with a message
    said = " ".join(m for m, *_ in pilot.app.toasts)
    assert "does not have" in said and "kept as broken.json.bad" in said
    assert "digest mismatch" in said and "kept as diverges.json.bad" in said
    assert sorted(p.name for p in store.folder.iterdir()) == ["broken.json.bad", "diverges.json.bad"]


def test_pass_and_play_curtain_hides_the_table(example_playable, pilot):
    rules = example_playable
    match = Match(rules, rules.make_config(2), 9, [Seat("Ann"), Seat("Ben")])
    table = ExampleTable(match, None, threaded=False)
    pilot.start(table)
    assert isinstance(pilot.top, PrivacyCurtain) and pilot.top.name == "Ann"
    assert table.viewer is None and table.view.hand == ()
    pilot.advance(0.5)
    pilot.click((800, 450))
    assert pilot.top is table and table.viewer == 0
    ann_hand = table.view.hand
    pilot.click(table.cards[0].pos)
    pilot.advance(0.1)
    assert isinstance(pilot.top, PrivacyCurtain) and pilot.top.name == "Ben"
    assert table.viewer is None  # Ann's hand is unbound before Ben takes the screen
    pilot.advance(0.5)
    pilot.press(pygame.K_SPACE)
    assert table.viewer == 1 and table.view.hand != ann_hand


def test_refused_action_shows_reason(example_playable, pilot):
    rules = example_playable
    match = Match(rules, rules.make_config(2), 9, [Seat("Ann"), Seat("Bot", "random")])
    table = ExampleTable(match, None, threaded=False)
    pilot.start(table)
    bad = next(c for c in range(1, 10) if c not in table.view.hand)
    before = (match.ply, rules.state_to_json(match.state))
    assert not table.submit(rules.parse_action(f"play {bad}"))
    assert any("not in your hand" in m for m, _ in pilot.app.toasts)
    assert (match.ply, rules.state_to_json(match.state)) == before


def test_settings_persist(pilot):
    from scenes.launcher.settings import SettingsScene

    pilot.start(SettingsScene())
    speed = pilot.top.widgets.widgets[2]
    speed.step(1)
    saved = json.loads((saves.data_dir().parent / "config" / "settings.json").read_text())
    assert saved["anim_speed"] == speed.value == load_settings().anim_speed


def test_rules_viewer_opens_with_f1_and_scrolls(pilot):
    from scenes.launcher.rules_viewer import RulesViewer

    pilot.start(MainMenu())
    pilot.press(pygame.K_F1)
    assert isinstance(pilot.top, RulesViewer)
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(pilot.top, MainMenu)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080), (2560, 1080)])
def test_screens_draw_at_any_size(example_playable, size):
    from scenes.launcher.rules_viewer import RulesViewer
    from scenes.launcher.saved_games import SavedGames
    from scenes.launcher.settings import SettingsScene

    p = Pilot(size=size)
    for scene in (MainMenu(), SetupScene(example_playable), SettingsScene(), RulesViewer(None), SavedGames()):
        p.app.reset(scene)
        p.frame()
    pygame.display.quit()


@pytest.mark.parametrize("game", ["builders", "babel_on", "turmbau", "duel"])
def test_setup_seat_rows_fit_the_panel_at_the_most_players(game, pilot):
    """Ten seats (Babel Builders) squeeze into the players panel instead of running onto the
    Back and Rules buttons."""
    from babel.core import registry
    from scenes.launcher.setup import SEATS_BOTTOM
    from scenes.widgets.basic import Button

    rules = registry.get(game)
    pilot.start(MainMenu())
    scene = SetupScene(rules)
    pilot.app.push(scene)
    scene._set_players(rules.info.max_players)
    pilot.frame()
    buttons = [
        w.rect for w in scene.widgets.widgets if isinstance(w, Button) and w.label in ("Back", "Rules")
    ]
    seat_rows = [
        w.rect
        for w in scene.widgets.widgets
        if not isinstance(w, Button) and w.rect.x < 1000 and w.rect.y >= 260
    ]
    assert len(buttons) == 2 and seat_rows
    for rect in seat_rows:
        assert rect.bottom <= SEATS_BOTTOM
        assert not any(rect.colliderect(b) for b in buttons)
    assert len({r.y for r in seat_rows}) == rules.info.max_players


def test_switch_options_read_on_and_off():
    from scenes.launcher.setup import option_label

    assert (option_label(True), option_label(False), option_label("two_kind")) == ("On", "Off", "Two kind")


def test_a_button_tooltip_shows_on_hover(pilot):
    """Hover help: a button's tooltip is drawn while the mouse is over it, and only then."""
    from scenes.canvas import Canvas
    from scenes.widgets.basic import Button, WidgetGroup

    pilot.start(MainMenu())
    group = WidgetGroup()
    group.add(Button((100, 100, 200, 60), "Save", lambda: None, tooltip="Save this blueprint (Enter)"))
    canvas = Canvas(pygame.Surface((1600, 900)))

    def ink_near_button() -> int:
        canvas.surface.fill((0, 0, 0))
        group.draw(canvas, (200, 130))
        return sum(
            1
            for x in range(310, 400, 4)
            for y in range(88, 116, 4)
            if canvas.surface.get_at((x, y))[:3] != (0, 0, 0)
        )

    shown = ink_near_button()
    group.widgets[0].tooltip = ""
    assert shown > 0 and ink_near_button() == 0


def test_rules_text_keeps_the_spaces_around_bold_words():
    from scenes.widgets.scrolltext import inline_words

    words = inline_words("Numbers marked **house** are (**Ruling**), **Wonders**: eight")
    assert words == [
        ("Numbers", False, False),
        ("marked", False, False),
        ("house", True, False),
        ("are", False, False),
        ("(", False, False),
        ("Ruling", True, True),
        ("),", False, True),
        ("Wonders", True, False),
        (":", False, True),
        ("eight", False, False),
    ]


def test_an_older_babel_on_game_goes_on_and_the_player_is_told_the_physics_changed() -> None:
    """Opening a Babel On! 2 game in progress (its moves still replay): it goes on at its table,
    with a toast that says its moves were played again with the new physics."""
    from pathlib import Path

    from babel.core import saves
    from scenes.launcher.saved_games import open_record

    record = saves.read_record(Path(__file__).parent / "data" / "saves" / "babel_on_2p_midgame.json")
    pilot = Pilot(size=(1024, 640))
    try:
        assert open_record(pilot.app, record)
        assert type(pilot.top).__name__ == "BabelOnTable"
        assert any("new physics" in m for m, *_ in pilot.app.toasts), pilot.app.toasts
    finally:
        pilot.app.close_scenes()
