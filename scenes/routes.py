"""Screens that lower layers open by name: the table template, the pause menu and the window's
F1 key open the main menu, the game menu or the rules without importing the launcher, which
itself imports the tables (so no import circle runs through the screens).

The launcher provides them (``scenes.launcher.install_routes``); whoever opens a window (the
program's start, the test pilot, the tools) calls that once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MAIN_MENU, GAME_MENU, RULES, ASK_QUIT = "main_menu", "game_menu", "rules", "ask_quit"
REPLAY = "replay"  # a finished game's replay (scenes.replay): the end panel opens it
REVIEW = "review"  # the coach's review of a finished game (scenes.review_screen)

_ROUTES: dict[str, Callable[..., Any]] = {}


def provide(name: str, factory: Callable[..., Any]) -> None:
    _ROUTES[name] = factory


def make(name: str, *args: Any) -> Any:
    """A new scene of the named screen; a window opened without the launcher has none."""
    try:
        factory = _ROUTES[name]
    except KeyError:
        raise LookupError(f"no screen '{name}': call scenes.launcher.install_routes() first") from None
    return factory(*args)
