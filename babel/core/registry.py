"""The registry of games: an explicit table, filled by ``babel.games.register_builtin_games``.

No discovery by import side effects: the built-in list is written out in babel/games/__init__.py,
and tests may register extra games (the example game) for the duration of a test.
"""

from __future__ import annotations

from babel.core.protocol import Rules

_GAMES: dict[str, Rules] = {}
_builtins_loaded = False


class UnknownGame(KeyError):
    """A game id that is not registered (for example in a save from a newer version)."""

    def __str__(self) -> str:
        return f"unknown game '{self.args[0]}'"


def _ensure_builtins() -> None:
    global _builtins_loaded
    if not _builtins_loaded:
        _builtins_loaded = True
        from babel.games import register_builtin_games

        register_builtin_games()


def register(rules: Rules) -> Rules:
    _GAMES[rules.info.id] = rules
    return rules


def unregister(game_id: str) -> None:
    _GAMES.pop(game_id, None)


def get(game_id: str) -> Rules:
    _ensure_builtins()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None


def all_games() -> list[Rules]:
    """Registered games in registration order."""
    _ensure_builtins()
    return list(_GAMES.values())
