"""The player's keys at the tables, applied at once (Settings, Keys; ``babel.core.keybindings``).

The tables keep their own default keys in their code; a rebound key is turned into the default
key it stands for before the table sees it (``translate``), and a default key whose action has
moved to another key does nothing there. Help lines, button labels, the coach and the lessons
print ``label(action)``, so they say the key that works now.
"""

from __future__ import annotations

import re

import pygame

from babel.core import keybindings as kb


class _Bound:
    """The bindings in force: one set for the whole app (the settings' ``keys``)."""

    keys: dict[str, str] = {}


def apply(bindings: dict[str, str]) -> None:
    _Bound.keys = dict(bindings)


def binding(action_id: str) -> str:
    return _Bound.keys.get(action_id, kb.default_of(action_id))


def label(action_id: str) -> str:
    """The key of ``action_id`` as help prints it: "H", "Ctrl+Z"."""
    return kb.label(binding(action_id))


def code(action_id: str) -> int:
    """The pygame key code the player presses for ``action_id`` (without its Ctrl)."""
    return pygame.key.key_code(kb.plain(binding(action_id)))


def name_of(key: int) -> str | None:
    """A pygame key code as a binding names it ("h", "f5", "["), or None for a key with no name."""
    name = pygame.key.name(key)
    return name.lower() if name else None


def translate(event: pygame.event.Event, scope: str | None) -> pygame.event.Event | None:
    """A key event at the table of ``scope`` as the table's code knows it: a rebound key becomes
    its action's default key, a default key whose action has moved becomes nothing (None)."""
    if event.type not in (pygame.KEYDOWN, pygame.KEYUP) or not _Bound.keys:
        return event
    mod = getattr(event, "mod", 0)
    name = name_of(event.key)
    if name is None or mod & pygame.KMOD_ALT:
        return event
    pressed = ("ctrl+" if mod & pygame.KMOD_CTRL else "") + name
    moved_from = None
    for action_id, new in _Bound.keys.items():
        action = kb.BY_ID.get(action_id)
        if action is None or action.scope not in ("table", scope):
            continue
        if new == pressed:
            key = pygame.key.key_code(kb.plain(action.default))
            return pygame.event.Event(event.type, {**event.dict, "key": key})
        if action.default == pressed:
            moved_from = action_id
    return None if moved_from is not None else event


_PAREN = re.compile(r"\((Ctrl\+)?([A-Z])\)")
_TOKEN = re.compile(r"(?<![\w+])(Ctrl\+)?([A-Z])(?![\w+])")


def relabel(text: str, scope: str | None, loose: bool = False) -> str:
    """Words that name a table's default keys, naming the player's keys instead: "(P)" when
    Pass moved to G reads "(G)". ``loose``: a help line, where a key stands alone ("P pass",
    "E/O call"); else only a key in brackets changes (prompts hold players' names)."""
    if not _Bound.keys:
        return text
    moved = {}
    for action_id, new in _Bound.keys.items():
        action = kb.BY_ID.get(action_id)
        if action is not None and action.scope in ("table", scope):
            moved[kb.label(action.default)] = kb.label(new)

    def swap(m: re.Match) -> str:
        old = (m.group(1) or "") + m.group(2)
        new = moved.get(old)
        if new is None:
            return m.group(0)
        return m.group(0).replace(old, new)

    return (_TOKEN if loose else _PAREN).sub(swap, text)
