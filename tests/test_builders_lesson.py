"""Learn to play Babel Builders: opened from the setup screen, the lesson completes
headless by clicking where the table points (name plates, cards, a cell,
then Confirm), and each click makes exactly the move the lesson suggested."""

from __future__ import annotations

import pygame
import pytest

from babel.core import registry
from scenes.launcher.setup import SetupScene
from scenes.pilot import Pilot
from scenes.table import TableScene


@pytest.fixture(autouse=True)
def unthreaded_tables(monkeypatch):
    from scenes import tables

    real = tables.table_for
    monkeypatch.setattr(tables, "table_for", lambda gid: lambda m, s: real(gid)(m, s, threaded=False))


@pytest.mark.parametrize("size", [(1600, 900), (1024, 640)])
def test_the_builders_lesson_completes_by_following_its_prompts(size):
    pilot = Pilot(size=size)
    try:
        pilot.start(SetupScene(registry.get("builders")))
        learn = next(w for w in pilot.top.widgets.widgets if getattr(w, "label", "") == "Learn to play")
        pilot.click(learn.rect.center)
        table = pilot.top
        assert isinstance(table, TableScene) and table.lesson is not None
        for _ in range(20):
            if table.lesson.done:
                break
            assert pilot.until(lambda: table.lesson_prompt() is not None, 30)
            prompt = table.lesson_prompt()
            ply = table.match.ply
            for _click in range(6):  # plates or cards first, then Confirm (the role note closes first)
                pilot.app.draw()
                target = table.lesson_target(prompt.target)
                if target is None:  # the role note is open: it closes with a click or Space
                    pilot.press(pygame.K_SPACE)
                    continue
                pilot.click(target.center)
                if any(e.seat == 0 for e in table.match.log[ply:]):
                    break
            # the learner made exactly the suggested move (the bots may move around it, unthreaded)
            mine = [e.text for e in table.match.log[ply:] if e.seat == 0]
            assert mine == [table.rules.action_text(prompt.action)]
        assert table.lesson.done
        assert {"appoint", "place", "pass", "you_handed_in", "you_were_master"} <= table.lesson.seen
        assert pilot.until(lambda: table.lesson_prompt() is not None, 30)
        assert "You know a round now" in table.lesson_prompt().text
    finally:
        pygame.display.quit()
