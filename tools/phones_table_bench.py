"""The desktop table with ten phones connected, in the real loop: idle cost and tap to frame.

    python tools/phones_table_bench.py [--runs 3] [--idle 30] [--taps 40] [--seed 5]

``remote_bench.py`` times the server alone and ``remote_seam_bench.py`` the controller's inbox;
this bench times the whole path a player's tap takes. The real ``App`` runs its real loop
(``App.run``: ``wait_for_events`` and ``sleep_timeout`` while at rest, 60 frames a second while
something moves) in the main thread, headless (SDL's dummy video driver unless ``DISPLAY`` is
set), with a Babel Builders table of 10 seats all on phones and the phone server on 127.0.0.1.
Ten real WebSocket clients (aiohttp, in one thread of their own) log in with the seats' links;
the Phones panel is then put away, and:

- idle: nobody taps for ``--idle`` seconds; the process's CPU time (every thread: the loop, the
  server, the clients) as a share of one core, and the frames drawn (target: no frames, at most
  2% of a core);
- taps: ``--taps`` times the phone whose turn it is sends one of its legal choices (from its own
  last state); the time from the client sending it to the end of the first frame presented with
  the move applied (target: median under 50 ms). Between taps the bench waits until the table is
  at rest again, as a person does not tap faster than the table animates. The same again with
  the game menu over the table (moves land without animation there), in a second game (a game
  lasts about 60 random moves); the time until the move was applied and every phone's snapshot
  published is printed beside it;
- the frame time (draw + present) of every frame drawn while a phone's move animates, against
  the 16.7 ms budget of 60 frames a second.

Each game runs in a process of its own (the app quits pygame when its loop ends). Every figure
is printed per run and as the median over ``--runs`` runs; nothing is asserted.
The machine's load inflates all of them: compare runs made back to back.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import queue
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("BABEL_TOWERS_HOME", tempfile.mkdtemp(prefix="babel-bench-"))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import aiohttp  # noqa: E402

from babel.core import registry  # noqa: E402
from babel.core.match import Change, Match, Seat  # noqa: E402
from babel.core.settings import Settings  # noqa: E402
from scenes import routes  # noqa: E402
from scenes.core import App, wake  # noqa: E402
from scenes.pilot import Pilot  # noqa: E402
from scenes.remote.panel import PhonesPanel  # noqa: E402
from scenes.tables import table_for  # noqa: E402

GAME = "builders"
SEATS = 10
SEED = 5
FRAME_BUDGET_MS = 1000 / 60
TAP_TARGET_MS = 50.0
IDLE_TARGET = 0.02  # of one core
WAIT = 15.0  # the longest the bench waits for anything (a login, a state, a frame, rest)
REST = 0.5  # seconds without a frame after which the table is at rest
WARM_UP = 2.0  # seconds at rest before the idle clock starts (logins, first frames)
POLL = 0.002  # how often the client thread looks at the loop's records
CHILD_MARK = "figures: "  # the line a run's process prints its figures on
CHILD_TIMEOUT = 900.0  # seconds one run may take at most


@dataclass(frozen=True)
class Frame:
    start: float  # perf_counter when App.draw began
    end: float  # when App.present returned
    ply: int  # the match's ply as drawn
    moving: bool  # the table was animating


@dataclass
class Records:
    """What the loop thread notes (appended there, read from the client thread)."""

    frames: list[Frame] = field(default_factory=list)
    # ply before a move -> when it was applied and the phones' snapshots published (the link
    # subscribed to the match first, so it has published when this bench hears of the change)
    applied: dict[int, float] = field(default_factory=dict)


@dataclass
class RunFigures:
    idle_cpu: float = 0.0  # share of one core
    idle_frames: int = 0
    idle_seconds: float = 0.0
    connected: int = 0
    taps: list[float] = field(default_factory=list)  # ms, send -> first frame with the move
    applied: list[float] = field(default_factory=list)  # ms, send -> applied and published
    covered_taps: list[float] = field(default_factory=list)
    covered_applied: list[float] = field(default_factory=list)
    moving_frames: list[float] = field(default_factory=list)  # ms, draw + present
    refused: int = 0
    stopped: str = ""  # why taps ended before their count, if they did
    covered_stopped: str = ""  # the same under the game menu


class LoopHooks:
    """Runs the client thread's requests on the loop thread and records every frame."""

    def __init__(self, app: App, table) -> None:
        self.app, self.table = app, table
        self.records = Records()
        self.calls: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._draw, self._present, self._step = app.draw, app.present, app.step
        self._started = 0.0
        self._ply = 0
        self._moving = False
        app.draw, app.present, app.step = self.draw, self.present, self.step  # type: ignore[method-assign]
        table.match.subscribe(self._changed)

    def call(self, fn: Callable[[], None]) -> None:
        """Have ``fn`` run on the loop thread at its next step (the loop is woken for it)."""
        self.calls.put(fn)
        wake()

    def step(self, dt, events, draw=True) -> None:
        while True:
            try:
                self.calls.get_nowait()()
            except queue.Empty:
                break
        self._step(dt, events, draw)

    def draw(self) -> None:
        self._started = time.perf_counter()
        self._ply = self.table.match.ply
        self._moving = self.table.busy()
        self._draw()

    def present(self) -> None:
        self._present()
        self.records.frames.append(Frame(self._started, time.perf_counter(), self._ply, self._moving))

    def _changed(self, change: Change) -> None:
        self.records.applied.setdefault(self.table.match.ply - 1, time.perf_counter())


