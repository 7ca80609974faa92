"""Tower of Babel solitaire (piecepack tiles) with Accordion (52 cards) as a variant.

Modules: ``model`` (state, view, event kinds, the rules over the tops of the stacks), ``actions``
(draw, move, finish and their text form), ``rules`` (the rules through the common protocol),
``invariants`` (the checks of a state), ``sampling`` (redrawing the unseen pile), ``bots``,
``coach`` (hints for the table's coach), ``deals`` (decks, piece codes, numbered deals),
``solver`` (fewest stacks reachable, with a line of play), ``hints`` (fair hints, "still
winnable?", the after-game analysis) and ``stats`` (statistics kept in the user data folder).
"""

from __future__ import annotations

from babel.games.solitaire.bots import BOTS
from babel.games.solitaire.rules import RULES

__all__ = ["BOTS", "RULES"]
