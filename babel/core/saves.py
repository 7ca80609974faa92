"""Saved games: versioned, replayable action logs, written atomically.

A save holds game id, rules version, config, seed, seats and the action list, plus a digest of
the final state. Loading replays the actions through the rules and checks the digest, so a save
can never put a game into a state the rules would not reach. Every problem with a file becomes a
``SaveError`` whose message is fit to show a player.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.core import registry
from babel.core.history import History
from babel.core.in_progress import FOLDER, OLD_AUTOSAVE, KeptGame, Records, Shelf
from babel.core.jsonfile import JsonFileError, display_name, read_json, set_aside, write_json_atomic
from babel.core.match import Match, ReplayError, Seat, no_such_seat
from babel.core.names import clean_label, name_problem
from babel.core.paths import data_dir
from babel.core.protocol import ConfigError

FORMAT = "babel-towers-save"
VERSION = 1
IN_PROGRESS = FOLDER  # the games in progress live in this folder inside the save folder
HISTORY = "history"  # finished games: beside the save folder, in the data folder
PLAYED = "played"  # a game in progress's file also keeps its seconds of play


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
                {
                    "name": s.name,
                    "bot": s.bot,
                    **({} if s.colour is None else {"colour": s.colour}),
                    **({"device": True} if s.device else {}),  # absent: played at the screen
                }
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


MAX_ACTIONS = 200_000  # far more than any game of the box lasts
REPLAY_FAULTS = (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError, RecursionError)


def parse_record(data: Any) -> SaveRecord:
    """Check the shape of a save's JSON; raises SaveError naming what is wrong."""
    if not isinstance(data, dict):
        raise SaveError("this is not a Babel Towers save (no record inside)")
    if data.get("format") != FORMAT:
        raise SaveError("this is not a Babel Towers save (unknown format)")
    version = data.get("version")
    if version != VERSION:
        shown = version if isinstance(version, int) and abs(version) < 10**9 else "?"
        raise SaveError(f"this save has format version {shown}; this program reads version {VERSION}")
    try:
        game = data["game"]
        config = data["config"]
        players = config["players"]
        options = config.get("options", {})
        seed = data["seed"]
        seats = tuple(_seat(s) for s in data["seats"])
        raw_actions = data["actions"]
        if not isinstance(raw_actions, list) or len(raw_actions) > MAX_ACTIONS:
            raise ValueError("actions")
        actions = tuple(_action(a) for a in raw_actions)
        digest = data["digest"]
        rules_version = data.get("rules_version", 1)
    except KeyError as exc:
        field = str(exc).strip("'\"")[:40]
        raise SaveError(f"this save is incomplete (no '{field}')") from None
    except (TypeError, ValueError, AttributeError):
        raise SaveError("this save is damaged (a field holds the wrong kind of value)") from None
    if not isinstance(game, str) or not _is_int(players) or not _is_int(seed) or not _is_int(rules_version):
        raise SaveError("this save is damaged (game, players, seed or rules version has the wrong type)")
    if not isinstance(digest, str) or len(digest) > 128:
        raise SaveError("this save is damaged (its fingerprint is not text)")
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise SaveError("this save is damaged (options are not a mapping)")
    return SaveRecord(
        game[:40],
        rules_version,
        players,
        options,
        seed,
        seats,
        actions,
        digest,
        clean_label(data.get("label", "")),
        data.get("over", False) is True,
    )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**63


def _seat(entry: Any) -> Seat:
    if not isinstance(entry, dict):
        raise TypeError("seats")
    name, bot = entry["name"], entry.get("bot")
    device = entry.get("device", False)  # older saves: every person at the screen
    if not isinstance(name, str) or not (bot is None or isinstance(bot, str)) or not isinstance(device, bool):
        raise TypeError("seats")
    return Seat(name, bot, _colour(entry.get("colour")), device and bot is None)


def _action(entry: Any) -> tuple[int, str]:
    seat, text = entry
    if not _is_int(seat) or not isinstance(text, str) or len(text) > 10_000:
        raise TypeError("actions")
    return seat, text


