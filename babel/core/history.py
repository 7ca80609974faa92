"""The history: every finished game kept as its save, with a summary for the statistics.

One file per game in ``history/`` under the data folder (``<game>-<key>.json``): a summary (game,
when it ended, time played, seats with their results, length) and the game's full save record,
so any game can be replayed exactly. ``index.json`` repeats the summaries so that the statistics
of thousands of games open without reading every file; it is only a cache: a missing, damaged
or out-of-date index is rebuilt from the game files, and every file is untrusted (a damaged game
file is set aside as ``NAME.bad`` and costs that one game, nothing else).

The key is a digest of the game's seed, seats and actions: the same game ended twice (undone and
finished again the same way) is kept once. The folder keeps at most ``limit`` games; the oldest
go first. Pure Python, no pygame.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.core.jsonfile import JsonFileError, read_json, set_aside, write_json_atomic
from babel.core.match import Match
from babel.core.names import MAX_NAME, clean_name, clean_text, name_problem

FORMAT = "babel-towers-history"
VERSION = 1
INDEX = "index.json"
NAMES = "names.json"  # renamed people: {old name: new name}
MAX_ALIASES = 1000
DEFAULT_LIMIT = 500
MAX_LIMIT = 100_000
MAX_SEATS = 16
INDEX_MAX_BYTES = 64 * 1024 * 1024  # 100,000 summaries of ten seats stay below it


class HistoryError(ValueError):
    """A history file that cannot be used; the message names the problem for the player."""


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game: who sat there and how it ended for them."""

    name: str
    bot: str | None
    colour: int | None
    device: bool
    won: bool
    score: float | None


@dataclass(frozen=True)
class GameSummary:
    """What the statistics need of one finished game, without replaying it."""

    key: str
    game: str
    finished: float  # seconds since the epoch
    played: float  # seconds of play
    plies: int
    options: dict[str, Any]
    seats: tuple[SeatResult, ...]

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def practice(self) -> bool:
        """A solitaire practice game (undo could take back draws): counted apart."""
        return self.options.get("practice") is True

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "game": self.game,
            "finished": self.finished,
            "played": self.played,
            "plies": self.plies,
            "options": self.options,
            "seats": [
                {"name": s.name, "bot": s.bot, "colour": s.colour, "device": s.device, "won": s.won, "score": s.score}
                for s in self.seats
            ],
        }


def game_key(record_json: dict[str, Any]) -> str:
    """A short digest naming one game: seed, seats and actions (the same game gets the same key)."""
    parts = [record_json.get(k) for k in ("game", "seed", "seats", "actions")]
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def summary_of(match: Match, record_json: dict[str, Any], played: float, finished: float) -> GameSummary:
    """The summary of a finished match (its outcome read from the rules)."""
    outcome = match.rules.outcome(match.state)
    winners = set(outcome.winners) if outcome is not None else set()
    scores = tuple(outcome.scores) if outcome is not None else ()
    seats = tuple(
        SeatResult(
            name=s.name,
            bot=s.bot,
            colour=s.colour,
            device=s.device,
            won=i in winners,
            score=float(scores[i]) if i < len(scores) else None,
        )
        for i, s in enumerate(match.seats)
    )
    return GameSummary(
        key=game_key(record_json),
        game=match.rules.info.id,
        finished=float(finished),
        played=max(0.0, float(played)),
        plies=match.ply,
        options=dict(match.config.options),
        seats=seats,
    )


