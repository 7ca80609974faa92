"""Card duel benchmarks: random games per second (fast path and protocol engine) and the expert
bot's decision time (against the pattern panel and against steady and expert rivals, every round of whole games; the expert's first
decisions also fill the exact solver's cache, so the worst case is a fresh process's first game).
Every figure is the median of several runs; nothing here is a test.

Each figure is given twice: by the wall clock, and per second of this process's CPU time
(``time.process_time``), which is what one core does when the machine is shared with other work.

    .venv/bin/python tools/duel_bench.py [--runs 5]
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
from babel.core.protocol import Config  # noqa: E402
from babel.core.rng import Rng, seed_state  # noqa: E402
from babel.games.duel import BOTS, RULES, fast, panel  # noqa: E402


def fast_rate(players: int, games: int, seed: int) -> tuple[float, float]:
    t0, c0 = time.perf_counter(), time.process_time()
    fast.random_games(players, games, seed)
    return games / (time.perf_counter() - t0), games / (time.process_time() - c0)


def protocol_rate(players: int, games: int, seed: int) -> tuple[float, float]:
    config = Config(players)
    t0, c0 = time.perf_counter(), time.process_time()
    for g in range(games):
        rng = Rng(seed_state(seed, g))
        state = RULES.initial_state(config, seed + g)
        while not RULES.is_over(state):
            for seat in RULES.to_act(state):
                state = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat))).state
    return games / (time.perf_counter() - t0), games / (time.process_time() - c0)


def expert_times(
    players: int, games: int, seed: int, rivals: tuple[str, ...] | None = None
) -> tuple[list[float], list[float]]:
    """Decision times (wall, CPU) of one expert seat in games against panel patterns, or against
    the given rival levels in turn (choices with more than one legal card)."""
    times, cpu = [], []
    for g in range(games):
        hero = g % players
        pool = rivals or panel.PATTERNS
        rival = pool[(seed + g) % len(pool)]
        agents = [BOTS.make("expert" if s == hero else rival) for s in range(players)]
        state = RULES.initial_state(Config(players), seed + g)
        ply = 0
        while not RULES.is_over(state):
            seat = RULES.to_act(state)[0]
            legal = RULES.legal_actions(state, seat)
            view = RULES.view(state, seat)
            t0, c0 = time.perf_counter(), time.process_time()
            action = agents[seat].choose(view, legal, bot_rng(seed + g, seat, ply), Budget())
            if seat == hero and len(legal) > 1:
                times.append(time.perf_counter() - t0)
                cpu.append(time.process_time() - c0)
            state = RULES.apply(state, seat, action).state
            ply += 1
    return times, cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--fast-games", type=int, default=20_000)
    ap.add_argument("--protocol-games", type=int, default=300)
    ap.add_argument("--bot-games", type=int, default=6, help="games per run for the decision times")
    args = ap.parse_args()
    report: dict = {"runs": args.runs}
    for players in (2, 3):
        f = [fast_rate(players, args.fast_games, 1 + r * args.fast_games) for r in range(args.runs)]
        p = [
            protocol_rate(players, args.protocol_games, 1 + r * args.protocol_games) for r in range(args.runs)
        ]
        med, med_cpu, first, top, top_cpu = [], [], [], [], []
        for r in range(args.runs):
            ts, cs = expert_times(players, args.bot_games, 100 + r * args.bot_games)
            med.append(statistics.median(ts))
            med_cpu.append(statistics.median(cs))
            first.append(ts[0])
            top.append(max(ts))
            top_cpu.append(max(cs))
        rep = {
            "fast_games_per_s": round(statistics.median(x for x, _ in f)),
            "fast_games_per_cpu_s": round(statistics.median(c for _, c in f)),
            "protocol_games_per_s": round(statistics.median(x for x, _ in p)),
            "protocol_games_per_cpu_s": round(statistics.median(c for _, c in p)),
            "expert_median_decision_s": round(statistics.median(med), 4),
            "expert_median_decision_cpu_s": round(statistics.median(med_cpu), 4),
            "expert_first_round_decision_s": round(statistics.median(first), 4),
            "expert_max_decision_s": round(max(top), 4),
            "expert_max_decision_cpu_s": round(max(top_cpu), 4),
        }
        # Against sound rivals (steady, then expert seats): the three-player expert's joint answer.
        sound_med, sound_top = [], []
        for r in range(args.runs):
            _, cs = expert_times(players, args.bot_games, 500 + r * args.bot_games, ("steady", "expert"))
            sound_med.append(statistics.median(cs))
            sound_top.append(max(cs))
        rep["expert_vs_sound_median_decision_cpu_s"] = round(statistics.median(sound_med), 4)
        rep["expert_vs_sound_max_decision_cpu_s"] = round(max(sound_top), 4)
        report[f"{players}p"] = rep
        print(
            f"{players}p: fast path {rep['fast_games_per_s']:,} games/s ({rep['fast_games_per_cpu_s']:,} per CPU s), "
            f"protocol {rep['protocol_games_per_s']:,} games/s ({rep['protocol_games_per_cpu_s']:,} per CPU s), "
            f"expert median {rep['expert_median_decision_s']} s ({rep['expert_median_decision_cpu_s']} CPU s), "
            f"round 1 {rep['expert_first_round_decision_s']} s, max {rep['expert_max_decision_s']} s "
            f"({rep['expert_max_decision_cpu_s']} CPU s); against steady and expert rivals median "
            f"{rep['expert_vs_sound_median_decision_cpu_s']} CPU s, max {rep['expert_vs_sound_max_decision_cpu_s']} CPU s",
            flush=True,
        )
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
