"""The phone server against hostile clients: every one is refused with a clear reason, the game goes
on unchanged, and the leak check runs over every byte each socket received.

A two-phone duel runs on 127.0.0.1 (the table thread plays the desktop loop). Each case attacks
it with real WebSocket or raw HTTP clients: wrong, revoked, expired and other seats' tokens, a
failed login that stays connected (boardgame.io #889: it must never receive anything later, not
even when a valid client of its seat connects and play goes on), messages before hello and every
kind of message checked, not only moves (#840), a handed-over seat's old token (#429), oversized,
binary, malformed, mistyped, out-of-turn, stale and illegal messages, floods, too many sockets,
and path tricks on the static files. ``Battery.finish`` then checks every socket's frames.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
from pathlib import Path

import aiohttp
import pytest

import scenes.remote.host as host_module
from scenes.remote.acts import apply_to
from scenes.remote.host import NOT_A_SEAT, SECURITY_HEADERS, STALE, RemoteHost
from scenes.remote.limits import Limits
from scenes.remote.snapshot import snapshot_for
from tests.remote_harness import Received, Table, check_frames, recv

LIMITS = Limits(handshake_seconds=1.0, sockets_per_seat=4, sockets_total=9, watchers=1)
SEED = 11


class Battery:
    """A two-phone duel and the record of every socket opened against it."""

    def __init__(self, table: Table, session: aiohttp.ClientSession) -> None:
        self.table = table
        self.session = session
        self.sockets: list[tuple[object, Received]] = []  # (seat, None for watchers, or "failed")

    async def open(self, who: object = "failed") -> tuple[aiohttp.ClientWebSocketResponse, Received]:
        ws = await self.session.ws_connect(self.table.ws_url)
        got = Received()
        self.sockets.append((who, got))
        return ws, got

    async def login(self, seat: int) -> tuple[aiohttp.ClientWebSocketResponse, Received, dict]:
        ws, got = await self.open(seat)
        await ws.send_str(json.dumps({"type": "hello", "token": self.table.tokens[seat]}))
        assert (await recv(ws, got))["type"] == "welcome"
        state = await recv(ws, got)
        assert state["type"] == "state" and state["seat"] == seat
        return ws, got, state

    async def refused_login(self, first: str | bytes, reason: str) -> Received:
        """A socket whose first message is ``first``: one error naming ``reason``, then closed."""
        ws, got = await self.open()
        await (ws.send_bytes(first) if isinstance(first, bytes) else ws.send_str(first))
        msg = await recv(ws, got)
        assert msg is not None and msg["type"] == "error" and reason in msg["reason"], msg
        assert await recv(ws, got, 3) is None, "a refused login got more than its error"
        return got

    async def move(self, seat: int) -> None:
        """A valid client of ``seat`` logs in and makes a legal move: play goes on."""
        ws, got, state = await self.login(seat)
        before = self.table.digest()
        while not state["legal"]:
            state = await recv(ws, got)
            assert state is not None and state["type"] == "state"
        await ws.send_str(json.dumps({"type": "act", "ply": state["ply"], "action": state["legal"][0]["text"], "id": 1}))
        while (msg := await recv(ws, got)) is not None and msg["type"] == "state":
            pass
        assert msg == {"type": "accepted", "id": 1}
        assert self.table.digest() != before
        await ws.close()

    async def act(self, ws, got: Received, message: dict | str) -> dict:
        """Send ``message`` and return the first reply that is not a state."""
        await ws.send_str(message if isinstance(message, str) else json.dumps(message))
        while (msg := await recv(ws, got)) is not None and msg["type"] == "state":
            pass
        assert msg is not None, "no reply"
        return msg

    def finish(self) -> None:
        """The leak check over every socket: a seat's frames are its own snapshots and replies, a
        watcher's the public ones, a refused login's one error at most."""
        match = self.table.match
        with self.table.lock:
            for who, got in self.sockets:
                if who == "failed":
                    assert got.kinds() in ([], ["error"]), got.frames[:3]
                else:
                    check_frames(match, who, got)  # type: ignore[arg-type]


def _run(table: Table, scenario) -> Battery:
    async def main() -> Battery:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60)) as session:
            battery = Battery(table, session)
            await asyncio.wait_for(scenario(battery), 60)
            return battery

    battery = asyncio.run(main())
    battery.finish()
    return battery


PICTURES = {"card-back": b"\x89PNG the back of a card"}


@pytest.fixture
def table():
    t = Table("duel", 2, SEED, {0, 1}, "random", LIMITS, PICTURES).start()
    yield t
    t.stop()


# -- logging in ---------------------------------------------------------------------------
BAD_FIRST = [
    ("wrong token", lambda t: json.dumps({"type": "hello", "token": secrets.token_urlsafe(24)}), "not valid"),
    ("empty token", lambda t: json.dumps({"type": "hello", "token": ""}), "hello"),
    ("token too long", lambda t: json.dumps({"type": "hello", "token": "x" * 500}), "hello"),
    ("token not text", lambda t: json.dumps({"type": "hello", "token": 12345}), "hello"),
    ("token prefix", lambda t: json.dumps({"type": "hello", "token": t.tokens[0][:-1]}), "not valid"),
    ("seat field", lambda t: json.dumps({"type": "hello", "token": t.tokens[1], "seat": 0}), "keys"),
    ("act before hello", lambda t: json.dumps({"type": "act", "ply": 0, "action": "play 2", "id": 1}), "hello"),
    ("ping before hello", lambda t: json.dumps({"type": "ping"}), "hello"),
    ("malformed JSON", lambda t: '{"type": "hello", "token": ', "JSON"),
    ("not an object", lambda t: json.dumps(["hello", t.tokens[0]]), "object"),
    ("binary frame", lambda t: json.dumps({"type": "hello", "token": t.tokens[0]}).encode(), "text"),
    ("duplicate keys", lambda t: '{"type":"hello","token":"' + t.tokens[0] + '","token":"x"}', "twice"),
]


@pytest.mark.parametrize(("first", "reason"), [pytest.param(f, r, id=n) for n, f, r in BAD_FIRST])
def test_a_bad_first_message_gets_one_error_and_nothing_ever_after(table, first, reason) -> None:
    async def scenario(b: Battery) -> None:
        before = table.digest()
        await b.refused_login(first(table), reason)
        assert table.digest() == before
        await b.move(0)
        await b.move(1)

    _run(table, scenario)


def test_a_failed_login_that_stays_connected_never_receives_anything_later(table) -> None:
    async def scenario(b: Battery) -> None:
        lurker, got = await b.open()
        await lurker.send_str(json.dumps({"type": "hello", "token": "guess" + table.tokens[0][5:]}))
        await asyncio.sleep(0.1)  # it does not read: the server's close waits for it, then gives up
        await b.move(0)
        await b.move(1)
        await b.move(0)
        while await recv(lurker, got, 3) is not None:
            pass
        assert got.kinds() == ["error"] and got.closed is not None

    _run(table, scenario)


def test_a_socket_that_never_says_hello_is_closed(table) -> None:
    async def scenario(b: Battery) -> None:
        ws, got = await b.open()
        msg = await recv(ws, got, 5)
        assert msg == {"type": "error", "reason": "no hello in time"}
        assert await recv(ws, got, 3) is None

    _run(table, scenario)


def test_an_oversized_frame_closes_the_socket_with_the_size_limit(table) -> None:
    async def scenario(b: Battery) -> None:
        before = table.digest()
        ws, got = await b.open()
        await ws.send_str(json.dumps({"type": "hello", "token": table.tokens[0], "pad": "x" * 5000}))
        assert await recv(ws, got, 5) is None and got.closed == 1009
        ws, got, state = await b.login(0)
        await ws.send_str(json.dumps({"type": "act", "ply": state["ply"], "action": "play 2" + " " * 5000, "id": 1}))
        assert await recv(ws, got, 5) is None and got.closed == 1009
        assert table.digest() == before
        await b.move(0)

    _run(table, scenario)


def test_revoked_expired_and_handed_over_tokens_are_dead(table) -> None:
    other = Table("duel", 2, SEED, {0, 1}, "random", LIMITS).start()
    expired = other.tokens[0]  # a token of another (now finished) game
    other.stop()

    async def scenario(b: Battery) -> None:
        old = table.tokens[0]
        ws, got, _state = await b.login(0)
        table.issue(0)  # the seat is handed to a new phone: the old token dies, its socket is told
        msg = await recv(ws, got)
        assert msg == {"type": "bye", "reason": "this seat was handed to someone else"}
        assert await recv(ws, got, 3) is None
        await b.refused_login(json.dumps({"type": "hello", "token": old}), "not valid")
        await b.refused_login(json.dumps({"type": "hello", "token": expired}), "not valid")
        await b.move(0)
        ws, got, _state = await b.login(1)
        table.revoke(1)
        assert await recv(ws, got) == {"type": "bye", "reason": "this seat link was revoked"}
        revoked = table.tokens[1]
        await b.refused_login(json.dumps({"type": "hello", "token": revoked}), "not valid")
        table.issue(1)
        await b.move(1)

    _run(table, scenario)


# -- after logging in ---------------------------------------------------------------------
def _malformed(ply: int) -> list[tuple[str, str]]:
    act = {"type": "act", "ply": ply, "action": "play 2", "id": 1}
    return [
        ("[1, 2, 3]", "object"),
        ('{"type": "act", "ply": ', "JSON"),
        ("[" * 2000 + "]" * 2000, "JSON"),  # deeper than the parser goes, under the size limit
        (json.dumps({"type": "jump"}), "unknown"),
        (json.dumps({**act, "seat": 0}), "keys"),
        (json.dumps({k: v for k, v in act.items() if k != "id"}), "keys"),
        (json.dumps({**act, "ply": True}), "whole number"),
        (json.dumps({**act, "ply": 10**30}), "range"),
        (json.dumps({**act, "ply": -1}), "range"),
        (json.dumps({**act, "ply": 1.0}), "whole number"),
        ('{"type":"act","ply":NaN,"action":"play 2","id":1}', "NaN"),
        (json.dumps({**act, "id": "1"}), "whole number"),
        (json.dumps({**act, "action": 7}), "text"),
        (json.dumps({**act, "action": ""}), "characters"),
        (json.dumps({**act, "action": "x" * 201}), "characters"),
        ('{"type":"act","ply":' + str(ply) + ',"action":"play 2","id":1,"id":2}', "twice"),
        (json.dumps({"type": "hello", "token": "again"}), "already"),
    ]


def test_malformed_messages_get_an_error_and_change_nothing(table) -> None:
    async def scenario(b: Battery) -> None:
        ws, got, state = await b.login(0)
        before = table.digest()
        for text, reason in _malformed(state["ply"]):
            msg = await b.act(ws, got, text)
            assert msg["type"] == "error" and reason in msg["reason"], (text[:60], msg)
        await ws.send_bytes(b"\x00\x01")
        assert (await recv(ws, got))["type"] == "error"
        assert await b.act(ws, got, {"type": "ping"}) == {"type": "pong"}  # still open
        assert table.digest() == before
        await ws.close()
        await b.move(0)

    _run(table, scenario)


def test_out_of_turn_stale_illegal_and_unknown_moves_are_refused_with_the_rules_reason(table) -> None:
    rules = table.match.rules

    async def scenario(b: Battery) -> None:
        ws, got, state = await b.login(0)
        other, other_got, _ = await b.login(1)
        ply = state["ply"]
        assert await b.act(ws, got, {"type": "act", "ply": ply, "action": "play 2", "id": 1}) == {"type": "accepted", "id": 1}
        with table.lock:
            ply, after = table.match.ply, table.match.rules.digest(table.match.state)
            out_of_turn = rules.why_illegal(table.match.state, 0, rules.parse_action("play 3"))
        assert out_of_turn
        assert await b.act(ws, got, {"type": "act", "ply": ply, "action": "play 3", "id": 2}) == {
            "type": "refused", "id": 2, "reason": out_of_turn}
        assert await b.act(ws, got, {"type": "act", "ply": ply - 1, "action": "play 3", "id": 3}) == {
            "type": "refused", "id": 3, "reason": STALE}
        assert await b.act(ws, got, {"type": "act", "ply": ply, "action": "fly away", "id": 4}) == {
            "type": "refused", "id": 4, "reason": "'fly away' is not a move of this game"}
        assert table.digest() == after
        # Seat 1 answers; then seat 0 tries the card it already played.
        assert (await b.act(other, other_got, {"type": "act", "ply": ply, "action": "play 5", "id": 1}))["type"] == "accepted"
        with table.lock:
            ply, after = table.match.ply, table.match.rules.digest(table.match.state)
            illegal = rules.why_illegal(table.match.state, 0, rules.parse_action("play 2"))
        assert illegal
        assert await b.act(ws, got, {"type": "act", "ply": ply, "action": "play 2", "id": 5}) == {
            "type": "refused", "id": 5, "reason": illegal}
        assert table.digest() == after
        assert [(e.seat, e.text) for e in table.match.log] == [(0, "play 2"), (1, "play 5")]
        await ws.close()
        await other.close()

    _run(table, scenario)


def test_a_seat_token_acts_only_for_its_own_seat(table) -> None:
    async def scenario(b: Battery) -> None:
        ws, got, state = await b.login(1)
        forged = {"type": "act", "ply": state["ply"], "action": "play 4", "id": 1, "seat": 0}
        assert (await b.act(ws, got, forged))["type"] == "error"
        assert await b.act(ws, got, {**{k: v for k, v in forged.items() if k != "seat"}}) == {"type": "accepted", "id": 1}
        assert [(e.seat, e.text) for e in table.match.log] == [(1, "play 4")]
        await ws.close()
        await b.move(0)

    _run(table, scenario)


def test_a_flood_closes_the_socket_with_a_reason(table) -> None:
    async def scenario(b: Battery) -> None:
        ws, got, _state = await b.login(0)
        before = table.digest()
        for _ in range(LIMITS.burst * 3):
            await ws.send_str(json.dumps({"type": "ping"}))
        while await recv(ws, got, 5) is not None:
            pass
        assert got.parsed()[-1] == {"type": "error", "reason": "too many messages: slow down"}
        assert got.closed == 1008 and got.kinds().count("pong") < LIMITS.burst * 3
        assert table.digest() == before
        await b.move(0)

    _run(table, scenario)


def test_too_many_sockets_are_refused(table) -> None:
    async def scenario(b: Battery) -> None:
        mine = [await b.login(0) for _ in range(LIMITS.sockets_per_seat)]
        await b.refused_login(json.dumps({"type": "hello", "token": table.tokens[0]}), "too many connections")
        theirs = [await b.login(1) for _ in range(LIMITS.sockets_per_seat)]
        watcher, watched = await b.open(None)
        await watcher.send_str(json.dumps({"type": "watch"}))
        assert (await recv(watcher, watched))["type"] == "state"
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await b.session.ws_connect(table.ws_url)
        assert refused.value.status == 503
        for ws, _got, _state in mine + theirs:
            await ws.close()
        await watcher.close()
        await asyncio.sleep(0.1)
        await b.move(0)

    _run(table, scenario)


def test_a_move_queued_before_its_token_dies_is_dropped() -> None:
    table = Table("duel", 2, SEED, {0, 1}, "random", LIMITS)
    host, match = table.host, table.match
    host.start()  # no table thread: this test plays the loop itself, step by step
    try:
        token = host.issue(0)
        table.devices = [0]
        table.publish()

        async def send() -> Received:
            got = Received()
            async with aiohttp.ClientSession() as session, session.ws_connect(table.ws_url) as ws:
                await ws.send_str(json.dumps({"type": "hello", "token": token}))
                await recv(ws, got), await recv(ws, got)
                await ws.send_str(json.dumps({"type": "act", "ply": 0, "action": "play 2", "id": 1}))
                assert await asyncio.to_thread(table.woke.wait, 5)
                host.revoke(0)
                assert host.drain(apply_to(match)) == 0
                while await recv(ws, got, 3) is not None:
                    pass
            return got

        got = asyncio.run(send())
        assert match.ply == 0 and got.kinds()[-1] == "bye"
        assert snapshot_for(match, 0)["legal"]
    finally:
        host.stop()


# -- HTTP ---------------------------------------------------------------------------------
TRICKS = [
    "/static/..%2f..%2fhost.py",
    "/static/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd",
    "/static/../../etc/passwd",
    "/static/%2e%2e/%2e%2e/host.py",
    "/static/%2e%2e%2f%2e%2e%2fhost.py",
    "/static/phone.js%00.png",
    "/static/%00",
    "/static/..\\..\\host.py",
    "/static/host.py",
    "/static/index.html",
    "/static//etc/passwd",
    "/static/%252e%252e%252fhost.py",
    "/art/../x.png",
    "/art/..%2f..%2fhost.png",
    "/art/%2e%2e%2fhost.png",
    "/s/../static/phone.js%2f..%2f..%2fhost.py",
    "/etc/passwd",
    "/page/index.html",
    "/scenes/remote/host.py",
    "/art/card-back.png.png",
    "/art/.png",
    "/art/card-back",
    "/",
    "/s/",
]


async def _raw_get(port: int, path: str) -> tuple[int, dict[str, str], bytes]:
    """A GET sent byte for byte as written (no client normalizes the path)."""
    reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 5)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
    await writer.drain()
    data = await asyncio.wait_for(reader.read(1 << 20), 5)
    writer.close()
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return int(lines[0].split()[1]), headers, body


def test_path_tricks_reach_nothing_and_every_answer_carries_the_policy(table) -> None:
    marker = Path(host_module.__file__).read_bytes()[:200]  # the server's own source

    async def scenario(b: Battery) -> None:
        port = table.host.port
        for path in TRICKS:
            status, headers, body = await _raw_get(port, path)
            assert status in (400, 404), (path, status)
            assert b"root:" not in body and marker not in body and b"RemoteHost" not in body, path
            for name, value in SECURITY_HEADERS.items():
                assert headers.get(name) == value, (path, name)
        status, headers, body = await _raw_get(port, f"/s/{secrets.token_urlsafe(24)}")
        assert status == 404 and body.decode() == NOT_A_SEAT
        status, headers, body = await _raw_get(port, "/art/card-back.png")
        assert status == 200 and body == PICTURES["card-back"] and headers["Content-Type"] == "image/png"
        status, headers, body = await _raw_get(port, "/ws")  # no upgrade: refused, with the policy too
        assert status == 400 and headers.get("X-Content-Type-Options") == "nosniff"
        for path in (f"/s/{table.tokens[0]}", "/watch"):
            status, headers, body = await _raw_get(port, path)
            assert status == 200 and b"<html" in body.lower()
            assert all(headers.get(k) == v for k, v in SECURITY_HEADERS.items())
        await b.move(0)

    _run(table, scenario)


def test_the_server_stops_promptly_and_tells_every_socket() -> None:
    table = Table("duel", 2, SEED, {0, 1}, "random", LIMITS).start()
    stopped = threading.Event()

    async def scenario(b: Battery) -> None:
        ws, got, _ = await b.login(0)
        lurker, lurked = await b.open()  # still in its handshake when the server stops
        await asyncio.to_thread(lambda: (table.stop(), stopped.set()))
        assert await recv(ws, got) == {"type": "bye", "reason": "the table has closed"}
        assert await recv(ws, got, 3) is None
        while await recv(lurker, lurked, 3) is not None:
            pass
        assert lurked.parsed() in ([], [{"type": "error", "reason": "no hello in time"}])  # never a bye

    try:
        _run(table, scenario)
    finally:
        table.stop()
    assert stopped.is_set()
    table.host.stop()  # idempotent
    assert not any(t.name == "remote-host" and t.is_alive() for t in threading.enumerate())


def test_host_binds_only_the_given_address_and_keeps_what_it_was_given_before_start() -> None:
    table = Table("duel", 2, SEED, {0, 1}, "random", LIMITS)
    host = table.host
    early = host.issue(0)  # issued and published before the server listens
    table.tokens[0] = early
    table.publish()
    host.start()
    try:
        assert host.port > 0 and host.base_url() == f"http://127.0.0.1:{host.port}"
        assert host.url_for(0) == f"http://127.0.0.1:{host.port}/s/{early}" and len(early) >= 32
        assert host.url_for(1) is None

        async def scenario(b: Battery) -> None:
            ws, got, state = await b.login(0)
            assert state["ply"] == 0 and state["legal"]
            await ws.close()

        _run(table, scenario)
        again = host.issue(0)
        assert again != early and host.url_for(0).endswith(again)
    finally:
        host.stop()


def test_a_port_in_use_is_reported_and_leaves_no_thread() -> None:
    first = RemoteHost("duel", "duel", ["A", "B"])
    first.start()
    try:
        second = RemoteHost("duel", "duel", ["A", "B"], port=first.port)
        with pytest.raises(RuntimeError, match="could not start"):
            second.start()
        second.stop()
        assert second.url_for(0) is None
    finally:
        first.stop()
    assert not any(t.name == "remote-host" and t.is_alive() for t in threading.enumerate())
