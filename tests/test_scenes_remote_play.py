"""Phones play whole games: one real WebSocket client per phone seat, on 127.0.0.1, against bots.

Each client picks its moves from its own snapshot's legal list with a seeded random stream; the
table (the loop thread's role) moves the bots, drains the phones' moves and publishes. At the end
the match equals the same actions played through ``Match`` directly (the bots' moves being what
the bots choose there), each phone's accepted moves are exactly its seat's moves in the log, and
every state a phone received is that seat's snapshot at that ply, byte for byte independent of
what the seat cannot know. In the games with hidden hands the phones ask the coach before every
move, and every hint is checked the same way (the seat's own view's advice, whatever is hidden).
"""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from scenes.remote.limits import Limits
from tests.remote_harness import Received, Table, check_frames, play_seat, recv, replayed

# Bots answer at once here, so a phone sees a new state every few milliseconds and acts on most of
# them: far above a person's pace and the flood limit (the hostile battery tests that limit).
FAST_TABLE = Limits(rate=1000.0, burst=1000)

# game, players, seed, phone seats, bot level, resample every n-th state in the leak check, hints
GAMES = [
    ("duel", 2, 3, {0}, "random", 1, False),
    ("duel", 3, 5, {0, 2}, "random", 1, False),
    ("turmbau", 4, 2, {1, 3}, "novice", 20, False),  # hints: the Builders game and the hint tests
    ("builders", 7, 4, {2}, "novice", 1, True),
]


async def _phones(table: Table, seed: int, hints: bool = False) -> tuple[dict[int, Received], dict[int, list[str]]]:
    got = {seat: Received() for seat in table.devices}
    accepted: dict[int, list[str]] = {seat: [] for seat in table.devices}
    timeout = aiohttp.ClientTimeout(total=120)
    async with aiohttp.ClientSession(timeout=timeout) as session:
        await asyncio.wait_for(
            asyncio.gather(
                *(
                    play_seat(session, table.ws_url, table.tokens[s], s, seed, got[s], accepted[s], hints)
                    for s in table.devices
                )
            ),
            120,
        )
    return got, accepted


@pytest.mark.parametrize(("game", "players", "seed", "devices", "bot", "resample", "hints"), GAMES)
def test_phones_play_whole_games_against_bots(game, players, seed, devices, bot, resample, hints) -> None:
    table = Table(game, players, seed, devices, bot, FAST_TABLE).start()
    try:
        got, accepted = asyncio.run(_phones(table, seed, hints))
        table.join()
    finally:
        table.stop()
    match = table.match
    assert match.over, f"{game}: the game did not end"
    direct = replayed(match)
    assert match.rules.digest(direct.state) == match.rules.digest(match.state)
    for seat in table.devices:
        mine = [e.text for e in match.log if e.seat == seat]
        assert mine, f"seat {seat} never moved"
        assert accepted[seat] == mine, f"seat {seat}: the accepted moves are not its moves in the log"
        received = got[seat]
        assert received.kinds()[0] == "welcome"
        assert received.kinds()[-1] == "bye"
        states = [m for m in received.parsed() if m["type"] == "state"]
        assert states[-1]["over"] and states[-1]["outcome"] is not None
        assert check_frames(match, seat, received, resample) == len(states)
        advice = [m for m in received.parsed() if m["type"] == "hint" and m["text"] is not None]
        assert not hints or len(advice) >= len(mine) // 2, f"seat {seat}: the coach rarely answered"


def test_a_phone_that_drops_comes_back_to_its_seat_with_nothing_lost() -> None:
    table = Table("duel", 2, 8, {0}, "random").start()
    host = table.host

    async def scenario() -> tuple[Received, Received, Received]:
        first, second, watcher = Received(), Received(), Received()
        assert host.status() == {0: "awaited"}
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(table.ws_url) as ws:
                await ws.send_str(json.dumps({"type": "hello", "token": table.tokens[0]}))
                assert (await recv(ws, first))["type"] == "welcome"
                state = await recv(ws, first)
                assert host.status() == {0: "connected"}
                text = state["legal"][0]["text"]
                await ws.send_str(json.dumps({"type": "act", "ply": state["ply"], "action": text, "id": 1}))
                while (msg := await recv(ws, first)) is not None and msg["type"] != "accepted":
                    pass
            for _ in range(100):  # the server notices the phone left
                if host.status() == {0: "dropped"}:
                    break
                await asyncio.sleep(0.02)
            assert host.status() == {0: "dropped"}
            async with session.ws_connect(table.ws_url) as ws:
                await ws.send_str(json.dumps({"type": "hello", "token": table.tokens[0]}))
                assert (await recv(ws, second))["type"] == "welcome"
                state = await recv(ws, second)
                assert host.status() == {0: "connected"}
                with table.lock:
                    assert state["ply"] == table.match.ply and state["view"] == table.match.rules.view_to_json(
                        table.match.view(0)
                    )
                    assert [e.text for e in table.match.log if e.seat == 0] == [text]
            async with session.ws_connect(table.ws_url) as ws:
                await ws.send_str(json.dumps({"type": "watch"}))
                assert (await recv(ws, watcher))["seat"] is None
                await ws.send_str(json.dumps({"type": "act", "ply": 0, "action": text, "id": 2}))
                assert (await recv(ws, watcher))["reason"] == "a watching page cannot act"
        return first, second, watcher

    try:
        first, second, watcher = asyncio.run(asyncio.wait_for(scenario(), 60))
        with table.lock:
            host.revoke_all("the game is over")
            assert host.status() == {}
    finally:
        table.stop()
    for got in (first, second):
        check_frames(table.match, 0, got)
    check_frames(table.match, None, watcher)


def test_one_pass_snapshots_equal_each_seats_own() -> None:
    from babel.core import registry
    from babel.core.match import Match, Seat
    from scenes.remote.snapshot import public_snapshot, snapshot_for, snapshots

    rules = registry.get("builders")
    match = Match(rules, rules.make_config(6), 2, [Seat(f"P{i}", bot="novice") for i in range(6)])
    while not match.over:
        both = snapshots(match, range(6))
        assert both == {**{s: snapshot_for(match, s) for s in range(6)}, None: public_snapshot(match)}
        seat = match.to_act()[0]
        match.submit(seat, match.bot_action(seat))
