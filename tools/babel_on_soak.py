"""Babel On! soak: thousands of seeded bot games, checking the invariants at every step.

    .venv/bin/python tools/babel_on_soak.py --games 2000 [--skilled 40]

Every step: blocks conserved (bag + towers + Bonus Blocks + in hand = total), Structure and
Safety hold (engine.invariant_errors), the state's JSON round trip is exact, the action's text
form round-trips; every game ends; replaying each game's action log through the text form
reproduces every fall (tower, fallen blocks) and the final state. Games rotate over 2-6 players,
both hand settings, and mixes of bot levels (novice mostly, for speed; ``--skilled`` more games
with steady and expert bots). Prints a JSON summary and exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.core.bots import Budget, bot_rng  # noqa: E402
from babel.games.babel_on import RULES  # noqa: E402
from babel.games.babel_on.engine import invariant_errors, total_blocks  # noqa: E402

MAX_PLIES = 20_000


def run(seed: int, players: int, levels: list[str], steady: bool) -> dict:
    config = RULES.make_config(players, steady_hands=steady)
    bots = [RULES.make_bot(level) for level in levels]
    state = RULES.initial_state(config, seed)
    total = total_blocks(state)
    log, falls = [], []
    for ply in range(MAX_PLIES):
        errors = invariant_errors(state, total)
        if errors:
            return {"ok": False, "error": f"ply {ply}: {errors}"}
        if RULES.state_from_json(json.loads(json.dumps(RULES.state_to_json(state)))) != state:
            return {"ok": False, "error": f"ply {ply}: JSON round trip"}
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        action = bots[seat].choose(RULES.view(state, seat), legal, bot_rng(seed, seat, ply), Budget())
        text = RULES.action_text(action)
        if RULES.parse_action(text) != action:
            return {"ok": False, "error": f"ply {ply}: text round trip of {text}"}
        step = RULES.apply(state, seat, action)
        log.append((seat, text))
        falls += [(ply, e.data["tower"], e.data["fallen"]) for e in step.events if e.kind == "fall"]
        state = step.state
    else:
        return {"ok": False, "error": "did not end"}
    again = RULES.initial_state(config, seed)
    refalls = []
    for ply, (seat, text) in enumerate(log):
        step = RULES.apply(again, seat, RULES.parse_action(text))
        refalls += [(ply, e.data["tower"], e.data["fallen"]) for e in step.events if e.kind == "fall"]
        again = step.state
    if again != state or refalls != falls:
        return {"ok": False, "error": "replay differs"}
    return {
        "ok": True,
        "plies": len(log),
        "falls": len(falls),
        "reason": RULES.outcome(state).summary.split(":")[0],
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--skilled", type=int, default=40)
    ap.add_argument("--seed", type=int, default=100_000)
    args = ap.parse_args()
    t0 = time.perf_counter()
    failures, endings, plies, falls = [], Counter(), 0, 0
    plan = []
    for g in range(args.games):
        players = 2 + g % 5
        plan.append((args.seed + g, players, ["novice"] * players, g % 3 == 2))
    for g in range(args.skilled):
        players = 2 + g % 3
        levels = [("steady", "expert", "novice")[(g + k) % 3] for k in range(players)]
        plan.append((args.seed + args.games + g, players, levels, g % 2 == 1))
    for seed, players, levels, steady in plan:
        r = run(seed, players, levels, steady)
        if not r["ok"]:
            failures.append(
                {"seed": seed, "players": players, "levels": levels, "steady": steady, "error": r["error"]}
            )
            continue
        endings[r["reason"]] += 1
        plies += r["plies"]
        falls += r["falls"]
    print(
        json.dumps(
            {
                "games": len(plan),
                "failures": failures[:20],
                "failure_count": len(failures),
                "endings": dict(endings),
                "total_plies": plies,
                "falls": falls,
                "seconds": round(time.perf_counter() - t0, 1),
            },
            indent=1,
        )
    )
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
