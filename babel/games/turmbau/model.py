"""Values of Der Turmbau zu Babel: discs, wonders, offers, actions, the state and the seat view.

Building cards are interchangeable within a kind, so hands, offers and the discard pile are count
vectors (one int per kind, in the order of ``data.KINDS``); only the supply is an ordered tuple,
because its order decides who draws what.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from babel.games.turmbau import data

Counts = tuple[int, int, int, int]
ZERO: Counts = (0, 0, 0, 0)


class Phase(Enum):
    TURN = "turn"  # the active player passes, builds or plays an action card
    OFFER = "offer"  # the other players commit their secret offers
    SELECT = "select"  # offers revealed; the active player chooses whom to invite
    OVER = "over"


@dataclass(frozen=True, order=True)
class Disc:
    """A building disc: one kind (or two kinds in the variant) and the cards each kind needs."""

    kinds: tuple[int, ...]
    values: tuple[int, ...]

    @property
    def need(self) -> Counts:
        out = [0, 0, 0, 0]
        for k, v in zip(self.kinds, self.values):
            out[k] += v
        return tuple(out)  # type: ignore[return-value]

    @property
    def total(self) -> int:
        return sum(self.values)

    @property
    def two_kind(self) -> bool:
        return len(self.kinds) > 1

    def text(self) -> str:
        return "+".join(f"{data.KINDS[k]}{v}" for k, v in zip(self.kinds, self.values))


@dataclass(frozen=True)
class Wonder:
    """One wonder on the board: its three disc slots (None once taken), each player's parts on it
    as (value-1 parts, value-3 parts), and whether it has been scored (completed)."""

    discs: tuple[Disc | None, ...]
    parts: tuple[tuple[int, int], ...]
    scored: bool = False

    def units(self, seat: int) -> int:
        ones, threes = self.parts[seat]
        return ones + 3 * threes

    @property
    def discs_left(self) -> int:
        return sum(d is not None for d in self.discs)


# -- actions -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Pass:
    """Pass: draw one card, then everyone draws one."""


@dataclass(frozen=True)
class Build:
    """Put your column on ``wonder`` under the disc in ``slot`` and ask for offers."""

    wonder: int
    slot: int


@dataclass(frozen=True)
class Offer:
    """A secret offer: building cards by kind, optionally the trading card, optionally the
    Triple bonus action card. All zero and no trading card means no offer."""

    cards: Counts = ZERO
    trade: bool = False
    triple: bool = False

    @property
    def size(self) -> int:
        return sum(self.cards)

    @property
    def empty(self) -> bool:
        return self.size == 0 and not self.trade


@dataclass(frozen=True)
class Select:
    """The active player's decision after the reveal: invite the offers of ``seats`` and fill
    up from hand; ``wild`` says how many card units of each kind Joker cards stand for."""

    seats: tuple[int, ...] = ()
    wild: Counts = ZERO

    @property
    def jokers(self) -> int:
        return sum(self.wild) // data.JOKER_UNITS


@dataclass(frozen=True)
class Decline:
    """Leave the disc unfulfilled: every offer counts as refused."""


@dataclass(frozen=True)
class Redraw:
    """Action card Card trade: discard these cards and draw as many."""

    cards: Counts


@dataclass(frozen=True)
class Draw3:
    """Action card Card draw: draw three building cards."""


@dataclass(frozen=True)
class Double:
    """Action card Double turn: take two turns in a row."""


Action = Pass | Build | Offer | Select | Decline | Redraw | Draw3 | Double


# -- scoring records ------------------------------------------------------------------------
@dataclass(frozen=True)
class WonderScore:
    """One player's share of a wonder scoring."""

    seat: int
    units: int
    rank: int  # 1 first, 2 second, 3 other present player, 0 absent
    points: int


@dataclass(frozen=True)
class FinalScore:
    """A player's final-scoring breakdown (shown on the final screen)."""

    seat: int
    before: int  # victory points before the final scoring
    wonders: tuple[tuple[int, int], ...]  # (wonder, points) for each unfinished wonder scored
    discs: tuple[Disc, ...]
    assignment: tuple[int, ...]  # the kind each disc counts for (two-kind discs: the chosen one)
    sets: Counts  # discs per kind after the assignment
    set_points: Counts  # bonus per kind
    disc_card: int  # Disc bonus action cards
    five_points: int  # 5 victory points action cards
    total: int


# -- state and view -------------------------------------------------------------------------
@dataclass(frozen=True)
class TurmbauState:
    rng: int
    players: int
    two_kind: bool
    phase: Phase
    start: int
    active: int
    turn: int
    double: int  # 0 no double turn; 1 first of two turns; 2 second turn
    row: int  # scoring-table marker (0 = top row)
    wonders: tuple[Wonder, ...]
    target: tuple[int, int] | None  # (wonder, slot) being built
    supply: tuple[int, ...]  # building cards, the next card drawn is the last
    discard: Counts
    hands: tuple[Counts, ...]
    known: tuple[Counts, ...]  # public lower bounds of each hand (cards seen returning to it)
    offers: tuple[Offer | None, ...]  # per seat; None = not committed (or not asked)
    revealed: bool
    parts: tuple[tuple[int, int], ...]  # each player's parts in supply (ones, threes)
    scores: tuple[int, ...]
    discs: tuple[tuple[Disc, ...], ...]  # collected discs per player
    action_deck: tuple[int, ...]  # action-card kinds, next drawn is the last
    actions: tuple[tuple[int, ...], ...]  # held action cards per player (sorted kinds)
    spent: tuple[int, ...]  # action cards played, in order
    final: tuple[FinalScore, ...] = ()
    # Seats that passed in a row with no building card left to draw (RULINGS Turmbau 9): when every
    # seat is in it, the game ends. Any other kind of turn empties it.
    stalled: tuple[int, ...] = ()


@dataclass(frozen=True)
class TurmbauView:
    """Everything ``seat`` may see (``seat`` None: a spectator). Secret parts (hands, committed
    offers, held action cards, collected discs) are given for ``seat`` only; for the others
    just their sizes, plus the cards everyone has seen returning to a hand (``known``)."""

    seat: int | None
    players: int
    two_kind: bool
    phase: Phase
    start: int
    active: int
    turn: int
    double: int
    row: int
    wonders: tuple[Wonder, ...]
    target: tuple[int, int] | None
    supply_size: int
    discard: Counts
    hand: Counts  # own hand (zeros for a spectator)
    hand_sizes: tuple[int, ...]  # cards held, counting cards in a face-down offer
    known: tuple[Counts, ...]
    committed: tuple[bool, ...]  # who has committed an offer this build
    my_offer: Offer | None
    offers: tuple[Offer | None, ...]  # revealed offers (after the reveal), else all None
    parts: tuple[tuple[int, int], ...]
    scores: tuple[int, ...]
    my_discs: tuple[Disc, ...]
    disc_counts: tuple[int, ...]
    my_actions: tuple[int, ...]
    action_counts: tuple[int, ...]  # counting a Triple bonus card in a face-down offer
    action_deck_size: int
    spent: tuple[int, ...]
    all_discs: tuple[tuple[Disc, ...], ...] = ()  # revealed at the end
    all_actions: tuple[tuple[int, ...], ...] = ()  # revealed at the end
    final: tuple[FinalScore, ...] = ()
    stalled: tuple[int, ...] = ()  # seats that passed in a row with nothing left to draw
