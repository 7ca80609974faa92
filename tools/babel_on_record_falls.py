"""Record the seeded Babel On! games whose falls a test replays (tests/data/babel_on_falls.json).

    python tools/babel_on_record_falls.py [--out tests/data/babel_on_falls.json]

Plays novice games (2 players seed 7, 3 players seed 11) up to and including their first fall and
writes each game's action log, its falls (ply, tower, fallen blocks) and the final digest, with
the pymunk version. Run it again only when the physics changes on purpose: the test's point is
that these falls replay the same with the pinned pymunk.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pymunk  # noqa: E402

from babel.core import registry  # noqa: E402
from babel.core.bots import Budget  # noqa: E402
from babel.core.simulate import bot_rng  # noqa: E402
from babel.games.babel_on import RULES  # noqa: E402
from babel.games.babel_on.model import EventKind  # noqa: E402

GAMES = ((2, 7), (3, 11))


def record(players: int, seed: int) -> dict:
    config = RULES.make_config(players)
    state = RULES.initial_state(config, seed)
    bots = [registry.bots("babel_on").make("novice") for _ in range(players)]
    log: list = []
    falls: list = []
    for ply in range(2000):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        action = bots[seat].choose(RULES.view(state, seat), legal, bot_rng(seed, seat, ply), Budget())
        step = RULES.apply(state, seat, action)
        log.append([seat, RULES.action_text(action)])
        falls += [[ply, e.data["tower"], e.data["fallen"]] for e in step.events if e.kind == EventKind.FALL]
        state = step.state
        if falls:
            break
    return {"players": players, "seed": seed, "log": log, "falls": falls, "digest": RULES.digest(state)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=str(ROOT / "tests" / "data" / "babel_on_falls.json"))
    args = ap.parse_args()
    data = {"pymunk": pymunk.version, "games": [record(p, s) for p, s in GAMES]}
    Path(args.out).write_text(json.dumps(data, indent=1) + "\n")
    for g in data["games"]:
        print(g["players"], g["seed"], len(g["log"]), "plies,", len(g["falls"]), "fall(s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
