"""The corruption matrix: damage every file the program reads, start it, and check it copes.

For each file (the settings, a game in progress, an earlier version's single autosave, a named
save of a game in progress, a finished named save, the solitaire statistics, the custom
blueprints, a finished game in the history, the history's index and its renamed people) and each kind of damage (empty, cut short, random bytes, deep nesting, a 5,000-digit
integer, wrong types, NUL, bytes that are not UTF-8, invisible names, a huge label, a file too
large, a folder or a named pipe or a broken link or a link loop in its place, a read-only
folder, a full disk) the tool builds a fresh home folder, damages the one file, starts the
program headless exactly as ``babel-towers`` does, checks that it reaches its main menu, opens
the screen that uses the file (and makes it write where the screen writes), and then checks:

- nothing raised, nothing blocked (each case runs under an alarm);
- a message was shown, or the screen works;
- every other file is byte-identical;
- a damaged file was not lost: its bytes are still at its place or set aside beside it;
- no temporary file was left behind.

Saves also get crafted files that parse but do not replay (an unknown bot level, a seat out of
range, an illegal action, a wrong digest, a wrong finished flag, a log that ends the game before
its last action): for those the program must show a message and set the file aside as
``NAME.bad`` byte for byte, and a new game played afterwards must not write over it. The old
autosave is also given good (it must move, byte for byte, to the games in progress) and finished
(it stays where it is, with the saved games).

python tools/corrupt_files.py             # the whole matrix; a table of results, exit 1 on failure
python tools/corrupt_files.py --only "in progress" --verbose
python tools/corrupt_files.py --list      # the cases, without running them

Running as root, the read-only folder cannot be made real (root writes anyway): the failure of the
write is injected instead, as is the full disk (ENOSPC) everywhere; the report says "simulated".
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from babel.core import registry  # noqa: E402
from babel.core.jsonfile import is_temp_name, write_json_atomic  # noqa: E402
from babel.core.match import Match, Seat  # noqa: E402
from babel.core.paths import HOME_ENV  # noqa: E402
from babel.core.protocol import ActionTextError  # noqa: E402
from babel.core.saves import SaveStore, parse_record, precheck, record_of  # noqa: E402

CASE_SECONDS = 60  # a case that takes longer has blocked (a pipe opened for reading would)
SIZE = (1280, 800)

# -- the files ----------------------------------------------------------------------------------
FILES = {
    "settings": "config/settings.json",
    "in progress": "data/saves/in-progress/solitaire-1.json",
    "old autosave": "data/saves/autosave.json",  # written by earlier versions, taken over at start
    "save": "data/saves/Evening duel.json",
    "finished": "data/saves/Finished solitaire.json",
    "stats": "data/solitaire_stats.json",
    "blueprints": "data/builders_blueprints.json",
    "history game": "data/history/duel-{key}.json",  # the key is the kept game's (see build_home)
    "history index": "data/history/index.json",
    "history names": "data/history/names.json",
}
HISTORY_SEEDS = (5, 6)  # two finished duels in the history: a damaged one costs that one only


def _play(match: Match, moves: int) -> Match:
    match.play_bots(plies=moves)
    return match


SAVE_FILES = ("in progress", "old autosave", "save", "finished")
ENDGAME_PLIES = 5_000  # a bot playout to the end of any of the box's games stops long before


def build_home(home: Path, old_autosave: str = "") -> None:
    """A home folder with one healthy file of every kind the program reads; an earlier version's
    autosave only when asked ("unfinished" or "finished"): the start takes it over."""
    os.environ[HOME_ENV] = str(home)
    from babel.core.settings import Settings, save_settings
    from babel.games.builders.blueprints import save_custom
    from babel.games.solitaire.stats import StatsStore

    seats = [{"kind": "human", "name": "Anna", "colour": 0}, {"kind": "strong", "name": "Ben", "colour": 1}]
    save_settings(
        Settings(last_names=("Anna", "Ben", "Carla"), setups={"duel": {"players": 2, "seats": seats}})
    )
    store = SaveStore()
    solitaire = registry.get("solitaire")
    duel = registry.get("duel")
    # a game in progress: a solitaire deal (no bot will move and write while a case runs)
    slot = store.autosave(_play(Match(solitaire, solitaire.make_config(1), 11, [Seat("Anna")]), 6))
    if slot != home / FILES["in progress"]:
        raise RuntimeError(f"the game in progress was kept as {slot}, not {FILES['in progress']}")
    if old_autosave:
        old = _play(Match(solitaire, solitaire.make_config(1), 13, [Seat("Ben")]), 5)
        if old_autosave == "finished":
            old.play_bots(plies=ENDGAME_PLIES)
        write_json_atomic(home / FILES["old autosave"], record_of(old, label="Solitaire").to_json())
    # a named pass-and-play duel (two humans: opening it shows the curtain, no bot writes)
    store.save(_play(Match(duel, duel.make_config(2), 5, [Seat("Anna"), Seat("Ben")]), 4), "Evening duel")
    store.save(
        _play(Match(solitaire, solitaire.make_config(1), 3, [Seat("Anna", None)]), 500), "Finished solitaire"
    )
    stats = StatsStore.load()
    stats.record("tiles", "standard", 2)
    save_custom("Stairs", (1, 2, 3, 0, 1, 2, 0, 0, 1))
    for seed in HISTORY_SEEDS:  # finished games in the history, and a renamed person
        done = Match(duel, duel.make_config(2), seed, [Seat("Anna"), Seat("Ben", "novice")])
        done.play_bots(plies=ENDGAME_PLIES)
        summary = store.history.add(done, record_of(done).to_json(), 300.0, 1_790_000_000.0 + seed)
        if seed == HISTORY_SEEDS[0]:
            FILES["history game"] = f"data/history/{store.history.path_of(summary).name}"
    store.history.rename("Carla", "Carla B")


# -- the damage ---------------------------------------------------------------------------------
def _strings(data, fn):
    if isinstance(data, dict):
        return {k: _strings(v, fn) for k, v in data.items()}
    if isinstance(data, list):
        return [_strings(v, fn) for v in data]
    if isinstance(data, str):
        return fn(data)
    return data


def _wrong_types(data):
    """Every value one level down replaced by a value of another type."""
    swap = {str: 12345, int: "many", bool: "yes", list: {"a": 1}, dict: [1, 2], float: [], type(None): [None]}
    if isinstance(data, dict):
        return {k: (v if k in ("format", "version") else swap.get(type(v), None)) for k, v in data.items()}
    return {"x": data}


def _huge_int(data):
    """Every integer replaced by one of 5,000 digits (Python refuses to convert over 4,300)."""

    def mark(d):
        if isinstance(d, dict):
            return {k: mark(v) for k, v in d.items()}
        if isinstance(d, list):
            return [mark(v) for v in d]
        return "\x01huge" if isinstance(d, int) and not isinstance(d, bool) else d

    return json.dumps(mark(data)).encode().replace(b'"\\u0001huge"', b"1" + b"0" * 5000)


def _json(fn):
    def apply(path: Path) -> None:
        data = json.loads(path.read_text(encoding="utf-8"))
        path.write_bytes(fn(data))

    return apply


def _text(data) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


def _bytes(fn):
    def apply(path: Path) -> None:
        path.write_bytes(fn(path.read_bytes()))

    return apply


def _replace_with(make):
    def apply(path: Path) -> None:
        path.unlink()
        make(path)

    return apply


def _loop(path: Path) -> None:
    other = path.with_name(path.name + ".loop")
    os.symlink(other.name, path)
    os.symlink(path.name, other)


def _non_utf8_name(path: Path) -> None:
    """A copy of the file under a name that is not UTF-8 (only saves are found by listing)."""
    raw = os.fsencode(path.parent) + b"/caf\xe9 \xff.json"
    with open(raw, "wb") as fh:
        fh.write(path.read_bytes())


def _huge_label(data):
    """A 5 MB label on a save; elsewhere every name 400,000 characters long."""
    if isinstance(data, dict) and "label" in data:
        return _text(dict(data, label="W" * 5_000_000))
    return _text(_strings(data, lambda s: s if s in _KEEP else s + "W" * 400_000))


def _bot_level(data):
    data = dict(data)
    data["seats"] = [dict(s, bot="grandmaster") for s in data.get("seats", [])]
    return _text(data)


def _seat_out_of_range(data):
    data = dict(data)
    data["actions"] = [[7, text] for _seat, text in data.get("actions", [])] or [[7, "draw"]]
    return _text(data)


def _replayed(data, actions=None) -> tuple:
    """The save's rules and its match replayed over ``actions`` (its own log by default)."""
    record = parse_record(data)
    rules, config = precheck(record)
    log = record.actions if actions is None else actions
    return rules, Match.replay(rules, config, record.seed, record.seats, log)


