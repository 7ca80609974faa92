"""The phone server's speed: a tap to the table's next frame, and the CPU it costs while idle.

    python tools/remote_bench.py [--taps 200] [--idle 30] [--seats 10]

Taps: a duel with its first seat on a phone (a real WebSocket client on 127.0.0.1, in a thread of
its own) against a random bot; a thread plays the pygame loop as the app does: it sleeps until
the server's ``wake`` fires, drains the move (parse, ``why_illegal``, ``Match.submit``) and
publishes every seat's snapshot, after which the app would draw its next frame. The figure is the
time from the client sending its ``act`` to the end of that publish, per tap, over fresh games
until ``--taps`` were made; median, 95th percentile and worst are printed in milliseconds. The
target is a 50 ms median on loopback.

Idle: a Babel Builders table with ``--seats`` phone seats, each with a connected phone (in a
separate process, so only the host's own work is counted) that logs in and then waits like the
page does; the host process's loop thread sleeps as the app does at rest. The CPU time the host
process uses over ``--idle`` seconds is printed as a share of one core (target: at most 2%).

Publish: the loop thread's cost of one change with ``--seats`` phone seats (every snapshot built
and handed over), over a whole Babel Builders game of bots.

Nothing is asserted: the machine's load inflates every figure, so compare runs made back to back.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import threading
import time

import aiohttp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from babel.core import registry  # noqa: E402
from babel.core.match import Match, Seat  # noqa: E402
from scenes.remote.acts import apply_to  # noqa: E402
from scenes.remote.host import RemoteHost  # noqa: E402
from scenes.remote.limits import Limits  # noqa: E402
from scenes.remote.snapshot import snapshots  # noqa: E402

TAP_GAME = ("duel", 2)
IDLE_GAME = "builders"
CLIENT_SECONDS = 10.0  # the longest a bench client waits for one message


class Loop:
    """The pygame loop's part: owns the match, sleeps until woken, drains, publishes."""

    def __init__(self, match: Match, host: RemoteHost, woke: threading.Event, phones: list[int]) -> None:
        self.match, self.host, self.woke, self.phones = match, host, woke, phones
        self.applied_at: dict[int, float] = {}  # ply a move was made for -> when it was published
        self.halt = threading.Event()
        self._pending: list[int] = []
        self._apply = apply_to(match, after=lambda seat, text: self._pending.append(match.ply - 1))

    def publish(self) -> None:
        self.host.publish(snapshots(self.match, self.phones))

    def run(self) -> None:
        self.publish()
        while not self.halt.is_set() and not self.match.over:
            bots = [s for s in self.match.to_act() if self.match.seats[s].bot is not None]
            if bots:
                self.match.submit(bots[0], self.match.bot_action(bots[0]))
                self.publish()
                continue
            self.woke.wait(0.5)  # the app sleeps in its event wait until something happens
            self.woke.clear()
            if self.host.drain(self._apply):
                self.publish()
                now = time.perf_counter()
                for ply in self._pending:
                    self.applied_at[ply] = now
                self._pending.clear()


async def _tapper(url: str, token: str, sent_at: dict[int, float]) -> None:
    """A phone that plays its first legal choice whenever it may, noting when each act left."""
    async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
        await ws.send_str(json.dumps({"type": "hello", "token": token}))
        acted = -1
        while True:
            msg = await asyncio.wait_for(ws.receive(), CLIENT_SECONDS)
            if msg.type != aiohttp.WSMsgType.TEXT:
                return
            data = json.loads(msg.data)
            if data["type"] == "bye":
                return
            if data["type"] == "state" and data["legal"] and data["ply"] != acted:
                acted = data["ply"]
                act = {"type": "act", "ply": acted, "action": data["legal"][0]["text"], "id": acted}
                sent_at[acted] = time.perf_counter()
                await ws.send_str(json.dumps(act))


def _run_tapper(url: str, token: str, sent_at: dict[int, float]) -> None:
    asyncio.run(_tapper(url, token, sent_at))


def bench_taps(taps: int) -> list[float]:
    game, players = TAP_GAME
    rules = registry.get(game)
    seats = [Seat("Phone"), Seat("Bot", bot="random")]
    woke = threading.Event()
    host = RemoteHost(game, rules.info.title, seats, wake=woke.set, limits=Limits(rate=1000.0, burst=1000))
    host.start()
    times: list[float] = []
    try:
        for seed in range(10_000):
            if len(times) >= taps:
                break
            match = Match(rules, rules.make_config(players), seed, seats)
            token = host.issue(0)
            loop = Loop(match, host, woke, [0])
            sent_at: dict[int, float] = {}
            table = threading.Thread(target=loop.run, daemon=True)
            table.start()
            client = threading.Thread(target=_run_tapper, args=(f"{host.base_url()}/ws", token, sent_at))
            client.start()
            table.join(60)
            host.revoke(0, "the game is over")
            client.join(10)
            loop.halt.set()
            times += [(loop.applied_at[p] - sent_at[p]) * 1000 for p in loop.applied_at if p in sent_at]
    finally:
        host.stop()
    return times[:taps]


