"""Babel Builders: the state and view dataclasses, the phases and roles, and the event kinds.

Kept apart from the rules so bots and scenes can import the value types without the engine
(the moves are in ``actions``).
Card ids index ``cards.CARDS``; seats are 0-based; cells are 0-8 (A1, B1, C1, A2, ... C3).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum

from babel.games.builders.cards import Blueprint


class Phase(Enum):
    TALK = "talk"  # table talk (option "talk"), rounds 2 on: one public statement a seat, from the Master
    APPOINT = "appoint"  # the Master appoints 3 or 4 players
    SELECT = "select"  # appointed players choose a card to play and one to discard (secret)
    SWAP = "swap"  # the Master's private check and mandatory swap
    REVEAL = "reveal"  # the Master chooses the next card to reveal
    PLACE = "place"  # the Master chooses the cell of an instruction card
    STRIKE = "strike"  # the Master breaks a tie for Lightning
    DELIBERATE = "deliberate"  # the Master chooses whose discard a Deliberation reveals
    PASS = "pass"  # the Master passes the token
    SEAL = "seal"  # Seal step 1: every seat declares secretly whether it uses a Seal; users revealed together
    DISCUSS = "discuss"  # Seal step 2: the table talks, one statement a seat (public)
    TARGET = "target"  # Seal step 3: every declared user chooses a target secretly; revealed together
    PUNISH = "punish"  # Zealots choose secretly where their Divine Punishment goes
    OVER = "over"


class Role(Enum):
    MESSENGER = "messenger"
    ARCHITECT = "architect"
    ZEALOT = "zealot"


class EventKind(StrEnum):
    """What an event says happened (the values are the kinds saves and logs have always held)."""

    SETUP = "setup"
    ROLE = "role"
    CONVERT = "convert"
    APPOINT = "appoint"
    CHOOSE = "choose"
    CHOOSE_CARDS = "choose_cards"
    HANDED = "handed"
    RECEIVED = "received"
    STORM = "storm"
    CONFIRMATION = "confirmation"
    NO_SWAP = "no_swap"
    SWAP = "swap"
    SWAP_CARDS = "swap_cards"
    REVEAL = "reveal"
    PLACE = "place"
    STRIKE = "strike"
    DELIBERATE = "deliberate"
    DRAW = "draw"
    DRAW_CARDS = "draw_cards"
    COMPLETE = "complete"
    DEPLETED = "depleted"
    PASS_MASTER = "pass_master"
    TALK = "talk"  # public: one seat's table-talk statement (option "talk")
    SEAL_PHASE = "seal_phase"
    SEAL_CHOSEN = "seal_chosen"
    SEAL_CHOICE = "seal_choice"
    SEAL_DECLARE = "seal_declare"  # private: this seat's own declaration
    SEAL_USERS = "seal_users"  # public: every declaration made, the users named together
    SAID = "said"  # public: one seat's statement in the Seal discussion
    TARGET_CHOSEN = "target_chosen"  # public: a declared user has chosen its target (not which)
    SEALS = "seals"
    ZEALOTS = "zealots"
    PUNISH_CHOSEN = "punish_chosen"
    PUNISH_CHOICE = "punish_choice"
    PUNISHMENTS = "punishments"
    MESSENGER = "messenger"
    RESULT = "result"
    TIMELINE = "timeline"


@dataclass(frozen=True)
class Commit:
    """An appointed player's secret choice: card played to the Master and card discarded (-1: none)."""

    play: int
    discard: int


@dataclass(frozen=True)
class Discard:
    """A card in a player's face-down discard area (ruling 12); ``swap`` marks the Master's swap."""

    card: int  # -1 in a view when the viewer may not see it
    round: int
    revealed: bool = False
    swap: bool = False


@dataclass(frozen=True)
class Conversion:
    """An Architect becoming a Zealot: when (round; 0 is the deal) and how (deal, draw, swap)."""

    seat: int
    round: int
    how: str


@dataclass(frozen=True)
class Effect:
    """A card resolved face up in a construction phase, and what it did (public)."""

    card: int
    kind: str
    void: bool = False  # an instruction card voided by a Storm
    cells: tuple[int, ...] = ()  # the cell built on, or the cells struck (one per block)
    blocks: int = 0  # blocks placed
    target: int = -1  # Deliberation: the seat whose discard was revealed
    shown: int = -1  # Deliberation: the card revealed


@dataclass(frozen=True)
class RoundLog:
    """One round as the table saw it. ``received`` is secret (the Master's own memory)."""

    round: int
    master: int
    appointed: tuple[int, ...] = ()
    hand_sizes: tuple[int, ...] = ()  # every seat's hand size when the players were appointed
    handed: tuple[int, ...] = ()  # appointed seats that handed a card to the Master
    discarded: tuple[int, ...] = ()  # appointed seats that discarded a card
    received_count: int = 0
    swapped: bool = False
    effects: tuple[Effect, ...] = ()
    next_master: int = -1
    received: tuple[int, ...] = ()  # secret: what the Master received


