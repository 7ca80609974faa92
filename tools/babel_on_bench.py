"""Babel On! benchmarks: a settled check, a move's ensemble, an outcome, random games per second.

Run: .venv/bin/python tools/babel_on_bench.py [--repeat 5]
Each figure is the median over several runs; the physics cache is cleared before every timed
check, so the figures are real simulations, not cache hits.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.core.simulate import play_game  # noqa: E402
from babel.games.babel_on import RULES, physics  # noqa: E402

P = physics.Placed


def tower24(lean: bool) -> list[physics.Placed]:
    out = []
    for c in range(4):
        for f in range(1, 7):
            off = min(physics.MAX_OFFSET, -4 + 2 * (f - 1)) if lean else 0
            out.append(P(c, f, off, off))
    return out


def clear_caches() -> None:
    for fn in (physics._slice_falls, physics.threshold, physics._ensemble, physics._outcome):
        fn.cache_clear()


def timed(fn) -> tuple[float, float]:
    c0, t0 = time.process_time(), time.perf_counter()
    fn()
    return time.perf_counter() - t0, time.process_time() - c0


def medians(pairs: list[tuple[float, float]]) -> dict:
    """Wall-clock and CPU medians in ms (CPU time is the fairer figure on a loaded machine)."""
    return {
        "median_ms": round(statistics.median(p[0] for p in pairs) * 1000, 2),
        "median_cpu_ms": round(statistics.median(p[1] for p in pairs) * 1000, 2),
    }


def bench_settled(repeat: int) -> dict:
    """One settled check with frames: one side view of a 24-block tower (12 blocks) jolted,
    simulated until it has come to rest, every frame recorded."""
    times = []
    for lean in (False, True):
        spec = tuple((c, f, min(8, 2 * (f - 1)) if lean else 0, True) for c in (0, 1) for f in range(1, 7))
        for _ in range(repeat):
            for level in (2, 5, 8):
                times.append(
                    timed(
                        lambda s=spec, lv=level: physics._simulate_slice(
                            s, -1, lv * physics.LEVEL_SPEED, True
                        )
                    )
                )
    return {**medians(times), "checks": len(times)}


def bench_ensemble(repeat: int, shake: int) -> dict:
    """A move's ensemble (what ``apply`` and the preview cost) on a 24-block tower: the top
    block of each cell taken, memo cleared before each (so every threshold is simulated)."""
    times = []
    for lean in (False, True):
        full = tower24(lean)
        for _ in range(repeat):
            for cell in range(4):
                pl = [p for p in full if (p.cell, p.floor) != (cell, 6)]
                clear_caches()
                times.append(timed(lambda pl=pl, c=cell: physics.ensemble(pl, c, shake)))
    return {"shake": shake, **medians(times)}


def bench_apply_outcome(repeat: int) -> dict:
    """The drawn member's outcome with frames (4 side views), after the ensemble is known."""
    times = []
    full = tower24(False)
    for _ in range(repeat):
        for cell in range(4):
            pl = [p for p in full if (p.cell, p.floor) != (cell, 6)]
            physics.ensemble(pl, cell, 5)
            physics._outcome.cache_clear()
            times.append(timed(lambda pl=pl, c=cell: physics.outcome(pl, c, 5, 3)))
    return medians(times)


def bench_wobble_frames(frames: int) -> dict:
    """Draw times of the table at 1920x1080 while a 24-block tower wobbles (its top blocks
    swaying by recorded frames), in ms; the tower surfaces of the still towers are cached."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from babel.core.match import Match, Seat
    from babel.core.protocol import replace
    from babel.games.babel_on.structure import Block
    from scenes.pilot import Pilot
    from scenes.tables.babel_on import BabelOnTable
    from scenes.tables.babel_on.animate import Tumble

    seats = [Seat("Anna"), Seat("Ben"), Seat("Cleo"), Seat("Dov")]
    match = Match(RULES, RULES.make_config(4), 1, seats)
    full = tuple(tuple(Block(c % 4) for _ in range(6)) for c in range(4))
    match.state = replace(match.state, towers=(full,) * 4)
    table = BabelOnTable(match, None, threaded=False)
    pilot = Pilot(size=(1920, 1080), anim_speed="normal")
    pilot.start(table)
    pilot.advance(0.5)
    places = [P(c, f) for c in range(4) for f in range(1, 7)]
    report = next(
        r for r in (physics.outcome(places, 0, 9, k) for k in range(physics.MEMBERS)) if r.wobble and r.frames
    )
    moving = {(e[0], e[1]) for e in report.frames[0][1]}
    span = report.frames[-1][0]
    times = []
    for i in range(frames):
        t = span * (i % 30) / 30
        table.motion.fall = Tumble(
            tower=0,
            seat=1,
            static=tuple((c, f, c % 4, 0, 0) for c in range(4) for f in range(1, 7) if (c, f) not in moving),
            colours={k: k[0] % 4 for k in moving},
            frames=report.to_data()["frames"],
            span=span,
            hold=0.0,
            result="wobble",
            tween=type("T", (), {"t": t / span if span else 1.0})(),
        )
        times.append(timed(pilot.app.draw))
    table.motion.fall = None
    still = [timed(pilot.app.draw) for _ in range(frames // 3)]
    out = medians(times)
    out["still_median_cpu_ms"] = medians(still)["median_cpu_ms"]
    out["p95_ms"] = round(sorted(w for w, _ in times)[int(len(times) * 0.95) - 1] * 1000, 2)
    return {**out, "frames": frames, "moving_blocks": len(moving)}


def bench_games(games: int, players: int) -> dict:
    config = RULES.make_config(players)
    c0, t0 = time.process_time(), time.perf_counter()
    plies = 0
    for seed in range(games):
        rec = play_game(RULES, config, 10_000 + seed, ["novice"] * players)
        plies += rec.plies
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    return {
        "players": players,
        "games": games,
        "games_per_s": round(games / dt, 2),
        "games_per_cpu_s": round(games / cpu, 2),
        "mean_plies": round(plies / games, 1),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--frames", type=int, default=120)
    args = ap.parse_args()
    out = {
        "settled_check_with_frames": bench_settled(args.repeat),
        "ensemble_24_blocks_shake_3": bench_ensemble(args.repeat, 3),
        "ensemble_24_blocks_shake_6": bench_ensemble(args.repeat, 6),
        "outcome_with_frames_24_blocks": bench_apply_outcome(args.repeat),
        "wobble_frames_1080p": bench_wobble_frames(args.frames),
        "random_games_4p": bench_games(args.games, 4),
    }
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
