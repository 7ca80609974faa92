"""The phone page in a real browser: headless Chromium plays a whole duel from seat 0's page.

The page is JavaScript under a strict Content-Security-Policy; only a browser shows that it loads,
connects, draws the seat's hand with the table's card pictures, sends taps the server accepts,
and finds its seat again after a reload. The test's own thread plays the desktop loop's part:
between browser commands it drains the phone's moves into the ``Match`` (checking ``why_illegal``
first, as the table does), lets the bot move and publishes new snapshots.

Needs Debian's ``chromium`` and ``chromium-driver`` and the ``selenium`` package; without them the
test is skipped with a message saying how to install them (``.ci/run`` installs them on CI).
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from babel.core import registry
from babel.core.match import Match, Seat
from babel.games.duel.model import card_text

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
INSTALL_HINT = "needs a browser: apt-get install chromium chromium-driver; pip install selenium"
WINDOW = (360, 780)
WAIT_SECONDS = 20.0  # the longest any one step of the page may take
POLL_SECONDS = 0.03
RELOAD_AFTER_ROUND = 5
DROP_AFTER_ROUND = 9
REFUSE_AT_ROUND = 3
HINT_AT_ROUND = 2
THINKING = ["Coach", "Thinking…"]
REFUSAL = "the table said no to this tap"
DECISIONS = 25  # taps per game in the reachability test: every phase of a round, in bounded time
GAME_TEXT = "return document.querySelector('#game').textContent"
CHROMIUM_FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
)


def browser_missing() -> str | None:
    """Why the browser test cannot run here, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return INSTALL_HINT + " (selenium is missing)"
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            return INSTALL_HINT + f" ({path} is missing)"
    return None


