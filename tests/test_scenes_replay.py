"""Replays: a finished game on its own table, watch-only, from one seat's view. Every game steps
to the same final position as it was played; at every position the table holds exactly that
seat's view and offers no move; a jump shows the same screen as the live table resumed there;
the end panel and the history open it; a finished save in Saved games opens as its replay."""

from __future__ import annotations

import pygame
import pytest

from babel.core import registry, saves
from babel.core.match import Match, Seat
from scenes.launcher.menu import MainMenu
from scenes.replay import ReplayScene
from scenes.tables import table_for

GAMES = [("duel", 3, 4), ("solitaire", 1, 2), ("babel_on", 2, 3), ("turmbau", 3, 5), ("builders", 5, 6)]


def finished(game: str, players: int, seed: int) -> Match:
    rules = registry.get(game)
    seats = [Seat("Anna")] + [Seat(n, "novice") for n in ("Ben", "Carla", "Dev", "Elif")[: players - 1]]
    match = Match(rules, rules.make_config(players), seed, seats)
    match.play_bots()
    return match


@pytest.mark.parametrize("game,players,seed", GAMES)
def test_a_replay_steps_through_the_game_from_one_seat(pilot, game, players, seed) -> None:
    match = finished(game, players, seed)
    pilot.start(MainMenu())
    scene = ReplayScene(saves.record_of(match), perspective=0)
    pilot.app.push(scene)
    rules = match.rules
    stride = max(1, match.ply // 25)  # every position's view is checked; the screen every few
    for ply in range(match.ply):
        table = scene.table
        assert table.view == rules.view(match.at_ply(ply).state, 0)
        assert table.legal == () and table.viewer == 0
        if ply % stride == 0:
            pilot.frame()
        scene.forward()
        table.animator.finish_all()
    assert rules.digest(scene.table.match.state) == rules.digest(match.state)
    scene.back()
    scene.jump(match.ply // 2)
    assert scene.table.match.ply == match.ply // 2
    pilot.press(pygame.K_END)
    assert scene.ply == match.ply
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(pilot.top, MainMenu)


def test_a_replay_takes_no_moves(pilot) -> None:
    match = finished("duel", 2, 1)
    pilot.start(MainMenu())
    scene = ReplayScene(saves.record_of(match), perspective=0, ply=3)
    pilot.app.push(scene)
    table = scene.table
    legal = match.at_ply(3).legal(0) or match.at_ply(3).legal(1)
    assert not table.submit(legal[0]) and table.match.ply == 3
    pilot.press(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert table.match.ply == 3 and scene.ply == 3


@pytest.mark.parametrize("game,players,seed", [("builders", 5, 6), ("duel", 3, 4)])
def test_a_jump_shows_what_the_live_table_showed_that_seat(pilot, monkeypatch, game, players, seed) -> None:
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: 0)
    match = finished(game, players, seed)
    pilot.start(MainMenu())
    scene = ReplayScene(saves.record_of(match), perspective=1)
    pilot.app.push(scene)
    for ply in (match.ply // 3, 2 * match.ply // 3):
        scene.jump(ply)
        replayed = scene.table
        live = table_for(game)(match.at_ply(ply), None, threaded=False)
        live.controller.viewer = 1
        live.app = pilot.app
        live.enter()
        assert replayed.view == live.view == match.at_ply(ply).view(1)
        assert replayed.log_lines == live.log_lines  # the log of seat 1's events only


def test_the_end_panel_and_a_finished_save_open_the_replay(pilot, unthreaded_tables) -> None:
    match = finished("duel", 2, 2)
    table = table_for("duel")(match, None, threaded=False)
    pilot.start(table)
    pilot.advance(3.0)
    watch = next(w for w in table.end_widgets.widgets if w.label.startswith("Watch replay"))
    pilot.click(watch.rect.center)
    assert isinstance(pilot.top, ReplayScene) and pilot.top.perspective == 0
    pilot.top.export()
    kept = [e for e in saves.SaveStore().entries() if e.record is not None and e.record.over]
    assert len(kept) == 1
    from scenes.launcher.saved_games import open_record

    pilot.press(pygame.K_ESCAPE)
    assert open_record(pilot.app, kept[0].record) and isinstance(pilot.top, ReplayScene)


def test_following_the_player_to_move_shows_each_movers_view(pilot) -> None:
    from scenes.replay import MOVER

    match = finished("builders", 5, 6)
    pilot.start(MainMenu())
    scene = ReplayScene(saves.record_of(match), perspective=MOVER)
    pilot.app.push(scene)
    for ply in range(0, match.ply, 7):
        scene.jump(ply)
        mover = match.log[ply].seat
        assert scene.table.viewer == mover and scene.table.view == match.at_ply(ply).view(mover)
    scene.to_end()
    assert scene.table.viewer is None


def test_shift_and_an_arrow_jump_a_tenth_of_the_game_as_the_timeline_does(pilot) -> None:
    """A click on the timeline jumps anywhere; by keys, Shift+Right and Shift+Left jump a tenth of
    the game, Home and End to either end."""
    match = finished("duel", 3, 4)
    scene = ReplayScene(saves.record_of(match), perspective=0)
    pilot.start(scene)
    tenth = max(1, round(match.ply / 10))
    pilot.press(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    pilot.press(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert scene.ply == 2 * tenth
    pilot.press(pygame.K_LEFT, pygame.KMOD_SHIFT)
    assert scene.ply == tenth
    pilot.press(pygame.K_END)
    pilot.press(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert scene.ply == match.ply
