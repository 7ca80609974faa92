"""The built-in games, listed by hand: nothing is discovered by scanning the package.

Each game is a package ``babel.games.<id>`` that exposes ``RULES`` (its ``Rules``) and ``BOTS``
(its ``BotRoster``); ``babel.core.registry`` imports the ones named here, in menu order.
"""

from __future__ import annotations

BUILTIN: tuple[str, ...] = ("duel", "solitaire", "babel_on", "turmbau", "builders")
