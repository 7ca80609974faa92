"""What the program checks in its data folders when it starts, before any screen opens.

Temporary files an interrupted write left behind are removed (only the program's own name
pattern; the history's folder included), an earlier version's single autosave becomes a game in progress, and every game in
progress is replayed in full: one that does not replay is set aside (``NAME.bad``) with a
notice, so nothing writes over it. Nothing here raises: a folder that cannot be used only
becomes a notice for the player.
"""

from __future__ import annotations

from babel.core.jsonfile import clean_temp_files
from babel.core.paths import config_dir, data_dir
from babel.core.saves import HISTORY, IN_PROGRESS, SaveStore


def tidy_folders(now: float) -> list[str]:
    """Clean up after interrupted writes and check the games in progress; returns notices.
    ``now`` is the wall-clock time (the caller reads it; babel/ never reads the clock)."""
    notices: list[str] = []
    folders = [data_dir(), data_dir() / "saves", config_dir(), data_dir() / "saves" / IN_PROGRESS, data_dir() / HISTORY]
    for folder, what in ((folders[0], "data"), (folders[2], "settings")):
        if not folder.is_dir():
            shown = str(folder).encode("utf-8", "surrogateescape").decode("utf-8", "replace")
            notices.append(f"The {what} folder cannot be used, so nothing is saved there: {shown}")
    for folder in folders:
        clean_temp_files(folder, now)
    if folders[0].is_dir():
        store = SaveStore(folders[1])
        notices += store.take_over_autosave()
        store.in_progress(notices)
    return notices