def open_chromium(profile: Path, size: tuple[int, int] = WINDOW, scale: float = 1.0) -> Any:
    """Headless Chromium through Debian's chromedriver, with a window of ``size`` CSS pixels
    (``scale`` > 1 emulates a phone's denser screen for sharper pictures)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument(f"--window-size={size[0]},{size[1]}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if scale != 1.0:
        options.add_experimental_option(
            "mobileEmulation",
            {"deviceMetrics": {"width": size[0], "height": size[1], "pixelRatio": scale, "touch": True}},
        )
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(WAIT_SECONDS)
    driver.set_script_timeout(WAIT_SECONDS)
    return driver


class LocalTable:
    """A Match, its phone server and the loop thread's duties, on the caller's thread.

    ``pump`` is one turn of the desktop loop as the phone sees it: drain the phones' moves into
    the match (``acts.apply_to``: through ``why_illegal``, so a refusal carries the rules'
    reason), answer the questions for the coach (the tables' ``PhoneCoach``, at once), let bots
    move, publish what changed."""

    def __init__(self, game: str, seats: list[Seat], seed: int, config: Any = None) -> None:
        from scenes.remote.acts import apply_to
        from scenes.remote.art import pictures_for
        from scenes.remote.hints import PhoneCoach
        from scenes.remote.host import RemoteHost

        self.rules = registry.get(game)
        self.match = Match(self.rules, config or self.rules.make_config(len(seats)), seed, seats)
        self.host = RemoteHost(game, self.rules.info.title, self.match.seats, pictures=pictures_for(game))
        self.published = -1
        self.refusals: list[str] = []
        self._apply = apply_to(self.match)
        self.coach = PhoneCoach(lambda: True, threaded=False)

    def __enter__(self) -> LocalTable:
        self.host.start()
        self.publish()
        return self

    def __exit__(self, *exc: object) -> None:
        self.host.stop()

    def url(self, seat: int) -> str:
        self.host.issue(seat)
        url = self.host.url_for(seat)
        assert url is not None
        return url

    def publish(self) -> None:
        from scenes.remote.snapshot import snapshots

        seats = range(len(self.match.seats))
        self.host.publish(snapshots(self.match, seats, coach=self.coach.on(self.match)))
        self.published = self.match.ply

    def apply(self, seat: int, text: str) -> str | None:
        if self.refusals:
            return self.refusals.pop(0)  # the test makes the table say no once
        return self._apply(seat, text)

    def play_bots(self, until: Callable[[Match], bool] | None = None) -> None:
        while not self.match.over and not (until and until(self.match)):
            bots = [s for s in self.match.to_act() if self.match.seats[s].bot is not None]
            if not bots:
                return
            self.match.submit(bots[0], self.match.bot_action(bots[0]))

    def pump(self) -> None:
        self.host.drain(self.apply)
        self.coach.serve(self.host, self.match)
        self.play_bots()
        if self.match.ply != self.published:
            self.publish()


def wait_for(table: LocalTable, what: str, cond: Callable[[], Any]) -> Any:
    """Pump the table until ``cond()`` is truthy (its value is returned); fail after a bound."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        table.pump()
        value = cond()
        if value:
            return value
        time.sleep(POLL_SECONDS)
    raise AssertionError(f"the page did not get there in {WAIT_SECONDS:.0f} s: {what}")


class Relay:
    """A TCP relay on 127.0.0.1 in front of the phone server that can cut every connection
    through it at once, as a lost Wi-Fi or a phone going to sleep does (the server sees the
    socket die; nobody says bye)."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self._lock = threading.Lock()
        self._open: list[socket.socket] = []
        threading.Thread(target=self._accept, name="relay", daemon=True).start()

    def __enter__(self) -> Relay:
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.close()
        self.cut()

    def url(self, url: str) -> str:
        """``url`` of the server, reached through the relay instead."""
        return url.replace(f":{self.target_port}/", f":{self.port}/", 1)

    def _accept(self) -> None:
        while True:
            try:
                near, _addr = self.server.accept()
            except OSError:
                return  # closed
            try:
                far = socket.create_connection(("127.0.0.1", self.target_port), timeout=WAIT_SECONDS)
            except OSError:
                near.close()
                continue
            far.settimeout(None)
            with self._lock:
                self._open += [near, far]
            for a, b in ((near, far), (far, near)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        for sock in (src, dst):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self) -> None:
        """Cut every connection through the relay at once."""
        with self._lock:
            socks, self._open = self._open, []
        for sock in socks:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()


def _click(driver: Any, selector: str) -> None:
    """Tap the first element ``selector`` finds; a page that redrew meanwhile is asked again."""
    from selenium.common.exceptions import StaleElementReferenceException

    for _attempt in range(5):
        try:
            driver.find_element("css selector", selector).click()
            return
        except StaleElementReferenceException:
            time.sleep(POLL_SECONDS)
    raise AssertionError(f"{selector} kept changing under the tap")


def _console_errors(driver: Any) -> list[str]:
    """The page's console errors so far (a blocked script or style under the CSP shows up here)."""
    return [entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]


def _js(driver: Any, script: str) -> Any:
    return driver.execute_script(script)


def _page(driver: Any) -> dict:
    """What the page shows, read from its DOM (never from the server)."""
    return _js(
        driver,
        """
        const q = (s) => document.querySelector(s);
        const all = (s) => Array.from(document.querySelectorAll(s));
        return {
          conn: q('#conn').textContent,
          who: q('#who').textContent,
          turn: q('#turn').textContent,
          title: q('#title').textContent,
          notice: q('#notice').hidden ? '' : q('#notice').textContent,
          ply: document.body.dataset.ply === undefined ? -1 : Number(document.body.dataset.ply),
          round: (q('.table h2') || {}).textContent || '',
          hand: all('.hand .cards .card-btn').map((b) => b.dataset.action),
          playable: all('.hand .cards .card-btn:not(:disabled)').map((b) => b.dataset.action),
          pictures: all('.hand img.card').map((i) => [i.complete && i.naturalWidth > 0, i.src]),
          outcome: (q('.outcome') || {}).textContent || '',
          hintButton: (q('.hintbox .hint-btn') || {}).textContent || '',
          hint: all('.hint-note strong, .hint-note p').map((e) => e.textContent),
        };
        """,
    )


def _ask_the_coach(driver: Any, table: LocalTable) -> None:
    """Tap Hint once: the page says it is thinking until the table answers, then shows the coach's
    note, which is the desktop coach's advice for seat 0's own view and choices."""
    from babel.core.coach import adviser

    _click(driver, ".hintbox .hint-btn")
    assert _page(driver)["hint"] == THINKING  # nothing answers until the table's next turn
    note = wait_for(table, "the coach's answer", lambda: (n := _page(driver)["hint"]) != THINKING and n)
    _action, reason = adviser("duel")(table.match.view(0), table.match.legal(0))
    for seat, player in enumerate(table.match.seats):
        reason = reason.replace(f"<P{seat}>", player.name)
    assert note == ["Coach", reason]
    assert _page(driver)["hintButton"] == "Hide hint"


def _hand_texts(table: LocalTable, seat: int) -> list[str]:
    """The play actions of the cards ``seat`` still holds, in hand order."""
    view = table.match.view(seat)
    return [f"play {card_text(card)}" for card in view.hands[seat] if card != view.my_choice]


def test_a_phone_plays_a_whole_duel_against_a_bot_and_survives_a_reload(browser) -> None:
    seats = [Seat("Ada"), Seat("Brick", bot="novice")]
    with LocalTable("duel", seats, seed=11) as table, Relay(table.host.port) as relay:
        browser.get(relay.url(table.url(0)))
        page = wait_for(
            table, "connected", lambda: (p := _page(browser))["conn"] == "Connected" and p["playable"] and p
        )
        assert "Ada" in page["who"] and page["title"] == table.rules.info.title
        assert _console_errors(browser) == []
        wait_for(
            table, "every card picture loads", lambda: all(ok for ok, _src in _page(browser)["pictures"])
        )
        assert table.host.status() == {0: "connected"}
        reloaded = dropped = False
        assert not _page(browser)["notice"]
        rounds = 0
        while not table.match.over:
            page = wait_for(
                table,
                "a card to play",
                lambda: (p := _page(browser))["ply"] == table.match.ply and p["playable"] and p,
            )
            assert page["notice"] in ("", REFUSAL), page["notice"]
            assert page["hintButton"] == "Hint" and page["hint"] == [], "a new state clears the hint"
            if rounds + 1 == HINT_AT_ROUND:
                _ask_the_coach(browser, table)
            assert page["hand"] == _hand_texts(table, 0), "the page shows exactly the seat's hand"
            ply = table.match.ply
            if rounds + 1 == REFUSE_AT_ROUND:
                table.refusals.append(REFUSAL)
                _click(browser, ".hand .cards .card-btn:not(:disabled)")
                page = wait_for(table, "the refusal", lambda: (p := _page(browser))["notice"] and p)
                assert page["notice"] == REFUSAL and table.match.ply == ply
                wait_for(table, "the cards come back", lambda: _page(browser)["playable"])
            _click(browser, ".hand .cards .card-btn:not(:disabled)")
            wait_for(table, "the tap reaches the match", lambda ply=ply: table.match.ply > ply)
            rounds += 1
            if rounds == RELOAD_AFTER_ROUND and not reloaded:
                before = table.match.view(0)
                browser.refresh()
                page = wait_for(
                    table,
                    "back in the seat after a reload",
                    lambda: (
                        (p := _page(browser))["conn"] == "Connected" and (p["playable"] or p["outcome"]) and p
                    ),
                )
                assert "Ada" in page["who"]
                assert table.match.view(0) == before, "a reload changes nothing at the table"
                assert page["hand"] == _hand_texts(table, 0), "the hand is all there after the reload"
                reloaded = True
            if rounds == DROP_AFTER_ROUND:
                relay.cut()
                wait_for(table, "the page notices the drop", lambda: _page(browser)["conn"] != "Connected")
                page = wait_for(
                    table,
                    "back by itself after a dropped connection",
                    lambda: (
                        (p := _page(browser))["conn"] == "Connected" and p["ply"] == table.match.ply and p
                    ),
                )
                assert page["hand"] == _hand_texts(table, 0)
                dropped = True
            assert rounds <= 14, "a duel has 14 rounds at most"
        assert reloaded and dropped
        outcome = table.match.outcome()
        assert outcome is not None
        page = wait_for(table, "the outcome", lambda: (p := _page(browser))["outcome"] and p)
        assert outcome.summary in page["outcome"]
        assert page["playable"] == []
        assert page["turn"] == "The game is over"
        # every move of seat 0 came from the page: the log holds one per round played
        assert sum(1 for a in table.match.log if a.seat == 0) == rounds
        # the table closes the seat at the end: the page says why and still shows the result
        table.host.revoke_all("the game is over")
        text = wait_for(table, "the bye", lambda: "The game is over." in (t := _js(browser, GAME_TEXT)) and t)
        assert outcome.summary in text
        assert _js(browser, "return document.querySelectorAll('button:not(:disabled)').length") == 0


def test_a_revoked_seat_says_why_and_offers_nothing(browser) -> None:
    seats = [Seat("Ada"), Seat("Brick", bot="novice")]
    with LocalTable("duel", seats, seed=3) as table:
        browser.get(table.url(0))
        wait_for(table, "connected", lambda: _page(browser)["playable"])
        table.host.revoke(0, "This seat was handed to a bot")
        text = wait_for(table, "the bye", lambda: "handed to a bot" in (t := _js(browser, GAME_TEXT)) and t)
        assert "This seat is closed" in text
        assert _js(browser, "return document.querySelectorAll('button:not(:disabled)').length") == 0
        time.sleep(1.0)  # a page that got bye does not come back
        assert _page(browser)["conn"] != "Connected"
        assert table.host.status() == {}


def _reachable(driver: Any) -> dict:
    return _js(
        driver,
        """
        return {
          ply: document.body.dataset.ply === undefined ? -1 : Number(document.body.dataset.ply),
          actions: Array.from(document.querySelectorAll('[data-action]')).map((b) => b.dataset.action),
          broken: document.querySelector('#game').textContent.includes('could not be drawn'),
          notice: document.querySelector('#notice').hidden ? '' : document.querySelector('#notice').textContent,
          pictures: Array.from(document.images).every((i) => !i.complete || i.naturalWidth > 0),
        };
        """,
    )


def _tap(driver: Any, text: str) -> None:
    """Tap the choice ``text`` as a person would: a visible button for it, else from the list."""
    from selenium.webdriver.common.by import By

    found = [
        el for el in driver.find_elements(By.CSS_SELECTOR, f'[data-action="{text}"]') if el.is_displayed()
    ]
    if not found:
        driver.find_element(By.CSS_SELECTOR, "details.all-choices summary").click()
        found = [
            el for el in driver.find_elements(By.CSS_SELECTOR, f'[data-action="{text}"]') if el.is_displayed()
        ]
    assert found, f"no button for {text!r}"
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", found[0])
    found[0].click()


def _choices_shown(browser, table) -> dict:
    """The page once it shows the current position: its buttons are exactly seat 0's legal moves."""
    legal = {table.rules.action_text(a) for a in table.match.legal(0)}
    page = wait_for(
        table,
        "the seat's choices",
        lambda: (p := _reachable(browser))["ply"] == table.match.ply and p,
    )
    assert legal <= set(page["actions"]), f"unreachable: {sorted(legal - set(page['actions']))[:5]}"
    assert set(page["actions"]) <= legal, "a button for something the seat may not do"
    return page


def _tap_played(browser, table, choice: str) -> int:
    """Tap ``choice`` and wait until the table played a move; the ply it was played at."""
    ply = table.match.ply
    _tap(browser, choice)
    wait_for(table, f"the tap on {choice!r} is played", lambda: table.match.ply > ply)
    return ply


@pytest.mark.parametrize(("game", "players", "seed"), [("turmbau", 4, 2), ("builders", 7, 5)])
def test_every_choice_is_on_the_page_and_a_tap_plays_it(browser, game: str, players: int, seed: int) -> None:
    seats = [Seat("Ada")] + [Seat(f"Bot {i}", bot="random") for i in range(1, players)]
    with LocalTable(game, seats, seed) as table:
        browser.get(table.url(0))
        decisions = 0
        while not table.match.over and decisions < DECISIONS:
            table.play_bots()
            table.publish()
            if 0 not in table.match.to_act():
                continue
            page = _choices_shown(browser, table)
            assert not page["broken"], f"the {game} view failed to draw at ply {table.match.ply}"
            choice = table.rules.action_text(table.match.bot_action(0))
            ply = _tap_played(browser, table, choice)
            assert table.match.log[ply].text == choice and table.match.log[ply].seat == 0
            decisions += 1
        assert decisions >= min(DECISIONS, 5)
        assert _console_errors(browser) == []
        assert _reachable(browser)["pictures"], "every picture on the page loaded"


def test_the_seal_steps_are_on_the_phone_and_a_tap_plays_them(browser) -> None:
    """Babel Builders' Seal phase from a phone: step 1's secret declaration, the discussion and
    step 3's target are all offered as buttons, and each tap plays that move."""
    from tests.test_builders_rules import COL_B, DP, SEAL, _complete

    seats = [Seat("Ada")] + [Seat(f"Bot {i}", bot="shrewd") for i in range(1, 7)]
    state = _complete(
        ["A", "M", "A", "A", "A", "Z", "A"],
        {1: [COL_B, SEAL[0], 16], 0: [SEAL[3], 30, 31], 5: [DP[0], 12, 13]},
    )
    with LocalTable("builders", seats, 1) as table:
        table.match.state = state
        table.publish()
        browser.get(table.url(0))
        tapped = []
        while not table.match.over and len(tapped) < 5:
            table.play_bots()
            table.publish()
            if 0 not in table.match.to_act():
                continue
            legal = set(_choices_shown(browser, table)["actions"])
            choice = {"declare none": "declare use", "say nothing": "suspect 2"}.get(min(legal), min(legal))
            choice = choice if choice in legal else min(legal)
            _tap_played(browser, table, choice)
            tapped.append(choice)
        assert [t.split()[0] for t in tapped] == ["declare", "suspect", "seal"], tapped
        assert _console_errors(browser) == []


def test_the_role_card_shows_only_while_it_is_held(browser) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    seats = [Seat("Ada")] + [Seat(f"Bot {i}", bot="random") for i in range(1, 5)]
    with LocalTable("builders", seats, seed=9) as table:
        role = table.match.view(0).role.value
        browser.get(table.url(0))
        wait_for(
            table,
            "the role card",
            lambda: _js(browser, "return !!document.querySelector('.role-holder img')"),
        )
        src = "return document.querySelector('.role-holder img').getAttribute('src')"
        assert _js(browser, src) == "/art/builders-role-back.png"
        holder = browser.find_element("css selector", ".role-holder")
        ActionChains(browser).click_and_hold(holder).perform()
        assert _js(browser, src) == f"/art/builders-role-{role}.png"
        ActionChains(browser).release(holder).perform()
        assert _js(browser, src) == "/art/builders-role-back.png"


def test_the_watching_page_shows_the_public_table_and_nothing_to_tap(browser) -> None:
    seats = [Seat("Ada"), Seat("Brick", bot="novice"), Seat("Cyrus", bot="novice")]
    with LocalTable("duel", seats, seed=4) as table:
        table.match.play_bots(plies=7)
        table.publish()
        browser.get(table.host.base_url() + "/watch")
        page = wait_for(
            table, "the public view", lambda: (p := _page(browser))["ply"] == table.match.ply and p
        )
        assert page["conn"] == "Watching" and page["hand"] == []
        text = _js(browser, GAME_TEXT)
        assert "Cards each player still holds" in text and "You" not in text
        assert all(name in text for name in ("Ada", "Brick", "Cyrus"))
        assert _js(browser, "return document.querySelectorAll('button:not(:disabled)').length") == 0


def test_table_talk_is_on_the_phone_and_a_tap_says_it(browser) -> None:
    """Babel Builders' table talk from a phone: every statement is offered (what to say, then
    whom), a tap says it, the others' words this round are shown, and "Say nothing" works."""
    from selenium.webdriver.common.by import By

    rules = registry.get("builders")
    seats = [Seat("Ada")] + [Seat(f"Bot {i}", bot="shrewd") for i in range(1, 7)]
    with LocalTable("builders", seats, 4, rules.make_config(7, talk=True)) as table:
        browser.get(table.url(0))
        said = []
        while not table.match.over and len(said) < 2:
            table.play_bots()
            table.publish()
            if 0 not in table.match.to_act():
                continue
            legal = set(_choices_shown(browser, table)["actions"])
            if "talk nothing" not in legal:
                _tap_played(browser, table, table.rules.action_text(table.match.bot_action(0)))
                continue
            if said:
                _tap_played(browser, table, "talk nothing")
                said.append("talk nothing")
                continue
            heard = _js(browser, GAME_TEXT)
            assert "Table talk: say one thing aloud" in heard
            assert all(
                seats[st[1]].name in heard
                for st in table.match.state.talk
                if st[0] == table.match.state.round
            )
            toggle = [b for b in browser.find_elements(By.CSS_SELECTOR, "button") if b.text == "I trust…"]
            browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", toggle[0])
            toggle[0].click()
            choice = min(t for t in legal if t.startswith("talk trust "))
            shown = f'[data-action="{choice}"]'
            wait_for(
                table,
                "the trust buttons",
                lambda s=shown: browser.find_elements(By.CSS_SELECTOR, s)[0].is_displayed(),
            )
            _tap_played(browser, table, choice)
            said.append(choice)
        assert said[0].startswith("talk trust") and said[1] == "talk nothing"
        assert [e.text for e in table.match.log if e.seat == 0 and e.text.startswith("talk")] == said
        assert _console_errors(browser) == []
