"""Where the program keeps saves, statistics and settings.

The user's data and config directories (platformdirs); ``BABEL_TOWERS_HOME`` moves both under
one folder, which tests and portable installs use.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "babel-towers"
HOME_ENV = "BABEL_TOWERS_HOME"


def _override() -> Path | None:
    value = os.environ.get(HOME_ENV)
    return Path(value) if value else None


def data_dir() -> Path:
    """Saves, statistics, custom blueprints. Created on first use (when it can be)."""
    root = _override()
    if root is not None:
        path = root / "data"
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    _make(path)
    return path


def config_dir() -> Path:
    """Settings. Created on first use (when it can be)."""
    root = _override()
    if root is not None:
        path = root / "config"
    else:
        import platformdirs

        path = Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    _make(path)
    return path


def _make(path: Path) -> None:
    """Create a folder if it can be; if not (a file in its place, no permission), reading from
    and writing to it fail later with messages for the player, never here."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
