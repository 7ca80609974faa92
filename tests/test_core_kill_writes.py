"""A small run of tools/kill_writes.py (the full run is 250 kills): a process writing a game in
progress, the settings and a named save after every move is killed with SIGKILL at seeded random
moments; after each kill the start-up checks leave no temporary file, every file parses and every
save replays, and the game in progress is still offered."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "kill_writes", Path(__file__).resolve().parents[1] / "tools" / "kill_writes.py"
)
kill_writes = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("kill_writes", kill_writes)  # dataclasses look their module up
_spec.loader.exec_module(kill_writes)

KILLS = 12


def test_kills_during_writes_break_no_file():
    home_before = os.environ.get(kill_writes.HOME_ENV)
    tally = kill_writes.run(kills=KILLS, seed=3, max_delay=0.15)
    assert tally.failures == [], tally.failures
    assert tally.kills == KILLS
    assert tally.written_once  # at least one child lived to write its game
    assert tally.saves_replayed > 0
    assert os.environ.get(kill_writes.HOME_ENV) == home_before  # the test's own home is back


def test_a_temporary_file_names_the_file_it_was_for():
    assert kill_writes._temp_kind(".settings.json.4242.ab12cd34.tmp") == "settings"
    assert kill_writes._temp_kind(f".{kill_writes.SAVE_NAME}.json.4242.ab12cd34.tmp") == "named save"
    assert kill_writes._temp_kind(".duel-3.json.4242.ab12cd34.tmp") == "game in progress"
