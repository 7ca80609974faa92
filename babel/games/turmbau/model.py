"""Values of Der Turmbau zu Babel: phases, event kinds, discs, wonders, scoring records, the
state and the seat view (the moves are in ``actions``).

Building cards are interchangeable within a kind, so hands, offers and the discard pile are count
vectors (``data.Counts``); only the supply is an ordered tuple, because its order decides who
draws what.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum

from babel.games.turmbau import data
from babel.games.turmbau.actions import Offer
from babel.games.turmbau.data import ZERO, Counts


class Phase(Enum):
    TURN = "turn"  # the active player passes, builds or plays an action card
    OFFER = "offer"  # the other players commit their secret offers
    SELECT = "select"  # offers revealed; the active player chooses whom to invite
    OVER = "over"


class EventKind(StrEnum):
    """What the engine reports; the values are the strings logs and saves have always held."""

    TURN = "turn"
    PASS = "pass"
    BUILD = "build"
    DRAW = "draw"  # public: who drew how many
    DREW = "drew"  # to the drawer only: which cards
    RESHUFFLE = "reshuffle"
    OFFER_COMMITTED = "offer_committed"
    MY_OFFER = "my_offer"  # to the offerer only
    REVEAL = "reveal"
    ACCEPTED = "accepted"
    UNFULFILLED = "unfulfilled"
    REJECTED = "rejected"
    PARTS_PLACED = "parts_placed"
    DISC_TAKEN = "disc_taken"
    WONDER_SCORED = "wonder_scored"
    MARKER_MOVED = "marker_moved"
    ACTION_DRAWN = "action_drawn"
    ACTION_CARD = "action_card"  # to the drawer only: which card
    ACTION_PLAYED = "action_played"
    STALL_WARNING = "stall_warning"
    GAME_END = "game_end"
    FINAL_SCORING = "final_scoring"


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


def seat_view(state: TurmbauState, seat: int | None) -> TurmbauView:
    """What ``seat`` sees of ``state`` (None: a spectator): the one place secrets are filtered."""
    n = state.players
    pending = [o if (o is not None and not state.revealed) else None for o in state.offers]  # face down
    hand_sizes = tuple(sum(state.hands[s]) + (pending[s].size if pending[s] else 0) for s in range(n))
    action_counts = tuple(
        len(state.actions[s]) + (1 if pending[s] is not None and pending[s].triple else 0) for s in range(n)
    )
    over = state.phase is Phase.OVER
    return TurmbauView(
        seat=seat,
        players=n,
        two_kind=state.two_kind,
        phase=state.phase,
        start=state.start,
        active=state.active,
        turn=state.turn,
        double=state.double,
        row=state.row,
        wonders=state.wonders,
        target=state.target,
        supply_size=len(state.supply),
        discard=state.discard,
        hand=state.hands[seat] if seat is not None else ZERO,
        hand_sizes=hand_sizes,
        known=state.known,
        committed=tuple(o is not None for o in state.offers),
        my_offer=state.offers[seat] if seat is not None else None,
        offers=state.offers if state.revealed else (None,) * n,
        parts=state.parts,
        scores=state.scores,
        my_discs=state.discs[seat] if seat is not None else (),
        disc_counts=tuple(len(d) for d in state.discs),
        my_actions=state.actions[seat] if seat is not None else (),
        action_counts=action_counts,
        action_deck_size=len(state.action_deck),
        spent=state.spent,
        all_discs=state.discs if over else (),
        all_actions=state.actions if over else (),
        final=state.final,
        stalled=state.stalled,
    )
