"""Tower of Babel, the card duel (2-3 players): simultaneous card play for the Builder's die.

Modules: ``engine`` (the rules through the common protocol), ``fast`` (packed-integer random
games for benchmarks and the bots' rollouts), ``bots`` (random, heuristic and strong bots).
"""

from __future__ import annotations

from babel.games.duel.engine import DuelRules

RULES = DuelRules()

__all__ = ["RULES", "DuelRules"]
