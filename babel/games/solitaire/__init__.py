"""Tower of Babel solitaire (piecepack tiles) with Accordion (52 cards) as a variant.

Modules: ``deals`` (decks, piece codes, numbered deals), ``engine`` (the rules), ``solver``
(fewest stacks reachable, with a line of play), ``hints`` (fair hints, "still winnable?", the
after-game analysis), ``bots`` and ``stats`` (statistics kept in the user data folder).
"""

from __future__ import annotations

from babel.games.solitaire.engine import SolitaireRules

RULES = SolitaireRules()

__all__ = ["RULES", "SolitaireRules"]
