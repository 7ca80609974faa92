"""What the program checks in its data folders when it starts, before any screen opens.

Temporary files an interrupted write left behind are removed (only the program's own name
pattern), and a damaged autosave is set aside so the next game does not overwrite it. Nothing
here raises: a folder that cannot be used only becomes a notice for the player.
"""

from __future__ import annotations

from babel.core.jsonfile import clean_temp_files
from babel.core.paths import config_dir, data_dir
from babel.core.saves import SaveStore


def tidy_folders(now: float) -> list[str]:
    """Clean up after interrupted writes and check the autosave; returns notices to show.
    ``now`` is the wall-clock time (the caller reads it; babel/ never reads the clock)."""
    notices: list[str] = []
    folders = [data_dir(), data_dir() / "saves", config_dir()]
    for folder, what in ((folders[0], "data"), (folders[2], "settings")):
        if not folder.is_dir():
            shown = str(folder).encode("utf-8", "surrogateescape").decode("utf-8", "replace")
            notices.append(f"The {what} folder cannot be used, so nothing is saved there: {shown}")
    for folder in folders:
        clean_temp_files(folder, now)
    notice = SaveStore(folders[1]).check_autosave() if folders[0].is_dir() else None
    if notice:
        notices.append(notice)
    return notices
