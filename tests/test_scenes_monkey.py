"""A short seeded monkey run over every scene: random clicks, drags, keys, text, wheel turns and
resizes with the clock advancing must raise nothing and leave no scene stuck. The long run is
``tools/monkey.py`` (see the README); this keeps the harness itself working."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_a_short_seeded_monkey_run_over_every_scene_finds_nothing(tmp_path):
    """Run in its own process: the monkey swaps the bot executor and fills every cache, and no
    other test should inherit that."""
    out = tmp_path / "report.json"
    cmd = [sys.executable, str(ROOT / "tools" / "monkey.py"), "--seed", "3", "--events", "90", "--per-run"]
    cmd += ["--sizes", "1024x640", "--json", str(out)]
    env = dict(os.environ, BABEL_TOWERS_HOME=str(tmp_path / "home"), PYTHONPATH=str(ROOT))
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
    listed = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "monkey.py"), "--list"], env=env, capture_output=True, text=True
    ).stdout.split()
    assert {"menu", "settings", "saves", "rules", "blueprints"} <= set(listed)
    assert any(s.endswith(":pass") for s in listed) and any(s.endswith(":bots") for s in listed)
    report = json.loads(out.read_text())
    assert report["events"] == 90 * len(listed), done.stdout[-2000:] + done.stderr[-2000:]
    assert not report["exceptions"], done.stdout[-4000:]
    assert not report["stuck"], done.stdout[-4000:]


# -- what the monkey found ------------------------------------------------------------------------
def test_text_of_invisible_characters_draws_as_nothing():
    """Typing a zero-width space into a text box crashed every frame: 'Text has zero width'."""
    import pygame

    from scenes.pilot import Pilot
    from scenes.widgets.basic import TextInput

    pilot = Pilot(size=(1024, 640))
    box = TextInput((100, 100, 300, 50), "", lambda text: None)
    try:
        for text in ("\u200b", "\u200d\u2060", "\ufeff", "\u00ad"):
            box.text = text
            box.draw(pilot.app.canvas, (0, 0))
            pilot.app.canvas.text(text, (10, 10), 22)
    finally:
        pygame.display.quit()
