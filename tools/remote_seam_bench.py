"""How fast a device seat's move crosses into the loop, and what a table waiting for phones costs.

    python tools/remote_seam_bench.py [--moves 12] [--idle 5] [--covered] [--seed 21]

A duel table whose two seats are both played on devices runs in the real loop (``App.run``,
dummy video driver unless ``DISPLAY`` is set). A stand-in server thread follows the match through
a subscriber (snapshots taken on the loop's thread), posts each seat's move as text through the
controller's inbox, and times each move from ``post`` to its reply (applied on the loop's thread;
at the top a move waits for the last one's animation, as a bot's does). After ``--moves`` moves
the phones fall silent mid-game; once the table is at rest the loop's frames and the process's
CPU over ``--idle`` seconds are what a desktop waiting for phones costs. ``--covered`` keeps the game menu open over
the table the whole time (moves then land without animation). Figures are medians, 95th
percentiles and worst cases in milliseconds; the machine's load inflates all of them.
"""

from __future__ import annotations

import argparse
import os
import queue
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("BABEL_TOWERS_HOME", tempfile.mkdtemp(prefix="babel-bench-"))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from babel.core import registry  # noqa: E402
from babel.core.match import Change, Match, Seat  # noqa: E402
from scenes import routes  # noqa: E402
from scenes.core import wake  # noqa: E402
from scenes.pilot import Pilot  # noqa: E402
from scenes.tables import table_for  # noqa: E402

SEED = 21
WAIT = 10.0  # seconds the server waits for a snapshot before it gives up on a game
REST = 4.0  # seconds after the last move before the idle measurement starts


class Server:
    """Plays every device seat from its own thread, one move in flight at a time."""

    def __init__(self, table) -> None:
        self.table = table
        self.snapshots: queue.SimpleQueue = queue.SimpleQueue()
        self.latencies: list[float] = []
        self.refused: list[str] = []
        self._sent_at: float | None = None
        self.stop = table.match.subscribe(self._changed)
        self._publish()

    def _publish(self) -> None:  # on the loop's thread
        m = self.table.match
        self.snapshots.put([m.snapshot(s) for s in range(len(m.seats))])

    def _changed(self, change: Change) -> None:
        self._publish()

    def _reply(self, answer: str | None) -> None:  # on the loop's thread
        if self._sent_at is not None:
            self.latencies.append(time.perf_counter() - self._sent_at)
        if answer is not None:
            self.refused.append(answer)
        self._sent_at = None
        self._publish()

    def play(self, moves: int) -> bool:
        """Until ``moves`` were answered or the game is over (True), or nothing comes for WAIT
        seconds (False)."""
        while len(self.latencies) < moves:
            try:
                snaps = self.snapshots.get(timeout=WAIT)
                while not self.snapshots.empty():
                    snaps = self.snapshots.get_nowait()
            except queue.Empty:
                return False
            if snaps[0].over:
                return True
            if self._sent_at is not None:
                continue
            for snap in snaps:
                if snap.legal:
                    self._sent_at = time.perf_counter()
                    self.table.controller.post(snap.seat, snap.legal[len(snap.legal) // 2], self._reply)
                    break
        return True


def _ms(values: list[float]) -> str:
    if not values:
        return "no samples"
    ordered = sorted(v * 1000 for v in values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"median {statistics.median(ordered):.1f}, p95 {p95:.1f}, worst {ordered[-1]:.1f} ({len(ordered)} moves)"


def run(moves: int, idle: float, covered: bool, seed: int) -> None:
    pilot = Pilot(size=(1600, 900), anim_speed="normal")
    app = pilot.app
    rules = registry.get("duel")
    match = Match(rules, rules.make_config(2), seed, [Seat("Ben", device=True), Seat("Cleo", device=True)])
    table = table_for("duel")(match, None)
    app.push(table)
    if covered:
        app.push(routes.make(routes.GAME_MENU, table))
    server = Server(table)
    result: dict[str, float] = {}

    def serve() -> None:
        result["finished"] = server.play(moves)
        server.stop()
        time.sleep(REST)  # the last move's animation ends: from here on nothing moves
        frames, cpu = app.frames_drawn, time.process_time()
        time.sleep(idle)
        result["frames"] = app.frames_drawn - frames
        result["cpu"] = (time.process_time() - cpu) / idle
        app.quit()
        wake()

    worker = threading.Thread(target=serve, daemon=True)
    start = time.perf_counter()
    worker.start()
    app.run()
    worker.join(WAIT)
    wall = time.perf_counter() - start - idle - REST
    state = "played" if result.get("finished") else "NOT played (stalled)"
    print(f"{match.ply} moves {state} in {wall:.1f} s, refused {len(server.refused)}")
    print(f"post to reply: {_ms(server.latencies)}")
    print(f"silent for {idle:g} s: {result.get('frames', '?')} frames drawn, CPU {100 * result.get('cpu', 0):.1f}% of one core")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=12, help="moves the phones make, then fall silent")
    parser.add_argument("--idle", type=float, default=5.0)
    parser.add_argument("--covered", action="store_true")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    run(args.moves, args.idle, args.covered, args.seed)


if __name__ == "__main__":
    main()
