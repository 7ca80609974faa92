"""Saved games: versioned, replayable action logs, written atomically.

A save holds game id, rules version, config, seed, seats and the action list, plus a digest of
the final state. Loading replays the actions through the rules and checks the digest, so a save
can never put a game into a state the rules would not reach. Every problem with a file becomes a
``SaveError`` whose message is fit to show a player.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.core import registry
from babel.core.jsonfile import read_json, write_json_atomic
from babel.core.match import Match, ReplayError, Seat
from babel.core.paths import data_dir
from babel.core.protocol import ConfigError

FORMAT = "babel-towers-save"
VERSION = 1
AUTOSAVE = "autosave.json"


class SaveError(Exception):
    """A save file that cannot be used; the message names the problem for the player."""


@dataclass(frozen=True)
class SaveRecord:
    game: str
    rules_version: int
    players: int
    options: dict[str, Any]
    seed: int
    seats: tuple[Seat, ...]
    actions: tuple[tuple[int, str], ...]
    digest: str
    label: str = ""
    over: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "config": {"players": self.players, "options": dict(self.options)},
            "seed": self.seed,
            "seats": [
                {"name": s.name, "bot": s.bot, **({} if s.colour is None else {"colour": s.colour})}
                for s in self.seats
            ],
            "actions": [[seat, text] for seat, text in self.actions],
            "digest": self.digest,
            "label": self.label,
            "over": self.over,
        }


def record_of(match: Match, label: str = "") -> SaveRecord:
    return SaveRecord(
        game=match.rules.info.id,
        rules_version=match.rules.info.rules_version,
        players=match.config.players,
        options=dict(match.config.options),
        seed=match.seed,
        seats=match.seats,
        actions=tuple((e.seat, e.text) for e in match.log),
        digest=match.rules.digest(match.state),
        label=label,
        over=match.over,
    )


def parse_record(data: Any) -> SaveRecord:
    """Check the shape of a save's JSON; raises SaveError naming what is wrong."""
    if not isinstance(data, dict):
        raise SaveError("this is not a Babel Towers save (no record inside)")
    if data.get("format") != FORMAT:
        raise SaveError("this is not a Babel Towers save (unknown format)")
    version = data.get("version")
    if version != VERSION:
        raise SaveError(f"this save has format version {version!r}; this program reads version {VERSION}")
    try:
        game = data["game"]
        config = data["config"]
        players = config["players"]
        options = config.get("options", {})
        seed = data["seed"]
        seats = tuple(Seat(str(s["name"]), s.get("bot"), _colour(s.get("colour"))) for s in data["seats"])
        actions = tuple((int(seat), str(text)) for seat, text in data["actions"])
        digest = str(data["digest"])
        rules_version = int(data.get("rules_version", 1))
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"this save is incomplete or damaged (bad field: {exc})") from None
    if not isinstance(game, str) or not isinstance(players, int) or not isinstance(seed, int):
        raise SaveError("this save is damaged (game, players or seed has the wrong type)")
    if not isinstance(options, dict):
        raise SaveError("this save is damaged (options are not a mapping)")
    return SaveRecord(
        game,
        rules_version,
        players,
        options,
        seed,
        seats,
        actions,
        digest,
        str(data.get("label", "")),
        bool(data.get("over", False)),
    )


def restore(record: SaveRecord) -> Match:
    """Replay a record into a live match; raises SaveError if anything does not add up."""
    try:
        rules = registry.get(record.game)
    except registry.UnknownGame:
        raise SaveError(f"this save is for a game this program does not have ('{record.game}')") from None
    if record.rules_version != rules.info.rules_version:
        raise SaveError(
            f"this save was made with version {record.rules_version} of the {rules.info.title} "
            f"rules; this program has version {rules.info.rules_version}"
        )
    try:
        config = rules.make_config(record.players, **record.options)
        match = Match.replay(rules, config, record.seed, record.seats, record.actions)
    except ConfigError as exc:
        raise SaveError(f"this save has settings the game does not allow: {exc}") from None
    except ReplayError as exc:
        raise SaveError(f"this save cannot be replayed: {exc}") from None
    except ValueError as exc:
        raise SaveError(f"this save is damaged: {exc}") from None
    if rules.digest(match.state) != record.digest:
        raise SaveError("this save does not replay to the position it recorded (digest mismatch)")
    return match


def load(path: Path) -> Match:
    """Read and replay a save file."""
    return restore(read_record(path))


def read_record(path: Path) -> SaveRecord:
    path = Path(path)
    try:
        data = read_json(path)
    except FileNotFoundError:
        raise SaveError(f"the save '{path.name}' does not exist") from None
    except UnicodeDecodeError:
        raise SaveError(f"'{path.name}' is not a text file, so not a save") from None
    except json.JSONDecodeError as exc:
        if path.stat().st_size == 0:
            raise SaveError(f"the save '{path.name}' is empty") from None
        raise SaveError(f"the save '{path.name}' is damaged or cut short (line {exc.lineno})") from None
    except OSError as exc:
        raise SaveError(f"the save '{path.name}' cannot be read: {exc.strerror}") from None
    return parse_record(data)


@dataclass(frozen=True)
class SaveEntry:
    """A file in the save folder with its record, or the reason it cannot be used."""

    path: Path
    record: SaveRecord | None
    error: str | None
    mtime: float


class SaveStore:
    """The save folder: named saves plus the autosave the launcher's 'Continue' resumes."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_dir() / "saves"

    def path_for(self, name: str) -> Path:
        safe = "".join(c if c.isalnum() or c in "-_ " else "_" for c in name).strip() or "game"
        return self.folder / f"{safe}.json"

    def save(self, match: Match, name: str) -> Path:
        path = self.path_for(name)
        write_json_atomic(path, record_of(match, label=name).to_json())
        return path

    def autosave(self, match: Match) -> Path:
        path = self.folder / AUTOSAVE
        write_json_atomic(path, record_of(match, label="Autosave").to_json())
        return path

    def autosave_record(self) -> SaveRecord | None:
        """The autosaved game if there is one worth continuing (readable and not over)."""
        path = self.folder / AUTOSAVE
        if not path.exists():
            return None
        try:
            record = read_record(path)
        except SaveError:
            return None
        return None if record.over else record

    def clear_autosave(self) -> None:
        (self.folder / AUTOSAVE).unlink(missing_ok=True)

    def entries(self) -> list[SaveEntry]:
        """All save files, newest first, each with its record or the reason it is unusable."""
        if not self.folder.exists():
            return []
        out = []
        for path in self.folder.glob("*.json"):
            try:
                record, error = read_record(path), None
            except SaveError as exc:
                record, error = None, str(exc)
            out.append(SaveEntry(path, record, error, path.stat().st_mtime))
        out.sort(key=lambda e: (-e.mtime, e.path.name))
        return out

    def delete(self, path: Path) -> None:
        Path(path).unlink(missing_ok=True)


def _colour(value) -> int | None:
    """A seat's chosen colour from a file: absent, or a small non-negative integer."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 64:
        raise ValueError(f"a seat colour must be a small number, not {value!r}")
    return value


def seats_from(names: Sequence[str], bots: Sequence[str | None]) -> tuple[Seat, ...]:
    return tuple(Seat(n, b) for n, b in zip(names, bots))
