"""Babel Builders: the hidden-role tower game for 5-10 players (rulebook 1.0 + RULINGS.md).

Modules: ``cards`` (card ids, the grid, the blueprint data), ``model`` (state and view dataclasses,
phases, roles, event kinds), ``actions`` (the moves, their text and parser), ``rules`` (the
``Rules`` class), ``phases`` (what each move does), ``invariants``, ``sampling`` (redrawing hidden
information), ``blueprints`` (custom blueprints saved in the user data folder, and the setup
screen's choices), ``belief`` (suspicion from public evidence), ``bots`` and ``coach``.
"""

from __future__ import annotations

from babel.games.builders.bots import BOTS
from babel.games.builders.rules import RULES

__all__ = ["BOTS", "RULES"]
