"""The solitaire's coach: the fair hint (judged over sampled orders of the unseen pieces)."""

from __future__ import annotations

from collections.abc import Sequence

from babel.core.coach import Advice
from babel.games.solitaire import hints
from babel.games.solitaire.engine import SolitaireAction, SolitaireView


def advise(view: SolitaireView, legal: Sequence[SolitaireAction]) -> Advice:
    h = hints.hint(view)
    return h.action, h.text
