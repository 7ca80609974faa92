"""Seeded random input to every scene: finds crashes, slow frames, memory growth and stuck states.

python tools/monkey.py                              # 200,000 events over every scene and size
python tools/monkey.py --events 5000 --scenes table:duel:pass,settings --sizes 1600x900
python tools/monkey.py --seed 7 --json report.json

Every scene (main menu, setup of each game, settings, saved games, rules, blueprint editor, each
game's table against bots and in pass-and-play) is driven at every window size with clicks
(mostly on buttons), drags, key presses (Esc, F1, Tab, Enter, letters, digits, Ctrl+Z ...),
typed text (accents, emoji, invisible characters), wheel turns and window resizes, while the
simulated clock advances. Now and then a seat that may act is nudged with a legal move, so that
games reach their later phases and their end. Each run (scene, size) has its own seed, data
folder and window, so the line printed for a finding reproduces it alone.

Reported: exceptions (deduplicated, with the run that reproduces each), frames over 1 s of CPU
time (bot thinking excluded: the app runs bots on a worker thread; the wall clock's worst frame
is shown too, but on a loaded machine it measures the load), the memory peak, and stuck states:
a table where for 2 minutes of game time nothing happened and nobody on screen could act (no
seat's move, no bot move, no handover, or animations that never end), or a scene that Esc and
the game menu cannot leave. Exit status 1 if anything was found.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from babel.core import registry  # noqa: E402
from babel.core.match import Match, Seat  # noqa: E402
from babel.core.saves import SaveStore  # noqa: E402
from scenes import match_controller as controller_module  # noqa: E402
from scenes.core import Scene  # noqa: E402
from scenes.pilot import FRAME, Pilot  # noqa: E402

SIZES = [(1024, 640), (1280, 800), (1600, 900), (1920, 1080), (2560, 1440)]
STUCK_SECONDS = 120.0  # game time with nothing happening and nobody able to act
SLOW_FRAME = 1.0
NAMES = ["Anna", "Ben", "Carla", "Dora", "Emil", "Femke"]
KEYS = [
    pygame.K_ESCAPE, pygame.K_F1, pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE,
    pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT,
    pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_F11,
    *range(pygame.K_a, pygame.K_z + 1), *range(pygame.K_0, pygame.K_9 + 1),
    pygame.K_KP_1, pygame.K_KP_5, pygame.K_KP_PLUS, pygame.K_KP_MINUS,
]  # fmt: skip
TEXTS = ["a", "Z", "7", " ", "Anna", "é", "ß", "Łódź", "名前", "🏰", "\u200b", "\u200d", "\u2060",
         "\ufeff", "\u00ad", "\u202e", "x" * 80, "\t", "  ", "Ω≈ç"]  # fmt: skip


# -- the scenes ---------------------------------------------------------------------------------
def _table_scene(game: str, mode: str) -> Callable[[random.Random], list[Scene]]:
    def make(rng: random.Random) -> list[Scene]:
        from scenes.launcher.menu import MainMenu
        from scenes.tables import table_for

        rules = registry.get(game)
        info = rules.info
        if mode == "pass":
            n = max(info.min_players, min(3, info.max_players))
            seats = [Seat(NAMES[i]) for i in range(n)]
        else:
            n = max(info.min_players, min(rng.randint(2, 4), info.max_players))
            levels = registry.bots(game).offered
            seats = [Seat(NAMES[0])] + [Seat(f"Bot {i}", rng.choice(levels)) for i in range(1, n)]
        match = Match(rules, rules.make_config(n), rng.randrange(2**31), seats)
        return [MainMenu(), table_for(game)(match, SaveStore())]

    return make


def _screen(kind: str, game: str | None = None) -> Callable[[random.Random], list[Scene]]:
    def make(rng: random.Random) -> list[Scene]:
        from scenes.launcher.keys_screen import KeysScreen
        from scenes.launcher.menu import MainMenu
        from scenes.launcher.rules_viewer import RulesViewer
        from scenes.launcher.saved_games import SavedGames
        from scenes.launcher.settings import SettingsScene
        from scenes.launcher.setup import SetupScene
        from scenes.tables.builders.blueprints import BlueprintEditor

        base: list[Scene] = [MainMenu()]
        if kind == "menu":
            return base
        if kind == "setup":
            return [*base, SetupScene(registry.get(game))]
        if kind == "settings":
            return [*base, SettingsScene()]
        if kind == "keys":  # random keys rebind random actions: the tables after it play with them
            return [*base, SettingsScene(), KeysScreen()]
        if kind == "saves":
            return [*base, SavedGames()]
        if kind == "rules":
            return [*base, RulesViewer(game)]
        if kind == "blueprints":
            return [*base, SetupScene(registry.get("builders")), BlueprintEditor()]
        if kind in ("history", "replay"):
            return [*base, _finished_games_scene(kind, game, rng)]
        raise ValueError(kind)

    return make


def _finished_games_scene(kind: str, game: str | None, rng: random.Random) -> Scene:
    """The history (two finished duels kept first) or a finished game's replay."""
    from babel.core.saves import record_of
    from scenes.launcher.history_screen import StatisticsScreen
    from scenes.replay import ReplayScene

    rules = registry.get(game or "duel")
    n = max(rules.info.min_players, min(2, rules.info.max_players))
    levels = registry.bots(rules.info.id).offered
    match = Match(rules, rules.make_config(n), rng.randrange(2**31), [Seat(NAMES[0])] +
                  [Seat(f"Bot {i}", levels[0]) for i in range(1, n)])
    match.play_bots()
    if kind == "replay":
        return ReplayScene(record_of(match), perspective=0, ply=rng.randrange(match.ply + 1))
    SaveStore().autosave(match, 1_790_000_000.0)
    return StatisticsScreen()


