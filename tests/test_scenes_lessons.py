"""Learn to play Der Turmbau zu Babel, Babel On! and Babel Builders: each opens from its setup
screen and completes headless by clicking where the table points (a disc, a card, a block, a
name plate, a cell, then the button that completes the move; a role note first closes), at
1600x900 and 1024x640, and each click path makes exactly the move the lesson suggested. At
every click the lesson's words cover neither what they point at nor a panel the step needs (the
private check, the offers, the floor plan, the towers, the prompt), there and at 3840x2160."""

from __future__ import annotations

import pygame
import pytest

from babel.core import registry
from scenes.launcher.setup import SetupScene
from scenes.lesson_walk import Step, follow, look, walk
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
SIZES = [(1600, 900), (1024, 640)]  # windows the lessons are clicked through
# and where the words' placement is checked at every click of the 1600x900 walk, by measuring
# only (tools/lesson_walk.py clicks through every lesson at 3840x2160 too)
BIG = ((3840, 2160),)


def also(size: tuple[int, int]) -> tuple:
    return BIG if size == SIZES[0] else ()


def open_lesson(pilot: Pilot, game: str) -> TableScene:
    """Open a game's lesson as a player does: its setup screen, then Learn to play."""
    pilot.start(SetupScene(registry.get(game)))
    learn = next(w for w in pilot.top.widgets.widgets if getattr(w, "label", "") == "Learn to play")
    pilot.click(learn.rect.center)
    table = pilot.top
    assert isinstance(table, TableScene) and table.lesson is not None
    return table


def walk_clear(pilot: Pilot, table: TableScene, sizes: tuple = ()) -> list[Step]:
    """Follow the lesson to its end by clicking where it points; at every click its words cover
    neither what they point at nor a panel the step needs, and stay in the window (this one and
    those of ``sizes``)."""
    steps = walk(pilot, table, also=sizes)
    bad = [(s.text[:50], s.problems) for s in steps if s.problems]
    assert not bad, bad
    assert all(s.bubble is not None for s in steps)
    return steps


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("game", "met", "complete"), LESSONS, ids=[g for g, _, _ in LESSONS])
def test_the_lesson_completes_by_following_its_prompts(game, met, complete, size):
    pilot = Pilot(size=size)
    try:
        table = open_lesson(pilot, game)
        steps = walk_clear(pilot, table, also(size))
        assert met <= table.lesson.seen
        assert complete in table.lesson_prompt().text
        assert any(s.bubble.target is not None for s in steps)
    finally:
        pygame.display.quit()


def test_the_words_keep_clear_of_the_open_floor_plan():
    """Babel On!'s floor plan, opened mid-lesson, keeps its title and floors in sight."""
    from scenes.tables.babel_on import layout

    pilot = Pilot(size=(1024, 640))
    try:
        table = open_lesson(pilot, "babel_on")
        steps: list[Step] = []
        follow(pilot, table, steps)
        assert pilot.until(lambda: table.lesson_prompt() is not None, 30)
        pilot.press(pygame.K_f)
        assert table.plan_for is not None
        look(pilot, table, steps, None)
        assert layout.PLAN_RECT in steps[-1].clear.need
        assert not steps[-1].problems and not steps[-1].bubble.rect.colliderect(layout.PLAN_RECT)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", [(1024, 640), (3840, 2160)])
def test_the_placement_keeps_off_the_target_and_the_panels_a_step_needs(size):
    """The table's usual spot is taken (the target and a panel lie on it): the words go where
    neither is, inside the window, and their arrow ends at the target's glow; a panel over the
    whole window cannot be avoided, the target still is."""
    from scenes.lesson_walk import measuring_canvas
    from scenes.table_lesson import Clear, place_bubble

    pygame.font.init()
    canvas = measuring_canvas(size)
    paras = [("New rule", "A rule, in a few words of explanation. " * 4), ("Your move", "Click it.")]
    home = (60, 150, 440, 0)
    target = pygame.Rect(200, 200, 60, 80)
    need = (pygame.Rect(0, 0, 1600, 140), pygame.Rect(40, 420, 700, 300), pygame.Rect(900, 0, 700, 900))
    bubble = place_bubble(canvas, paras, target, Clear(need), home)
    r = bubble.rect
    assert pygame.Rect(0, 0, 1600, 900).contains(r)
    assert not r.colliderect(target) and r.collidelist(list(need)) == -1
    assert target.inflate(24, 24).collidepoint(bubble.arrow[1])
    everywhere = place_bubble(canvas, paras, target, Clear((pygame.Rect(0, 0, 1600, 900),)), home)
    assert not everywhere.rect.colliderect(target)


@pytest.mark.parametrize("game", ["builders"])  # the most crowded steps (tools/lesson_walk.py: all)
def test_the_lesson_words_keep_clear_at_200_percent_text(game):
    """At the largest text size the words are as large as still fit and keep clear: no click's
    words leave the window or cover what they point at or a panel the step needs."""
    from babel.core.settings import Settings
    from scenes import theme

    pilot = Pilot(size=(1024, 640), settings=Settings(phone_address="127.0.0.1", text_size=200))
    try:
        table = open_lesson(pilot, game)
        steps = walk_clear(pilot, table)
        assert any(s.bubble.grow > 1.0 for s in steps)  # the words did grow where there was room
    finally:
        theme.set_text_size(100)
        pygame.display.quit()
