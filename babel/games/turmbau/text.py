"""A sentence for each move, for menus, tooltips and the coach (the text form saves keep is in
``actions``)."""

from __future__ import annotations

from babel.games.turmbau import data
from babel.games.turmbau.actions import (
    Action,
    Build,
    Decline,
    Double,
    Draw3,
    Offer,
    Pass,
    Redraw,
    Select,
    action_text,
)
from babel.games.turmbau.data import Counts


def _words(c: Counts) -> str:
    parts = [f"{n} {data.KIND_NAMES[k].lower()}" for k, n in enumerate(c) if n]
    return ", ".join(parts) if parts else "no cards"


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