def _illegal_action(data):
    """The last action replaced by one that reads as an action but is illegal where it stands
    (taken from the log itself, else from a longer game of the same kind)."""
    data = dict(data)
    record = parse_record(data)
    rules, before = _replayed(data, record.actions[:-1])
    seat = record.actions[-1][0]
    _, longer = _replayed(data, ())
    longer.play_bots(plies=200)
    for text in [t for _s, t in record.actions] + [e.text for e in longer.log]:
        try:
            action = rules.parse_action(text)
        except ActionTextError:
            continue
        if rules.why_illegal(before.state, seat, action) is not None:
            data["actions"] = [*data["actions"][:-1], [seat, text]]
            return _text(data)
    raise RuntimeError("no illegal action found to craft")


def _wrong_digest(data):
    digest = str(data.get("digest", ""))
    return _text(dict(data, digest=("0" if digest[:1] != "0" else "1") * max(1, len(digest))))


def _wrong_flag(data):
    """An unfinished game marked finished (a finished one marked unfinished)."""
    return _text(dict(data, over=data.get("over") is not True))


def _ends_early(data):
    """A log whose game ends before its last action: played on to the end, one more action
    after it; the digest and the flag say what the finished game would (only the log is wrong)."""
    rules, match = _replayed(data)
    match.play_bots(plies=ENDGAME_PLIES)
    if not match.over:
        raise RuntimeError("the game did not end to craft a log past its end")
    actions = [[e.seat, e.text] for e in match.log]
    return _text(dict(data, actions=[*actions, actions[-1]], digest=rules.digest(match.state), over=True))


