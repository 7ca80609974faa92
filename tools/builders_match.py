"""Babel Builders: Architect policies against the same saboteurs over a seeded series.

Every seat runs ``RoleBot(good, evil)``: the Architect policy while its role is Architect and the
saboteur policy once it is the Messenger or a Zealot. Each configuration plays the same seeds
(so the same roles, decks and first Masters), and the report gives the Architects' win rate with
a 95% interval, how the games ended, the seal accuracy, and where the rounds went (share of
rounds with a Storm, share with a saboteur Master, saboteurs appointed per Architect Master,
and the final tower's progress towards the blueprint).

    .venv/bin/python tools/builders_match.py --players 7 --games 1000
    .venv/bin/python tools/builders_match.py --games 200 --pairs belief/belief,simple/belief
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from babel.core.bots import Budget, bot_rng  # noqa: E402
from babel.games.builders import RULES  # noqa: E402
from babel.games.builders import cards as C  # noqa: E402
from babel.games.builders.bots import RoleBot  # noqa: E402
from babel.games.builders.model import Role  # noqa: E402


def play(players: int, seed: int, good: str, evil: str) -> dict:
    config = RULES.make_config(players)
    state = RULES.initial_state(config, seed)
    bot = RoleBot(good, evil)
    plies = 0
    while RULES.outcome(state) is None:
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        action = bot.choose(RULES.view(state, seat), legal, bot_rng(seed, seat, plies), Budget())
        state = RULES.apply(state, seat, action).state
        plies += 1
    messenger = state.roles.index(Role.MESSENGER)
    turned = {c.seat: c.round for c in state.conversions}

    def evil_at(seat: int, rnd: int) -> bool:
        return seat == messenger or (seat in turned and turned[seat] < rnd)

    storms = evil_masters = good_rounds = evil_appointed = 0
    for entry in state.log:
        storms += any(e.kind == C.STORM for e in entry.effects)
        if evil_at(entry.master, entry.round):
            evil_masters += 1
        else:
            good_rounds += 1
            evil_appointed += sum(evil_at(a, entry.round) for a in entry.appointed)
    bp = state.blueprint.cells
    sealed_right = sum(1 for t in state.seal_choice if t == messenger)
    holders = len(state.seal_holders)
    return {
        "architects": state.result.team == "architects",
        "reason": state.result.reason,
        "rounds": state.round,
        "zealots": sum(r is Role.ZEALOT for r in state.roles),
        "seals_right": sealed_right,
        "holders": holders,
        "log_rounds": len(state.log),
        "storm_rounds": storms,
        "evil_master_rounds": evil_masters,
        "good_master_rounds": good_rounds,
        "evil_appointed_by_good": evil_appointed,
        "progress": sum(min(h, need) for h, need in zip(state.base, bp)) / sum(bp),
    }


def series(players: int, games: int, seed: int, good: str, evil: str) -> dict:
    wins = 0
    reasons: Counter[str] = Counter()
    rounds = zealots = seals_right = holders = 0
    detail: Counter[str] = Counter()
    t0 = time.perf_counter()
    for g in range(games):
        r = play(players, seed + g, good, evil)
        wins += r["architects"]
        reasons[r["reason"]] += 1
        rounds += r["rounds"]
        zealots += r["zealots"]
        for key in ("log_rounds", "storm_rounds", "evil_master_rounds", "good_master_rounds"):
            detail[key] += r[key]
        detail["evil_appointed_by_good"] += r["evil_appointed_by_good"]
        detail["progress"] += r["progress"]
        if r["reason"] in ("sealed", "punishment"):
            seals_right += r["seals_right"]
            holders += r["holders"]
    rate = wins / games
    half = 1.96 * math.sqrt(rate * (1 - rate) / games)
    return {
        "architects": good,
        "saboteurs": evil,
        "games": games,
        "architect_wins": wins,
        "architect_win_rate": round(rate, 4),
        "ci95": [round(rate - half, 4), round(rate + half, 4)],
        "endings": dict(sorted(reasons.items())),
        "mean_rounds": round(rounds / games, 2),
        "mean_zealots_at_end": round(zealots / games, 2),
        "seals_on_messenger_per_holder": round(seals_right / holders, 3) if holders else 0.0,
        # Where the rounds went: Storms, saboteur Masters, saboteurs appointed by Architect Masters.
        "storm_round_share": round(detail["storm_rounds"] / max(1, detail["log_rounds"]), 3),
        "evil_master_share": round(detail["evil_master_rounds"] / max(1, detail["log_rounds"]), 3),
        "evil_appointed_per_architect_master": round(
            detail["evil_appointed_by_good"] / max(1, detail["good_master_rounds"]), 2
        ),
        "mean_tower_progress": round(detail["progress"] / games, 3),
        "seconds": round(time.perf_counter() - t0, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--pairs",
        default="simple/belief,belief/belief,simple/simple,belief/simple",
        help="comma-separated architects/saboteurs policy pairs",
    )
    args = parser.parse_args(argv)
    results = []
    for pair in args.pairs.split(","):
        good, evil = pair.split("/")
        res = series(args.players, args.games, args.seed, good, evil)
        results.append(res)
        print(json.dumps(res), flush=True)
    by = {(r["architects"], r["saboteurs"]): r for r in results}
    for evil in ("belief", "simple"):
        if ("belief", evil) in by and ("simple", evil) in by:
            b, s = by[("belief", evil)], by[("simple", evil)]
            diff = b["architect_win_rate"] - s["architect_win_rate"]
            se = math.sqrt(
                b["architect_win_rate"] * (1 - b["architect_win_rate"]) / b["games"]
                + s["architect_win_rate"] * (1 - s["architect_win_rate"]) / s["games"]
            )
            print(
                f"vs {evil} saboteurs: belief Architects {b['architect_win_rate']:.3f}, "
                f"simple Architects {s['architect_win_rate']:.3f}, difference {diff:+.3f} "
                f"(z = {diff / se if se else 0:.1f})"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
