"""The player's settings (window, animation speed, sound), persisted in the config folder.

Loading never raises: a damaged ``settings.json`` is set aside as ``settings.json.bad`` (so it
is not overwritten by the next save) and the defaults are used; a path that is not a file is left
alone. Either way a notice for the player is returned. Saving raises ``SettingsError`` with a
message for the player when the folder cannot be written.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace

from babel.core.jsonfile import JsonFileError, display_name, read_json, set_aside, write_json_atomic
from babel.core.names import DEFAULT_NAMES, MAX_NAME, clean_name, distinct_names
from babel.core.paths import config_dir

FILE = "settings.json"
ANIM_SPEEDS = ("slow", "normal", "fast", "instant")
MAX_REMEMBERED = 10
MAX_WINDOW = (7680, 4320)  # 8K: a larger size in the file is a damaged value


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
    if not isinstance(data, dict):
        return Settings()
    defaults = Settings()
    values = {}
    for f in fields(Settings):
        default = getattr(defaults, f.name)
        v = data.get(f.name, default)
        if isinstance(default, tuple):
            v = remembered_names(v) if isinstance(v, list) else default
        elif type(v) is not type(default):
            v = default
        values[f.name] = v
    s = Settings(**values)
    if s.anim_speed not in ANIM_SPEEDS:
        s = s.with_(anim_speed="normal")
    return s.with_(
        volume=max(0, min(100, s.volume)),
        window_w=min(MAX_WINDOW[0], max(1024, s.window_w)),
        window_h=min(MAX_WINDOW[1], max(640, s.window_h)),
    )


def load_settings(notices: list[str] | None = None) -> Settings:
    """The saved settings, or defaults when the file is missing or unusable (never raises).
    A message for the player about an unusable file is appended to ``notices``."""
    try:
        path = config_dir() / FILE
        data = read_json(path)
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
    return settings_from(data)


def _note(notices: list[str] | None, message: str) -> None:
    if notices is not None:
        notices.append(message)


def save_settings(settings: Settings) -> None:
    """Write the settings; raises SettingsError (with a message for the player) on failure."""
    data = asdict(settings)
    data["last_names"] = list(remembered_names(settings.last_names))
    try:
        write_json_atomic(config_dir() / FILE, data)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise SettingsError(f"Settings could not be saved ({reason}); they apply until you quit") from None