def check_seats(record: SaveRecord, rules: Any) -> None:
    """Seat names must be drawable names and bot levels ones the game has (else a bot's turn
    would fail mid-game); raises SaveError naming the first bad seat."""
    if len(record.seats) != record.players:
        raise SaveError(f"this save is damaged ({len(record.seats)} seats for {record.players} players)")
    roster = registry.bots(rules.info.id)
    for number, seat in enumerate(record.seats, start=1):
        problem = name_problem(seat.name)
        if problem is not None:
            raise SaveError(f"this save is damaged (seat {number}: {problem})")
        if seat.bot is not None and not roster.knows(seat.bot):
            shown = clean_label(seat.bot)[:20] or "?"
            raise SaveError(
                f"this save gives seat {number} a bot level {rules.info.title} does not have "
                f"('{shown}'; levels: {', '.join(roster.offered)})"
            )
    for index, (seat, _text) in enumerate(record.actions):
        if not 0 <= seat < record.players:
            missing = no_such_seat(seat, record.players)
            raise SaveError(f"this save is damaged: action {index + 1} names {missing}")


def precheck(record: SaveRecord) -> tuple[Any, Any]:
    """Everything about a record that needs no replay: the game, its rules version, the config,
    the seats' names and bot levels. Returns (rules, config); raises SaveError."""
    try:
        rules = registry.get(record.game)
    except registry.UnknownGame:
        shown = clean_label(record.game)[:20] or "?"
        raise SaveError(f"this save is for a game this program does not have ('{shown}')") from None
    if record.rules_version != rules.info.rules_version and not continues(record, rules):
        raise SaveError(
            f"this save was made with version {record.rules_version} of the {rules.info.title} "
            f"rules; this program has version {rules.info.rules_version}"
        )
    try:
        config = rules.make_config(record.players, **record.options)
    except ConfigError as exc:
        raise SaveError(f"this save has settings the game does not allow: {exc}") from None
    except (TypeError, ValueError) as exc:
        raise SaveError(f"this save has settings the game does not allow: {str(exc)[:120]}") from None
    check_seats(record, rules)
    return rules, config


# Older rules versions whose games go on under the current rules: every action of theirs must still
# be legal now (a Babel Builders game from before the three-step Seal phase replays unchanged until
# that phase, which it has not reached if it still replays; a Babel On! 2 game replays its moves
# under the version-3 physics, where a tower may stand that fell, and the player is told so).
# Their digests are not compared: the state gained fields, so the fingerprint of the same
# position differs.
CONTINUES_FROM = {"builders": 1, "babel_on": 2}


def older_words(record: SaveRecord, rules: Any) -> str:
    """What a player is told when a game of an older rules version goes on."""
    said = f"This game began under version {record.rules_version} of the {rules.info.title} rules"
    if rules.info.id == "babel_on":  # the physics changed: the same moves may have ended otherwise
        return f"{said}; its moves were played again with the new physics, so a tower may stand where it fell"
    return f"{said}; its moves were played again under version {rules.info.rules_version}"


def continues(record: SaveRecord, rules: Any) -> bool:
    """True when a record of an older rules version goes on under the current rules."""
    oldest = CONTINUES_FROM.get(rules.info.id)
    return oldest is not None and oldest <= record.rules_version < rules.info.rules_version


def restore(record: SaveRecord) -> Match:
    """Replay a record into a live match; raises SaveError if anything does not add up."""
    rules, config = precheck(record)
    older = record.rules_version != rules.info.rules_version
    try:
        match = Match.replay(rules, config, record.seed, record.seats, record.actions)
    except ReplayError as exc:
        if older:
            raise SaveError(
                f"this save was made with version {record.rules_version} of the {rules.info.title} "
                f"rules and its moves do not replay under version {rules.info.rules_version} ({exc})"
            ) from None
        raise SaveError(f"this save cannot be replayed: {exc}") from None
    except REPLAY_FAULTS as exc:
        # a hand-made file can reach corners the rules never produce; none of them may crash
        raise SaveError(f"this save is damaged: {str(exc)[:120]}") from None
    if not older and rules.digest(match.state) != record.digest:
        raise SaveError("this save does not replay to the position it recorded (digest mismatch)")
    if match.over != record.over:
        said = "finished" if record.over else "unfinished"
        raise SaveError(
            f"this save says the game is {said}, but its moves leave it {'un' * record.over}finished"
        )
    return match


