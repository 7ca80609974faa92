"""Tower of Babel, the card duel (2-3 players): simultaneous card play for the Builder's die.

Modules: ``engine`` (the rules through the common protocol), ``fast`` (packed-integer random
games for benchmarks and the three-player rollouts), ``bots`` (the levels), ``panel`` (fixed
patterns of play), ``adapt`` (reading habits), ``matrix`` (matrix-game solvers), ``public2`` (the
two-player public state and its exact solution), ``values`` (the learned two-player value
table, ``values2.json``, made by ``tools/duel_train.py``), ``three`` (three-player round values).
"""

from __future__ import annotations

from babel.games.duel.engine import DuelRules

RULES = DuelRules()

__all__ = ["RULES", "DuelRules"]
