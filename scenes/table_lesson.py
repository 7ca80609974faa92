"""The words of a guided game (Learn to play) over its table, with a gold arrow to what they
point at. A painter: it takes the lesson's words and the target's rect, never the table."""

from __future__ import annotations

import math
from typing import Any

import pygame

from scenes import theme
from scenes.canvas import Canvas
from scenes.widgets.basic import paper


def lesson_paragraphs(lesson: Any, prompt: Any) -> list[tuple[str, str]]:
    """(title, text) pairs: the rules just met, then what to do now."""
    paras = [("New rule", n) for n in lesson.notes]
    if prompt is not None:
        title = "Lesson complete" if lesson.done and prompt.target is None else "Your move"
        paras.append((title, prompt.text))
    return paras


def draw_lesson(
    canvas: Canvas,
    paras: list[tuple[str, str]],
    box: tuple[float, float, float, float],
    target: pygame.Rect | None,
) -> None:
    if not paras:
        return
    x, y, w, _ = box
    wrapped = [(title, canvas.wrap(text, 17, w - 36)) for title, text in paras]
    h = 20 + sum(28 + len(lines) * 23 + 8 for _, lines in wrapped)
    r = pygame.Rect(round(x), round(y), round(w), round(h))
    paper(canvas, r, radius=12)
    canvas.fill_rect(theme.GOLD, (r.x, r.y, 7, r.h), radius=3)
    yy = r.y + 12
    for title, lines in wrapped:
        canvas.text(title, (r.x + 20, yy), 17, theme.GOLD_DARK, role="sans_bold")
        yy += 28
        for line in lines:
            canvas.text(line, (r.x + 20, yy), 17, theme.INK)
            yy += 23
        yy += 8
    if target is not None:
        canvas.glow(target, theme.HIGHLIGHT, radius=10, spread=10)
        x0 = min(max(target.centerx, r.left + 30), r.right - 30)
        if target.bottom < r.top:  # the target is above the words: point up from their top
            arrow(canvas, (x0, r.top - 4), (target.centerx, target.bottom + 10))
        else:
            arrow(canvas, (x0, r.bottom + 4), (target.centerx, target.top - 10))


def arrow(canvas: Canvas, a: tuple[float, float], b: tuple[float, float]) -> None:
    """A gold arrow from ``a`` to the point ``b``."""
    ax, ay = a
    bx, by = b
    angle = math.atan2(by - ay, bx - ax)
    canvas.line((60, 40, 10), (ax + 2, ay + 3), (bx + 2, by + 3), 6)
    canvas.line(theme.GOLD, a, b, 5)
    head = [
        (bx, by),
        (bx - 22 * math.cos(angle - 0.45), by - 22 * math.sin(angle - 0.45)),
        (bx - 22 * math.cos(angle + 0.45), by - 22 * math.sin(angle + 0.45)),
    ]
    canvas.polygon(theme.GOLD, head)