CONTENT: dict[str, Callable[[Path], None]] = {
    "empty": _bytes(lambda b: b""),
    "truncated": _bytes(lambda b: b[: len(b) // 2]),
    "random bytes": _bytes(lambda b: random.Random(len(b)).randbytes(4096)),
    "deep nesting": _bytes(lambda b: b"[" * 200_000 + b"]" * 200_000),
    "huge int": _json(_huge_int),
    "top is a list": _json(lambda d: _text([d])),
    "wrong types": _json(lambda d: _text(_wrong_types(d))),
    "NUL byte": _bytes(lambda b: b.replace(b'"', b'"\x00', 3)),
    "NUL escaped": _json(lambda d: _text(_strings(d, lambda s: s + "\x00"))),
    "not UTF-8": _bytes(lambda b: b.replace(b'"', b'"\xe9\xff', 5)),
    "invisible names": _json(
        lambda d: _text(_strings(d, lambda s: s if s in _KEEP else "\u200b\u2060\ufeff"))
    ),
    "huge label": _json(_huge_label),
    "too large": _bytes(lambda b: b + b" " * (9 * 1024 * 1024)),
}
# saves that parse but do not replay: each must be set aside as NAME.bad with a message
CRAFTED: dict[str, Callable[[Path], None]] = {
    "unknown bot level": _json(_bot_level),
    "seat out of range": _json(_seat_out_of_range),
    "illegal action": _json(_illegal_action),
    "wrong digest": _json(_wrong_digest),
    "wrong finished flag": _json(_wrong_flag),
    "ends early": _json(_ends_early),
}
SAVE_ONLY: dict[str, Callable[[Path], None]] = {
    "name not UTF-8": _non_utf8_name,
}
OLD_AUTOSAVE = ("good, taken over", "finished, left in place")
PLACE: dict[str, Callable[[Path], None]] = {
    "folder in place": _replace_with(lambda p: p.mkdir()),
    "named pipe": _replace_with(lambda p: os.mkfifo(p)),
    "broken link": _replace_with(lambda p: os.symlink(p.name + ".gone", p)),
    "link loop": _replace_with(_loop),
}
WRITES = ("read-only folder", "full disk")
# values the damage leaves alone so the file stays the kind of file it was
_KEEP = {
    "babel-towers-save",
    "babel-towers-solitaire-stats",
    "babel-builders-blueprints",
    "babel-towers-history",
    "duel",
    "solitaire",
    "normal",
}
DAMAGED = {
    "empty",
    "truncated",
    "random bytes",
    "deep nesting",
    "huge int",
    "NUL byte",
    "not UTF-8",
    "too large",
}


@dataclass
class Case:
    file: str
    damage: str

    @property
    def name(self) -> str:
        return f"{self.file}: {self.damage}"


def all_cases() -> list[Case]:
    out = []
    for file in FILES:
        for damage in [*CONTENT, *PLACE, *WRITES]:
            out.append(Case(file, damage))
        if file in SAVE_FILES:
            out.extend(Case(file, d) for d in CRAFTED)
        if file in SAVE_FILES and file != "old autosave":  # that one is found by its name only
            out.extend(Case(file, d) for d in SAVE_ONLY)
    out.extend(Case("old autosave", d) for d in OLD_AUTOSAVE)
    out.append(Case("temp files", "left by a killed write"))
    out += [Case("folders", "data folder is a file"), Case("folders", "config folder is a file")]
    return out


# -- running one case ---------------------------------------------------------------------------
@dataclass
class Result:
    case: Case
    ok: bool = True
    outcome: str = ""
    messages: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0
    slowest: float = 0.0  # the slowest frame of the screen, seconds

    def fail(self, why: str) -> None:
        self.ok = False
        self.problems.append(why)


def _snapshot(home: Path) -> dict[str, bytes | str]:
    """Every entry under ``home``: file bytes, or what the entry is."""
    out: dict[str, bytes | str] = {}
    for root, dirs, files in os.walk(os.fsencode(home)):
        for name in dirs + files:
            full = os.path.join(root, name)
            rel = os.fsdecode(os.path.relpath(full, os.fsencode(home)))
            if os.path.islink(full):
                out[rel] = "link -> " + os.fsdecode(os.readlink(full))
            elif os.path.isdir(full):
                out[rel] = "folder"
            elif os.path.isfile(full):
                with open(full, "rb") as fh:
                    out[rel] = fh.read()
            else:
                out[rel] = "special"
    return out


class _Alarm(Exception):
    pass


@contextlib.contextmanager
def _deadline(seconds: int) -> Iterator[None]:
    def ring(signum, frame):
        raise _Alarm(f"blocked for {seconds} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@contextlib.contextmanager
def _failing_writes(err: int, folder: Path | None) -> Iterator[None]:
    """Writes under ``folder`` (everywhere if None) fail with ``err``, after the temporary file
    exists for ENOSPC (as a full disk would) and before it for EROFS/EACCES."""
    import babel.core.jsonfile as jf

    real_mkstemp, real_fsync, real_unlink = jf.tempfile.mkstemp, jf.os.fsync, os.unlink

    def under(d) -> bool:
        return folder is None or Path(d).resolve() == folder.resolve()

    def mkstemp(*args, **kwargs):
        if err != errno.ENOSPC and under(kwargs.get("dir", ".")):
            raise OSError(err, os.strerror(err))
        return real_mkstemp(*args, **kwargs)

    def fsync(fd):
        if err == errno.ENOSPC:
            raise OSError(err, os.strerror(err))
        return real_fsync(fd)

    def unlink(path, *args, **kwargs):
        if err != errno.ENOSPC and under(Path(os.fsdecode(path)).parent):
            raise OSError(err, os.strerror(err))
        return real_unlink(path, *args, **kwargs)

    jf.tempfile.mkstemp, jf.os.fsync, os.unlink = mkstemp, fsync, unlink
    try:
        yield
    finally:
        jf.tempfile.mkstemp, jf.os.fsync, os.unlink = real_mkstemp, real_fsync, real_unlink


def _open_screen(case: Case, pilot, result: Result) -> None:
    """Open the screen that uses the damaged file and make it write where it writes."""
    from scenes.launcher.menu import MainMenu
    from scenes.launcher.saved_games import SavedGames

    app = pilot.app
    menu = app.stack[0]
    file = case.file
    if file == "settings":
        from scenes.launcher.settings import SettingsScene

        app.push(SettingsScene())
        pilot.frame()
        stepper = app.top.widgets.widgets[3]  # sound volume: a change saves at once
        pilot.click((stepper.rect.right - 20, stepper.rect.centery))
        pilot.frame()
        expect = SettingsScene
    elif file == "in progress":  # Continue, and a move: the game is written to its file
        _continue(menu, pilot, result, move=True)
        expect = None
    elif file == "old autosave":  # a finished one stays with the saved games; then Continue
        app.push(SavedGames())
        pilot.frame()
        listed = any(e.path.name == "autosave.json" for e in app.top.entries)
        app.pop()
        pilot.frame()
        result.outcome = "listed; " if listed else ""
        _continue(menu, pilot, result, move=False)
        expect = None
    elif file in ("save", "finished"):
        app.push(SavedGames())
        pilot.frame()
        screen = app.top
        target = Path(os.environ[HOME_ENV]) / FILES[file]
        entry = next((e for e in screen.entries if e.path.name == target.name), None)
        if entry is None and case.damage == "name not UTF-8":
            entry = next((e for e in screen.entries if "\ufffd" in e.name), None)
        expect = SavedGames
        if entry is None:
            result.outcome = "not listed"
        elif case.damage in WRITES or (entry.record is None and case.damage in PLACE):
            # the screen's one write: Delete (a folder, a loop, a read-only folder: a message)
            screen._delete(entry)
            pilot.frame()
            if app.top is not screen and hasattr(app.top, "confirm"):
                app.top.confirm()  # Delete asks first, naming the save; the player says yes
                pilot.frame()
            result.outcome = "deleted" if not os.path.lexists(entry.path) else "delete refused"
        elif entry.record is not None:
            screen._open(entry)
            pilot.frame()
            if app.top is not screen:
                result.outcome = f"opened {type(app.top).__name__}"
                expect = None
            else:
                result.outcome = "refused"
        else:
            result.outcome = "listed as unusable"
        if entry is not None and entry.error:
            result.messages.append(f"(listed) {entry.error}")
    elif file == "stats":
        from babel.games.solitaire import hints
        from scenes.tables.solitaire import SolitaireTable
        from scenes.tables.solitaire.statistics import StatisticsScene

        app.push(StatisticsScene())
        pilot.frame()
        app.pop()
        rules = registry.get("solitaire")
        match = Match(rules, rules.make_config(1), 21, [Seat("Anna")])
        while not match.over:
            view = match.view(0)
            match.submit(0, hints.bot_choice(view, match.legal(0), samples=1))
        table = SolitaireTable(match, None, threaded=False)
        app.push(table)
        pilot.advance(1.0)  # the end of the game records the statistics
        expect = SolitaireTable
    elif file == "blueprints":
        from scenes.launcher.setup import SetupScene
        from scenes.tables.builders.blueprints import BlueprintEditor

        app.push(SetupScene(registry.get("builders")))
        pilot.frame()
        editor = BlueprintEditor([1, 1, 1, 0, 2, 0, 0, 0, 0])
        app.push(editor)
        pilot.frame()
        editor._save("Tower test")
        pilot.frame()
        expect = BlueprintEditor
    elif file.startswith("history"):  # the statistics, and their one write: a rename
        from scenes.launcher.history_screen import StatisticsScreen

        app.push(StatisticsScreen())
        pilot.frame()
        screen = app.top
        if screen.names:
            screen._rename("Annie")
            pilot.frame()
        result.outcome = f"{screen.stats().games if screen.names else 0} games counted; "
        expect = StatisticsScreen
    elif file == "folders":  # every screen that reads or writes there, then the menu again
        from scenes.launcher.settings import SettingsScene
        from scenes.tables.solitaire.statistics import StatisticsScene

        for screen in (SavedGames(), StatisticsScene(), SettingsScene()):
            app.push(screen)
            pilot.frame()
        stepper = app.top.widgets.widgets[3]
        pilot.click((stepper.rect.right - 20, stepper.rect.centery))
        pilot.frame()
        for _ in range(3):
            app.pop()
        expect = MainMenu
    else:  # temp files: the menu is the screen
        expect = MainMenu
    if expect is not None and not isinstance(app.top, expect):
        if not app.toasts:
            result.fail(f"expected {expect.__name__} on top, found {type(app.top).__name__} and no message")


def _continue(menu, pilot, result: Result, move: bool) -> None:
    """The menu's Continue (what it offers goes in the outcome), and a move if asked."""
    from scenes.table import TableScene

    offered = menu.kept[0].name if menu.kept else None
    result.outcome += f"Continue: {offered[:30]}" if offered is not None else "no Continue"
    if offered is None:
        return
    menu.continue_game()
    pilot.frame()
    table = pilot.app.top
    if move and isinstance(table, TableScene) and table.legal:
        table.submit(table.legal[0])
        pilot.frame()
        result.outcome += ", moved"


def _new_game_afterwards(pilot, result: Result, save_as: str = "") -> None:
    """Back at the menu, a new game of the kind a game in progress is, and a move (and, for a
    named save, the new game saved under the same name): the program writes its games in
    progress now, and must not write over a file it set aside."""
    from scenes.kept_games import start_new
    from scenes.tables import table_for

    app = pilot.app
    while len(app.stack) > 1:
        app.pop()
    pilot.frame()
    rules = registry.get("solitaire")

    def begin() -> None:
        match = Match(rules, rules.make_config(1), 29, [Seat("Carla")])
        app.push(table_for("solitaire")(match, SaveStore()))

    start_new(app, begin)
    pilot.frame()
    table = app.top
    if not getattr(table, "legal", None):
        result.fail(f"the new game did not open ({type(table).__name__} on top)")
        return
    table.submit(table.legal[0])
    pilot.frame()
    result.outcome += ("; " if result.outcome else "set aside; ") + "new game"
    if save_as:
        SaveStore().save(table.match, save_as)
        result.outcome += " saved as the same name"


def run_case(case: Case, keep: bool = False) -> Result:
    from scenes.app import start
    from scenes.launcher.menu import MainMenu
    from scenes.pilot import Pilot

    result = Result(case)
    t0 = time.perf_counter()
    home = Path(tempfile.mkdtemp(prefix="babel-corrupt-"))
    try:
        old_autosave = "" if case.file != "old autosave" else "unfinished"
        build_home(home, "finished" if case.damage == OLD_AUTOSAVE[1] else old_autosave)
        target = home / FILES.get(case.file, "no such file")
        litter = []
        if case.file == "temp files":
            old = time.time() - 3600
            for folder in (home / "data", home / "data" / "saves", home / "config"):
                for name in (".autosave.json.k3j_9x0a.tmp", ".settings.json.zz99aa11.tmp"):
                    p = folder / name
                    p.write_bytes(b"{ half a file")
                    os.utime(p, (old, old))
                    litter.append(p)
            # a fresh one whose writer was killed: its process id names a process that is gone
            p = home / "data" / "saves" / "in-progress" / f".solitaire-1.json.{_gone_pid()}.k3j_9x0a.tmp"
            p.write_bytes(b"{ half a file")
            litter.append(p)
            (home / "data" / "notes.tmp").write_bytes(b"the player's own")
        elif case.file == "folders":
            folder = home / ("data" if case.damage.startswith("data") else "config")
            shutil.rmtree(folder)
            folder.write_bytes(b"a file where a folder should be")
        elif case.damage in CONTENT:
            CONTENT[case.damage](target)
        elif case.damage in CRAFTED:
            CRAFTED[case.damage](target)
        elif case.damage in SAVE_ONLY:
            SAVE_ONLY[case.damage](target)
        elif case.damage in PLACE:
            PLACE[case.damage](target)
        before = _snapshot(home)
        damaged_name = target.name
        damaged = before.get(FILES.get(case.file, ""))
        err = errno.ENOSPC if case.damage == "full disk" else errno.EROFS
        folder = None if case.damage == "full disk" else target.parent
        real_readonly = case.damage == "read-only folder" and os.geteuid() != 0
        if real_readonly:
            os.chmod(target.parent, 0o555)
        injected = case.damage in WRITES and not real_readonly
        with contextlib.ExitStack() as stack:
            stack.enter_context(_deadline(CASE_SECONDS))
            if injected:
                stack.enter_context(_failing_writes(err, folder))
                result.outcome = "simulated; "
            try:
                app = start(size=SIZE)
                pilot = Pilot.of(app)
                pilot.frame()
                if not app.stack or not isinstance(app.stack[0], MainMenu) or not app.running:
                    result.fail("the app did not reach its main menu")
                else:
                    result.messages += [m for m, *_ in app.toasts]
                    outcome_before, result.outcome = result.outcome, ""
                    _open_screen(case, pilot, result)
                    if os.path.lexists(target.with_name(target.name + ".bad")):
                        save_as = target.stem if case.file in ("save", "finished") else ""
                        _new_game_afterwards(pilot, result, save_as)
                    result.outcome = outcome_before + result.outcome
                    for _ in range(3):
                        t = time.perf_counter()
                        pilot.frame()
                        result.slowest = max(result.slowest, time.perf_counter() - t)
                    if result.slowest > 1.0:
                        result.fail(f"a frame took {result.slowest:.1f} s")
                    result.messages += [m for m, *_ in app.toasts if m not in result.messages]
            except _Alarm as exc:
                result.fail(str(exc))
            except Exception as exc:  # the whole point: report, never stop the matrix
                result.fail(f"{type(exc).__name__}: {exc}")
            finally:
                if real_readonly:
                    os.chmod(target.parent, 0o755)
                import pygame

                pygame.display.quit()
        after = _snapshot(home)
        _check_files(case, before, after, damaged_name, damaged, result)
        if case.file == "temp files":
            left = [p.name for p in litter if p.exists()]
            if left:
                result.fail(f"temporary files not cleaned: {left}")
            if not (home / "data" / "notes.tmp").exists():
                result.fail("a file that is not ours was removed")
        if not result.outcome or result.outcome.endswith("; "):
            result.outcome += "message" if result.messages else "works"
    finally:
        result.seconds = time.perf_counter() - t0
        if not keep:
            _remove(home)
    return result


def _gone_pid() -> int:
    """The id of a process that has ended (a child started and reaped here)."""
    import subprocess

    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _check_files(case, before, after, damaged_name, damaged, result) -> None:
    target_rel = FILES.get(case.file, "")
    for rel, content in before.items():
        if rel == target_rel or Path(rel).name.startswith(damaged_name):
            continue
        if case.damage in PLACE and rel.startswith(target_rel):
            continue  # the folder put in the file's place
        if is_temp_name(Path(rel).name):
            continue  # litter the start must remove (checked below)
        if case.file == "stats" and rel.startswith("data/saves"):
            continue
        if case.damage == "name not UTF-8" and "caf" in rel:
            continue
        if case.file in ("settings", "folders") and rel == "config/settings.json":
            continue
        if case.file.startswith("history") and rel in ("data/history/index.json", "data/history/names.json"):
            continue  # the index is rebuilt from the games, and the rename writes the names
        if after.get(rel) != content:
            result.fail(f"{rel} changed" if rel in after else f"{rel} disappeared")
    for rel in after:
        if is_temp_name(Path(rel).name):
            result.fail(f"temporary file left: {rel}")
    if case.damage in DAMAGED:
        folder, stem = Path(target_rel).parent, Path(target_rel).stem
        kept = [c for r, c in after.items() if Path(r).parent == folder and Path(r).name.startswith(stem)]
        if damaged not in kept:
            result.fail("the damaged file was lost (neither kept nor set aside)")
    if (case.file in SAVE_FILES or case.file == "history game") and (case.damage in CRAFTED or case.damage in DAMAGED):
        _check_set_aside(target_rel, before, after, damaged, result)
    if case.file == "old autosave":
        _check_taken_over(case, target_rel, before, after, damaged, result)


def _check_set_aside(target_rel, before, after, damaged, result) -> None:
    """A save that cannot be used: a message, and its bytes kept as NAME.bad, exactly, after
    everything the case did (a new game included); no copy left under its own name."""
    if not result.messages:
        result.fail("no message about the unusable save")
    kept = after.get(target_rel + ".bad")
    if kept is None:
        result.fail(f"not set aside as {Path(target_rel).name}.bad")
    elif kept != damaged:
        result.fail(f"{Path(target_rel).name}.bad is not the damaged file byte for byte")
    if after.get(target_rel) == damaged:
        result.fail(f"{Path(target_rel).name} is still in place beside its .bad copy")


def _check_taken_over(case, target_rel, before, after, damaged, result) -> None:
    """An earlier version's autosave is kept exactly once: in place, set aside, or moved byte
    for byte to the games in progress (never copied and left behind too)."""
    if not isinstance(damaged, bytes):
        return  # a folder, a pipe or a link in its place: the entry checks above cover it
    places = [rel for rel, content in after.items() if content == damaged]
    moved = [rel for rel in places if rel.startswith("data/saves/in-progress/") and rel not in before]
    if len(places) != 1:
        result.fail(f"the old autosave is kept {len(places)} times: {places}")
    if case.damage == OLD_AUTOSAVE[0] and (target_rel in after or not moved):
        result.fail("the old autosave was not moved to the games in progress")
    if case.damage == OLD_AUTOSAVE[1] and places != [target_rel]:
        result.fail("a finished old autosave was not left in place")
    if moved:
        result.outcome += f"; taken over as {Path(moved[0]).name}"


def _remove(home: Path) -> None:
    for root, dirs, _files in os.walk(home):
        for d in dirs:
            with contextlib.suppress(OSError):
                os.chmod(os.path.join(root, d), 0o755)
    shutil.rmtree(home, ignore_errors=True)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--only", default="", help="run the cases whose name contains this text")
    p.add_argument("--list", action="store_true", help="list the cases and stop")
    p.add_argument("--verbose", action="store_true", help="print each case's messages")
    args = p.parse_args(argv)
    cases = [c for c in all_cases() if args.only.lower() in c.name.lower()]
    if args.list:
        for c in cases:
            print(c.name)
        print(f"{len(cases)} cases")
        return 0
    failed = 0
    t0 = time.perf_counter()
    for case in cases:
        r = run_case(case)
        failed += not r.ok
        mark = "ok  " if r.ok else "FAIL"
        print(
            f"{mark} {case.name:<40} {r.outcome[:48]:<48} {r.slowest * 1000:6.0f} ms {r.seconds:5.2f} s",
            flush=True,
        )
        if args.verbose or not r.ok:
            for m in r.messages:
                print(f"       message: {m[:150]}")
            for why in r.problems:
                print(f"       problem: {why[:300]}")
    print(
        f"{len(cases)} cases, {len(cases) - failed} passed, {failed} failed in {time.perf_counter() - t0:.0f} s"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