def all_scenes() -> dict[str, Callable[[random.Random], list[Scene]]]:
    from scenes.tables import playable_games

    scenes = {
        "menu": _screen("menu"),
        "settings": _screen("settings"),
        "keys": _screen("keys"),
        "saves": _screen("saves"),
        "rules": _screen("rules"),
        "blueprints": _screen("blueprints"),
        "history": _screen("history"),
        "replay:duel": _screen("replay", "duel"),
        "replay:builders": _screen("replay", "builders"),
    }
    games = [r.info for r in playable_games()]
    for info in games:
        scenes[f"setup:{info.id}"] = _screen("setup", info.id)
    for info in games:
        if info.max_players == 1:
            scenes[f"table:{info.id}:solo"] = _table_scene(info.id, "solo")
            continue
        scenes[f"table:{info.id}:bots"] = _table_scene(info.id, "bots")
        scenes[f"table:{info.id}:pass"] = _table_scene(info.id, "pass")
    return scenes


# -- bots run at once, and their thinking is not counted as frame time ----------------------------
class _Now:
    """An executor that runs a bot's move at once (the game stays deterministic for a seed)."""

    thinking = 0.0

    def submit(self, fn, *args, **kwargs) -> Future:
        f: Future = Future()
        t0 = time.process_time()
        try:
            f.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # handed to the scene like a worker thread's error
            f.set_exception(exc)
        _Now.thinking += time.process_time() - t0
        return f


@contextmanager
def _bots_at_once():
    """Bots (and other worker jobs) run at once and untimed for the length of a monkey run: the
    stand-in executor runs each job as it is submitted and counts its CPU time apart."""
    saved = controller_module._executor, controller_module.BOT_TIME_CAP
    controller_module._executor = _Now()  # type: ignore[assignment]
    controller_module.BOT_TIME_CAP = 0.1  # a quick best move is as good as any for this
    try:
        yield
    finally:
        controller_module._executor, controller_module.BOT_TIME_CAP = saved


