"""Shared pieces of the phone-server tests: the desktop loop's role, a real WebSocket client that
plays a seat, and the leak check over every frame a socket received.

``Table`` plays the pygame loop: a thread of its own that alone touches the ``Match``, moves the
bots, drains the phones' moves and publishes snapshots after every change, exactly as the app
does, and answers the phones' questions for the coach with the tables' own ``PhoneCoach``.
Clients are aiohttp WebSocket clients on 127.0.0.1. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from babel.core import registry, serial
from babel.core.coach import adviser
from babel.core.match import Match, Seat
from babel.core.rng import Rng, seed_state
from scenes.remote.acts import apply_to
from scenes.remote.hints import PhoneCoach
from scenes.remote.host import RemoteHost
from scenes.remote.limits import Limits
from scenes.remote.snapshot import EVENT_WINDOW, seat_snapshot, snapshots

RECV_SECONDS = 10.0  # the longest a client waits for one message
GAME_SECONDS = 60.0  # the longest one game may take before the table gives up


class Table:
    """The loop thread's role: owns the match, runs the bots, drains and publishes."""

    def __init__(self, game: str, players: int, seed: int, devices: set[int], bot: str,
                 limits: Limits | None = None, pictures: dict[str, bytes] | None = None) -> None:
        rules = registry.get(game)
        seats = [Seat(f"P{i + 1}", bot=None if i in devices else bot) for i in range(players)]
        self.match = Match(rules, rules.make_config(players), seed, seats)
        self.devices = sorted(devices)
        self.lock = threading.Lock()
        self.woke = threading.Event()
        self.host = RemoteHost(game, rules.info.title, seats, wake=self.woke.set, limits=limits,
                               pictures=pictures)
        self.apply = apply_to(self.match)
        self.coach_on = True  # the table's Settings: the coach is on
        self.coach = PhoneCoach(lambda: self.coach_on, threaded=False)
        self.tokens: dict[int, str] = {}
        self._halt = threading.Event()
        self._thread: threading.Thread | None = None
        self.failure: BaseException | None = None

    def start(self) -> Table:
        self.host.start()
        for seat in self.devices:
            self.tokens[seat] = self.host.issue(seat)
        self.publish()
        self._thread = threading.Thread(target=self._run, name="table", daemon=True)
        self._thread.start()
        return self

    @property
    def ws_url(self) -> str:
        return f"{self.host.base_url()}/ws"

    def publish(self) -> None:
        self.host.publish(snapshots(self.match, self.devices, coach=self.coach.on(self.match)))

    def issue(self, seat: int) -> str:
        with self.lock:
            self.tokens[seat] = self.host.issue(seat)
            self.publish()
            return self.tokens[seat]

    def revoke(self, seat: int) -> None:
        with self.lock:
            self.host.revoke(seat)

    def digest(self) -> str:
        with self.lock:
            return self.match.rules.digest(self.match.state)

    def _run(self) -> None:
        try:
            deadline = time.monotonic() + GAME_SECONDS
            while not self._halt.is_set() and time.monotonic() < deadline:
                if self._step():
                    break
            with self.lock:
                if self.match.over:
                    self.host.revoke_all("the game is over")
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            self.failure = exc

    def _step(self) -> bool:
        with self.lock:
            if self.match.over:
                return True
            bots = [s for s in self.match.to_act() if self.match.seats[s].bot is not None]
            if bots:
                self.match.submit(bots[0], self.match.bot_action(bots[0]))
                self.publish()
                return False
        self.woke.wait(0.05)
        self.woke.clear()
        with self.lock:
            if self.host.drain(self.apply):
                self.publish()
            self.coach.serve(self.host, self.match)
        return False

    def join(self, seconds: float = GAME_SECONDS) -> None:
        if self._thread is not None:
            self._thread.join(seconds)
            assert not self._thread.is_alive(), "the table did not finish in time"
        assert self.failure is None, f"the table failed: {self.failure!r}"

    def stop(self) -> None:
        self._halt.set()
        if self._thread is not None:
            self._thread.join(5)
        self.host.stop()


