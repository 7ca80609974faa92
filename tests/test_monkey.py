"""A short seeded monkey run over every scene: random clicks, drags, keys, text, wheel turns and
resizes with the clock advancing must raise nothing and leave no scene stuck. The long run is
``tools/monkey.py`` (see the README); this keeps the harness itself working."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def monkey():
    spec = importlib.util.spec_from_file_location("monkey", ROOT / "tools" / "monkey.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["monkey"] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop("monkey", None)


def test_a_short_seeded_monkey_run_over_every_scene_finds_nothing(monkey, tmp_path):
    scenes = list(monkey.all_scenes())
    assert {"menu", "settings", "saves", "rules", "blueprints"} <= set(scenes)
    assert any(s.endswith(":pass") for s in scenes) and any(s.endswith(":bots") for s in scenes)
    report = monkey.run(90, seed=3, sizes=[(1024, 640)], per_run=True, home=tmp_path)
    assert report.events == 90 * len(scenes)
    assert not report.exceptions, report.summary()
    assert not report.stuck, report.summary()


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
