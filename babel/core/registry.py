"""The registry of games: an explicit table of rules and their bots.

The built-in list is written out in ``babel.games.BUILTIN``; tests may register extra games (the
example game) for the duration of a test. Rules and bots are registered side by side, so a game's
rules module never needs to import its bots.
"""

from __future__ import annotations

import importlib

from babel.core.bots import Bot, BotRoster
from babel.core.protocol import Rules

_GAMES: dict[str, Rules] = {}
_BOTS: dict[str, BotRoster] = {}
_builtins_loaded = False


class UnknownGame(KeyError):
    """A game id that is not registered (for example in a save from a newer version)."""

    def __str__(self) -> str:
        return f"unknown game '{self.args[0]}'"


def _ensure_builtins() -> None:
    global _builtins_loaded
    if not _builtins_loaded:
        _builtins_loaded = True
        from babel.games import BUILTIN

        for name in BUILTIN:
            module = importlib.import_module(f"babel.games.{name}")
            register(module.RULES, module.BOTS)


def register(rules: Rules, bots: BotRoster) -> Rules:
    _GAMES[rules.info.id] = rules
    _BOTS[rules.info.id] = bots
    return rules


def unregister(game_id: str) -> None:
    _GAMES.pop(game_id, None)
    _BOTS.pop(game_id, None)


def get(game_id: str) -> Rules:
    _ensure_builtins()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None


def bots(game_id: str) -> BotRoster:
    """The bots of a registered game."""
    _ensure_builtins()
    try:
        return _BOTS[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None


def make_bot(game_id: str, level: str) -> Bot:
    """A fresh bot of ``level`` for the game; ``UnknownLevel`` names the levels there are."""
    return bots(game_id).make(level)


def all_games() -> list[Rules]:
    """Registered games in registration order."""
    _ensure_builtins()
    return list(_GAMES.values())