@dataclass(frozen=True)
class Result:
    team: str  # "architects" or "messenger"
    reason: str  # "sealed", "punishment", "depletion", "confirmation"
    seals_on_messenger: int = 0
    punishment_on_messenger: int = 0


# A table-talk statement: (round, seat, kind, subject) with kind one of ``actions.TALK_KINDS`` or
# "nothing" (subject None). Public: every seat's view holds all of them.
Statement = tuple[int, int, str, int | None]


@dataclass(frozen=True)
class BuildersState:
    rng: int
    players: int
    phase: Phase
    round: int
    master: int
    roles: tuple[Role, ...]
    conversions: tuple[Conversion, ...]
    blueprint: Blueprint
    base: tuple[int, ...]
    supply: int
    deck: tuple[int, ...]  # index 0 is the top
    hands: tuple[tuple[int, ...], ...]
    discards: tuple[tuple[Discard, ...], ...]
    resolved: tuple[int, ...]
    appointed: tuple[int, ...] = ()
    commits: tuple[Commit | None, ...] = ()
    face_down: tuple[int, ...] = ()  # cards with the Master still to reveal (after the check)
    storm: bool = False
    swap: tuple[int, ...] = ()  # (take, give) once the Master has swapped
    pending: int = -1  # the card being resolved (PLACE, STRIKE, DELIBERATE)
    strikes_left: int = 0
    cur: RoundLog | None = None
    log: tuple[RoundLog, ...] = ()
    seal_holders: tuple[int, ...] = ()  # secret: the seats holding a Seal when the Seal phase opened
    seal_declare: tuple[
        int, ...
    ] = ()  # secret until all declared: per seat -2 not yet, 0 no Seal used, 1 uses one
    seal_users: tuple[int, ...] = ()  # public once every seat declared: the seats using a Seal
    said: tuple[
        int, ...
    ] = ()  # public, the Seal discussion: per seat -2 not yet, -1 nothing, else the suspect
    seal_choice: tuple[int, ...] = ()  # per seat: -2 not chosen, -1 none (or no Seal), else target
    zealots_revealed: tuple[int, ...] = ()
    punish_choice: tuple[int, ...] = ()  # per seat: -2 not chosen, else target
    result: Result | None = None
    talk_on: bool = False  # the option "talk": a table-talk step opens every round from round 2
    talk: tuple[Statement, ...] = ()  # public: every table-talk statement made, in order


@dataclass(frozen=True)
class BuildersView:
    """Everything one seat may know, and everything a table scene draws for it."""

    seat: int | None
    players: int
    phase: Phase
    round: int
    master: int
    appoint_count: int
    blueprint: Blueprint
    base: tuple[int, ...]
    supply: int
    deck_size: int
    hand_sizes: tuple[int, ...]
    hand: tuple[int, ...]  # own hand (empty for spectators)
    role: Role | None  # own role (None for spectators)
    my_conversion: Conversion | None  # own conversion (secret to everyone else until the end)
    appointed: tuple[int, ...]
    committed: tuple[bool, ...]  # who has chosen this construction phase
    my_commit: Commit | None
    received_count: int  # cards handed to the Master this phase (public)
    received: tuple[int, ...]  # the cards themselves: the Master only (from the check on)
    face_down: tuple[int, ...]  # cards with the Master still to reveal: Master only
    face_down_count: int
    storm: bool
    swapped: bool
    my_swap: tuple[int, ...]  # (take, give): Master only
    pending: int
    strikes_left: int
    effects: tuple[Effect, ...]  # this phase's revealed cards, in order
    current: RoundLog | None  # this round so far (received only for its Master)
    discards: tuple[tuple[Discard, ...], ...]  # face-down per seat (card -1 unless own/revealed)
    resolved: tuple[int, ...]  # face-up resolved cards
    log: tuple[RoundLog, ...]  # past rounds (received only for rounds this seat was Master)
    seal_committed: tuple[bool, ...]  # who has taken their turn in this Seal step (declare: every seat)
    my_seal: int  # -2 not chosen, -1 none, else target
    my_declare: int  # -2 not declared, 0 no Seal used, 1 uses a Seal (own declaration only)
    seal_users: tuple[int, ...]  # the declared users, once every seat has declared (public)
    said: tuple[int, ...]  # the Seal discussion: per seat -2 not yet, -1 nothing, else the suspect; () before
    seals: tuple[int, ...]  # after the Seal phase: per seat the target of a used Seal, else -1 (or -2
    # when the phase was skipped); () before. A holder who did not use a Seal looks like any other seat.
    zealots: tuple[int, ...]  # revealed Zealots (Divine Punishment phase onwards)
    zealot_cards: tuple[int, ...]  # Divine Punishment cards each revealed Zealot holds
    punish_committed: tuple[bool, ...]
    my_punish: int
    punishments: tuple[int, ...]  # revealed targets per seat (at the end), else ()
    roles: tuple[Role, ...]  # all roles, at the end only
    conversions: tuple[Conversion, ...]  # all conversions, at the end only
    result: Result | None
    talk_on: bool = False  # the table talks at the start of every round from round 2 (option "talk")
    talk: tuple[Statement, ...] = ()  # every table-talk statement so far, (round, seat, kind, subject)
