"""Babel Builders' moves: one frozen dataclass per kind of move, their text form and its parser.

The text form is what saves and logs store ("appoint 2 4 5", "play 12 discard 30", "pass",
"take 7 give 3", "reveal 7", "place B2", "strike A1", "deliberate 3", "master 4", "seal none",
"punish 2", for the Seal phase's steps "declare use", "declare none", "suspect 3", "say
nothing", "seal 3", and for table talk "talk suspect 3", "talk trust 2", "talk hurt 4", "talk shun 5",
"talk nothing"); it must never change. Seats are 0-based here and 1-based in the text.
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.core.protocol import ActionTextError
from babel.games.builders import cards as C


@dataclass(frozen=True, order=True)
class Appoint:
    """The Master appoints these seats (sorted)."""

    seats: tuple[int, ...]


@dataclass(frozen=True, order=True)
class Play:
    """An appointed player's secret choice: the card handed to the Master and the card discarded.

    ``Play(None, None)`` is the pass of a player holding no card it may hand in."""

    card: int | None
    discard: int | None = None


@dataclass(frozen=True, order=True)
class Swap:
    """The Master's swap: the received card taken, and the hand card given up (None: nothing)."""

    take: int
    give: int | None = None


@dataclass(frozen=True, order=True)
class Reveal:
    card: int


@dataclass(frozen=True, order=True)
class Place:
    cell: int


@dataclass(frozen=True, order=True)
class Strike:
    cell: int


@dataclass(frozen=True, order=True)
class Deliberate:
    seat: int


@dataclass(frozen=True, order=True)
class PassToken:
    """The Master passes the token to ``seat`` (text "master N")."""

    seat: int


@dataclass(frozen=True, order=True)
class Declare:
    """Seal step 1, every seat's secret turn: whether it uses a Seal (text "declare use"/"declare none")."""

    use: bool


@dataclass(frozen=True, order=True)
class Say:
    """Seal step 2, a public statement: the seat one takes for the Messenger, or None to say
    nothing (text "suspect N" / "say nothing"). No role or hand claim can be made."""

    suspect: int | None


@dataclass(frozen=True, order=True)
class Seal:
    """Seal step 3, a declared user's secret target (text "seal N"; "seal none" is the old
    one-step phase's pass, read but no longer legal)."""

    target: int | None


TALK_KINDS = ("suspect", "trust", "hurt", "shun")  # the statements that name a seat
TALK_NOTHING = "nothing"


@dataclass(frozen=True, order=True)
class Talk:
    """Table talk at the start of a round (option "talk"), a public statement: "suspect" (I
    suspect X), "trust" (I trust X), "hurt" (X's card hurt the tower), "shun" (I will not appoint
    X), or "nothing" with no subject. No role or hand claim can be made (ruling 10)."""

    kind: str
    subject: int | None = None


@dataclass(frozen=True, order=True)
class Punish:
    seat: int


Action = (
    Appoint
    | Play
    | Swap
    | Reveal
    | Place
    | Strike
    | Deliberate
    | PassToken
    | Talk
    | Declare
    | Say
    | Seal
    | Punish
)
ACTION_TYPES = (
    Appoint,
    Play,
    Swap,
    Reveal,
    Place,
    Strike,
    Deliberate,
    PassToken,
    Talk,
    Declare,
    Say,
    Seal,
    Punish,
)
SEAT_MOVES = (Deliberate, PassToken, Say, Seal, Punish)  # moves that point at one seat
CELL_MOVES = (Place, Strike)  # moves that point at one cell of the base


def seat_text(seat: int) -> str:
    return f"seat {seat + 1}"


def target_of(action: Action) -> int | None:
    """The seat a seat move points at (None for "seal none" and other moves)."""
    if isinstance(action, Seal):
        return action.target
    if isinstance(action, Say):
        return action.suspect
    if isinstance(action, Talk):
        return action.subject
    if isinstance(action, Deliberate | PassToken | Punish):
        return action.seat
    return None


def action_text(action: Action) -> str:
    match action:
        case Appoint(seats):
            return "appoint " + " ".join(str(s + 1) for s in seats)
        case Play(None, _):
            return "pass"
        case Play(card, discard):
            return f"play {card}" + (f" discard {discard}" if discard is not None else "")
        case Swap(take, give):
            return f"take {take}" + (f" give {give}" if give is not None else "")
        case Reveal(card):
            return f"reveal {card}"
        case Place(cell):
            return f"place {C.CELL_NAMES[cell]}"
        case Strike(cell):
            return f"strike {C.CELL_NAMES[cell]}"
        case Deliberate(seat):
            return f"deliberate {seat + 1}"
        case PassToken(seat):
            return f"master {seat + 1}"
        case Talk(kind, None):
            return f"talk {kind}"
        case Talk(kind, subject):
            return f"talk {kind} {subject + 1}"
        case Declare(use):
            return "declare use" if use else "declare none"
        case Say(suspect):
            return "say nothing" if suspect is None else f"suspect {suspect + 1}"
        case Seal(target):
            return "seal none" if target is None else f"seal {target + 1}"
        case Punish(seat):
            return f"punish {seat + 1}"
    raise TypeError(f"not a Babel Builders action: {action!r}")


