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
    return next(w for w in scene.buttons.widgets if getattr(w, "label", "").startswith(label))


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
    record = saves.SaveStore().continue_record()
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


def _play_a_move_and_leave(pilot) -> tuple[str, str, int]:
    """At a freshly opened table: the human makes one move, then leaves by the game menu.
    Returns the game, the digest of the position left, and the number of moves."""
    table = pilot.top
    assert isinstance(table, TableScene)
    assert pilot.until(lambda: bool(table.legal) and not table.busy(), seconds=600)
    assert table.submit(table.legal[0])
    pilot.advance(1.0)
    assert not table.match.over
    left = (table.rules_game, table.rules.digest(table.match.state), table.match.ply)
    pilot.press(pygame.K_ESCAPE)
    pilot.press(pygame.K_m)
    pilot.press(pygame.K_RETURN)
    assert isinstance(pilot.top, MainMenu)
    return left


def test_ten_games_in_progress_survive_new_games_and_a_restart(pilot, unthreaded_tables, monkeypatch):
    """A game of each kind is left in progress; another of each is started from its card (the
    card offers to continue the first) and left after a move; after a restart all ten are
    offered, and each resumes to exactly the position it was left in."""
    from babel.core.startup import tidy_folders

    seeds = iter(range(SEED, SEED + 100))
    monkeypatch.setattr(setup, "new_seed", lambda: next(seeds))
    pilot.start(MainMenu())
    left = []
    for round_ in range(2):
        for game in GAMES:
            pilot.click(_card(pilot.top, game).center)
            if round_ == 1:  # the card knows a game of its kind is in progress and asks
                dialog = pilot.top
                assert isinstance(dialog, ConfirmDialog) and "in progress" in dialog.question
                pilot.click(next(w for w in dialog.widgets.widgets if w.label == "New game").rect.center)
            assert isinstance(pilot.top, SetupScene)
            pilot.press(pygame.K_RETURN)
            left.append(_play_a_move_and_leave(pilot))
    assert len({digest for _, digest, _ in left}) == 10

    import time

    assert tidy_folders(time.time()) == []  # the restart's checks: nothing damaged, nothing moved
    pilot.app.reset(MainMenu())
    menu = pilot.top
    assert len(menu.kept) == 10
    assert _button(menu, "In progress (10)")
    offered = {saves.restore(g.record).rules.digest(saves.restore(g.record).state) for g in menu.kept}
    assert offered == {digest for _, digest, _ in left}
    for game, digest, ply in reversed(left):  # the newest first, as Continue takes them
        menu = pilot.top
        assert menu.kept[0].record.game == game
        pilot.click(_button(menu, "Continue").rect.center)
        table = pilot.top
        assert isinstance(table, TableScene) and table.rules_game == game
        assert table.match.ply == ply and table.rules.digest(table.match.state) == digest
        pilot.app.reset(MainMenu())
        # resumed, not finished: it is still kept (the menu lists it), now as the newest again
        assert len(pilot.top.kept) == 10
        _touch_oldest_last(pilot.top)


def _touch_oldest_last(menu) -> None:
    """Make the game just resumed the oldest, so the next Continue takes the next one."""
    import os

    resumed = menu.kept[0]
    oldest = min(g.mtime for g in menu.kept)
    os.utime(resumed.path, (oldest - 1, oldest - 1))
    menu.resume()
