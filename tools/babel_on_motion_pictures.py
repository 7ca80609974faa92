"""Frames of a Babel On! tower in motion, as the table draws them: a wobble (a move the tower
stands through while rocking) and a fall, each cut out around the moving tower, side by side.

    python tools/babel_on_motion_pictures.py [--out babel_on_motion.png] [--size 1600x900] [--contrast high]

For reviewing by eye what moves and what stays: the shadows under the blocks, the colour
patterns on moving blocks, the panel beside the felt (which must stay still).

    python tools/babel_on_motion_pictures.py --time [--size 3840x2160]

instead measures the CPU time of every frame (draw and present) while the same wobble and fall
play (three runs each: the median of the runs' medians, the 95th percentile and the worst
frame), and of drawing a whole 24-block tower tumbling with every block turned (60 frames).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("BABEL_TOWERS_HOME", tempfile.mkdtemp(prefix="babel-motion-"))

import pygame  # noqa: E402

from babel.core import registry  # noqa: E402
from babel.core.match import Match, Seat  # noqa: E402
from babel.core.settings import Settings  # noqa: E402
from babel.games.babel_on.model import EventKind  # noqa: E402
from scenes.pilot import Pilot  # noqa: E402
from scenes.tables.babel_on import BabelOnTable  # noqa: E402

TIMES = (0.0, 0.15, 0.3, 0.5, 0.8, 1.2)  # seconds after the motion starts


def find(kind: str, seeds=range(1, 60), players: int = 3):
    """A match whose seat 0 is about to make a move that ends in ``kind`` ("wobble" or "fall"),
    and that move."""
    rules = registry.get("babel_on")
    for seed in seeds:
        seats = [Seat("Anna")] + [Seat(f"Bot {i}", "random") for i in range(1, players)]
        match = Match(rules, rules.make_config(players), seed, seats)
        for _ in range(300):
            if match.over:
                break
            seat = match.to_act()[0]
            action = match.bot_action(seat)
            if seat == 0:
                events = rules.apply(match.state, seat, action).events
                tilt = [  # a wobble one can see: some block turns by more than 0.06 rad
                    max(abs(x[5]), abs(x[6]))
                    for e in events
                    if e.kind in (EventKind.ADD, EventKind.TAKE)
                    for _, entries in e.data.get("wobble") or ()
                    for x in entries
                ]
                wobble = bool(tilt) and max(tilt) > 0.06
                fall = any(e.kind == EventKind.FALL for e in events)
                if (kind == "wobble" and wobble and not fall) or (kind == "fall" and fall):
                    return match, action
            match.submit(seat, action)
    raise SystemExit(f"no {kind} found")


def frames(kind: str, size: tuple[int, int], contrast: str = "normal") -> list[pygame.Surface]:
    """Crops around the moving tower (with the side panel beside it) at ``TIMES``."""
    match, action = find(kind)
    table = BabelOnTable(match, None, threaded=False)
    pilot = Pilot(
        size=size, anim_speed="normal", settings=Settings(phone_address="127.0.0.1", contrast=contrast)
    )
    pilot.start(table)
    pilot.advance(0.3)
    table.submit(action)
    assert pilot.until(lambda: table.motion.fall is not None, 10), "no motion started"
    tower = table.motion.fall.tower
    shots, clock = [], 0.0
    for t in TIMES:
        pilot.advance(max(0.001, t - clock))
        clock = t
        surface = pygame.display.get_surface()
        canvas = pilot.app.canvas
        slot = canvas.rect(table.places.slot[tower])
        crop = pygame.Surface((slot.w, slot.h))
        crop.blit(surface, (0, 0), slot)
        shots.append(crop)
    pilot.app.close_scenes()
    return shots


def time_motion(kind: str, size: tuple[int, int], runs: int = 3) -> str:
    """CPU time (ms) of each frame while the ``kind`` motion plays."""
    per_run = []
    for _ in range(runs):
        match, action = find(kind)
        table = BabelOnTable(match, None, threaded=False)
        pilot = Pilot(size=size, anim_speed="normal")
        pilot.start(table)
        pilot.advance(0.3)
        table.submit(action)
        times, started = [], False
        for _ in range(240):
            pilot.app.step(1 / 60, [], draw=False)
            moving = table.motion.fall is not None
            if started and not moving:
                break
            started = started or moving
            if moving:
                t = time.process_time()
                pilot.app.draw()
                pygame.display.flip()
                times.append((time.process_time() - t) * 1000)
        pilot.app.close_scenes()
        per_run.append(times)
    every = sorted(t for r in per_run for t in r)
    medians = ", ".join(f"{statistics.median(r):.2f}" for r in per_run)
    return (
        f"{kind}: {len(every)} frames, median {statistics.median([statistics.median(r) for r in per_run]):.2f} ms "
        f"(runs {medians}), p95 {every[int(len(every) * 0.95)]:.2f} ms, worst {every[-1]:.2f} ms"
    )


def time_tumbling(size: tuple[int, int]) -> str:
    """CPU time (ms) of ``art.draw_tumbling`` for a whole 24-block tower falling apart, every
    block turned, over 60 frames."""
    from scenes.canvas import Canvas
    from scenes.tables.babel_on import art

    canvas = Canvas(pygame.display.set_mode(size))
    rng = random.Random(1)
    times = []
    for f in range(60):
        k, cubes = f / 59, []
        for cell in range(4):
            for floor in range(1, 7):
                x, y, z = art.block_centre(cell, floor)
                drift = k * floor / 6
                cubes.append(
                    (
                        cell % 3,
                        x + drift * rng.uniform(-1.5, 1.5),
                        y + drift * rng.uniform(-1.5, 1.5),
                        max(0.5, z - drift * floor * 0.8),
                        drift * rng.uniform(-2, 2),
                        drift * rng.uniform(-2, 2),
                        (cell + floor) % 4,
                    )
                )
        t = time.process_time()
        art.draw_tumbling(canvas, (600, 600), 55, 0, cubes, -1, ())
        times.append((time.process_time() - t) * 1000)
    times.sort()
    return f"24 blocks tumbling: median {statistics.median(times):.2f} ms, p95 {times[57]:.2f} ms, worst {times[-1]:.2f} ms"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", default="babel_on_motion.png")
    p.add_argument("--size", default="1600x900")
    p.add_argument("--contrast", default="normal", choices=("normal", "high"))
    p.add_argument("--time", action="store_true", help="measure frame CPU time instead of drawing a sheet")
    args = p.parse_args(argv)
    size = tuple(int(v) for v in args.size.split("x"))
    if args.time:
        print(f"CPU time per frame at {size[0]}x{size[1]}")
        for kind in ("wobble", "fall"):
            print("  " + time_motion(kind, size))
        print("  " + time_tumbling(size))
        return 0
    rows = [frames(kind, size, args.contrast) for kind in ("wobble", "fall")]
    w = sum(s.get_width() for s in rows[0])
    h = sum(r[0].get_height() for r in rows)
    sheet = pygame.Surface((max(w, sum(s.get_width() for s in rows[1])), h))
    y = 0
    for row in rows:
        x = 0
        for shot in row:
            sheet.blit(shot, (x, y))
            pygame.draw.rect(sheet, (0, 0, 0), (x, y, shot.get_width(), shot.get_height()), 1)
            x += shot.get_width()
        y += row[0].get_height()
    pygame.image.save(sheet, args.out)
    print(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
