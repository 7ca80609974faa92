"""Games in progress: every unfinished game kept in a file of its own until it ends or its
player lets it go.

One shared autosave would be overwritten by the next game; here each game gets its own file
(a *slot*) in ``saves/in-progress/``, written atomically after every move and removed only when
the game is finished or the player deletes it. Nothing is offered before it has been replayed
in full: a file whose log does not replay to its digest is set aside as ``NAME.bad`` with a
message, and nothing ever writes over a file that was set aside. The number kept is bounded by
the caller (a setting); the shelf never drops a game by itself.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.core.jsonfile import JsonFileError, display_name, read_json, set_aside, write_json_atomic
from babel.core.match import Match

FOLDER = "in-progress"
OLD_AUTOSAVE = "autosave.json"  # the single autosave of earlier versions, taken over at start
MAX_READ = 200  # files read per listing: far above any limit a player can set
_TOLD: set[str] = set()  # notices about files that stay where they are (a folder, a pipe): told once


@dataclass(frozen=True)
class Records:
    """How the shelf reads a save, given by ``babel.core.saves`` (which builds on the shelf, so
    the shelf does not import it): ``read(path)`` and ``parse(data)`` give a record or raise
    ``error``; ``problem(path, record)`` says why the file's record does not replay to its digest,
    or None (remembered per version of the file, so listing the shelf again replays nothing)."""

    read: Callable[[Path], Any]
    parse: Callable[[Any], Any]
    problem: Callable[[Path, Any], str | None]
    error: type[Exception]


@dataclass(frozen=True)
class KeptGame:
    """An unfinished game on the shelf: its file, its record (replays in full) and its time."""

    path: Path
    record: Any  # a saves.SaveRecord
    mtime: float

    @property
    def name(self) -> str:
        return display_name(self.path)


class Shelf:
    """The in-progress folder: list (fully checked), keep, delete, take over the old autosave."""

    def __init__(self, folder: Path, records: Records) -> None:
        self.folder = Path(folder)
        self.records = records

    # -- slots ------------------------------------------------------------------------------
    def new_slot(self, game_id: str) -> Path:
        """A file name for a new game that no file (kept or set aside) uses yet."""
        stem = "".join(c if c.isalnum() or c == "_" else "_" for c in game_id.lower())[:40] or "game"
        taken = set(self._names())
        numbers = [0]
        for name in taken:  # after the highest number in use: a name is not reused soon
            head, _, rest = name.partition(".json")
            if head.startswith(stem + "-") and head[len(stem) + 1 :].isdigit():
                numbers.append(int(head[len(stem) + 1 :]))
        for n in range(max(numbers) + 1, max(numbers) + 10_000):
            name = f"{stem}-{n}.json"
            if name not in taken and not any(t.startswith(name + ".bad") for t in taken):
                return self.folder / name
        raise OSError("no free name for a game in progress")

    def keep(self, match: Match, slot: Path, record_json: dict[str, Any]) -> None:
        """Write the game to its slot; a finished game leaves the shelf (its slot is removed).
        A slot that was set aside meanwhile is never written over: the write goes to a new name."""
        if match.over:
            self.discard(slot)
            return
        write_json_atomic(slot, record_json)

    def discard(self, slot: Path) -> None:
        """Remove a slot's file (a finished game, or one its player deleted); never raises for
        a file that is already gone."""
        try:
            os.unlink(slot)
        except FileNotFoundError:
            pass

    # -- listing ----------------------------------------------------------------------------
    def games(self, notices: list[str] | None = None) -> list[KeptGame]:
        """The unfinished games that replay in full, newest first. A file that does not is set
        aside as ``NAME.bad`` and a notice says why (appended to ``notices``)."""
        found = []
        for name in self._names():
            if not name.endswith(".json"):
                continue
            path = self.folder / name
            try:
                st = os.lstat(path)
            except OSError:
                continue
            found.append((st.st_mtime, name, path))
        found.sort(key=lambda f: (-f[0], f[1]))
        out = []
        for mtime, _name, path in found[:MAX_READ]:
            try:
                record = self.records.read(path)
                problem = self.records.problem(path, record)
            except self.records.error as exc:
                record, problem = None, str(exc)
            if problem is None and record is not None:
                if record.over:
                    problem = "it is marked finished, so it cannot be continued"
                else:
                    out.append(KeptGame(path, record, mtime))
                    continue
            if notices is not None:
                notice = self._set_aside(path, problem or "it cannot be read")
                if notice not in _TOLD:  # a file that could not be moved is told once, not per listing
                    notices.append(notice)
                if "was kept as" not in notice:
                    _TOLD.add(notice)
        return out

    def _set_aside(self, path: Path, problem: str) -> str:
        shown = display_name(path)
        try:
            is_file = os.path.isfile(path) and not os.path.islink(path)
        except OSError:
            is_file = False
        moved = set_aside(path) if is_file else None
        problem = problem[:160]
        if moved is None:
            return f"The game in progress '{shown}' cannot be continued: {problem}"
        return (
            f"The game in progress '{shown}' cannot be continued: {problem}. "
            f"The file was kept as {display_name(moved)}"
        )

    def _names(self) -> Iterable[str]:
        try:
            return [n for n in os.listdir(self.folder) if isinstance(n, str)]
        except OSError:
            return []

    # -- the autosave of earlier versions ---------------------------------------------------
    def take_over(self, old: Path) -> list[str]:
        """Move an earlier version's single autosave onto the shelf when it is an unfinished
        game that replays; a damaged one is set aside beside it with a notice; a finished one
        is left where it is (it is listed with the saved games). Returns notices."""
        try:
            data = read_json(old)
        except JsonFileError as exc:
            if exc.missing:
                return []
            if not exc.damaged:
                return [f"The autosave cannot be used: {exc}"]
            return [_aside_notice(old, str(exc))]
        try:
            record = self.records.parse(data)
        except self.records.error as exc:
            return [_aside_notice(old, str(exc))]
        if record.over:
            return []
        problem = self.records.problem(old, record)
        if problem is not None:
            return [_aside_notice(old, problem)]
        slot = self.new_slot(record.game)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            os.link(old, slot)  # never replaces a file; the old name goes only once the new exists
        except OSError as exc:
            return [f"The autosave could not be moved to the games in progress ({exc.strerror or exc})"]
        try:
            os.unlink(old)
        except OSError as exc:
            # the game stays in one place only (the old one, taken over at a later start): two
            # copies would be two games in progress that are one
            try:
                os.unlink(slot)
            except OSError:
                pass
            return [f"The autosave could not be moved to the games in progress ({exc.strerror or exc})"]
        return []


def _aside_notice(path: Path, problem: str) -> str:
    moved = set_aside(path)
    if moved is None:
        return f"The autosave cannot be continued ({problem[:160]}) and could not be moved aside"
    return f"The autosave cannot be continued ({problem[:160]}); it was kept as {display_name(moved)}"


def describe(record: Any) -> str:
    """One line for a menu: who plays, how far the game is."""
    people = [s.name for s in record.seats if s.bot is None]
    bots = [s for s in record.seats if s.bot is not None]
    who = ", ".join(people[:4]) + ("…" if len(people) > 4 else "")
    if bots:
        who += f"{' and ' if who else ''}{len(bots)} bot{'s' if len(bots) > 1 else ''}"
    moves = len(record.actions)
    return f"{who}  ·  {moves} move{'s' if moves != 1 else ''}"
