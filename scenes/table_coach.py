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
        """The note's rect and lines: at a larger text size the lines grow and more of them are
        allowed, as many as fit above ``bottom`` (the rest is cut off at a word)."""
        right, bottom, width = anchor
        size, top = canvas.ts(COACH_TEXT), _top(canvas)
        room = int((bottom - 10 - top - 8) // (size * 1.35))  # lines that fit under the window's top
        most = max(COACH_LINES, min(round(COACH_LINES * theme.TEXT_SCALE), room))
        lines = canvas.wrap(self.note[1], size, width - 32)[:most] if self.note else []
        h = top + 8 + len(lines) * size * 1.35
        return pygame.Rect(round(right - width), round(bottom - h), round(width), round(h)), lines

    def draw(self, canvas: Canvas, anchor: tuple[float, float, float], hint_key: int | None) -> None:
        if self.note is None:
            return
        r, lines = self.rect(canvas, anchor)
        paper(canvas, r, radius=10)
        canvas.fill_rect(theme.GOLD, (r.x, r.y, 6, r.h), radius=3)
        canvas.text(self.note[0], (r.x + 18, r.y + 10), canvas.ts(18), theme.INK, role="sans_bold")
        if hint_key is not None:
            key = pygame.key.name(hint_key).upper()
            canvas.text(f"{key} hides", (r.right - 14, r.y + 12), canvas.ts(13), theme.INK_SOFT, anchor="topright")
        y, size = r.y + _top(canvas), canvas.ts(COACH_TEXT)
        for line in lines:
            canvas.text(line, (r.x + 18, y), size, theme.INK)
            y += size * 1.35


def _top(canvas: Canvas) -> float:
    """Where the note's lines begin below its top: under the title (38 at 100 %)."""
    return 38 * canvas.ts(18) / 18
