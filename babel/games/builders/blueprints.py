"""Babel Builders: custom blueprints (the blueprint editor's backend) and the setup choices.

The box's three blank blueprints become an editor (ruling 11): a player designs a blueprint
(each cell 0-9 blocks, at most 20 in all) and saves it under a name. Saved blueprints live in one
JSON file in the user data folder, written atomically. A game never reads this file: the setup
screen turns the chosen blueprint into the option value ``custom:<nine digits>``, so the config
(and therefore every save and replay) carries the blueprint itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from babel.core import paths
from babel.core.jsonfile import read_json, write_json_atomic
from babel.core.names import clean_text, visible
from babel.games.builders.cards import (
    PRINTED_BLUEPRINTS,
    Blueprint,
    blueprint_text,
    custom_key,
    validate_cells,
)

FILE_NAME = "builders_blueprints.json"
FORMAT = "babel-builders-blueprints"
VERSION = 1
MAX_NAME = 40
MAX_SAVED = 100


class BlueprintError(ValueError):
    """A custom blueprint that cannot be saved (bad name, bad cells, too many)."""


@dataclass(frozen=True)
class Choice:
    """One entry of the setup screen's blueprint list."""

    value: str  # the option value for Config (``random``, ``published``, ``edition-3``, ``custom:...``)
    label: str
    source: str  # "random", "published", "edition" (marked as the edition's own) or "custom"
    cells: tuple[int, ...] = ()


def storage_path() -> Path:
    return paths.data_dir() / FILE_NAME


def _clean_name(name: str) -> str:
    if not isinstance(name, str):
        raise BlueprintError("a blueprint name must be text")
    if len(name) > MAX_NAME * 4:
        raise BlueprintError(f"a blueprint name has at most {MAX_NAME} characters")
    name = clean_text(name, MAX_NAME * 4)  # no control or invisible characters
    if not name or not visible(name):
        raise BlueprintError("a blueprint needs a name")
    if len(name) > MAX_NAME:
        raise BlueprintError(f"a blueprint name has at most {MAX_NAME} characters")
    return name


def load_custom(path: Path | None = None) -> list[Blueprint]:
    """Saved custom blueprints, in saving order; a missing or unreadable file gives none, and
    entries that are not valid blueprints are skipped (a hand-edited file cannot break setup)."""
    path = path or storage_path()
    try:
        data = read_json(path)
    except (OSError, ValueError):
        return []
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return []
    entries = data.get("blueprints", [])
    out: list[Blueprint] = []
    seen: set[str] = set()
    for entry in entries[: MAX_SAVED * 2] if isinstance(entries, list) else []:
        if not isinstance(entry, dict):
            continue
        try:
            name = _clean_name(entry["name"])
            cells = validate_cells(tuple(entry["cells"]))
        except (KeyError, TypeError, ValueError):
            continue
        if name.lower() in seen:
            continue
        seen.add(name.lower())
        out.append(Blueprint(custom_key(cells), name, cells, "custom"))
    return out


def _write(blueprints: list[Blueprint], path: Path) -> None:
    data = {
        "format": FORMAT,
        "version": VERSION,
        "blueprints": [{"name": bp.name, "cells": list(bp.cells)} for bp in blueprints],
    }
    write_json_atomic(path, data)


def save_custom(name: str, cells: tuple[int, ...] | list[int], path: Path | None = None) -> Blueprint:
    """Save (or overwrite, by name) a custom blueprint; raises BlueprintError when invalid."""
    path = path or storage_path()
    name = _clean_name(name)
    try:
        cells = validate_cells(tuple(cells))
    except ValueError as exc:
        raise BlueprintError(str(exc)) from None
    saved = [bp for bp in load_custom(path) if bp.name.lower() != name.lower()]
    if len(saved) >= MAX_SAVED:
        raise BlueprintError(f"at most {MAX_SAVED} custom blueprints can be saved")
    bp = Blueprint(custom_key(cells), name, cells, "custom")
    _write(saved + [bp], path)
    return bp


def delete_custom(name: str, path: Path | None = None) -> bool:
    """Remove a saved blueprint by name; False when there was none."""
    path = path or storage_path()
    saved = load_custom(path)
    kept = [bp for bp in saved if bp.name.lower() != str(name).strip().lower()]
    if len(kept) == len(saved):
        return False
    _write(kept, path)
    return True


def setup_choices(path: Path | None = None) -> list[Choice]:
    """The setup screen's list: random, the published blueprint, the edition's own eight (marked
    as such), then the saved custom ones."""
    out = [Choice("random", "Random printed blueprint", "random")]
    for bp in PRINTED_BLUEPRINTS:
        mark = "published" if bp.source == "published" else "this edition's own"
        out.append(Choice(bp.key, f"{bp.name}: {blueprint_text(bp.cells)} [{mark}]", bp.source, bp.cells))
    for bp in load_custom(path):
        out.append(Choice(bp.key, f"{bp.name}: {blueprint_text(bp.cells)} [custom]", "custom", bp.cells))
    return out
