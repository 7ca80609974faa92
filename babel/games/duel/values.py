"""Learned values for two-player positions too far from the end to solve exactly.

A position (``public2``'s reduced state) is summarised by: cards left, the tower, the score
difference (clamped), who holds a Joker, the *card edge* (over all pairs of my card and theirs,
the share I win minus the share they win, in nine steps) and who holds the top card. The table
stores my win chance per summary, learned by ``tools/duel_train.py``: exact backward induction
for the positions near the end, then one round at a time towards the start, each sampled
position solved as its matrix game with the next round's learned values (fitted value
iteration with equilibrium targets: it assumes nothing about how weak the opponent is).

Summaries seen rarely borrow strength from coarser ones: each level is shrunk towards the level
above it (``PRIOR`` pseudo-games), down to (cards left, tower, score difference).
"""

from __future__ import annotations

import json
from pathlib import Path

from babel.games.duel.public2 import BOTH, ME, THEM

D_CLAMP = 10
PRIOR = 4.0
DATA = Path(__file__).with_name("values2.json")
TOP = {ME: 0, THEM: 1, BOTH: 2, "": 3}


def edge_bucket(s: str) -> int:
    """The card edge in nine steps (-4..4), from the pattern alone (Jokers aside)."""
    wins = losses = mine = theirs = 0
    for ch in s:
        if ch == ME:
            wins += theirs
            mine += 1
        elif ch == THEM:
            losses += mine
            theirs += 1
        else:
            wins += theirs
            losses += mine
            mine += 1
            theirs += 1
    pairs = mine * theirs
    if not pairs:
        return 0
    return round(4 * (wins - losses) / pairs)


def summary(s: str, ja: bool, jb: bool, tower: int, d: int) -> tuple[int, ...]:
    k = sum(1 for ch in s if ch != THEM) + ja
    dc = -D_CLAMP if d < -D_CLAMP else D_CLAMP if d > D_CLAMP else d
    return (k, tower, dc, 2 * ja + jb, edge_bucket(s), TOP[s[-1:]])


LEVELS = (3, 4, 5, 6)  # a summary's prefix lengths, coarse to fine


class Table:
    """Win chances per summary, with shrinkage towards coarser summaries."""

    def __init__(self, stats: dict[tuple[int, ...], tuple[float, int]]) -> None:
        """``stats``: per summary prefix (every level), (mean, count)."""
        self.est: dict[tuple[int, ...], float] = {}
        for n in LEVELS:
            for key, (mean, count) in stats.items():
                if len(key) != n:
                    continue
                parent = self.est.get(key[: n - 1], 0.5) if n > LEVELS[0] else _prior(key)
                self.est[key] = (mean * count + PRIOR * parent) / (count + PRIOR)

    def value(self, key: tuple[int, ...]) -> float:
        est = self.est
        for n in (6, 5, 4, 3):
            got = est.get(key[:n])
            if got is not None:
                return got
        return _prior(key)

    @classmethod
    def load(cls, path: Path = DATA) -> Table:
        data = json.loads(path.read_text())
        stats = {tuple(row[:-2]): (row[-2] / 10000, row[-1]) for row in data["stats"]}
        return cls(stats)


def _prior(key: tuple[int, ...]) -> float:
    d = key[2]
    return 0.5 + 0.04 * max(-10, min(10, d))


_TABLE: Table | None = None


def table() -> Table:
    global _TABLE
    if _TABLE is None:
        _TABLE = Table.load()
    return _TABLE
