"""Games in progress as a player meets them: a game card that knows its game is in progress,
a new game that never takes the place of a kept one without asking, the list of games in
progress, and a solitaire's new deal that keeps the deal left unfinished."""

from __future__ import annotations

import pygame

from babel.core import registry, saves
from babel.core.match import Match, Seat
from scenes import kept_games as keeping
from scenes.launcher.menu import MainMenu
from scenes.launcher.saved_games import InProgressGames
from scenes.launcher.setup import SetupScene
from scenes.table import TableScene
from scenes.widgets.confirm import ConfirmDialog


def _kept(rules, seed: int, moves: int = 1) -> tuple[Match, saves.SaveStore]:
    match = Match(rules, rules.make_config(2), seed, [Seat("Ann"), Seat("Bot", "random")])
    for _ in range(moves):
        match.submit(0, match.legal(0)[0]) if 0 in match.to_act() else match.play_bots(plies=1)
    store = saves.SaveStore()
    store.autosave(match)
    return match, store


def _card(menu: MainMenu, game_id: str):
    return next(rect for rect, rules in menu.games if rules.info.id == game_id)


def _button(scene, label: str):
    group = scene.widgets if hasattr(scene, "widgets") else scene.buttons
    return next(w for w in group.widgets if getattr(w, "label", "").startswith(label))


def test_a_card_offers_its_game_in_progress_and_esc_does_neither(example_playable, pilot):
    match, _ = _kept(example_playable, 5)
    pilot.start(MainMenu())
    menu = pilot.top
    assert _button(menu, "Continue").label == f"Continue: {example_playable.info.title}"
    pilot.click(_card(menu, "example").center)
    dialog = pilot.top
    assert isinstance(dialog, ConfirmDialog) and "1 move" in dialog.detail and "Ann" in dialog.detail
    pilot.press(pygame.K_ESCAPE)
    assert pilot.top is menu and len(saves.SaveStore().in_progress()) == 1
    pilot.click(_card(menu, "example").center)
    pilot.click(_button(pilot.top, "New game").rect.center)
    assert isinstance(pilot.top, SetupScene)
    pilot.press(pygame.K_ESCAPE)
    pilot.click(_card(menu, "example").center)
    pilot.press(pygame.K_RETURN)  # Continue
    table = pilot.top
    assert isinstance(table, TableScene)  # the bot may have answered since: the log starts the same
    assert [e.text for e in table.match.log][: match.ply] == [e.text for e in match.log]


def test_starting_past_the_limit_asks_before_the_oldest_goes(example_playable, pilot, monkeypatch):
    monkeypatch.setattr(keeping, "limit_of", lambda app: 2)
    _kept(example_playable, 5)
    _kept(example_playable, 6)
    older = saves.SaveStore().in_progress()[-1]  # the oldest, as the shelf orders them
    pilot.start(MainMenu())
    pilot.click(_card(pilot.top, "example").center)
    pilot.click(_button(pilot.top, "New game").rect.center)
    setup = pilot.top
    pilot.press(pygame.K_RETURN)  # Start game: the shelf is full
    dialog = pilot.top
    assert isinstance(dialog, ConfirmDialog) and "oldest" in dialog.question.lower()
    pilot.press(pygame.K_ESCAPE)  # Cancel: nothing started, nothing let go
    assert pilot.top is setup and len(saves.SaveStore().in_progress()) == 2
    pilot.press(pygame.K_RETURN)
    pilot.press(pygame.K_RETURN)  # Start: the oldest goes, the new game begins
    assert isinstance(pilot.top, TableScene)
    assert not older.path.exists()
    assert older.path not in [g.path for g in saves.SaveStore().in_progress()]  # the others stay


def test_the_list_of_games_in_progress_opens_and_deletes_after_asking(example_playable, pilot):
    first, _ = _kept(example_playable, 5)
    _kept(example_playable, 6)
    pilot.start(InProgressGames())
    scene = pilot.top
    assert len(scene.entries) == 2
    pilot.click(_button(scene, "Delete").rect.center)
    assert isinstance(pilot.top, ConfirmDialog) and "cannot be continued" in pilot.top.detail
    pilot.press(pygame.K_ESCAPE)  # Keep
    assert pilot.top is scene and len(saves.SaveStore().in_progress()) == 2
    pilot.click(_button(scene, "Delete").rect.center)
    pilot.press(pygame.K_RETURN)
    assert len(scene.entries) == 1 and len(saves.SaveStore().in_progress()) == 1
    pilot.click(_button(scene, "Open").rect.center)
    assert isinstance(pilot.top, TableScene)


def test_a_new_deal_keeps_the_deal_left_unfinished(pilot, unthreaded_tables):
    from scenes.tables.solitaire.table import SolitaireTable

    rules = registry.get("solitaire")
    match = Match(rules, rules.make_config(1), 11, [Seat("Anna")])
    store = saves.SaveStore()
    pilot.start(SolitaireTable(match, store, threaded=False))
    table = pilot.top
    assert pilot.until(lambda: bool(table.legal) and not table.busy(), seconds=60)
    table.submit(table.legal[0])
    pilot.advance(1.0)
    left = rules.digest(match.state)
    table.new_deal()
    pilot.frame()
    assert isinstance(pilot.top, SolitaireTable) and pilot.top.match is not match
    (kept,) = saves.SaveStore().in_progress()
    assert rules.digest(saves.restore(kept.record).state) == left
