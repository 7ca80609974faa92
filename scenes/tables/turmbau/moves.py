"""The viewer's legal moves sorted by kind, and the choice being made (``Choice``: an offer
drafted, cards to trade in, invitations and Jokers) with the ways it may change: each change
returns the new choice, or the old one and the words that say why not. Also the builder's
preview of an invitation and the ways a Joker can stand in. Pure functions of the view."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from babel.games.turmbau import data
from babel.games.turmbau.actions import Build, Decline, Double, Draw3, Offer, Pass, Redraw, Select
from babel.games.turmbau.data import ZERO, Counts
from babel.games.turmbau.model import Phase, TurmbauView
from babel.games.turmbau.phases import preview_select
from scenes import wording
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
        return f"You may offer at most {wording.count(disc.total, 'card')}, the number on the disc"
    for k in disc.kinds:
        if sel[k] > disc.need[k]:
            return f"You may offer at most {wording.count(disc.need[k], KIND_SHORT[k].lower() + ' card')}"
    return "That offer is not allowed"


@dataclass(frozen=True)
class Choice:
    """What the viewer has picked so far and not yet submitted."""

    offer_sel: Counts = ZERO  # the offer being drafted, by kind
    trade: bool = False  # the trading card on it
    triple: bool = False  # the Triple bonus on it
    redraw_mode: bool = False  # Card trade: picking cards to trade in
    redraw_sel: Counts = ZERO
    seats: frozenset[int] = frozenset()  # the builder's invitations
    wild: Counts = ZERO  # what the builder's Jokers stand for

    @property
    def offer(self) -> Offer:
        some = sum(self.offer_sel) > 0
        return Offer(self.offer_sel, self.trade and some, self.triple and some)

    @property
    def select(self) -> Select:
        return Select(tuple(sorted(self.seats)), self.wild)

    def cleared(self) -> Choice:
        """Nothing picked (still in Card trade if it was)."""
        return Choice(redraw_mode=self.redraw_mode)

    def hand_lifted(self, view: TurmbauView, preview: dict | None) -> Counts:
        """The cards lifted out of the hand: a trade-in, a draft offer or the builder's fill."""
        if self.redraw_mode:
            return self.redraw_sel
        if view.phase is Phase.OFFER:
            return self.offer_sel
        return tuple(preview["fill"]) if preview is not None else ZERO  # type: ignore[return-value]


Change = tuple[Choice, str]


def step_kind(c: Choice, view: TurmbauView, legal: LegalMoves, kind: int, delta: int) -> Change:
    """One card of ``kind`` more (or fewer) on the offer or the trade-in."""
    sel = list(c.redraw_sel if c.redraw_mode else c.offer_sel)
    sel[kind] += delta
    if sel[kind] < 0:
        return c, ""
    if sel[kind] > view.hand[kind]:
        return c, f"You hold only {wording.count(view.hand[kind], KIND_SHORT[kind].lower() + ' card')}"
    if c.redraw_mode:
        if sum(sel) > data.REDRAW_MAX:
            return c, f"Card trade exchanges at most {data.REDRAW_MAX} cards"
        return replace(c, redraw_sel=tuple(sel)), ""
    if sum(sel) and not any(o.cards == tuple(sel) for o in legal.offers):
        return c, offer_limit_reason(view, sel)
    if not sum(sel):
        return replace(c, offer_sel=ZERO, trade=False, triple=False), ""
    return replace(c, offer_sel=tuple(sel)), ""


def toggle_trade(c: Choice, mode: str, busy: bool) -> Change:
    if mode != "offer":
        return c, "" if busy else "The trading card goes on an offer, when another player builds"
    if not c.trade and not sum(c.offer_sel):
        return c, "The trading card can only go with at least one building card"
    return replace(c, trade=not c.trade), ""


def toggle_seat(c: Choice, legal: LegalMoves, seat: int) -> Choice:
    """Invite ``seat``'s offer, or take the invitation back; the Joker's use follows."""
    seats = c.seats ^ {seat}
    return replace(c, seats=seats, wild=fit_wild(wild_options(legal, tuple(sorted(seats))), c.wild))


def cycle_joker(c: Choice, mode: str, legal: LegalMoves) -> Change:
    """The next way the builder's Joker can stand in."""
    if mode != "select":
        return c, "The Joker is used when you complete a disc as the builder"
    options = wild_options(legal, tuple(sorted(c.seats)))
    if not any(sum(w) for w in options):
        return c, "No Joker fits: the disc needs no more cards than your invitations bring"
    return replace(c, wild=next_wild(options, c.wild)), ""


def seat_refusal(
    view: TurmbauView, mode: str, busy: bool, seat: int, name: Callable[[int], str]
) -> str | None:
    """Why a click on ``seat``'s offer invites nothing ("" to stay silent), None when it may."""
    if mode != "select":
        return f"{name(view.active)} chooses the offers" if view.phase is Phase.SELECT and not busy else ""
    if seat not in offerers(view, [s for s in range(view.players) if s != view.active]):
        return f"{name(seat)} made no offer"
    return None
