"""How long the statistics screen takes to open on a large history (default 10,000 games).

A history is filled once (real bot-played games and timing copies, tools/history_fill.py), then
the screen is opened several times headless: listing the history (index read and checked against
the folder), the statistics of the most frequent person, and its first frame. Also timed: the
same with the index removed (rebuilt from every game file, as after a damaged index).

python tools/history_bench.py [--games 10000] [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import statistics as stats
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["BABEL_TOWERS_HOME"] = tempfile.mkdtemp(prefix="babel-history-bench-")

from history_fill import copies, real_games  # noqa: E402

from babel.core.saves import SaveStore  # noqa: E402
from scenes.launcher.history_screen import StatisticsScreen  # noqa: E402
from scenes.pilot import Pilot  # noqa: E402


def open_once(pilot: Pilot) -> float:
    t0 = time.perf_counter()
    pilot.app.push(StatisticsScreen())
    pilot.frame()
    took = time.perf_counter() - t0
    pilot.app.pop()
    return took


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--real", type=int, default=60, help="bot-played games among them")
    p.add_argument("--runs", type=int, default=5)
    args = p.parse_args(argv)
    history = SaveStore().history
    history.limit = args.games
    real_games(history, min(args.real, args.games))
    copies(history, max(0, args.games - args.real))
    kept = len(history.summaries())
    pilot = Pilot(size=(1600, 900))
    from scenes.launcher.menu import MainMenu

    pilot.start(MainMenu())
    warm = [open_once(pilot) for _ in range(args.runs)]
    cold = []
    for _ in range(args.runs):
        (history.folder / "index.json").unlink()
        cold.append(open_once(pilot))
    print(f"games kept: {kept}")
    print(f"open the statistics (index present): median {stats.median(warm) * 1000:.0f} ms, "
          f"worst {max(warm) * 1000:.0f} ms over {args.runs} runs")
    print(f"open with the index rebuilt from every file: median {stats.median(cold) * 1000:.0f} ms, "
          f"worst {max(cold) * 1000:.0f} ms")
    pilot.app.close_scenes()
    return 0


if __name__ == "__main__":
    sys.exit(main())
