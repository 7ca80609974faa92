"""One frame of the Builders table. At rest (nothing moves) the whole frame is one picture cached
in the table's ``StaticLayer`` until the view or anything the UI shows changes; while cards fly or
blocks fall, the layer holds the table, side panel, piles and seats, and the board, the Master's
check, what flies, the prompt, banners, notes and peeks are drawn over it each frame. Painters
only: the view and ``BuildersUi`` in, pixels out."""

from __future__ import annotations

from babel.games.builders.model import BuildersView
from scenes.canvas import Canvas
from scenes.layers import StaticLayer
from scenes.tables.builders import draw as D
from scenes.tables.builders import panels as P
from scenes.tables.builders import speech
from scenes.tables.builders.draw import BuildersUi


def draw_frame(canvas: Canvas, v: BuildersView, ui: BuildersUi, still: StaticLayer) -> None:
    if D.at_rest(ui):
        still.draw(canvas, ("rest", v, ui), lambda c: paint_all(c, v, ui))
        return
    still.draw(canvas, D.static_key(v, ui), lambda c: D.paint_static(c, v, ui, P.draw_panel))
    paint_front(canvas, v, ui)


def paint_all(canvas: Canvas, v: BuildersView, ui: BuildersUi) -> None:
    """The whole frame, painted directly (what the cached picture must equal)."""
    D.paint_static(canvas, v, ui, P.draw_panel)
    paint_front(canvas, v, ui)


def paint_front(canvas: Canvas, v: BuildersView, ui: BuildersUi) -> None:
    """The board, the Master's check, what flies, the prompt, banners, notes and peeks."""
    D.draw_board(canvas, v, ui)
    if D.checking(ui):
        P.draw_check(canvas, v, ui)
    D.draw_moving(canvas, ui)
    speech.draw_bubbles(canvas, v, ui)
    speech.draw_menu_back(canvas, ui)
    P.draw_prompt(canvas, v, ui)
    if ui.disc_hover is not None and not D.checking(ui):
        D.draw_discard_peek(canvas, v, ui, ui.disc_hover)
    P.draw_banners(canvas, ui)
    if ui.note is not None and ui.note[0] == ui.viewer and v.seat is not None:
        P.draw_note(canvas, v, ui)
    if ui.peek and v.seat is not None and v.role is not None:
        P.draw_peek(canvas, v)
