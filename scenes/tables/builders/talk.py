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

TALK_BOTTOM, TALK_HIGHEST = 566, 414  # the sheet's band in the side panel (under a shorter round log that
# keeps a row of 25 units, above the Undo/Hint row)
ROW = 17  # a bot's line on the sheet
HOT = (178, 46, 40)


def talk_size(least: float) -> float:
    """The sheet's words: the text size up to 22 units, never under ``least`` (the window's floor)."""
    return max(least, min(14 * theme.TEXT_SCALE, 22))


def talk_top(bots: int, least: float = 16.0) -> int:
    """Where the sheet starts: tall enough for a line per bot at the sheet's words on a window
    whose floor is ``least`` (the round log gives way), but no higher than ``TALK_HIGHEST``."""
    row = max(ROW, round(talk_size(least) * 1.2))
    return max(TALK_HIGHEST, TALK_BOTTOM - 40 - row * max(1, bots))


def _first_fitting(canvas: Canvas, wordings: tuple[str, ...], size: float, width: float) -> str:
    for words in wordings:
        if canvas.text_size(words, size)[0] <= width:
            return words
    return wordings[-1]


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
    """The sheet: a row per bot, its name and the seats it suspects most, at the text size as far
    as the band holds a row per bot (on a small window with many bots, under the floor)."""
    x, w = L.PANEL_X, L.PANEL_W
    top, bottom = ui.talk_top, TALK_BOTTOM
    paper(canvas, (x, top, w, bottom - top))
    title = canvas.fit("Table talk", 20, 160, "title_bold", most=26)
    head = canvas.text_size("Table talk", title, "title_bold")[1]
    canvas.text("Table talk", (x + 14, top + 4), title, theme.INK, role="title_bold")
    room = w - 38 - canvas.text_size("Table talk", title, "title_bold")[0]
    size = talk_size(canvas.least)
    note = _first_fitting(
        canvas, ("bots' suspicion, from public play", "bots' suspicion", "suspicion"), size, room
    )
    canvas.text(note, (x + w - 14, top + 4 + head), size, theme.INK_SOFT, anchor="bottomright", max_width=room)
    talk = ui.talk or {}
    y = top + 4 + head  # the rows right under the title: a row per bot, 25 units each on 1024x640
    if not v.log and v.phase is not Phase.OVER:
        words = _first_fitting(canvas, ("No round played yet: nothing to go on.", "Nothing to go on yet."), size, w - 28)
        canvas.text(words, (x + 14, y), size, theme.INK_SOFT, max_width=w - 28)
        return
    rows = len(talk) or 1
    step = min(size * 1.2, (bottom - 2 - y) / rows)
    size = min(size, step / 1.19)  # many bots on a small window: the rows share the band
    for seat, suspects in talk.items():
        name = ui.name(seat)[:10]
        canvas.text(name, (x + 14, y), size, theme.INK, role="sans_bold", max_width=96)
        sx = x + 14 + min(96, canvas.text_size(name, size, "sans_bold")[0]) + 12
        for other, p in suspects:
            colour = HOT if p >= 0.6 else theme.INK_SOFT
            text = f"{ui.name(other)[:9]} {round(100 * p)}%"
            wide = canvas.text_size(text, size)[0]
            if sx + wide > x + w - 10:
                break  # the second suspect where the row has room for it
            canvas.text(text, (sx, y), size, colour)
            sx += wide + 12
        y += step
