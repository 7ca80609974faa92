"""Babel Builders benchmarks: random full games per second at 10 players, and bot decision times.

Prints medians over several runs (the machine is shared, so single timings wander):

    .venv/bin/python tools/builders_bench.py            # 5 runs
    .venv/bin/python tools/builders_bench.py --runs 3 --games 200
    .venv/bin/python tools/builders_bench.py --talk     # bot games with table talk on
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from babel.core.bots import Budget, RandomBot, bot_rng  # noqa: E402
from babel.games.builders import BOTS, RULES  # noqa: E402


def random_games_per_second(players: int, games: int, seed: int) -> float:
    config = RULES.make_config(players)
    bot = RandomBot()
    t0 = time.perf_counter()
    for g in range(games):
        state = RULES.initial_state(config, seed + g)
        ply = 0
        while RULES.outcome(state) is None:
            seat = RULES.to_act(state)[0]
            legal = RULES.legal_actions(state, seat)
            action = bot.choose(None, legal, bot_rng(seed + g, seat, ply), Budget())
            state = RULES.apply(state, seat, action).state
            ply += 1
    return games / (time.perf_counter() - t0)


def decision_times(
    level: str,
    players: int,
    games: int,
    seed: int,
    by_verb: dict[str, list[float]] | None = None,
    cpu: list[float] | None = None,
    talk: bool = False,
) -> list[float]:
    """Seconds per bot decision with a real choice (the view is built outside the timing, as a
    scene would); ``by_verb`` collects them per kind of decision too, ``cpu`` the process time
    of each (what the bot itself used, whatever else the machine is doing); ``talk``: with the
    option "talk" (a statement from every seat each round, the statements in every view)."""
    config = RULES.make_config(players, talk=talk)
    bot = BOTS.make(level)
    times = []
    for g in range(games):
        state = RULES.initial_state(config, seed + g)
        ply = 0
        while RULES.outcome(state) is None:
            seat = RULES.to_act(state)[0]
            legal = RULES.legal_actions(state, seat)
            view = RULES.view(state, seat)
            t0, c0 = time.perf_counter(), time.process_time()
            action = bot.choose(view, legal, bot_rng(seed + g, seat, ply), Budget())
            if len(legal) > 1:
                times.append(time.perf_counter() - t0)
                if cpu is not None:
                    cpu.append(time.process_time() - c0)
                if by_verb is not None:
                    by_verb.setdefault(RULES.action_text(action).split()[0], []).append(times[-1])
            state = RULES.apply(state, seat, action).state
            ply += 1
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=300, help="random games per run")
    parser.add_argument("--bot-games", type=int, default=20, help="bot games per run and level")
    parser.add_argument("--talk", action="store_true", help="bot games with table talk on")
    args = parser.parse_args(argv)
    rates = [random_games_per_second(10, args.games, 1000 * r) for r in range(args.runs)]
    report = {
        "random_games_per_second_10p": round(statistics.median(rates), 1),
        "runs": args.runs,
        "talk": args.talk,
    }
    for level in BOTS.offered:
        for players in (7, 10):
            medians, p95s, worst, cpu = [], [], [], []
            verbs: dict[str, list[float]] = {}
            for r in range(args.runs):
                t = sorted(decision_times(level, players, args.bot_games, 5000 * r, verbs, cpu, args.talk))
                medians.append(statistics.median(t))
                p95s.append(t[int(0.95 * (len(t) - 1))])
                worst.append(t[-1])
            report[f"{level}_{players}p_median_ms"] = round(1000 * statistics.median(medians), 3)
            report[f"{level}_{players}p_p95_ms"] = round(1000 * statistics.median(p95s), 3)
            report[f"{level}_{players}p_max_ms"] = round(1000 * max(worst), 2)
            cpu.sort()
            report[f"{level}_{players}p_cpu_median_ms"] = round(1000 * statistics.median(cpu), 3)
            report[f"{level}_{players}p_cpu_max_ms"] = round(1000 * cpu[-1], 2)
            report[f"{level}_{players}p_median_ms_by_decision"] = {
                verb: round(1000 * statistics.median(ts), 3) for verb, ts in sorted(verbs.items())
            }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
