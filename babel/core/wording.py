"""Counted nouns and articles for every text the games show (engines, coaches, tables), so no
screen or log says "1 stacks", "1 block(s)" or "a average". ``scenes.wording`` is this module."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``count(1, "block") == "1 block"``, ``count(3, "block") == "3 blocks"``."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def article(word: str) -> str:
    """``article("average") == "an average"``, ``article("shaky") == "a shaky"``."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word
