"""The coach's note on a table: advice from the seat's own view, asked on the bot thread and
shown until the position it was made for changes. Hints share the bots' one worker, so at most
one waits there at a time (``submit_hint``): asking again replaces a hint not yet begun."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import pygame

from scenes import theme
from scenes.canvas import Canvas
from scenes.core import wake
from scenes.match_controller import submit_hint
from scenes.widgets.basic import paper

COACH_TEXT, COACH_LINES = 16, 7  # the note: text size and most lines


class Coach:
    """What the coach says now (``note``: (title, text)), and for which position (``key``)."""

    def __init__(self) -> None:
        self.note: tuple[str, str] | None = None
        self.key: tuple | None = None
        self.job: Future | None = None

    def ask(self, advise: Any, view: Any, legal: tuple, key: tuple, threaded: bool) -> None:
        """Start the adviser; ``collect`` shows its answer once it is there."""
        self.key = key
        self.note = ("Coach", "Thinking…")
        if threaded:
            self.job = submit_hint(advise, view, legal)
            self.job.add_done_callback(lambda _f: wake())  # the waiting loop shows it
        else:
            job: Future = Future()
            job.set_result(advise(view, legal))
            self.job = job

    def show(self, title: str, text: str, key: tuple) -> None:
        """A note the table writes itself (the solitaire's hints)."""
        self.note, self.key, self.job = (title, text), key, None

    def collect(self, names: list[str]) -> bool:
        """Take the adviser's answer if it is ready, with <P0>... replaced by seat names."""
        job = self.job
        if job is None or not job.done():
            return False
        self.job = None
        if job.cancelled():  # a newer hint took its place in the worker's queue
            self.note = self.key = None
            return True
        _, reason = job.result()
        for seat, name in enumerate(names):
            reason = reason.replace(f"<P{seat}>", name)
        self.note = ("Coach", reason)
        return True

    def drop(self) -> None:
        if self.job is not None:
            self.job.cancel()  # not begun yet: the bots need not wait for it
        self.note = None
        self.key = None
        self.job = None

    def rect(self, canvas: Canvas, anchor: tuple[float, float, float]) -> tuple[pygame.Rect, list[str]]:
        """The note's rect and lines. At a larger text size the note is wider (to its left) and
        its words as large as the room above ``bottom`` allows; the lines past the room are
        left out, as at 100 %."""
        size, width, lines = self.layout(canvas, anchor)
        right, bottom, _ = anchor
        h = _top(canvas) + 8 + len(lines) * size * 1.35
        return pygame.Rect(round(right - width), round(bottom - h), round(width), round(h)), lines

    def layout(self, canvas: Canvas, anchor: tuple[float, float, float]) -> tuple[float, float, list[str]]:
        """The words' size, the note's width and its lines."""
        right, bottom, width = anchor
        size = canvas.ts(COACH_TEXT)
        if self.note is None:
            return size, width, []
        if size == COACH_TEXT:
            return size, width, canvas.wrap(self.note[1], size, width - 32)[:COACH_LINES]
        width = min(right - 20, width * (size / COACH_TEXT) ** 0.5)
        while True:
            lines = canvas.wrap(self.note[1], size, width - 32)
            room = int((bottom - 10 - _top(canvas) - 8) // (size * 1.35))  # under the window's top
            if len(lines) <= room or size <= COACH_TEXT:
                return size, width, lines[: max(COACH_LINES, room)]
            size -= 1

    def draw(self, canvas: Canvas, anchor: tuple[float, float, float], hint_key: str | None) -> None:
        if self.note is None:
            return
        r, lines = self.rect(canvas, anchor)
        paper(canvas, r, radius=10)
        canvas.fill_rect(theme.GOLD, (r.x, r.y, 6, r.h), radius=3)
        canvas.text(self.note[0], (r.x + 18, r.y + 10), canvas.ts(18), theme.INK, role="sans_bold")
        if hint_key is not None:
            canvas.text(f"{hint_key} hides", (r.right - 14, r.y + 12), canvas.ts(13), theme.INK_SOFT, anchor="topright")
        y, size = r.y + _top(canvas), self.layout(canvas, anchor)[0]
        for line in lines:
            canvas.text(line, (r.x + 18, y), size, theme.INK)
            y += size * 1.35


def _top(canvas: Canvas) -> float:
    """Where the note's lines begin below its top: under the title (38 at 100 %)."""
    return 38 * canvas.ts(18) / 18
