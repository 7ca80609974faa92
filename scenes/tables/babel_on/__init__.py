"""The Babel On! table: table (the scene), layout, draw, animate, words, art."""

from scenes.tables.babel_on.table import BabelOnTable

__all__ = ["BabelOnTable"]
