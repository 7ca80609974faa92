"""The watching page of the two games played only at the desktop: Babel On! and the solitaire.

Nothing in them is secret, so a phone in the room may follow them on ``/watch``. Headless
Chromium at 360 x 780 opens the page on a seeded game advanced by bots, then the bots play on to
the end: at both moments the page draws every tower (or every stack) with the tables' own
pictures, says in words what happened, shows the result, logs no console error and offers
nothing to tap. Skipped without the browser, as the other browser tests are.
"""

from __future__ import annotations

from typing import Any

from babel.core.match import Seat
from tests.test_scenes_remote_browser import (
    GAME_TEXT,
    LocalTable,
    _console_errors,
    _js,
    wait_for,
)

MAX_PLIES = 2000  # the bots finish either game well within this (a bound, not a target)
EVENTS_TEXT = "return document.querySelector('#events').textContent"


class StillTable(LocalTable):
    """A table whose bots move only when the test says so: the page is checked at a chosen
    moment, not wherever the bots have got to meanwhile."""

    def pump(self) -> None:
        if self.match.ply != self.published:
            self.publish()


def _drawn(driver: Any) -> dict:
    """What the watching page shows, read from its DOM."""
    return _js(
        driver,
        """
        const all = (s) => Array.from(document.querySelectorAll(s));
        return {
          ply: document.body.dataset.ply === undefined ? -1 : Number(document.body.dataset.ply),
          conn: document.querySelector('#conn').textContent,
          broken: document.querySelector('#game').textContent.includes('could not be drawn'),
          pictures: all('img').map((i) => [i.complete && i.naturalWidth > 0, i.getAttribute('src')]),
          tappable: all('button:not(:disabled), [data-action], a[href]').length,
          towers: all('.bo-tower').length,
          out: all('.bo-tower.out').length,
          blocks: all('.bo-iso img.bo-block').length,
          stacks: all('.sol-stack').length,
          counts: all('.sol-count').map((e) => Number(e.textContent)),
          result: (document.querySelector('.outcome h2') || {}).textContent || '',
          events: all('#events li').length,
        };
        """,
    )


def _settled(table: StillTable, driver: Any) -> dict:
    """The page once it shows the match's ply with every picture loaded."""
    return wait_for(
        table,
        f"the page at ply {table.match.ply} with its pictures",
        lambda: (
            (p := _drawn(driver))["ply"] == table.match.ply
            and p["pictures"]
            and all(ok for ok, _src in p["pictures"])
            and p
        ),
    )


def _check_common(driver: Any, page: dict) -> None:
    assert page["conn"] == "Watching" and not page["broken"]
    assert page["tappable"] == 0, "the watching page offers nothing to tap"
    assert page["events"] > 0
    assert _console_errors(driver) == []


def test_the_watching_page_draws_babel_on_towers_and_says_what_happened(browser) -> None:
    seats = [Seat(name, bot="novice") for name in ("Ada", "Brick", "Cyrus", "Dana")]
    with StillTable("babel_on", seats, seed=2) as table:
        table.match.play_bots(plies=40)
        table.publish()
        browser.get(table.host.base_url() + "/watch")
        page = _settled(table, browser)
        _check_common(browser, page)
        view = table.match.view(None)
        assert page["towers"] == 4
        assert page["blocks"] == sum(len(col) for tower in view.towers for col in tower) > 0
        if view.roll:
            assert f"/art/die-{view.roll}.png" in {src for _ok, src in page["pictures"]}
        text = _js(browser, GAME_TEXT)
        assert all(name in text for name in ("Ada", "Brick", "Cyrus", "Dana"))
        assert f"Round {view.round} of {view.round_limit}" in text
        assert f"{view.bag_total} in the bag" in text
        events = _js(browser, EVENTS_TEXT)
        assert " called " in events and "'s turn (round" in events
        assert "_" not in events, "every event kind reads as words"
        # the bots play on to the end: falls, eliminations and the result
        table.match.play_bots(plies=MAX_PLIES)
        assert table.match.over
        table.publish()
        page = _settled(table, browser)
        _check_common(browser, page)
        view = table.match.view(None)
        assert page["out"] == sum(view.eliminated) > 0
        winners = " and ".join(table.match.seats[w].name for w in view.winners)
        assert page["result"].startswith(winners)
        events = _js(browser, EVENTS_TEXT)
        assert "tower fell" in events and "is out of the game" in events and "Game over: " in events


def test_the_watching_page_draws_the_solitaire_line_and_its_result(browser) -> None:
    with StillTable("solitaire", [Seat("Ada", bot="expert")], seed=3) as table:
        table.match.play_bots(plies=30)
        table.publish()
        browser.get(table.host.base_url() + "/watch")
        page = _settled(table, browser)
        _check_common(browser, page)
        view = table.match.view(None)
        assert page["stacks"] == len(view.line)
        assert page["counts"] == [len(stack) for stack in view.line if len(stack) > 1]
        shown = {src for _ok, src in page["pictures"]}
        assert {f"/art/solitaire-tile-{stack[-1].lower()}.png" for stack in view.line} <= shown
        text = _js(browser, GAME_TEXT)
        assert f"Deal {view.deal}" in text and f"{len(view.line)} stacks" in text
        assert f"{table.match.ply} moves" in text
        events = _js(browser, EVENTS_TEXT)
        assert "Moved stack " in events and "Drew the " in events
        table.match.play_bots(plies=MAX_PLIES)
        assert table.match.over
        table.publish()
        page = _settled(table, browser)
        _check_common(browser, page)
        stacks = len(table.match.view(None).line)
        title = {1: "Full win: one tower!"}.get(stacks, f"Partial win: {stacks} stacks")
        assert page["result"] == (title if stacks <= 3 else f"{stacks} stacks: not this time")
        assert table.match.outcome().summary in _js(browser, EVENTS_TEXT)
