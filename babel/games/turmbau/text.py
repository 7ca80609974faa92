"""The short text form of actions ("build zeus 2", "offer ship:3 trade", "accept p2,p4"), used by
logs, saves and tests, plus a sentence for menus."""

from __future__ import annotations

from babel.core.protocol import IllegalAction
from babel.games.turmbau import data
from babel.games.turmbau.model import (
    ZERO,
    Action,
    Build,
    Counts,
    Decline,
    Double,
    Draw3,
    Offer,
    Pass,
    Redraw,
    Select,
)


def _counts_text(c: Counts) -> str:
    return " ".join(f"{data.KINDS[k]}:{n}" for k, n in enumerate(c) if n)


def _words(c: Counts) -> str:
    parts = [f"{n} {data.KIND_NAMES[k].lower()}" for k, n in enumerate(c) if n]
    return ", ".join(parts) if parts else "no cards"


def action_text(action: Action) -> str:
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Build):
        return f"build {data.WONDER_KEYS[action.wonder]} {action.slot + 1}"
    if isinstance(action, Offer):
        tokens = [_counts_text(action.cards)] if sum(action.cards) else []
        if action.trade:
            tokens.append("trade")
        if action.triple:
            tokens.append("triple")
        return "offer " + (" ".join(tokens) if tokens else "none")
    if isinstance(action, Select):
        who = ",".join(f"p{s + 1}" for s in action.seats) if action.seats else "none"
        text = f"accept {who}"
        if sum(action.wild):
            text += " joker " + _counts_text(action.wild)
        return text
    if isinstance(action, Decline):
        return "decline"
    if isinstance(action, Redraw):
        return "redraw " + _counts_text(action.cards)
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
            raise IllegalAction(f"cannot read '{tok}' in '{text}' (write kind:number, e.g. ship:3)")
        out[data.KINDS.index(kind)] += int(num)
    return tuple(out)  # type: ignore[return-value]


def parse_action(text: str) -> Action:
    tokens = text.split()
    if not tokens:
        raise IllegalAction("empty action")
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
        who = args[0]
        seats: tuple[int, ...] = ()
        if who != "none":
            try:
                seats = tuple(int(p[1:]) - 1 for p in who.split(",") if p.startswith("p"))
            except ValueError:
                seats = ()
            if len(seats) != len(who.split(",")) or not seats:
                raise IllegalAction(f"cannot read the players in '{text}' (write p2,p4)")
        wild = ZERO
        if len(args) > 1:
            if args[1] != "joker" or len(args) < 3:
                raise IllegalAction(f"cannot read '{text}' (write accept p2 joker ship:2)")
            wild = _parse_counts(args[2:], text)
        return Select(seats, wild)
    raise IllegalAction(f"cannot read action '{text}'")


def describe(action: Action) -> str:
    if isinstance(action, Pass):
        return "Pass: draw a card, then everyone draws one"
    if isinstance(action, Build):
        return f"Build on the {data.WONDER_NAMES[action.wonder]} (disc {action.slot + 1})"
    if isinstance(action, Offer):
        if action.empty and not action.triple:
            return "Make no offer"
        text = f"Offer {_words(action.cards)}"
        if action.trade:
            text += " with the trading card"
        if action.triple:
            text += " and play Triple bonus"
        return text
    if isinstance(action, Select):
        who = ", ".join(f"player {s + 1}" for s in action.seats) if action.seats else "nobody"
        text = f"Invite {who} and complete the disc"
        if sum(action.wild):
            text += f" (Joker as {_words(action.wild)})"
        return text
    if isinstance(action, Decline):
        return "Leave the disc unfulfilled"
    if isinstance(action, Redraw):
        return f"Card trade: exchange {_words(action.cards)}"
    if isinstance(action, Draw3):
        return "Card draw: take three building cards"
    if isinstance(action, Double):
        return "Double turn: take two turns in a row"
    return action_text(action)
