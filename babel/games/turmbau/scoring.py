"""Wonder scoring with its tie rules, and the disc-set bonus with the best two-kind assignment."""

from __future__ import annotations

from itertools import product

from babel.games.turmbau import data
from babel.games.turmbau.model import Counts, Disc, Wonder, WonderScore


def score_wonder(wonder: Wonder, values: tuple[int, int]) -> tuple[WonderScore, ...]:
    """Each player's points for a wonder scored with (first, second) ``values``.

    The most parts take the first value and the second most the second value; every other
    player with at least one part takes 3. Tied firsts all take the second value (and nobody
    takes a second place); tied seconds all take 3.
    """
    high, low = values
    units = [wonder.units(s) for s in range(len(wonder.parts))]
    present = [u for u in units if u > 0]
    out = []
    if not present:
        return tuple(WonderScore(s, 0, 0, 0) for s in range(len(units)))
    top = max(present)
    firsts = [s for s, u in enumerate(units) if u == top]
    rest = [u for u in present if u != top]
    second = max(rest) if rest else None
    seconds = [s for s, u in enumerate(units) if second is not None and u == second]
    for s, u in enumerate(units):
        if u == 0:
            out.append(WonderScore(s, 0, 0, 0))
        elif u == top:
            out.append(WonderScore(s, u, 1, high if len(firsts) == 1 else low))
        elif len(firsts) == 1 and u == second and len(seconds) == 1:
            out.append(WonderScore(s, u, 2, low))
        else:
            out.append(WonderScore(s, u, 3, data.OTHER_POINTS))
    return tuple(out)


def best_assignment(discs: tuple[Disc, ...]) -> tuple[tuple[int, ...], Counts, Counts]:
    """The kind each disc counts for, chosen to score the most set bonus, with the resulting
    discs per kind and bonus per kind. Ties keep the first assignment in a fixed order, so the
    result is deterministic."""
    choices = [d.kinds for d in discs]
    best = None
    for pick in product(*choices):
        sets = [0] * data.NKINDS
        for k in pick:
            sets[k] += 1
        pts = tuple(data.disc_bonus(c) for c in sets)
        total = sum(pts)
        if best is None or total > best[0]:
            best = (total, tuple(pick), tuple(sets), pts)
    assert best is not None
    return best[1], best[2], best[3]  # type: ignore[return-value]


def set_bonus(discs: tuple[Disc, ...]) -> int:
    """The disc-set bonus of a collection under its best assignment."""
    return sum(best_assignment(discs)[2])
