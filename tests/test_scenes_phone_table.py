"""A desktop table with a seat on a phone, through the real server: the table opens the Phones
panel with the seat's code, a WebSocket client plays the seat to the end while the desktop
shows only the public view, the host hands a phone seat to a bot (the old link dies at once),
and leaving the table stops the server."""

from __future__ import annotations

import asyncio
import json
import threading

import aiohttp
import pygame
import pytest

from babel.core import registry
from babel.core.match import DEVICE, Match, Seat
from scenes.remote.limits import Limits
from scenes.remote.link import PhoneLink
from scenes.remote.panel import PhonesPanel
from scenes.tables import table_for
from tests.remote_harness import Received, play_seat, recv

FRAMES = 6000  # bounded: a duel against a bot ends well within this many simulated frames


@pytest.fixture
def phone_pilot(pilot, monkeypatch):
    """Phones on loopback; the bots answer at once here, so a phone taps faster than people do."""
    monkeypatch.setattr(PhoneLink, "LIMITS", Limits(rate=1000.0, burst=1000))
    pilot.app.settings = pilot.app.settings.with_(phone_address="127.0.0.1", phone_port=0)
    return pilot


def _duel(device_seats: set[int]) -> Match:
    rules = registry.get("duel")
    seats = [
        Seat("Ann", device=0 in device_seats) if 0 in device_seats else Seat("Ann"),
        Seat("Ben", device=True) if 1 in device_seats else Seat("Ben", "novice"),
    ]
    return Match(rules, rules.make_config(2), 17, seats)


def _token(url: str) -> tuple[str, str]:
    base, token = url.split("/s/")
    return base.replace("http://", "ws://") + "/ws", token


def _in_thread(coro_fn) -> threading.Thread:
    thread = threading.Thread(target=lambda: asyncio.run(coro_fn()), daemon=True)
    thread.start()
    return thread


def test_a_phone_plays_its_seat_to_the_end_and_the_desktop_shows_the_public_table(phone_pilot):
    pilot = phone_pilot
    match = _duel({0})
    table = table_for("duel")(match, None, threaded=False)
    pilot.start(table)
    assert isinstance(pilot.top, PhonesPanel)  # a phone is awaited: its code is shown
    (line,) = [x for x in table.phones.link.lines() if x.place == DEVICE]
    assert line.status == "awaited" and line.url and line.url.startswith("http://127.0.0.1:")
    assert table.viewer is None  # nobody at this screen: the desktop is the public table
    ws_url, token = _token(line.url)
    got, accepted = Received(), []

    async def phone() -> None:
        async with aiohttp.ClientSession() as session:
            await play_seat(session, ws_url, token, 0, 5, got, accepted)

    client = _in_thread(phone)
    for _ in range(FRAMES):
        pilot.advance(0.05)
        if match.over and not client.is_alive():
            break
    client.join(10)
    assert match.over and not client.is_alive()
    assert accepted and all(e.seat in (0, 1) for e in match.log)
    assert [e.text for e in match.log if e.seat == 0] == accepted  # every accepted move, in order
    kinds = got.kinds()
    assert kinds[0] == "welcome" and kinds[-1] == "bye"
    last_state = [m for m in got.parsed() if m["type"] == "state"][-1]
    assert last_state["over"] and last_state["outcome"] is not None
    assert table.phones.link.host is None  # the game ended: the server stopped, the link died


def test_the_host_hands_a_phone_seat_to_a_bot_and_the_old_link_dies(phone_pilot):
    pilot = phone_pilot
    match = _duel({0})
    table = table_for("duel")(match, None, threaded=False)
    pilot.start(table)
    (line,) = [x for x in table.phones.link.lines() if x.place == DEVICE]
    ws_url, token = _token(line.url)
    got = Received()
    connected = threading.Event()

    async def phone() -> None:
        async with aiohttp.ClientSession() as session, session.ws_connect(ws_url) as ws:
            await ws.send_str(json.dumps({"type": "hello", "token": token}))
            while True:
                msg = await recv(ws, got, seconds=20)
                if msg is None or msg["type"] == "bye":
                    return
                connected.set()

    client = _in_thread(phone)
    for _ in range(400):
        pilot.advance(0.05)
        if connected.is_set():
            break
    assert connected.is_set()
    panel = pilot.top
    assert isinstance(panel, PhonesPanel)
    table.phones.move(0, "novice")  # the host's "Bot plays"
    for _ in range(400):
        pilot.advance(0.05)
        if not client.is_alive():
            break
    assert not client.is_alive() and got.kinds()[-1] == "bye"
    assert match.seats[0].bot == "novice" and table.phones.link.host is None  # no phone seat: no server
    for _ in range(FRAMES):
        pilot.advance(0.05)
        if match.over:
            break
    assert match.over  # the bot took the seat over and the game went on to its end


