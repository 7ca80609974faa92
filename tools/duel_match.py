"""The card duel's strength check: the strong bot against heuristic bots in seeded games.

Game g uses seed ``--seed + g``; the strong bot sits at seat ``g % players`` so every seat is
played equally often; the other seats are heuristic bots. A win shared by k players counts 1/k.
Reports, per player count, the strong bot's win share with a 95% confidence interval (normal
approximation over the per-game scores), the heuristic seats' average share, the fair share
(1/players) and the strong bot's decision times.

    .venv/bin/python tools/duel_match.py --games 1000 --players 2,3 --workers 2
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
from babel.core.protocol import Config  # noqa: E402
from babel.games.duel import RULES  # noqa: E402
from babel.games.duel import bots as duel_bots  # noqa: E402


def play(args: tuple[int, int, str, str]) -> dict:
    players, seed, hero, rival = args
    g_seat = seed % players
    levels = [rival] * players
    levels[g_seat] = hero
    agents = [RULES.make_bot(level) for level in levels]
    state = RULES.initial_state(Config(players), seed)
    ply = 0
    times = []
    while not RULES.is_over(state):
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        t0 = time.perf_counter()
        action = agents[seat].choose(RULES.view(state, seat), legal, bot_rng(seed, seat, ply), Budget())
        if seat == g_seat and len(legal) > 1:
            times.append(time.perf_counter() - t0)
        state = RULES.apply(state, seat, action).state
        ply += 1
    out = RULES.outcome(state)
    share = [1 / len(out.winners) if i in out.winners else 0.0 for i in range(players)]
    return {
        "seat": g_seat,
        "hero": share[g_seat],
        "rivals": [share[i] for i in range(players) if i != g_seat],
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


def run(players: int, games: int, seed: int, workers: int, hero: str, rival: str) -> dict:
    jobs = [(players, seed + g, hero, rival) for g in range(games)]
    t0 = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(play, jobs, chunksize=8))
    else:
        results = [play(j) for j in jobs]
    wall = time.perf_counter() - t0
    hero_scores = [r["hero"] for r in results]
    rival_scores = [sum(r["rivals"]) / len(r["rivals"]) for r in results]
    times = [t for r in results for t in r["times"]]
    mean, lo, hi = ci95(hero_scores)
    rmean, rlo, rhi = ci95(rival_scores)
    by_seat = {}
    for s in range(players):
        xs = [r["hero"] for r in results if r["seat"] == s]
        by_seat[s + 1] = round(sum(xs) / len(xs), 3) if xs else None
    return {
        "players": players,
        "games": games,
        "seeds": [seed, seed + games - 1],
        "hero": hero,
        "rival": rival,
        "hero_win_share": round(mean, 4),
        "hero_ci95": [round(lo, 4), round(hi, 4)],
        "rival_win_share_per_seat": round(rmean, 4),
        "rival_ci95": [round(rlo, 4), round(rhi, 4)],
        "fair_share": round(1 / players, 4),
        "hero_share_by_seat": by_seat,
        "shared_wins": sum(r["shared"] for r in results),
        "ended_on_six": sum(r["six"] for r in results),
        "hero_decision_s": {
            "median": round(statistics.median(times), 4) if times else None,
            "p95": round(sorted(times)[int(0.95 * (len(times) - 1))], 4) if times else None,
            "max": round(max(times), 4) if times else None,
        },
        "playouts_per_decision": duel_bots.PLAYOUTS[players],
        "wall_s": round(wall, 1),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", default="2,3", help="player counts, comma-separated")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--hero", default="strong")
    ap.add_argument("--rival", default="heuristic")
    ap.add_argument("--json", help="also write the report to this file")
    args = ap.parse_args()
    reports = []
    for players in (int(p) for p in args.players.split(",")):
        rep = run(players, args.games, args.seed, args.workers, args.hero, args.rival)
        reports.append(rep)
        print(
            f"{players}p: {args.hero} wins {rep['hero_win_share']:.3f} "
            f"(95% CI {rep['hero_ci95'][0]:.3f}-{rep['hero_ci95'][1]:.3f}) vs {args.rival} "
            f"{rep['rival_win_share_per_seat']:.3f} per seat (fair share {rep['fair_share']:.3f}); "
            f"median decision {rep['hero_decision_s']['median']} s",
            flush=True,
        )
    print(json.dumps(reports, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(reports, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
