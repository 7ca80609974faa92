"""Painters of the Turmbau table: the board with the wonders, their discs and part stacks, the
victory-point markers, the viewer's hand and cards, the motion overlays, the prompt, the help
line and the tooltip. (The offer zone and the right column are in ``panels``, the final score
sheet in ``sheet``.)

Every painter takes the view and ``TurmbauUi``, the table's small UI state built each frame, and
changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from babel.games.turmbau.data import ZERO
from babel.games.turmbau.model import Phase, TurmbauView
from babel.games.turmbau.pieces import place_units
from scenes import anim, assets, seat_colours, theme
from scenes.canvas import Canvas
from scenes.tables.turmbau.animate import Motion
from scenes.tables.turmbau.art import (
    KIND_SHORT,
    alpha_rect,
    building_painter,
    disc_key,
    draw_board,
    draw_card,
    draw_cube,
    draw_disc,
    draw_stack,
    outlined,
    paint_action_card,
    paint_trading_card,
)
from scenes.tables.turmbau.layout import (
    DISC_D,
    HAND_CARD,
    LOG_BOTTOM,
    OFFER_ZONE,
    PLATE_H,
    PROMPT_X,
    RW,
    RX,
    SEATS_TOP,
    SMALL_CARD,
    disc_centre,
    hand_card_covered,
    stack_base,
    tile_rect,
    track_cell,
)
from scenes.tables.turmbau.moves import Choice, LegalMoves
from scenes.widgets.basic import paper, tooltip


@dataclass(frozen=True)
class TurmbauUi:
    """What the painters need besides the view, as the table sees it this frame."""

    mode: str  # turn, offer, select, redraw or wait
    names: tuple[str, ...]
    legal: LegalMoves
    hover: tuple | None = None
    cursor: tuple[int, int] | None = None
    card: tuple[int, int] | None = None  # what the keys point at (``cards``): row, index
    choice: Choice = Choice()
    preview: dict | None = None  # the builder's choice previewed, or None with ``reason``
    reason: str = ""
    hand: tuple = ()  # (kind, centre, chosen) per card in hand
    extras: tuple = ()  # (kind, face, centre) per trading or action card
    joker_usable: bool = False
    busy: bool = False
    pass_and_play: bool = False
    log_lines: tuple[str, ...] = ()
    prompt: str = ""
    prompts: tuple[str, ...] = ()  # the prompt, then the same in fewer words
    help: str = ""
    helps: tuple[str, ...] = ()  # the key line, then the same in fewer words
    tooltip: str = ""
    mouse: tuple[float, float] = (0, 0)
    below: bool = False  # the note hangs from ``mouse`` down, left of the right column (keys on it)
    pulse: float = 1.0  # the ring around the disc on offer
    motion: Motion | None = None
    end_shown: bool = False


# -- the still picture ----------------------------------------------------------------------------
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
    top = SEATS_TOP
    paper(c, (RX, top, RW, 34 + players * (PLATE_H + 4) + 4))
    scoring = top + 34 + players * (PLATE_H + 4) + 14
    paper(c, (RX, scoring, RW, 104))
    paper(c, (RX, scoring + 112, RW, 108))
    paper(c, (RX, scoring + 224, RW, LOG_BOTTOM - scoring - 224))
    return surf


def draw_background(canvas: Canvas, view: TurmbauView) -> None:
    size = canvas.surface.get_size()
    n = view.players
    canvas.surface.blit(assets.surface(("turmbau-bg", size, n), lambda: _paint_background(size, n)), (0, 0))


def draw_target_ring(canvas: Canvas, view: TurmbauView, ui: TurmbauUi) -> None:
    target = view.target
    if target is not None and view.wonders[target[0]].discs[target[1]] is not None:
        canvas.circle(theme.HIGHLIGHT, disc_centre(*target), DISC_D / 2 + 4 + 2 * ui.pulse, width=3 * theme.OUTLINE)


def draw_wonders(canvas: Canvas, view: TurmbauView, ui: TurmbauUi, ring: bool = True) -> None:
    builds = ui.legal.builds if ui.mode == "turn" else frozenset()
    for w, wd in enumerate(view.wonders):
        r = tile_rect(w)
        flash = ui.motion.scored_flash.get(w)
        if flash is not None and not flash.done and flash.started:
            canvas.glow(r, theme.GOLD, radius=12, spread=12)
        if view.target is not None and view.target[0] == w:
            canvas.glow(r, theme.HIGHLIGHT, radius=10)
        for slot, disc in enumerate(wd.discs):
            c = disc_centre(w, slot)
            if disc is None:
                canvas.circle((120, 100, 70), (c[0], c[1] + 2), DISC_D / 2 - 2)
                canvas.circle((90, 72, 48), (c[0], c[1] + 2), DISC_D / 2 - 2, width=2)
                continue
            canvas.circle((0, 0, 0, 90), (c[0] + 3, c[1] + 6), DISC_D / 2)
            draw_disc(canvas, disc_key(disc), c)
            if view.target == (w, slot):
                if ring:
                    draw_target_ring(canvas, view, ui)
            elif (w, slot) in builds and (ui.hover == ("disc", w, slot) or ui.cursor == (w, slot)):
                canvas.circle(theme.HIGHLIGHT, c, DISC_D / 2 + 5, width=3 * theme.OUTLINE)
        if wd.scored:
            band = pygame.Rect(r.x + 10, r.y + 96, r.w - 20, 34)
            alpha_rect(canvas, (60, 40, 20, 170), band, 8)
            canvas.text(
                "Completed and scored", band.center, 17, theme.GOLD, role="title_bold", anchor="center"
            )
        _draw_stacks(canvas, view, ui, w)


def _draw_stacks(canvas: Canvas, view: TurmbauView, ui: TurmbauUi, w: int) -> None:
    """Each seat's parts on wonder ``w``: falling in when just placed, ghosted in the preview."""
    wd = view.wonders[w]
    preview = ui.preview if ui.mode == "select" else None
    for s in range(view.players):
        ones, threes = wd.parts[s]
        base = stack_base(w, s, view.players)
        drop = None
        dr = ui.motion.drops.get((w, s))
        if dr is not None and not dr[2].done:
            drop = (dr[0], dr[1], dr[2].t, dr[2].started)
        top = base[1]
        extra = preview["units"][s] if preview is not None and preview["wonder"] == w else 0
        if extra:
            g1, g3 = place_units(view.parts[s], extra)
            top = draw_stack(canvas, s, base, ones + g1, threes + g3, (g1, g3, 1.0, True), ghost=True)
            outlined(canvas, f"+{extra}", (base[0], top - 9), max(16, canvas.least), theme.HIGHLIGHT)
        elif ones or threes:
            top = draw_stack(canvas, s, base, ones, threes, drop)
            outlined(canvas, str(wd.units(s)), (base[0], top - 9), max(13, canvas.least), seat_colours.rgb(s))


