"""Babel On! hands: the shake of drag profiles, and what the bots' hands meet in seeded games.

    python tools/babel_on_hands.py profiles
    python tools/babel_on_hands.py bots --players 4 --games 100 --bots expert,expert [--seed 1]

``profiles`` prints, for each drag profile (mouse sampled 60 times a second, distances in block
edges), the shake a drop carries and its risk on each named tower of the plausibility table.

``bots`` plays seeded games (the seating turns as in ``python -m babel match``) and prints, per
level: its win rate with a 95% Wilson interval, the shakes its hand drew, how many of its
decisions had a block move whose risk with its hand lay strictly between 0 and 100% (real risk
met; every 4th decision is examined), and how many moves it made with such a risk; per game: the
games with a knocked-over tower (any fall), with an elimination, and the endings.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.core.bots import Budget, bot_rng  # noqa: E402
from babel.games.babel_on import RULES, physics, preview  # noqa: E402
from babel.games.babel_on.actions import BlockMove  # noqa: E402
from babel.games.babel_on.bots import BOTS, move_risk  # noqa: E402
from babel.games.babel_on.model import EventKind  # noqa: E402
from tests.test_babel_on_hands import eased, straight  # noqa: E402
from tests.test_babel_on_physics import TOWERS  # noqa: E402

EXAMINE_EVERY = 4


def _slowing(fast: float, secs: float, slow: float, ease: float) -> list[tuple[float, float, float]]:
    n = round(ease * 60)
    tail = [(secs + ease * i / n, fast + slow * (1 - (1 - i / n) ** 2), 0.0) for i in range(1, n + 1)]
    return straight(fast, secs) + tail


PROFILES = {
    "careful: 3 s eased, 5 edges": eased(5, 3.0),
    "careful: 3 s eased, 15 edges": eased(15, 3.0),
    "careful: 3 s eased, 30 edges": eased(30, 3.0),
    "eased 1 s, 10 edges": eased(10, 1.0),
    "straight 1 s, 10 edges, stops dead": straight(10, 1.0),
    "straight 1 s, 15 edges, stops dead": straight(15, 1.0),
    "fast 0.25 s (10 edges), eases out 0.35 s": _slowing(10, 0.25, 1, 0.35),
    "flick: 0.15 s, 5 edges": straight(5, 0.15),
    "flick: 0.15 s, 15 edges": straight(15, 0.15),
}


def profiles() -> None:
    names = list(TOWERS)
    print("profile | speed | jerk | shake | " + " | ".join(names))
    for label, path in PROFILES.items():
        now = path[-1][0]
        speed, jerk = preview.drag_motion(path, now)
        shake = preview.drag_shake(path, now)
        risks = " | ".join(f"{physics.risk(TOWERS[n], 0, shake):.0%}" for n in names)
        print(f"{label} | {speed:.1f} | {jerk:.0f} | {shake} | {risks}")


def wilson(k: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p, z = k / n, 1.96
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return round(mid - half, 4), round(mid + half, 4)


def bots(players: int, games: int, levels: list[str], seed: int) -> dict:
    lineup = levels if len(levels) == players else [levels[0]] + [levels[1]] * (players - 1)
    config = RULES.make_config(players)
    per: dict[str, Counter] = {lv: Counter() for lv in set(lineup)}
    shakes: dict[str, Counter] = {lv: Counter() for lv in set(lineup)}
    ends: Counter = Counter()
    for g in range(games):
        seats = [lineup[(i - g) % players] for i in range(players)]
        agents = [BOTS.make(lv) for lv in seats]
        state, plies, fell = RULES.initial_state(config, seed + g), 0, False
        while (result := RULES.outcome(state)) is None:
            seat = RULES.to_act(state)[0]
            legal, view, lv = RULES.legal_actions(state, seat), RULES.view(state, seat), seats[seat]
            action = agents[seat].choose(view, legal, bot_rng(seed + g, seat, plies), Budget())
            hand = agents[seat].hand
            if isinstance(action, BlockMove):
                shakes[lv][action.shake] += 1
                if 0 < move_risk(view, action, hand) < 1:
                    per[lv]["moves made with real risk"] += 1
            if plies % EXAMINE_EVERY == 0 and any(isinstance(m, BlockMove) for m in legal):
                per[lv]["decisions examined"] += 1
                if any(0 < move_risk(view, m, hand) < 1 for m in legal if isinstance(m, BlockMove)):
                    per[lv]["decisions meeting real risk"] += 1
            step = RULES.apply(state, seat, action)
            fell = fell or any(e.kind == EventKind.FALL for e in step.events)
            state, plies = step.state, plies + 1
        ends["games with a knocked-over tower"] += int(fell)
        ends["games with an elimination"] += int(sum(state.eliminated) > 0)
        ends[result.ending] += 1
        for i, lv in enumerate(seats):
            per[lv]["seat games"] += 1
            per[lv]["wins"] += (i in result.winners) / len(result.winners)
        wins = {lv: round(c["wins"], 1) for lv, c in per.items()}
        print(f"game {g + 1}: {dict(ends)} wins {wins}", file=sys.stderr, flush=True)
    out = {"players": players, "games": games, "lineup": lineup, "games_summary": dict(ends), "levels": {}}
    for lv, c in per.items():
        won = wilson(c["wins"], c["seat games"])
        out["levels"][lv] = dict(c) | {
            "win interval95": won,
            "shakes drawn": dict(sorted(shakes[lv].items())),
        }
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=("profiles", "bots"))
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--bots", default="expert,expert")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    if a.what == "profiles":
        profiles()
    else:
        print(json.dumps(bots(a.players, a.games, a.bots.split(","), a.seed), indent=1))


if __name__ == "__main__":
    main()
