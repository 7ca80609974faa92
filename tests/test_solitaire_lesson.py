"""Learn to play, the solitaire: opened from the setup screen, the lesson completes headless by
clicking where the table points (the pile; a stack, then where it goes) at 1600x900 and
1024x640, its words covering neither what they point at nor the pile, the line or the status
line at any click, there and at 3840x2160."""

from __future__ import annotations

import pygame
import pytest

from scenes.lesson_walk import Step, look
from scenes.pilot import Pilot
from tests.test_scenes_lessons import SIZES, also, open_lesson

pytestmark = pytest.mark.usefixtures("unthreaded_tables")  # the lesson's bots play inline


def _click_target(pilot: Pilot, table, prompt, steps: list[Step]) -> None:
    look(pilot, table, steps, None, also(pilot.app.canvas.surface.get_size()))
    assert not steps[-1].problems, steps[-1].problems
    pilot.click(table.lesson_target(prompt.target).center)


@pytest.mark.parametrize("size", SIZES)
def test_the_solitaire_lesson_completes_by_following_its_prompts(size):
    pilot = Pilot(size=size)
    steps: list[Step] = []
    try:
        table = open_lesson(pilot, "solitaire")
        for _ in range(30):
            if table.lesson.done:
                break
            assert pilot.until(lambda: table.lesson_prompt() is not None, 10)
            prompt = table.lesson_prompt()
            ply = table.match.ply
            _click_target(pilot, table, prompt, steps)
            if prompt.target[0] == "move":
                assert table.selected == prompt.target[1]  # the stack is picked up; now where it goes
                _click_target(pilot, table, prompt, steps)
            assert table.match.ply == ply + 1
            assert table.match.log[ply].text == table.rules.action_text(prompt.action)
        assert table.lesson.done and {"draw", "one", "three"} <= table.lesson.seen
        assert pilot.until(lambda: table.lesson_prompt() is not None, 10)
        assert "You know the moves now" in table.lesson_prompt().text
        look(pilot, table, steps, None)
        assert not steps[-1].problems
    finally:
        pygame.display.quit()
