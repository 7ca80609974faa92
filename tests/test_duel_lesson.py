"""Learn to play, the duel: the lesson completes headless by following its own prompts (clicking
where the table points) at 1600x900 and 1024x640, its words clear of the card they point at and
of the played cards, plates and prompt (there and at 3840x2160); it explains each rule the first
time, and can be left and resumed."""

from __future__ import annotations

import pygame
import pytest

from scenes.launcher.menu import MainMenu
from scenes.lesson_walk import Step, look
from scenes.pilot import Pilot
from scenes.table import TableScene
from scenes.widgets.confirm import ConfirmDialog
from tests.test_scenes_lessons import SIZES, also

pytestmark = pytest.mark.usefixtures("unthreaded_tables")  # the lesson's bots play inline


@pytest.fixture
def pilot_size():
    return (1024, 640)


def _learn_button(menu: MainMenu):
    rect = next(r for r, rules in menu.games if rules.info.id == "duel")
    return next(
        w
        for w in menu.buttons.widgets
        if getattr(w, "label", "") == "Learn to play" and rect.contains(w.rect)
    )


def _open_lesson(pilot) -> TableScene:
    pilot.start(MainMenu())
    pilot.click(_learn_button(pilot.top).rect.center)
    table = pilot.top
    assert isinstance(table, TableScene) and table.lesson is not None
    return table


def _follow_one_prompt(pilot, table) -> bool:
    """Click where the lesson points; False when it has nothing to point at. Before the click,
    the lesson's words cover neither the card nor the played cards, the plates or the prompt."""
    assert pilot.until(lambda: table.lesson_prompt() is not None or table.match.over, 30)
    prompt = table.lesson_prompt()
    if prompt is None or prompt.action is None:
        return False
    steps: list[Step] = []
    look(pilot, table, steps, None, also(pilot.app.canvas.surface.get_size()))
    assert not steps[0].problems, steps[0].problems
    target = table.lesson_target(prompt.target)
    assert target is not None, prompt
    ply = table.match.ply
    pilot.click(target.center)
    assert table.match.ply > ply, "the click where the lesson points played the card"
    assert table.match.log[ply].text == table.rules.action_text(prompt.action)
    return True


@pytest.mark.parametrize("size", SIZES)
def test_the_duel_lesson_completes_by_following_its_prompts(size):
    pilot = Pilot(size=size)
    try:
        _complete(pilot)
    finally:
        pygame.display.quit()


def _complete(pilot) -> None:
    table = _open_lesson(pilot)
    explained = []
    for _ in range(14):
        if table.lesson.done:
            break
        assert _follow_one_prompt(pilot, table)
        explained.extend(table.lesson.notes)
        pilot.app.draw()  # every step draws (words, glow, arrow)
    assert table.lesson.done
    assert {"builder", "score", "your_score"} <= table.lesson.seen
    assert any("Builder" in n for n in explained)
    pilot.until(lambda: table.lesson_prompt() is not None, 30)
    assert "You know the duel now" in table.lesson_prompt().text


def test_the_lesson_can_be_left_and_resumed(pilot):
    table = _open_lesson(pilot)
    for _ in range(2):
        assert _follow_one_prompt(pilot, table)
    pilot.advance(3)
    texts = [e.text for e in table.match.log]
    seen = set(table.lesson.seen)
    pilot.press(pygame.K_ESCAPE)
    pilot.press(pygame.K_m)
    assert isinstance(pilot.top, ConfirmDialog) and "lesson is kept" in pilot.top.detail
    pilot.press(pygame.K_RETURN)
    assert isinstance(pilot.top, MainMenu)
    pilot.click(_learn_button(pilot.top).rect.center)
    assert isinstance(pilot.top, ConfirmDialog)
    pilot.press(pygame.K_RETURN)  # Resume
    resumed = pilot.top
    assert isinstance(resumed, TableScene) and resumed.lesson is not None
    assert [e.text for e in resumed.match.log] == texts
    assert resumed.lesson.seen == seen
    # and starting over forgets it
    pilot.press(pygame.K_ESCAPE)
    pilot.press(pygame.K_m)
    pilot.press(pygame.K_RETURN)
    pilot.click(_learn_button(pilot.top).rect.center)
    pilot.press(pygame.K_ESCAPE)  # Start over
    fresh = pilot.top
    assert isinstance(fresh, TableScene) and all(e.seat != 0 for e in fresh.match.log)


def test_a_move_taken_back_stays_taken_back_when_the_lesson_is_resumed():
    """Undo keeps the lesson's progress too: resuming never brings back a move taken back."""
    from scenes.tutorials import lesson_for, resume_match, saved_actions

    lesson = lesson_for("duel")
    match = lesson.new_match()
    for _ in range(8):
        seat = match.to_act()[0]
        step = match.submit(seat, match.bot_action(seat))
        lesson.after_move(match, seat, step.events)
        if match.undo_point(0) is not None:
            break
    assert match.undo(0)
    lesson.after_undo(match)
    assert saved_actions("duel") == [(e.seat, e.text) for e in match.log]
    assert resume_match(lesson_for("duel")).state == match.state


def test_following_every_suggestion_wins_the_lesson_game(pilot):
    """Ben's card is drawn from a mix; the lesson's seed is one where its plain plan beats him
    when every suggestion is clicked, to the last round (scenes/tutorials/duel.py)."""
    table = _open_lesson(pilot)
    for _ in range(14):
        if table.match.over:
            break
        assert _follow_one_prompt(pilot, table)
    assert pilot.until(lambda: table.match.over, 30)
    assert table.match.outcome().winners == (0,)
