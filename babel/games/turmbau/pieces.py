"""The pieces of a game and the arithmetic on them: the 24 discs and 15 action cards dealt out,
the action-card kinds by name, count vectors added and enumerated, the disc being built, and how
card units become value-1 and value-3 parts. Shared by the engine, the samplers and the bots."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from babel.games.turmbau import data
from babel.games.turmbau.data import Counts
from babel.games.turmbau.model import Disc, TurmbauState, TurmbauView, Wonder

REDRAW, JOKER, DISC_BONUS, DRAW3, TRIPLE, DOUBLE, FIVE_POINTS = (
    data.ACTION_KINDS.index(k)
    for k in ("redraw", "joker", "disc_bonus", "draw3", "triple", "double", "five_points")
)


def all_discs(two_kind: bool) -> tuple[Disc, ...]:
    """The 24 discs of a game: per kind the listed values, with one of each kind's
    ``TWO_KIND_REPLACES`` discs replaced by the two-kind discs in the variant."""
    out: list[Disc] = []
    for k in range(data.NKINDS):
        values = list(data.DISC_VALUES)
        if two_kind:
            values.remove(data.TWO_KIND_REPLACES)
        out.extend(Disc((k,), (v,)) for v in values)
    if two_kind:
        for spec in data.TWO_KIND_DISCS:
            out.append(Disc(tuple(k for k, _ in spec), tuple(v for _, v in spec)))
    return tuple(sorted(out))


def all_action_cards() -> tuple[int, ...]:
    return tuple(i for i, c in enumerate(data.ACTION_COUNTS) for _ in range(c))


def add(a: Counts, b: Counts) -> Counts:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def sub(a: Counts, b: Counts) -> Counts:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def counts_words(c: Counts) -> str:
    parts = [f"{n} {data.KINDS[k]}" for k, n in enumerate(c) if n]
    return ", ".join(parts) if parts else "no cards"


def disc_json(d: Disc) -> dict[str, Any]:
    return {"kinds": [data.KINDS[k] for k in d.kinds], "values": list(d.values)}


def bounded_counts(limits: Counts, total: int) -> Iterator[Counts]:
    """Every count vector c with 0 <= c[k] <= limits[k] and sum(c) <= total."""
    for a in range(min(limits[0], total) + 1):
        for b in range(min(limits[1], total - a) + 1):
            for c in range(min(limits[2], total - a - b) + 1):
                for d in range(min(limits[3], total - a - b - c) + 1):
                    yield (a, b, c, d)


def remaining_kinds(wonders: tuple[Wonder, ...]) -> Counts:
    """Discs still on the board that carry each kind (two-kind discs count for both)."""
    out = [0] * data.NKINDS
    for w in wonders:
        for d in w.discs:
            if d is not None:
                for k in d.kinds:
                    out[k] += 1
    return tuple(out)  # type: ignore[return-value]


def target_disc(state: TurmbauState | TurmbauView) -> Disc:
    assert state.target is not None
    w, s = state.target
    disc = state.wonders[w].discs[s]
    assert disc is not None
    return disc


def offered(state: TurmbauState | TurmbauView, seat: int) -> bool:
    """Whether ``seat`` has an offer of at least one card on the table for the builder."""
    o = state.offers[seat]
    return seat != state.active and o is not None and o.size > 0


def place_units(supply: tuple[int, int], units: int) -> tuple[int, int]:
    """The parts (ones, threes) a player places for ``units`` cards: value-3 parts first, then
    value-1 parts; a player short of parts places what fits without exceeding (Ruling, this
    edition). Using threes first keeps the most value-1 parts for later remainders."""
    ones, threes = supply
    t = min(units // 3, threes)
    o = min(units - 3 * t, ones)
    return o, t
