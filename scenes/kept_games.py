"""The screens' side of the games in progress: how one is described, and what is asked before a
new game (from the setup screen, or a solitaire's new deal) would take the place of the oldest
one kept.

The shelf itself (``babel.core.in_progress``) never drops a game; the only way one leaves it
unfinished is a player's answer here or in the list of games in progress.
"""

from __future__ import annotations

import datetime
import time
from collections.abc import Callable

from babel.core import registry, saves
from babel.core.in_progress import KeptGame, describe


def title_of(game_id: str) -> str:
    try:
        return registry.get(game_id).info.title
    except registry.UnknownGame:
        return game_id


def when(mtime: float, now: float | None = None) -> str:
    """A file time as a player reads it: 'today 14:05', 'yesterday 09:12', '3 Nov 2026 14:05'."""
    try:
        then = datetime.datetime.fromtimestamp(mtime)
        today = datetime.datetime.fromtimestamp(time.time() if now is None else now).date()
    except (OverflowError, OSError, ValueError):
        return "at an unknown time"
    if then.date() == today:
        return f"today {then:%H:%M}"
    if then.date() == today - datetime.timedelta(days=1):
        return f"yesterday {then:%H:%M}"
    return f"{then.day} {then:%b %Y %H:%M}"


def line_for(game: KeptGame) -> str:
    """Who plays, how far, when it was last played: one line under a game's title."""
    return f"{describe(game.record)}  ·  {when(game.mtime)}"


def limit_of(app) -> int:
    return app.settings.keep_games


def start_new(app, begin: Callable[[], None], store: saves.SaveStore | None = None) -> None:
    """Run ``begin`` (which starts a new game); when as many games are in progress as the
    settings keep, ask first whether the oldest may go, naming it."""
    from scenes.widgets.confirm import ConfirmDialog

    store = store or saves.SaveStore()
    kept = store.in_progress()
    limit = limit_of(app)
    if len(kept) < limit:
        begin()
        return
    going = kept[limit - 1 :]  # the oldest, and any beyond a limit lowered since

    def let_go_and_begin() -> None:
        for game in going:
            store.shelf.discard(game.path)
        begin()

    if len(going) == 1:
        game = going[0]
        detail = (
            f"{limit} games in progress are kept. Starting this one lets the oldest go: "
            f"{title_of(game.record.game)}, {line_for(game)}."
        )
    else:
        detail = (
            f"{limit} games in progress are kept. Starting this one lets the {len(going)} oldest go, "
            f"the newest of them {title_of(going[0].record.game)}, {line_for(going[0])}."
        )
    app.push(ConfirmDialog("Let the oldest game go?", detail, "Start", let_go_and_begin, no="Cancel"))
