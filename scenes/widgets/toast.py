"""Toasts: short messages over everything (a refused move's reason, 'Game saved')."""

from __future__ import annotations

from scenes import theme
from scenes.canvas import Canvas


def draw_toasts(canvas: Canvas, toasts: list[tuple[str, float]]) -> None:
    y = theme.LOGICAL_H - 110
    for message, left in reversed(toasts):
        w, h = canvas.text_size(message, 22)
        w = min(w + 48, theme.LOGICAL_W - 120)
        r = (theme.LOGICAL_W / 2 - w / 2, y - h - 20, w, h + 20)
        alpha = int(235 * min(1.0, left / 0.35))
        canvas.shadow_rect(r, radius=14)
        canvas.fill_rect((30, 22, 16, alpha), r, radius=14)
        canvas.fill_rect((*theme.GOLD, alpha), r, radius=14, width=2)
        canvas.text(
            message, (r[0] + w / 2, r[1] + (h + 20) / 2), 22, theme.WHITE, anchor="center", max_width=w - 30
        )
        y -= h + 32
