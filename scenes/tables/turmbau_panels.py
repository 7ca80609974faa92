"""Drawing the Turmbau table: wonders with discs and part stacks, the victory-point markers, the
offer zone with the builder's preview, the seat plates in turn order, the scoring table, supply
and discard, the viewer's hand and cards, motion overlays, tooltips and the final score sheet."""

from __future__ import annotations

from typing import Any

import pygame

from babel.games.turmbau import data
from babel.games.turmbau.model import Phase
from babel.games.turmbau.rules import place_units
from scenes import anim, assets, seat_colours, theme
from scenes.canvas import Canvas
from scenes.tables.turmbau_art import (
    KIND_SHORT,
    paint_action_card,
    paint_building_card,
    paint_disc,
    paint_disc_back,
    paint_trading_card,
)
from scenes.tables.turmbau_layout import (
    BUILDER_W,
    DISC_D,
    HAND_CARD,
    OFFER_ZONE,
    PLATE_H,
    RW,
    RX,
    SMALL_CARD,
    disc_centre,
    draw_board,
    draw_cube,
    draw_stack,
    stack_base,
    tile_rect,
    track_cell,
)
from scenes.widgets.basic import fitted_size, paper
from scenes.widgets.cards import paint_back

PAPER_SOFT = (228, 214, 184)
LOG_BOTTOM = 792  # the right column's paper ends here; the tool buttons (Undo, Hint) sit below it


# -- right column geometry -------------------------------------------------------------------
def _seats_top() -> int:
    return 12


def plate_rect(t: Any, seat: int) -> pygame.Rect:
    v = t.view
    order = [(v.start + i) % v.players for i in range(v.players)]
    i = order.index(seat)
    return pygame.Rect(RX + 6, _seats_top() + 34 + i * (PLATE_H + 4), RW - 12, PLATE_H)


def plate_centre(t: Any, seat: int) -> tuple[float, float]:
    r = plate_rect(t, seat)
    return (r.centerx, r.centery)


def _scoring_top(t: Any) -> int:
    return _seats_top() + 34 + t.view.players * (PLATE_H + 4) + 14


def _supply_top(t: Any) -> int:
    return _scoring_top(t) + 112


def supply_pos(t: Any) -> tuple[float, float]:
    return (RX + 40, _supply_top(t) + 44)


