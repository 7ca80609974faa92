"""Replays reach the game's own end: seeded bot games of every game, each replayed as the replay
screen replays it (its table built at the start, every move stepped forward on the table's own
match), from every seat's view and the public one; the final digest must equal the game's, and at
every position the table must hold exactly the watched seat's view.

python tools/replay_check.py [--games 200] [--only duel]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("BABEL_TOWERS_HOME", tempfile.mkdtemp(prefix="babel-replays-"))

from babel.core import registry, saves  # noqa: E402
from babel.core.match import Match, Seat  # noqa: E402
from scenes.launcher.menu import MainMenu  # noqa: E402
from scenes.pilot import Pilot  # noqa: E402
from scenes.replay import ReplayScene  # noqa: E402

PLAYERS = {"duel": (2, 3), "solitaire": (1,), "babel_on": (2, 3, 4), "turmbau": (3, 4, 5), "builders": (5, 7)}


def check_game(pilot: Pilot, game: str, players: int, seed: int) -> list[str]:
    """Problems with one game's replays (empty: none)."""
    rules = registry.get(game)
    level = registry.bots(game).offered[0]
    seats = [Seat("Anna")] + [Seat(f"Bot {i}", level) for i in range(1, players)]
    match = Match(rules, rules.make_config(players), seed, seats)
    match.play_bots()
    record = saves.record_of(match)
    problems = []
    for seat in (None, *range(players)):
        scene = ReplayScene(record, perspective=seat)
        pilot.app.push(scene)
        for ply in range(match.ply):
            if scene.table.view != match.at_ply(ply).view(seat):
                problems.append(f"{game} seed {seed} seat {seat}: the view differs at move {ply}")
                break
            scene.forward()
            scene.table.animator.finish_all()
        if rules.digest(scene.table.match.state) != rules.digest(match.state):
            problems.append(f"{game} seed {seed} seat {seat}: the replay ends elsewhere")
        pilot.app.pop()
    return problems


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--only", default="")
    args = p.parse_args(argv)
    pilot = Pilot(size=(1024, 640))
    pilot.start(MainMenu())
    failed = 0
    for game, counts in PLAYERS.items():
        if args.only and game != args.only:
            continue
        t0, problems = time.perf_counter(), []
        for n in range(args.games):
            problems += check_game(pilot, game, counts[n % len(counts)], 1000 + n)
        for line in problems[:10]:
            print("  " + line)
        failed += len(problems)
        print(f"{game}: {args.games} games, every seat's view and the public one: "
              f"{len(problems)} problems ({time.perf_counter() - t0:.0f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
