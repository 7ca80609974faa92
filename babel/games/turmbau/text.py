"""A sentence for each move, for menus, tooltips and the coach (the text form saves keep is in
``actions``)."""

from __future__ import annotations

from babel.games.turmbau import actions as A
from babel.games.turmbau import data
from babel.games.turmbau.data import Counts


def _words(c: Counts) -> str:
    parts = [f"{n} {data.KIND_NAMES[k].lower()}" for k, n in enumerate(c) if n]
    return ", ".join(parts) if parts else "no cards"


def describe(action: A.Action) -> str:
    if isinstance(action, A.Pass):
        return "Pass: draw a card, then everyone draws one"
    if isinstance(action, A.Build):
        return f"Build on the {data.WONDER_NAMES[action.wonder]} (disc {action.slot + 1})"
    if isinstance(action, A.Offer):
        if action.empty and not action.triple:
            return "Make no offer"
        text = f"Offer {_words(action.cards)}"
        if action.trade:
            text += " with the trading card"
        if action.triple:
            text += " and play Triple bonus"
        return text
    if isinstance(action, A.Select):
        who = ", ".join(f"player {s + 1}" for s in action.seats) if action.seats else "nobody"
        text = f"Invite {who} and complete the disc"
        if sum(action.wild):
            text += f" (Joker as {_words(action.wild)})"
        return text
    if isinstance(action, A.Decline):
        return "Leave the disc unfulfilled"
    if isinstance(action, A.Redraw):
        return f"Card trade: exchange {_words(action.cards)}"
    if isinstance(action, A.Draw3):
        return "Card draw: take three building cards"
    if isinstance(action, A.Double):
        return "Double turn: take two turns in a row"
    return A.action_text(action)
