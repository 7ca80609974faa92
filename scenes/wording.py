"""Small helpers for the words the tables show: counted nouns and articles, so no screen says
"1 block(s)" or "a average". They live in ``babel.core.wording`` (the engines' words use them
too); the tables import them from here."""

from __future__ import annotations

from babel.core.wording import article, count

__all__ = ["article", "count"]
