"""What a table says about the game beside the play: its log and the coach's note.

Every table keeps the whole game's log (``log_lines``, or the table's own ``log_entries``) in one
``LogScroll``: the wheel over it, PageUp/PageDown and End scroll it, a new line shows the newest
again. The coach's note sits where the table names (``COACH_ANCHOR`` or ``coach_anchor``), a
place chosen so that it never covers the log's newest line.
"""

from __future__ import annotations

import pygame

from scenes import theme
from scenes.canvas import Canvas
from scenes.widgets.scrolltext import LogScroll


class LogAndNote:
    """The log and the coach note's place, mixed into ``TableScene``."""

    COACH_ANCHOR: tuple[float, float, float] | None = None  # the coach note's right, bottom, width
    LOG_STYLE: tuple = (14, 20)  # the log's text size, row height and (optional) colour
    TOOLS_ROW: tuple[float, float, float, float] | None
    log_lines: list[str]
    log_view: LogScroll
    coach: object

    def make_log(self) -> LogScroll:
        return LogScroll(*self.LOG_STYLE)

    def log_rect(self) -> pygame.Rect | None:
        """Where the log's lines go (logical; None: this table shows no log now)."""
        return None

    def log_full_height(self) -> float:
        """The tallest the log's rect gets: its rect while scrolled back (the Builders log then
        grows over the table talk). Its rows are wrapped for it, so scrolling never wraps them
        again."""
        back, self.log_view.back = self.log_view.back, max(1, self.log_view.back)
        try:
            rect = self.log_rect()
        finally:
            self.log_view.back = back
        return rect.h if rect is not None else 0

    def log_entries(self) -> list:
        """The log's lines, oldest first: text, or (text, colour)."""
        return self.log_lines

    def draw_log(self, canvas: Canvas) -> None:
        rect = self.log_rect()
        if rect is not None:
            self.log_view.place(rect, self.log_full_height())
            self.log_view.draw(canvas, self.log_entries())

    def coach_anchor(self) -> tuple[float, float, float]:
        """Where the coach's note sits: (right edge, bottom, width); above the tools row unless
        the table names its place (``COACH_ANCHOR``)."""
        if self.COACH_ANCHOR is not None:
            return self.COACH_ANCHOR
        x, y, w, _ = self.TOOLS_ROW or (theme.LOGICAL_W - 470, theme.LOGICAL_H - 20, 460, 0)
        return (min(x + w, theme.LOGICAL_W - 10), y - 10, w if w >= 300 else 480)

    def coach_rect(self, canvas: Canvas) -> tuple[pygame.Rect, list[str]]:
        return self.coach.rect(canvas, self.coach_anchor())  # type: ignore[attr-defined]
