"""Der Turmbau zu Babel (Reiner Knizia): wonders, secret offers, majorities and disc sets.

Modules: ``data`` (the board's numbers, from board.json), ``actions`` (the moves and their text
form), ``model`` (state, view, event kinds), ``pieces`` (discs, action cards, count arithmetic),
``legality`` (who acts, legal moves, refusal reasons), ``work`` and ``phases`` (what each move
does), ``scoring`` (wonders and disc sets), ``invariants``, ``sampling`` (hidden-state redraws),
``rules`` (the ``Rules`` subclass), ``text`` (sentences for moves), ``bots`` and ``coach``.
"""

from __future__ import annotations

from babel.games.turmbau.bots import BOTS
from babel.games.turmbau.rules import RULES

__all__ = ["BOTS", "RULES"]
