"""Tower of Babel, the card duel (2-3 players): simultaneous card play for the Builder's die.

Modules: ``model`` (cards, state, views, event kinds, how a round is decided), ``actions`` (the
move and its text form), ``rules`` (the rules through the common protocol), ``invariants`` (the
checks of a state), ``sampling`` (hidden-state redraws), ``bots`` (the levels), ``coach`` (hints),
``fast`` (packed-integer random games for benchmarks and the three-player rollouts), ``panel``
(fixed patterns of play), ``adapt`` (reading habits), ``matrix`` (matrix-game solvers),
``public2`` (the two-player public state and its exact solution), ``values`` (the learned
two-player value table, ``values2.json``, made by ``tools/duel_train.py``), ``three``
(three-player round values), ``habit_search`` (the three-player expert's play-outs against
opponents whose habits it has read), ``rivals3`` (the odds that a three-player rival plays as the
expert or as steady, from its revealed cards).
"""

from __future__ import annotations

from babel.games.duel.bots import BOTS
from babel.games.duel.rules import RULES

__all__ = ["BOTS", "RULES"]
