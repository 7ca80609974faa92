"""The panels of the Turmbau table: the offer zone (the builder's box with the disc on offer and
the preview of the builder's choice, one slot per offer) and the right column (seat plates in turn
order, the scoring table with its marker, supply, discard and played action cards, the viewer's
discs and the log). Painters of the view and ``TurmbauUi``; they change nothing."""

from __future__ import annotations

import pygame

from babel.games.turmbau import data
from babel.games.turmbau.model import Phase, TurmbauView
from scenes import anim, seat_colours, theme, wording
from scenes.canvas import Canvas
from scenes.tables.turmbau import layout
from scenes.tables.turmbau.art import (
    KIND_SHORT,
    building_painter,
    disc_key,
    draw_card,
    draw_cube,
    draw_disc,
    paint_action_card,
    paint_building_card,
    paint_trading_card,
    seat_dot,
)
from scenes.tables.turmbau.draw import TurmbauUi
from scenes.tables.turmbau.layout import BUILDER_W, OFFER_ZONE, RW, RX, SEATS_TOP, SMALL_CARD
from scenes.tables.turmbau.moves import offerers

PAPER_SOFT = (228, 214, 184)


# -- the offer zone --------------------------------------------------------------------------
def draw_offer_zone(canvas: Canvas, view: TurmbauView, ui: TurmbauUi) -> None:
    v = view
    z = OFFER_ZONE
    if v.phase not in (Phase.OFFER, Phase.SELECT):
        title = canvas.fit("Offers", 22, 160, "title_bold", most=28)
        canvas.text("Offers", (z.x + 18, z.y + 8), title, theme.GOLD, role="title_bold")
        left = z.x + 18 + canvas.text_size("Offers", title, "title_bold")[0] + 20
        size = max(canvas.least, min(canvas.ts(15), 20))  # the zone's words: the text size, up to 20
        note = _fit(
            canvas,
            (
                "When a player builds, the others' offers land here face down and are turned up together.",
                "Offers land here face down and are turned up together.",
            ),
            size,
            z.right - 18 - left,
        )
        head = canvas.text_size("Offers", title, "title_bold")[1]
        canvas.text(note, (left, z.y + 8 + head), size, theme.PAPER_DARK, anchor="bottomleft", max_width=z.right - 18 - left)
        y, step = z.y + 12 + head, max(22, size * 1.2)
        shown = max(1, min(4, int((z.bottom - 4 - y) // step)))  # the newest lines the zone holds
        for line in ui.log_lines[-shown:]:
            canvas.text(line, (z.x + 18, y), size, theme.PAPER, max_width=z.w - 36)
            y += step
        return  # a finished build's cards on their way are drawn with the motion, on top
    mode = ui.mode
    preview, reason = (None, "")
    if mode == "select":
        preview, reason = ui.preview, ui.reason
    _draw_builder_box(canvas, view, ui, preview, reason)
    for s in layout.offer_slots(v):
        r = layout.slot_rect(v, s)
        chosen = mode == "select" and s in ui.choice.seats
        hover = mode == "select" and ui.hover == ("offer", s) and s in offerers(v, layout.offer_slots(v))
        if chosen:
            canvas.glow(r, theme.HIGHLIGHT, radius=10)
        canvas.fill_rect((40, 86, 64) if (chosen or hover) else (30, 70, 52), r, radius=10)
        canvas.fill_rect(seat_colours.rgb(s), r, radius=10, width=2 if chosen else 1)
        seat_dot(canvas, s, (r.x + 16, r.y + 16), 14)
        size = canvas.fit(ui.names[s], 17, r.w / 2 - 10, most=24)
        canvas.text(
            ui.names[s], (r.x + 30, r.y + 16), size, theme.WHITE, anchor="midleft", max_width=r.w / 2 - 10
        )
        name_w = min(canvas.text_size(ui.names[s], size)[0], r.w / 2 - 10)
        room = r.w - name_w - 48
        # the longest wording that fits at the text size; the last one shrinks if it must
        status = _fit(canvas, _slot_status(v, ui, s), max(canvas.least, min(canvas.ts(14), 20)), room)
        size = canvas.fit(status, 14, room, most=20, whole=True)
        canvas.text(
            status, (r.right - 8, r.y + 16), size, theme.PAPER_DARK, anchor="midright", max_width=room
        )
        for sp in ui.motion.offer_sprites.get(s, []):
            if not sp.moving:  # cards on their way are drawn with the motion, above the panels
                sp.draw(canvas)
        if mode == "offer" and s == v.seat:
            _draw_offer_draft(canvas, v, ui, s, r)
        _draw_offer_extras(canvas, v, ui, s, r)
        lines, colour = _slot_preview(v, ui, s, preview)
        if lines:
            size = max(canvas.least, min(canvas.ts(15), 16))  # under the cards: up to 16, or the floor
            line = _fit(canvas, lines, size, r.w - 16)
            canvas.text(line, (r.x + 10, r.bottom - 16), size, colour, anchor="midleft", max_width=r.w - 16)


def _fit(canvas: Canvas, wordings, size: float, width: float) -> str:
    """The first of ``wordings`` (longest first) that fits ``width``, else the last one."""
    return next((x for x in wordings if canvas.text_size(x, size)[0] <= width), wordings[-1])


def _draw_offer_draft(canvas: Canvas, view: TurmbauView, ui: TurmbauUi, s: int, r: pygame.Rect) -> None:
    """The viewer's offer while it is being chosen: shown only on their own screen."""
    kinds = [k for k in range(data.NKINDS) for _ in range(ui.choice.offer_sel[k])]
    for i, k in enumerate(kinds):
        painter = building_painter(layout.slot_card_covered(view, s, i, len(kinds)))
        draw_card(canvas, k, painter, layout.slot_card_pos(view, s, i, len(kinds)), SMALL_CARD, dim=True)
    x = r.right - 34
    if ui.choice.trade:
        draw_card(canvas, seat_colours.index(s), paint_trading_card, (x, r.y + 66), (44, 62), dim=True)
        x -= 40
    if ui.choice.triple:
        draw_card(canvas, "triple", paint_action_card, (x, r.y + 66), (44, 62), dim=True)
    if kinds:
        wordings = ("your draft, not yet committed", "draft, not committed", "your draft")
    else:
        wordings = ("your draft: click cards in your hand", "your draft: click cards", "your draft")
    size = max(canvas.least, min(canvas.ts(14), 16))  # under the cards: up to 16 units, or the floor
    text = _fit(canvas, wordings, size, r.w - 16)
    canvas.text(text, (r.x + 10, r.bottom - 16), size, theme.PAPER, anchor="midleft", max_width=r.w - 16)


def _slot_status(view: TurmbauView, ui: TurmbauUi, s: int) -> tuple[str, ...]:
    """The state of one offer, in wordings from the longest to the shortest."""
    v = view
    if v.phase is Phase.OFFER:
        if not v.committed[s] or (s == v.seat and ui.mode == "offer"):
            return ("choosing…",)
        if s == v.seat and v.my_offer is not None:
            return ("your offer, face down", "yours, face down", "face down")
        return ("offer face down", "face down")
    o = v.offers[s] if v.phase is Phase.SELECT else None
    if o is None or o.size == 0:
        return ("no offer",)
    return (f"{o.size} card{'s' if o.size != 1 else ''}",)


def _draw_offer_extras(canvas: Canvas, view: TurmbauView, ui: TurmbauUi, s: int, r: pygame.Rect) -> None:
    """The trading card and the Triple bonus card on an offer (visible to its owner before the
    reveal, to everyone after it)."""
    v = view
    o = None
    if v.phase is Phase.SELECT:
        o = v.offers[s]
    elif v.phase is Phase.OFFER and s == v.seat:
        o = v.my_offer
    if o is None:
        return
    x = r.right - 34
    if o.trade:
        draw_card(canvas, seat_colours.index(s), paint_trading_card, (x, r.y + 66), (44, 62))
        x -= 40
    if o.triple:
        draw_card(canvas, "triple", paint_action_card, (x, r.y + 66), (44, 62))
    if v.phase is Phase.OFFER and s == v.seat and o.size:
        cards = ", ".join(f"{n} {KIND_SHORT[k].lower()}" for k, n in enumerate(o.cards) if n)
        # under the cards, at the text size up to 16 units (the floor on a small window)
        size = max(canvas.least, min(canvas.ts(14), 16))
        text = _fit(
            canvas,
            (f"you offered {cards}", cards, f"you offered {wording.count(o.size, 'card')}", wording.count(o.size, "card")),
            size,
            r.w - 20,
        )
        canvas.text(text, (r.x + 10, r.bottom - 16), size, theme.PAPER, anchor="midleft", max_width=r.w - 20)


def _slot_preview(
    view: TurmbauView, ui: TurmbauUi, s: int, preview: dict | None
) -> tuple[tuple[str, ...], tuple]:
    """What the builder's current choice means for this offer: wordings from the longest to
    the shortest, the first that fits the slot is drawn."""
    v = view
    if preview is None or v.phase is not Phase.SELECT:
        return (), theme.PAPER
    if s in ui.choice.seats:
        if preview["disc_to"] == s:
            n = v.offers[s].size
            words = (
                f"takes the disc; you place {n} for it",
                f"takes the disc; you place {n}",
                "takes the disc",
            )
            return words, theme.HIGHLIGHT
        n = preview["units"][s]
        return (
            f"invited: places {n} part{'s' if n != 1 else ''}",
            f"invited: {n} part{'s' if n != 1 else ''}",
        ), theme.HIGHLIGHT
    pts = preview["refused_points"].get(s)
    if pts:
        return (f"refused: scores +{pts}",), theme.PAPER_DARK
    return (), theme.PAPER


def _draw_builder_box(
    canvas: Canvas, view: TurmbauView, ui: TurmbauUi, preview: dict | None, reason: str
) -> None:
    v = view
    z = OFFER_ZONE
    b = pygame.Rect(z.x + 8, z.y + 6, BUILDER_W, z.h - 12)
    canvas.fill_rect((52, 40, 28), b, radius=10)
    canvas.fill_rect(theme.GOLD, b, radius=10, width=2)
    a = v.active
    seat_dot(canvas, a, (b.x + 16, b.y + 16), 14)
    builder = f"Builder: {ui.names[a]}"
    size = canvas.fit(builder, 17, b.w - 90, most=24)
    canvas.text(builder, (b.x + 30, b.y + 16), size, theme.GOLD, anchor="midleft", max_width=b.w - 90)
    if v.target is None:
        return
    w, slot = v.target
    disc = v.wonders[w].discs[slot]
    if disc is not None:
        draw_disc(canvas, disc_key(disc), (b.right - 30, b.y + 30), 40)
    name = data.WONDER_NAMES[w]
    if canvas.text_size(name, max(canvas.least, 15))[0] > b.w - 70:  # "Mausoleum", "Lighthouse"
        name = name.split(" of ")[0]
    size = canvas.fit(name, 15, b.w - 70, most=max(17, canvas.least))
    canvas.text(name, (b.x + 12, b.y + 36), size, theme.PAPER, max_width=b.w - 70)
    top = b.y + 36 + canvas.text_size(name, size)[1] + 2
    size = max(canvas.least, min(canvas.ts(14), 15))
    row = canvas.text_size("Ag", size)[1]
    rows = max(1, int((b.bottom - 2 - top) // row))
    long, short = _builder_lines(canvas, v, ui, preview, reason, disc, size, b.w - 20)
    lines = long if len(long) <= rows else short
    for text, colour in lines[:rows]:
        canvas.text(text, (b.x + 12, top), size, colour, max_width=b.w - 20)
        top += row


def _builder_lines(
    canvas: Canvas, v: TurmbauView, ui: TurmbauUi, preview: dict | None, reason: str, disc, size: float, width: float
) -> tuple[list[tuple[str, tuple]], list[tuple[str, tuple]]]:
    """The Builder box's lines under the wonder's name: the long wording (up to four rows) and the
    short one (two rows, for when the words are large)."""
    a = v.active
    if ui.mode == "select":
        if preview is None:  # why this choice cannot be made, wrapped: the box is narrow
            wrapped = [(line, (255, 150, 130)) for line in canvas.wrap(reason, size, width)]
            return wrapped, wrapped
        fill = preview["fill"]
        played = ", ".join(f"{n} {KIND_SHORT[k].lower()}" for k, n in enumerate(fill) if n) or "no cards"
        joker = f" + {preview['jokers']} Joker" if preview["jokers"] else ""
        n = preview["units"][a]
        to = preview["disc_to"]
        parts = f"{n} part{'s' if n != 1 else ''}"
        whom = "you" if to == a else ui.names[to]
        long = [
            (f"You play {played}{joker}", theme.WHITE),
            (f"You place {parts}", theme.WHITE),
            (f"Disc goes to {whom}", theme.HIGHLIGHT),
        ]
        short = [(f"{parts} · disc to {whom}", theme.HIGHLIGHT)]
        if preview["ends_game"]:
            long.append(("This ends the game!", (255, 170, 120)))
            short.append(("Ends the game!", (255, 170, 120)))
        elif preview["completes_wonder"]:
            hi, lo = data.scoring_row(v.row)
            long.append((f"Completes the wonder: scores {hi}/{lo}", theme.HIGHLIGHT))
            short.append((f"Completes: {hi}/{lo}", theme.HIGHLIGHT))
        else:
            plays = (f"Play {played}{joker}", f"{played}{joker}", f"{played} + Joker" if joker else played)
            fits = [t for t in plays if canvas.text_size(t, size)[0] <= width]
            short.append((fits[0] if fits else plays[-1], theme.WHITE))  # fewer words where it would be cut
        return long, short
    if v.phase is Phase.SELECT:
        line = [(f"{ui.names[a]} is choosing…", theme.PAPER_DARK)]
        return line, line
    need = disc.need if disc else (0, 0, 0, 0)
    asks = ", ".join(f"{n} {KIND_SHORT[k].lower()}" for k, n in enumerate(need) if n)
    done, of = sum(1 for s in layout.offer_slots(v) if v.committed[s]), len(layout.offer_slots(v))
    long = [("Asks for " + asks, theme.PAPER), (f"Offers committed: {done} of {of}", theme.PAPER_DARK)]
    if all(canvas.text_size(t, size)[0] <= width for t, _ in long):
        return long, long
    short = [(f"Asks {asks}", theme.PAPER), (f"Offers in: {done} of {of}", theme.PAPER_DARK)]
    return short, short


# -- right column ----------------------------------------------------------------------------
def draw_right(canvas: Canvas, view: TurmbauView, ui: TurmbauUi) -> None:
    v = view
    top = SEATS_TOP
    turn = (
        f"Turn {v.turn}" + (" · double turn" if v.double else "")
        if v.phase is not Phase.OVER
        else "Game over"
    )
    heading = canvas.fit("Turn order", 20, 160, "title_bold", most=26)
    canvas.text("Turn order", (RX + 14, top + 6), heading, theme.INK, role="title_bold")
    room = RW - 28 - canvas.text_size("Turn order", heading, "title_bold")[0] - 12
    canvas.text(
        turn,
        (RX + RW - 14, top + 9),
        canvas.fit(turn, 15, room, most=20),
        theme.INK_SOFT,
        anchor="topright",
        max_width=room,
    )
    for s in range(v.players):
        _draw_plate(canvas, v, ui, s)
    _draw_scoring_table(canvas, v, ui)
    _draw_supply(canvas, v)
    _draw_discs_and_log(canvas, v, ui)


def _draw_plate(canvas: Canvas, view: TurmbauView, ui: TurmbauUi, s: int) -> None:
    v = view
    r = layout.plate_rect(v, s)
    active = v.phase is not Phase.OVER and s == v.active
    if active:
        canvas.glow(r, theme.HIGHLIGHT, radius=8, spread=6)
    canvas.fill_rect((250, 236, 200) if active else PAPER_SOFT, r, radius=8)
    canvas.fill_rect(seat_colours.rgb(s), (r.x, r.y, 6, r.h), radius=3)
    if active:
        canvas.polygon(
            theme.GOLD_DARK, [(r.x - 12, r.centery - 8), (r.x - 2, r.centery), (r.x - 12, r.centery + 8)]
        )
    seat_dot(canvas, s, (r.x + 24, r.y + 20), 20)
    score = str(v.scores[s])
    canvas.text(score, (r.right - 12, r.y + 17), 26, theme.INK, role="sans_bold", anchor="midright")
    room = r.w - 42 - canvas.text_size(score, 26, "sans_bold")[0] - 24
    role = "sans_bold" if active else "sans"
    name_size = canvas.fit(ui.names[s], 19, min(room, 230), role, most=26)
    canvas.text(
        ui.names[s],
        (r.x + 42, r.y + 17),
        name_size,
        theme.INK,
        role=role,
        anchor="midleft",
        max_width=min(room, 230),
    )
    statuses, colour = _plate_status(v, s), theme.GOLD_DARK if active else theme.INK_SOFT
    counts = _draw_plate_counts(canvas, v, s, r)  # the second row, from its right end: the left edge
    # the status on the second row before the counts, or, when the words are large, on the first
    # row after the name (as large as the room there allows), each in fewer words where the
    # long ones do not fit at the smallest size
    below = counts - r.x - 42 - 8
    left = r.x + 42 + min(room, 230, canvas.text_size(ui.names[s], name_size, role)[0]) + 10
    beside = r.x + 42 + room - left
    for status in statuses:
        size = canvas.fit(status, 13, below, most=20)
        if canvas.text_size(status, size)[0] <= below:
            canvas.text(status, (r.x + 42, r.y + 45), size, colour, anchor="midleft")
            return
        size = canvas.fit(status, 13, beside, most=20, whole=True)
        if size >= canvas.least - 0.01 or status == statuses[-1]:
            canvas.text(status, (left, r.y + 17), size, colour, anchor="midleft", max_width=beside)
            return


def _plate_status(v: TurmbauView, s: int) -> tuple[str, ...]:
    """A seat's status on its plate, then the same in fewer words (longest first)."""
    if v.phase is not Phase.OVER and s == v.active:
        status = {Phase.TURN: ("to play",), Phase.OFFER: ("builder",), Phase.SELECT: ("builder, choosing", "choosing")}
        said = status.get(v.phase, ("",))
        return tuple(x + " · double turn" for x in said) + ("double turn",) if v.double else said
    if v.phase is Phase.OFFER and not v.committed[s]:
        return ("making an offer…", "offering…")
    if v.phase is Phase.OFFER:
        return ("offer committed", "committed")
    return ("first player", "starts") if s == v.start else ("",)


def _draw_plate_counts(canvas: Canvas, v: TurmbauView, s: int, r: pygame.Rect) -> float:
    """Cards in hand, discs, action cards and the parts placed, each a small icon and its number,
    at the text size, right-aligned on the plate's second row; returns the row's left end."""
    size = max(canvas.least, min(canvas.ts(14), 22))
    ones, threes = v.parts[s]
    numbers = [str(v.hand_sizes[s]), str(v.disc_counts[s]), str(v.action_counts[s]), f"{ones}+{threes}×3"]
    widths = [canvas.text_size(n, size)[0] for n in numbers]
    x = r.right - 12 - sum(widths) - 4 * 18 - 3 * 10
    left, y = x, r.y + 45
    for i, (number, w) in enumerate(zip(numbers, widths)):
        if i == 0:
            draw_card(canvas, None, None, (x + 6, y), (12, 17), face_up=False)
        elif i == 1:
            draw_disc(canvas, None, (x + 7, y - 1), 15, face_up=False)
        elif i == 2:
            draw_card(canvas, "any", paint_action_card, (x + 6, y), (12, 17))
        else:
            draw_cube(canvas, s, 12, (x + 6, y - 8))
        canvas.text(number, (x + 16, y), size, theme.INK, anchor="midleft")
        x += 18 + w + 10
    return left


def _first_fitting(
    canvas: Canvas, wordings: tuple[str, ...], size: float, width: float, role: str = "sans", most: float | None = None
) -> tuple[str, float]:
    """The first of ``wordings`` (longest first) that fits ``width`` at ``canvas.fit``'s size, and
    that size; the last (shortest) one when none does."""
    for words in wordings:
        fitted = canvas.fit(words, size, width, role, most=most)
        if canvas.text_size(words, fitted, role)[0] <= width:
            return words, fitted
    return wordings[-1], canvas.fit(wordings[-1], size, width, role, most=most)


SCORING_CELL_H = 62  # two rows of words at the smallest size (25 units on a 1024x640 window)


def _draw_scoring_table(canvas: Canvas, view: TurmbauView, ui: TurmbauUi) -> None:
    v = view
    top = layout.scoring_top(v.players)
    heading = canvas.fit("Scoring table", 20, 170, "title_bold", most=26)
    canvas.text("Scoring table", (RX + 14, top + 6), heading, theme.INK, role="title_bold")
    room = RW - 40 - canvas.text_size("Scoring table", heading, "title_bold")[0]
    rule, size = _first_fitting(
        canvas, ("first / second · others 3", "1st / 2nd · others 3", "others 3"), 13, room, most=20
    )
    canvas.text(rule, (RX + RW - 14, top + 8), size, theme.INK_SOFT, anchor="topright", max_width=room)
    n = len(data.SCORING_ROWS)
    light_w = 76
    cw = (RW - 28 - light_w - 4) / n
    x0 = RX + 14
    y = top + 38
    h = SCORING_CELL_H
    row = min(v.row, n - 1)
    mx = x0 + row * cw + cw / 2
    if ui.motion.marker_move is not None and not ui.motion.marker_move[1].done:
        old = min(ui.motion.marker_move[0], n - 1)
        mx = anim.lerp(x0 + old * cw + cw / 2, mx, ui.motion.marker_move[1].t)
    first = max(canvas.least, min(canvas.ts(17), h * 0.4))  # two rows in the cell
    second = max(canvas.least, min(canvas.ts(13), h * 0.4))
    for i, (hi, lo) in enumerate(data.SCORING_ROWS):
        cell = pygame.Rect(round(x0 + i * cw), y, round(cw - 4), h)
        now = i == row
        canvas.fill_rect((236, 200, 120) if now else (222, 206, 170), cell, radius=6)
        canvas.fill_rect(theme.GOLD_DARK if now else theme.PAPER_DARK, cell, radius=6, width=2 if now else 1)
        canvas.text(str(hi), (cell.centerx, cell.y + h * 0.27), first, theme.INK, role="sans_bold", anchor="center")
        canvas.text(str(lo), (cell.centerx, cell.y + h * 0.74), second, theme.INK_SOFT, anchor="center")
    # the marker: a wooden pawn above the current row
    canvas.circle((60, 36, 20), (mx + 1, y - 5), 7)
    canvas.circle((168, 112, 60), (mx, y - 6), 6)
    light = pygame.Rect(round(x0 + n * cw + 4), y, round(RX + RW - 14 - (x0 + n * cw + 4)), h)
    canvas.fill_rect((250, 240, 190), light, radius=6)
    canvas.fill_rect(theme.GOLD, light, radius=6, width=2)
    numbers, size = _first_fitting(
        canvas, (f"{data.LIGHT_ROW[0]} / {data.LIGHT_ROW[1]}", f"{data.LIGHT_ROW[0]}/{data.LIGHT_ROW[1]}"),
        15, light.w - 6, "sans_bold", most=first,
    )
    canvas.text(numbers, (light.centerx, light.y + h * 0.27), size, theme.INK, role="sans_bold", anchor="center")
    words, size = _first_fitting(canvas, ("light row: end", "at end", "end"), 11, light.w - 6, most=second)
    canvas.text(words, (light.centerx, light.y + h * 0.74), size, theme.INK_SOFT, anchor="center", max_width=light.w - 6)


def _draw_supply(canvas: Canvas, view: TurmbauView) -> None:
    v = view
    top = layout.supply_top(v.players)
    sx, sy = layout.supply_pos(v.players)
    for i in range(3):
        draw_card(canvas, None, None, (sx + i * 2, sy - i * 2), (30, 42), face_up=False)
    label = max(canvas.least, min(canvas.ts(13), 20))
    canvas.text("supply", (sx, top + 2), label, theme.INK_SOFT, anchor="midtop", max_width=84)
    count = max(canvas.least, min(canvas.ts(14), 22))
    canvas.text(str(v.supply_size), (sx + 2, sy + 22), count, theme.INK, role="sans_bold", anchor="midtop")
    words, size = _first_fitting(canvas, ("discard (face up)", "discards", "discard"), 13, 132, most=20)
    canvas.text(words, (RX + 150, top + 2), size, theme.INK_SOFT, anchor="midtop", max_width=132)
    for k in range(data.NKINDS):
        x = RX + 99 + k * 34
        draw_card(canvas, k, paint_building_card, (x, sy), (28, 40))
        canvas.text(str(v.discard[k]), (x, sy + 22), count, theme.INK, role="sans_bold", anchor="midtop")
    deck = v.action_deck_size
    words, size = _first_fitting(
        canvas, (f"action cards {deck} · played", f"actions {deck}", f"{deck} actions"), 13, RW - 10 - 220, most=20
    )
    canvas.text(words, (RX + RW - 10, top + 2), size, theme.INK_SOFT, anchor="topright", max_width=RW - 10 - 220)
    for i, a in enumerate(v.spent[:10]):
        r = layout.spent_rect(v.players, i)
        draw_card(canvas, data.ACTION_KINDS[a], paint_action_card, r.center, r.size)
    if not v.spent:
        words, size = _first_fitting(canvas, ("none played yet", "none yet"), 13, RW - 8 - 236, most=20)
        canvas.text(words, (RX + 300, sy), size, theme.INK_SOFT, anchor="center", max_width=RW - 8 - 236)


def _draw_discs_and_log(canvas: Canvas, view: TurmbauView, ui: TurmbauUi) -> None:
    v = view
    y = layout.supply_top(v.players) + layout.DISCS_DY
    if v.seat is not None:
        # its row holds the discs right under it: the text size, up to 25 units
        words, size = _first_fitting(
            canvas, ("Your discs (face down)", "Your discs"), 15, RW - 28, "sans_bold", most=max(17, canvas.least)
        )
        canvas.text(words, (RX + 14, y), size, theme.INK, role="sans_bold", max_width=RW - 28)
        x = RX + 22
        for disc in sorted(v.my_discs):
            draw_disc(canvas, disc_key(disc), (x, y + 45), 28)
            x += 30
            if x > RX + RW - 20:
                break
        if not v.my_discs:
            size = canvas.fit("none yet", 14, RW - 28, most=22)  # on the discs' row
            canvas.text("none yet", (RX + 14, y + 44), size, theme.INK_SOFT, anchor="midleft")
    top = layout.log_rect(v.players, v.seat is not None).y
    # the log's heading and keys sit on its top edge, as large as the room above it allows
    title = canvas.fit("What happened", 15, 220, "sans_bold", most=22)
    canvas.text("What happened", (RX + 14, top - 1), title, theme.INK, role="sans_bold", anchor="bottomleft")
    room = RW - 50 - canvas.text_size("What happened", title, "sans_bold")[0]
    for hint in ("PgUp/PgDn", "PgUp/Dn"):  # the first that leaves a gap; else none (the key line has it)
        keys = canvas.fit(hint, 12, room, most=20)
        if canvas.text_size(hint, keys)[0] <= room:
            canvas.text(hint, (RX + RW - 14, top - 1), keys, theme.INK_SOFT, anchor="bottomright")
            break
