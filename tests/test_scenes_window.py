"""The window: full screen is the settings' choice and survives every change of scene; a saved
window size never opens larger than the screen."""

from __future__ import annotations

import json

import pygame
import pytest

from babel.core import paths
from babel.core.settings import Settings, load_settings
from scenes import core
from scenes.core import App, fit_window
from scenes.launcher.menu import MainMenu
from scenes.launcher.pause import PauseMenu
from scenes.launcher.setup import SetupScene
from scenes.table import TableScene


@pytest.fixture
def modes(monkeypatch):
    """Every window the app opens: (size asked, full screen?)."""
    opened: list[tuple[tuple[int, int], bool]] = []
    real = pygame.display.set_mode

    def set_mode(size=(0, 0), flags=0, *args, **kwargs):
        opened.append((tuple(size), bool(flags & pygame.FULLSCREEN)))
        return real(size, flags, *args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    return opened


def _saved() -> dict:
    return json.loads((paths.config_dir() / "settings.json").read_text())


def _card(menu: MainMenu, game_id: str):
    return next(rect for rect, rules in menu.games if rules.info.id == game_id)


def test_full_screen_survives_setup_table_pause_and_menu(example_playable, pilot, modes):
    app = pilot.app
    pilot.start(MainMenu())
    pilot.press(pygame.K_F11)
    assert modes == [((0, 0), True)] and app.fullscreen and app.settings.fullscreen
    assert _saved()["fullscreen"] is True  # F11's choice is kept for the next start

    def still_full() -> bool:
        return len(modes) == 1 and app.fullscreen and app.settings.fullscreen and load_settings().fullscreen

    pilot.click(_card(pilot.top, "example").center)
    assert isinstance(pilot.top, SetupScene) and still_full()
    pilot.press(pygame.K_RETURN)  # starting saves the names with the settings
    assert isinstance(pilot.top, TableScene) and still_full()
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(pilot.top, PauseMenu) and still_full()
    pilot.press(pygame.K_m)
    if not isinstance(pilot.top, MainMenu):
        pilot.press(pygame.K_RETURN)  # yes, leave the game
    assert isinstance(pilot.top, MainMenu) and len(app.stack) == 1 and still_full()
    pilot.press(pygame.K_F11)
    assert modes[-1] == (app.size, False) and not app.settings.fullscreen
    assert _saved()["fullscreen"] is False


def test_a_window_asked_for_at_the_start_keeps_the_saved_full_screen(monkeypatch, modes):
    """--windowed or --size open this session in a window: a later save (the names at a game's
    start) does not switch to full screen, nor forget that the player chose it."""
    app = App(settings=Settings(fullscreen=True, phone_address="127.0.0.1"), windowed=True)
    try:
        assert not app.fullscreen and len(modes) == 1 and not modes[0][1]
        app.apply_settings(app.settings.with_(last_names=("Anna",)))
        assert not app.fullscreen and len(modes) == 1
        assert _saved()["fullscreen"] is True and _saved()["last_names"][0] == "Anna"
        app.toggle_fullscreen()
        assert app.fullscreen and _saved()["fullscreen"] is True
        app.toggle_fullscreen()  # the player's own choice is saved from now on
        assert not app.fullscreen and _saved()["fullscreen"] is False
    finally:
        pygame.display.quit()


def test_a_saved_window_larger_than_the_screen_is_made_to_fit(monkeypatch, modes):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    app = App(settings=Settings(window_w=1920, window_h=1080, volume=0))
    try:
        w, h = modes[0][0]
        assert app.size == (w, h) and w <= 1366 and h <= 768 and (w, h) >= (1024, 640)
        assert abs(w / h - 1920 / 1080) < 0.01  # the same shape, smaller
        app.apply_settings(app.settings.with_(window_w=2560, window_h=1440), persist=False)
        assert modes[-1][0][0] <= 1366 and modes[-1][0][1] <= 768
    finally:
        pygame.display.quit()


def test_a_window_size_chosen_in_full_screen_is_the_windows_when_it_ends(pilot, modes):
    app = pilot.app
    app.toggle_fullscreen()
    app.apply_settings(app.settings.with_(window_w=1440, window_h=900), persist=False)
    assert modes == [((0, 0), True)]  # full screen stays as it is
    app.toggle_fullscreen()
    assert modes[-1] == (app.size, False) and app.size[0] <= 1440 and app.size[1] <= 900


def test_window_fitting_rules():
    assert fit_window((1280, 800), (1920, 1080)) == (1280, 800)  # fits: unchanged
    assert fit_window((1280, 800), None) == (1280, 800)  # the driver cannot tell: unchanged
    assert fit_window((800, 500), None) == (1024, 640)  # never below the smallest window
    w, h = fit_window((3840, 2160), (1920, 1080))
    assert w <= 1920 and h <= 1080 and abs(w / h - 16 / 9) < 0.01
    # a screen that cannot hold the smallest window gets at most the whole screen
    w, h = fit_window((1600, 1000), (1024, 600))
    assert w <= 1024 and h <= 600 and (w, h) >= (800, 500)
    assert core.WINDOW_ROOM[0] <= 1 and core.WINDOW_ROOM[1] <= 1


def test_the_settings_display_row_follows_f11(pilot, modes):
    from scenes.launcher.settings import SettingsScene

    pilot.start(SettingsScene())
    display = pilot.top.widgets.widgets[1]
    assert display.value is False
    pilot.press(pygame.K_F11)
    assert display.value is True and pilot.app.fullscreen
    display.step(1)  # the row says Window: choosing it leaves full screen
    assert not pilot.app.fullscreen and not pilot.app.settings.fullscreen and modes[-1][1] is False
