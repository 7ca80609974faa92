"""How the Architects spread their Seals: one rule every Architect holder applies alike.

In the Seal phase's three steps the users are named before anyone points, so the Architect users
follow a convention (``pick``, at the end): each takes its share of the likeliest candidates by its
rank among the users. ``spread`` below is the rule for a holder who does not know who else seals
(the one-step phase of rules version 1), kept as the baseline the conventions are measured against.

A holder seals without knowing who else holds a Seal (holding is secret), and the rulebook gives
ties to the Messenger: the Seals on the Messenger must outnumber the Divine Punishment cards the
Zealots put on it. When the public record points at one seat, every holder sealing it wins most
often. When it points nowhere in particular (usual at 9 and 10 players, where four or five
saboteurs share the suspicion), Seals all on one guess mostly miss together, while Seals spread
over the likeliest few find the Messenger more often, and in nearly half of the 10-player finales
no Divine Punishment card lands on the Messenger, so one Seal is enough.

``spread`` picks how many of the likeliest seats the holders spread over: the number that gives
the Architects the best chance, from how many Architects hold a Seal and how many Divine
Punishment cards land on the Messenger, both measured in shrewd self-play.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import comb

# At the Seal phase of games that reach it: P(k Architects hold a Seal) and P(k Divine Punishment
# cards land on the Messenger), shrewd against shrewd (seeds 1-1000 at 5, 7 and 10 players,
# 600-800 at 6, 8 and 9).
HOLDERS = {
    5: (0.074, 0.407, 0.447, 0.072),
    6: (0.021, 0.215, 0.433, 0.312, 0.018),
    7: (0.021, 0.161, 0.445, 0.308, 0.062, 0.002),
    8: (0.0, 0.087, 0.322, 0.413, 0.153, 0.021, 0.004),
    9: (0.007, 0.061, 0.238, 0.412, 0.241, 0.037, 0.003),
    10: (0.0, 0.012, 0.191, 0.373, 0.299, 0.11, 0.012, 0.002),
}
PUNISHED = {
    5: (0.21, 0.79),
    6: (0.155, 0.173, 0.673),
    7: (0.304, 0.168, 0.528),
    8: (0.343, 0.149, 0.145, 0.364),
    9: (0.435, 0.177, 0.095, 0.293),
    10: (0.451, 0.152, 0.115, 0.108, 0.174),
}

# The same at tables of novice saboteurs, whose Zealots point at random (novice self-play with
# talk, seeds 1-150; 38-83 finales a player count), and of plain ones, who point at the seat seen
# most often in stormy rounds (seeds 1-100; 24-57 finales).
PUNISHED_BY_LEVEL: dict[str, dict[int, tuple[float, ...]]] = {
    "novice": {
        5: (0.804, 0.196),
        6: (0.658, 0.263, 0.079),
        7: (0.657, 0.284, 0.06),
        8: (0.482, 0.411, 0.089, 0.018),
        9: (0.627, 0.301, 0.06, 0.012),
        10: (0.722, 0.194, 0.069, 0.014),
    },
    "plain": {
        5: (0.758, 0.242),
        6: (0.708, 0.208, 0.083),
        7: (0.727, 0.242, 0.03),
        8: (0.567, 0.333, 0.067, 0.033),
        9: (0.561, 0.281, 0.14, 0.018),
        10: (0.455, 0.364, 0.136, 0.023, 0.023),
    },
}


def _other_holders(players: int) -> list[float]:
    """P(k other Architects hold a Seal), seen by a holder (a game with more holders has more
    holders to ask)."""
    dist = HOLDERS[players]
    weights = [(k + 1) * dist[k + 1] for k in range(len(dist) - 1)]
    total = sum(weights) or 1.0
    return [w / total for w in weights]


@cache
def _carried(players: int, m: int) -> float:
    """P(the Seals on the Messenger outnumber the Divine Punishment cards on it), when it is one
    of the ``m`` seats every holder picks from at random (the same for each of the ``m``)."""
    others = _other_holders(players)
    punished = PUNISHED[players]
    below = [sum(punished[:x]) for x in range(len(others) + 2)]  # P(fewer than x cards on it)
    p = 1.0 / m
    chance = 0.0
    for k, pk in enumerate(others):
        n = k + 1  # this holder and k others
        chance += pk * sum(comb(n, x) * p**x * (1 - p) ** (n - x) * below[x] for x in range(1, n + 1))
    return chance


def win_chance(players: int, odds: Sequence[float], m: int) -> float:
    """The Architects' chance when every holder seals one of the ``m`` likeliest seats at random
    (``odds``: each candidate's chance of being the Messenger, likeliest first)."""
    return sum(odds[:m]) / (sum(odds) or 1.0) * _carried(players, m)


def spread(players: int, odds: Sequence[float]) -> int:
    """How many of the likeliest candidates to spread the Seals over (1: all on the likeliest)."""
    if players not in HOLDERS or not odds:
        return 1
    best, best_chance = 1, win_chance(players, odds, 1)
    for m in range(2, len(odds) + 1):
        chance = win_chance(players, odds, m)
        if chance > best_chance + 1e-9:
            best, best_chance = m, chance
    return best


# -- the three-step Seal phase: the users are named before anyone points ---------------------------
# Declared users know how many Seals there will be and who holds them, so the Architects need
# no dice: each user takes one of the likeliest candidates by its rank among the users (by seat).
CONVENTIONS = ("split", "all", "kth", "trust")
CONVENTION = "split"  # the one the bots play (measured in tools/builders_seal_conventions.py)


def _below(players: int, x: int, level: str = "shrewd") -> float:
    """P(fewer than ``x`` Divine Punishment cards land on the Messenger) at a table whose
    saboteurs play ``level`` (novice Zealots point at random: ``PUNISHED_BY_LEVEL``)."""
    punished = PUNISHED_BY_LEVEL.get(level, PUNISHED).get(players, (1.0,))
    return sum(punished[:x])


def split_chance(players: int, odds: Sequence[float], users: int, m: int, level: str = "shrewd") -> float:
    """The Architects' chance when ``users`` Seals go round the ``m`` likeliest candidates (the
    first candidates take one more when they do not divide evenly)."""
    total = sum(odds) or 1.0
    chance = 0.0
    for j in range(min(m, len(odds))):
        seals = users // m + (1 if j < users % m else 0)
        chance += odds[j] / total * _below(players, seals, level)
    return chance


def split_width(players: int, odds: Sequence[float], users: int, level: str = "shrewd") -> int:
    """How many of the likeliest candidates ``users`` Seals should go round (1: all on one)."""
    best, best_chance = 1, -1.0
    for m in range(1, max(1, min(users, len(odds))) + 1):
        chance = split_chance(players, odds, users, m, level)
        if chance > best_chance + 1e-9:
            best, best_chance = m, chance
    return best


def pick(
    players: int,
    ranked: Sequence[int],
    odds: Sequence[float],
    users: Sequence[int],
    me: int,
    convention: str | None = None,
    evil: Sequence[float] = (),
    level: str = "shrewd",
) -> int:
    """The seat ``me`` seals under a convention every Architect user applies alike.

    ``ranked``: every seat, likeliest Messenger first by the public record (the same list for
    every user), and ``odds`` their chances; ``users``: every declared user. "all": every Seal on
    the likeliest; "kth": the k-th user by seat takes the k-th likeliest; "split": the users go
    round the likeliest ``split_width``, for a table whose saboteurs play ``level``. A user whose
    turn lands on itself takes the next one."""
    convention = convention or CONVENTION
    order = sorted(users)
    width = len(order)
    if convention == "trust" and evil:  # the most trusted users take the likeliest candidates,
        order.sort(key=lambda u: (evil[u], u))  # and the width counts the users likely loyal
        width = max(1, round(sum(1.0 - evil[u] for u in order)))
    rank = order.index(me) if me in order else 0
    if convention == "all":
        slot = 0
    elif convention == "kth":
        slot = rank
    else:
        slot = rank % split_width(players, odds, width, level)
    rest = [s for s in ranked[slot:] if s != me] or [s for s in ranked if s != me]
    return rest[0]
