"""Benchmarks for Tower of Babel solitaire: solver, hint latency, random games per second.

    .venv/bin/python tools/solitaire_bench.py                 # default sizes, one run
    .venv/bin/python tools/solitaire_bench.py --runs 3        # medians of three runs
    .venv/bin/python tools/solitaire_bench.py --tiles 200 --cards 40 --hints 20

Targets (issue 4): solver median under 10 ms per 24-tile deal and under 250 ms per 52-card deal
(a capped search answers "not proven"); hint under 300 ms. Deals are the numbered deals from 0,
so runs are comparable. Prints JSON; with --runs N every figure is the median over the runs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.core.rng import Rng, seed_state  # noqa: E402
from babel.games.solitaire import RULES, hints, solver  # noqa: E402
from babel.games.solitaire.actions import DRAW, Move  # noqa: E402
from babel.games.solitaire.deals import Variant, deal_order  # noqa: E402
from babel.games.solitaire.model import Difficulty, Phase  # noqa: E402


def _ms(values: list[float]) -> dict:
    values = sorted(values)
    return {
        "median_ms": round(statistics.median(values) * 1e3, 2),
        "p90_ms": round(values[int(len(values) * 0.9)] * 1e3, 2),
        "worst_ms": round(values[-1] * 1e3, 1),
    }


def bench_solver(variant: Variant, deals: int, difficulty: Difficulty) -> dict:
    times, unproven, wins = [], 0, 0
    for number in range(deals):
        order, _ = deal_order(variant, number)
        t0 = time.perf_counter()
        sol = solver.solve_position(order[:1], order[1:], variant, difficulty)
        times.append(time.perf_counter() - t0)
        unproven += not sol.proven
        wins += sol.stacks == 1
    return {"deals": deals, **_ms(times), "not_proven": unproven, "full_wins": wins}


def _mid_game_view(variant: Variant, difficulty: Difficulty, number: int):
    """A position a third to two thirds into the deal, reached by drawing with some moves."""
    config = RULES.make_config(1, variant=variant.value, difficulty=difficulty.value)
    state = RULES.initial_state(config, number)
    rng = Rng(seed_state("bench", number))
    size = len(state.pile) + 1
    stop = size // 3 + rng.below(size // 3)
    while state.phase is Phase.PLAY and len(state.pile) > size - stop:
        legal = RULES.legal_actions(state, 0)
        moves = [a for a in legal if isinstance(a, Move)]
        action = rng.choice(moves) if moves and rng.below(2) else (DRAW if DRAW in legal else legal[0])
        state = RULES.apply(state, 0, action).state
    # go on to a position with a real choice (a hint with one legal action costs nothing)
    while state.phase is Phase.PLAY and len(RULES.legal_actions(state, 0)) < 2:
        state = RULES.apply(state, 0, RULES.legal_actions(state, 0)[0]).state
    return RULES.view(state, 0)


def bench_hints(variant: Variant, count: int, difficulty: Difficulty) -> dict:
    hint_t, win_t = [], []
    for number in range(count):
        view = _mid_game_view(variant, difficulty, number)
        if view.phase is Phase.OVER:
            continue
        t0 = time.perf_counter()
        hints.hint(view)
        hint_t.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        hints.winnable(view)
        win_t.append(time.perf_counter() - t0)
    return {"positions": len(hint_t), "hint": _ms(hint_t), "winnable": _ms(win_t)}


def bench_random(variant: Variant, seconds: float) -> dict:
    config = RULES.make_config(1, variant=variant.value)
    games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = RULES.initial_state(config, games)
        rng = Rng(games)
        while state.phase is Phase.PLAY:
            state = RULES.apply(state, 0, rng.choice(RULES.legal_actions(state, 0))).state
        games += 1
    elapsed = time.perf_counter() - t0
    return {"games": games, "games_per_second": round(games / elapsed, 1)}


def run_once(args: argparse.Namespace) -> dict:
    out: dict = {}
    for variant, deals in ((Variant.TILES, args.tiles), (Variant.CARDS, args.cards)):
        v = variant.value
        out[f"solver_{v}_standard"] = bench_solver(variant, deals, Difficulty.STANDARD)
        out[f"solver_{v}_strict"] = bench_solver(variant, deals, Difficulty.STRICT)
        out[f"hint_{v}_standard"] = bench_hints(variant, args.hints, Difficulty.STANDARD)
        out[f"hint_{v}_strict"] = bench_hints(variant, args.hints, Difficulty.STRICT)
        out[f"random_{v}"] = bench_random(variant, args.seconds)
    return out


def _median_of(runs: list[dict]) -> dict:
    first = runs[0]
    out = {}
    for key, value in first.items():
        if isinstance(value, dict):
            out[key] = _median_of([r[key] for r in runs])
        elif isinstance(value, (int, float)):
            out[key] = statistics.median(r[key] for r in runs)
        else:
            out[key] = value
    return out


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tiles", type=int, default=500, help="24-tile deals to solve")
    parser.add_argument("--cards", type=int, default=100, help="52-card deals to solve")
    parser.add_argument("--hints", type=int, default=30, help="mid-game positions per hint benchmark")
    parser.add_argument("--seconds", type=float, default=2.0, help="time for random games per variant")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    runs = [run_once(args) for _ in range(args.runs)]
    result = _median_of(runs) if len(runs) > 1 else runs[0]
    result["runs"] = args.runs
    result["node_cap"] = solver.NODE_CAP
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
