"""The card duel's things: cards, the state and the views, the event kinds, and how one round
is decided from the revealed cards (``resolve_round``, shared by the rules, the fast playouts and
the exact solver).

Cards are plain ints: ranks 2..14 (J=11, Q=12, K=13, A=14) and ``JOKER`` = 15.

State layout: ``hands`` hold every card not yet *revealed* (a committed card stays in its hand
until the reveal, because until then the others only know it is one of those cards);
``committed`` holds this round's secret choices. The game uses no chance at all; ``rng`` is kept
only because the protocol asks every state to carry one.

Events (``data`` is JSON-friendly; a seat is an int, the centre of the table is ``None``):

- ``commit`` (public): ``{"round", "seat"}``: a card went face down in front of ``seat``.
- ``commit_card`` (only to that seat): ``{"round", "seat", "card", "text"}``.
- ``reveal`` (public, irreversible): ``{"round", "cards", "texts"}``, one card per seat.
- ``round`` (public): ``{"round", "kind", "winner", "builder_before", "builder_after",
  "die_before", "die_after", "points", "text"}``: how the round was decided (``kind`` is a
  ``RoundKind`` value, ``winner`` the seat that won the round or ``None``).
- ``builder`` (public): ``{"from", "to"}`` when the title changes hands (``None`` = nobody).
- ``die_move`` (public): ``{"from", "to", "value_before", "value_after"}`` when the die moves
  between the centre and a player (``None`` = the centre).
- ``die_turn`` (public): ``{"seat", "value_before", "value_after"}`` when the Builder turns it up.
- ``score`` (public): ``{"seat", "points", "total", "scores"}``.
- ``game_over`` (public): ``{"reason": "six" | "rounds", "winners", "scores", "text"}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum, StrEnum

ROUNDS = 14
JOKER = 15
RANKS = tuple(range(2, 15))
SUIT = (*RANKS, JOKER)  # one player's 14 cards, lowest first
DIE_START = 1
DIE_MAX = 6
RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A", JOKER: "JK"}
RANK_NAME = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace", JOKER: "Joker"}
TEXT_RANK = {
    **{str(r): r for r in range(2, 11)},
    "J": 11,
    "Q": 12,
    "K": 13,
    "A": 14,
    "JK": JOKER,
    "T": 10,
    "JACK": 11,
    "QUEEN": 12,
    "KING": 13,
    "ACE": 14,
    "JOKER": JOKER,
    "X": JOKER,
}


def card_text(card: int) -> str:
    """The short text of a card: '7', '10', 'J', 'A', 'JK'."""
    return RANK_TEXT.get(card, str(card))


def card_name(card: int) -> str:
    """A card in words for messages: 'the 7', 'the Ace', 'the Joker'."""
    return "the " + RANK_NAME.get(card, str(card))


def parse_card(text: str) -> int | None:
    return TEXT_RANK.get(text.strip().upper())


class Phase(Enum):
    CHOOSE = "choose"
    OVER = "over"


class EventKind(StrEnum):
    """The kinds of event the duel emits (the values are the text logs and saves hold)."""

    COMMIT = "commit"
    COMMIT_CARD = "commit_card"
    REVEAL = "reveal"
    ROUND = "round"
    BUILDER = "builder"
    DIE_MOVE = "die_move"
    DIE_TURN = "die_turn"
    SCORE = "score"
    GAME_OVER = "game_over"


class RoundKind(Enum):
    """How a round was decided (the order of the ruling's cases)."""

    JOKER = "joker"  # exactly one Joker: the Builder (if any) loses the title, die to the centre
    JOKERS_TIE = "jokers_tie"  # two or more Jokers: a tie, the Builder (if any) wins
    BUILDER_WINS = "builder_wins"  # the Builder is among the highest
    NEW_BUILDER = "new_builder"  # one non-Builder played the single highest card
    TIE_ABOVE = "tie_above_builder"  # two or more non-Builders tie above the Builder
    CENTRE_TIE = "centre_tie"  # die in the centre and a tie for highest: nobody


class EndReason(Enum):
    SIX = "six"
    ROUNDS = "rounds"


@dataclass(frozen=True)
class RoundRecord:
    """One resolved round: the cards per seat and what came of them (after-values)."""

    cards: tuple[int, ...]
    kind: RoundKind
    winner: int | None
    builder: int | None
    die: int
    points: int


@dataclass(frozen=True)
class Resolution:
    kind: RoundKind
    winner: int | None  # the seat that won the round (Builder or new Builder), if any
    builder: int | None  # Builder after the round (None: the die is in the centre)
    die: int  # die value after the round
    points: int  # points scored by ``winner`` (only a winning Builder scores)
    game_won: bool  # a Builder won with the six showing


def resolve_round(cards: Sequence[int], builder: int | None, die: int) -> Resolution:
    """Decide one round from the revealed cards (RULINGS.md, card duel, ruling 2-4)."""
    jokers = sum(1 for c in cards if c == JOKER)
    if jokers == 1:
        return Resolution(RoundKind.JOKER, None, None, DIE_START, 0, False)
    if jokers >= 2:
        if builder is None:
            return Resolution(RoundKind.JOKERS_TIE, None, None, die, 0, False)
        return _builder_wins(RoundKind.JOKERS_TIE, builder, die)
    top = max(cards)
    best = [i for i, c in enumerate(cards) if c == top]
    if builder is not None and builder in best:
        return _builder_wins(RoundKind.BUILDER_WINS, builder, die)
    if len(best) == 1:
        return Resolution(RoundKind.NEW_BUILDER, best[0], best[0], DIE_START, 0, False)
    if builder is not None:
        return Resolution(RoundKind.TIE_ABOVE, None, None, DIE_START, 0, False)
    return Resolution(RoundKind.CENTRE_TIE, None, None, die, 0, False)


def _builder_wins(kind: RoundKind, builder: int, die: int) -> Resolution:
    if die >= DIE_MAX:
        return Resolution(kind, builder, builder, die, die, True)
    return Resolution(kind, builder, builder, die + 1, die, False)


@dataclass(frozen=True)
class DuelState:
    rng: int
    phase: Phase
    hands: tuple[tuple[int, ...], ...]  # cards not yet revealed, lowest first
    committed: tuple[int | None, ...]  # this round's secret choices
    builder: int | None  # who has the die; None = the die is in the centre
    die: int
    scores: tuple[int, ...]
    history: tuple[RoundRecord, ...]
    end: EndReason | None = None

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def round(self) -> int:
        """The round being played (1..14), or the number of rounds played once over."""
        return len(self.history) + (0 if self.phase is Phase.OVER else 1)


@dataclass(frozen=True)
class DuelView:
    """What one seat may know (``seat`` None: a spectator). All hands are public knowledge;
    only this round's choices are secret, so ``committed`` says just who has chosen."""

    seat: int | None
    players: int
    phase: Phase
    round: int
    rounds: int
    hands: tuple[tuple[int, ...], ...]
    committed: tuple[bool, ...]
    my_choice: int | None
    builder: int | None
    die: int
    scores: tuple[int, ...]
    history: tuple[RoundRecord, ...]
    winners: tuple[int, ...] = ()
    end: EndReason | None = None

    @property
    def hand(self) -> tuple[int, ...]:
        return self.hands[self.seat] if self.seat is not None else ()


def describe_round(cards: Sequence[int], builder: int | None, res: Resolution) -> str:
    """One log line for a resolved round."""
    shown = ", ".join(f"P{i + 1} {card_text(c)}" for i, c in enumerate(cards))
    k = res.kind
    if k is RoundKind.JOKER:
        what = (
            "one Joker: the die returns to the centre"
            if builder is not None
            else "one Joker: nothing happens"
        )
    elif k is RoundKind.CENTRE_TIE:
        what = "a tie with the die in the centre: nobody becomes Builder"
    elif k is RoundKind.TIE_ABOVE:
        what = f"a tie above the Builder: player {builder + 1} loses the title, the die returns to the centre"
    elif k is RoundKind.NEW_BUILDER:
        what = f"player {res.winner + 1} becomes Builder, the die set to 1"
    elif k is RoundKind.JOKERS_TIE and res.winner is None:
        what = "two Jokers: a tie, the die stays in the centre"
    else:
        why = "two Jokers tie, so the Builder" if k is RoundKind.JOKERS_TIE else "the Builder"
        what = f"{why} player {res.winner + 1} wins and scores {res.points}"
        if res.game_won:
            what += " with the six showing, and wins the game"
    return f"{shown}: {what}"
