"""Which games have a table scene. The menu offers a game only if it has both an engine in the
registry and a table here; the list is written out by hand (no discovery)."""

from __future__ import annotations

from collections.abc import Callable

from babel.core import registry
from babel.core.match import Match
from babel.core.protocol import Rules
from babel.core.saves import SaveStore

TableFactory = Callable[[Match, SaveStore | None], object]

_TABLES: dict[str, TableFactory] = {}
_loaded = False


def _load_builtin() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    from scenes.tables.duel import DuelTable

    register_table("duel", DuelTable)
    from scenes.tables.solitaire import SolitaireTable

    register_table("solitaire", SolitaireTable)
    from scenes.tables.babel_on import BabelOnTable

    register_table("babel_on", BabelOnTable)
    from scenes.tables.turmbau import TurmbauTable

    register_table("turmbau", TurmbauTable)
    from scenes.tables.builders import BuildersTable

    register_table("builders", BuildersTable)


def register_table(game_id: str, factory: TableFactory) -> None:
    _TABLES[game_id] = factory


def unregister_table(game_id: str) -> None:
    _TABLES.pop(game_id, None)


def table_for(game_id: str) -> TableFactory:
    _load_builtin()
    return _TABLES[game_id]


def playable_games() -> list[Rules]:
    """Registered games that have a table, in registry order."""
    _load_builtin()
    return [r for r in registry.all_games() if r.info.id in _TABLES]
