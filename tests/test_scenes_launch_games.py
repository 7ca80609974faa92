"""The launcher path of every game, as a player takes it: menu, setup, table, a move, the game
menu back to the main menu, and Continue resuming the autosaved game where it was left."""

from __future__ import annotations

import pygame
import pytest

from babel.core import saves
from scenes.launcher import setup
from scenes.launcher.menu import MainMenu
from scenes.launcher.pause import PauseMenu
from scenes.launcher.setup import SetupScene
from scenes.table import TableScene
from scenes.widgets.confirm import ConfirmDialog

GAMES = ["duel", "solitaire", "babel_on", "turmbau", "builders"]
SEED = 2  # every game goes on after the human's first move (a Builders game may end without them)


@pytest.fixture
def pilot_size():
    return (1024, 640)


@pytest.fixture
def fixed_launch(unthreaded_tables, monkeypatch):
    """Launched tables play their bots inline, and the new game's seed is fixed (the setup
    screen takes it from the clock)."""
    monkeypatch.setattr(setup, "new_seed", lambda: SEED)


def _card(menu: MainMenu, game: str):
    return next(rect for rect, rules in menu.games if rules.info.id == game)


def _button(scene, label: str):
    return next(w for w in scene.buttons.widgets if getattr(w, "label", "") == label)


@pytest.mark.parametrize("game", GAMES)
def test_menu_setup_play_leave_and_continue(game, pilot, fixed_launch):
    pilot.start(MainMenu())
    assert game in [r.info.id for _, r in pilot.top.games]
    pilot.click(_card(pilot.top, game).center)
    assert isinstance(pilot.top, SetupScene)
    pilot.press(pygame.K_RETURN)
    table = pilot.top
    assert isinstance(table, TableScene) and table.rules_game == game
    assert table.viewer == 0  # one human (the default setup): the screen is theirs, no curtain

    # The bots play until the human has a choice; the human takes the first one offered.
    assert pilot.until(lambda: bool(table.legal) and not table.busy(), seconds=600)
    assert table.submit(table.legal[0])
    pilot.advance(1.0)
    ply, texts = table.match.ply, [entry.text for entry in table.match.log]
    record = saves.SaveStore().autosave_record()
    assert record is not None and record.game == game and len(record.actions) == ply

    pilot.press(pygame.K_ESCAPE)
    assert isinstance(pilot.top, PauseMenu)
    pilot.press(pygame.K_m)
    assert isinstance(pilot.top, ConfirmDialog)  # the game has moves: leaving asks first
    pilot.press(pygame.K_RETURN)
    assert isinstance(pilot.top, MainMenu)

    pilot.click(_button(pilot.top, "Continue").rect.center)
    resumed = pilot.top
    assert isinstance(resumed, TableScene) and resumed.rules_game == game
    assert [entry.text for entry in resumed.match.log][:ply] == texts
    pilot.advance(1.0)
    pilot.app.draw()
