"""Kills at random moments during writes: does every file survive a process killed mid-write?

Every file the program writes goes through ``write_json_atomic`` (a temporary file, fsync, a
rename), and the next start removes a temporary file whose writer is gone. This tool checks that
claim the hard way. A child process (plain Python, no pygame, its own ``BABEL_TOWERS_HOME``)
plays bot moves in a duel and writes as the program does: the game in progress after every move,
the settings every few moves and a named save every few more. When a game ends, the next one is
written before the finished one leaves the shelf, so a game is always in progress. The child is
killed with SIGKILL after a seeded random delay; the parent reaps it, runs the start-up checks
(``babel.core.startup.tidy_folders``) and checks:

- every .json file parses, and every save replays to its digest (``saves.load``);
- the settings load without a notice;
- no temporary file is left, and nothing was set aside as damaged (no ``.bad`` file);
- the game in progress is still offered once one was written;
- the start-up checks gave no notice (none claims damage).

Then the next child resumes the newest game in progress in the same folder, as a player would.
A kill "landed mid-write" when a temporary file existed before the start-up checks.

python tools/kill_writes.py                   # 250 kills; a summary, exit 1 on any failure
python tools/kill_writes.py --kills 20 --seed 7 --max-delay 0.1 --keep
"""

from __future__ import annotations

import argparse
import os
import random
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.core.jsonfile import JsonFileError, is_temp_name, read_json  # noqa: E402
from babel.core.paths import HOME_ENV  # noqa: E402

KILLS = 250
SEED = 1
MAX_DELAY = 0.3  # seconds from the child being ready (it writes from then on) to the kill; seeded
READY_SECONDS = 60.0  # a child not ready by then has failed (the run never hangs on one)
CHILD_MOVES = 50_000  # a child that is never killed stops by itself after this many moves
GAME = "duel"
LEVEL = "novice"  # the quickest bots: the child spends its time writing, not thinking
SETTINGS_EVERY = 3  # moves between settings writes
SAVE_EVERY = 5  # moves between named-save writes
SAVE_NAME = "Kill test"
READY, WRITTEN = b"R", b"W"  # what the child tells the parent through its standard output


# -- the child ----------------------------------------------------------------------------------
def child(seed: int) -> int:
    """Play and write until killed (or CHILD_MOVES moves, or the parent is gone)."""
    from babel.core import registry, saves
    from babel.core.match import Match, Seat
    from babel.core.settings import Settings, save_settings

    rules = registry.get(GAME)
    parent = os.getppid()

    def new_game(number: int) -> tuple[saves.SaveStore, Match]:
        seats = [Seat("Anna", LEVEL), Seat("Ben", LEVEL)]
        return saves.SaveStore(), Match(rules, rules.make_config(2), seed * 1000 + number, seats)

    kept = saves.SaveStore().in_progress()  # the newest game in progress goes on, as Continue
    if kept:
        store, match = saves.SaveStore(slot=kept[0].path), saves.restore(kept[0].record)
    else:
        store, match = new_game(0)
    os.write(1, READY)
    told = False
    for move in range(1, CHILD_MOVES + 1):
        if os.getppid() != parent:
            return 0
        seat = match.to_act()[0]
        match.submit(seat, match.bot_action(seat))
        if match.over:
            # the next game is on the shelf before the finished one leaves it
            next_store, next_match = new_game(move)
            first = next_match.to_act()[0]
            next_match.submit(first, next_match.bot_action(first))
            next_store.autosave(next_match, time.time())
            store.autosave(match, time.time())  # into the history
            store, match = next_store, next_match
        else:
            store.autosave(match, time.time())
        if not told:
            os.write(1, WRITTEN)
            told = True
        if move % SETTINGS_EVERY == 0:
            save_settings(Settings(volume=move % 101, last_names=("Anna", "Ben")))
        if move % SAVE_EVERY == 0:
            store.save(match, SAVE_NAME)
    return 0


# -- the parent ---------------------------------------------------------------------------------
@dataclass
class Tally:
    kills: int = 0
    mid_write: int = 0  # kills after which a temporary file was found before the start-up checks
    temp_kinds: Counter = field(default_factory=Counter)  # which file was being written
    files_checked: int = 0
    saves_replayed: int = 0
    written_once: bool = False
    most_in_progress: int = 0
    failures: list[str] = field(default_factory=list)

    def fail(self, kill: int, why: str) -> None:
        self.failures.append(f"kill {kill}: {why}")


def _walk(home: Path) -> list[Path]:
    out = []
    for root, _dirs, files in os.walk(home):
        out += [Path(root) / name for name in files]
    return out


def _temp_kind(name: str) -> str:
    """Which file a temporary file was for: its name starts with '.<target>.'."""
    target = name[1:].split(".json.", 1)[0]
    if target == "settings":
        return "settings"
    if target == SAVE_NAME:
        return "named save"
    if target == "index" or len(target.rpartition("-")[2]) == 16:
        return "history"
    return "game in progress"


