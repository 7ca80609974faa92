"""Frame cost of every scene against the floor, CPU used while idle, and memory after resizes.

    python tools/frame_bench.py [--size 1920x1080 3840x2160] [--frames 120] [--runs 5] [--only NAME ...]
    python tools/frame_bench.py --play 60 [--only table:builders]
    python tools/frame_bench.py --idle 30 [--only menu setup]
    python tools/frame_bench.py --resize 20

Frames (the default): at each size, the ``floor`` row is what no scene can beat, one full-screen
blit and one present of the window; each scene is then drawn and presented ``frames`` times after
a warm-up, as the loop does when the scene needs a frame (its static layers are cached after the
first). The median of the per-run medians is reported in milliseconds and as a multiple of the
floor measured in the same run. "stress" is a reference table of 60 cards and 150 cubes.
Startup is measured in a fresh process: interpreter start to the first menu frame.

``--play SECONDS``: every table instead plays a game of bots only for that much game time at
normal animation speed, 60 frames a second; the draw+present time of every frame is recorded (so
frames with animations and the repaints after a state change count), reported as median, 95th
percentile and worst frame. Bot thinking is not in the figures (the app runs bots on a thread).
With ``--cpu`` each frame is timed by the process's CPU time instead of the wall clock, for a
machine shared with other work (the wall clock then counts the time other processes held it).

``--idle SECONDS``: each of the menu, the setup screen and every table at rest (the human's turn)
runs in the real loop (``App.run``) in a fresh process with no input for that long, after a short
warm-up; the CPU time the process used is reported as a share of one core. In a real window when
``DISPLAY`` is set (e.g. under Xvfb), else with the dummy video driver.

``--resize N``: every scene is opened in turn and the window resized N times while it is open (a
frame drawn after each); the resident memory at the end and the peak are reported against the
400 MB budget.

The machine's load inflates every figure: compare runs made back to back, and take medians.
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
IDLE_CHILD = "--idle-child" in sys.argv
if IDLE_CHILD and os.environ.get("DISPLAY"):
    os.environ["SDL_VIDEODRIVER"] = "x11"  # a real window: the pilot below would pick the dummy
else:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("BABEL_TOWERS_HOME", tempfile.mkdtemp(prefix="babel-bench-"))

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from babel.core import registry  # noqa: E402
from scenes import theme  # noqa: E402
from scenes.core import Scene  # noqa: E402
from scenes.launcher import install_routes  # noqa: E402
from scenes.pilot import Pilot  # noqa: E402

SIZES = ("1920x1080", "3840x2160")
IDLE_WARMUP = 2.0  # seconds of the real loop before the CPU clock starts (first frames, caches)
MEMORY_BUDGET_MB = 400
RESIZES = [(1024 + (i * 977) % 2817, 640 + (i * 613) % 1521) for i in range(64)]

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


def _weakest(rules) -> str:
    return registry.bots(rules.info.id).offered[0]


def scenes_to_measure(bots_only: bool = False, threaded: bool = False, at_rest: bool = False):
    """(name, factory) of every scene measured; ``at_rest``: tables wait for the human alone."""
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
            seats = [Seat(f"P{i + 1}", None if i == human else _weakest(rules)) for i in range(n)]
            match = Match(rules, rules.make_config(n), 7, seats)
            match.play_bots(until=lambda m: 0 in m.to_act(), plies=12)
            while at_rest and not match.over and any(s != 0 for s in match.to_act()):
                seat = next(s for s in match.to_act() if s != 0)  # bots choosing beside the human
                match.submit(seat, match.bot_action(seat))
            return table_for(rules.info.id)(match, None, threaded=threaded)

        yield f"table:{rules.info.id}", make


def present(app) -> None:
    """Show the drawn frame the way the loop does (``App.present`` where the loop has it)."""
    show = getattr(app, "present", None)
    if show is not None:
        show()
    else:
        pygame.display.flip()


def frame(app) -> None:
    app.draw()
    present(app)


def measure_floor(size, frames: int) -> float:
    """One opaque full-window blit and one flip: the least any frame can cost at this size."""
    pilot = Pilot(size=size, anim_speed="normal")
    screen = pygame.display.get_surface()
    picture = pygame.Surface(screen.get_size()).convert()
    picture.fill(theme.WOOD)
    for _ in range(10):
        screen.blit(picture, (0, 0))
        pygame.display.flip()
    times = []
    for _ in range(frames):
        t = time.perf_counter()
        screen.blit(picture, (0, 0))
        pygame.display.flip()
        times.append(time.perf_counter() - t)
    del pilot
    return statistics.median(times) * 1000


def measure(make, size, frames: int) -> float:
    pilot = Pilot(size=size, anim_speed="normal")
    pilot.start(make())
    pilot.app._update(0.5)
    for _ in range(10):
        frame(pilot.app)
    times = []
    for _ in range(frames):
        t = time.perf_counter()
        frame(pilot.app)
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def frames_report(sizes, frames: int, runs: int, only: list[str]) -> None:
    for size in sizes:
        print(f"frame time (draw + present) at {size[0]}x{size[1]}, {runs} runs x {frames} frames")
        floors = [measure_floor(size, frames) for _ in range(runs)]
        floor = statistics.median(floors)
        print(f"  {'floor':<20} {floor:6.2f} ms    1.0x   (runs: {', '.join(f'{r:.2f}' for r in floors)})")
        for name, make in scenes_to_measure():
            if only and name not in only:
                continue
            ms = [measure(make, size, frames) for _ in range(runs)]
            med = statistics.median(ms)
            print(
                f"  {name:<20} {med:6.2f} ms {med / floor:6.1f}x   (runs: {', '.join(f'{r:.2f}' for r in ms)})"
            )


def measure_play(make, size, seconds: float, clock=time.perf_counter) -> list[float]:
    """Frame times (ms) of every frame while bots play ``seconds`` of game time."""
    pilot = Pilot(size=size, anim_speed="normal")
    pilot.start(make())
    times = []
    for _ in range(round(seconds * 60)):
        pilot.app.step(1 / 60, [], draw=False)
        t = clock()
        frame(pilot.app)
        times.append((clock() - t) * 1000)
    return times


def play_report(sizes, seconds: float, only: list[str], cpu: bool = False) -> None:
    clock = time.process_time if cpu else time.perf_counter
    for size in sizes:
        what = "CPU time of each frame" if cpu else "frame time"
        print(f"{what} while bots play, {size[0]}x{size[1]}, {seconds:g} s of game time")
        for name, make in scenes_to_measure(bots_only=True):
            if not name.startswith("table:") or (only and name not in only):
                continue
            times = sorted(measure_play(make, size, seconds, clock))
            p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
            print(
                f"  {name:<20} median {statistics.median(times):5.2f} ms   p95 {p95:5.2f} ms   "
                f"worst {times[-1]:6.2f} ms   ({len(times)} frames)"
            )


# -- idle ---------------------------------------------------------------------------------------
def idle_scenes() -> list[str]:
    return [name for name, _ in scenes_to_measure() if name in ("menu", "setup") or name.startswith("table:")]


def idle_child(name: str, seconds: float, size) -> None:
    """Run the real loop with ``name`` open and no input; print the CPU seconds it used."""
    import threading

    from scenes.core import App, wake

    make = dict(scenes_to_measure(threaded=True, at_rest=True))[name]
    settings = None
    from babel.core.settings import Settings

    settings = Settings().with_(anim_speed="normal", volume=0, fullscreen=False)
    install_routes()
    app = App(settings=settings, size=size)
    app.push(make())
    marks: dict[str, float] = {}

    def measure() -> None:
        # the first frames build caches: start once the loop has drawn nothing for a while
        time.sleep(IDLE_WARMUP)
        deadline = time.perf_counter() + 4 * IDLE_WARMUP
        seen = getattr(app, "frames_drawn", None)
        while seen is not None and time.perf_counter() < deadline:
            time.sleep(0.5)
            if app.frames_drawn == seen:
                break
            seen = app.frames_drawn
        marks["cpu"], marks["wall"] = time.process_time(), time.perf_counter()
        marks["frames"] = getattr(app, "frames_drawn", -1)
        time.sleep(seconds)
        marks["cpu_end"], marks["wall_end"] = time.process_time(), time.perf_counter()
        marks["frames_end"] = getattr(app, "frames_drawn", -1)
        app.quit()  # not a window close: mid-game, that would ask first and keep the loop waiting
        wake()

    threading.Thread(target=measure, daemon=True).start()
    app.run()
    frames = marks["frames_end"] - marks["frames"] if marks["frames"] >= 0 else -1
    print(marks["cpu_end"] - marks["cpu"], marks["wall_end"] - marks["wall"], frames)


def idle_report(seconds: float, only: list[str], size) -> None:
    where = f"real window on DISPLAY={os.environ['DISPLAY']}" if os.environ.get("DISPLAY") else "dummy driver"
    print(f"CPU used by the real loop with no input, {seconds:g} s per scene, {size[0]}x{size[1]}, {where}")
    for name in idle_scenes():
        if only and name not in only:
            continue
        env = dict(os.environ)
        if env.get("DISPLAY"):
            env.pop("SDL_VIDEODRIVER", None)
        out = subprocess.run(
            [sys.executable, __file__, "--idle-child", name, str(seconds), f"{size[0]}x{size[1]}"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            env=env,
        )
        if out.returncode != 0:
            print(f"  {name:<20} failed: {out.stderr.strip().splitlines()[-1:]}")
            continue
        cpu, wall, *rest = (float(v) for v in out.stdout.strip().splitlines()[-1].split())
        frames = f"   {int(rest[0])} frames drawn" if rest and rest[0] >= 0 else "   (every frame drawn)"
        print(
            f"  {name:<20} {cpu:6.2f} s CPU in {wall:5.1f} s = {100 * cpu / wall:5.1f}% of one core{frames}"
        )


# -- memory -------------------------------------------------------------------------------------
def rss_mb() -> tuple[float, float]:
    """Resident and peak resident memory of this process, in MB."""
    now = peak = 0.0
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                now = int(line.split()[1]) / 1024
            elif line.startswith("VmHWM:"):
                peak = int(line.split()[1]) / 1024
    return now, peak


def resize_report(count: int, only: list[str]) -> int:
    print(f"memory after {count} window resizes with each scene open (budget {MEMORY_BUDGET_MB} MB)")
    pilot = Pilot(size=(1600, 900), anim_speed="normal")
    app = pilot.app
    worst = 0.0
    for name, make in scenes_to_measure():
        if only and name not in only:
            continue
        app.reset(make())
        for i in range(count):
            w, h = RESIZES[i % len(RESIZES)]
            app.step(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)], draw=False)
            frame(app)
        now, peak = rss_mb()
        worst = max(worst, now)
        print(f"  {name:<20} resident {now:6.1f} MB   peak so far {peak:6.1f} MB")
    verdict = "within" if worst < MEMORY_BUDGET_MB else "OVER"
    print(f"  largest resident {worst:.1f} MB: {verdict} the {MEMORY_BUDGET_MB} MB budget")
    return 0 if worst < MEMORY_BUDGET_MB else 1


def parse_size(text: str) -> tuple[int, int]:
    w, h = (int(v) for v in text.lower().split("x"))
    return (w, h)


def main() -> int:
    if IDLE_CHILD:
        i = sys.argv.index("--idle-child")
        idle_child(sys.argv[i + 1], float(sys.argv[i + 2]), parse_size(sys.argv[i + 3]))
        return 0
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", nargs="+", default=list(SIZES), help="window sizes, e.g. 1920x1080 3840x2160")
    ap.add_argument("--frames", type=int, default=120)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", nargs="*", default=[], help="scene names to measure, e.g. table:duel")
    ap.add_argument("--play", type=float, default=0, metavar="SECONDS", help="measure tables during bot play")
    ap.add_argument("--cpu", action="store_true", help="--play: time frames by the process's CPU time")
    ap.add_argument("--idle", type=float, default=0, metavar="SECONDS", help="CPU used by the idle loop")
    ap.add_argument("--resize", type=int, default=0, metavar="N", help="memory after N resizes per scene")
    args = ap.parse_args()
    sizes = [parse_size(s) for s in args.size]
    if args.idle:
        idle_report(args.idle, args.only, sizes[0])
        return 0
    if args.resize:
        return resize_report(args.resize, args.only)
    if args.play:
        play_report(sizes, args.play, args.only, args.cpu)
        return 0
    frames_report(sizes, args.frames, args.runs, args.only)
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