class Phones:
    """Ten phones in one asyncio loop: each keeps its seat's last state; the bench taps for the
    seat whose turn it is."""

    def __init__(self, ws_url: str, tokens: dict[int, str]) -> None:
        self.ws_url, self.tokens = ws_url, tokens
        self.states: dict[int, dict] = {}
        self.answers: dict[int, str] = {}  # act id -> "accepted" / "refused"
        self.sockets: dict[int, aiohttp.ClientWebSocketResponse] = {}
        self.welcomed: set[int] = set()
        self.closed = False

    async def one(self, session: aiohttp.ClientSession, seat: int) -> None:
        async with session.ws_connect(self.ws_url) as ws:
            self.sockets[seat] = ws
            await ws.send_str(json.dumps({"type": "hello", "token": self.tokens[seat]}))
            async for msg in ws:
                if msg.type != aiohttp.WSMsgType.TEXT or self.closed:
                    return
                data = json.loads(msg.data)
                kind = data["type"]
                if kind == "welcome":
                    self.welcomed.add(seat)
                elif kind == "state":
                    self.states[seat] = data
                elif kind in ("accepted", "refused"):
                    self.answers[data["id"]] = kind
                elif kind == "bye":
                    return

    def to_tap(self, ply: int) -> tuple[int, list[dict]] | None:
        for seat, state in sorted(self.states.items()):
            if state["ply"] == ply and state["legal"] and not state["over"]:
                return seat, state["legal"]
        return None


async def _until(test: Callable[[], bool], seconds: float = WAIT) -> bool:
    end = time.perf_counter() + seconds
    while not test():
        if time.perf_counter() > end:
            return False
        await asyncio.sleep(POLL)
    return True


async def _at_rest(records: Records) -> None:
    """Until no frame was presented for REST seconds (bounded)."""
    end = time.perf_counter() + WAIT
    while time.perf_counter() < end:
        last = records.frames[-1].end if records.frames else 0.0
        quiet = time.perf_counter() - last
        if quiet >= REST:
            return
        await asyncio.sleep(REST - quiet + POLL)


