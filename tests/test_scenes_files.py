"""Headless screens over bad files and bad names: the start, Settings, Setup, Saved games, a table
whose autosave fails. Each shows a message or works; none crashes."""

from __future__ import annotations

import json
import os

import pygame

from babel.core import registry, saves
from babel.core.match import Match, Seat
from babel.core.paths import config_dir, data_dir
from babel.core.settings import Settings
from scenes.launcher.menu import MainMenu
from scenes.launcher.setup import SetupScene
from scenes.pilot import Pilot
from scenes.table import TableScene
from tests.example_table import ExampleTable


def _messages(pilot) -> list[str]:
    return [m for m, *_ in pilot.app.toasts]


def test_the_app_starts_over_a_damaged_settings_file_and_autosave(private_home):
    from scenes.app import start

    (config_dir() / "settings.json").write_bytes(b'{"volume": 1' + b"0" * 5000 + b"}")
    autosave = data_dir() / "saves" / "autosave.json"
    autosave.parent.mkdir(parents=True, exist_ok=True)
    autosave.write_bytes(b"[" * 100_000)
    app = start(size=(1280, 800))
    try:
        pilot = Pilot.of(app)
        pilot.frame()
        assert isinstance(app.top, MainMenu) and app.running
        text = " ".join(_messages(pilot))
        assert "settings file was damaged" in text and "autosave cannot be continued" in text
        assert app.top.continue_record is None
    finally:
        pygame.display.quit()


def test_the_app_start_does_not_block_on_a_named_pipe(private_home):
    from scenes.app import start

    os.mkfifo(config_dir() / "settings.json")
    (data_dir() / "saves").mkdir(parents=True, exist_ok=True)
    os.mkfifo(data_dir() / "saves" / "autosave.json")
    app = start(size=(1280, 800))
    try:
        assert isinstance(app.top, MainMenu)
        assert any("named pipe" in m for m, *_ in app.toasts)
    finally:
        pygame.display.quit()


def test_settings_that_cannot_be_saved_are_told_once(pilot):
    from scenes.launcher.settings import SettingsScene

    (config_dir() / "settings.json").mkdir()
    pilot.start(SettingsScene())
    volume = pilot.top.widgets.widgets[3]
    for _ in range(3):
        pilot.click((volume.rect.right - 20, volume.rect.centery))
    assert isinstance(pilot.top, SettingsScene)
    told = [m for m in _messages(pilot) if "could not be saved" in m]
    assert len(told) == 1
    assert pilot.app.settings.volume != Settings().volume  # it still applies this session


def test_start_game_works_when_settings_cannot_be_saved(example_playable, pilot):
    (config_dir() / "settings.json").mkdir()
    pilot.start(SetupScene(example_playable))
    pilot.press(pygame.K_RETURN)
    assert isinstance(pilot.top, TableScene)
    assert any("could not be saved" in m for m in _messages(pilot))


def test_remembered_names_that_repeat_do_not_block_start_game():
    """Issue 17: 'Anna, Carla, Carla, Dev' after renaming a seat; Start game only flashed a toast."""
    p = Pilot(size=(1280, 800), settings=Settings(last_names=("Anna", "Carla", "Carla", "Dev")))
    try:
        p.start(SetupScene(registry.get("turmbau")))
        setup = p.top
        assert setup.names[:4] == ["Anna", "Carla", "Ben", "Dev"]
        p.press(pygame.K_RETURN)
        assert isinstance(p.top, TableScene)
        remembered = p.app.settings.last_names
        assert len({n.casefold() for n in remembered}) == len(remembered)
    finally:
        pygame.display.quit()


def test_two_seats_typed_with_one_name_are_told_which(example_playable, pilot):
    pilot.start(SetupScene(example_playable))
    setup = pilot.top
    setup.names[1] = setup.names[0].upper()
    pilot.press(pygame.K_RETURN)
    assert pilot.top is setup
    assert any(setup.names[1] in m and "different name" in m for m in _messages(pilot))


def test_invisible_characters_cannot_be_typed_into_a_name(example_playable, pilot):
    pilot.start(SetupScene(example_playable))
    setup = pilot.top
    field = next(w for w in setup.widgets.widgets if hasattr(w, "focused"))
    pilot.click(field.rect.center)
    for _ in range(20):
        pilot.press(pygame.K_BACKSPACE)
    pilot.type("\u200b\u2060\ufeff\u00ad\u202e\x00")
    assert field.text == ""
    pilot.type("Zo\u200bë")
    assert field.text == "Zoë"
    pilot.press(pygame.K_BACKSPACE)
    pilot.press(pygame.K_BACKSPACE)
    pilot.press(pygame.K_BACKSPACE)
    pilot.frame()
    assert setup.seats()[0].name  # an emptied name becomes a default one


def test_a_table_whose_seat_name_is_invisible_still_draws(example_playable, pilot):
    rules = example_playable
    match = Match(rules, rules.make_config(2), 3, [Seat("\u200b"), Seat("\x00", "random")])
    pilot.start(ExampleTable(match, None, threaded=False))
    pilot.advance(0.5)


def test_saved_games_with_a_huge_label_stay_quick_and_bounded(example_game, pilot):
    from scenes.launcher.saved_games import SavedGames

    store = saves.SaveStore()
    match = Match(example_game, example_game.make_config(2), 1, [Seat("A"), Seat("B")])
    path = store.save(match, "x")
    data = json.loads(path.read_text())
    data["label"] = "Evening\x00" + "W" * 5_000_000
    path.write_text(json.dumps(data))
    pilot.start(SavedGames())
    entry = pilot.top.entries[0]
    assert entry.record is not None and len(entry.title) <= 80
    pilot.frame()