def draw_track_markers(canvas: Canvas, view: TurmbauView, ui: TurmbauUi) -> None:
    spots: dict[int, int] = {}
    shown = ui.motion.shown_scores
    for s in range(view.players):
        score = shown[s] if s < len(shown) else view.scores[s]
        mv = ui.motion.score_moves.get(s)
        if mv is not None and not mv[2].done:
            score = round(anim.lerp(mv[0], mv[1], mv[2].t))
        cell = track_cell(score)
        n = spots.get(score % 100, 0)
        spots[score % 100] = n + 1
        cx, cy = cell.center
        top = (cx + (n % 3 - 1) * 6, cy - 12 - n * 5)
        draw_cube(canvas, s, 15, top)
        if score >= 100:
            outlined(canvas, f"+{score // 100 * 100}", (top[0], top[1] - 6), max(10, canvas.least), theme.WHITE)


# -- the viewer's hand ------------------------------------------------------------------------------
def draw_hand(canvas: Canvas, view: TurmbauView, ui: TurmbauUi) -> None:
    mode = ui.mode
    if view.seat is None:
        if ui.pass_and_play:
            msg = "Hands are hidden: the screen belongs to no player right now"
            canvas.text(msg, (450, 812), 18, theme.PAPER_DARK, anchor="center")
        return
    pickable = mode in ("offer", "redraw")
    for i, (k, c, chosen) in enumerate(ui.hand):
        hovered = pickable and ui.hover is not None and ui.hover[:2] == ("hand", i)
        painter = building_painter(hand_card_covered(ui.hand, i))
        draw_card(canvas, k, painter, c, HAND_CARD, glow=chosen, lift=6 if hovered else 0)
    if not sum(view.hand):
        canvas.text("no building cards", (200, 812), 17, theme.PAPER_DARK, anchor="center")
    _draw_extras(canvas, ui)
    _draw_choice_line(canvas, view, ui)


