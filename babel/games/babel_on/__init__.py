"""Babel On!: the 2-6 player dice-and-dexterity tower game.

Modules: model (state, view, phases, event kinds), actions (the moves and their text),
rules (``RULES``: legality and apply), phases / turns / falls (the steps of a turn, its end,
knock-overs), structure (towers: Structure and Safety, Perfect Towers), physics (the only
pymunk user: ensembles and outcomes), preview (what a table asks before a move: targets, risk),
invariants, sampling, bots (``BOTS``), coach.
"""

from __future__ import annotations

from babel.games.babel_on.bots import BOTS
from babel.games.babel_on.rules import RULES

__all__ = ["BOTS", "RULES"]
