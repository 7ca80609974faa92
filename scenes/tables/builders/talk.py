"""Babel Builders' "table talk" sheet: whom each bot would say it suspects.

At a real table the players talk over who looked suspicious; a person alone with bots gets no
such talk. This sheet gives it: for every bot seat, the two seats it suspects most, worked out
from the public record only (``belief.table_talk``: as an Architect, the role everyone claims).
It never reads a bot's role, hand or memory, so it shows the same to every viewer and can give
nobody away. On by default with one person at the table, off in pass-and-play; K toggles it.
"""

from __future__ import annotations

from babel.games.builders import belief as B
from babel.games.builders.model import BuildersView, Phase
from scenes import theme
from scenes.canvas import Canvas
from scenes.tables.builders import layout as L
from scenes.tables.builders.draw import BuildersUi
from scenes.widgets.basic import paper

TALK_BOTTOM, TALK_HIGHEST = 566, 400  # the sheet's band in the side panel (under a shorter round log,
# above the Undo/Hint row)
ROW = 17  # a bot's line on the sheet
HOT = (178, 46, 40)


def talk_top(bots: int) -> int:
    """Where the sheet starts: tall enough for a line per bot (the round log gives way)."""
    return max(TALK_HIGHEST, TALK_BOTTOM - 40 - ROW * max(1, bots))


class TalkLines:
    """Each bot seat's two most suspected seats, worked out again only when the public record changes."""

    def __init__(self, bots: list[int]) -> None:
        self.bots = bots
        self._key: object = None
        self._lines: dict[int, list[tuple[int, float]]] = {}

    def lines(self, v: BuildersView) -> dict[int, list[tuple[int, float]]]:
        finale = (Phase.PASS, Phase.SEAL, Phase.DISCUSS, Phase.TARGET, Phase.PUNISH)
        current = v.current if v.phase in finale else None
        if current is not None:
            current = B.public_view(v).current
        key = (B.public_view(v).log, current, v.zealots, tuple(self.bots))
        if key != self._key:
            self._lines = B.table_talk(v, self.bots)
            self._key = key
        return self._lines


def draw_talk(canvas: Canvas, v: BuildersView, ui: BuildersUi) -> None:
    x, w = L.PANEL_X, L.PANEL_W
    top, bottom = ui.talk_top, TALK_BOTTOM
    paper(canvas, (x, top, w, bottom - top))
    canvas.text("Table talk", (x + 14, top + 6), 20, theme.INK, role="title_bold")
    canvas.text(
        "bots' suspicion, from public play", (x + w - 14, top + 11), 12, theme.INK_SOFT, anchor="topright"
    )
    talk = ui.talk or {}
    if not v.log and v.phase is not Phase.OVER:
        canvas.text(
            "No round played yet: nothing to go on.",
            (x + 14, top + 40),
            14,
            theme.INK_SOFT,
            max_width=w - 28,
        )
        return
    rows = len(talk) or 1
    step = min(20.0, (bottom - top - 40) / rows)
    size = 14 if step >= 17 else 13
    y = top + 36
    for seat, suspects in talk.items():
        canvas.text(ui.name(seat)[:10], (x + 14, y), size, theme.INK, role="sans_bold", max_width=96)
        sx = x + 112
        for other, p in suspects:
            colour = HOT if p >= 0.6 else theme.INK_SOFT
            text = f"{ui.name(other)[:9]} {round(100 * p)}%"
            canvas.text(text, (sx, y), size, colour, max_width=104)
            sx += 110
        y += step
