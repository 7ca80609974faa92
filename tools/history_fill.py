"""Fill a history with finished games, for screenshots and the statistics bench.

Real games are played by the bots through the engines (the person "Anna" at seat 0 plays with
the random bot), each kept as the table keeps it. ``--copies`` then adds copies of those games
under other seeds and dates (their files parse and their summaries count like real ones; they
are for timing the statistics, a copy's log is not replayed).

python tools/history_fill.py --home /tmp/h --games 30            # 30 real games, five kinds
python tools/history_fill.py --home /tmp/h --games 50 --copies 10000
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.core import registry  # noqa: E402
from babel.core.history import FORMAT, VERSION, History, game_key  # noqa: E402
from babel.core.jsonfile import write_json_atomic  # noqa: E402
from babel.core.match import Match, Seat  # noqa: E402
from babel.core.saves import record_of  # noqa: E402

LINEUPS = {  # game: (players, bot levels for the other seats)
    "duel": ((2, "novice"), (2, "expert"), (3, "steady")),
    "solitaire": ((1, None),),
    "babel_on": ((2, "novice"), (3, "steady")),
    "turmbau": ((3, "novice"), (4, "steady")),
    "builders": ((5, "novice"), (6, "plain")),
}
DAY = 86400.0


def real_games(history: History, games: int, seed: int = 1, start: float = 1_790_000_000.0) -> int:
    """Play ``games`` seeded games (cycling through the kinds and lineups) into ``history``."""
    rng = random.Random(seed)
    kinds = [(g, lineup) for g, lineups in LINEUPS.items() for lineup in lineups]
    made = 0
    for n in range(games):
        game, (players, level) = kinds[n % len(kinds)]
        rules = registry.get(game)
        names = ["Anna", "Ben", "Carla", "Dev", "Elif", "Farid"]
        seats = [Seat(names[0])] + [Seat(names[i], level) for i in range(1, players)]
        match = Match(rules, rules.make_config(players), seed * 10_000 + n, seats)
        match.play_bots()
        when = start + n * DAY / 3 + rng.uniform(0, 3600)
        history.add(match, record_of(match, label=rules.info.title).to_json(), rng.uniform(120, 1800), when)
        made += 1
    return made


def copies(history: History, count: int, seed: int = 2) -> int:
    """Copies of the kept games under other seeds and dates, written as the history writes."""
    rng = random.Random(seed)
    originals = [(s, history.record(s)) for s in history.summaries()]
    index = {s.key: s for s in history.summaries()}
    for n in range(count):
        summary, record = originals[n % len(originals)]
        record = dict(record, seed=10**9 + n)
        fake = replace(summary, key=game_key(record), finished=summary.finished + rng.uniform(-400, 400) * DAY)
        write_json_atomic(history.path_of(fake), {"format": FORMAT, "version": VERSION,
                                                  "summary": fake.to_json(), "record": record})
        index[fake.key] = fake
    history._stamps.clear()  # the index stamps every file as it stands now
    history._write_index(index)
    return count


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--home", required=True, help="the data home to fill (BABEL_TOWERS_HOME)")
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--copies", type=int, default=0)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    os.environ["BABEL_TOWERS_HOME"] = args.home
    from babel.core.saves import SaveStore

    history = SaveStore().history
    history.limit = max(history.limit, args.games + args.copies)
    print(f"{real_games(history, args.games, args.seed)} games played, {copies(history, args.copies)} copies")
    return 0


if __name__ == "__main__":
    sys.exit(main())
