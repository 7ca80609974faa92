"""Seeded Babel On! matches: one bot level (the hero) against another (the field).

    python tools/babel_on_match.py --games 40 --players 2 --hero expert --field steady

Game g puts the hero in seat g % players and field bots elsewhere, so every seat is played
equally often. Prints JSON: hero wins (a shared win counts 1/k), win rate with a 95% interval,
the chance baseline, how games ended, and mean game length. Each level plays with its own hands
(novice: shaky, steady: average, expert: careful); ``--steady`` plays with steady hands.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.core.bots import Budget, bot_rng  # noqa: E402
from babel.games.babel_on import RULES  # noqa: E402


def play(seed: int, players: int, hero: str, field: str, steady: bool, limit: int) -> dict:
    hero_seat = seed % players
    levels = [field] * players
    levels[hero_seat] = hero
    bots = [RULES.make_bot(level) for level in levels]
    config = RULES.make_config(players, steady_hands=steady, round_limit=limit)
    state = RULES.initial_state(config, seed)
    plies = 0
    while RULES.outcome(state) is None:
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        action = bots[seat].choose(RULES.view(state, seat), legal, bot_rng(seed, seat, plies), Budget())
        state = RULES.apply(state, seat, action).state
        plies += 1
    out = RULES.outcome(state)
    share = 1 / len(out.winners) if hero_seat in out.winners else 0.0
    return {
        "hero_share": share,
        "plies": plies,
        "rounds": state.round,
        "reason": out.ending,
        "eliminations": out.stats["eliminations"],
        "hero_eliminated": state.eliminated[hero_seat],
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--hero", default="expert")
    ap.add_argument("--field", default="steady")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--steady", action="store_true")
    ap.add_argument("--round-limit", type=int, default=50)
    args = ap.parse_args()
    t0 = time.perf_counter()
    results = [
        play(args.seed + g, args.players, args.hero, args.field, args.steady, args.round_limit)
        for g in range(args.games)
    ]
    wins = sum(r["hero_share"] for r in results)
    n = len(results)
    rate = wins / n
    half = 1.96 * math.sqrt(max(rate * (1 - rate), 1e-9) / n)
    print(
        json.dumps(
            {
                "hero": args.hero,
                "field": args.field,
                "players": args.players,
                "games": n,
                "steady_hands": args.steady,
                "hero_wins": round(wins, 2),
                "win_rate": round(rate, 3),
                "interval95": [round(max(0.0, rate - half), 3), round(min(1.0, rate + half), 3)],
                "baseline": round(1 / args.players, 3),
                "endings": dict(Counter(r["reason"] for r in results)),
                "games_with_an_elimination": sum(1 for r in results if r["eliminations"]),
                "hero_eliminated": sum(r["hero_eliminated"] for r in results),
                "mean_plies": round(sum(r["plies"] for r in results) / n, 1),
                "mean_rounds": round(sum(r["rounds"] for r in results) / n, 1),
                "seconds": round(time.perf_counter() - t0, 1),
            },
            indent=1,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
