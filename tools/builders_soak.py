"""Babel Builders soak: thousands of seeded bot games at every player count, checking invariants.

Every step of every game: cards and blocks conserved, roles consistent, an exact JSON round trip.
Every ``--leak-every``-th game also runs the leak test at every step for every seat.

    .venv/bin/python tools/builders_soak.py --games 500          # per player count (3000 in all)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from babel.core.bots import Budget, bot_rng  # noqa: E402
from babel.core.rng import Rng, seed_state  # noqa: E402
from babel.games.builders import RULES  # noqa: E402
from babel.games.builders.invariants import check  # noqa: E402

LEVELS = ("novice", "plain", "shrewd")
MAX_PLIES = 5000


def soak_game(players: int, seed: int, leak: bool) -> int:
    state = RULES.initial_state(RULES.make_config(players), seed)
    bots = [RULES.make_bot(LEVELS[(seed + s) % 3]) for s in range(players)]
    rng = Rng(seed_state(seed, "soak"))
    for ply in range(MAX_PLIES):
        check(state)
        text = json.dumps(RULES.state_to_json(state), sort_keys=True)
        if RULES.state_from_json(json.loads(text)) != state:
            raise AssertionError("JSON round trip changed the state")
        if leak:
            for seat in [None, *range(players)]:
                view = RULES.view(state, seat)
                if RULES.view(RULES.resample_hidden(state, seat, Rng(rng.next64())), seat) != view:
                    raise AssertionError(f"leak for seat {seat} at ply {ply} ({state.phase.value})")
        if RULES.outcome(state) is not None:
            return ply
        acting = RULES.to_act(state)
        seat = acting[rng.below(len(acting))]
        legal = RULES.legal_actions(state, seat)
        action = bots[seat].choose(RULES.view(state, seat), legal, bot_rng(seed, seat, ply), Budget())
        state = RULES.apply(state, seat, action).state
    raise AssertionError(f"game did not end within {MAX_PLIES} actions")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per player count")
    parser.add_argument("--seed", type=int, default=100_000)
    parser.add_argument("--leak-every", type=int, default=10)
    args = parser.parse_args(argv)
    failures = []
    t0 = time.perf_counter()
    total = plies = 0
    for players in range(5, 11):
        for g in range(args.games):
            seed = args.seed + 10_000 * players + g
            try:
                plies += soak_game(players, seed, leak=g % args.leak_every == 0)
            except AssertionError as exc:
                failures.append({"players": players, "seed": seed, "error": str(exc)})
            total += 1
        print(f"{players} players: {args.games} games, {len(failures)} failures so far", flush=True)
    print(
        json.dumps(
            {
                "games": total,
                "mean_plies": round(plies / max(1, total), 1),
                "failures": failures[:20],
                "seconds": round(time.perf_counter() - t0, 1),
            },
            indent=1,
        )
    )
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
