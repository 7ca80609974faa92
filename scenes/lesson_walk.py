"""Walk a lesson headless by clicking where it points, and check at every click that its words
cover neither what they point at nor a panel or button the step needs, and that their arrow
crosses no panel. The lesson tests and ``tools/lesson_walk.py`` share it."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from scenes import theme
from scenes.canvas import Canvas
from scenes.pilot import Pilot
from scenes.table import TableScene, lesson_bubble, lesson_clear
from scenes.table_lesson import Bubble, Clear

CLICKS = 6  # the most clicks one suggested move takes (plates or cards, then Confirm)


@dataclass
class Step:
    """One click of a lesson: what it said, where its words sat, what they covered."""

    ply: int
    text: str
    bubble: Bubble | None
    clear: Clear
    problems: list[str] = field(default_factory=list)  # the target or a panel the step needs
    notes: list[str] = field(default_factory=list)  # a button or line better left in sight

    @property
    def busy(self) -> tuple[int, int]:
        """How much this step shows: an arrow, its words' height, then the rects they avoid."""
        if self.bubble is None:
            return (False, 0, 0)
        keep = len(self.clear.need) + len(self.clear.rather)
        return (self.bubble.target is not None, self.bubble.rect.h, keep)


def _crossed(bubble: Bubble, rects) -> list[pygame.Rect]:
    a, b = bubble.arrow
    return [k for k in rects if k.clipline(a, b) and not k.contains(bubble.target)]


def problems(bubble: Bubble | None, clear: Clear) -> tuple[list[str], list[str]]:
    """What the words cover of the target and the panels the step needs (problems), and what
    else they cover or their arrow crosses: buttons, lines, a panel on the arrow's way (notes)."""
    if bubble is None:
        return [], []
    r, bad = bubble.rect, []
    if not pygame.Rect(0, 0, theme.LOGICAL_W, theme.LOGICAL_H).contains(r):
        bad.append(f"words {tuple(r)} leave the window")
    if bubble.target is not None and r.colliderect(bubble.target):
        bad.append(f"words {tuple(r)} cover the target {tuple(bubble.target)}")
    notes = [f"words {tuple(r)} cover {tuple(k)}" for k in clear.rather if r.colliderect(k)]
    bad += [f"words {tuple(r)} cover {tuple(k)}" for k in clear.need if r.colliderect(k)]
    if bubble.target is not None:  # an arrow to the hand may have to cross the panel above it
        notes += [f"arrow crosses {tuple(k)}" for k in _crossed(bubble, (*clear.need, *clear.rather))]
    return bad, notes


def measuring_canvas(size: tuple[int, int]) -> Canvas:
    """A canvas for a window of ``size`` that only measures (words wrap as they would there);
    nothing is drawn on it, so a big window costs nothing."""
    canvas = Canvas.__new__(Canvas)
    canvas.surface = None
    canvas.scale = min(size[0] / theme.LOGICAL_W, size[1] / theme.LOGICAL_H)
    canvas.ox = (size[0] - theme.LOGICAL_W * canvas.scale) / 2
    canvas.oy = (size[1] - theme.LOGICAL_H * canvas.scale) / 2
    return canvas


def look(pilot: Pilot, table: TableScene, steps: list[Step], snap=None, also=()) -> None:
    """Draw the table as it is now and note where the lesson's words went; ``also``: window
    sizes whose placement is checked too, by measuring only."""
    pilot.frame()  # a frame after the last move: the table's buttons follow it, then it draws
    bubble = lesson_bubble(table, pilot.app.canvas)
    clear = lesson_clear(table, pilot.app.canvas)
    bad, notes = problems(bubble, clear)
    for size in also:
        canvas = measuring_canvas(size)
        there = problems(lesson_bubble(table, canvas), lesson_clear(table, canvas))[0]
        bad += [f"at {size[0]}x{size[1]}: {p}" for p in there]
    prompt = table.lesson_prompt()
    steps.append(Step(table.match.ply, prompt.text if prompt else "", bubble, clear, bad, notes))
    if snap is not None:
        snap(steps[-1])


def follow(pilot: Pilot, table: TableScene, steps: list[Step], snap=None, also=()) -> None:
    """Click where the lesson points until the learner has moved; the move must be the one the
    lesson suggested (the bots may move around it, unthreaded)."""
    assert pilot.until(lambda: table.lesson_prompt() is not None, 30)
    prompt = table.lesson_prompt()
    ply = table.match.ply
    for _ in range(CLICKS):
        look(pilot, table, steps, snap, also)
        target = table.lesson_target(prompt.target)
        if target is None:  # a note over the table (Builders' role card) closes with Space
            pilot.press(pygame.K_SPACE)
            continue
        pilot.click(target.center)
        if any(e.seat == 0 for e in table.match.log[ply:]):
            break
    mine = [e.text for e in table.match.log[ply:] if e.seat == 0]
    assert mine == [table.rules.action_text(prompt.action)], (mine, prompt)


def walk(pilot: Pilot, table: TableScene, snap=None, moves: int = 40, also=()) -> list[Step]:
    """Follow the lesson to its end; every click's step, the last one the lesson's last words
    (``also``: window sizes whose placement is checked at every click too, by measuring)."""
    steps: list[Step] = []
    for _ in range(moves):
        if table.lesson.done:
            break
        follow(pilot, table, steps, snap, also)
    assert table.lesson.done
    assert pilot.until(lambda: table.lesson_prompt() is not None, 30)
    look(pilot, table, steps, snap, also)
    return steps
