"""The duel's pieces: one French suit per seat (spades, hearts, clubs), a red or black Joker."""

from __future__ import annotations

from babel.games.duel.model import JOKER, card_text
from scenes.widgets.cards import paint_french

SUITS = ("S", "H", "C")  # one full suit per seat


def face_code(seat: int, card: int) -> str:
    return "JK" + ("R" if seat == 1 else "B") if card == JOKER else f"{card_text(card)}{SUITS[seat]}"


def painter(seat: int):
    """The card painter of a seat's suit (its name keys the image cache)."""

    def paint(card, w, h, seat=seat):
        return paint_french(face_code(seat, card), w, h)

    paint.__name__ = f"duel-seat{seat}"
    return paint
