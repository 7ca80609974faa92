"""Learn to play Der Turmbau zu Babel, Babel On! and Babel Builders: each opens from its setup
screen and completes headless by clicking where the table points (a disc, a card, a block, a
name plate, a cell, then the button that completes the move; a role note first closes), at
both window sizes, and each click path makes exactly the move the lesson suggested."""

from __future__ import annotations

import pygame
import pytest

from babel.core import registry
from scenes.launcher.setup import SetupScene
from scenes.pilot import Pilot
from scenes.table import TableScene

pytestmark = pytest.mark.usefixtures("unthreaded_tables")  # the lesson's bots play inline

# game, the rules and milestones the lesson must have met, the words once it is complete
LESSONS = [
    ("turmbau", {"pass", "you_built", "you_offered", "you_invited", "refused"}, "You know a whole turn now"),
    (
        "babel_on",
        {"drew", "moved", "guessed_wrong", "your_bonus", "draw", "take", "round"},
        "You know the turn now",
    ),
    ("builders", {"appoint", "place", "pass", "you_handed_in", "you_were_master"}, "You know a round now"),
]
CLICKS = 6  # the most clicks one suggested move takes (plates or cards, then Confirm)


def open_lesson(pilot: Pilot, game: str) -> TableScene:
    """Open a game's lesson as a player does: its setup screen, then Learn to play."""
    pilot.start(SetupScene(registry.get(game)))
    learn = next(w for w in pilot.top.widgets.widgets if getattr(w, "label", "") == "Learn to play")
    pilot.click(learn.rect.center)
    table = pilot.top
    assert isinstance(table, TableScene) and table.lesson is not None
    return table


def _follow(pilot: Pilot, table: TableScene) -> None:
    """Click where the lesson points until the learner has moved; the move must be the one the
    lesson suggested (the bots may move around it, unthreaded)."""
    assert pilot.until(lambda: table.lesson_prompt() is not None, 30)
    prompt = table.lesson_prompt()
    ply = table.match.ply
    for _ in range(CLICKS):
        pilot.app.draw()
        target = table.lesson_target(prompt.target)
        if target is None:  # a note over the table (Builders' role card) closes with Space
            pilot.press(pygame.K_SPACE)
            continue
        pilot.click(target.center)
        if any(e.seat == 0 for e in table.match.log[ply:]):
            break
    mine = [e.text for e in table.match.log[ply:] if e.seat == 0]
    assert mine == [table.rules.action_text(prompt.action)]


@pytest.mark.parametrize("size", [(1600, 900), (1024, 640)])
@pytest.mark.parametrize(("game", "met", "complete"), LESSONS, ids=[g for g, _, _ in LESSONS])
def test_the_lesson_completes_by_following_its_prompts(game, met, complete, size):
    pilot = Pilot(size=size)
    try:
        table = open_lesson(pilot, game)
        for _ in range(30):
            if table.lesson.done:
                break
            _follow(pilot, table)
        assert table.lesson.done
        assert met <= table.lesson.seen
        assert pilot.until(lambda: table.lesson_prompt() is not None, 30)
        assert complete in table.lesson_prompt().text
    finally:
        pygame.display.quit()