# -- the report -----------------------------------------------------------------------------------
@dataclass
class Report:
    events: int = 0
    nudges: int = 0
    frames: int = 0
    runs: int = 0
    exceptions: dict[str, dict] = field(default_factory=dict)
    stuck: list[dict] = field(default_factory=list)
    slow: list[dict] = field(default_factory=list)
    worst_frame: dict = field(default_factory=lambda: {"seconds": 0.0})
    worst_wall: dict = field(default_factory=lambda: {"seconds": 0.0})
    memory_peak_mb: float = 0.0
    seconds: float = 0.0

    @property
    def clean(self) -> bool:
        return not self.exceptions and not self.stuck and not self.slow

    def summary(self) -> str:
        lines = [
            f"{self.events} events ({self.nudges} nudged moves) in {self.runs} runs, {self.frames} frames, "
            f"{self.seconds:.0f} s",
            f"exceptions: {sum(e['count'] for e in self.exceptions.values())} "
            f"({len(self.exceptions)} distinct)",
            f"stuck states: {len(self.stuck)}",
            f"frames over {SLOW_FRAME:g} s of CPU: {len(self.slow)}; worst frame "
            f"{self.worst_frame['seconds'] * 1000:.0f} ms CPU ({self.worst_frame.get('where', '-')}); "
            f"worst wall {self.worst_wall['seconds'] * 1000:.0f} ms ({self.worst_wall.get('where', '-')})",
            f"memory peak: {self.memory_peak_mb:.0f} MB",
        ]
        for key, e in self.exceptions.items():
            lines.append(f"  EXCEPTION x{e['count']}: {key}\n    reproduce: {e['reproduce']}\n{e['trace']}")
        for s in self.stuck:
            lines.append(f"  STUCK: {s['what']}\n    reproduce: {s['reproduce']}")
        for s in self.slow[:10]:
            lines.append(f"  SLOW {s['seconds'] * 1000:.0f} ms: {s['where']}")
        return "\n".join(lines)


