"""The card duel's table: ``table`` (the scene), ``layout``, ``draw``, ``animate``, ``art``."""

from scenes.tables.duel.table import DuelTable

__all__ = ["DuelTable"]
