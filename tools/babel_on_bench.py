"""Babel On! benchmarks: one stability check, one risk preview, random full games per second.

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
from babel.games.babel_on.preview import PREVIEW_HANDS  # noqa: E402

P = physics.Placed


def tower24(lean: bool) -> list[physics.Placed]:
    out = []
    for c in range(4):
        for f in range(1, 7):
            off = min(physics.MAX_OFFSET, -4 + 2 * (f - 1)) if lean else 0
            out.append(P(c, f, off, off))
    return out


def time_check(places, touched, shake) -> tuple[float, float]:
    physics._check_cached.cache_clear()
    c0, t0 = time.process_time(), time.perf_counter()
    physics.check(places, touched, shake, record=False)
    return time.perf_counter() - t0, time.process_time() - c0


def medians(pairs: list[tuple[float, float]]) -> dict:
    """Wall-clock and CPU medians in ms (CPU time is the fairer figure on a loaded machine)."""
    return {
        "median_ms": round(statistics.median(p[0] for p in pairs) * 1000, 2),
        "median_cpu_ms": round(statistics.median(p[1] for p in pairs) * 1000, 2),
    }


def bench_check(repeat: int) -> dict:
    """A 24-block tower: the top block of each cell added (shake 0..3), in turn."""
    times = []
    for lean in (False, True):
        full = tower24(lean)
        for _ in range(repeat):
            for cell in range(4):
                for shake in (0, 1, 2, 3):
                    times.append(time_check(full, cell, shake))
    return {**medians(times), "checks": len(times)}


def bench_risk(repeat: int, hand: str) -> dict:
    times = []
    weights = PREVIEW_HANDS[hand]
    for lean in (False, True):
        full = tower24(lean)
        for _ in range(repeat):
            for cell in range(4):
                pl = [p for p in full if (p.cell, p.floor) != (cell, 6)]
                physics._check_cached.cache_clear()
                c0, t0 = time.process_time(), time.perf_counter()
                physics.risk(pl, cell, weights)
                times.append((time.perf_counter() - t0, time.process_time() - c0))
    return {"hand": hand, "levels": len(weights), **medians(times)}


def bench_games(games: int, players: int) -> dict:
    config = RULES.make_config(players)
    c0, t0 = time.process_time(), time.perf_counter()
    plies = 0
    for seed in range(games):
        rec = play_game(RULES, config, 10_000 + seed, ["random"] * players)
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
    args = ap.parse_args()
    out = {
        "stability_check_24_blocks": bench_check(args.repeat),
        "risk_preview_average_hand": bench_risk(args.repeat, "average"),
        "risk_preview_shaky_hand": bench_risk(args.repeat, "shaky"),
        "random_games_4p": bench_games(args.games, 4),
    }
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