def test_delete_on_a_folder_is_a_message(pilot):
    from scenes.launcher.saved_games import SavedGames

    folder = data_dir() / "saves" / "odd.json"
    folder.mkdir(parents=True)
    pilot.start(SavedGames())
    scene = pilot.top
    delete = next(w for w in scene.widgets.widgets if getattr(w, "label", "") == "Delete")
    pilot.click(delete.rect.center)
    assert "'odd' cannot be opened; deleting it removes the file for good." == pilot.top.detail
    pilot.press(pygame.K_RETURN)  # yes: delete
    assert folder.is_dir() and pilot.top is scene
    assert any("folder" in m for m in _messages(pilot))


def _delete_button(scene, title):
    index = next(i for i, e in enumerate(scene.entries) if e.title == title)
    deletes = [w for w in scene.widgets.widgets if getattr(w, "label", "") == "Delete"]
    return deletes[index]


def test_delete_in_saved_games_asks_first_naming_the_save(pilot):
    """Issue: Delete in Saved games removed a save with one click."""
    from scenes.launcher.saved_games import SavedGames
    from scenes.widgets.confirm import ConfirmDialog

    rules = registry.get("duel")
    match = Match(rules, rules.make_config(2), 3, [Seat("Anna"), Seat("Ben", "random")])
    match.play_bots(plies=3)
    store = saves.SaveStore()
    unfinished = store.save(match, "Friday night")
    match.play_bots()
    finished = store.save(match, "Saturday")
    pilot.start(SavedGames())
    scene = pilot.top
    pilot.click(_delete_button(scene, "Friday night").rect.center)
    dialog = pilot.top
    assert isinstance(dialog, ConfirmDialog) and dialog.question == "Delete this saved game?"
    assert dialog.detail == (
        "'Friday night' is an unfinished game (Tower of Babel: the card duel, 3 moves in). Once deleted, "
        "it cannot be continued from this save."
    )
    pilot.press(pygame.K_ESCAPE)  # Keep
    assert pilot.top is scene and unfinished.exists()
    pilot.click(_delete_button(scene, "Saturday").rect.center)
    moves = len(match.log)
    assert pilot.top.detail == (
        f"'Saturday' is a finished game (Tower of Babel: the card duel, {moves} moves). Deleting it "
        "removes it for good."
    )
    pilot.press(pygame.K_RETURN)
    assert pilot.top is scene and not finished.exists() and unfinished.exists()
    assert [e.title for e in scene.entries] == ["Friday night"]


def test_a_failed_autosave_is_told_once(example_playable, pilot, tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the save folder should be")
    rules = example_playable
    match = Match(rules, rules.make_config(2), 5, [Seat("Ann"), Seat("Bot", "random")])
    table = ExampleTable(match, saves.SaveStore(blocked), threaded=False)
    said: list[str] = []
    toast = pilot.app.toast
    pilot.app.toast = lambda message, *args, **kwargs: (said.append(message), toast(message, *args, **kwargs))
    pilot.start(table)
    for _ in range(3):
        if match.over or not table.cards:
            break
        pilot.click(table.cards[0].pos)
        pilot.advance(1.0)
    assert match.ply >= 2
    told = [m for m in said if "cannot be autosaved" in m]
    assert len(told) == 1


def _leave_question(pilot, table):
    """Main menu in the game menu; the question it asks (None: it left at once)."""
    from scenes.launcher.pause import PauseMenu
    from scenes.widgets.confirm import ConfirmDialog

    pilot.app.push(PauseMenu(table))
    pilot.frame()
    pilot.press(pygame.K_m)
    return pilot.top if isinstance(pilot.top, ConfirmDialog) else None


def test_leaving_says_that_moves_the_autosave_could_not_keep_are_lost(example_playable, pilot, tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the save folder should be")
    rules = example_playable
    match = Match(rules, rules.make_config(2), 5, [Seat("Ann"), Seat("Bot", "random")])
    table = ExampleTable(match, saves.SaveStore(blocked), threaded=False)
    pilot.start(table)
    pilot.click(table.cards[0].pos)
    pilot.advance(1.0)
    assert match.ply >= 1 and table.controller.autosave_failed
    question = _leave_question(pilot, table)
    assert question.detail == "Your latest moves could not be saved (the autosave failed), so leaving loses them."
    pilot.press(pygame.K_ESCAPE)
    from scenes.widgets.confirm import quit_dialog

    assert quit_dialog(pilot.app).detail.startswith("Your latest moves could not be saved")


def test_leaving_a_kept_game_says_it_is_kept_and_undo_survives(example_playable, pilot):
    """Leaving loses no undo: the kept game is replayed in full, undo points and all."""
    rules = example_playable
    match = Match(rules, rules.make_config(2), 5, [Seat("Ann"), Seat("Bot", "random")])
    table = ExampleTable(match, saves.SaveStore(), threaded=False)
    pilot.start(table)
    pilot.click(table.cards[0].pos)
    pilot.advance(1.0)
    question = _leave_question(pilot, table)
    assert question.detail.startswith("It is kept with your games in progress")
    kept = saves.SaveStore().in_progress()[0].record
    assert saves.restore(kept).undo_point(0) == match.undo_point(0)


def test_a_menu_offers_no_continue_for_an_autosave_that_does_not_replay(example_playable, pilot):
    rules = example_playable
    match = Match(rules, rules.make_config(2), 5, [Seat("Ann"), Seat("Bot", "random")])
    match.submit(0, match.legal(0)[0])
    path = saves.SaveStore().autosave(match)
    data = json.loads(path.read_text())
    data["seats"][1]["bot"] = "grandmaster"
    path.write_text(json.dumps(data))
    pilot.start(MainMenu())
    assert not any(getattr(w, "label", "").startswith("Continue") for w in pilot.top.buttons.widgets)