async def _taps(
    phones: Phones, hooks: LoopHooks, count: int, rng: random.Random, figures: RunFigures, covered: bool
) -> None:
    match, records = hooks.table.match, hooks.records
    for _ in range(count):
        await _at_rest(records)
        if match.over:
            figures.stopped = "the game ended"
            return
        ply = match.ply
        if not await _until(lambda p=ply: phones.to_tap(p) is not None):
            figures.stopped = f"no phone got a state to act on at ply {ply}"
            return
        seat, legal = phones.to_tap(ply)  # type: ignore[misc]
        act = {"type": "act", "ply": ply, "action": rng.choice(legal)["text"], "id": ply}
        frames_before = len(records.frames)
        sent = time.perf_counter()
        await phones.sockets[seat].send_str(json.dumps(act))
        if not await _until(lambda p=ply: p in phones.answers):
            figures.stopped = f"no answer to the move for ply {ply}"
            return
        if phones.answers[ply] == "refused":
            figures.refused += 1
            continue

        def shown(p: int = ply, n: int = frames_before) -> Frame | None:
            return next((f for f in records.frames[n:] if f.ply > p), None)

        if not await _until(lambda: shown() is not None):
            figures.stopped = f"no frame showed the move for ply {ply}"
            return
        frame = shown()
        (figures.covered_taps if covered else figures.taps).append((frame.end - sent) * 1000)  # type: ignore[union-attr]
        figures.applied.append((records.applied[ply] - sent) * 1000)


async def _bench(phones: Phones, hooks: LoopHooks, opts: argparse.Namespace, figures: RunFigures) -> None:
    records, table = hooks.records, hooks.table
    async with aiohttp.ClientSession() as session:
        clients = [asyncio.create_task(phones.one(session, s)) for s in phones.tokens]
        try:
            await _until(lambda: len(phones.welcomed) == len(phones.tokens))
            figures.connected = len(phones.welcomed)

            def put_away_panel() -> None:
                if isinstance(hooks.app.top, PhonesPanel):
                    hooks.app.top.dismiss()

            hooks.call(put_away_panel)
            await _until(lambda: hooks.app.top is table)
            await _at_rest(records)
            rng = random.Random(opts.seed)
            if opts.covered:  # a game lasts about 60 random moves: the menu's taps get their own
                hooks.call(lambda: hooks.app.push(routes.make(routes.GAME_MENU, table)))
                await _until(lambda: hooks.app.top is not table)
                await _at_rest(records)
                await _taps(phones, hooks, opts.taps, rng, figures, covered=True)
                return
            await asyncio.sleep(WARM_UP)
            frames, cpu, wall = len(records.frames), time.process_time(), time.perf_counter()
            await asyncio.sleep(opts.idle)
            figures.idle_seconds = time.perf_counter() - wall
            figures.idle_cpu = (time.process_time() - cpu) / figures.idle_seconds
            figures.idle_frames = len(records.frames) - frames
            first = len(records.frames)
            await _taps(phones, hooks, opts.taps, rng, figures, covered=False)
            figures.moving_frames = [(f.end - f.start) * 1000 for f in records.frames[first:] if f.moving]
        finally:
            phones.closed = True
            hooks.call(hooks.app.quit)
            await asyncio.wait(clients, timeout=WAIT)
            for task in clients:
                task.cancel()


def one_run(opts: argparse.Namespace, run: int) -> RunFigures:
    settings = Settings(phone_address="127.0.0.1", phone_port=0)
    app = Pilot(size=(1600, 900), anim_speed="normal", settings=settings).app
    rules = registry.get(GAME)
    seats = [Seat(f"Phone {i + 1}", device=True) for i in range(SEATS)]
    match = Match(rules, rules.make_config(SEATS), opts.seed + run, seats)
    table = table_for(GAME)(match, None)
    app.push(table)  # opens the Phones panel: ten phones are awaited
    link = table.phones.link
    urls = {seat: link.host.url_for(seat) for seat in link.device_seats}
    base = urls[0].split("/s/")[0].replace("http://", "ws://")
    phones = Phones(f"{base}/ws", {seat: url.split("/s/")[1] for seat, url in urls.items()})
    hooks = LoopHooks(app, table)
    figures = RunFigures()
    client = threading.Thread(target=lambda: asyncio.run(_bench(phones, hooks, opts, figures)), daemon=True)
    client.start()
    app.run()  # the real loop, until the bench asks it to quit
    client.join(WAIT)
    return figures


def _run_in_child(opts: argparse.Namespace, run: int) -> RunFigures:
    """One run: a table at rest then tapped, and a second game tapped under the game menu, each
    in a fresh process (the app quits pygame at its end; each starts cold, as the program does)."""
    figures = _child(opts, run, covered=False)
    covered = _child(opts, run, covered=True)
    figures.covered_taps, figures.covered_stopped = covered.covered_taps, covered.stopped
    figures.covered_applied = covered.applied
    return figures


