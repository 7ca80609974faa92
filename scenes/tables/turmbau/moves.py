"""The viewer's legal moves sorted by kind, and what the choice being made means: the ways a
Joker can stand in, the builder's preview of an invitation or why it cannot be made, and why a
drafted offer is too big. Pure functions of the view and the legal list."""

from __future__ import annotations

from dataclasses import dataclass

from babel.games.turmbau.actions import Build, Decline, Double, Draw3, Offer, Pass, Redraw, Select
from babel.games.turmbau.data import ZERO, Counts
from babel.games.turmbau.model import TurmbauView
from babel.games.turmbau.phases import preview_select
from scenes.tables.turmbau.art import KIND_SHORT


@dataclass(frozen=True)
class LegalMoves:
    """The legal actions of the viewer by kind."""

    pass_: bool = False
    builds: frozenset[tuple[int, int]] = frozenset()
    offers: frozenset[Offer] = frozenset()
    selects: tuple[Select, ...] = ()
    decline: bool = False
    redraws: frozenset[Counts] = frozenset()
    draw3: bool = False
    double: bool = False

    @staticmethod
    def of(legal) -> LegalMoves:
        builds, offers, selects, redraws = set(), set(), [], set()
        flags = {"pass_": False, "decline": False, "draw3": False, "double": False}
        for a in legal:
            if isinstance(a, Build):
                builds.add((a.wonder, a.slot))
            elif isinstance(a, Offer):
                offers.add(a)
            elif isinstance(a, Select):
                selects.append(a)
            elif isinstance(a, Redraw):
                redraws.add(a.cards)
            elif isinstance(a, Pass):
                flags["pass_"] = True
            elif isinstance(a, Decline):
                flags["decline"] = True
            elif isinstance(a, Draw3):
                flags["draw3"] = True
            elif isinstance(a, Double):
                flags["double"] = True
        return LegalMoves(
            builds=frozenset(builds),
            offers=frozenset(offers),
            selects=tuple(selects),
            redraws=frozenset(redraws),
            **flags,
        )


def wild_options(legal: LegalMoves, seats: tuple[int, ...]) -> list[Counts]:
    """The ways the builder's Jokers can stand in with these invitations, the fewest first."""
    return sorted({a.wild for a in legal.selects if a.seats == seats}, key=lambda w: (sum(w), w))


def next_wild(options: list[Counts], current: Counts) -> Counts:
    """The next way a Joker can stand in (no Joker counts as one way), after ``current``."""
    cycle = options if ZERO in options else [ZERO, *options]
    i = cycle.index(current) if current in cycle else -1
    return cycle[(i + 1) % len(cycle)]


def fit_wild(options: list[Counts], current: Counts) -> Counts:
    """``current`` if it still fits the invitations, else no Joker, else the first way."""
    if current in options:
        return current
    return ZERO if (ZERO in options or not options) else options[0]


def next_spot(builds, cursor: tuple[int, int] | None, delta: int) -> tuple[int, int] | None:
    """The disc the keyboard cursor moves to among the ones the viewer may build on."""
    spots = sorted(builds)
    if not spots:
        return cursor
    i = spots.index(cursor) + delta if cursor in spots else 0
    return spots[i % len(spots)]


def offerers(view: TurmbauView, slots: list[int]) -> list[int]:
    """The seats in ``slots`` with a revealed offer of at least one card."""
    return [s for s in slots if view.offers[s] is not None and view.offers[s].size > 0]


def select_preview(view: TurmbauView, sel: Select, legal: LegalMoves) -> tuple[dict | None, str]:
    """The preview of ``sel``, or why it cannot be chosen."""
    if sel in legal.selects:
        return preview_select(view, sel), ""
    w, s = view.target
    disc = view.wonders[w].discs[s]
    acc = [0, 0, 0, 0]
    traders = 0
    for seat in sel.seats:
        o = view.offers[seat]
        traders += o.trade
        for k in range(4):
            acc[k] += o.cards[k]
    if traders > 1:
        return None, "Only one invited offer may carry a trading card"
    for k in range(4):
        if acc[k] > disc.need[k]:
            return None, f"Too many {KIND_SHORT[k].lower()} cards: the disc asks for {disc.need[k]}"
    short = [
        f"{disc.need[k] - acc[k] - sel.wild[k]} {KIND_SHORT[k].lower()}"
        for k in range(4)
        if disc.need[k] - acc[k] - sel.wild[k] > view.hand[k]
    ]
    need = ", ".join(short)
    if not legal.selects:
        return None, "No choice of offers lets you complete this disc: leave it unfulfilled (L)"
    if not short:
        return None, "That choice is not possible"
    if not sel.seats:
        how = "Invite offers" if any(a.seats for a in legal.selects) else "Use your Joker (J)"
        return None, f"Too few cards to fill up alone: you would need {need}. {how}"
    return None, f"You cannot fill up: you would need {need} from your hand"


def offer_limit_reason(view: TurmbauView, sel) -> str:
    """Why a drafted offer of ``sel`` cards per kind is not allowed."""
    w, s = view.target
    disc = view.wonders[w].discs[s]
    if sum(sel) > disc.total:
        return f"You may offer at most {disc.total} cards, the number on the disc"
    for k in disc.kinds:
        if sel[k] > disc.need[k]:
            return f"You may offer at most {disc.need[k]} {KIND_SHORT[k].lower()} cards"
    return "That offer is not allowed"
