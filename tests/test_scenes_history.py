"""History and statistics from the main menu: finished games counted per person, renaming,
an empty history, a damaged game file costing that game only."""

from __future__ import annotations

import pygame

from babel.core import registry, saves
from babel.core.match import Match, Seat
from scenes.launcher.history_screen import RenameDialog, StatisticsScreen, result_line
from scenes.launcher.menu import MainMenu


def finish(seed: int, game: str = "duel", players: int = 2) -> None:
    """A seeded game with Anna at seat 0, finished and kept as the table keeps it."""
    rules = registry.get(game)
    seats = [Seat("Anna")] + [Seat(n, "novice") for n in ("Ben", "Carla")[: players - 1]]
    match = Match(rules, rules.make_config(players), seed, seats)
    match.play_bots()
    saves.SaveStore().autosave(match, 1_790_000_000.0 + seed)


def open_from_menu(pilot) -> StatisticsScreen:
    pilot.start(MainMenu())
    button = next(w for w in pilot.top.buttons.widgets if w.label == "History and statistics")
    pilot.click(button.rect.center)
    assert isinstance(pilot.top, StatisticsScreen)
    return pilot.top


def test_finished_games_are_counted_per_person_and_game(pilot) -> None:
    for seed in range(3):
        finish(seed)
    finish(7, "solitaire", 1)
    screen = open_from_menu(pilot)
    assert screen.names == ["Anna"]
    assert screen.stats().games == 4
    duel = next(w for w in screen.widgets.widgets if getattr(w, "label", "") == "Card duel")
    pilot.click(duel.rect.center)
    s = screen.stats()
    assert s.games == 3 and s.by_players[2].games == 3 and s.by_level["novice"].games == 3
    assert all(line.split(" · ")[2] in ("won", "lost") for line in (result_line(g, "Anna", {}) for g in screen.summaries))
    pilot.frame()


def test_renaming_counts_the_games_under_the_new_name(pilot) -> None:
    finish(1)
    screen = open_from_menu(pilot)
    rename = next(w for w in screen.widgets.widgets if getattr(w, "label", "") == "Rename")
    pilot.click(rename.rect.center)
    assert isinstance(pilot.top, RenameDialog)
    for _ in range(4):
        pilot.press(pygame.K_BACKSPACE)
    pilot.type("Annabel")
    pilot.press(pygame.K_RETURN)
    assert pilot.top is screen and screen.person == "Annabel" and screen.stats().games == 1
    assert saves.SaveStore().history.aliases() == {"Anna": "Annabel"}


def test_an_empty_history_says_so_and_a_damaged_file_costs_one_game(pilot) -> None:
    screen = open_from_menu(pilot)
    assert screen.names == []
    pilot.frame()
    pilot.press(pygame.K_ESCAPE)
    finish(1)
    finish(2)
    history = saves.SaveStore().history
    victim = history.path_of(history.summaries()[0])
    victim.write_text("{ cut short")
    history.folder.joinpath("index.json").unlink()
    screen = open_from_menu(pilot)
    assert screen.stats().games == 1
    assert any("cannot be read" in t[0] for t in pilot.app.toasts)


def test_the_history_keeps_as_many_games_as_settings_say(pilot) -> None:
    from scenes.tables import table_for

    pilot.app.apply_settings(pilot.app.settings.with_(keep_history=10))
    rules = registry.get("duel")
    match = Match(rules, rules.make_config(2), 1, (Seat("Anna"), Seat("Ben", "novice")))
    table = table_for("duel")(match, saves.SaveStore(), threaded=False)
    pilot.start(table)
    assert table.controller.store.history.limit == 10