def _rss_mb() -> float:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# -- one run: one scene at one size ---------------------------------------------------------------
class Run:
    def __init__(self, name, make, size, seed: int, events: int, report: Report, home: Path) -> None:
        self.name, self.make, self.size, self.events, self.report = name, make, size, events, report
        self.seed = seed
        self.rng = random.Random(f"{seed}:{name}:{size[0]}x{size[1]}")
        self.home = home
        self.reproduce = (
            f"python tools/monkey.py --seed {seed} --scenes {name} --sizes {size[0]}x{size[1]} "
            f"--events {events} --per-run"
        )
        self.stuck_for = 0.0
        self.stuck_key: tuple | None = None

    # -- setup
    def _fill_home(self) -> None:
        """A data folder with a few saved games, so the saved-games screen has rows to click."""
        os.environ["BABEL_TOWERS_HOME"] = str(self.home)
        store = SaveStore()
        for i, game in enumerate(("duel", "turmbau", "solitaire")):
            rules = registry.get(game)
            n = max(rules.info.min_players, min(3, rules.info.max_players))
            match = Match(rules, rules.make_config(n), 40 + i, [Seat(NAMES[k]) for k in range(n)])
            match.play_bots(plies=self.rng.randint(0, 12))
            store.save(match, f"{rules.info.title} {i}")
            if i == 0:
                store.autosave(match)

    def restart(self) -> None:
        app = self.app
        while app.stack:
            app.stack.pop().exit()
        app.toasts.clear()
        app.running = True
        for scene in self.make(self.rng):
            app.push(scene)

    # -- input
    def _targets(self) -> list[pygame.Rect]:
        top = self.app.top
        rects: list[pygame.Rect] = []
        for attr in ("widgets", "buttons", "end_widgets"):
            group = getattr(top, attr, None)
            for w in getattr(group, "widgets", ()):
                if getattr(w, "visible", True):
                    rects.append(pygame.Rect(w.rect))
        for r, _ in getattr(top, "games", ()):
            rects.append(pygame.Rect(r))
        return rects

    def _point(self) -> tuple[float, float]:
        rng = self.rng
        targets = self._targets()
        if targets and rng.random() < 0.55:
            r = rng.choice(targets)
            return (rng.uniform(r.left, r.right), rng.uniform(r.top, r.bottom))
        return (rng.uniform(-40, 1640), rng.uniform(-40, 940))

    def _screen(self, p) -> tuple[int, int]:
        return self.app.canvas.pt(p)

    def _event(self) -> tuple[str, list[list[pygame.event.Event]]]:
        """One random input, as the frames of events it takes."""
        rng, E = self.rng, pygame.event.Event
        roll = rng.random()
        if roll < 0.40:
            p = self._screen(self._point())
            b = 1 if rng.random() < 0.85 else rng.choice((2, 3))
            return f"click {p} b{b}", [
                [E(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))],
                [E(pygame.MOUSEBUTTONDOWN, pos=p, button=b), E(pygame.MOUSEBUTTONUP, pos=p, button=b)],
            ]
        if roll < 0.48:
            a, b = self._screen(self._point()), self._screen(self._point())
            steps = rng.randint(2, 8)
            frames = [[E(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0))],
                      [E(pygame.MOUSEBUTTONDOWN, pos=a, button=1)]]  # fmt: skip
            for i in range(1, steps + 1):
                t = i / steps
                q = (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t))
                frames.append([E(pygame.MOUSEMOTION, pos=q, rel=(0, 0), buttons=(1, 0, 0))])
            frames.append([E(pygame.MOUSEBUTTONUP, pos=b, button=1)])
            return f"drag {a}->{b}", frames
        if roll < 0.56:
            p = self._screen(self._point())
            return f"move {p}", [[E(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))]]
        if roll < 0.84:
            key = rng.choice(KEYS)
            mod = 0
            m = rng.random()
            if m < 0.06:
                mod = pygame.KMOD_CTRL
                key = pygame.K_z if rng.random() < 0.6 else key
            elif m < 0.12:
                mod = pygame.KMOD_SHIFT
            if key == pygame.K_F11 and rng.random() < 0.7:
                key = pygame.K_ESCAPE  # a full-screen toggle now and then, not every time
            uni = chr(key) if 32 <= key < 127 and not mod & pygame.KMOD_CTRL else ""
            return f"key {pygame.key.name(key)} mod {mod}", [
                [E(pygame.KEYDOWN, key=key, mod=mod, unicode=uni, scancode=0)],
                [E(pygame.KEYUP, key=key, mod=mod, unicode=uni, scancode=0)],
            ]
        if roll < 0.90:
            text = rng.choice(TEXTS)
            return f"type {text!r}", [[E(pygame.TEXTINPUT, text=text)]]
        if roll < 0.96:
            dy = rng.choice((-3, -1, 1, 3))
            return f"wheel {dy}", [
                [E(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy))]
            ]
        if rng.random() < 0.5:
            w, h = rng.choice(SIZES)
        else:
            w, h = rng.randint(900, 2560), rng.randint(560, 1440)
        return f"resize {w}x{h}", [[E(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)]]

    # -- the clock, frames and their timing
    def _step(self, dt: float, events: list, draw: bool, where: str) -> None:
        """One frame, timed in CPU seconds of this process (on a shared machine the wall clock
        mostly measures the others); the wall clock's worst is kept for information."""
        before = _Now.thinking
        w0, c0 = time.perf_counter(), time.process_time()
        self.app.step(dt, events, draw=draw)
        spent = time.process_time() - c0 - (_Now.thinking - before)
        wall = time.perf_counter() - w0
        self.report.frames += 1
        if spent > self.report.worst_frame["seconds"]:
            self.report.worst_frame = {"seconds": spent, "where": where}
        if wall > self.report.worst_wall["seconds"]:
            self.report.worst_wall = {"seconds": wall, "where": where}
        if spent > SLOW_FRAME:
            self.report.slow.append({"seconds": spent, "where": where})

    def _nudge(self) -> bool:
        """Now and then play a legal move for the seat on screen, so games go on to their end."""
        from scenes.table import TableScene

        top = self.app.top
        if not isinstance(top, TableScene) or top.busy() or top.viewer is None or not top.legal:
            return False
        if self.rng.random() >= 0.08:
            return False
        top.submit(self.rng.choice(top.legal))
        self.report.nudges += 1
        return True

    def _watch_stuck(self, dt: float, i: int) -> None:
        from scenes.table import TableScene

        top = self.app.top
        if not isinstance(top, TableScene):
            self.stuck_for, self.stuck_key = 0.0, None
            return
        m, c = top.match, top.controller
        key = (id(top), m.ply, len(m.events))
        can_act = (
            m.over
            or (top.viewer is not None and bool(top.legal) and not top.busy())
            or (not top.busy() and c.handover_needed() is not None)
        )
        if key != self.stuck_key or can_act:
            self.stuck_key, self.stuck_for = key, 0.0
            return
        self.stuck_for += dt
        if self.stuck_for >= STUCK_SECONDS:
            what = (
                f"{self.name} {self.size}: {type(top).__name__} at ply {m.ply} for {STUCK_SECONDS:g} s: "
                f"viewer {top.viewer}, to act {m.to_act()}, busy {top.busy()}, "
                f"bot {c.bot_to_act()} (event {i})"
            )
            self.report.stuck.append({"what": what, "reproduce": self.reproduce})
            self.stuck_key, self.stuck_for = None, 0.0
            self.restart()

    def _record(self, exc: BaseException, i: int, what: str) -> None:
        tb = traceback.extract_tb(exc.__traceback__)
        last = tb[-1] if tb else None
        where = f"{Path(last.filename).name}:{last.lineno}" if last else "?"
        key = f"{type(exc).__name__} at {where}: {str(exc)[:120]}"
        entry = self.report.exceptions.setdefault(
            key,
            {
                "count": 0,
                "reproduce": self.reproduce,
                "first": f"{self.name} {self.size} event {i} ({what})",
                "trace": "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)[-6:]),
            },
        )
        entry["count"] += 1

    def _leave(self) -> bool:
        """Can Esc and the game menu get from here back to the main menu?"""
        from scenes.launcher.menu import MainMenu
        from scenes.launcher.pause import PauseMenu
        from scenes.widgets.confirm import ConfirmDialog
        from scenes.widgets.curtain import PrivacyCurtain

        E = pygame.event.Event
        for _ in range(16):
            top = self.app.top
            if (
                top is None
                or not self.app.running
                or (isinstance(top, MainMenu) and len(self.app.stack) == 1)
            ):
                return True
            if isinstance(top, PrivacyCurtain):
                self._step(0.3, [], False, "leave")
            if isinstance(top, ConfirmDialog):  # "Leave the game?" / "Quit?": yes, that is the way out
                events = [E(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)]
            elif isinstance(top, PauseMenu):
                button = next(w for w in top.widgets.widgets if getattr(w, "label", "") == "Main menu")
                p = self._screen(button.rect.center)
                events = [E(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)),
                          E(pygame.MOUSEBUTTONDOWN, pos=p, button=1), E(pygame.MOUSEBUTTONUP, pos=p, button=1)]  # fmt: skip
            else:
                events = [E(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)]
            self._step(FRAME, events, True, f"{self.name} leave")
            self._step(0.2, [], False, f"{self.name} leave")
        return False

    # -- the run
    def go(self) -> None:
        self._fill_home()
        pilot = Pilot(size=self.size, anim_speed=self.rng.choice(("normal", "fast", "instant")))
        self.app = pilot.app
        try:
            self.restart()
            for i in range(self.events):
                what, frames = self._event()
                where = f"{self.name} {self.size} event {i}: {what}"
                try:
                    for k, evs in enumerate(frames):
                        self._step(FRAME, evs, k == len(frames) - 1 and i % 3 == 0, where)
                    dt = FRAME
                    if self.rng.random() < 0.12:
                        dt = self.rng.choice((0.3, 1.0, 2.5, 6.0))
                        self._step(dt, [], True, where + " +clock")
                    self._nudge()
                    self._watch_stuck(dt, i)
                except Exception as exc:  # a finding: note it, start the scene again
                    self._record(exc, i, what)
                    self.restart()
                self.report.events += 1
                if not self.app.running or not self.app.stack:
                    self.restart()
                if i % 200 == 0:
                    self.report.memory_peak_mb = max(self.report.memory_peak_mb, _rss_mb())
            try:
                if not self._leave():
                    top = type(self.app.top).__name__
                    self.report.stuck.append(
                        {"what": f"{self.name} {self.size}: cannot leave {top}", "reproduce": self.reproduce}
                    )
            except Exception as exc:
                self._record(exc, self.events, "leaving")
        finally:
            while self.app.stack:
                self.app.stack.pop().exit()
            self.report.memory_peak_mb = max(self.report.memory_peak_mb, _rss_mb())
            self.report.runs += 1
            pygame.display.quit()


