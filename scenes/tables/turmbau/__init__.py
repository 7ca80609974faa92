"""The table of Der Turmbau zu Babel: ``table`` (the scene: input to actions, the UI state),
``layout`` (where things lie), ``draw`` (the board, the hand, motion and tooltips), ``panels``
(the offer zone and the right column), ``sheet`` (the final score sheet), ``animate`` (events to
motion), ``art`` (the pieces), ``moves`` (legal moves by kind, previews) and ``words`` (what the
table says)."""

from scenes.tables.turmbau.table import TurmbauTable

__all__ = ["TurmbauTable"]
