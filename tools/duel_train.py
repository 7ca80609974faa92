"""Learn the two-player duel's value table (``babel/games/duel/values2.json``).

Fitted value iteration with equilibrium targets, from the end of the game towards the start:

1. positions with ``--exact`` cards left (default 7) are sampled and solved exactly
   (``public2.Exact``: backward induction, each round a matrix game solved by linear
   programming);
2. for each further number of cards left, sampled positions are solved as one matrix game whose
   cells are the table's values one round later; the solved values are averaged per summary
   (``values.summary``).

Positions are sampled from games whose seats follow, for the rounds already played, a mix of the
pattern panel and random play (each round a random card with some chance), so the table covers
patterned hands as well as ordinary ones. Every sample is counted from both players' sides.
Deterministic in ``--seed``.

    python tools/duel_train.py [--samples 15000] [--exact-samples 1500]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.core.rng import Rng, seed_state  # noqa: E402
from babel.games.duel import panel, public2, values  # noqa: E402
from babel.games.duel.bots import table_matrix  # noqa: E402
from babel.games.duel.matrix import solve_zero_sum  # noqa: E402
from babel.games.duel.model import SUIT, resolve_round  # noqa: E402

MIX = ("random", "random", "random", "lowest", "highest", "die", "above", "joker6")


def sample_position(k: int, rng: Rng):
    """A 2-player position with ``k`` cards left, or None when the game ended on a six first."""
    styles = [rng.choice(MIX) for _ in range(2)]
    noise = [rng.random() * 0.5 for _ in range(2)]
    hands = [list(SUIT), list(SUIT)]
    builder, die, scores, last = None, 1, [0, 0], None
    for _ in range(14 - k):
        cards = []
        for p in range(2):
            if rng.random() < noise[p]:
                cards.append(rng.choice(hands[p]))
            else:
                ctx = panel.context(p, builder, die, last)
                cards.append(panel.RULES[styles[p]](hands[p], ctx, rng))
        res = resolve_round(cards, builder, die)
        if res.game_won:
            return None
        if res.points:
            scores[res.winner] += res.points
        builder, die, last = res.builder, res.die, cards
        for h, c in zip(hands, cards):
            h.remove(c)
    s, ja, jb, _ = public2.pattern(hands[0], hands[1])
    tower = public2.tower_of(None if builder is None else builder == 0, die)
    return s, ja, jb, tower, scores[0] - scores[1]


def one_step(table: values.Table, s, ja, jb, tower, d) -> float:
    return solve_zero_sum(table_matrix(table, (s, ja, jb, tower, d)))[2]


def add(stats: dict, key: tuple[int, ...], v: float) -> None:
    for n in values.LEVELS:
        acc = stats.setdefault(key[:n], [0.0, 0])
        acc[0] += v
        acc[1] += 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--exact", type=int, default=7, help="cards left solved exactly for the first level")
    ap.add_argument("--exact-samples", type=int, default=1500)
    ap.add_argument("--samples", type=int, default=15000, help="samples per later level")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=str(values.DATA))
    args = ap.parse_args()
    rng = Rng(seed_state(args.seed, "duel-train"))
    stats: dict[tuple[int, ...], list] = {}
    exact = public2.Exact()
    for k in range(args.exact, 14):
        t0 = time.perf_counter()
        count = args.exact_samples if k == args.exact else args.samples
        table = (
            None if k == args.exact else values.Table({kk: (v[0] / v[1], v[1]) for kk, v in stats.items()})
        )
        got = 0
        while got < count:
            pos = sample_position(k, rng)
            if pos is None:
                continue
            if table is None:
                if len(exact.memo) > 1_500_000:
                    exact.memo.clear()
                v = exact.value(*pos)
            else:
                v = one_step(table, *pos)
            add(stats, values.summary(*pos), v)
            add(stats, values.summary(*public2.mirror(*pos)), 1.0 - v)
            got += 1
        print(f"{k} cards left: {count} positions in {time.perf_counter() - t0:.0f} s", flush=True)
    rows = [[*key, round(v[0] / v[1] * 10000), v[1]] for key, v in sorted(stats.items())]
    Path(args.out).write_text(
        json.dumps({"version": 1, "exact": args.exact, "stats": rows}, separators=(",", ":")) + "\n"
    )
    print(f"wrote {len(rows)} summaries to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
