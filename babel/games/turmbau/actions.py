"""The moves of Der Turmbau zu Babel, one frozen dataclass per kind, and their short text form
("build zeus 2", "offer ship:3 trade", "accept p2,p4 joker ship:2") used by logs, saves and tests.

The text form is what saves store: it must never change.
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.core.protocol import ActionTextError
from babel.games.turmbau import data
from babel.games.turmbau.data import ZERO, Counts


@dataclass(frozen=True, order=True)
class Pass:
    """Pass: draw one card, then everyone draws one."""


@dataclass(frozen=True, order=True)
class Build:
    """Put your column on ``wonder`` under the disc in ``slot`` and ask for offers."""

    wonder: int
    slot: int


@dataclass(frozen=True, order=True)
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


@dataclass(frozen=True, order=True)
class Select:
    """The active player's decision after the reveal: invite the offers of ``seats`` and fill
    up from hand; ``wild`` says how many card units of each kind Joker cards stand for."""

    seats: tuple[int, ...] = ()
    wild: Counts = ZERO

    @property
    def jokers(self) -> int:
        return sum(self.wild) // data.JOKER_UNITS


@dataclass(frozen=True, order=True)
class Decline:
    """Leave the disc unfulfilled: every offer counts as refused."""


@dataclass(frozen=True, order=True)
class Redraw:
    """Action card Card trade: discard these cards and draw as many."""

    cards: Counts


@dataclass(frozen=True, order=True)
class Draw3:
    """Action card Card draw: draw three building cards."""


@dataclass(frozen=True, order=True)
class Double:
    """Action card Double turn: take two turns in a row."""


Action = Pass | Build | Offer | Select | Decline | Redraw | Draw3 | Double


def counts_text(c: Counts) -> str:
    """Cards by kind in the text form: "ship:3 camel:1" (kinds with none left out)."""
    return " ".join(f"{data.KINDS[k]}:{n}" for k, n in enumerate(c) if n)


def action_text(action: Action) -> str:
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Build):
        return f"build {data.WONDER_KEYS[action.wonder]} {action.slot + 1}"
    if isinstance(action, Offer):
        tokens = [counts_text(action.cards)] if sum(action.cards) else []
        if action.trade:
            tokens.append("trade")
        if action.triple:
            tokens.append("triple")
        return "offer " + (" ".join(tokens) if tokens else "none")
    if isinstance(action, Select):
        who = ",".join(f"p{s + 1}" for s in action.seats) if action.seats else "none"
        text = f"accept {who}"
        if sum(action.wild):
            text += " joker " + counts_text(action.wild)
        return text
    if isinstance(action, Decline):
        return "decline"
    if isinstance(action, Redraw):
        return "redraw " + counts_text(action.cards)
    if isinstance(action, Draw3):
        return "draw3"
    if isinstance(action, Double):
        return "double"
    raise TypeError(f"not a Turmbau action: {action!r}")


def _parse_counts(tokens: list[str], text: str) -> Counts:
    out = [0] * data.NKINDS
    for tok in tokens:
        kind, _, num = tok.partition(":")
        if kind not in data.KINDS or not num.isdigit() or int(num) == 0:
            raise ActionTextError(
                f"cannot read '{tok[:30]}' in '{text[:60]}' (write kind:number, e.g. ship:3)"
            )
        out[data.KINDS.index(kind)] += int(num)
    return tuple(out)  # type: ignore[return-value]


def _parse_select(args: list[str], text: str) -> Select:
    who = args[0]
    seats: tuple[int, ...] = ()
    if who != "none":
        try:
            seats = tuple(int(p[1:]) - 1 for p in who.split(",") if p.startswith("p"))
        except ValueError:
            seats = ()
        if len(seats) != len(who.split(",")) or not seats:
            raise ActionTextError(f"cannot read the players in '{text[:60]}' (write p2,p4)")
    wild = ZERO
    if len(args) > 1:
        if args[1] != "joker" or len(args) < 3:
            raise ActionTextError(f"cannot read '{text[:60]}' (write accept p2 joker ship:2)")
        wild = _parse_counts(args[2:], text)
    return Select(seats, wild)


def parse_action(text: str) -> Action:
    """The action a text form stands for; ``ActionTextError`` for text that is none."""
    tokens = text.split()
    if not tokens:
        raise ActionTextError("empty action")
    verb, args = tokens[0], tokens[1:]
    simple = {"pass": Pass, "decline": Decline, "draw3": Draw3, "double": Double}
    if verb in simple and not args:
        return simple[verb]()
    if verb == "build" and len(args) == 2 and args[0] in data.WONDER_KEYS and args[1].isdigit():
        slot = int(args[1]) - 1
        if 0 <= slot < data.DISCS_PER_WONDER:
            return Build(data.WONDER_KEYS.index(args[0]), slot)
    if verb == "offer" and args:
        if args == ["none"]:
            return Offer()
        trade = "trade" in args
        triple = "triple" in args
        rest = [a for a in args if a not in ("trade", "triple")]
        if len(rest) + trade + triple == len(args):
            return Offer(_parse_counts(rest, text), trade, triple)
    if verb == "redraw" and args:
        return Redraw(_parse_counts(args, text))
    if verb == "accept" and args:
        return _parse_select(args, text)
    raise ActionTextError(f"cannot read action '{text[:60]}'")