@dataclass
class Received:
    """Everything one socket received: the text frames in order, and how it was closed."""

    frames: list[str] = field(default_factory=list)
    closed: int | None = None  # the close code, once closed

    def parsed(self) -> list[dict[str, Any]]:
        return [json.loads(f) for f in self.frames]

    def kinds(self) -> list[str]:
        return [m["type"] for m in self.parsed()]


async def recv(ws: aiohttp.ClientWebSocketResponse, got: Received, seconds: float = RECV_SECONDS):
    """One message (recorded); None once the socket is closed or nothing came in time."""
    try:
        msg = await asyncio.wait_for(ws.receive(), seconds)
    except asyncio.TimeoutError:
        return None
    if msg.type == aiohttp.WSMsgType.TEXT:
        got.frames.append(msg.data)
        return json.loads(msg.data)
    if msg.type == aiohttp.WSMsgType.BINARY:
        got.frames.append(repr(msg.data))
        return {"type": "binary!"}
    got.closed = ws.close_code if ws.close_code is not None else -1
    return None


def choose(seed: int, seat: int, ply: int, legal: list[dict]) -> str:
    """A seeded pick from the seat's own legal list."""
    return Rng(seed_state(seed, "phone", seat, ply)).choice(legal)["text"]


async def play_seat(session: aiohttp.ClientSession, url: str, token: str, seat: int, seed: int,
                    got: Received, accepted: list[str], hints: bool = False) -> None:
    """A phone that plays ``seat`` to the end: acts on every state that offers it a choice
    (with ``hints``, first asks the coach about it and waits for the answer)."""
    async with session.ws_connect(url) as ws:
        await ws.send_str(json.dumps({"type": "hello", "token": token}))
        sent: dict[int, str] = {}
        acted_at = -1
        asked: set[int] = set()
        answered: set[int] = set()
        state: dict | None = None
        while True:
            msg = await recv(ws, got)
            if msg is None or msg["type"] == "bye":
                return
            if msg["type"] == "welcome":
                assert msg["seat"] == seat
            elif msg["type"] == "accepted":
                accepted.append(sent[msg["id"]])
            elif msg["type"] == "state":
                state = msg
            elif msg["type"] == "hint":
                answered.add(msg["id"])  # asked with the ply as its id
            if state is None or not state["legal"] or state["ply"] == acted_at:
                continue
            ply = state["ply"]
            if hints and ply not in asked:
                asked.add(ply)
                try:
                    await ws.send_str(json.dumps({"type": "hint", "ply": ply, "id": ply}))
                except ConnectionResetError:  # aiohttp's reset error is one
                    acted_at = ply  # the table is closing the seat: read what it sent first
                    continue
            if hints and ply not in answered:
                continue
            acted_at = ply
            text = choose(seed, seat, ply, state["legal"])
            sent[len(sent) + 1] = text
            try:
                await ws.send_str(json.dumps({"type": "act", "ply": ply, "action": text, "id": len(sent)}))
            except ConnectionResetError:  # aiohttp's reset error is one
                # the table is closing the seat (the game ended): the replies it sent before, an
                # "accepted" among them, are still to be read, up to its "bye"
                sent.pop(len(sent))


def replayed(match: Match) -> Match:
    """A fresh match given the same actions, through ``Match`` directly; the bots' moves are
    checked to be what each bot would choose there."""
    fresh = Match(match.rules, match.config, match.seed, match.seats)
    for entry in match.log:
        if match.seats[entry.seat].bot is not None:
            assert match.rules.action_text(fresh.bot_action(entry.seat)) == entry.text
        fresh.submit_text(entry.seat, entry.text)
    return fresh