def test_leaving_the_table_stops_the_server(phone_pilot):
    pilot = phone_pilot
    match = _duel({0})
    table = table_for("duel")(match, None, threaded=False)
    pilot.start(table)
    host = table.phones.link.host
    assert host is not None and host.port
    pilot.app.close_scenes()
    assert table.phones.link.host is None and host.status() == {}


def test_setup_puts_a_seat_on_a_phone_and_the_table_shows_its_code(phone_pilot):
    from scenes.launcher.setup import PHONE, SetupScene

    pilot = phone_pilot
    scene = SetupScene(registry.get("duel"))
    pilot.start(scene)
    scene.kinds[0] = PHONE
    scene._build()
    labels = [w.label(w.value) for w in scene.widgets.widgets if hasattr(w, "choices") and PHONE in w.choices]
    assert labels and labels[0] == "On a phone"
    scene.start()
    table = pilot.app.stack[-2] if isinstance(pilot.top, PhonesPanel) else pilot.top
    assert isinstance(pilot.top, PhonesPanel) and table.match.seats[0].device
    assert table.phones.link.host is not None
    pilot.app.close_scenes()


def test_games_without_secrets_offer_no_phone_seat(phone_pilot):
    from scenes.launcher.setup import PHONE, SetupScene

    for game in ("babel_on", "solitaire"):
        scene = SetupScene(registry.get(game))
        phone_pilot.start(scene)
        assert not any(hasattr(w, "choices") and PHONE in w.choices for w in scene.widgets.widgets)


def test_a_bad_phone_address_or_port_in_the_settings_is_named_and_dropped():
    from babel.core.settings import checked_settings

    settings, problems = checked_settings({"phone_address": "10.0.0", "phone_port": 70000, "volume": 30})
    assert settings.phone_address == "" and settings.phone_port == 0 and settings.volume == 30
    named = [field for field, _why in problems]
    assert named == ["phones' network address", "phones' port"]


def test_phones_may_watch_a_game_without_secrets_and_the_server_stops_with_the_page(phone_pilot):
    pilot = phone_pilot
    rules = registry.get("babel_on")
    match = Match(rules, rules.make_config(2), 3, [Seat("Ann"), Seat("Ben", "steady")])
    table = table_for("babel_on")(match, None, threaded=False)
    pilot.start(table)
    assert table.phones.link is None  # no phone seat: no server
    table.phones.open()
    panel = pilot.top
    assert isinstance(panel, PhonesPanel) and panel._lines() == []  # no seat to put on a phone
    assert table.phones.link.host is None  # nothing listens until the host lets phones watch
    watch = next(w for w in panel.widgets.widgets if w.label == "Let phones watch")
    pilot.click(watch.rect.center)
    url = table.phones.link.watch_url()
    assert url and url.startswith("http://127.0.0.1:") and url.endswith("/watch")
    got = Received()

    async def watcher() -> None:
        async with aiohttp.ClientSession() as session:
            async with session.get(url) as page:
                assert page.status == 200 and "Content-Security-Policy" in page.headers
            async with session.ws_connect(url.replace("http://", "ws://").replace("/watch", "/ws")) as ws:
                await ws.send_str(json.dumps({"type": "watch"}))
                while True:
                    msg = await recv(ws, got, seconds=10)
                    if msg is None or msg["type"] in ("bye", "state"):
                        return

    client = _in_thread(watcher)
    for _ in range(400):
        pilot.advance(0.05)
        if not client.is_alive():
            break
    states = [m for m in got.parsed() if m["type"] == "state"]
    assert states and states[0]["seat"] is None and states[0]["legal"] == []
    stop = next(w for w in pilot.top.widgets.widgets if w.label == "Stop the watching page")
    pilot.click(stop.rect.center)
    assert table.phones.link.host is None and table.phones.link.watch_url() is None


