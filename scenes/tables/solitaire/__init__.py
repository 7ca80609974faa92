"""The solitaire table: ``table`` (the scene), ``layout``, ``draw``, ``animate``, ``art``, and the
screens it opens, ``analysis`` and ``statistics``."""

from scenes.tables.solitaire.table import SolitaireTable

__all__ = ["SolitaireTable"]
