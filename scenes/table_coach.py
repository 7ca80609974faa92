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
        right, bottom, width = anchor
        lines = canvas.wrap(self.note[1], COACH_TEXT, width - 32)[:COACH_LINES] if self.note else []
        h = 46 + len(lines) * COACH_TEXT * 1.35
        return pygame.Rect(round(right - width), round(bottom - h), round(width), round(h)), lines

    def draw(self, canvas: Canvas, anchor: tuple[float, float, float], hint_key: int | None) -> None:
        if self.note is None:
            return
        r, lines = self.rect(canvas, anchor)
        paper(canvas, r, radius=10)
        canvas.fill_rect(theme.GOLD, (r.x, r.y, 6, r.h), radius=3)
        canvas.text(self.note[0], (r.x + 18, r.y + 10), 18, theme.INK, role="sans_bold")
        if hint_key is not None:
            key = pygame.key.name(hint_key).upper()
            canvas.text(f"{key} hides", (r.right - 14, r.y + 12), 13, theme.INK_SOFT, anchor="topright")
        y = r.y + 38
        for line in lines:
            canvas.text(line, (r.x + 18, y), COACH_TEXT, theme.INK)
            y += COACH_TEXT * 1.35