def _child(opts: argparse.Namespace, run: int, covered: bool) -> RunFigures:
    args = ["--idle", str(opts.idle), "--taps", str(opts.taps), "--seed", str(opts.seed), "--child", str(run)]
    child = subprocess.run(
        [sys.executable, __file__, *args, *(["--covered"] if covered else [])],
        capture_output=True,
        text=True,
        timeout=CHILD_TIMEOUT,
        check=False,
    )
    for line in child.stdout.splitlines():
        if line.startswith(CHILD_MARK):
            return RunFigures(**json.loads(line[len(CHILD_MARK) :]))
    sys.stderr.write(child.stderr[-4000:])
    return RunFigures(stopped=f"the run's process failed (exit code {child.returncode})")


def _ms(values: list[float]) -> str:
    if not values:
        return "no samples"
    return (
        f"median {statistics.median(values):.1f} ms, min {min(values):.1f}, max {max(values):.1f} "
        f"({len(values)})"
    )


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] if ordered else float("nan")


def _print_run(run: int, f: RunFigures) -> None:
    over_budget = sum(1 for v in f.moving_frames if v > FRAME_BUDGET_MS)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"run {run + 1}: {f.connected} phones connected (load average now {load:.1f})")
    print(
        f"  idle {f.idle_seconds:.0f} s: CPU {100 * f.idle_cpu:.2f}% of one core, "
        f"{f.idle_frames} frames drawn"
    )
    print(f"  tap to applied and published: {_ms(f.applied)}")
    print(f"  tap to next frame:       {_ms(f.taps)}, refused {f.refused}")
    print(f"  under the game menu, tap to applied and published: {_ms(f.covered_applied)}")
    print(f"  under the game menu, tap to next frame: {_ms(f.covered_taps)}")
    for name, why in (("taps", f.stopped), ("taps under the menu", f.covered_stopped)):
        if why:
            print(f"  {name} stopped early: {why}")
    print(
        f"  frame while a phone move animates: {_ms(f.moving_frames)}, 95th percentile "
        f"{_p95(f.moving_frames):.1f} ms, {over_budget} over {FRAME_BUDGET_MS:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--idle", type=float, default=30.0, help="seconds nobody taps")
    parser.add_argument("--taps", type=int, default=40, help="taps, then as many under the game menu")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--child", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--covered", action="store_true", help=argparse.SUPPRESS)
    opts = parser.parse_args()
    if opts.child is not None:  # one run, in a process of its own: its figures as JSON
        print(CHILD_MARK + json.dumps(asdict(one_run(opts, opts.child))))
        return
    runs = []
    for run in range(opts.runs):
        figures = _run_in_child(opts, run)
        _print_run(run, figures)
        runs.append(figures)

    def med(pick: Callable[[RunFigures], list[float]]) -> float:
        medians = [statistics.median(pick(f)) for f in runs if pick(f)]
        return statistics.median(medians) if medians else float("nan")

    done = [f for f in runs if f.idle_seconds] or [RunFigures()]
    print(f"medians over {len(runs)} runs (Babel Builders, {SEATS} phone seats, loopback):")
    print(
        f"  idle: {100 * statistics.median(f.idle_cpu for f in done):.2f}% of one core "
        f"(target: at most {100 * IDLE_TARGET:.0f}%), "
        f"{statistics.median(f.idle_frames for f in done):.0f} frames drawn (target: none)"
    )
    print(f"  tap to next frame: {med(lambda f: f.taps):.1f} ms (target: under {TAP_TARGET_MS:.0f} ms)")
    print(f"  tap to applied and published: {med(lambda f: f.applied):.1f} ms")
    print(f"  under the game menu, tap to next frame: {med(lambda f: f.covered_taps):.1f} ms")
    print(
        f"  frame (draw + present) while a phone move animates: "
        f"{med(lambda f: f.moving_frames):.1f} ms (budget {FRAME_BUDGET_MS:.1f} ms)"
    )


if __name__ == "__main__":
    main()
