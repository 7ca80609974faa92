"""The end-of-game panel every table shows: a title, a few lines, and a row of buttons."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scenes import theme
from scenes.canvas import Canvas
from scenes.widgets.basic import Button, panel

END_SHADE = 140  # how dark the table recedes behind the panel


@dataclass(frozen=True)
class EndButton:
    label: str
    action: Callable[[], None]
    hotkey: int | None = None
    primary: bool = False


def end_row(buttons: Sequence[EndButton], y: float, width: float = 230, gap: float = 40) -> list[Button]:
    """The buttons centred in one row at ``y``."""
    width = min(width, (840 - gap * (len(buttons) - 1)) / max(1, len(buttons)))
    total = len(buttons) * width + gap * (len(buttons) - 1)
    x = theme.LOGICAL_W / 2 - total / 2
    out = []
    for b in buttons:
        out.append(Button((x, y, width, 56), b.label, b.action, hotkey=b.hotkey, primary=b.primary))
        x += width + gap
    return out


def draw_end_panel(canvas: Canvas, title: str, lines: Sequence[str]) -> None:
    """The default panel: the title in gold and up to six lines under it."""
    cx, cy = theme.LOGICAL_W / 2, theme.LOGICAL_H / 2
    panel(canvas, (cx - 420, cy - 170, 840, 410))
    canvas.text(title, (cx, cy - 130), 54, theme.GOLD, role="title_bold", anchor="midtop", max_width=780)
    y = cy - 50
    if canvas.ts(24) == 24:
        for line in list(lines)[:6]:
            canvas.text(line, (cx, y), 24, theme.WHITE, anchor="midtop", max_width=780)
            y += 36
        return
    # a larger text size: the lines wrap, as large as the room above the buttons allows
    size, room = canvas.ts(24), 190
    while size > 24 and len(_wrapped(canvas, lines, size)) * size * 1.5 > room:
        size -= 1
    for line in _wrapped(canvas, lines, size)[: max(1, int(room // (size * 1.5)))]:
        canvas.text(line, (cx, y), size, theme.WHITE, anchor="midtop", max_width=780)
        y += size * 1.5


def _wrapped(canvas: Canvas, lines: Sequence[str], size: float) -> list[str]:
    return [row for line in list(lines)[:6] for row in canvas.wrap(line, size, 780) or [line]]
