"""Seeded tournament for Der Turmbau zu Babel: one bot level against another, seats rotated.

    .venv/bin/python tools/turmbau_match.py --games 500 --players 4 --hero expert --field steady

Game g puts the hero in seat g % players and the field bots in the other seats, so every seat is
played equally often. Prints a JSON summary: hero wins (a shared win counts 1/k), win rate and
its 95% interval, the chance baseline 1/players, mean scores, and the hero's median decision time.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.core.bots import Budget, bot_rng  # noqa: E402
from babel.games.turmbau import RULES  # noqa: E402
from babel.games.turmbau.bots import StrongBot  # noqa: E402


def _bot(level: str, iterations: int | None):
    if level == "expert" and iterations:
        return StrongBot(iterations=iterations)
    return RULES.make_bot(level)


def play(args: tuple[int, int, str, str, bool, int | None]) -> dict:
    seed, players, hero, field, two_kind, iterations = args
    hero_seat = seed % players
    levels = [field] * players
    levels[hero_seat] = hero
    bots = [_bot(level, iterations) for level in levels]
    config = RULES.make_config(players, two_kind=two_kind)
    state = RULES.initial_state(config, seed)
    plies = 0
    times = []
    while RULES.outcome(state) is None:
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        view = RULES.view(state, seat)
        t0 = time.perf_counter()
        action = bots[seat].choose(view, legal, bot_rng(seed, seat, plies), Budget())
        if seat == hero_seat:
            times.append(time.perf_counter() - t0)
        state = RULES.apply(state, seat, action).state
        plies += 1
    out = RULES.outcome(state)
    assert out is not None
    share = 1 / len(out.winners) if hero_seat in out.winners else 0.0
    field_scores = [s for i, s in enumerate(out.scores) if i != hero_seat]
    return {
        "share": share,
        "hero_score": out.scores[hero_seat],
        "field_score": sum(field_scores) / len(field_scores),
        "times": times,
        "plies": plies,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--hero", default="expert")
    ap.add_argument("--field", default="steady")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--two-kind", action="store_true")
    ap.add_argument("--strong-iterations", type=int, default=None, help="override the strong bot's budget")
    args = ap.parse_args()
    jobs = [
        (args.seed + g, args.players, args.hero, args.field, args.two_kind, args.strong_iterations)
        for g in range(args.games)
    ]
    t0 = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(play, jobs, chunksize=4))
    else:
        results = [play(j) for j in jobs]
    elapsed = time.perf_counter() - t0
    wins = sum(r["share"] for r in results)
    n = len(results)
    rate = wins / n
    half = 1.96 * math.sqrt(rate * (1 - rate) / n)
    times = [t for r in results for t in r["times"]]
    print(
        json.dumps(
            {
                "games": n,
                "players": args.players,
                "two_kind": args.two_kind,
                "hero": args.hero,
                "field": args.field,
                "hero_wins": round(wins, 2),
                "hero_win_rate": round(rate, 4),
                "ci95": [round(rate - half, 4), round(rate + half, 4)],
                "baseline": round(1 / args.players, 4),
                "hero_mean_score": round(statistics.mean(r["hero_score"] for r in results), 2),
                "field_mean_score": round(statistics.mean(r["field_score"] for r in results), 2),
                "hero_decisions": len(times),
                "hero_median_decision_ms": round(1000 * statistics.median(times), 2) if times else None,
                "hero_p90_decision_ms": round(1000 * sorted(times)[int(0.9 * len(times))], 2)
                if times
                else None,
                "hero_max_decision_ms": round(1000 * max(times), 2) if times else None,
                "mean_plies": round(statistics.mean(r["plies"] for r in results), 1),
                "seconds": round(elapsed, 1),
            },
            indent=1,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
