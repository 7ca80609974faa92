"""How long the coach's review of one seat takes, per game (it runs on its own thread).

Seeded games with the person at seat 0 (played here by the random bot, so there are mistakes to
find) against the weakest bots; the review of seat 0 is timed, with how many moves it named.

python tools/review_bench.py [--games 5] [--only duel]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.core import registry  # noqa: E402
from babel.core.match import Match, Seat  # noqa: E402
from babel.core.review import review  # noqa: E402

PLAYERS = {"duel": 2, "solitaire": 1, "babel_on": 3, "turmbau": 3, "builders": 6}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=5)
    p.add_argument("--only", default="")
    args = p.parse_args(argv)
    for game, n in PLAYERS.items():
        if args.only and game != args.only:
            continue
        rules = registry.get(game)
        level = registry.bots(game).offered[0]
        times, named, moves = [], [], []
        for seed in range(args.games):
            seats = [Seat("Anna")] + [Seat(f"Bot {i}", level) for i in range(1, n)]
            match = Match(rules, rules.make_config(n), 500 + seed, seats)
            match.play_bots()
            t0 = time.perf_counter()
            found = review(match, 0)
            times.append(time.perf_counter() - t0)
            named.append(len(found))
            moves.append(sum(1 for e in match.log if e.seat == 0))
        print(f"{game}: median {statistics.median(times):.1f} s, worst {max(times):.1f} s a review "
              f"({statistics.median(moves):.0f} moves of the seat, {statistics.median(named):.0f} named; "
              f"{args.games} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
