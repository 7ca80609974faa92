"""One frame of the Turmbau table: the still picture (board, wonders, markers, offer zone, right
column, hand), cached in the table's ``StaticLayer`` while nothing on it moves, then the pulsing
ring, the motion, the prompt and the tooltip on top. Painters only: the view and ``TurmbauUi``
in, pixels out."""

from __future__ import annotations

from babel.games.turmbau.model import TurmbauView
from scenes.canvas import Canvas
from scenes.layers import StaticLayer
from scenes.tables.turmbau import cards, draw, panels
from scenes.tables.turmbau.draw import TurmbauUi


def still_key(view: TurmbauView, ui: TurmbauUi) -> tuple | None:
    """What the still layer shows, or None while anything on it moves; everything the still
    painters read that can change between moves is here."""
    m = ui.motion
    if m.moving():
        return None
    return (
        view,
        ui.legal,
        ui.mode,
        ui.hover,
        ui.cursor,
        ui.choice,
        len(ui.log_lines),
        tuple(m.shown_scores),
        tuple((seat, s.face, s.pos, s.face_up, s.hidden, s.lift) for seat, s in m.sprites()),
        ui.end_shown,
    )


def paint_still(canvas: Canvas, view: TurmbauView, ui: TurmbauUi, ring: bool = True) -> None:
    """Board, wonders, track, offers, the side panel and the hand: all that rests between moves."""
    draw.draw_background(canvas, view)
    draw.draw_wonders(canvas, view, ui, ring)
    draw.draw_track_markers(canvas, view, ui)
    panels.draw_offer_zone(canvas, view, ui)
    panels.draw_right(canvas, view, ui)
    draw.draw_hand(canvas, view, ui)


def draw_frame(canvas: Canvas, view: TurmbauView, ui: TurmbauUi, still: StaticLayer) -> None:
    key = still_key(view, ui)
    if key is None:  # something moves: everything is drawn afresh this frame
        paint_still(canvas, view, ui)
    else:  # the ring around the disc on offer pulses over the still picture
        still.draw(canvas, key, lambda c: paint_still(c, view, ui, ring=False))
        draw.draw_target_ring(canvas, view, ui)
    draw.draw_motion(canvas, view, ui)
    draw.draw_prompt(canvas, ui)
    if not ui.end_shown:
        cards.draw_focus(canvas, view, ui.hand, ui.extras, ui.card)
    draw.draw_tooltip(canvas, ui)
