"""The player's settings (window, animation speed, calm motion, contrast, text size, sound, keys), persisted in the config folder.

Loading never raises. A damaged ``settings.json`` is set aside as ``settings.json.bad`` (so it
is not overwritten by the next save) and the defaults are used; a path that is not a file is left
alone. A file with some bad values (a volume of 1e400, names given as text) is read field by
field: every good value is used, each bad one gives way to its default and is named in the
notice, and the file as it was is copied to ``settings.json.bad`` before it is written again.
Either way a notice for the player is returned. Saving raises ``SettingsError`` with a message
for the player when the folder cannot be written.

Keys this version does not know (a later version's settings, say) are neither reported nor
lost: saving keeps them as they are in the file, so going back and forth between versions
does not reset the newer one's choices.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path

from babel.core.jsonfile import (
    JsonFileError,
    display_name,
    keep_copy,
    parse_json,
    read_bytes,
    read_json,
    set_aside,
    write_json_atomic,
)
from babel.core.keybindings import checked_keys
from babel.core.names import DEFAULT_NAMES, MAX_NAME, clean_label, clean_name, distinct_names, name_problem
from babel.core.paths import config_dir
from babel.core.setup_memory import checked_setups

FILE = "settings.json"
ANIM_SPEEDS = ("slow", "normal", "fast", "instant")
MAX_REMEMBERED = 10
MAX_WINDOW = (7680, 4320)  # 8K: a larger size in the file is a damaged value
MIN_WINDOW = (1024, 640)
RANGES = {  # whole-number fields: the values a file may hold (anything else is a bad value)
    "window_w": (MIN_WINDOW[0], MAX_WINDOW[0]),
    "window_h": (MIN_WINDOW[1], MAX_WINDOW[1]),
    "volume": (0, 100),
    "keep_games": (1, 500),
    "keep_history": (10, 100_000),
    "phone_port": (0, 65535),
}
CONTRASTS = ("normal", "high")
TEXT_SIZES = (100, 125, 150, 200)  # percent of the words' usual size
CHOICES = {"anim_speed": ANIM_SPEEDS, "contrast": CONTRASTS, "text_size": TEXT_SIZES}
NOTICE_CHARS = 110  # a notice is one line over the menu; a longer list of fields drops the reasons
LABELS = {  # how a notice names a field
    "window_w": "window width",
    "window_h": "window height",
    "fullscreen": "full screen",
    "anim_speed": "animation speed",
    "volume": "sound volume",
    "last_names": "remembered names",
    "coach": "coach",
    "keep_games": "games kept in progress",
    "keep_history": "finished games kept",
    "phone_address": "phones' network address",
    "phone_port": "phones' port",
    "setups": "remembered game setups",
    "reduce_motion": "reduce motion",
    "contrast": "contrast",
    "text_size": "text size",
    "keys": "keys",
}


class SettingsError(Exception):
    """The settings could not be saved; the message is fit to show the player."""


@dataclass(frozen=True)
class Settings:
    window_w: int = 1280
    window_h: int = 800
    fullscreen: bool = False
    anim_speed: str = "normal"
    volume: int = 70  # percent; 0 is silent
    last_names: tuple[str, ...] = ()
    coach: bool = True  # the Hint button and key at every table (off for purists)
    keep_games: int = 20  # unfinished games kept; past it the oldest goes only after asking
    keep_history: int = 500  # finished games kept in the history; past it the oldest goes
    phone_address: str = ""  # the IPv4 address phone seats connect to ("" : the first local one)
    phone_port: int = 0  # the phone server's port (0: any free port)
    # each game's setup as last started: players, seats' kinds, names, colours (setup_memory)
    setups: dict = field(default_factory=dict)
    reduce_motion: bool = False  # no flights, shakes or sways: things appear where they land
    contrast: str = "normal"  # "high": plain dark felt, white on black panels, strong outlines
    text_size: int = 100  # percent: the words of panels, dialogs, lessons, the coach and the logs
    # the player's own keys: action id -> key name, only where not the default (keybindings)
    keys: dict = field(default_factory=dict)

    def with_(self, **changes) -> Settings:
        return replace(self, **changes)


def remembered_names(names) -> tuple[str, ...]:
    """Names fit to remember: at most ten, each cleaned, none repeated (a repeat or an invisible
    name becomes a default name)."""
    raw = [n if isinstance(n, str) else "" for n in list(names)[:MAX_REMEMBERED]]
    # the list keeps its length (one name per seat); "Anna, Carla, Carla" keeps the first Carla
    # and gives the second seat a default name nobody uses.
    cleaned = [clean_name(n[: MAX_NAME * 4]) for n in raw]
    return tuple(distinct_names(cleaned, DEFAULT_NAMES))


def settings_from(data: object) -> Settings:
    """Settings from parsed JSON: every field of the wrong type or out of range is the default."""
    return checked_settings(data)[0]


def checked_settings(data: object) -> tuple[Settings, tuple[tuple[str, str], ...]]:
    """Settings from parsed JSON, field by field: every usable value is kept, every bad one
    gives way to its default and is described as (field, what was wrong): ("sound volume",
    "infinite"). Keys this version does not know are no settings of its own and are not
    reported (see ``save_settings``)."""
    if not isinstance(data, dict):
        return Settings(), ()
    defaults = Settings()
    values: dict[str, object] = {}
    problems: list[tuple[str, str]] = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        value, problem = _check_field(f.name, data[f.name], getattr(defaults, f.name))
        values[f.name] = value
        if problem:
            problems.append((_label(f.name), problem))
    return Settings(**values), tuple(problems)


def _label(key: str) -> str:
    return LABELS.get(key, key.replace("_", " "))


def _check_field(key: str, raw: object, default: object) -> tuple[object, str]:
    """The value to use for one field and what was wrong with ``raw`` ("" when nothing)."""
    if key == "setups":
        return checked_setups(raw)
    if key == "keys":
        return checked_keys(raw)
    if isinstance(default, bool):
        return (raw, "") if isinstance(raw, bool) else (default, f"{_shown(raw)}, not on or off")
    if isinstance(default, int):
        number, problem = _whole_number(raw)
        low, high = RANGES.get(key, (None, None))
        if not problem and low is not None and number < low:
            problem = f"{_number(number)} is under {low}"
        elif not problem and high is not None and number > high:
            problem = f"{_number(number)} is over {high}"
        elif not problem and key in CHOICES and number not in CHOICES[key]:
            problem = f"{_number(number)} is not one of {', '.join(map(str, CHOICES[key]))}"
        return (default, problem) if problem else (number, "")
    if isinstance(default, str):
        choices = CHOICES.get(key)
        if not isinstance(raw, str):
            return default, f"{_shown(raw)}, not a word"
        if key == "phone_address" and raw and not _ipv4(raw):
            return default, f"{_shown(raw)} is not an address like 192.168.1.20"
        if choices is not None and raw not in choices:
            return default, f"{_shown(raw)} is not one of {', '.join(choices)}"
        return raw, ""
    if isinstance(default, tuple):
        return _check_names(raw, default)
    return default, ""  # a field of a kind this check does not know keeps its default


def _ipv4(text: str) -> bool:
    parts = text.split(".")
    return len(text) <= 15 and len(parts) == 4 and all(p.isascii() and p.isdigit() and int(p) < 256 for p in parts)


def _whole_number(raw: object) -> tuple[int, str]:
    if isinstance(raw, bool) or not isinstance(raw, (int, float)):
        return 0, f"{_shown(raw)}, not a number"
    if isinstance(raw, float):
        if math.isnan(raw):
            return 0, "not a number"
        if math.isinf(raw):
            return 0, "infinite"
        if not raw.is_integer():
            return 0, f"{raw:g} is not a whole number"
        return int(raw), ""
    return raw, ""


def _number(n: int) -> str:
    """A whole number as a notice shows it: a file may hold one of thousands of digits."""
    digits = len(str(abs(n)))
    return str(n) if digits <= 12 else f"a number of {digits} digits"


def _check_names(raw: object, default: tuple) -> tuple[tuple[str, ...], str]:
    """Remembered names: a list of at most ten distinct names; a bad entry gives way to a
    default name (one name per seat, so the others keep their places)."""
    if not isinstance(raw, list):
        return default, f"{_shown(raw)}, not a list of names"
    problem = ""
    seen: dict[str, int] = {}
    for number, name in enumerate(raw[:MAX_REMEMBERED], start=1):
        why = name_problem(name)
        if why is None and name.casefold() in seen:
            why = f"the same as name {seen[name.casefold()]}"
        if why is not None:
            problem = problem or f"name {number}: {why}"
        elif name.casefold() not in seen:
            seen[name.casefold()] = number
    if len(raw) > MAX_REMEMBERED:
        problem = problem or f"{len(raw)} names, only the first {MAX_REMEMBERED} are kept"
    return remembered_names(raw), problem


def _shown(value: object) -> str:
    """A bad value in a few words (text is cleaned and cut: a file may hold anything)."""
    if value is None:
        return "empty (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        text = clean_label(value[:200])
        return f"'{text[:16]}…'" if len(text) > 16 else f"'{text}'" if text else "invisible text"
    if isinstance(value, (int, float)):
        return _whole_number(value)[1] or f"{value:g}"[:16]
    return "a list" if isinstance(value, list) else "a group of values"


def load_settings(notices: list[str] | None = None) -> Settings:
    """The saved settings, or defaults when the file is missing or unusable (never raises).
    A message for the player about an unusable file or value is appended to ``notices``.

    A file with some bad values keeps every good one; the file as it was is copied beside itself
    as ``settings.json.bad`` before it is rewritten without the bad values."""
    try:
        path = config_dir() / FILE
        raw = read_bytes(path)
        data = parse_json(raw, display_name(path))
    except JsonFileError as exc:
        if exc.damaged:
            moved = set_aside(path)
            kept = f"; it was kept as {display_name(moved)}" if moved else ""
            _note(notices, f"The settings file was damaged, so the defaults are used{kept}")
        elif not exc.missing:
            _note(notices, f"The settings cannot be read ({exc}); the defaults are used")
        return Settings()
    except OSError as exc:  # the config folder itself cannot be made
        _note(notices, f"The settings folder cannot be used ({exc.strerror or exc}); the defaults are used")
        return Settings()
    if not isinstance(data, dict):
        moved = set_aside(path)
        kept = f"; it was kept as {display_name(moved)}" if moved else ""
        _note(notices, f"The settings file was not a settings file, so the defaults are used{kept}")
        return Settings()
    settings, problems = checked_settings(data)
    if problems:
        for notice in _bad_values_notices(problems, _keep_and_rewrite(path, raw, settings)):
            _note(notices, notice)
    return settings


def _keep_and_rewrite(path: Path, raw: bytes, settings: Settings) -> Path | None:
    """Copy the file as it was aside, then write it again with only usable values (so the next
    start is quiet). Without a copy the file is not touched here."""
    kept = keep_copy(path, raw)
    if kept is not None:
        try:
            save_settings(settings)
        except SettingsError:
            pass  # the copy is kept; the file is rewritten when the settings are next saved
    return kept


def _bad_values_notices(problems: tuple[tuple[str, str], ...], kept: Path | None) -> list[str]:
    """Two messages, each short enough for one line: the fields set back (with what was wrong,
    when that fits) and where the file as it was went."""
    listed = "Settings set back to default: " + ", ".join(f"{label} ({why})" for label, why in problems)
    if len(listed) > NOTICE_CHARS:
        listed = "Unusable settings set back to default: " + ", ".join(label for label, _ in problems)
    if kept is None:
        return [listed, "The settings file could not be copied aside: a change of settings will replace it"]
    return [listed, f"The settings file as it was is kept as {display_name(kept)}"]


def _note(notices: list[str] | None, message: str) -> None:
    if notices is not None:
        notices.append(message)


def save_settings(settings: Settings) -> None:
    """Write the settings; raises SettingsError (with a message for the player) on failure.
    Keys of the file on disk that are no field of ``Settings`` are written back unchanged."""
    path = config_dir() / FILE
    data = _unknown_keys(path)
    data.update(asdict(settings))
    data["last_names"] = list(remembered_names(settings.last_names))
    try:
        write_json_atomic(path, data)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise SettingsError(f"Settings could not be saved ({reason}); they apply until you quit") from None


def _unknown_keys(path: Path) -> dict:
    """The entries of the settings file on disk that this version has no field for (none when
    the file is missing or unreadable: a damaged file was set aside when it was loaded)."""
    try:
        data = read_json(path)
    except (JsonFileError, OSError):
        return {}
    if not isinstance(data, dict):
        return {}
    known = {f.name for f in fields(Settings)}
    return {k: v for k, v in data.items() if k not in known}
