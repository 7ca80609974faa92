"""The duel's one kind of move, ``Play(card)``, and its text form: ``play 7``, ``play 10``,
``play J``, ``play A``, ``play JK`` (saves store this text, so it never changes)."""

from __future__ import annotations

from dataclasses import dataclass

from babel.core.protocol import ActionTextError
from babel.games.duel.model import card_name, card_text, parse_card


@dataclass(frozen=True, order=True)
class Play:
    """Commit ``card`` (2..14, or ``JOKER``) face down for this round."""

    card: int


Action = Play  # the duel has one kind of move


def action_text(action: Action) -> str:
    return f"play {card_text(action.card)}"


def parse_action(text: str) -> Action:
    """``play 7`` (or just ``7``); ``ActionTextError`` for text that names no card."""
    parts = text.split()
    if len(parts) == 1:
        parts = ["play", parts[0]]
    card = parse_card(parts[1]) if len(parts) == 2 and parts[0].lower() == "play" else None
    if card is None:
        raise ActionTextError(
            f"cannot read action '{text[:60]}': write 'play 7', 'play 10', 'play A' or 'play JK'"
        )
    return Play(card)


def describe(action: Action) -> str:
    return f"Play {card_name(action.card)}"
