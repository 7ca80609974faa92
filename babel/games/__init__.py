"""The built-in games, listed by hand: nothing is discovered by scanning the package.

Each module exposes ``RULES``, an instance of its ``Rules`` subclass.
"""

from __future__ import annotations


def register_builtin_games() -> None:
    from babel.core.registry import register
    from babel.games import babel_on, builders, duel, solitaire, turmbau

    for module in (duel, solitaire, babel_on, turmbau, builders):
        register(module.RULES)
