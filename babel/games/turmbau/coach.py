"""Der Turmbau's coach: the strongest bot's move for this seat, and what it is for.

The bot sees only this seat's view (its own hand, discs and action cards; the others' hands
only by size and by the cards seen returning), so the advice cannot use anyone's secrets.
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.core.coach import Advice, sentence, strongest_choice
from babel.games.turmbau import data
from babel.games.turmbau.actions import Build, Decline, Double, Draw3, Offer, Pass, Redraw, Select
from babel.games.turmbau.model import TurmbauView
from babel.games.turmbau.rules import RULES
from babel.games.turmbau.text import describe


def advise(view: TurmbauView, legal: Sequence) -> Advice:
    action = strongest_choice(RULES, view, legal)
    return action, sentence(describe(action), reason(view, action))


def reason(view: TurmbauView, action) -> str:
    if isinstance(action, Pass):
        return f"your {sum(view.hand)} cards are worth more on a later disc; everyone draws, you draw two"
    if isinstance(action, Build):
        return (
            f"the {data.WONDER_NAMES[action.wonder]} disc is the best one for your hand: the others "
            "must offer cards, and you choose whom to invite"
        )
    if isinstance(action, Offer):
        if action.empty and not action.triple:
            return "sharing this disc gains you less than your cards are worth later"
        return "if the builder invites you, these cards win you a share of the disc's points"
    if isinstance(action, Select):
        if not action.seats:
            return "your own cards complete the disc, so you keep all its points"
        return "these offers complete the disc while giving the fewest points to your rivals"
    if isinstance(action, Decline):
        return "no choice of offers completes the disc"
    if isinstance(action, Redraw):
        return "these cards fit no wonder you can still build; fresh ones may"
    if isinstance(action, Draw3):
        return "three more building cards let you fill a bigger disc"
    if isinstance(action, Double):
        return "two turns in a row let you build twice before the others can answer"
    return ""
