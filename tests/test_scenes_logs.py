"""Every table's log holds the whole game and scrolls back to its first line; the coach's note
never covers the newest line (nor Builders' table talk); Builders shows past rounds mid-game."""

from __future__ import annotations

import pygame
import pytest

from babel.core import registry
from babel.core.match import Match, Seat
from scenes.tables import table_for

GAMES = ["duel", "solitaire", "babel_on", "turmbau", "builders"]


def _match(game: str, seed: int = 3, until=None) -> Match:
    """A seeded game of one person (seat 0) and bots, played by bots (seat 0 too) up to ``until``
    or its end."""
    rules = registry.get(game)
    n = rules.info.default_players or rules.info.min_players
    bot = registry.bots(game).offered[0]
    seats = [Seat(f"P{i + 1}", None if i == 0 else bot) for i in range(n)]
    match = Match(rules, rules.make_config(n), seed, seats)
    match.play_bots(until=until)
    return match


def _expected(game: str, table) -> tuple[int, str]:
    """How many lines the whole game's log must hold, and how its first line starts. Babel On!
    and Turmbau say the same to the seat as to a spectator: their lines come from public events
    only (a seat's private draws are never told), so a shared screen gives nothing away."""
    match, public = table.match, [ev for _, ev in table.match.events_for(None)]
    if game == "duel":
        return len(match.view(None).history), "1. "
    if game == "solitaire":
        return len(public), "1. Drew the "
    if game == "babel_on":
        from scenes.tables.babel_on import words

        found = [words.event_line(ev, table._short, table._name, table.view.neutral) for ev in public]
        assert table.log_lines[2:] == [line for line in found if line]
        return 2 + sum(1 for line in found if line), "Opening roll: "
    if game == "turmbau":
        from scenes.tables.turmbau import words

        lines = [line for ev in public for line in words.event_lines(table._name, ev)]
        assert table.log_lines[1:] == lines
        return 1 + len(lines), table._name(table.view.start)
    return len(table.log_entries()), "Round 1: "  # builders: every round is checked below


def _first(table) -> str:
    entry = table.log_entries()[0]
    return entry if isinstance(entry, str) else entry[0]


def _text_shown(table) -> list[str]:
    return [text for text, _, _ in table.log_view.shown()]


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_log_scrolls_back_to_its_first_line(game, pilot):
    table = table_for(game)(_match(game), None, threaded=False)
    pilot.start(table)
    pilot.frame()
    if pilot.top is not table:  # Builders opens its timeline at the end: close it
        pilot.press(pygame.K_ESCAPE)
    assert table.match.over and pilot.top is table
    count, start = _expected(game, table)
    entries = table.log_entries()
    assert len(entries) == count and _first(table).startswith(start)
    if game in ("babel_on", "turmbau"):
        assert count > 60  # the log once kept only the newest 60 lines
    if game == "builders":
        for r in range(1, len(table.view.log) + 1):
            assert any(text.startswith(f"Round {r}: ") for text, _ in entries)
    log = table.log_view
    rows = log.rows(pilot.app.canvas, entries)
    # on this window the words are at least 16 pixels: even the duel's 14 rounds are more than
    # its sheet holds, so every log scrolls
    assert log.max_back() > 0 and log.newest_rect() is not None  # more than fits: it scrolls
    pilot.move(table.log_rect().center)
    up = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    pilot.send(*[up] * (log.max_back() // 3 + 1))  # the wheel over the log, all the way up
    assert log.back == log.max_back() and log.newest_rect() is None
    assert _text_shown(table)[0] == rows[0][0]
    pilot.press(pygame.K_END)
    assert log.back == 0 and log.newest_rect() is not None
    for _ in range(log.max_back() // max(1, log.room - 1) + 1):
        pilot.press(pygame.K_PAGEUP)
    assert log.back == log.max_back()
    pilot.press(pygame.K_PAGEDOWN)
    assert 0 < log.back < log.max_back() or log.max_back() < log.room
    pilot.click(log.marker_rect().center)  # the "newest" marker brings the newest line back
    assert log.back == 0
    pilot.press(pygame.K_HOME)
    assert log.back == log.max_back()
    log.follow([*entries, "one more"])  # a new line shows the newest again
    assert log.back == 0


def _mid_game(game: str):
    """A table where seat 0 (a person at the screen) is to act after a long stretch of play."""
    plies = {"duel": 16, "solitaire": 30, "babel_on": 30, "turmbau": 60, "builders": 30}[game]
    match = _match(game, until=lambda m: m.ply >= plies and 0 in m.to_act())
    assert not match.over
    return table_for(game)(match, None, threaded=False)


@pytest.mark.parametrize("game", GAMES)
def test_the_coach_note_never_covers_the_newest_log_line(game, pilot):
    table = _mid_game(game)
    pilot.start(table)
    pilot.until(lambda: not table.busy() and bool(table.legal), 10)
    table.show_hint()
    pilot.frame()
    assert table.coach.note is not None and table.coach.job is None
    note = table.coach_rect(pilot.app.canvas)[0]
    newest = table.log_view.newest_rect()
    assert newest is not None and not note.colliderect(newest)
    assert not note.colliderect(table.log_rect())  # nor any line of the log
    if game == "builders" and table.talk_on:
        from scenes.tables.builders.talk import TALK_BOTTOM, talk_top

        talk = pygame.Rect(table.log_rect().x, talk_top(len(table.talk.bots)), 300, TALK_BOTTOM)
        assert not note.colliderect(talk)


def test_builders_past_rounds_show_during_the_game(pilot):
    table = _mid_game("builders")
    pilot.start(table)
    pilot.frame()
    v = table.view
    assert len(v.log) >= 2 and v.phase.name != "OVER"
    pilot.press(pygame.K_HOME)
    shown = _text_shown(table)
    assert shown[0] == f"Round 1: {table._name(v.log[0].master)} was Master"
    assert any(text.startswith("appointed ") for text in shown)
    texts = [e[0] for e in table.log_entries()]
    heads = [texts.index(f"Round {e.round}: {table._name(e.master)} was Master") for e in v.log]
    assert heads == sorted(heads)  # every past round, oldest first, then the round being played
    now = f"Round {v.round}, now:"
    assert now not in texts or texts.index(now) > heads[-1]
