"""The built-in games. Each line below registers one game; nothing is found by scanning."""

from __future__ import annotations


def register_builtin_games() -> None:
    from babel.core.registry import register  # noqa: F401  (used as games are added)
