"""Babel Builders: how table talk turned out in self-play, the rates the bots listen by.

Plays seeded games with talk on, every seat a bot of one level on both sides (5, 7 and 10
players), and counts every statement by its class (``talk.talk_record``: the kind, with "_back"
for an accusation answering one) against what its speaker and the seats it could have named
really were at the time (an Architect, a Zealot, the Messenger). The rate of a class for a
speaker of state a and a subject of state b is how often such a speaker named one given seat of
state b that way, per seat of that state it could have named; "nothing" is per statement. Rates
are smoothed towards the class's overall rate. With ``--passes 2`` (the default) the second pass
plays bots that already listen by the first pass's rates, and its rates are kept.

Writes ``babel/games/builders/talk_rates.json`` (plain JSON, read by ``talk.rates``); the same
seeds give the same file.

    .venv/bin/python tools/builders_talk_rates.py --games 60
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from babel.core.simulate import play_game  # noqa: E402
from babel.games.builders import RULES  # noqa: E402
from babel.games.builders import talk as T  # noqa: E402
from babel.games.builders.bots import LEVELS, RoleBot  # noqa: E402
from babel.games.builders.model import Role  # noqa: E402

PLAYERS = (5, 7, 10)
SMOOTH = 20.0  # opportunities' worth of the class's overall rate added to each cell


def _state_at(state, seat: int, rnd: int | None) -> int:
    """0 Architect, 1 Zealot, 2 Messenger: a seat's role when round ``rnd``'s talk was held
    (None: at the end, the Seal discussion)."""
    role = state.roles[seat]
    if role is Role.MESSENGER:
        return 2
    if role is Role.ARCHITECT:
        return 0
    turned = next(c.round for c in state.conversions if c.seat == seat)
    return 1 if rnd is None or turned < rnd else 0


def count(level: str, games: int, seed: int) -> tuple[dict, dict, list[int]]:
    """Statement counts per (class, speaker state, subject state), opportunities per (speaker
    state, subject state) and statements per speaker state, over the seeded games."""
    said: dict = defaultdict(float)
    opps: dict = defaultdict(float)
    per_speaker = [0, 0, 0]
    for players in PLAYERS:
        config = RULES.make_config(players, talk=True)
        for g in range(games):
            bot = RoleBot(level, level)
            state = play_game(RULES, config, seed + g, (), agents=[bot] * players).state
            view = RULES.view(state, None)
            final_round = state.round
            for rnd, speaker, cls, subject in T.talk_record(view):
                at = None if rnd == final_round and cls.startswith(("say", "nothing")) else rnd
                a = _state_at(state, speaker, at)
                per_speaker[a] += 1
                for other in range(players):
                    if other != speaker:
                        opps[(a, _state_at(state, other, at))] += 1
                if subject < 0:
                    said[("nothing", a, -1)] += 1
                else:
                    said[(cls, a, _state_at(state, subject, at))] += 1
    return said, opps, per_speaker


def rates_from(said: dict, opps: dict, per_speaker: list[int]) -> dict:
    out: dict = {}
    classes = sorted({k[0] for k in said if k[0] != "nothing"})
    total_opps = sum(opps.values()) or 1.0
    for cls in classes:
        overall = sum(v for k, v in said.items() if k[0] == cls) / total_opps
        out[cls] = [
            [
                round((said.get((cls, a, b), 0.0) + SMOOTH * overall) / (opps.get((a, b), 0.0) + SMOOTH), 5)
                for b in range(3)
            ]
            for a in range(3)
        ]
    quiet = sum(v for k, v in said.items() if k[0] == "nothing") / (sum(per_speaker) or 1)
    out["nothing"] = [
        round((said.get(("nothing", a, -1), 0.0) + SMOOTH * quiet) / (per_speaker[a] + SMOOTH), 5)
        for a in range(3)
    ]
    return out


def _dump(data: dict) -> str:
    """JSON with each level's table one class a line."""
    head = {k: v for k, v in data.items() if k != "levels"}
    lines = json.dumps(head, indent=1)[:-2] + ',\n "levels": {\n'
    parts = []
    for level, table in data["levels"].items():
        rows = ",\n".join(f"   {json.dumps(cls)}: {json.dumps(row)}" for cls, row in table.items())
        parts.append(f"  {json.dumps(level)}: {{\n{rows}\n  }}")
    return lines + ",\n".join(parts) + "\n }\n}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per level and player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--out", default=str(T.RATES_FILE))
    args = parser.parse_args(argv)
    t0 = time.time()
    for p in range(args.passes):
        levels = {}
        for level in LEVELS:
            said, opps, per_speaker = count(level, args.games, args.seed)
            levels[level] = rates_from(said, opps, per_speaker)
            print(
                f"pass {p + 1} {level}: {sum(per_speaker)} statements ({time.time() - t0:.0f} s)",
                file=sys.stderr,
            )
        data = {
            "about": "Babel Builders table talk rates from self-play (tools/builders_talk_rates.py): per level of "
            "the saboteurs, per statement class, rows speaker Architect/Zealot/Messenger, columns the subject "
            "Architect/Zealot/Messenger; the rate per seat that could have been named. nothing: per statement.",
            "games_per_level_and_players": args.games,
            "players": list(PLAYERS),
            "seed": args.seed,
            "levels": levels,
        }
        Path(args.out).write_text(_dump(data), encoding="utf-8")
        T._load.cache_clear()
        T.rates.cache_clear()
        T._LISTENERS.clear()
    print(_dump(data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
