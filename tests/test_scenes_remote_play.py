"""Phones play whole games: one real WebSocket client per phone seat, on 127.0.0.1, against bots.

Each client picks its moves from its own snapshot's legal list with a seeded random stream; the
table (the loop thread's role) moves the bots, drains the phones' moves and publishes. At the end
the match equals the same actions played through ``Match`` directly (the bots' moves being what
the bots choose there), each phone's accepted moves are exactly its seat's moves in the log, and
every state a phone received is that seat's snapshot at that ply, byte for byte independent of
what the seat cannot know.
"""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from scenes.remote.limits import Limits
from tests.remote_harness import Received, Table, check_frames, play_seat, replayed

# Bots answer at once here, so a phone sees a new state every few milliseconds and acts on most of
# them: far above a person's pace and the flood limit (the hostile battery tests that limit).
FAST_TABLE = Limits(rate=1000.0, burst=1000)

# game, players, seed, phone seats, bot level, resample every n-th state in the leak check
GAMES = [
    ("duel", 2, 3, {0}, "random", 1),
    ("duel", 3, 5, {0, 2}, "random", 1),
    ("turmbau", 4, 2, {1, 3}, "novice", 7),
    ("builders", 7, 4, {2}, "novice", 1),
]


async def _phones(table: Table, seed: int) -> tuple[dict[int, Received], dict[int, list[str]]]:
    got = {seat: Received() for seat in table.devices}
    accepted: dict[int, list[str]] = {seat: [] for seat in table.devices}
    timeout = aiohttp.ClientTimeout(total=120)
    async with aiohttp.ClientSession(timeout=timeout) as session:
        await asyncio.wait_for(
            asyncio.gather(
                *(
                    play_seat(session, table.ws_url, table.tokens[s], s, seed, got[s], accepted[s])
                    for s in table.devices
                )
            ),
            120,
        )
    return got, accepted


@pytest.mark.parametrize(("game", "players", "seed", "devices", "bot", "resample"), GAMES)
def test_phones_play_whole_games_against_bots(game, players, seed, devices, bot, resample) -> None:
    table = Table(game, players, seed, devices, bot, FAST_TABLE).start()
    try:
        got, accepted = asyncio.run(_phones(table, seed))
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