def check_frames(match: Match, seat: int | None, got: Received, resample: int = 1) -> int:
    """The leak check over every frame a seat's socket received: each state equals the snapshot of
    ``seat`` at that ply (rebuilt by replaying the log), its bytes do not change when everything
    the seat cannot know is redrawn (``resample_hidden``, as the conformance leak test defines a
    secret; every ``resample``-th state), and the other frames are the protocol's small replies.
    Returns how many states were checked."""
    rules = match.rules
    states = _states_by_ply(match)
    checked = 0
    rng = Rng(seed_state(7, "leak", -1 if seat is None else seat))
    allowed = [  # the events addressed to everyone or to this seat, read apart from the snapshot code
        (p, str(ev.kind), json.loads(json.dumps(serial.encode(dict(ev.data)))))
        for p, ev in match.events
        if ev.to is None or (seat is not None and seat in ev.to)
    ]
    for text in got.frames:
        msg = json.loads(text)
        kind = msg["type"]
        if kind == "hint":
            _check_hint(match, states, seat, msg, Rng(rng.next64()))
            continue
        if kind != "state":
            assert kind in {"welcome", "accepted", "refused", "error", "bye", "pong"}, text[:80]
            assert set(msg) <= {"type", "seat", "id", "reason"}, text[:80]
            if kind == "welcome":
                assert msg["seat"] == seat
            continue
        ply = msg["ply"]
        state, events = states[ply], [(p, ev) for p, ev in match.events if p <= ply]
        assert isinstance(msg["coach"], bool) and (seat is not None or not msg["coach"]), "the coach flag"
        common = {"seats": match.seats, "ply": ply, "events": events, "coach": msg["coach"]}
        expect = {"type": "state", **seat_snapshot(rules, state, seat, **common)}
        assert msg == json.loads(json.dumps(expect)), f"seat {seat}: the state at ply {ply} is not its snapshot"
        _check_parts(rules, state, seat, msg)
        upto = [e for e in allowed if e[0] <= ply]
        shown = [(e["ply"], e["kind"], e["data"]) for e in msg["events"]]
        assert shown == upto[-EVENT_WINDOW:], f"seat {seat}: an event it may not see at ply {ply}"
        if checked % resample == 0:
            other = rules.resample_hidden(state, seat, Rng(rng.next64()))
            again = {"type": "state", **seat_snapshot(rules, other, seat, **common)}
            assert json.dumps(again, separators=(",", ":"), ensure_ascii=False) == text, (
                f"seat {seat}: the bytes at ply {ply} depend on what it cannot know"
            )
        checked += 1
    return checked


def _check_hint(match: Match, states: list[Any], seat: int | None, msg: dict, rng: Rng) -> None:
    """A coach's answer: its shape, and its advice is the game's adviser on the seat's own view
    and legal actions at that ply, the same again when what the seat cannot know is redrawn."""
    assert seat is not None, "a watching page got a hint"
    if msg["text"] is None:
        assert set(msg) == {"type", "id", "ply", "text", "reason"} and isinstance(msg["reason"], str), msg
        return
    assert set(msg) == {"type", "id", "ply", "title", "text"}, msg
    rules, state = match.rules, states[msg["ply"]]
    assert seat in rules.to_act(state), f"seat {seat}: a hint at ply {msg['ply']}, where it had no choice"
    other = rules.resample_hidden(state, seat, rng)
    for source in (state, other):
        legal = tuple(rules.legal_actions(source, seat))
        _action, reason = adviser(rules.info.id)(rules.view(source, seat), legal)
        for number, s in enumerate(match.seats):
            reason = reason.replace(f"<P{number}>", s.name)
        assert (msg["title"], msg["text"]) == ("Coach", reason), f"seat {seat}: the hint is not its own view's"


def _check_parts(rules: Any, state: Any, seat: int | None, msg: dict) -> None:
    """The view and the legal actions of a state message against the protocol directly (not
    through the snapshot code): the seat's own view, its own legal actions only when it acts."""
    assert msg["view"] == json.loads(json.dumps(rules.view_to_json(rules.view(state, seat))))
    acting = seat is not None and seat in rules.to_act(state)
    own = [rules.action_text(a) for a in rules.legal_actions(state, seat)] if acting else []
    assert [item["text"] for item in msg["legal"]] == own


def _states_by_ply(match: Match) -> list[Any]:
    fresh = Match(match.rules, match.config, match.seed, match.seats)
    states = [fresh.state]
    for entry in match.log:
        fresh.submit_text(entry.seat, entry.text)
        states.append(fresh.state)
    return states
