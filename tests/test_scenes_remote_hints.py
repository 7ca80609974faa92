"""The coach on a phone, through the real desktop table and a real WebSocket client.

A duel with both seats on phones (so one seat can be left with no choice while the other has
one), played by the table's own loop (threaded: hints run on the bots' worker). The client asks
for hints: with the coach on it gets, on its own socket only, what the desktop's Hint says for
that seat (checked by handing the seat to the screen and pressing Hint there); with the coach
off in Settings, for an earlier ply or while it has no choice, a ``text: null`` answer with the
reason; the snapshots say whether the coach is on; questions about one position asked together
are answered together from one computation; a flood of them is cut off by the socket's bucket;
a watching page has no coach.
Every frame either socket received goes through the leak check, hints included.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import aiohttp
import pytest

from babel.core import registry
from babel.core.match import DEVICE, SCREEN, Match, Seat
from scenes.core import STEP
from scenes.pilot import FRAME
from scenes.remote import hints
from scenes.remote.panel import PhonesPanel
from scenes.tables import table_for
from tests.remote_harness import Received, Table, check_frames, recv

FRAMES = 600  # the most frames any one wait here advances (each also waits for the socket)
RECV_SLICE = 0.01  # seconds a wait listens to the socket between two frames of the table
BURST = 20  # the per-socket bucket's burst (Limits' default, which this table keeps)


def _tick(pilot: Any) -> None:
    """One update of the table's loop (the phones served exactly once), nothing drawn."""
    pilot.app.step(STEP, [], draw=False)


def _duel() -> Match:
    rules = registry.get("duel")
    return Match(rules, rules.make_config(2), 23, [Seat("Ann", device=True), Seat("Ben", device=True)])


