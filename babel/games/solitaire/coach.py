"""The solitaire's coach: the fair hint (judged over sampled orders of the unseen pieces)."""

from __future__ import annotations

from collections.abc import Sequence

from babel.core.coach import Advice
from babel.games.solitaire import hints
from babel.games.solitaire.actions import Action
from babel.games.solitaire.model import SolitaireView


def advise(view: SolitaireView, legal: Sequence[Action]) -> Advice:
    h = hints.hint(view)
    return h.action, h.text
