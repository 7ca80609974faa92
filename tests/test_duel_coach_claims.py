"""The duel coach's reason for a Builder's card the rivals can beat tells the player to keep
stronger cards only when the hand really holds a stronger one: advising the King, the best
card in hand, with "keep your strong cards" was a false statement."""

from __future__ import annotations

from babel.games.duel.coach import reason
from babel.games.duel.model import JOKER, DuelView, Phase

KEEP = "keep your stronger cards"
HANDS = [(2, 5, 13), (13,), (4, 9, 13, JOKER), (3, 7, 10, 12), (6, 13)]


def _view(hand: tuple[int, ...]) -> DuelView:
    return DuelView(
        seat=0,
        players=2,
        phase=Phase.CHOOSE,
        round=3,
        rounds=14,
        hands=(hand, (2, 14)),
        committed=(False, False),
        my_choice=None,
        builder=0,
        die=3,
        scores=(0, 0),
        history=(),
    )


def test_keep_stronger_cards_only_when_the_hand_holds_one() -> None:
    for hand in HANDS:
        view = _view(hand)
        for card in hand:
            if card == JOKER:
                continue
            said = reason(view, card)
            stronger = any(c != JOKER and c > card for c in hand)
            assert (KEEP in said) == stronger, (hand, card, said)


def test_the_king_as_best_card_is_not_called_a_weak_one() -> None:
    said = reason(_view((2, 5, 13)), 13)
    assert "strong cards" not in said and "stronger cards" not in said
    assert "above your best card" in said
