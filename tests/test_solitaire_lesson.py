"""Learn to play, the solitaire: opened from the setup screen, the lesson completes headless by
clicking where the table points (the pile; a stack, then where it goes)."""

from __future__ import annotations

import pygame
import pytest

from scenes.pilot import Pilot
from tests.test_scenes_lessons import open_lesson

pytestmark = pytest.mark.usefixtures("unthreaded_tables")  # the lesson's bots play inline


def test_the_solitaire_lesson_completes_by_following_its_prompts():
    pilot = Pilot(size=(1024, 640))
    try:
        table = open_lesson(pilot, "solitaire")
        for _ in range(30):
            if table.lesson.done:
                break
            assert pilot.until(lambda: table.lesson_prompt() is not None, 10)
            prompt = table.lesson_prompt()
            ply = table.match.ply
            pilot.click(table.lesson_target(prompt.target).center)
            if prompt.target[0] == "move":
                assert table.selected == prompt.target[1]  # the stack is picked up; now where it goes
                pilot.app.draw()
                pilot.click(table.lesson_target(prompt.target).center)
            assert table.match.ply == ply + 1
            assert table.match.log[ply].text == table.rules.action_text(prompt.action)
            pilot.app.draw()
        assert table.lesson.done and {"draw", "one", "three"} <= table.lesson.seen
        assert pilot.until(lambda: table.lesson_prompt() is not None, 10)
        assert "You know the moves now" in table.lesson_prompt().text
    finally:
        pygame.display.quit()
