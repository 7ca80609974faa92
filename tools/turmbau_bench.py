"""Benchmarks for Der Turmbau zu Babel: novice (random) full games per second, steady games per second,
and the expert bot's decision time (median of all its decisions in a few games against steady
bots). Prints JSON; every figure is a median over ``--runs`` runs.

    .venv/bin/python tools/turmbau_bench.py --runs 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.core.bots import Budget, bot_rng  # noqa: E402
from babel.core.simulate import play_game  # noqa: E402
from babel.games.turmbau import BOTS, RULES  # noqa: E402


def games_per_second(level: str, players: int, games: int, seed: int) -> float:
    config = RULES.make_config(players)
    t0 = time.perf_counter()
    for g in range(games):
        play_game(RULES, config, seed + g, [level] * players)
    return games / (time.perf_counter() - t0)


def strong_times(players: int, games: int, seed: int) -> list[float]:
    config = RULES.make_config(players)
    times = []
    for g in range(games):
        levels = ["steady"] * players
        hero = (seed + g) % players
        levels[hero] = "expert"
        bots = [BOTS.make(level) for level in levels]
        state = RULES.initial_state(config, seed + g)
        ply = 0
        while RULES.outcome(state) is None:
            seat = RULES.to_act(state)[0]
            legal = RULES.legal_actions(state, seat)
            view = RULES.view(state, seat)
            t0 = time.perf_counter()
            action = bots[seat].choose(view, legal, bot_rng(seed + g, seat, ply), Budget())
            if seat == hero:
                times.append(time.perf_counter() - t0)
            state = RULES.apply(state, seat, action).state
            ply += 1
    return times


def main() -> int:
    ap = argparse.ArgumentParser(description="Turmbau benchmarks")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--games", type=int, default=40, help="games per run for the games/s figures")
    ap.add_argument("--strong-games", type=int, default=4, help="games per run for the strong bot")
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    random_gps, heur_gps, medians, p90s = [], [], [], []
    for run in range(args.runs):
        random_gps.append(games_per_second("novice", args.players, args.games, 1000 * run))
        heur_gps.append(games_per_second("steady", args.players, args.games, 1000 * run))
        times = sorted(strong_times(args.players, args.strong_games, 1000 * run))
        medians.append(statistics.median(times))
        p90s.append(times[int(0.9 * len(times))])
    print(
        json.dumps(
            {
                "players": args.players,
                "runs": args.runs,
                "random_games_per_s": round(statistics.median(random_gps), 1),
                "heuristic_games_per_s": round(statistics.median(heur_gps), 1),
                "strong_median_decision_ms": round(1000 * statistics.median(medians), 2),
                "strong_p90_decision_ms": round(1000 * statistics.median(p90s), 2),
                "target_median_decision_ms": 1000,
            },
            indent=1,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