class Phone:
    """One seat's socket, read between frames of the table's loop (which the test drives)."""

    def __init__(self, pilot: Any, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.pilot, self.ws = pilot, ws
        self.got = Received()
        self.state: dict | None = None
        self.closed = False

    async def send(self, **msg: Any) -> None:
        await self.ws.send_str(json.dumps(msg))

    async def until(self, what: str, cond: Callable[[dict], bool]) -> dict:
        """Advance the table a frame at a time until a message ``cond`` holds for arrives."""
        for _ in range(FRAMES):
            _tick(self.pilot)
            try:
                msg = await asyncio.wait_for(self.ws.receive(), RECV_SLICE)
            except asyncio.TimeoutError:
                continue
            if msg.type != aiohttp.WSMsgType.TEXT:
                self.closed = True
                raise AssertionError(f"the socket closed while waiting for {what}")
            self.got.frames.append(msg.data)
            data = json.loads(msg.data)
            if data["type"] == "state":
                self.state = data
            if cond(data):
                return data
        raise AssertionError(f"no {what} within {FRAMES} frames")

    async def hint(self, ply: int, request_id: int) -> dict:
        await self.send(type="hint", ply=ply, id=request_id)
        return await self.until(f"hint {request_id}", lambda m: m["type"] == "hint" and m["id"] == request_id)


async def _connect(session: aiohttp.ClientSession, pilot: Any, url: str) -> Phone:
    base, token = url.split("/s/")
    ws = await session.ws_connect(base.replace("http://", "ws://") + "/ws")
    phone = Phone(pilot, ws)
    await phone.send(type="hello", token=token)
    await phone.until("its state", lambda m: m["type"] == "state")
    return phone


def _set_coach(pilot: Any, on: bool) -> None:
    pilot.app.apply_settings(pilot.app.settings.with_(coach=on), persist=False)


def test_a_phone_asks_the_coach_and_gets_what_the_desktop_says(pilot, monkeypatch):
    asked: list[int] = []
    original = hints.adviser

    def counting(game: str):
        advise = original(game)

        def wrapped(view, legal):
            asked.append(view.seat)
            return advise(view, legal)

        return wrapped

    monkeypatch.setattr(hints, "adviser", counting)
    pilot.app.settings = pilot.app.settings.with_(phone_address="127.0.0.1", phone_port=0)
    match = _duel()
    table = table_for("duel")(match, None, threaded=True)
    pilot.start(table)
    assert isinstance(pilot.top, PhonesPanel)
    pilot.app.pop()  # the codes were shown; the table is on top again
    link = table.phones.link
    urls = {line.seat: line.url for line in link.lines() if line.place == DEVICE}

    async def scenario() -> tuple[Phone, Phone, dict]:
        async with aiohttp.ClientSession() as session:
            ann = await _connect(session, pilot, urls[0])
            ben = await _connect(session, pilot, urls[1])
            assert ann.state["coach"] is True and ann.state["ply"] == 0 and ann.state["legal"]

            # on: the answer is sent when the worker is done, and that end wakes the loop
            await ann.send(type="hint", ply=0, id=7)
            for _ in range(FRAMES):
                _tick(pilot)
                if link.hints._seats.get(0) and link.hints._seats[0].waiting:
                    break
                await asyncio.sleep(RECV_SLICE)
            job = link.hints._seats[0].coach.job
            assert job is not None
            job.result(10)
            assert link.next_due() == 0.0 and table.next_wake() == 0.0
            first = await ann.until("the hint", lambda m: m["type"] == "hint")
            assert first["id"] == 7 and first["ply"] == 0 and first["title"] == "Coach" and first["text"]
            assert asked == [0]

            # the same position again: answered at once, nothing computed again
            again = await ann.hint(0, 8)
            assert (again["title"], again["text"]) == (first["title"], first["text"]) and asked == [0]

            # the coach turned off in Settings: the pages hear it, and a question says why
            _set_coach(pilot, False)
            await ann.until("the coach off", lambda m: m["type"] == "state" and m["coach"] is False)
            off = await ann.hint(0, 9)
            assert off["text"] is None and off["reason"] == hints.OFF
            _set_coach(pilot, True)
            await ann.until("the coach on", lambda m: m["type"] == "state" and m["coach"] is True)

            # Ann plays: now only Ben has a choice
            card = ann.state["legal"][0]["text"]
            await ann.send(type="act", ply=0, action=card, id=10)
            await ann.until("the next state", lambda m: m["type"] == "state" and m["ply"] == 1)
            assert not ann.state["legal"]
            none = await ann.hint(1, 11)
            assert none["text"] is None and none["reason"] == hints.NOT_YOUR_MOVE
            stale = await ann.hint(0, 12)
            assert stale["text"] is None and stale["reason"] == hints.STALE

            # Ben asks three times at once: one computation, three equal answers, to Ben only;
            # Ann's move did not change Ben's choices, so a question about ply 0 is still his
            # present choice's (as a move for ply 0 would be taken), answered from ply 1's view
            await ben.until("the next state", lambda m: m["type"] == "state" and m["ply"] == 1)
            for request, ply in ((1, 0), (2, 1), (3, 1)):
                await ben.send(type="hint", ply=ply, id=request)
            answers = [
                await ben.until(f"hint {r}", lambda m, r=r: m["type"] == "hint" and m["id"] == r)
                for r in (1, 2, 3)
            ]
            assert len({(a["ply"], a["title"], a["text"]) for a in answers}) == 1 and answers[0]["text"]
            assert answers[0]["ply"] == 1 and asked == [0, 1]
            assert not [m for m in ann.got.parsed() if m["type"] == "hint" and m["id"] in (1, 2, 3)]

            # a flood of questions meets the same bucket as every message: cut off
            for request in range(BURST + 5):
                await ann.send(type="hint", ply=1, id=100 + request)
            for _ in range(FRAMES):
                _tick(pilot)
                try:
                    msg = await asyncio.wait_for(ann.ws.receive(), RECV_SLICE)
                except asyncio.TimeoutError:
                    continue
                if msg.type != aiohttp.WSMsgType.TEXT:
                    break
                ann.got.frames.append(msg.data)
            assert ann.ws.close_code == 1008
            assert json.loads(ann.got.frames[-1]) == {
                "type": "error",
                "reason": "too many messages: slow down",
            }
            await ben.ws.close()
            return ann, ben, answers[0]

    ann, ben, ben_hint = asyncio.run(asyncio.wait_for(scenario(), 120))
    check_frames(match, 0, ann.got)
    check_frames(match, 1, ben.got)

    # the desktop's own Hint for Ben's seat at the same position says the same
    table.phones.move(1, SCREEN)
    assert table.viewer == 1 and match.ply == 1
    table.show_hint()
    for _ in range(FRAMES):
        pilot.advance(FRAME)
        if table.coach.job is None:
            break
        table.coach.job.result(10)
    assert table.coach.note == (ben_hint["title"], ben_hint["text"])
    pilot.app.close_scenes()


@pytest.mark.parametrize(
    "text",
    [
        '{"type":"hint","ply":0}',
        '{"type":"hint","ply":0,"id":1,"seat":1}',
        '{"type":"hint","ply":true,"id":1}',
        '{"type":"hint","ply":0,"id":-1}',
        '{"type":"hint","ply":0,"id":1,"id":2}',
    ],
)
def test_a_malformed_hint_is_refused_by_the_wire(text: str) -> None:
    from scenes.remote.wire import BadMessage, read_message

    with pytest.raises(BadMessage):
        read_message(text)


def test_a_watching_page_has_no_coach() -> None:
    table = Table("duel", 2, 5, {0, 1}, "random").start()

    async def scenario() -> Received:
        got = Received()
        async with aiohttp.ClientSession() as session, session.ws_connect(table.ws_url) as ws:
            await ws.send_str(json.dumps({"type": "watch"}))
            state = await recv(ws, got)
            assert state is not None and state["type"] == "state" and state["coach"] is False
            await ws.send_str(json.dumps({"type": "hint", "ply": state["ply"], "id": 1}))
            assert await recv(ws, got) == {"type": "error", "reason": "a watching page has no coach"}
        return got

    try:
        got = asyncio.run(asyncio.wait_for(scenario(), 30))
    finally:
        table.stop()
    check_frames(table.match, None, got)