def load(path: Path) -> Match:
    """Read and replay a save file."""
    return restore(read_record(path))


def read_record(path: Path) -> SaveRecord:
    path = Path(path)
    try:
        data = read_json(path)
    except JsonFileError as exc:
        if exc.missing:
            raise SaveError(f"the save '{display_name(path)}' does not exist") from None
        raise SaveError(f"the save {exc}") from None
    return parse_record(data)


@dataclass(frozen=True)
class SaveEntry:
    """A file in the save folder with its record, or the reason it cannot be used."""

    path: Path
    record: SaveRecord | None
    error: str | None
    mtime: float

    @property
    def name(self) -> str:
        """The file's name fit to show (bytes that are not UTF-8 shown as U+FFFD)."""
        return display_name(self.path)

    @property
    def title(self) -> str:
        """What the saved-games screen calls this save: its label, else its file name."""
        if self.record is not None and self.record.label:
            return self.record.label
        return display_name(self.path.stem) if self.path.suffix == ".json" else self.name


MAX_LISTED = 400  # the newest this many files are read; a folder of thousands stays quick
_replays: dict[tuple[str, int, int], str | None] = {}  # (path, mtime_ns, size) -> None or problem


class SaveStore:
    """The save folder: named saves, and the games in progress (``in-progress/`` inside it).

    A table is given a store with its own *slot*: the one file its game is kept in while it is
    unfinished (made on the first write, removed when the game ends). ``for_new_game`` gives a
    store with a fresh slot, so starting another game never writes over one in progress."""

    def __init__(self, folder: Path | None = None, slot: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_dir() / "saves"
        self.shelf = Shelf(self.folder / IN_PROGRESS, RECORDS)
        self.slot = slot
        self.history = History(self.folder.parent / HISTORY)
        self.clock = PlayClock(_played_in(slot))

    def for_new_game(self) -> SaveStore:
        return SaveStore(self.folder)

    def path_for(self, name: str) -> Path:
        safe = "".join(c if c.isalnum() or c in "-_ " else "_" for c in name).strip() or "game"
        return self.folder / f"{safe[:60]}.json"

    def save(self, match: Match, name: str) -> Path:
        path = self.path_for(name)
        write_json_atomic(path, record_of(match, label=clean_label(name) or "game").to_json())
        return path

    def autosave(self, match: Match, now: float | None = None) -> Path | None:
        """Keep the game in its own slot; a finished game leaves the shelf and goes into the
        history. A game nobody has moved in yet is not written: nothing of it can be lost.
        ``now`` is the wall-clock time (the caller reads it), for the history's date and the
        time played. Returns the slot, if any."""
        if now is not None:
            self.clock.tick(now)
        record_json = record_of(match, label=match.rules.info.title).to_json()
        if match.over and match.ply > 0:
            self.history.add(match, record_json, self.clock.played, now or 0.0)
        if self.slot is None:
            if match.ply == 0 or match.over:
                return None
            self.slot = self.shelf.new_slot(match.rules.info.id)
        self.shelf.keep(match, self.slot, {**record_json, PLAYED: round(self.clock.played, 1)})
        return self.slot

    def let_go(self) -> None:
        """Remove this store's game from the shelf (its player chose to let it go)."""
        if self.slot is not None:
            self.shelf.discard(self.slot)

    def in_progress(self, notices: list[str] | None = None) -> list[KeptGame]:
        """The unfinished games, newest first, each replayed in full (bad files set aside)."""
        return self.shelf.games(notices)

    def continue_record(self) -> SaveRecord | None:
        """What 'Continue' resumes: the newest game in progress."""
        games = self.in_progress()
        return games[0].record if games else None

    def take_over_autosave(self) -> list[str]:
        """An earlier version's single autosave becomes a game in progress (see ``Shelf``)."""
        return self.shelf.take_over(self.folder / OLD_AUTOSAVE)

    def entries(self, notices: list[str] | None = None) -> list[SaveEntry]:
        """Save files, newest first, each replayed in full before it is offered. A regular file
        that does not replay is set aside as ``NAME.bad`` (a notice says why); what cannot be set
        aside (a folder, a pipe, a file we may not read) is listed with the reason."""
        try:
            names = os.listdir(self.folder)
        except OSError:
            return []
        found = []
        for name in names:
            if not name.endswith(".json"):
                continue
            path = self.folder / name
            try:
                mtime = os.lstat(path).st_mtime
            except OSError:
                continue
            found.append((mtime, name, path))
        found.sort(key=lambda f: (-f[0], f[1]))
        out = []
        for mtime, _name, path in found[:MAX_LISTED]:
            record, error = None, None
            try:
                record = read_record(path)
                error = replay_problem(path, record)
            except SaveError as exc:
                error = str(exc)
            if error is not None:
                moved = _set_aside_damaged(path)
                if moved is not None:
                    if notices is not None:
                        notices.append(
                            f"The save '{display_name(path)}' cannot be opened: {error[:160]}. "
                            f"The file was kept as {display_name(moved)}"
                        )
                    continue
                record = None
            out.append(SaveEntry(path, record, error, mtime))
        return out

    def delete(self, path: Path) -> None:
        """Remove one save file (a link is removed, not what it points to); raises SaveError
        with a message for the player when it cannot be done."""
        path = Path(path)
        name = display_name(path)
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            return
        except OSError as exc:
            raise SaveError(f"'{name}' cannot be deleted ({exc.strerror or exc})") from None
        if stat.S_ISDIR(st.st_mode):
            raise SaveError(f"'{name}' is a folder; this screen deletes only save files")
        try:
            os.unlink(path)
        except OSError as exc:
            raise SaveError(f"'{name}' cannot be deleted ({exc.strerror or exc})") from None


def replay_problem(path: Path, record: SaveRecord) -> str | None:
    """Why a save's log does not replay to its digest (None: it does), remembered per file
    version so a long list is replayed once."""
    try:
        st = os.stat(path)
        key: tuple[str, int, int] | None = (os.fsdecode(path), st.st_mtime_ns, st.st_size)
    except (OSError, ValueError):
        key = None
    if key is not None and key in _replays:
        return _replays[key]
    try:
        restore(record)
        problem = None
    except SaveError as exc:
        problem = str(exc)
    if key is not None:
        _replays[key] = problem
    return problem


RECORDS = Records(
    read=lambda path: read_record(path),
    parse=lambda data: parse_record(data),
    problem=replay_problem,
    error=SaveError,
)


class PlayClock:
    """Seconds of play: the time between a game's moves, a long pause counting as ``IDLE``
    (a game left open overnight is not ten hours of play). The caller reads the clock."""

    IDLE = 120.0

    def __init__(self, played: float = 0.0) -> None:
        self.played = played
        self.last: float | None = None

    def tick(self, now: float) -> None:
        if self.last is not None:
            self.played += min(max(0.0, now - self.last), self.IDLE)
        self.last = now


def _played_in(slot: Path | None) -> float:
    """The play time kept in a game in progress's file (0 for none, or a damaged value)."""
    if slot is None:
        return 0.0
    try:
        value = read_json(slot).get(PLAYED, 0.0)
    except (JsonFileError, OSError, AttributeError):
        return 0.0
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 10**9
    return float(value) if ok else 0.0


def _set_aside_damaged(path: Path) -> Path | None:
    """Set a regular file aside (never a folder, a pipe or a link's target)."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return set_aside(path) if stat.S_ISREG(st.st_mode) else None


def _colour(value) -> int | None:
    """A seat's chosen colour from a file: absent, or a small non-negative integer."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 64:
        raise ValueError(f"a seat colour must be a small number, not {value!r}")
    return value


def seats_from(names: Sequence[str], bots: Sequence[str | None]) -> tuple[Seat, ...]:
    return tuple(Seat(n, b) for n, b in zip(names, bots))
