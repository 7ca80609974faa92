"""JSON files the program owns: atomic writes, and reads that treat every file as untrusted.

Writes go to a temporary file beside the target and are renamed over it, so a crash or a full
disk mid-write leaves the old file intact and readers never see half a file. A kill between the
two steps can leave the temporary file behind: ``clean_temp_files`` removes ours (and only ours)
on the next start.

Reads survive any bytes: a named pipe, a directory, a broken link or a link loop is refused
without opening it for reading (so nothing blocks), the size is bounded, and bad text, bad JSON,
absurd nesting or numbers are all one ``JsonFileError`` whose message is fit for a player. A
damaged file is never overwritten silently: ``set_aside`` renames it beside itself.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Any

MAX_BYTES = 8 * 1024 * 1024  # no file the program writes comes near this
TEMP_SUFFIX = ".tmp"
# mkstemp's names: the prefix ".<target name>.<writer's pid>." (older versions: no pid) then 8
# characters from its alphabet, then ours.
_TEMP_NAME = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")
_TEMP_PID = re.compile(r"^\..+\.([0-9]{1,10})\.[a-z0-9_]{8}\.tmp$")
TEMP_MIN_AGE = 30.0  # seconds: a younger temporary file may belong to a write in progress


class JsonFileError(ValueError):
    """A file that cannot be used. ``missing``: there is no file; ``damaged``: a regular file
    whose content is not usable (the one kind worth setting aside); otherwise the path is not a
    readable regular file (a folder, a pipe, a broken link, no permission...)."""

    def __init__(self, message: str, missing: bool = False, damaged: bool = False) -> None:
        super().__init__(message)
        self.missing = missing
        self.damaged = damaged


def display_name(path: Path | str) -> str:
    """A file name fit to show: bytes that are not UTF-8 become U+FFFD, controls are dropped."""
    name = Path(path).name
    text = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return "".join(c if c.isprintable() else "\ufffd" for c in text)[:120]


def write_json_atomic(path: Path, data: Any) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        # a folder or a pipe where the file should be is the player's, not ours to replace
        raise OSError(errno.EEXIST, f"'{display_name(path)}' is {_kind(mode)}, not a file")
    text = json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def read_bytes(path: Path, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; raises JsonFileError otherwise.

    Never blocks: the type is checked before opening, and the open itself is non-blocking and
    checked again (the path could be swapped in between)."""
    path = Path(path)
    name = display_name(path)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        if os.path.lexists(path):
            raise JsonFileError(f"'{name}' is a link to nothing") from None
        raise JsonFileError(f"'{name}' does not exist", missing=True) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise JsonFileError(f"'{name}' is a link that loops") from None
        raise JsonFileError(f"'{name}' cannot be read ({exc.strerror or exc})") from None
    except ValueError:  # a NUL in the path
        raise JsonFileError(f"'{name}' is not a usable file name") from None
    if not stat.S_ISREG(st.st_mode):
        raise JsonFileError(f"'{name}' is {_kind(st.st_mode)}, not a file")
    if st.st_size > max_bytes:
        raise JsonFileError(f"'{name}' is too large ({st.st_size // 1024} KB)", damaged=True)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise JsonFileError(f"'{name}' cannot be read ({exc.strerror or exc})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise JsonFileError(f"'{name}' is {_kind(st.st_mode)}, not a file")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise JsonFileError(f"'{name}' is too large", damaged=True)
        return b"".join(chunks)
    except OSError as exc:
        raise JsonFileError(f"'{name}' cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def parse_json(raw: bytes, name: str = "the file") -> Any:
    """Decode and parse; every failure (not UTF-8, not JSON, nesting too deep, a number too long
    to convert) is a JsonFileError marked ``damaged``."""
    if not raw.strip():
        raise JsonFileError(f"'{name}' is empty", damaged=True)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise JsonFileError(f"'{name}' is not a text file", damaged=True) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise JsonFileError(f"'{name}' is damaged or cut short (line {exc.lineno})", damaged=True) from None
    except RecursionError:
        raise JsonFileError(f"'{name}' is damaged (nested too deeply)", damaged=True) from None
    except ValueError:  # e.g. an integer of more digits than Python converts
        raise JsonFileError(f"'{name}' is damaged (a number too long to read)", damaged=True) from None


def read_json(path: Path, max_bytes: int = MAX_BYTES) -> Any:
    """Parse a JSON file; raises JsonFileError (a ValueError) naming the problem, nothing else."""
    return parse_json(read_bytes(path, max_bytes), display_name(path))


def set_aside(path: Path) -> Path | None:
    """Rename a damaged file to ``<name>.bad`` (or .bad1, .bad2, ...) beside it, keeping it for
    the player; returns the new path, or None if it could not be moved (it is then left alone)."""
    path = Path(path)
    for n in range(1000):
        target = path.with_name(path.name + (".bad" if n == 0 else f".bad{n}"))
        if os.path.lexists(target):
            continue
        try:
            os.link(path, target, follow_symlinks=False)  # fails rather than replace a file
        except FileExistsError:
            continue  # taken between the look and the link
        except OSError:
            try:  # a file system without hard links: a rename, after the look above
                os.rename(path, target)
            except OSError:
                return None
            return target
        try:
            os.unlink(path)
        except OSError:
            pass  # kept under both names: nothing is lost, and the .bad copy is the one read
        return target
    return None


def keep_copy(path: Path, content: bytes) -> Path | None:
    """Write ``content`` (the bytes read from ``path``) beside it as ``<name>.bad`` (or .bad1,
    .bad2, ...; an existing file is never overwritten), for a file that is still used but will be
    rewritten without some of what it held. Returns the copy's path, or None if it could not be
    written (nothing is left behind then)."""
    path = Path(path)
    for n in range(1000):
        target = path.with_name(path.name + (".bad" if n == 0 else f".bad{n}"))
        try:
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            continue
        except OSError:
            return None
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(content)
                fh.flush()
                os.fsync(fh.fileno())
        except OSError:
            try:
                os.unlink(target)
            except OSError:
                pass
            return None
        return target
    return None


def is_temp_name(name: str) -> bool:
    """Whether a file name is one of ``write_json_atomic``'s temporary names."""
    return bool(_TEMP_NAME.match(name))


def clean_temp_files(folder: Path, now: float, min_age: float = TEMP_MIN_AGE) -> list[str]:
    """Remove temporary files an interrupted write left in ``folder`` (only regular files with
    our name pattern, whose writing process is gone, or older than ``min_age`` seconds at
    ``now``, a wall-clock time the caller reads: babel/ never reads the clock); returns the
    names removed. Never raises."""
    removed: list[str] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    for name in names:
        if not isinstance(name, str) or not is_temp_name(name):
            continue
        path = Path(folder) / name
        try:
            st = os.lstat(path)
            if stat.S_ISREG(st.st_mode) and (now - st.st_mtime >= min_age or _writer_gone(name)):
                os.unlink(path)
                removed.append(name)
        except OSError:
            continue
    return removed


def _writer_gone(name: str) -> bool:
    """Whether the process whose id is in a temporary file's name no longer runs (so its write
    can never finish). Names without an id, and our own writes, are left to the age rule."""
    found = _TEMP_PID.match(name)
    if found is None:
        return False
    pid = int(found.group(1))
    if pid <= 0 or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (OSError, OverflowError):
        return False
    return False
