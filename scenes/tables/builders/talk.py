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
LEADING = 1.15  # a row's height over its words' size
HOT = (178, 46, 40)
BAR = 10  # the scroll bar's room at the sheet's right edge, when the rows scroll


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


def _title(canvas: Canvas) -> tuple[float, float]:
    """The sheet's title size and height."""
    title = canvas.fit("Table talk", 20, 160, "title_bold", most=26)
    return title, canvas.text_size("Table talk", title, "title_bold")[1]


def rows_room(canvas: Canvas, top: float) -> tuple[float, float, int]:
    """Where the bots' rows start, their step, and how many fit in the band under ``top``: the
    rows keep the sheet's words (never under the floor); those that do not fit scroll."""
    step = talk_size(canvas.least) * LEADING
    y = top + 4 + _title(canvas)[1]
    return y, step, max(1, int((TALK_BOTTOM - 2 - y) // step))


def first_row(first: int, rows: int, room: int) -> int:
    """The first row shown: ``first``, kept so that the band is full of rows."""
    return max(0, min(first, rows - room))


def sheet_rect(top: float) -> tuple[float, float, float, float]:
    return (L.PANEL_X, top, L.PANEL_W, TALK_BOTTOM - top)


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
    """The sheet: a row per bot, its name and the seats it suspects most, at the sheet's words
    (the text size, never under the floor). Where the band holds fewer rows than there are bots
    (many bots on a small window, or a large text size), the rows scroll (the wheel over the
    sheet, or the Up and Down keys): the title says which rows show, a bar at the right where."""
    x, w = L.PANEL_X, L.PANEL_W
    top = ui.talk_top
    paper(canvas, sheet_rect(top))
    title, head = _title(canvas)
    canvas.text("Table talk", (x + 14, top + 4), title, theme.INK, role="title_bold")
    room = w - 38 - canvas.text_size("Table talk", title, "title_bold")[0]
    size = talk_size(canvas.least)
    talk = list((ui.talk or {}).items())
    y, step, fit = rows_room(canvas, top)
    first = first_row(ui.talk_first, len(talk), fit)
    shown = talk[first : first + fit]
    notes: tuple[str, ...] = ("bots' suspicion, from public play", "bots' suspicion", "suspicion")
    if len(shown) < len(talk):
        span = f"{first + 1}-{first + len(shown)} of {len(talk)}"
        notes = (f"bots' suspicion, {span} ↑↓", f"{span} ↑↓", span)
    note = _first_fitting(canvas, notes, size, room)
    canvas.text(note, (x + w - 14, top + 4 + head), size, theme.INK_SOFT, anchor="bottomright", max_width=room)
    if not v.log and v.phase is not Phase.OVER:
        words = _first_fitting(canvas, ("No round played yet: nothing to go on.", "Nothing to go on yet."), size, w - 28)
        canvas.text(words, (x + 14, y), size, theme.INK_SOFT, max_width=w - 28)
        return
    right = x + w - 10 - (BAR if len(shown) < len(talk) else 0)
    names = [ui.name(seat) for seat, _ in shown]
    column = min(max((canvas.text_size(n, size, "sans_bold")[0] for n in names), default=0), 0.4 * w)
    for row, (name, (_seat, suspects)) in enumerate(zip(names, shown)):
        ry = y + row * step
        canvas.text(name, (x + 14, ry), size, theme.INK, role="sans_bold", max_width=column)
        sx = x + 14 + min(column, canvas.text_size(name, size, "sans_bold")[0]) + 12
        for other, p in suspects:
            colour = HOT if p >= 0.6 else theme.INK_SOFT
            text = f"{ui.name(other)[:9]} {round(100 * p)}%"
            wide = canvas.text_size(text, size)[0]
            if sx + wide > right:
                break  # the second suspect where the row has room for it
            canvas.text(text, (sx, ry), size, colour)
            sx += wide + 12
    if len(shown) < len(talk):  # the scroll bar, as the logs draw theirs
        bar = (x + w - 4 - 6, y, 6, fit * step)
        canvas.fill_rect((0, 0, 0, 40), bar, radius=3)
        h = max(16, bar[3] * fit / len(talk))
        canvas.fill_rect(theme.INK_SOFT, (bar[0], y + (bar[3] - h) * first / (len(talk) - fit), 6, h), radius=3)
