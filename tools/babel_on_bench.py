"""Babel On! benchmarks: a settled member, a move's ensemble, an outcome, random games per second.

Run: .venv/bin/python tools/babel_on_bench.py [--repeat 5]
Each figure is the median over several runs; the physics cache is cleared before every timed
check, so the figures are real simulations, not cache hits. The member and ensemble figures come
with a bare pymunk loop of the same bodies and steps timed in the same run (``ratio_cpu``: ours
over bare), which says how much of the cost is the simulation itself on whatever machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pymunk  # noqa: E402

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
    for fn in (physics._settled_run, physics.decide, physics._ensemble, physics._outcome, physics._slices):
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


def runs_of(places, touched: int, shake: int, members, full: bool = False) -> list:
    """The distinct slice runs (blocks, steps) the given members of a move's ensemble took;
    with ``full``, (spec, level, steps) for ``core_loop``."""
    canon = physics._canonical(places)
    slices = physics._slices(canon, touched)
    keys = set()
    for k in members:
        for sl, level in zip(slices, physics.member_levels(physics.ENSEMBLE[k], slices, shake)):
            spec = sl.spec
            if level > 0 and sl.direction > 0:
                spec = physics._mirrored(spec)[0]
            keys.add((spec, level))
    if full:
        return [(spec, level, physics._run(spec, level, False).steps) for spec, level in keys]
    return [(len(spec), physics._run(spec, level, False).steps) for spec, level in keys]


def core_loop(runs: list) -> None:
    """pymunk's own stepping of our very spaces: the same blocks, braces, footing and pushes,
    built and stepped as often as each run was, nothing read or judged (the floor under a
    member's cost that only fewer steps or a different model would lower)."""
    cp = physics._cp
    for spec, level, steps in runs:
        world = physics._Space(spec)
        speeds = physics._footing_speeds(-physics.level_push(level)) if level > 0 else ()
        for s in range(steps):
            if s < len(speeds):
                cp.cpBodySetVelocity(world.footing, speeds[s])
            cp.cpSpaceStep(world.space, physics.DT)
        world.free()


def bare_loop(runs: list[tuple[int, int]]) -> None:
    """A bare pymunk loop of the same bodies and steps: boxes stacked in two columns on a static
    ground, stepped as often as each run was, nothing read, no joints."""
    for blocks, steps in runs:
        space = pymunk.Space()
        space.gravity = (0.0, -physics.GRAVITY)
        space.iterations = physics.ITERATIONS
        space.add(pymunk.Segment(space.static_body, (-800.0, 0.0), (800.0, 0.0), 0.0))
        for i in range(blocks):
            body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (physics.BLOCK, physics.BLOCK)))
            body.position = ((i % 2 - 0.5) * physics.BLOCK, (i // 2 + 0.5) * physics.BLOCK)
            space.add(body, pymunk.Poly.create_box(body, (physics.BLOCK, physics.BLOCK)))
        for _ in range(steps):
            space.step(physics.DT)


def with_ratio(times: list, bare: list, runs: list[int], core: list | None = None) -> dict:
    out = medians(times)
    base = medians(bare)
    out["bare_pymunk_median_cpu_ms"] = base["median_cpu_ms"]
    out["ratio_cpu"] = (
        round(out["median_cpu_ms"] / base["median_cpu_ms"], 2) if base["median_cpu_ms"] else None
    )
    if core:
        floor = medians(core)["median_cpu_ms"]
        out["own_spaces_stepped_median_cpu_ms"] = floor
        out["own_spaces_over_bare"] = round(floor / base["median_cpu_ms"], 2) if base["median_cpu_ms"] else None
        out["ratio_to_own_spaces"] = round(out["median_cpu_ms"] / floor, 2) if floor else None
        out["bare_share_of_member"] = round(base["median_cpu_ms"] / out["median_cpu_ms"], 2)
    out["median_runs"] = statistics.median(runs)
    return out


def moves(lean: bool):
    """The top block of each cell taken off a 24-block tower (straight or leaning)."""
    full = tower24(lean)
    for cell in range(4):
        yield [p for p in full if (p.cell, p.floor) != (cell, 6)], cell


def bench_member(repeat: int, shake: int) -> dict:
    """One settled member (every side view at the member's own level, the tower judged) on a
    24-block tower, memo cleared before each; beside it, timed in turn with it, the bare pymunk
    loop of its runs and our own spaces of its runs stepped with nothing read."""
    times, bare, runs, core = [], [], [], []
    for lean in (False, True):
        for pl, cell in moves(lean):
            for k in range(0, physics.MEMBERS, max(1, physics.MEMBERS // repeat)):
                clear_caches()
                canon = physics._canonical(pl)
                times.append(timed(lambda c=canon, t=cell, m=k: physics.decide(c, t, shake, m)))
                done = runs_of(pl, cell, shake, [k])
                bare.append(timed(lambda r=done: bare_loop(r)))
                full = runs_of(pl, cell, shake, [k], full=True)
                core.append(timed(lambda r=full: core_loop(r)))
                runs.append(len(done))
    return {"shake": shake, **with_ratio(times, bare, runs, core)}


def bench_ensemble(repeat: int, shake: int) -> dict:
    """A move's full ensemble (what ``apply`` and the preview cost) on a 24-block tower: the top
    block of each cell taken, memo cleared before each (so every run is simulated); beside it
    the bare pymunk loop of the same runs."""
    times, bare, runs = [], [], []
    for lean in (False, True):
        for _ in range(repeat):
            for pl, cell in moves(lean):
                clear_caches()
                times.append(timed(lambda p=pl, c=cell: physics.ensemble(p, c, shake)))
                done = runs_of(pl, cell, shake, range(physics.MEMBERS))
                bare.append(timed(lambda r=done: bare_loop(r)))
                runs.append(len(done))
    return {"shake": shake, **with_ratio(times, bare, runs)}


def bench_apply_outcome(repeat: int) -> dict:
    """The drawn member's outcome with frames (its runs recorded again), after the ensemble."""
    times = []
    for _ in range(repeat):
        for pl, cell in moves(False):
            physics.ensemble(pl, cell, 5)
            physics._outcome.cache_clear()
            times.append(timed(lambda p=pl, c=cell: physics.outcome(p, c, 5, 3)))
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
    ap.add_argument("--physics-only", action="store_true", help="skip the drawing and games figures")
    ap.add_argument("--member-only", action="store_true", help="only the settled member's figures")
    args = ap.parse_args()
    out = {
        "settled_member_24_blocks_shake_6": bench_member(args.repeat, 6),
    }
    if args.member_only:
        print(json.dumps(out, indent=1))
        return 0
    out |= {
        "ensemble_24_blocks_shake_3": bench_ensemble(args.repeat, 3),
        "ensemble_24_blocks_shake_6": bench_ensemble(args.repeat, 6),
        "ensemble_24_blocks_shake_9": bench_ensemble(args.repeat, 9),
        "outcome_with_frames_24_blocks": bench_apply_outcome(args.repeat),
    }
    if not args.physics_only:
        out["wobble_frames_1080p"] = bench_wobble_frames(args.frames)
        out["random_games_4p"] = bench_games(args.games, 4)
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