def _draw_extras(canvas: Canvas, ui: TurmbauUi) -> None:
    """The trading card and the action cards, lit when they can be played."""
    mode, legal = ui.mode, ui.legal
    for kind, face, c in ui.extras:
        if kind == "trade":
            lit = mode == "offer" and (ui.choice.trade or sum(ui.choice.offer_sel) > 0)
            glow = lit and ui.choice.trade
            dim = not lit and mode == "offer"
            draw_card(canvas, seat_colours.index(face), paint_trading_card, c, SMALL_CARD, glow=glow, dim=dim)
            continue
        playable = (
            (face == "draw3" and legal.draw3)
            or (face == "double" and legal.double)
            or (face == "redraw" and bool(legal.redraws))
            or (face == "triple" and mode == "offer")
            or (face == "joker" and mode == "select" and ui.joker_usable)
        ) and not ui.busy
        lift = 6 if ui.hover == ("action", face) and playable else 0
        draw_card(canvas, face, paint_action_card, c, SMALL_CARD, glow=playable, lift=lift)


CHOICE_X, CHOICE_W = 1047, 280  # the choice line's centre and room: under the choice buttons
BUTTONS_BOTTOM = 848  # the second choice button's foot


def _draw_choice_line(canvas: Canvas, view: TurmbauView, ui: TurmbauUi) -> None:
    """What is chosen right now, between the choice buttons and the key line, at the text size
    (never under the smallest size): in fewer words where the long ones do not fit."""
    wordings = choice_wordings(view, ui)
    if not wordings:
        return
    colour = theme.HIGHLIGHT if ui.mode == "select" and ui.choice.wild != ZERO else theme.PAPER
    for text in wordings:
        size = canvas.fit(text, 14, CHOICE_W, most=22)
        if canvas.text_size(text, size)[0] <= CHOICE_W:
            break
    keys_top = 898 - canvas.text_size(*key_line(canvas, ui), "condensed")[1]
    y = (BUTTONS_BOTTOM + keys_top) / 2 + 4  # a line's box is taller than its letters: clear of the button
    canvas.text(text, (CHOICE_X, y), size, colour, anchor="center", max_width=CHOICE_W)


def choice_wordings(view: TurmbauView, ui: TurmbauUi) -> tuple[str, ...]:
    """The choice line, then the same in fewer words (longest first); none when nothing is chosen."""
    mode, c = ui.mode, ui.choice
    if mode == "offer":
        o = c.offer
        w, s = view.target
        most = view.wonders[w].discs[s].total
        return (
            f"{o.size} of at most {most} cards chosen" + (" + trading card" if o.trade else ""),
            f"{o.size} of at most {most} chosen" + (" + trading" if o.trade else ""),
            f"{o.size} of {most} chosen" + (" + trading" if o.trade else ""),
        )
    if mode == "select" and c.wild != ZERO:
        words = ", ".join(f"{n} {KIND_SHORT[k].lower()}" for k, n in enumerate(c.wild) if n)
        return (f"Joker as {words} (J changes)", f"Joker as {words}", f"Joker: {words}")
    if mode == "select" and ui.joker_usable:
        return ("J: use a Joker", "J: Joker")
    if mode == "redraw":
        chosen = ", ".join(f"{n} {KIND_SHORT[k].lower()}" for k, n in enumerate(c.redraw_sel) if n)
        return ("Trade in: " + (chosen or "nothing yet"), "Trade in: " + (chosen or "none yet"))
    return ()