def _card_pair(nums: list[str], word: str) -> tuple[int, int | None]:
    """ "N" or "N <word> M" (play ... discard ..., take ... give ...)."""
    if len(nums) == 1:
        return int(nums[0]), None
    if len(nums) == 3 and nums[1] == word:
        return int(nums[0]), int(nums[2])
    raise ValueError


def _parse_talk(words: list[str]) -> Talk:
    """ "talk nothing" or "talk <kind> N"."""
    if words == [TALK_NOTHING]:
        return Talk(TALK_NOTHING, None)
    if len(words) == 2 and words[0] in TALK_KINDS:
        return Talk(words[0], int(words[1]) - 1)
    raise ValueError


# What each statement says, for menus, logs and the coach ({x}: the seat named).
TALK_WORDS = {
    "suspect": "I suspect {x}",
    "trust": "I trust {x}",
    "hurt": "{x}'s card hurt the tower",
    "shun": "I will not appoint {x}",
    "nothing": "Nothing to say",
}


def talk_line(kind: str, subject: int | None, name: str | None = None) -> str:
    """The words of a statement, naming the subject by ``name`` (default "seat N")."""
    x = name if name is not None else (seat_text(subject) if subject is not None else "")
    return TALK_WORDS[kind].format(x=x)


def _parse(verb: str, nums: list[str]) -> Action:
    if verb == "appoint" and nums:
        return Appoint(tuple(int(x) - 1 for x in nums))
    if verb == "pass" and not nums:
        return Play(None, None)
    if verb == "play":
        return Play(*_card_pair(nums, "discard"))
    if verb == "take":
        return Swap(*_card_pair(nums, "give"))
    if verb == "say" and nums == ["nothing"]:
        return Say(None)
    if verb == "talk":
        return _parse_talk(nums)
    if verb == "declare" and len(nums) == 1 and nums[0] in ("use", "none"):
        return Declare(nums[0] == "use")
    if len(nums) != 1:
        raise ValueError
    word = nums[0]
    one_seat = {"deliberate": Deliberate, "master": PassToken, "punish": Punish, "suspect": Say}
    if verb in one_seat:
        return one_seat[verb](int(word) - 1)
    if verb == "reveal":
        return Reveal(int(word))
    if verb == "place":
        return Place(C.cell_index(word))
    if verb == "strike":
        return Strike(C.cell_index(word))
    if verb == "seal":
        return Seal(None if word == "none" else int(word) - 1)
    raise ValueError


def parse_action(text: str) -> Action:
    """The action a text form names; ``ActionTextError`` for text that is none."""
    parts = text.strip().split() if isinstance(text, str) else []
    try:
        if parts:
            return _parse(parts[0], parts[1:])
    except ValueError:
        pass
    raise ActionTextError(f"cannot read action '{text}'")


def describe(action: Action) -> str:
    """A sentence for menus, tooltips and the coach."""
    match action:
        case Appoint(seats):
            return "Appoint " + ", ".join(seat_text(s) for s in seats)
        case Play(None, _):
            return "Play nothing (no card you may play)"
        case Play(card, discard):
            text = f"Play {C.card_name(card)}"
            return text + (
                f", discard {C.card_name(discard)}" if discard is not None else ", discard nothing"
            )
        case Swap(take, give):
            text = f"Take {C.card_name(take)}"
            return text + (f", give up {C.card_name(give)}" if give is not None else "")
        case Reveal(card):
            return f"Reveal {C.card_name(card)}"
        case Place(cell):
            return f"Build on {C.CELL_NAMES[cell]}"
        case Strike(cell):
            return f"Lightning strikes {C.CELL_NAMES[cell]}"
        case Deliberate(seat):
            return f"Reveal the discard of {seat_text(seat)}"
        case PassToken(seat):
            return f"Pass the Master token to {seat_text(seat)}"
        case Talk(kind, subject):
            return "Say nothing" if subject is None else f'Say "{talk_line(kind, subject)}"'
        case Declare(use):
            return "Declare that you use a Seal" if use else "Use no Seal"
        case Say(suspect):
            return (
                "Say nothing" if suspect is None else f"Say you take {seat_text(suspect)} for the Messenger"
            )
        case Seal(target):
            return "Use no Seal" if target is None else f"Seal {seat_text(target)}"
        case Punish(seat):
            return f"Give Divine Punishment to {seat_text(seat)}"
    return action_text(action)
