"""The built-in games, listed by hand: nothing is discovered by scanning the package.

Each module named in BUILTIN exposes ``RULES``, an instance of its ``Rules`` subclass.
"""

from __future__ import annotations

import importlib

BUILTIN = ("duel", "solitaire", "babel_on", "turmbau", "builders")


def register_builtin_games() -> None:
    from babel.core.registry import register

    for name in BUILTIN:
        module_name = f"{__name__}.{name}"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:  # that game is not part of this build yet
                continue
            raise
        rules = getattr(module, "RULES", None)
        if rules is not None:  # TEMP while games are being built in parallel
            register(rules)
