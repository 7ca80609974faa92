"""Per-game additions to the setup screen, so setup.py never names a game.

A game may supply, for its setup screen:

- ``choices(option_key)``: the choices of an option read at the moment the screen is built (a
  list of ``(value, label)``), or None to keep the option's fixed ``Option.choices``. The setup
  screen rebuilds when it is uncovered, so a list that changes on another screen is refreshed.
- ``buttons``: extra buttons, ``(label, callback)``; the callback receives the setup scene.
- ``draw_preview(canvas, options, rect)``: a small preview of the options' current values (a
  dict), drawn in the free space of the options panel (``rect``, logical coordinates).
- ``help(option_key, value)``: the help under an option for the value now chosen (a switch says
  what On or Off does), or None to keep the option's own ``Option.help``.
- ``from_seats(seats)``: options that follow from who sits at the table (a dict), set when the
  game starts; their keys (``derived``) are not offered as steppers.

Extensions register themselves with ``register_extension`` when their module is imported; the
modules of the built-in extensions are listed by hand below (no discovery) and imported the
first time the setup screen asks.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

Choices = Sequence[tuple[Any, str]]


def _no_choices(option_key: str) -> Choices | None:
    return None


def _no_help(option_key: str, value: Any) -> str | None:
    return None


@dataclass(frozen=True)
class SetupExtension:
    choices: Callable[[str], Choices | None] = _no_choices
    buttons: tuple[tuple[str, Callable[[Any], None]], ...] = ()
    draw_preview: Callable[[Any, dict[str, Any], tuple[float, float, float, float]], None] | None = None
    help: Callable[[str, Any], str | None] = _no_help
    derived: tuple[str, ...] = ()  # option keys ``from_seats`` sets
    from_seats: Callable[[Sequence[Any]], dict[str, Any]] = lambda seats: {}


# The modules that register the built-in extensions (imported lazily, once).
BUILTIN_MODULES = ("scenes.launcher.blueprints", "scenes.launcher.babel_on_setup")

_EXTENSIONS: dict[str, SetupExtension] = {}
_loaded = False


def _load_builtin() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in BUILTIN_MODULES:
        importlib.import_module(name)


def register_extension(game_id: str, extension: SetupExtension) -> None:
    _EXTENSIONS[game_id] = extension


def unregister_extension(game_id: str) -> None:
    _EXTENSIONS.pop(game_id, None)


def extension_for(game_id: str) -> SetupExtension | None:
    _load_builtin()
    return _EXTENSIONS.get(game_id)


def dynamic_choices(game_id: str, option_key: str) -> list[tuple[Any, str]] | None:
    """The extension's choices for an option, without duplicate values (a stepper needs each
    value once; the first label wins), or None when the option keeps its fixed choices."""
    ext = extension_for(game_id)
    found = ext.choices(option_key) if ext is not None else None
    if not found:
        return None
    out: list[tuple[Any, str]] = []
    seen: set = set()
    for value, label in found:
        if value in seen:
            continue
        seen.add(value)
        out.append((value, str(label)))
    return out


def option_help(game_id: str, option: Any, value: Any) -> str:
    """The help shown under ``option`` while ``value`` is chosen: the extension's words for that
    value, else the option's own help."""
    ext = extension_for(game_id)
    found = ext.help(option.key, value) if ext is not None else None
    return found if found else option.help


def offered_options(game_id: str, options: Sequence[Any]) -> list[Any]:
    """The game's options the setup screen offers: all but those that follow from the seats."""
    ext = extension_for(game_id)
    derived = ext.derived if ext is not None else ()
    return [o for o in options if o.key not in derived]


def seat_options(game_id: str, seats: Sequence[Any]) -> dict[str, Any]:
    """The options that follow from the seats (the extension's ``from_seats``), else none."""
    ext = extension_for(game_id)
    return dict(ext.from_seats(seats)) if ext is not None else {}