# -- over the still picture -------------------------------------------------------------------------
def draw_motion(canvas: Canvas, view: TurmbauView, ui: TurmbauUi) -> None:
    m = ui.motion
    idle = view.phase not in (Phase.OFFER, Phase.SELECT)
    for sprites in m.offer_sprites.values():
        for sp in sprites:
            if idle or sp.moving:
                sp.draw(canvas)
    for sp in m.flyers:
        sp.draw(canvas)
    for key, a, b, tween in m.disc_flyers:
        p = anim.arc2(a, b, tween.t, 60)
        draw_disc(canvas, key, p, DISC_D * (1 - 0.4 * tween.t))
    for text, pos, colour, tween in m.floaters:
        if tween.started and not tween.done:
            outlined(canvas, text, (pos[0], pos[1] - 40 * tween.t), 24, colour)
    if m.banner is not None:
        text, tween = m.banner
        if tween.started and not tween.done:
            w = min(1000, canvas.text_size(text, 26, "title_bold")[0] + 60)
            r = pygame.Rect(0, 0, round(w), 52)
            r.center = (603, 292)
            canvas.shadow_rect(r, radius=12)
            alpha_rect(canvas, (46, 34, 26, 235), r, 12)
            canvas.fill_rect(theme.GOLD, r, radius=12, width=2)
            canvas.text(text, r.center, 26, theme.GOLD, role="title_bold", anchor="center", max_width=w - 30)


def draw_prompt(canvas: Canvas, ui: TurmbauUi) -> None:
    """The prompt between the offers and the hand, the keys at the foot: both follow the text
    size as far as their rows allow (never under the smallest size)."""
    prompt, size = _whole_line(canvas, ui.prompts or (ui.prompt,), 19, 1140, "sans", 26)
    canvas.text(prompt, (PROMPT_X, 731), size, theme.WHITE, anchor="center", max_width=1140)
    keys, size = key_line(canvas, ui)
    x, width = _key_row(ui)
    canvas.text(keys, (x, 898), size, theme.PAPER_DARK, role="condensed", anchor="midbottom", max_width=width)


def _key_row(ui: TurmbauUi) -> tuple[float, float]:
    """The key line's centre and width: the table's width, or left of the choice line when one
    is drawn (it sits between the choice buttons and the foot)."""
    chosen = ui.mode in ("offer", "redraw") or (ui.mode == "select" and (ui.joker_usable or ui.choice.wild != ZERO))
    if not chosen:
        return 604, 1170
    right = CHOICE_X - CHOICE_W / 2 - 8
    return (19 + right) / 2, right - 19


def key_line(canvas: Canvas, ui: TurmbauUi) -> tuple[str, float]:
    """The key line and its size: the text size as far as its row allows, whole, in fewer
    words where the long ones would shrink under the smallest size."""
    return _whole_line(canvas, ui.helps or (ui.help,), 14, _key_row(ui)[1], "condensed", 24)


def _whole_line(
    canvas: Canvas, wordings: tuple[str, ...], size: float, width: float, role: str, most: float
) -> tuple[str, float]:
    """The first of ``wordings`` (longest first) that keeps the smallest size in ``width``, and
    its size; else the shortest, shrunk as far as it must to stay whole."""
    for words in wordings:
        fitted = canvas.fit(words, size, width, role, most=most, whole=True)
        if fitted >= canvas.least - 0.01:
            return words, fitted
    return wordings[-1], canvas.fit(wordings[-1], size, width, role, most=most, whole=True)


def draw_tooltip(canvas: Canvas, ui: TurmbauUi) -> None:
    """The note of what the pointer (or the keys) is on, as large as the text size makes notes,
    kept clear of the choice buttons, or of the right column for a note on it (by keys)."""
    if ui.tooltip and not ui.busy:
        clear = pygame.Rect(RX, 0, RW, 900) if ui.below else pygame.Rect(900, 745, 300, 110)
        tooltip(canvas, ui.tooltip, ui.mouse, below=ui.below, clear_of=clear)
