"""Text fits where it matters: no label runs into another, nothing important is cut with "…".

Each check draws a real screen headless at the two reference window sizes while recording every
line of text the canvas draws, then compares the recorded boxes.
"""

from __future__ import annotations

import pygame
import pytest

from scenes import assets
from scenes.canvas import Canvas
from scenes.pilot import Pilot

SIZES = [(1600, 900), (1024, 640)]


class TextLog:
    """Records (text, logical rect) of every Canvas.text call while installed."""

    def __init__(self, monkeypatch) -> None:
        self.lines: list[tuple[str, pygame.Rect]] = []
        original = Canvas.text

        def text(canvas, s, pos, size=22, *args, **kwargs):
            rect = original(canvas, s, pos, size, *args, **kwargs)
            max_width = kwargs.get("max_width", args[3] if len(args) > 3 else None)
            role = kwargs.get("role", args[1] if len(args) > 1 else "sans")
            shown = s
            if max_width is not None:
                px = max(6, round(size * canvas.scale))
                shown = assets.ellipsize(s, role, px, max(8, round(max_width * canvas.scale)))
            self.lines.append((shown, pygame.Rect(rect)))
            return rect

        monkeypatch.setattr(Canvas, "text", text)

    def clear(self) -> None:
        self.lines.clear()


@pytest.fixture
def text_log(monkeypatch):
    return TextLog(monkeypatch)


def _pilot(size) -> Pilot:
    return Pilot(size=size)


@pytest.mark.parametrize("size", SIZES)
def test_setup_option_help_never_overlaps_the_next_label(size, text_log):
    from scenes.launcher.setup import SetupScene
    from scenes.tables import playable_games

    pilot = _pilot(size)
    try:
        for rules in playable_games():
            pilot.start(SetupScene(rules))
            text_log.clear()
            pilot.app.draw()
            widgets = [pygame.Rect(w.rect) for w in pilot.top.widgets.widgets if w.rect.x >= 1030]
            free = [
                (s, r) for s, r in text_log.lines if r.x >= 1030 and not any(w.contains(r) for w in widgets)
            ]
            for i, (s, r) in enumerate(free):
                assert not s.endswith("…"), (rules.info.id, s)
                for w in widgets:
                    assert not w.colliderect(r), (rules.info.id, size, s, "runs into a control")
                for t, q in free[i + 1 :]:
                    assert not r.colliderect(q), (rules.info.id, size, s, t)
            pilot.app.pop()
    finally:
        pygame.display.quit()
