"""The card duel's strength checks: one bot level against the pattern panel (or any levels).

Two players: for each rival level, ``--games`` seeded games (game g uses seed ``--seed + g``);
the hero sits at seat ``g % 2``. Three players: for each pair of rival levels (with repetition),
the hero at seat ``g % 3`` and the pair in the other two seats, their order swapped every third
game. A win shared by k players counts 1/k. Each line gives the hero's win share with a 95%
confidence interval (normal approximation over the per-game shares) and the fair share.

    python tools/duel_match.py --hero expert --players 2 --games 500 --workers 2
    python tools/duel_match.py --hero steady --rivals lowest,thumb --games 500
    python tools/duel_match.py --hero expert --players 3 --games 500 --json docs/duel/panel_3p.json
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations_with_replacement
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.core.bots import Budget, bot_rng  # noqa: E402
from babel.core.protocol import Config  # noqa: E402
from babel.games.duel import RULES, panel  # noqa: E402


def play(args: tuple[int, int, str, tuple[str, ...]]) -> dict:
    players, seed, hero, rivals = args
    h = seed % players
    order = list(rivals) if (seed // players) % 2 == 0 else list(reversed(rivals))
    levels = order[:]
    levels.insert(h, hero)
    agents = [RULES.make_bot(level) for level in levels]
    state = RULES.initial_state(Config(players), seed)
    ply = 0
    times = []
    while not RULES.is_over(state):
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        t0 = time.perf_counter()
        action = agents[seat].choose(RULES.view(state, seat), legal, bot_rng(seed, seat, ply), Budget())
        if seat == h and len(legal) > 1:
            times.append(time.perf_counter() - t0)
        state = RULES.apply(state, seat, action).state
        ply += 1
    out = RULES.outcome(state)
    share = [1 / len(out.winners) if i in out.winners else 0.0 for i in range(players)]
    return {
        "seat": h,
        "hero": share[h],
        "shared": len(out.winners) > 1,
        "six": state.end.value == "six",
        "times": times,
    }


def ci95(xs: list[float]) -> tuple[float, float, float]:
    n = len(xs)
    mean = sum(xs) / n
    sd = statistics.pstdev(xs) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def run(players: int, games: int, seed: int, hero: str, rivals: tuple[str, ...], pool) -> dict:
    jobs = [(players, seed + g, hero, rivals) for g in range(games)]
    t0 = time.perf_counter()
    results = list(pool.map(play, jobs, chunksize=10)) if pool else [play(j) for j in jobs]
    times = sorted(t for r in results for t in r["times"])
    mean, lo, hi = ci95([r["hero"] for r in results])
    return {
        "players": players,
        "hero": hero,
        "rivals": list(rivals),
        "games": games,
        "seeds": [seed, seed + games - 1],
        "hero_win_share": round(mean, 4),
        "hero_ci95": [round(lo, 4), round(hi, 4)],
        "fair_share": round(1 / players, 4),
        "hero_share_by_seat": {
            s + 1: round(statistics.mean(r["hero"] for r in results if r["seat"] == s), 3)
            for s in range(players)
        },
        "shared_wins": sum(r["shared"] for r in results),
        "ended_on_six": sum(r["six"] for r in results),
        "hero_decision_s": {
            "median": round(statistics.median(times), 4) if times else None,
            "max": round(times[-1], 4) if times else None,
        },
        "wall_s": round(time.perf_counter() - t0, 1),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hero", default="expert")
    ap.add_argument("--rivals", default=",".join(panel.PATTERNS), help="rival levels, comma-separated")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", help="also write the reports to this file")
    args = ap.parse_args()
    names = args.rivals.split(",")
    for name in [args.hero, *names]:
        if name not in RULES.info.all_bot_levels:
            ap.error(f"no duel bot level '{name}' (levels: {', '.join(RULES.info.all_bot_levels)})")
    groups = [(n,) for n in names] if args.players == 2 else list(combinations_with_replacement(names, 2))
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    reports = []
    try:
        for rivals in groups:
            rep = run(args.players, args.games, args.seed, args.hero, rivals, pool)
            reports.append(rep)
            print(
                f"{args.players}p {args.hero} vs {'+'.join(rivals)}: wins {rep['hero_win_share']:.3f} "
                f"(95% CI {rep['hero_ci95'][0]:.3f}-{rep['hero_ci95'][1]:.3f}, fair {rep['fair_share']:.3f}), "
                f"{rep['games']} games, {rep['shared_wins']} shared; decision median "
                f"{rep['hero_decision_s']['median']} s, max {rep['hero_decision_s']['max']} s",
                flush=True,
            )
            if args.json:
                Path(args.json).write_text(json.dumps(reports, indent=1) + "\n")
    finally:
        if pool:
            pool.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
