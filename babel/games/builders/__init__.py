"""Babel Builders: the hidden-role tower game for 5-10 players (rulebook 1.0 + RULINGS.md).

Modules: ``cards`` (card ids, the grid, the blueprint data), ``model`` (state, action and view
dataclasses), ``engine`` (the rules), ``sampling`` (redrawing hidden information), ``blueprints``
(custom blueprints saved in the user data folder, and the setup screen's choices), ``belief``
(suspicion from public evidence) and ``bots``.
"""

from __future__ import annotations

from babel.games.builders.engine import BuildersRules

RULES = BuildersRules()

__all__ = ["RULES", "BuildersRules"]
