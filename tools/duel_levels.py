"""The card duel's levels against each other, at two and three players: does a stronger level
make a stronger table at every player count?

Two players: every pair of offered levels, one seat each. Three players: every level against
two of each other level (the hero in one seat, the field in both others). Games are seeded
(``--seed``, ``--seed + 1``, ...) and every seed is played from each seating (the hero in every
seat in turn), so the seats' random streams favour no level: with the plain rotation of
``python -m babel match`` two near-equal levels come out 0.526 against 0.474 at two players and
the reverse when the lineup is written the other way round, which is the seeds, not the levels.
Shared wins count 1/k, and each win rate comes with its 95% Wilson interval. Prints a Markdown table (the
one in ``docs/duel/levels.md``) and, with ``--json``, writes every line's figures. With
``--panel``: the expert against every habit of the pattern panel (two players) and every pair
of them (three players) instead, the same way.

    .venv/bin/python tools/duel_levels.py --games 500 --seed 1 [--players 2 3] [--json out.json]
    .venv/bin/python tools/duel_levels.py --panel --games 500 --players 2
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from itertools import combinations_with_replacement
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.core.contest import contest, wilson  # noqa: E402
from babel.games.duel import BOTS, RULES, panel  # noqa: E402


def lineups(players: int, levels: tuple[str, ...]) -> list[tuple[str, str]]:
    """(hero, field) pairs: at two players each unordered pair once, at three every ordered one."""
    if players == 2:
        return [(a, b) for i, a in enumerate(levels) for b in levels[i + 1 :]]
    return [(a, b) for a in levels for b in levels if a != b]


def measure(players: int, hero: str, field: str | tuple[str, ...], games: int, seed: int) -> dict:
    """``games`` games (rounded up to a multiple of ``players``) of ``hero`` against ``field``
    (one level in every other seat, or one level per other seat): every seed is played once from
    each seating the rotation gives, so a seed's seat streams favour no level."""
    t0 = time.perf_counter()
    per = -(-games // players)
    base = [hero, *field] if isinstance(field, tuple) else [hero] + [field] * (players - 1)
    scores = {level: [0.0, 0] for level in base}
    errors: list = []
    for turn in range(players):
        summary = contest(RULES, players, per, seed, base[-turn:] + base[:-turn] if turn else base)
        errors += summary.errors
        for level, score in summary.scores.items():
            scores[level][0] += score.wins
            scores[level][1] += score.seat_games
    out = {
        "players": players,
        "hero": hero,
        "field": list(field) if isinstance(field, tuple) else field,
        "games": per * players,
        "seeds": [seed, seed + per - 1],
        "fair_share": round(1 / players, 4),
        "errors": errors,
        "wall_s": round(time.perf_counter() - t0, 1),
    }
    for level, (wins, seat_games) in scores.items():
        low, high = wilson(wins, seat_games)
        out[level] = {  # a level in two seats: per seat
            "seat_games": seat_games,
            "win_rate": round(wins / seat_games, 4),
            "interval95": [round(low, 4), round(high, 4)],
        }
    return out


def panel_lineups(players: int) -> list[tuple[str, str | tuple[str, ...]]]:
    """The expert against every habit of the panel (two players) or every pair of them (three)."""
    if players == 2:
        return [("expert", name) for name in panel.PATTERNS]
    return [("expert", pair) for pair in combinations_with_replacement(panel.PATTERNS, 2)]


def _rate(line: dict, level: str) -> str:
    got = line[level]
    low, high = got["interval95"]
    return f"{got['win_rate']:.3f} ({low:.3f}-{high:.3f})"


def markdown(lines: list[dict]) -> str:
    rows = [
        "| players | lineup | games | hero's share | each field seat's share | fair |",
        "|---|---|---|---|---|---|",
    ]
    for line in lines:
        p, hero, field = line["players"], line["hero"], line["field"]
        if isinstance(field, list):  # a pair of panel habits
            lineup, theirs = (
                f"{hero} vs {' + '.join(field)}",
                " / ".join(_rate(line, f) for f in dict.fromkeys(field)),
            )
        else:
            lineup = f"{hero} vs {field}" if p == 2 else f"{hero} vs two {field}"
            theirs = _rate(line, field)
        rows.append(
            f"| {p} | {lineup} | {line['games']} | {_rate(line, hero)} | {theirs} | {line['fair_share']:.3f} |"
        )
    return "\n".join(rows)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3], choices=[2, 3])
    ap.add_argument("--levels", default=",".join(BOTS.offered), help="comma-separated level ids")
    ap.add_argument("--panel", action="store_true", help="the expert against the pattern panel instead")
    ap.add_argument("--json", type=Path, help="write every line's figures here")
    args = ap.parse_args()
    levels = tuple(args.levels.split(","))
    lines = []
    for players in args.players:
        for hero, field in panel_lineups(players) if args.panel else lineups(players, levels):
            line = measure(players, hero, field, args.games, args.seed)
            lines.append(line)
            print(markdown([line]).splitlines()[-1], f"({line['wall_s']} s)", flush=True)
            if args.json:
                args.json.write_text(json.dumps(lines, indent=1) + "\n")
    print()
    print(markdown(lines))
    return 1 if any(line["errors"] for line in lines) else 0


if __name__ == "__main__":
    raise SystemExit(main())
