"""Solitaire statistics kept between sessions: one JSON file in the user data folder.

Per variant and difficulty ("tiles/standard", "cards/strict", ...), and apart from them the
practice games ("tiles/standard/practice": undo could take back draws): games played, full wins,
partial wins, losses, the distribution of stacks left, and two streaks (consecutive wins of
either kind, and consecutive full wins), each with its best.

The file is written atomically (babel.core.jsonfile). A file that cannot be read or does not
have the expected shape never stops the game: the statistics start afresh and the bad file is
kept beside it as ``solitaire_stats.json.bad`` (``.bad1``, ``.bad2``, ... if that exists), so
nothing is lost silently.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from babel.core.jsonfile import JsonFileError, read_json, set_aside, write_json_atomic
from babel.core.paths import data_dir
from babel.games.solitaire.model import result_class

FILE_NAME = "solitaire_stats.json"
FORMAT = "babel-towers-solitaire-stats"
VERSION = 1


@dataclass(frozen=True)
class Record:
    """The statistics of one variant and difficulty."""

    played: int = 0
    full_wins: int = 0
    partial_wins: int = 0
    losses: int = 0
    stacks_left: dict[int, int] = field(default_factory=dict)  # stacks left -> games
    win_streak: int = 0  # current run of wins (full or partial)
    best_win_streak: int = 0
    full_streak: int = 0  # current run of full wins
    best_full_streak: int = 0

    def add(self, stacks: int) -> Record:
        kind = result_class(stacks)
        won = kind != "loss"
        full = kind == "full"
        dist = dict(self.stacks_left)
        dist[stacks] = dist.get(stacks, 0) + 1
        win_streak = self.win_streak + 1 if won else 0
        full_streak = self.full_streak + 1 if full else 0
        return replace(
            self,
            played=self.played + 1,
            full_wins=self.full_wins + full,
            partial_wins=self.partial_wins + (kind == "partial"),
            losses=self.losses + (not won),
            stacks_left=dict(sorted(dist.items())),
            win_streak=win_streak,
            best_win_streak=max(self.best_win_streak, win_streak),
            full_streak=full_streak,
            best_full_streak=max(self.best_full_streak, full_streak),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "played": self.played,
            "full_wins": self.full_wins,
            "partial_wins": self.partial_wins,
            "losses": self.losses,
            "stacks_left": {str(k): v for k, v in sorted(self.stacks_left.items())},
            "win_streak": self.win_streak,
            "best_win_streak": self.best_win_streak,
            "full_streak": self.full_streak,
            "best_full_streak": self.best_full_streak,
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise ValueError("a record must be an object")
        ints = {}
        for name in (
            "played",
            "full_wins",
            "partial_wins",
            "losses",
            "win_streak",
            "best_win_streak",
            "full_streak",
            "best_full_streak",
        ):
            value = data.get(name, 0)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{name} must be a count")
            ints[name] = value
        dist_raw = data.get("stacks_left", {})
        if not isinstance(dist_raw, dict):
            raise ValueError("stacks_left must be an object")
        dist = {}
        for key, value in dist_raw.items():
            if not str(key).isdigit() or isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError("stacks_left must map stack counts to game counts")
            dist[int(key)] = value
        if ints["full_wins"] + ints["partial_wins"] + ints["losses"] != ints["played"]:
            raise ValueError("wins and losses do not add up to games played")
        return cls(stacks_left=dict(sorted(dist.items())), **ints)


def key_of(variant: str, difficulty: str, practice: bool = False) -> str:
    """Practice games (undo past draws) are kept under their own key, never mixed in."""
    return f"{variant}/{difficulty}" + ("/practice" if practice else "")


@dataclass
class StatsStore:
    """The statistics file. ``load`` never raises for a bad file; ``record`` saves at once.

    ``recovered_from`` names the file a corrupt one was moved to (for a notice on screen).
    """

    path: Path
    records: dict[str, Record] = field(default_factory=dict)
    recovered_from: Path | None = None
    problem: str | None = None  # why the file could not be read at all (a folder, a pipe...)

    @classmethod
    def default_path(cls) -> Path:
        return data_dir() / FILE_NAME

    @classmethod
    def load(cls, path: Path | None = None) -> StatsStore:
        path = Path(path) if path is not None else cls.default_path()
        store = cls(path)
        try:
            store.records = _parse(read_json(path))
        except JsonFileError as exc:
            if exc.damaged:
                store._set_aside()
            elif not exc.missing:
                store.problem = f"The statistics cannot be read: {exc}"
        except (ValueError, TypeError, AttributeError, RecursionError):
            store.records = {}
            store._set_aside()
        return store

    def _set_aside(self) -> None:
        self.recovered_from = set_aside(self.path)
        if self.recovered_from is None:  # then it must not be overwritten either
            self.problem = "The statistics file is damaged and could not be moved aside"

    def get(self, variant: str, difficulty: str, practice: bool = False) -> Record:
        return self.records.get(key_of(variant, difficulty, practice), Record())

    def record(self, variant: str, difficulty: str, stacks_left: int, practice: bool = False) -> Record:
        """Count one finished game and save the file; returns the updated record."""
        if stacks_left < 1:
            raise ValueError("a finished game has at least one stack")
        key = key_of(variant, difficulty, practice)
        rec = self.records.get(key, Record()).add(stacks_left)
        self.records[key] = rec
        self.save()
        return rec

    def reset(self, variant: str | None = None, difficulty: str | None = None) -> None:
        """Forget all statistics, or those of one variant and difficulty."""
        if variant is None:
            self.records = {}
        else:
            self.records.pop(key_of(variant, difficulty or "standard"), None)
        self.save()

    def save(self) -> None:
        """Write the file; raises OSError (a file that could not be read is never replaced)."""
        if self.problem is not None:
            raise OSError(self.problem)
        data = {
            "format": FORMAT,
            "version": VERSION,
            "records": {k: r.to_json() for k, r in sorted(self.records.items())},
        }
        write_json_atomic(self.path, data)


def _parse(data: Any) -> dict[str, Record]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not a solitaire statistics file")
    if not isinstance(data.get("version"), int) or data["version"] > VERSION:
        raise ValueError("statistics from a newer version")
    records = data.get("records", {})
    if not isinstance(records, dict):
        raise ValueError("records must be an object")
    return {str(k): Record.from_json(v) for k, v in records.items()}
