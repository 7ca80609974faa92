"""Median frame time of every scene at 1920x1080 with the dummy video driver, and startup time.

    python tools/frame_bench.py [--size 1920x1080] [--frames 120] [--runs 5] [--only NAME ...]
    python tools/frame_bench.py --play 60 [--only table:builders]

Each scene is drawn ``frames`` times after a warm-up; the median of the per-run medians is
reported, in milliseconds. "stress" is a reference table of 60 cards and 150 cubes.
Startup is measured in a fresh process: interpreter start to the first menu frame.

``--play SECONDS``: every table instead plays a game of bots only for that much game time at
normal animation speed, 60 frames a second; the draw time of every frame is recorded (so frames
with animations and the repaints after a state change count), reported as median, 95th
percentile and worst frame. Bot thinking is not in the figures (the app runs bots on a thread).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("BABEL_TOWERS_HOME", tempfile.mkdtemp(prefix="babel-bench-"))

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from scenes import theme  # noqa: E402
from scenes.core import Scene  # noqa: E402
from scenes.pilot import Pilot  # noqa: E402

STARTUP_SNIPPET = """
import time; t0 = time.perf_counter()
import os; os.environ['SDL_VIDEODRIVER']='dummy'; os.environ['SDL_AUDIODRIVER']='dummy'
from scenes.core import App
from scenes.launcher.menu import MainMenu
app = App(size=(1920, 1080)); app.push(MainMenu()); app.draw()
import pygame; pygame.display.flip()
print(time.perf_counter() - t0)
"""


class StressTable(Scene):
    """60 cards and 150 cubes on the felt: the reference load from the foundation issue."""

    def enter(self) -> None:
        from scenes.widgets.blocks import Cube, IsoGrid
        from scenes.widgets.cards import CardSprite

        faces = [
            f"{r}{s}"
            for s in "SHDC"
            for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
        ]
        self.cards = [
            CardSprite(faces[i % 52], pos=(140 + (i % 15) * 88, 150 + (i // 15) * 150), face_up=i % 3 != 0)
            for i in range(60)
        ]
        self.grid = IsoGrid((1150, 300), 40)
        self.cubes = [
            Cube(i % 5, (i // 5) % 5, i // 25, theme.SEAT_COLOURS[i % 6][0], theme.SEAT_COLOURS[i % 6][1])
            for i in range(150)
        ]

    def draw(self, canvas) -> None:
        canvas.table(felt=pygame.Rect(60, 60, 1480, 780))
        for c in self.cards:
            c.draw(canvas)
        self.grid.draw(canvas, self.cubes)


def scenes_to_measure(bots_only: bool = False):
    from babel.core.match import Match, Seat
    from scenes.launcher.menu import MainMenu
    from scenes.launcher.rules_viewer import RulesViewer
    from scenes.launcher.settings import SettingsScene
    from scenes.launcher.setup import SetupScene
    from scenes.tables import playable_games, table_for
    from scenes.widgets.curtain import PrivacyCurtain

    games = playable_games()
    yield "menu", MainMenu
    if games:
        yield "setup", lambda: SetupScene(games[0])
    yield "settings", SettingsScene
    yield "rules", lambda: RulesViewer(games[0].info.id if games else None)
    yield "curtain", lambda: PrivacyCurtain("Anna", "Choose your card.")
    yield "stress", StressTable
    for rules in games:

        def make(rules=rules):
            n = rules.info.default_players or rules.info.max_players
            human = None if bots_only else 0
            seats = [Seat(f"P{i + 1}", None if i == human else rules.info.bot_levels[0]) for i in range(n)]
            match = Match(rules, rules.make_config(n), 7, seats)
            for _ in range(12):
                if match.over or 0 in match.to_act():
                    break
                seat = match.to_act()[0]
                match.submit(seat, match.bot_action(seat))
            return table_for(rules.info.id)(match, None, threaded=False)

        yield f"table:{rules.info.id}", make


def measure(make, size, frames: int) -> float:
    pilot = Pilot(size=size, anim_speed="normal")
    pilot.start(make())
    pilot.app._update(0.5)
    for _ in range(10):
        pilot.app.draw()
    times = []
    for _ in range(frames):
        t = time.perf_counter()
        pilot.app.draw()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def measure_play(make, size, seconds: float) -> list[float]:
    """Draw times (ms) of every frame while bots play ``seconds`` of game time."""
    pilot = Pilot(size=size, anim_speed="normal")
    pilot.start(make())
    times = []
    for _ in range(round(seconds * 60)):
        pilot.app.step(1 / 60, [], draw=False)
        t = time.perf_counter()
        pilot.app.draw()
        times.append((time.perf_counter() - t) * 1000)
    return times


def play_report(size, seconds: float, only: list[str]) -> None:
    print(f"draw time per frame while bots play, {size[0]}x{size[1]}, {seconds:g} s of game time")
    for name, make in scenes_to_measure(bots_only=True):
        if not name.startswith("table:") or (only and name not in only):
            continue
        times = sorted(measure_play(make, size, seconds))
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(
            f"  {name:<20} median {statistics.median(times):5.2f} ms   p95 {p95:5.2f} ms   "
            f"worst {times[-1]:6.2f} ms   ({len(times)} frames)"
        )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--frames", type=int, default=120)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", nargs="*", default=[], help="scene names to measure, e.g. table:duel")
    ap.add_argument("--play", type=float, default=0, metavar="SECONDS", help="measure tables during bot play")
    args = ap.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    if args.play:
        play_report(size, args.play, args.only)
        return 0
    print(f"median frame time at {size[0]}x{size[1]}, {args.runs} runs x {args.frames} frames")
    for name, make in scenes_to_measure():
        if args.only and name not in args.only:
            continue
        runs = [measure(make, size, args.frames) for _ in range(args.runs)]
        print(
            f"  {name:<20} {statistics.median(runs):6.2f} ms   (runs: {', '.join(f'{r:.2f}' for r in runs)})"
        )
    if args.only:
        return 0
    starts = []
    for _ in range(args.runs):
        out = subprocess.run(
            [sys.executable, "-c", STARTUP_SNIPPET], cwd=ROOT, capture_output=True, text=True, check=True
        )
        starts.append(float(out.stdout.strip().splitlines()[-1]))
    print(
        f"  startup to first menu frame: median {statistics.median(starts) * 1000:.0f} ms "
        f"(runs: {', '.join(f'{s * 1000:.0f}' for s in starts)})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
