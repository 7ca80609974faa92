"""Toasts: short messages over everything (a refused move's reason, 'Game saved')."""

from __future__ import annotations

from scenes import theme
from scenes.canvas import Canvas


def draw_toasts(canvas: Canvas, toasts: list[tuple[str, float]]) -> None:
    """The newest at the bottom; a message too long for one line wraps (larger text sizes)."""
    y = theme.LOGICAL_H - 110
    size = canvas.ts(22)
    for message, left in reversed(toasts):
        lines = canvas.wrap(message, size, theme.LOGICAL_W - 180) or [message]
        w = min(max(canvas.text_size(line, size)[0] for line in lines) + 48, theme.LOGICAL_W - 120)
        line_h = canvas.text_size(message, size)[1]
        h = line_h * len(lines)
        r = (theme.LOGICAL_W / 2 - w / 2, y - h - 20, w, h + 20)
        alpha = int(235 * min(1.0, left / 0.35))
        canvas.shadow_rect(r, radius=14)
        canvas.fill_rect((30, 22, 16, alpha), r, radius=14)
        canvas.fill_rect((*theme.GOLD, alpha), r, radius=14, width=2)
        for i, line in enumerate(lines):
            centre = (r[0] + w / 2, r[1] + 10 + line_h * (i + 0.5))
            canvas.text(line, centre, size, theme.WHITE, anchor="center", max_width=w - 30)
        y -= h + 32
