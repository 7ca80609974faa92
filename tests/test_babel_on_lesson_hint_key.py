"""The Babel On! lesson's closing words name the key its table really binds to the hint (H there
switches the hand whose risk is shown), so the learner is not told to press the wrong key."""

from __future__ import annotations

import pygame

from scenes.tables.babel_on.table import BabelOnTable
from scenes.tutorials.babel_on import BabelOnLesson


def test_completed_lesson_names_the_bound_hint_key() -> None:
    lesson = BabelOnLesson(game_id="babel_on", seed=18, required=("drew",))
    lesson.seen.add("drew")
    match = lesson.new_match()
    legal = match.legal(0)
    assert legal, "the learner acts first in the lesson's deal"
    prompt = lesson.prompt(match.view(0), legal)
    assert prompt is not None
    key = pygame.key.name(BabelOnTable.HINT_KEY).upper()
    assert f"the hint, {key}, helps" in prompt.text
    assert key != "H" and "the hint, H," not in prompt.text