def run(
    events: int,
    seed: int = 1,
    scenes: list[str] | None = None,
    sizes: list[tuple[int, int]] | None = None,
    per_run: bool = False,
    home: Path | None = None,
    progress: Callable[[str], None] | None = None,
    json_path: str = "",
) -> Report:
    """Drive ``events`` random inputs (in all, or per run with ``per_run``) over scenes x sizes."""
    table = all_scenes()
    names = scenes or list(table)
    unknown = [n for n in names if n not in table]
    if unknown:
        raise SystemExit(f"unknown scenes: {', '.join(unknown)} (known: {', '.join(table)})")
    sizes = sizes or SIZES
    runs = [(n, s) for n in names for s in sizes]
    each = events if per_run else max(1, events // len(runs))
    report = Report()
    root = Path(home or tempfile.mkdtemp(prefix="babel-monkey-"))
    t0 = time.perf_counter()
    for k, (name, size) in enumerate(runs):
        t1 = time.perf_counter()
        with _bots_at_once():
            Run(name, table[name], size, seed, each, report, root / f"run{k}").go()
        if progress:
            progress(
                f"[{k + 1}/{len(runs)}] {name} {size[0]}x{size[1]} ({time.perf_counter() - t1:.0f} s): "
                f"{report.events} events, "
                f"{len(report.exceptions)} exceptions, {len(report.stuck)} stuck, "
                f"peak {report.memory_peak_mb:.0f} MB"
            )
        report.seconds = time.perf_counter() - t0
        if json_path:  # after every run, so a long run stopped half-way still says what it found
            Path(json_path).write_text(json.dumps(report.__dict__, indent=1, default=str))
    return report


def _size(text: str) -> tuple[int, int]:
    w, h = text.lower().split("x")
    return int(w), int(h)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--events", type=int, default=200_000, help="random inputs in all (default 200000)")
    p.add_argument("--per-run", action="store_true", help="--events is per scene and size, not in all")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--scenes", default="", help="comma-separated scene names (default: all; --list)")
    p.add_argument("--sizes", default="", help="comma-separated WxH (default: 1024x640 ... 2560x1440)")
    p.add_argument("--list", action="store_true", help="list the scene names and exit")
    p.add_argument("--json", default="", help="also write the report as JSON here")
    args = p.parse_args(argv)
    if args.list:
        print("\n".join(all_scenes()))
        return 0
    try:
        sizes = [_size(s) for s in args.sizes.split(",") if s] or None
    except ValueError:
        p.error("--sizes takes WIDTHxHEIGHT[,WIDTHxHEIGHT...], e.g. 1600x900")
    scenes = [s for s in args.scenes.split(",") if s] or None
    report = run(args.events, args.seed, scenes, sizes, args.per_run, progress=print, json_path=args.json)
    print(report.summary())
    return 0 if report.clean else 1


if __name__ == "__main__":
    sys.exit(main())
