"""Babel On!: the 2-6 player dice-and-dexterity tower game (rules, physics, bots)."""

from __future__ import annotations

from babel.games.babel_on.engine import BabelOn

RULES = BabelOn()

__all__ = ["RULES", "BabelOn"]
