"""The duel's coach: the strongest bot's card for this seat, and why, from the public hands.

Every hand is public knowledge in the duel (only this round's choices are secret), so the reason
can name what the rivals still hold. Seats are written ``<P1>`` for the scene to fill in names.
The bot is reached only through the registry's roster (its levels may change).
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.core.coach import Advice, sentence, strongest_choice
from babel.games.duel.actions import Play
from babel.games.duel.model import JOKER, DuelView, card_name
from babel.games.duel.rules import RULES as _RULES


def advise(view: DuelView, legal: Sequence[Play]) -> Advice:
    action = strongest_choice(_RULES, view, legal)
    return action, sentence(f"Play {card_name(action.card)}", reason(view, action.card))


def _best(cards: Sequence[int]) -> int:
    ranked = [c for c in cards if c != JOKER]
    return max(ranked) if ranked else 0


def reason(view: DuelView, card: int) -> str:
    """One line on why ``card`` is a good play now, from the view only."""
    me = view.seat
    rivals = [s for s in range(view.players) if s != me]
    top = max(rivals, key=lambda s: _best(view.hands[s]))
    top_card = _best(view.hands[top])
    builder = view.builder
    die = view.die
    if card == JOKER:
        if builder is not None and builder != me:
            return f"one Joker sends <P{builder}>'s die, showing {die}, back to the centre"
        return "one Joker cancels the round, so nobody can take the die from you cheaply"
    if builder == me:
        if card >= top_card:
            six = " and wins the game" if die == 6 else ""
            return f"no card the others hold beats it (ties go to you), so it scores your {die}{six}"
        if any(c != JOKER and c > card for c in view.hand):
            return (
                f"<P{top}> still holds {card_name(top_card)}; keep your stronger cards for the rounds "
                "you can hold"
            )
        return (
            f"<P{top}> still holds {card_name(top_card)}, above your best card; the strongest bot mixes "
            "its plays here and drew this one, which keeps you hard to read"
        )
    if card > top_card:
        return "no card the others still hold can beat it, so you become the Builder"
    hand = [c for c in view.hand if c != JOKER]
    if hand and card == min(hand):
        return f"<P{top}> still holds {card_name(top_card)}, so throw away your lowest card and save the rest"
    return (
        f"<P{top}>'s best card left is {card_name(top_card)}; the strongest bot mixes its plays "
        "here and drew this one, which keeps you hard to read"
    )