async def _idle_phones(base: str, tokens: list[str], seconds: float) -> None:
    async def one(session: aiohttp.ClientSession, token: str) -> None:
        async with session.ws_connect(f"{base}/ws") as ws:
            await ws.send_str(json.dumps({"type": "hello", "token": token}))
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                try:
                    msg = await asyncio.wait_for(ws.receive(), max(0.1, end - time.monotonic()))
                except asyncio.TimeoutError:
                    return
                if msg.type != aiohttp.WSMsgType.TEXT:
                    return

    async with aiohttp.ClientSession() as session:
        await asyncio.gather(*(one(session, t) for t in tokens))


def bench_idle(seconds: float, seats: int) -> tuple[float, int]:
    rules = registry.get(IDLE_GAME)
    people = [Seat(f"Phone {i + 1}") for i in range(seats)]
    match = Match(rules, rules.make_config(seats), 1, people)
    woke = threading.Event()
    host = RemoteHost(IDLE_GAME, rules.info.title, people, wake=woke.set)
    host.start()
    tokens = [host.issue(s) for s in range(seats)]
    loop = Loop(match, host, woke, list(range(seats)))
    loop.publish()
    child = subprocess.Popen(
        [sys.executable, __file__, "--phones", host.base_url(), str(seconds + 8), *tokens], cwd=ROOT
    )
    try:
        for _ in range(100):  # wait (bounded) until every phone is in
            if sum(1 for v in host.status().values() if v == "connected") == seats:
                break
            time.sleep(0.1)
        connected = sum(1 for v in host.status().values() if v == "connected")
        time.sleep(1.0)  # let the logins' work settle
        cpu0, wall0 = time.process_time(), time.perf_counter()
        end = wall0 + seconds
        while time.perf_counter() < end:  # the loop thread at rest: sleeps until woken
            woke.wait(min(0.5, max(0.0, end - time.perf_counter())))
            woke.clear()
            if host.drain(loop._apply):
                loop.publish()
        share = (time.process_time() - cpu0) / (time.perf_counter() - wall0)
    finally:
        host.stop()
        child.wait(30)
    return share, connected


def bench_publish(seats: int) -> list[float]:
    """The loop thread's cost of one change: every phone seat's snapshot and the public one built
    and handed to the server, over a whole game of bots (milliseconds per change)."""
    rules = registry.get(IDLE_GAME)
    people = [Seat(f"Phone {i + 1}", bot="novice") for i in range(seats)]
    match = Match(rules, rules.make_config(seats), 1, people)
    host = RemoteHost(IDLE_GAME, rules.info.title, people)
    host.start()
    times: list[float] = []
    try:
        while not match.over:
            start = time.perf_counter()
            host.publish(snapshots(match, range(seats)))
            times.append((time.perf_counter() - start) * 1000)
            seat = match.to_act()[0]
            match.submit(seat, match.bot_action(seat))
    finally:
        host.stop()
    return times


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["--phones"]:  # the child process of the idle bench
        asyncio.run(_idle_phones(args[1], args[3:], float(args[2])))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=200)
    parser.add_argument("--idle", type=float, default=30.0)
    parser.add_argument("--seats", type=int, default=10)
    opts = parser.parse_args(args)
    if opts.taps:
        times = sorted(bench_taps(opts.taps))
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(
            f"tap to frame ({len(times)} taps, loopback): median {statistics.median(times):.2f} ms, "
            f"95th percentile {p95:.2f} ms, worst {times[-1]:.2f} ms (target: median under 50 ms)"
        )
    if opts.seats:
        costs = sorted(bench_publish(opts.seats))
        print(
            f"publish with {opts.seats} phone seats ({len(costs)} changes): median {statistics.median(costs):.2f} ms, "
            f"worst {costs[-1]:.2f} ms of the loop thread per change"
        )
    if opts.idle:
        share, connected = bench_idle(opts.idle, opts.seats)
        print(
            f"idle with {connected} connected phone seats over {opts.idle:g} s: "
            f"{share * 100:.2f}% of one core (target: at most 2%)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