def _read_for(fd: int, wanted: bytes, seconds: float) -> bytes:
    """Bytes from the child's pipe until ``wanted`` arrived, the pipe closed or time ran out."""
    got = b""
    end = time.monotonic() + seconds
    while wanted not in got:
        left = end - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            break
        chunk = os.read(fd, 64)
        if not chunk:
            break
        got += chunk
    return got


def check_after_kill(home: Path, kill: int, tally: Tally) -> None:
    """The next start, as the program makes it, and every file checked after it."""
    from babel.core import saves
    from babel.core.settings import load_settings
    from babel.core.startup import tidy_folders

    temps = [p.name for p in _walk(home) if is_temp_name(p.name)]
    if temps:
        tally.mid_write += 1
        tally.temp_kinds.update(_temp_kind(n) for n in temps)
    notices = tidy_folders(time.time())
    for notice in notices:
        tally.fail(kill, f"notice at start: {notice}")
    settings_notes: list[str] = []
    load_settings(settings_notes)
    for note in settings_notes:
        tally.fail(kill, f"settings: {note}")
    saves_dir = home / "data" / "saves"
    for path in _walk(home):
        rel = path.relative_to(home)
        if is_temp_name(path.name):
            tally.fail(kill, f"temporary file left after the start: {rel}")
        elif ".bad" in path.name:
            tally.fail(kill, f"a file was set aside as damaged: {rel}")
        elif path.suffix == ".json":
            tally.files_checked += 1
            try:
                read_json(path)
            except JsonFileError as exc:
                tally.fail(kill, f"{rel} does not parse: {exc}")
                continue
            if saves_dir in path.parents:
                try:
                    saves.load(path)
                    tally.saves_replayed += 1
                except saves.SaveError as exc:
                    tally.fail(kill, f"{rel} does not replay: {exc}")
    history_notes: list[str] = []
    saves.SaveStore().history.summaries(history_notes)
    for note in history_notes:
        tally.fail(kill, f"history: {note}")
    kept = saves.SaveStore().in_progress()
    tally.most_in_progress = max(tally.most_in_progress, len(kept))
    if tally.written_once and not kept:
        tally.fail(kill, "no game in progress is offered, though one was written")


def run(kills: int = KILLS, seed: int = SEED, max_delay: float = MAX_DELAY, keep: bool = False) -> Tally:
    """``kills`` children, each killed after a seeded random delay, each followed by the checks."""
    rng = random.Random(seed)
    tally = Tally()
    home = Path(tempfile.mkdtemp(prefix="babel-kill-"))
    before = os.environ.get(HOME_ENV)
    os.environ[HOME_ENV] = str(home)  # the parent's checks read the same folder
    env = dict(os.environ)
    env.pop("PYTHONSTARTUP", None)
    errors = home.parent / f"{home.name}.stderr"
    try:
        for kill in range(1, kills + 1):
            with open(errors, "wb") as err:
                proc = subprocess.Popen(
                    [sys.executable, __file__, "--child", str(seed * 100_000 + kill)],
                    stdout=subprocess.PIPE,
                    stderr=err,
                    env=env,
                )
            fd = proc.stdout.fileno()
            told = _read_for(fd, READY, READY_SECONDS)
            if READY in told:
                time.sleep(rng.uniform(0.0, max_delay))
            alive = proc.poll() is None
            if alive:
                os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
            told += _read_for(fd, b"\0", 1.0)  # the rest of what it wrote before it died
            proc.stdout.close()
            tally.kills += int(alive)
            if READY not in told or not alive:
                why = errors.read_bytes().decode("utf-8", "replace").strip().splitlines()[-3:]
                tally.fail(kill, f"the child ended by itself ({proc.returncode}): {' | '.join(why)}")
            tally.written_once = tally.written_once or WRITTEN in told
            check_after_kill(home, kill, tally)
    finally:
        if before is None:
            os.environ.pop(HOME_ENV, None)
        else:
            os.environ[HOME_ENV] = before
        errors.unlink(missing_ok=True)
        if keep:
            print(f"home kept: {home}")
        else:
            shutil.rmtree(home, ignore_errors=True)
    return tally


def summary(tally: Tally) -> str:
    kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(tally.temp_kinds.items())) or "none"
    return (
        f"{tally.kills} kills, {tally.mid_write} landed mid-write (temporary files found before the "
        f"start-up checks: {kinds}); {tally.files_checked} files checked, {tally.saves_replayed} "
        f"saves replayed, at most {tally.most_in_progress} games in progress; "
        f"{len(tally.failures)} failures"
    )


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--kills", type=int, default=KILLS)
    p.add_argument("--seed", type=int, default=SEED)
    p.add_argument(
        "--max-delay", type=float, default=MAX_DELAY, help="seconds, the longest wait before a kill"
    )
    p.add_argument("--keep", action="store_true", help="keep the home folder for a look afterwards")
    p.add_argument("--child", type=int, default=None, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child is not None:
        return child(args.child)
    t0 = time.perf_counter()
    tally = run(args.kills, args.seed, args.max_delay, args.keep)
    for failure in tally.failures[:50]:
        print(f"FAIL {failure[:300]}")
    print(f"{summary(tally)} in {time.perf_counter() - t0:.0f} s")
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
