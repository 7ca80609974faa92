"""Walk every lesson (Learn to play) at 1024x640, 1600x900 and 3840x2160 by clicking where it
points, and report each click whose words cover what they point at, a button or a panel the step
needs, or whose arrow crosses one.

    python tools/lesson_walk.py                     # every lesson at every size
    python tools/lesson_walk.py builders --size 1024x640 --pictures /tmp/walk
                                                    # one lesson, one size, a PNG per click
    python tools/lesson_walk.py --size 1024x640 --text-size 200
                                                    # and how many clicks keep the words larger

With ``--docs`` it also saves each lesson's busiest click at 1024x640 as docs/lessons/<game>.png.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["BABEL_TOWERS_HOME"] = tempfile.mkdtemp(prefix="babel-walk-")

import pygame  # noqa: E402

from babel.core.settings import TEXT_SIZES, Settings  # noqa: E402
from scenes.lesson_walk import Step, walk  # noqa: E402
from scenes.pilot import Pilot  # noqa: E402
from scenes.tables import table_for  # noqa: E402
from scenes.tutorials import LESSONS, lesson_for  # noqa: E402

SIZES = ((1024, 640), (1600, 900), (3840, 2160))
DOCS = ROOT / "docs" / "lessons"


def open_lesson(game: str, size: tuple[int, int], anim_speed: str = "instant", text_size: int = 100):
    lesson = lesson_for(game)
    table = table_for(game)(lesson.new_match(), None, threaded=False)
    table.lesson = lesson
    pilot = Pilot(size=size, anim_speed=anim_speed, settings=Settings(phone_address="127.0.0.1", text_size=text_size))
    pilot.start(table)
    return pilot, table


def walk_one(game: str, size: tuple[int, int], pictures: Path | None, text_size: int = 100) -> list[Step]:
    pilot, table = open_lesson(game, size, text_size=text_size)
    count = [0]

    def snap(step: Step) -> None:
        count[0] += 1
        pilot.screenshot(pictures / f"{game}-{size[0]}x{size[1]}-{count[0]:02d}.png")

    try:
        return walk(pilot, table, snap if pictures else None)
    finally:
        pygame.display.quit()


def busiest_picture(game: str, steps: list[Step], out: Path) -> int:
    """Walk the lesson again at 1024x640 and save its busiest click; returns that click's number."""
    best = max(range(len(steps)), key=lambda i: steps[i].busy)
    pilot, table = open_lesson(game, (1024, 640))
    count = [0]

    def snap(step: Step) -> None:
        if count[0] == best:
            pilot.screenshot(out / f"{game}.png")
        count[0] += 1

    try:
        walk(pilot, table, snap)
    finally:
        pygame.display.quit()
    return best + 1


def _grown(steps: list[Step], text_size: int) -> str:
    """At a larger text size: how many clicks show the words at which size."""
    if text_size == 100:
        return ""
    grows = [round(s.bubble.grow * 100) for s in steps if s.bubble is not None]
    return ", words at " + ", ".join(f"{g} %: {grows.count(g)}" for g in sorted(set(grows), reverse=True))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=list(LESSONS))
    ap.add_argument("--size", action="append", help="WxH (repeatable); default: all three")
    ap.add_argument("--pictures", type=Path, help="save a PNG of every click into this folder")
    ap.add_argument("--notes", action="store_true", help="also list buttons and lines the words cover")
    ap.add_argument("--docs", action="store_true", help="save each lesson's busiest click into docs/lessons")
    ap.add_argument("--text-size", type=int, default=100, choices=TEXT_SIZES, help="percent, as in Settings")
    args = ap.parse_args()
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.size] if args.size else list(SIZES)
    if args.pictures:
        args.pictures.mkdir(parents=True, exist_ok=True)
    bad = 0
    for game in args.games:
        for size in sizes:
            t0 = time.perf_counter()
            steps = walk_one(game, size, args.pictures, args.text_size)
            found = [(i, s) for i, s in enumerate(steps, 1) if s.problems or (s.notes and args.notes)]
            took = time.perf_counter() - t0
            bad_steps = sum(1 for s in steps if s.problems)
            print(
                f"{game:9} {size[0]}x{size[1]}: {len(steps)} clicks, {bad_steps} with problems, "
                f"{sum(1 for s in steps if s.notes)} with notes, {took:.1f}s"
                + _grown(steps, args.text_size)
            )
            for i, s in found:
                print(f"    click {i} (ply {s.ply}) {s.text[:60]!r}")
                for p in s.problems:
                    print(f"        PROBLEM {p}")
                for p in s.notes if args.notes else ():
                    print(f"        note {p}")
            bad += bad_steps
            if args.docs and size == (1024, 640):
                DOCS.mkdir(parents=True, exist_ok=True)
                print(f"    docs/lessons/{game}.png: click {busiest_picture(game, steps, DOCS)}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