# -- reading summaries (untrusted) -------------------------------------------------------------
def _number(value: Any, what: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise HistoryError(f"{what} is not a number")
    if not low <= value <= high:
        raise HistoryError(f"{what} is out of range")
    return float(value)


@functools.lru_cache(maxsize=4096)
def _clean(name: str) -> str:
    """A name as shown (the same few names come back thousands of times in a history)."""
    return clean_text(name, MAX_NAME)


def _seat(data: Any) -> SeatResult:
    if not isinstance(data, dict):
        raise HistoryError("a seat is not a record")
    name, bot, colour = data.get("name"), data.get("bot"), data.get("colour")
    if not isinstance(name, str) or len(name) > 10 * MAX_NAME or not _clean(name):
        raise HistoryError("a seat has no name")
    if bot is not None and (not isinstance(bot, str) or not 0 < len(bot) <= 20):
        raise HistoryError("a seat's bot level is not a short word")
    if colour is not None and (isinstance(colour, bool) or not isinstance(colour, int) or not 0 <= colour < 64):
        raise HistoryError("a seat's colour is not a small number")
    score = data.get("score")
    return SeatResult(
        name=_clean(name),
        bot=bot,
        colour=colour,
        device=data.get("device") is True,
        won=data.get("won") is True,
        score=None if score is None else _number(score, "a score", -1e9, 1e9),
    )


def parse_summary(data: Any) -> GameSummary:
    """A summary from JSON, every field checked; raises HistoryError naming what is wrong."""
    if not isinstance(data, dict):
        raise HistoryError("the summary is not a record")
    key, game, options, seats = data.get("key"), data.get("game"), data.get("options", {}), data.get("seats")
    if not isinstance(key, str) or not (0 < len(key) <= 32 and key.isalnum()):
        raise HistoryError("the game's key is damaged")
    if not isinstance(game, str) or not 0 < len(game) <= 40 or not all(c.isascii() and (c.isalnum() or c == "_") for c in game):
        raise HistoryError("the game's name is damaged")  # it names files: letters, digits, _ only
    if not isinstance(options, dict) or len(options) > 32 or not all(isinstance(k, str) for k in options):
        raise HistoryError("the options are damaged")
    if not isinstance(seats, list) or not 0 < len(seats) <= MAX_SEATS:
        raise HistoryError("the seats are damaged")
    plies = data.get("plies")
    if isinstance(plies, bool) or not isinstance(plies, int) or not 0 <= plies < 10**7:
        raise HistoryError("the game's length is damaged")
    return GameSummary(
        key=key,
        game=game,
        finished=_number(data.get("finished"), "the date", 0, 2**40),
        played=_number(data.get("played"), "the time played", 0, 10**9),
        plies=plies,
        options={k: v for k, v in options.items() if isinstance(v, (bool, int, float, str)) or v is None},
        seats=tuple(_seat(s) for s in seats),
    )


def parse_game_file(data: Any) -> tuple[GameSummary, dict[str, Any]]:
    """(summary, save record JSON) of one history file; raises HistoryError."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise HistoryError("this is not a Babel Towers history file")
    if data.get("version") != VERSION:
        raise HistoryError("this history file has another format version")
    record = data.get("record")
    if not isinstance(record, dict):
        raise HistoryError("the game's record is missing")
    summary = parse_summary(data.get("summary"))
    if game_key(record) != summary.key:
        raise HistoryError("the summary does not belong to the game's record")
    return summary, record


class History:
    """The history folder: add a finished game, list summaries, read one game's record."""

    def __init__(self, folder: Path, limit: int = DEFAULT_LIMIT) -> None:
        self.folder = Path(folder)
        self.limit = max(1, min(int(limit), MAX_LIMIT))
        self._stamps: dict[str, tuple[int, int]] = {}  # key -> the file's (size, mtime) the index saw

    def path_of(self, summary: GameSummary) -> Path:
        return self.folder / file_name(summary)

    # -- writing ----------------------------------------------------------------------------
    def add(self, match: Match, record_json: dict[str, Any], played: float, now: float) -> GameSummary | None:
        """Keep a finished game that ended at ``now`` (wall-clock seconds, read by the caller:
        babel/ never reads the clock); a game kept already is not written again. Returns its
        summary, or None when the match is not over. Raises OSError when it cannot be written."""
        if not match.over:
            return None
        summary = summary_of(match, record_json, played, now)
        path = self.path_of(summary)
        index = self._read_index()
        if summary.key in index and path.exists():
            return index[summary.key]
        self.folder.mkdir(parents=True, exist_ok=True)
        write_json_atomic(path, {"format": FORMAT, "version": VERSION, "summary": summary.to_json(), "record": record_json})
        index[summary.key] = summary
        self._stamps[summary.key] = _stamp(path)
        self._prune(index)
        self._write_index(index)
        return summary

    def delete(self, summary: GameSummary) -> None:
        """Remove one game from the history (never raises for a game already gone)."""
        try:
            os.unlink(self.path_of(summary))
        except FileNotFoundError:
            pass
        index = self._read_index()
        if index.pop(summary.key, None) is not None:
            self._write_index(index)

    def _prune(self, index: dict[str, GameSummary]) -> None:
        """Drop the oldest games beyond the limit (files and index entries)."""
        if len(index) <= self.limit:
            return
        oldest = sorted(index.values(), key=lambda s: (s.finished, s.key))[: len(index) - self.limit]
        for summary in oldest:
            try:
                os.unlink(self.path_of(summary))
            except FileNotFoundError:
                pass
            del index[summary.key]

    # -- names ------------------------------------------------------------------------------
    def aliases(self, notices: list[str] | None = None) -> dict[str, str]:
        """Renamed people, {old name: new name}. A damaged file is set aside (a notice says so)
        and nobody is renamed; a bad entry is skipped."""
        path = self.folder / NAMES
        try:
            data = read_json(path)
        except (JsonFileError, OSError) as exc:
            if isinstance(exc, JsonFileError) and not exc.missing and path.is_file() and not path.is_symlink():
                moved = set_aside(path)
                if notices is not None and moved is not None:
                    notices.append(f"The history's names cannot be read ({str(exc)[:120]}); the file was kept as {moved.name}")
            return {}
        pairs = data.get("aliases") if isinstance(data, dict) else None
        if not isinstance(pairs, dict):
            return {}
        return {
            k: v
            for k, v in list(pairs.items())[:MAX_ALIASES]
            if isinstance(v, str) and name_problem(k) is None and name_problem(v) is None
        }

    def rename(self, old: str, new: str) -> None:
        """From now on ``old`` is counted as ``new`` (merging both if ``new`` played too).
        Raises HistoryError for a name that cannot be used, OSError when it cannot be written."""
        problem = name_problem(new)
        if problem is not None:
            raise HistoryError(problem)
        new = clean_name(new)
        aliases = self.aliases()
        if new == old:
            return
        aliases.pop(new, None)  # the new name is a person of its own again, not an alias
        aliases[old] = new
        if len(aliases) > MAX_ALIASES:
            raise HistoryError("too many renamed people")
        self.folder.mkdir(parents=True, exist_ok=True)
        write_json_atomic(self.folder / NAMES, {"format": FORMAT, "version": VERSION, "aliases": aliases})

    # -- reading ----------------------------------------------------------------------------
    def summaries(self, notices: list[str] | None = None) -> list[GameSummary]:
        """Every kept game, newest first. The index is checked against the folder: a game file it
        does not know, or one changed since the index saw it (size or time), is read again; an
        entry without its file is dropped; a damaged game file is set aside as ``NAME.bad`` (a
        notice says so)."""
        index = self._read_index()
        files = self._game_files()
        changed = False
        for key in list(index):
            name = file_name(index[key])
            if name not in files or files[name] != self._stamps.get(key):
                del index[key]
                changed = True
        known = {file_name(s) for s in index.values()}
        for name in sorted(set(files) - known):
            summary = self._read_summary(self.folder / name, notices)
            if summary is not None:
                index[summary.key] = summary
                self._stamps[summary.key] = files[name]
                changed = True
        if changed:
            try:
                self._write_index(index)
            except OSError:
                pass  # a history that cannot rewrite its cache is still read in full next time
        return sorted(index.values(), key=lambda s: (-s.finished, s.key))

    def record(self, summary: GameSummary) -> dict[str, Any]:
        """The save record JSON of one kept game; raises HistoryError naming the problem."""
        try:
            found, record = parse_game_file(read_json(self.path_of(summary)))
        except JsonFileError as exc:
            raise HistoryError(str(exc)) from None
        if found.key != summary.key:
            raise HistoryError("the file holds another game")
        return record

    def _read_summary(self, path: Path, notices: list[str] | None) -> GameSummary | None:
        try:
            summary, _record = parse_game_file(read_json(path))
            if self.path_of(summary).name != path.name:
                raise HistoryError("its name does not match the game inside")
            return summary
        except (JsonFileError, HistoryError) as exc:
            moved = set_aside(path) if path.is_file() and not path.is_symlink() else None
            if notices is not None:
                kept = f"; the file was kept as {moved.name}" if moved is not None else ""
                notices.append(f"A game in the history cannot be read ({str(exc)[:120]}){kept}")
            return None

    def _game_files(self) -> dict[str, tuple[int, int] | None]:
        """The game files' names with their (size, mtime) stamps (None: not a regular file)."""
        try:
            names = os.listdir(self.folder)
        except OSError:
            return {}
        games = [n for n in names if n.endswith(".json") and n not in (INDEX, NAMES) and not n.startswith(".")]
        folder = os.fsdecode(self.folder)
        return {n: _stamp(os.path.join(folder, n)) for n in games}

    def _read_index(self) -> dict[str, GameSummary]:
        path = self.folder / INDEX
        try:
            data = read_json(path, max_bytes=INDEX_MAX_BYTES)
        except JsonFileError as exc:
            if not exc.missing and path.is_file() and not path.is_symlink():
                set_aside(path)  # never written over: kept as index.json.bad, rebuilt from the games
            return {}
        except OSError:
            return {}
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("games"), list):
            return {}
        out = {}
        for item in data["games"]:
            try:
                summary = parse_summary(item)
            except HistoryError:
                continue  # the cache is rebuilt from the game file on the next listing
            out[summary.key] = summary
            stamp = item.get("stamp")
            if isinstance(stamp, list) and len(stamp) == 2 and all(type(v) is int for v in stamp):
                self._stamps[summary.key] = (stamp[0], stamp[1])
        return out

    def _write_index(self, index: dict[str, GameSummary]) -> None:
        games = []
        for s in sorted(index.values(), key=lambda s: (s.finished, s.key)):
            stamp = self._stamps.get(s.key) or _stamp(self.path_of(s))
            games.append({**s.to_json(), "stamp": list(stamp) if stamp else None})
        write_json_atomic(self.folder / INDEX, {"format": FORMAT, "version": VERSION, "games": games})


def file_name(summary: GameSummary) -> str:
    """The name of a game's file in the history folder."""
    return f"{summary.game}-{summary.key}.json"


def _stamp(path: Path | str) -> tuple[int, int] | None:
    """A regular file's (size, modification time in ns); None for anything else."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns) if stat.S_ISREG(st.st_mode) else None
