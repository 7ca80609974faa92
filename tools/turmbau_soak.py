"""Soak run for Der Turmbau zu Babel: thousands of seeded bot games with every invariant checked
at every step (cards, parts, discs and action cards conserved; JSON round trip exact; the game
ends; determinized states fit their views). Player counts 3-5, both disc variants, novice and steady bots mixed.

    .venv/bin/python tools/turmbau_soak.py --games 3000
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.core.bots import Budget, bot_rng  # noqa: E402
from babel.core.rng import Rng, seed_state  # noqa: E402
from babel.games.turmbau import RULES  # noqa: E402
from babel.games.turmbau.checks import problems  # noqa: E402

MAX_PLIES = 5000
DETERMINIZE_EVERY = 7  # plies between checks that a determinized state fits the view


def soak_one(seed: int, roundtrip: bool) -> tuple[int, str | None]:
    rng = Rng(seed_state(seed, "soak"))
    players = 3 + rng.below(3)
    two_kind = rng.below(2) == 1
    levels = [rng.choice(("novice", "steady")) for _ in range(players)]
    bots = [RULES.make_bot(level) for level in levels]
    state = RULES.initial_state(RULES.make_config(players, two_kind=two_kind), seed)
    plies = 0
    while RULES.outcome(state) is None:
        bad = problems(state)
        if bad:
            return plies, "; ".join(bad)
        if roundtrip:
            text = json.dumps(RULES.state_to_json(state), sort_keys=True)
            if RULES.state_from_json(json.loads(text)) != state:
                return plies, "JSON round trip changed the state"
        if plies % DETERMINIZE_EVERY == 0:
            who = rng.below(players)
            view = RULES.view(state, who)
            det = RULES.determinize(view, who, Rng(rng.next64()))
            if RULES.view(det, who) != view or problems(det):
                return plies, f"determinize for seat {who} does not fit its view"
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        action = bots[seat].choose(RULES.view(state, seat), legal, bot_rng(seed, seat, plies), Budget())
        if RULES.parse_action(RULES.action_text(action)) != action:
            return plies, f"text round trip of {action!r}"
        state = RULES.apply(state, seat, action).state
        plies += 1
        if plies > MAX_PLIES:
            return plies, "the game did not end"
    bad = problems(state)
    return plies, "; ".join(bad) if bad else None


def main() -> int:
    ap = argparse.ArgumentParser(description="Turmbau soak run")
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=100_000)
    ap.add_argument("--no-roundtrip", action="store_true", help="skip the per-step JSON round trip")
    args = ap.parse_args()
    t0 = time.perf_counter()
    errors = []
    plies = 0
    for g in range(args.games):
        n, err = soak_one(args.seed + g, not args.no_roundtrip)
        plies += n
        if err:
            errors.append({"seed": args.seed + g, "ply": n, "error": err})
    print(
        json.dumps(
            {
                "games": args.games,
                "plies": plies,
                "errors": errors[:20],
                "error_count": len(errors),
                "seconds": round(time.perf_counter() - t0, 1),
            },
            indent=1,
        )
    )
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