def spent_rect(t: Any, i: int) -> pygame.Rect:
    return pygame.Rect(RX + 262 + (i % 5) * 24, _supply_top(t) + 40 + (i // 5) * 26, 20, 24)


# -- small pieces ---------------------------------------------------------------------------
def draw_card(
    canvas: Canvas, face, painter, centre, size, face_up=True, glow=False, dim=False, lift=0.0
) -> None:
    w, h = size
    x, y = centre[0], centre[1] - lift
    r = pygame.Rect(0, 0, round(w), round(h))
    r.center = (round(x), round(y))
    if w >= 30:
        canvas.shadow_rect(
            r, radius=theme.CARD_RADIUS * w / theme.CARD_W, offset=(3 + lift / 3, 4 + lift / 2)
        )
    if glow:
        canvas.glow(r, theme.HIGHLIGHT, radius=theme.CARD_RADIUS * w / theme.CARD_W)
    sr = canvas.rect(r)
    if face_up:
        key = ("card", painter.__name__, face, sr.w, sr.h)
        img = assets.surface(key, lambda: painter(face, sr.w, sr.h).convert_alpha())
    else:
        img = assets.surface(("card-back", sr.w, sr.h), lambda: paint_back(sr.w, sr.h).convert_alpha())
    if dim:
        key = ("dim", key if face_up else ("card-back", sr.w, sr.h))
        base = img
        img = assets.surface(key, lambda: _dimmed(base))
    canvas.surface.blit(img, sr.topleft)


def _dimmed(img: pygame.Surface) -> pygame.Surface:
    out = img.copy()
    out.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def draw_disc(canvas: Canvas, disc_key, centre, d: float = DISC_D, face_up: bool = True) -> None:
    px = canvas.px(d)
    if face_up:
        img = assets.surface(("tb-disc", disc_key, px), lambda: paint_disc(disc_key, px).convert_alpha())
    else:
        img = assets.surface(("tb-disc-back", px), lambda: paint_disc_back(px).convert_alpha())
    canvas.surface.blit(img, canvas.pt((centre[0] - d / 2, centre[1] - d / 2)))


def alpha_rect(canvas: Canvas, colour, r, radius: float) -> None:
    """A translucent rounded rectangle, its layer cached per pixel size."""
    sr = canvas.rect(r)
    rad = canvas.px(radius)

    def paint() -> pygame.Surface:
        layer = pygame.Surface(sr.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, colour, layer.get_rect(), 0, rad)
        return layer

    canvas.surface.blit(assets.surface(("tb-alpha", tuple(colour), sr.size, rad), paint), sr.topleft)


def _disc_key(disc) -> tuple:
    return (tuple(disc.kinds), tuple(disc.values))


def _seat_dot(canvas: Canvas, seat: int, centre, size: float = 20) -> None:
    draw_cube(canvas, seat, size, (centre[0], centre[1] - size * 0.55))


def _outlined(canvas: Canvas, text: str, pos, size, colour, anchor="center") -> None:
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        canvas.text(text, (pos[0] + dx, pos[1] + dy), size, (20, 14, 8), role="sans_bold", anchor=anchor)
    canvas.text(text, pos, size, colour, role="sans_bold", anchor=anchor)


# -- the whole table -------------------------------------------------------------------------
def _paint_background(size: tuple[int, int], players: int) -> pygame.Surface:
    """Everything that never moves: wood, felt, track, building sites, the offer zone and the
    paper sheets of the side column, painted once per window size and player count."""
    surf = pygame.Surface(size).convert()
    c = Canvas(surf)
    draw_board(c)
    z = OFFER_ZONE
    c.shadow_rect(z, radius=14, offset=(0, 4))
    c.fill_rect(theme.FELT_DARK, z, radius=14)
    c.fill_rect(theme.GOLD_DARK, z, radius=14, width=1)
    top = _seats_top()
    paper(c, (RX, top, RW, 34 + players * (PLATE_H + 4) + 4))
    scoring = top + 34 + players * (PLATE_H + 4) + 14
    paper(c, (RX, scoring, RW, 102))
    paper(c, (RX, scoring + 112, RW, 94))
    paper(c, (RX, scoring + 216, RW, LOG_BOTTOM - scoring - 216))
    return surf


def draw_all(t: Any, canvas: Canvas) -> None:
    key = t.still_key()
    if key is None:  # something moves: everything is drawn afresh this frame
        _draw_still(t, canvas)
    else:  # the ring around the disc on offer pulses over the still picture
        t.still.draw(canvas, key, lambda c: _draw_still(t, c, ring=False))
        _draw_target_ring(t, canvas)
    _draw_motion(t, canvas)
    canvas.text(t.prompt(), (600, 731), 19, theme.WHITE, anchor="center", max_width=1140)
    canvas.text(t.help_line(), (604, 889), 14, theme.PAPER_DARK, anchor="center", max_width=1170)
    _draw_tooltip(t, canvas)


def _draw_still(t: Any, canvas: Canvas, ring: bool = True) -> None:
    """Board, wonders, track, offers, the side panel and the hand: all that rests between moves."""
    size = canvas.surface.get_size()
    n = t.view.players
    canvas.surface.blit(assets.surface(("turmbau-bg", size, n), lambda: _paint_background(size, n)), (0, 0))
    _draw_wonders(t, canvas, ring)
    _draw_track_markers(t, canvas)
    _draw_offer_zone(t, canvas)
    _draw_right(t, canvas)
    _draw_hand(t, canvas)


def _draw_target_ring(t: Any, canvas: Canvas) -> None:
    target = t.view.target
    if target is not None and t.view.wonders[target[0]].discs[target[1]] is not None:
        pulse = t.target_pulse()
        canvas.circle(theme.HIGHLIGHT, disc_centre(*target), DISC_D / 2 + 4 + 2 * pulse, width=3)


def _draw_wonders(t: Any, canvas: Canvas, ring: bool = True) -> None:
    v = t.view
    mode = t.mode()
    builds = t.L()["builds"] if mode == "turn" else set()
    preview = None
    if mode == "select":
        preview, _ = t.select_preview()
    for w, wd in enumerate(v.wonders):
        r = tile_rect(w)
        flash = t.scored_flash.get(w)
        if flash is not None and not flash.done and flash.started:
            canvas.glow(r, theme.GOLD, radius=12, spread=12)
        if v.target is not None and v.target[0] == w:
            canvas.glow(r, theme.HIGHLIGHT, radius=10)
        for slot, disc in enumerate(wd.discs):
            c = disc_centre(w, slot)
            if disc is None:
                canvas.circle((120, 100, 70), (c[0], c[1] + 2), DISC_D / 2 - 2)
                canvas.circle((90, 72, 48), (c[0], c[1] + 2), DISC_D / 2 - 2, width=2)
                continue
            canvas.circle((0, 0, 0, 90), (c[0] + 3, c[1] + 6), DISC_D / 2)
            draw_disc(canvas, _disc_key(disc), c)
            if v.target == (w, slot):
                if ring:
                    _draw_target_ring(t, canvas)
            elif (w, slot) in builds and (t.hover == ("disc", w, slot) or t.cursor == (w, slot)):
                canvas.circle(theme.HIGHLIGHT, c, DISC_D / 2 + 5, width=3)
        if wd.scored:
            band = pygame.Rect(r.x + 10, r.y + 96, r.w - 20, 34)
            alpha_rect(canvas, (60, 40, 20, 170), band, 8)
            canvas.text(
                "Completed and scored", band.center, 17, theme.GOLD, role="title_bold", anchor="center"
            )
        for s in range(v.players):
            ones, threes = wd.parts[s]
            base = stack_base(w, s, v.players)
            drop = None
            dr = t.drops.get((w, s))
            if dr is not None and not dr[2].done:
                drop = (dr[0], dr[1], dr[2].t, dr[2].started)
            top = base[1]
            extra = preview["units"][s] if preview is not None and preview["wonder"] == w else 0
            if extra:
                g1, g3 = place_units(v.parts[s], extra)
                top = draw_stack(canvas, s, base, ones + g1, threes + g3, (g1, g3, 1.0, True), ghost=True)
                _outlined(canvas, f"+{extra}", (base[0], top - 9), 16, theme.HIGHLIGHT)
            elif ones or threes:
                top = draw_stack(canvas, s, base, ones, threes, drop)
                _outlined(canvas, str(wd.units(s)), (base[0], top - 9), 13, seat_colours.rgb(s))


def _draw_track_markers(t: Any, canvas: Canvas) -> None:
    v = t.view
    spots: dict[int, int] = {}
    for s in range(v.players):
        score = t.shown_scores[s] if s < len(t.shown_scores) else v.scores[s]
        mv = t.score_moves.get(s)
        if mv is not None and not mv[2].done:
            score = round(anim.lerp(mv[0], mv[1], mv[2].t))
        cell = track_cell(score)
        n = spots.get(score % 100, 0)
        spots[score % 100] = n + 1
        cx, cy = cell.center
        top = (cx + (n % 3 - 1) * 6, cy - 12 - n * 5)
        draw_cube(canvas, s, 15, top)
        if score >= 100:
            _outlined(canvas, f"+{score // 100 * 100}", (top[0], top[1] - 6), 10, theme.WHITE)


# -- the offer zone --------------------------------------------------------------------------
def _draw_offer_zone(t: Any, canvas: Canvas) -> None:
    v = t.view
    z = OFFER_ZONE
    if v.phase not in (Phase.OFFER, Phase.SELECT):
        canvas.text("Offers", (z.x + 18, z.y + 12), 22, theme.GOLD, role="title_bold")
        canvas.text(
            "When a player builds, the others' offers land here face down and are turned up together.",
            (z.x + 110, z.y + 20),
            15,
            theme.PAPER_DARK,
            max_width=z.w - 130,
        )
        y = z.y + 52
        for line in t.log_lines[-4:]:
            canvas.text(line, (z.x + 18, y), 15, theme.PAPER, max_width=z.w - 36)
            y += 22
        return  # a finished build's cards on their way are drawn with the motion, on top
    mode = t.mode()
    preview, reason = (None, "")
    if mode == "select":
        preview, reason = t.select_preview()
    _draw_builder_box(t, canvas, preview, reason)
    for s in t.offer_slots():
        r = t.slot_rect(s)
        chosen = mode == "select" and s in t.sel_seats
        hover = mode == "select" and t.hover == ("offer", s) and s in t._offerers()
        if chosen:
            canvas.glow(r, theme.HIGHLIGHT, radius=10)
        canvas.fill_rect((40, 86, 64) if (chosen or hover) else (30, 70, 52), r, radius=10)
        canvas.fill_rect(seat_colours.rgb(s), r, radius=10, width=2 if chosen else 1)
        _seat_dot(canvas, s, (r.x + 16, r.y + 16), 14)
        canvas.text(
            t._name(s), (r.x + 30, r.y + 16), 17, theme.WHITE, anchor="midleft", max_width=r.w / 2 - 10
        )
        name_w = min(canvas.text_size(t._name(s), 17)[0], r.w / 2 - 10)
        room = r.w - name_w - 48
        status = _fit(canvas, _slot_status(t, s), 14, room)
        canvas.text(status, (r.right - 8, r.y + 16), 14, theme.PAPER_DARK, anchor="midright", max_width=room)
        for sp in t.offer_sprites.get(s, []):
            if not sp.moving:  # cards on their way are drawn with the motion, above the panels
                sp.draw(canvas)
        if mode == "offer" and s == v.seat:
            _draw_offer_draft(t, canvas, s, r)
        _draw_offer_extras(t, canvas, s, r)
        lines, colour = _slot_preview(t, s, preview)
        if lines:
            line = _fit(canvas, lines, 15, r.w - 16)
            canvas.text(line, (r.x + 10, r.bottom - 14), 15, colour, anchor="midleft", max_width=r.w - 16)


def _fit(canvas: Canvas, wordings, size: float, width: float) -> str:
    """The first of ``wordings`` (longest first) that fits ``width``, else the last one."""
    return next((x for x in wordings if canvas.text_size(x, size)[0] <= width), wordings[-1])


def _draw_offer_draft(t: Any, canvas: Canvas, s: int, r: pygame.Rect) -> None:
    """The viewer's offer while it is being chosen: shown only on their own screen."""
    kinds = [k for k in range(data.NKINDS) for _ in range(t.offer_sel[k])]
    for i, k in enumerate(kinds):
        draw_card(canvas, k, paint_building_card, t.slot_card_pos(s, i, len(kinds)), SMALL_CARD, dim=True)
    x = r.right - 34
    if t.offer_trade:
        draw_card(canvas, seat_colours.index(s), paint_trading_card, (x, r.y + 66), (44, 62), dim=True)
        x -= 40
    if t.offer_triple:
        draw_card(canvas, "triple", paint_action_card, (x, r.y + 66), (44, 62), dim=True)
    if kinds:
        wordings = ("your draft, not yet committed", "draft, not committed", "your draft")
    else:
        wordings = ("your draft: click cards in your hand", "your draft: click cards", "your draft")
    text = _fit(canvas, wordings, 14, r.w - 16)
    canvas.text(text, (r.x + 10, r.bottom - 14), 14, theme.PAPER, anchor="midleft", max_width=r.w - 16)


def _slot_status(t: Any, s: int) -> tuple[str, ...]:
    """The state of one offer, in wordings from the longest to the shortest."""
    v = t.view
    if v.phase is Phase.OFFER:
        if not v.committed[s] or (s == v.seat and t.mode() == "offer"):
            return ("choosing…",)
        if s == v.seat and v.my_offer is not None:
            return ("your offer, face down", "yours, face down", "face down")
        return ("offer face down", "face down")
    o = v.offers[s] if v.phase is Phase.SELECT else None
    if o is None or o.size == 0:
        return ("no offer",)
    return (f"{o.size} card{'s' if o.size != 1 else ''}",)


def _draw_offer_extras(t: Any, canvas: Canvas, s: int, r: pygame.Rect) -> None:
    """The trading card and the Triple bonus card on an offer (visible to its owner before the
    reveal, to everyone after it)."""
    v = t.view
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
        canvas.text(
            "you offered " + ", ".join(f"{n} {KIND_SHORT[k].lower()}" for k, n in enumerate(o.cards) if n),
            (r.x + 10, r.bottom - 14),
            14,
            theme.PAPER,
            anchor="midleft",
            max_width=r.w - 60,
        )


def _slot_preview(t: Any, s: int, preview: dict | None) -> tuple[tuple[str, ...], tuple]:
    """What the builder's current choice means for this offer: wordings from the longest to
    the shortest, the first that fits the slot is drawn."""
    v = t.view
    if preview is None or v.phase is not Phase.SELECT:
        return (), theme.PAPER
    if s in t.sel_seats:
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


def _draw_builder_box(t: Any, canvas: Canvas, preview: dict | None, reason: str) -> None:
    v = t.view
    z = OFFER_ZONE
    b = pygame.Rect(z.x + 8, z.y + 6, BUILDER_W, z.h - 12)
    canvas.fill_rect((52, 40, 28), b, radius=10)
    canvas.fill_rect(theme.GOLD, b, radius=10, width=2)
    a = v.active
    _seat_dot(canvas, a, (b.x + 16, b.y + 16), 14)
    canvas.text(
        f"Builder: {t._name(a)}", (b.x + 30, b.y + 16), 17, theme.GOLD, anchor="midleft", max_width=b.w - 90
    )
    if v.target is None:
        return
    w, slot = v.target
    disc = v.wonders[w].discs[slot]
    if disc is not None:
        draw_disc(canvas, _disc_key(disc), (b.right - 30, b.y + 30), 40)
    canvas.text(data.WONDER_NAMES[w], (b.x + 12, b.y + 40), 15, theme.PAPER, max_width=b.w - 70)
    lines: list[tuple[str, tuple]] = []
    if t.mode() == "select":
        if preview is None:  # why this choice cannot be made, wrapped: the box is narrow
            lines += [(line, (255, 150, 130)) for line in canvas.wrap(reason, 14, b.w - 20)]
        else:
            fill = preview["fill"]
            played = ", ".join(f"{n} {KIND_SHORT[k].lower()}" for k, n in enumerate(fill) if n) or "no cards"
            joker = f" + {preview['jokers']} Joker" if preview["jokers"] else ""
            lines.append((f"You play {played}{joker}", theme.WHITE))
            n = preview["units"][a]
            lines.append((f"You place {n} part{'s' if n != 1 else ''}", theme.WHITE))
            to = preview["disc_to"]
            lines.append((f"Disc goes to {'you' if to == a else t._name(to)}", theme.HIGHLIGHT))
            if preview["ends_game"]:
                lines.append(("This ends the game!", (255, 170, 120)))
            elif preview["completes_wonder"]:
                hi, lo = data.scoring_row(v.row)
                lines.append((f"Completes the wonder: scores {hi}/{lo}", theme.HIGHLIGHT))
    elif v.phase is Phase.SELECT:
        lines.append((f"{t._name(a)} is choosing…", theme.PAPER_DARK))
    else:
        need = disc.need if disc else (0, 0, 0, 0)
        lines.append(
            (
                "Asks for " + ", ".join(f"{n} {KIND_SHORT[k].lower()}" for k, n in enumerate(need) if n),
                theme.PAPER,
            )
        )
        done = sum(1 for s in t.offer_slots() if v.committed[s])
        lines.append((f"Offers committed: {done} of {len(t.offer_slots())}", theme.PAPER_DARK))
    y = b.y + 62
    for text, colour in lines[:4]:
        canvas.text(text, (b.x + 12, y), 14, colour, max_width=b.w - 20)
        y += 18


# -- right column ----------------------------------------------------------------------------
def _draw_right(t: Any, canvas: Canvas) -> None:
    v = t.view
    top = _seats_top()
    turn = (
        f"Turn {v.turn}" + (" · double turn" if v.double else "")
        if v.phase is not Phase.OVER
        else "Game over"
    )
    canvas.text("Turn order", (RX + 14, top + 6), 20, theme.INK, role="title_bold")
    canvas.text(turn, (RX + RW - 14, top + 9), 15, theme.INK_SOFT, anchor="topright")
    for s in range(v.players):
        _draw_plate(t, canvas, s)
    _draw_scoring_table(t, canvas)
    _draw_supply(t, canvas)
    _draw_discs_and_log(t, canvas)


def _draw_plate(t: Any, canvas: Canvas, s: int) -> None:
    v = t.view
    r = plate_rect(t, s)
    active = v.phase is not Phase.OVER and s == v.active
    acting = v.phase is Phase.OFFER and s != v.active and not v.committed[s]
    if active:
        canvas.glow(r, theme.HIGHLIGHT, radius=8, spread=6)
    canvas.fill_rect((250, 236, 200) if active else PAPER_SOFT, r, radius=8)
    canvas.fill_rect(seat_colours.rgb(s), (r.x, r.y, 6, r.h), radius=3)
    if active:
        canvas.polygon(
            theme.GOLD_DARK, [(r.x - 12, r.centery - 8), (r.x - 2, r.centery), (r.x - 12, r.centery + 8)]
        )
    _seat_dot(canvas, s, (r.x + 24, r.y + 20), 20)
    canvas.text(
        t._name(s),
        (r.x + 42, r.y + 18),
        19,
        theme.INK,
        role="sans_bold" if active else "sans",
        anchor="midleft",
        max_width=150,
    )
    if active:
        status = {Phase.TURN: "to play", Phase.OFFER: "builder", Phase.SELECT: "builder, choosing"}.get(
            v.phase, ""
        )
        if v.double:
            status += " · double turn"
    elif acting:
        status = "making an offer…"
    elif v.phase is Phase.OFFER:
        status = "offer committed"
    else:
        status = "first player" if s == v.start else ""
    canvas.text(
        status,
        (r.x + 42, r.y + 43),
        13,
        theme.GOLD_DARK if active else theme.INK_SOFT,
        anchor="midleft",
        max_width=120,
    )
    x = r.x + 170
    y = r.y + 43
    draw_card(canvas, None, None, (x, y), (12, 17), face_up=False)
    canvas.text(str(v.hand_sizes[s]), (x + 10, y), 14, theme.INK, anchor="midleft")
    x += 40
    draw_disc(canvas, None, (x, y - 1), 15, face_up=False)
    canvas.text(str(v.disc_counts[s]), (x + 10, y), 14, theme.INK, anchor="midleft")
    x += 38
    draw_card(canvas, "any", paint_action_card, (x, y), (12, 17))
    canvas.text(str(v.action_counts[s]), (x + 10, y), 14, theme.INK, anchor="midleft")
    x += 38
    draw_cube(canvas, s, 12, (x, y - 8))
    ones, threes = v.parts[s]
    canvas.text(f"{ones}+{threes}×3", (x + 9, y), 13, theme.INK, anchor="midleft")
    canvas.text(
        str(v.scores[s]), (r.right - 12, r.y + 18), 26, theme.INK, role="sans_bold", anchor="midright"
    )


def _draw_scoring_table(t: Any, canvas: Canvas) -> None:
    v = t.view
    top = _scoring_top(t)
    canvas.text("Scoring table", (RX + 14, top + 6), 20, theme.INK, role="title_bold")
    canvas.text("first / second · others 3", (RX + RW - 14, top + 10), 13, theme.INK_SOFT, anchor="topright")
    n = len(data.SCORING_ROWS)
    cw = 38
    x0 = RX + 14
    y = top + 40
    row = min(v.row, n - 1)
    mx = x0 + row * cw + cw / 2
    if t.marker_move is not None and not t.marker_move[1].done:
        old = min(t.marker_move[0], n - 1)
        mx = anim.lerp(x0 + old * cw + cw / 2, mx, t.marker_move[1].t)
    for i, (hi, lo) in enumerate(data.SCORING_ROWS):
        cell = pygame.Rect(x0 + i * cw, y, cw - 4, 50)
        now = i == row
        canvas.fill_rect((236, 200, 120) if now else (222, 206, 170), cell, radius=6)
        canvas.fill_rect(theme.GOLD_DARK if now else theme.PAPER_DARK, cell, radius=6, width=2 if now else 1)
        canvas.text(str(hi), (cell.centerx, cell.y + 15), 17, theme.INK, role="sans_bold", anchor="center")
        canvas.text(str(lo), (cell.centerx, cell.y + 36), 13, theme.INK_SOFT, anchor="center")
    # the marker: a wooden pawn above the current row
    canvas.circle((60, 36, 20), (mx + 1, y - 5), 7)
    canvas.circle((168, 112, 60), (mx, y - 6), 6)
    light = pygame.Rect(x0 + n * cw + 8, y, RW - 28 - n * cw - 8, 50)
    canvas.fill_rect((250, 240, 190), light, radius=6)
    canvas.fill_rect(theme.GOLD, light, radius=6, width=2)
    canvas.text(
        f"{data.LIGHT_ROW[0]} / {data.LIGHT_ROW[1]}",
        (light.centerx, light.y + 17),
        15,
        theme.INK,
        role="sans_bold",
        anchor="center",
    )
    canvas.text(
        "light row: end",
        (light.centerx, light.y + 37),
        fitted_size(canvas, "light row: end", 11, light.w - 6),
        theme.INK_SOFT,
        anchor="center",
        max_width=light.w - 6,
    )


def _draw_supply(t: Any, canvas: Canvas) -> None:
    v = t.view
    top = _supply_top(t)
    sx, sy = supply_pos(t)
    for i in range(3):
        draw_card(canvas, None, None, (sx + i * 2, sy - i * 2), (30, 42), face_up=False)
    canvas.text("supply", (sx, top + 8), 13, theme.INK_SOFT, anchor="midtop")
    canvas.text(str(v.supply_size), (sx + 2, sy + 26), 14, theme.INK, role="sans_bold", anchor="midtop")
    canvas.text("discard (face up)", (RX + 150, top + 8), 13, theme.INK_SOFT, anchor="midtop")
    for k in range(data.NKINDS):
        x = RX + 99 + k * 34
        draw_card(canvas, k, paint_building_card, (x, sy), (28, 40))
        canvas.text(str(v.discard[k]), (x, sy + 30), 13, theme.INK, role="sans_bold", anchor="midtop")
    canvas.text(
        f"action cards {v.action_deck_size} · played",
        (RX + RW - 10, top + 8),
        13,
        theme.INK_SOFT,
        anchor="topright",
    )
    for i, a in enumerate(v.spent[:10]):
        r = spent_rect(t, i)
        draw_card(canvas, data.ACTION_KINDS[a], paint_action_card, r.center, r.size)
    if not v.spent:
        canvas.text("none played yet", (RX + 320, sy), 13, theme.INK_SOFT, anchor="center")


def _draw_discs_and_log(t: Any, canvas: Canvas) -> None:
    v = t.view
    top = _supply_top(t) + 104
    bottom = LOG_BOTTOM
    y = top + 8
    if v.seat is not None:
        canvas.text("Your discs (face down)", (RX + 14, y), 15, theme.INK, role="sans_bold")
        x = RX + 22
        for disc in sorted(v.my_discs):
            draw_disc(canvas, _disc_key(disc), (x, y + 38), 28)
            x += 30
            if x > RX + RW - 20:
                break
        if not v.my_discs:
            canvas.text("none yet", (RX + 14, y + 30), 14, theme.INK_SOFT)
        y += 62
    canvas.text("What happened", (RX + 14, y), 15, theme.INK, role="sans_bold")
    y += 22
    room = int((bottom - 8 - y) // 19)
    for text, indent in _log_rows(canvas, t.log_lines, room, RW - 36):
        canvas.text(text, (RX + 14 + indent, y), 13, theme.INK_SOFT, max_width=RW - 26 - indent)
        y += 19


def _log_rows(canvas: Canvas, lines: list[str], room: int, width: float) -> list[tuple[str, int]]:
    """The newest log entries that fit in ``room`` rows, each wrapped whole (a continuation
    row is indented) rather than cut off."""
    rows: list[tuple[str, int]] = []
    for line in reversed(lines):
        if len(rows) >= room:
            break
        wrapped = canvas.wrap(line, 13, width) or [line]
        rows[:0] = [(w, 10 if i else 0) for i, w in enumerate(wrapped)]
    return rows[-room:] if room > 0 else []


# -- the viewer's hand -----------------------------------------------------------------------
def _draw_hand(t: Any, canvas: Canvas) -> None:
    v = t.view
    mode = t.mode()
    if v.seat is None:
        msg = (
            "Hands are hidden: the screen belongs to no player right now"
            if t.controller.pass_and_play
            else ""
        )
        if msg:
            canvas.text(msg, (450, 812), 18, theme.PAPER_DARK, anchor="center")
        return
    pickable = mode in ("offer", "redraw")
    for i, (k, c, chosen) in enumerate(t.hand_cards()):
        hovered = pickable and t.hover is not None and t.hover[:2] == ("hand", i)
        draw_card(canvas, k, paint_building_card, c, HAND_CARD, glow=chosen, lift=6 if hovered else 0)
    if not sum(v.hand):
        canvas.text("no building cards", (200, 812), 17, theme.PAPER_DARK, anchor="center")
    L = t.L()
    for kind, face, c in t.extra_cards():
        if kind == "trade":
            lit = mode == "offer" and (t.offer_trade or sum(t.offer_sel) > 0)
            draw_card(
                canvas,
                seat_colours.index(face),
                paint_trading_card,
                c,
                SMALL_CARD,
                glow=lit and t.offer_trade,
                dim=not lit and mode == "offer",
            )
            continue
        playable = (
            (face == "draw3" and L["draw3"])
            or (face == "double" and L["double"])
            or (face == "redraw" and bool(L["redraws"]))
            or (face == "triple" and mode == "offer")
            or (face == "joker" and mode == "select" and t.joker_usable())
        ) and not t.busy()
        lifted = t.hover == ("action", face)
        draw_card(
            canvas,
            face,
            paint_action_card,
            c,
            SMALL_CARD,
            glow=playable,
            lift=6 if lifted and playable else 0,
        )
    # what is chosen right now
    if mode == "offer":
        o = t.current_offer()
        w, s = v.target
        disc = v.wonders[w].discs[s]
        text = f"{o.size} of at most {disc.total} cards chosen" + (" + trading card" if o.trade else "")
        canvas.text(text, (1047, 858), 13, theme.PAPER, anchor="midtop", max_width=300)
    elif mode == "select" and t.sel_wild != (0, 0, 0, 0):
        words = ", ".join(f"{n} {KIND_SHORT[k].lower()}" for k, n in enumerate(t.sel_wild) if n)
        canvas.text(
            f"Joker as {words} (J changes)", (1047, 858), 14, theme.HIGHLIGHT, anchor="midtop", max_width=290
        )
    elif mode == "select" and t.joker_usable():
        canvas.text("J: use a Joker", (1047, 858), 14, theme.PAPER, anchor="midtop")
    elif mode == "redraw":
        canvas.text(
            "Trade in: "
            + (
                ", ".join(f"{n} {KIND_SHORT[k].lower()}" for k, n in enumerate(t.redraw_sel) if n)
                or "nothing yet"
            ),
            (1047, 858),
            14,
            theme.PAPER,
            anchor="midtop",
            max_width=290,
        )


# -- overlays ---------------------------------------------------------------------------------
def _draw_motion(t: Any, canvas: Canvas) -> None:
    idle = t.view.phase not in (Phase.OFFER, Phase.SELECT)
    for sprites in t.offer_sprites.values():
        for sp in sprites:
            if idle or sp.moving:
                sp.draw(canvas)
    for sp in list(t.flyers):
        sp.draw(canvas)
    for key, a, b, tween in list(t.disc_flyers):
        p = anim.arc2(a, b, tween.t, 60)
        draw_disc(canvas, key, p, DISC_D * (1 - 0.4 * tween.t))
    for text, pos, colour, tween in list(t.floaters):
        if tween.started and not tween.done:
            _outlined(canvas, text, (pos[0], pos[1] - 40 * tween.t), 24, colour)
    t.floaters = [f for f in t.floaters if not f[3].done]
    if t.banner is not None:
        text, tween = t.banner
        if tween.done:
            t.banner = None
        elif tween.started:
            w = min(1000, canvas.text_size(text, 26, "title_bold")[0] + 60)
            r = pygame.Rect(0, 0, round(w), 52)
            r.center = (603, 292)
            canvas.shadow_rect(r, radius=12)
            alpha_rect(canvas, (46, 34, 26, 235), r, 12)
            canvas.fill_rect(theme.GOLD, r, radius=12, width=2)
            canvas.text(text, r.center, 26, theme.GOLD, role="title_bold", anchor="center", max_width=w - 30)


def _draw_tooltip(t: Any, canvas: Canvas) -> None:
    text = t.tooltip_for(t.hover)
    if not text or t.busy():
        return
    mx, my = t.app.mouse
    lines = assets.wrap(text, "sans", max(6, canvas.px(15)), canvas.px(320))
    h = 14 + 20 * len(lines)
    r = pygame.Rect(0, 0, 344, h)
    r.bottomleft = (round(mx + 14), round(my - 12))
    r.right = min(r.right, 1590)
    r.top = max(r.top, 6)
    paper(canvas, r, radius=8)
    y = r.y + 8
    for line in lines:
        canvas.text(line, (r.x + 12, y), 15, theme.INK, max_width=320)
        y += 20
