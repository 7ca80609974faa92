"""The player's settings (window, animation speed, sound), persisted in the config folder."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace

from babel.core.jsonfile import read_json, write_json_atomic
from babel.core.paths import config_dir

FILE = "settings.json"
ANIM_SPEEDS = ("slow", "normal", "fast", "instant")


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


def load_settings() -> Settings:
    """The saved settings, or defaults when the file is missing or unreadable (never raises)."""
    try:
        data = read_json(config_dir() / FILE)
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    defaults = Settings()
    values = {}
    for f in fields(Settings):
        v = data.get(f.name, getattr(defaults, f.name))
        default = getattr(defaults, f.name)
        if isinstance(default, tuple):
            v = tuple(str(x) for x in v) if isinstance(v, list) else default
        elif type(v) is not type(default):
            v = default
        values[f.name] = v
    s = Settings(**values)
    if s.anim_speed not in ANIM_SPEEDS:
        s = s.with_(anim_speed="normal")
    return s.with_(
        volume=max(0, min(100, s.volume)), window_w=max(1024, s.window_w), window_h=max(640, s.window_h)
    )


def save_settings(settings: Settings) -> None:
    data = asdict(settings)
    data["last_names"] = list(settings.last_names)
    write_json_atomic(config_dir() / FILE, data)