def test_seven_phones_play_babel_builders_at_the_desktop_table(phone_pilot):
    """The issue's evening: seven people, each with a phone, the desktop as the table. Their
    simultaneous choices are not refused as stale because another phone's move landed first."""
    pilot = phone_pilot
    rules = registry.get("builders")
    names = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus"]
    match = Match(rules, rules.make_config(7), 5, [Seat(n, device=True) for n in names])
    table = table_for("builders")(match, None, threaded=False)
    pilot.start(table)
    urls = {line.seat: line.url for line in table.phones.link.lines()}
    got = {seat: Received() for seat in urls}
    accepted: dict[int, list[str]] = {seat: [] for seat in urls}

    async def phones() -> None:
        async with aiohttp.ClientSession() as session:
            await asyncio.gather(
                *(
                    play_seat(session, *_token(url), seat, 7, got[seat], accepted[seat])
                    for seat, url in urls.items()
                )
            )

    client = _in_thread(phones)
    for _ in range(FRAMES):
        pilot.advance(0.05)
        if match.over and not client.is_alive():
            break
    client.join(10)
    assert match.over and table.viewer is None  # no curtain, the desktop stayed public throughout
    for seat in urls:
        assert [e.text for e in match.log if e.seat == seat] == accepted[seat]
        assert got[seat].kinds()[-1] == "bye"


def test_a_move_chosen_before_another_seat_moved_is_not_stale():
    from scenes.remote.host import _window

    def snap(ply, *choices):
        return {"ply": ply, "legal": [{"text": c} for c in choices]}

    first = _window(None, snap(4, "give 1", "give 2"))
    same = _window(first, snap(5, "give 1", "give 2"))  # another seat chose meanwhile
    assert same[:2] == (4, 5)
    changed = _window(same, snap(6, "take 3"))  # the seat's own choices changed: a new window
    assert changed[:2] == (6, 6)
    undone = _window(changed, snap(3, "take 3"))  # an undo: nothing from later plies stands
    assert undone[:2] == (3, 3)


def test_a_game_resumed_with_a_phone_seat_gets_a_new_link(phone_pilot):
    from babel.core import saves

    pilot = phone_pilot
    match = _duel({0})
    match.play_bots(plies=2)
    table = table_for("duel")(match, None, threaded=False)
    pilot.start(table)
    (first,) = [x.url for x in table.phones.link.lines() if x.place == DEVICE]
    pilot.app.close_scenes()  # the app closes: its server stops and the link dies
    resumed = saves.restore(saves.record_of(match))
    assert resumed.seats[0].device  # the seat is still played on a phone
    again = table_for("duel")(resumed, None, threaded=False)
    pilot.start(again)
    (second,) = [x.url for x in again.phones.link.lines() if x.place == DEVICE]
    assert second and second.split("/s/")[1] != first.split("/s/")[1]


def test_the_phones_panel_keeps_the_keys_focus_when_it_is_built_again(phone_pilot):
    """A seat's button pressed by keys (or a phone connecting) builds the panel again: the focus
    stays on that button, or goes to the nearest one when its words changed."""
    pilot = phone_pilot
    table = table_for("duel")(_duel({0}), None, threaded=False)
    pilot.start(table)
    panel = pilot.top
    assert isinstance(panel, PhonesPanel)
    for _ in range(8):
        pilot.press(pygame.K_TAB)
        if getattr(panel.widgets.focus.focused(), "label", "") == "New link":
            break
    old_url = table.phones.link.lines()[0].url
    pilot.press(pygame.K_RETURN)
    assert table.phones.link.lines()[0].url != old_url
    assert panel.widgets.focus.focused().label == "New link"
    pilot.press(pygame.K_TAB)  # Play here: the seat comes back to the screen, "To a phone" there
    spot = panel.widgets.focus.focused().rect
    pilot.press(pygame.K_RETURN)
    here = panel.widgets.focus.focused()
    assert here is not None and here.label == "To a phone" and here.rect[1] == spot[1]
