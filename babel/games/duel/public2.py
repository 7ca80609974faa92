"""The two-player duel as its public state, reduced to what can matter, and solved exactly.

Both hands are public, so a two-player position is fully described by:

- the hands as a *pattern*: for every rank still held by someone, lowest first, whether only I
  hold it (``a``), only the opponent (``b``) or both (``c``); ranks nobody holds are dropped,
  because only the order between the remaining cards decides rounds (an exact reduction);
- whether each player still holds the Joker;
- the tower: 0 = die in the centre, 1..6 = I am Builder with the die on that value, 7..12 = the
  opponent is Builder with the die on ``tower - 6``;
- the score difference (mine minus theirs): the winner depends only on it.

Values are my win chance, a shared win (equal scores) counted as one half. ``Exact`` solves a
position by backward induction, each round as the matrix game it is (``matrix.solve_zero_sum``),
memoised on the reduced state; it is practical for the last few rounds.
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.games.duel.matrix import solve_zero_sum
from babel.games.duel.model import JOKER, resolve_round

ME, THEM, BOTH = "a", "b", "c"
JK = -1  # the Joker's "position" in a pattern

# round kinds between my card and theirs
ONE_JOKER, TWO_JOKERS, I_HIGHER, TIE, THEY_HIGHER = range(5)
_KIND_CARDS = {
    ONE_JOKER: (JOKER, 2),
    TWO_JOKERS: (JOKER, JOKER),
    I_HIGHER: (3, 2),
    TIE: (2, 2),
    THEY_HIGHER: (2, 3),
}


def tower_of(builder_is_me: bool | None, die: int) -> int:
    if builder_is_me is None:
        return 0
    return die if builder_is_me else 6 + die


def _build_rounds() -> list[list[tuple[int, int, float | None]]]:
    """For each tower and kind: (tower after, score difference change, final value or None)."""
    table = []
    for tower in range(13):
        builder = None if tower == 0 else 0 if tower <= 6 else 1
        die = 1 if tower == 0 else tower if tower <= 6 else tower - 6
        row = []
        for kind in range(5):
            res = resolve_round(_KIND_CARDS[kind], builder, die)
            if res.game_won:
                row.append((tower, 0, 1.0 if res.winner == 0 else 0.0))
                continue
            dd = res.points if res.winner == 0 else -res.points
            after = 0 if res.builder is None else tower_of(res.builder == 0, res.die)
            row.append((after, dd, None))
        table.append(row)
    return table


ROUNDS = _build_rounds()


def kind_of(i: int, j: int) -> int:
    """The round kind when I play pattern position ``i`` and they play ``j`` (``JK``: Joker)."""
    if i == JK or j == JK:
        return TWO_JOKERS if i == j else ONE_JOKER
    return TIE if i == j else I_HIGHER if i > j else THEY_HIGHER


def pattern(mine: Sequence[int], theirs: Sequence[int]) -> tuple[str, bool, bool, list[int]]:
    """(pattern, I hold the Joker, they hold it, the rank at each pattern position) from two
    hands of engine cards."""
    m, t = set(mine), set(theirs)
    chars, ranks = [], []
    for r in range(2, 15):
        if r in m:
            chars.append(BOTH if r in t else ME)
        elif r in t:
            chars.append(THEM)
        else:
            continue
        ranks.append(r)
    return "".join(chars), JOKER in m, JOKER in t, ranks


def my_classes(s: str, ja: bool) -> list[int]:
    """One position per class of my interchangeable cards (runs of ``a``; each ``c``), Joker last."""
    out = [i for i, ch in enumerate(s) if ch == BOTH or (ch == ME and (i == 0 or s[i - 1] != ME))]
    if ja:
        out.append(JK)
    return out


def their_classes(s: str, jb: bool) -> list[int]:
    out = [i for i, ch in enumerate(s) if ch == BOTH or (ch == THEM and (i == 0 or s[i - 1] != THEM))]
    if jb:
        out.append(JK)
    return out


def play(s: str, i: int, j: int) -> str:
    """The pattern after I play position ``i`` and they play ``j``."""
    chars = list(s)
    if i != JK:
        chars[i] = THEM if chars[i] == BOTH else ""
    if j != JK:
        if i == j:
            chars[j] = ""
        else:
            chars[j] = ME if chars[j] == BOTH else ""
    return "".join(chars)


def hand_size(s: str, ja: bool) -> int:
    return sum(1 for ch in s if ch != THEM) + ja


def final_value(d: int) -> float:
    return 1.0 if d > 0 else 0.5 if d == 0 else 0.0


def mirror(s: str, ja: bool, jb: bool, tower: int, d: int) -> tuple[str, bool, bool, int, int]:
    """The same position from the opponent's side."""
    swapped = s.translate(_SWAP)
    t = 0 if tower == 0 else tower + 6 if tower <= 6 else tower - 6
    return swapped, jb, ja, t, -d


_SWAP = str.maketrans({ME: THEM, THEM: ME})


class Exact:
    """Backward induction over the reduced public state, each round solved as a matrix game.

    ``value`` is memoised (the memo may be shared between positions of one game and between
    games: a position's value never depends on how it was reached)."""

    def __init__(self, memo: dict | None = None) -> None:
        self.memo: dict = {} if memo is None else memo

    def value(self, s: str, ja: bool, jb: bool, tower: int, d: int) -> float:
        if not s and not ja:
            return final_value(d)
        key = (s, ja, jb, tower, d)
        got = self.memo.get(key)
        if got is None:
            got = self.solve(s, ja, jb, tower, d)[2]
            self.memo[key] = got
        return got

    def matrix(
        self, s: str, ja: bool, jb: bool, tower: int, d: int
    ) -> tuple[list[int], list[int], list[list[float]]]:
        rows, cols = my_classes(s, ja), their_classes(s, jb)
        trans = ROUNDS[tower]
        a = []
        for i in rows:
            line = []
            for j in cols:
                after, dd, final = trans[kind_of(i, j)]
                if final is not None:
                    line.append(final)
                else:
                    line.append(self.value(play(s, i, j), ja and i != JK, jb and j != JK, after, d + dd))
            a.append(line)
        return rows, cols, a

    def solve(self, s: str, ja: bool, jb: bool, tower: int, d: int):
        """(my classes, their classes, value, my strategy, their strategy, matrix)."""
        rows, cols, a = self.matrix(s, ja, jb, tower, d)
        x, y, v = solve_zero_sum(a)
        return rows, cols, v, x, y, a
