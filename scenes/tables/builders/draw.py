"""Babel Builders table painters: a frame from the view and the table's UI state.

Every painter takes the canvas, the seat's ``BuildersView`` and a ``BuildersUi`` (built by the
table each frame) and changes neither. The table keeps a ``StaticLayer``: while something moves
it holds the table, side panel, piles and seats (``paint_static``); at rest, the whole frame.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pygame

from babel.games.builders import cards as C
from babel.games.builders.actions import Action, Appoint, Place, Play, Reveal, Strike, Swap, Talk, target_of
from babel.games.builders.model import BuildersView, Phase
from babel.games.builders.phases import discussion_order, talk_order
from scenes import assets, keymap, seat_colours, theme, wording
from scenes.canvas import Canvas
from scenes.tables.builders import layout as L
from scenes.tables.builders.art import (
    paint_architect_token,
    paint_card_face,
    paint_master_token,
    paint_role_back,
    paint_swatch,
    paint_wax_seal,
)
from scenes.tables.builders.choice import WHY_NOT_SEAT
from scenes.widgets.blocks import Cube, IsoGrid
from scenes.widgets.cards import paint_back

STONE = (170, 160, 146)
STONE_DARK = (112, 104, 94)
STONE_SIDE = (132, 124, 112)
BLOCK = (196, 164, 120)
GLASS = (214, 226, 200)
ROLE_COLOUR = {"architect": (70, 130, 200), "messenger": (150, 80, 190), "zealot": (200, 50, 40)}
ROLE_SHORT = {"architect": "Architect", "messenger": "Messenger", "zealot": "Zealot"}
SEAT_PICKS = (Appoint, *WHY_NOT_SEAT)  # moves made by clicking seats (numbered 1-9, 0)


@dataclass(frozen=True)
class BuildersUi:
    """What the table shows beyond the view: whose screen, the selection, the animation state."""

    bottom: int  # the seat drawn at the bottom
    anchors: Mapping[int, tuple[float, float]]
    names: tuple[str, ...]
    legal: tuple[Action, ...] = ()
    busy: bool = False
    viewer: int | None = None
    pass_and_play: bool = False
    watching_bots: bool = False  # only bots play: nobody at the screen or on a device
    public_act: bool = False
    hover: tuple[str, int] | None = None
    disc_hover: int | None = None
    picked: tuple[int, ...] = ()
    sel_play: int | None = None
    sel_discard: int | None = None
    sel_take: int | None = None
    sel_give: int | None = None
    talk_kind: str = "suspect"  # the statement the talk menu has chosen
    heights: tuple[int, ...] = (0,) * 9
    res_shown: int = 0
    tray_shown: int = 0
    disc_hold: Mapping[int, int] = field(default_factory=dict)
    delib_mask: frozenset[int] = frozenset()
    master_shown: int = 0
    stage: frozenset[str] = frozenset()
    falling: tuple = ()
    debris: tuple = ()
    bolts: tuple = ()
    banners: tuple = ()
    flyers: tuple = ()
    spot: Any = None
    token_fly: tuple | None = None
    note: tuple[int, str, list[str]] | None = None
    peek: bool = False
    talk: Mapping[int, list[tuple[int, float]]] | None = None  # table talk, when shown
    talk_top: int = 0
    talk_first: int = 0  # the first bot's row the sheet shows (its rows scroll when they do not all fit)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "nobody"

    @property
    def kind(self) -> type | None:
        """The kind of move the viewer makes now (None while animating or waiting)."""
        return type(self.legal[0]) if self.legal and not self.busy else None


# -- small pieces -------------------------------------------------------------------------
def face(canvas: Canvas, card: int | None, centre, size, highlight=False, dim=False, lift=0.0) -> None:
    w, h = size
    x, y = centre[0], centre[1] - lift
    r = (x - w / 2, y - h / 2, w, h)
    canvas.shadow_rect(r, radius=max(3, w / 12), offset=(2 + lift / 3, 3 + lift / 2))
    if highlight:
        canvas.glow(pygame.Rect(round(r[0]), round(r[1]), round(w), round(h)), theme.HIGHLIGHT, radius=8)
    sr = canvas.rect(r)
    if card is None or card < 0:
        key = ("card-back", sr.w, sr.h)
        img = assets.surface(key, lambda: paint_back(sr.w, sr.h).convert_alpha())
    else:
        key = ("card", "builders-face", card, sr.w, sr.h)
        img = assets.surface(key, lambda: paint_card_face(card, sr.w, sr.h).convert_alpha())
    if dim:
        img = assets.surface(("dim",) + key, lambda src=img: _dimmed(src))
    canvas.surface.blit(img, sr.topleft)


def icon(canvas: Canvas, key: str, paint, centre, size: float) -> None:
    px = canvas.px(size)
    img = assets.surface(("builders-icon", key, px), lambda: paint(px).convert_alpha())
    canvas.surface.blit(img, img.get_rect(center=canvas.pt(centre)))


def checking(ui: BuildersUi) -> bool:
    """The Master's private check is on screen."""
    return ui.kind is Swap


# -- the frame (the table paints these layers in order, the panels between them) -------------
def draw_board(canvas: Canvas, v: BuildersView, ui: BuildersUi) -> None:
    """The base and its towers, the Master's tray, the card in the spotlight, the own hand and role."""
    draw_base(canvas, v, ui)
    draw_tray(canvas, v, ui)
    if ui.spot is not None and ui.spot not in ui.flyers:
        ui.spot.draw(canvas)
    if v.seat is not None:
        draw_hand(canvas, v, ui)
        draw_role(canvas)


def draw_moving(canvas: Canvas, ui: BuildersUi) -> None:
    """Cards in flight and the Master token on its way."""
    for sprite in ui.flyers:
        if not sprite.hidden:
            sprite.draw(canvas)
    if ui.token_fly is not None:
        a, b, tween = ui.token_fly
        if tween.started and not tween.done:
            p = (
                a[0] + (b[0] - a[0]) * tween.t,
                a[1] + (b[1] - a[1]) * tween.t - 40 * math.sin(math.pi * tween.t),
            )
            icon(canvas, "master", paint_master_token, p, 36)


def at_rest(ui: BuildersUi) -> bool:
    """Nothing moves on the table: the whole frame can be one cached picture."""
    return not (ui.busy or ui.falling or ui.debris or ui.bolts)


def static_key(v: BuildersView, ui: BuildersUi) -> tuple:
    """Everything ``paint_static`` reads that can change while the board moves."""
    hover = ui.hover if ui.hover and ui.hover[0] == "seat" else None
    return (
        v,
        ui.heights,
        ui.res_shown,
        tuple(sorted(ui.disc_hold.items())),
        tuple(sorted(ui.delib_mask)),
        ui.master_shown,
        tuple(sorted(ui.stage)),
        hover,
        ui.picked,
        ui.busy,
        ui.legal,
        ui.public_act,
        ui.talk is not None,
        ui.talk_first,
    )


def paint_static(canvas: Canvas, v: BuildersView, ui: BuildersUi, panel) -> None:
    """The table, the side panel (painted by ``panel``), the piles and the seats."""
    canvas.table(felt=L.FELT)
    panel(canvas, v, ui)
    draw_piles(canvas, v, ui)
    for seat in range(v.players):
        draw_seat(canvas, v, ui, seat)


def _draw_slab(canvas: Canvas, grid) -> None:
    """The stone slab under the 3x3 grid, with a thickness and a shadow."""
    c = grid.cube
    corners = [
        grid.cell_polygon(0, 0)[0],
        grid.cell_polygon(2, 0)[1],
        grid.cell_polygon(2, 2)[2],
        grid.cell_polygon(0, 2)[3],
    ]
    pad = c * 0.18
    top, right, bottom, left = corners
    slab = [
        (top[0], top[1] - pad),
        (right[0] + pad * 2, right[1]),
        (bottom[0], bottom[1] + pad),
        (left[0] - pad * 2, left[1]),
    ]
    depth = c * 0.22
    canvas.polygon((0, 0, 0), [(x + 10, y + 14) for x, y in slab])
    canvas.polygon(
        STONE_SIDE, [slab[3], slab[2], (slab[2][0], slab[2][1] + depth), (slab[3][0], slab[3][1] + depth)]
    )
    canvas.polygon(
        STONE_DARK, [slab[2], slab[1], (slab[1][0], slab[1][1] + depth), (slab[2][0], slab[2][1] + depth)]
    )
    canvas.polygon(STONE, slab)


def _target_tag(canvas: Canvas, grid, cell: int, height: int) -> pygame.Rect:
    """Where a legal target's name stands: over the top of its tower."""
    gx, gy = L.cell_xy(cell)
    x, y = grid.project(gx, gy, height)
    w, h = canvas.text_size(C.CELL_NAMES[cell], 18, "sans_bold")
    return pygame.Rect(round(x - w / 2), round(y - 6 - h), round(w), round(h))



def _cell_label(canvas: Canvas, poly, name: str, need: int, tags: list[pygame.Rect]) -> None:
    """An empty cell's name (and its need) inside its diamond: the first wording whose box fits
    the diamond at the text size (never under the floor), none where not even the name fits (a
    small base among ten seats; the blueprint panel names every cell), and none under a target's
    name."""
    cx = sum(p[0] for p in poly) / 4
    cy = sum(p[1] for p in poly) / 4
    dw = max(p[0] for p in poly) - min(p[0] for p in poly)
    dh = max(p[1] for p in poly) - min(p[1] for p in poly)
    size = max(min(canvas.ts(14), 22), canvas.least)  # the text size, as far as a cell holds it
    for label in ((f"{name}·{need}", name) if need else (name,)):
        w, h = canvas.text_size(label, size)
        if dw > 0 and dh > 0 and w / dw + h / dh <= 1.05:  # a centred box inside the diamond
            if not pygame.Rect(round(cx - w / 2), round(cy - h / 2), round(w), round(h)).collidelistall(tags):
                canvas.text(label, (cx, cy), size, (70, 60, 50), anchor="center")
            return


def draw_base(canvas: Canvas, v: BuildersView, ui: BuildersUi) -> None:
    grid = L.make_grid(max((*ui.heights, 0)))
    c = grid.cube
    _draw_slab(canvas, grid)
    targets = {a.cell for a in ui.legal} if ui.kind in (Place, Strike) else set()
    hover_cell = ui.hover[1] if ui.hover and ui.hover[0] == "cell" else None
    need = v.blueprint.cells
    tags = [_target_tag(canvas, grid, cell, ui.heights[cell]) for cell in targets]
    for cell in range(9):
        gx, gy = L.cell_xy(cell)
        poly = grid.cell_polygon(gx, gy)
        met = ui.heights[cell] >= need[cell] and need[cell] > 0
        fill = (150, 186, 140) if met else ((200, 186, 150) if need[cell] else (184, 174, 158))
        canvas.polygon(fill, poly)
        canvas.polygon(STONE_DARK, poly, width=1.5)
        if not ui.heights[cell]:
            _cell_label(canvas, poly, C.CELL_NAMES[cell], need[cell], tags)
    # the blueprint as glass on the base: a wireframe up to the height each tower must reach
    for cell in range(9):
        if need[cell] > ui.heights[cell]:
            gx, gy = L.cell_xy(cell)
            x, y = grid.project(gx, gy, need[cell] - 1)
            _, y0 = grid.project(gx, gy, ui.heights[cell] - 1)
            drop = y0 - y
            pts = [(x, y), (x + c / 2, y + c / 4), (x, y + c / 2), (x - c / 2, y + c / 4)]
            canvas.polygon(GLASS, pts, width=1.2)
            for px, py in pts[1:]:
                canvas.line(GLASS, (px, py), (px, py + drop), 1)
    cubes = []
    for cell in range(9):
        gx, gy = L.cell_xy(cell)
        h = ui.heights[cell]
        for z in range(h):
            cubes.append(Cube(gx, gy, z, BLOCK, highlight=(cell in targets and z == h - 1)))
    for cell, level, tween in ui.falling:
        if tween.started:
            gx, gy = L.cell_xy(cell)
            cubes.append(Cube(gx, gy, level + (1 - tween.t) * 4.5, BLOCK))
    grid.draw(canvas, cubes)
    for cell, level, tween in ui.debris:
        if tween.started:
            gx, gy = L.cell_xy(cell)
            x, y = grid.project(gx, gy, level + tween.t * 1.5)
            a = round(200 * (1 - tween.t))
            pts = [(x, y), (x + c / 2, y + c / 4), (x, y + c / 2), (x - c / 2, y + c / 4)]
            canvas.polygon((255, 230, 140, a) if a > 0 else (0, 0, 0), pts, width=2)
    for cell in sorted(targets):
        gx, gy = L.cell_xy(cell)
        poly = L.cell_outline(grid, cell, ui.heights[cell])
        colour = theme.HIGHLIGHT if cell != hover_cell else (255, 255, 255)
        canvas.polygon(colour, poly, width=(3 if cell == hover_cell else 2) * theme.OUTLINE)
        tag = _target_tag(canvas, grid, cell, ui.heights[cell])
        canvas.text(C.CELL_NAMES[cell], tag.midbottom, 18, theme.HIGHLIGHT, role="sans_bold", anchor="midbottom")
    for cell, tween in ui.bolts:
        if tween.started:
            draw_bolt(canvas, ui, grid, cell, tween.t)


def draw_bolt(canvas: Canvas, ui: BuildersUi, grid, cell: int, t: float) -> None:
    gx, gy = L.cell_xy(cell)
    x, y = grid.project(gx, gy, ui.heights[cell])
    y += grid.cube / 4
    pts = [(x + 40, 30)]
    steps = 7
    for i in range(1, steps + 1):
        f = i / steps
        jitter = (-1) ** i * 22 * (1 - f)
        pts.append((x + 40 * (1 - f) + jitter, 30 + (y - 30) * f))
    if t < 0.8:
        canvas.line((255, 255, 220), pts[0], pts[0], 1)
        for a, b in zip(pts, pts[1:]):
            canvas.line((255, 236, 120), a, b, 7)
            canvas.line((255, 255, 240), a, b, 3)
    r = 30 * (1 - t) + 6
    canvas.circle((255, 240, 170), (x, y), r, width=3)


# -- piles -------------------------------------------------------------------------------------
def draw_piles(canvas: Canvas, v: BuildersView, ui: BuildersUi) -> None:
    # the deck
    dx, dy = L.DECK
    for i in range(min(5, max(1, v.deck_size // 6))):
        if v.deck_size:
            face(canvas, None, (dx - i * 1.5, dy - i * 2), (62, 88))
    if not v.deck_size:
        canvas.fill_rect((0, 0, 0, 60), (dx - 31, dy - 44, 62, 88), radius=7)
    size = max(min(canvas.ts(16), 24), canvas.least)  # the piles' words: at most 24, never under the floor
    canvas.text(f"Deck {v.deck_size}", (dx, dy + 50), size, theme.PAPER, anchor="midtop")
    # the face-up pile of resolved cards (the second discard area)
    px, py = L.PILE
    shown = list(v.resolved[: ui.res_shown])
    w, h = L.PILE_SIZE
    canvas.fill_rect((0, 0, 0, 50), (px - w / 2 - 4, py - h / 2 - 4, w + 8, h + 8), radius=8)
    for i, card in enumerate(shown[-4:]):
        k = len(shown[-4:]) - 1 - i
        face(canvas, card, (px - k * 9, py - k * 5), L.PILE_SIZE)
    canvas.text(
        "Resolved" + (f" {len(shown)}" if shown else ""),
        (px + 8, py + h / 2 + 6),
        size,
        theme.PAPER,
        anchor="midtop",
    )
    # the supply of blocks
    sx, sy = L.SUPPLY
    rows = [(0, 0), (1, 0), (0, 1), (2, 0), (1, 1), (0, 2)]
    heap = min(6, (v.supply + 3) // 4)
    heap_grid = IsoGrid((sx, sy - 26), 26)
    heap_grid.draw(canvas, [Cube(gx, gy, 0, BLOCK) for gx, gy in rows[:heap]])
    canvas.text(f"Supply {v.supply}", (sx, sy + 42), size, theme.PAPER, anchor="midtop")


PROMPT_BAR = (L.HAND_X - 420, 674, 840, 32)  # the prompt's bar over the felt (``panels.PROMPT_RECT``)


# -- seats ---------------------------------------------------------------------------------------
def seats_to_pick(v: BuildersView, ui: BuildersUi) -> set[int]:
    """The seats a click may pick now (lit on the table)."""
    kind = ui.kind
    if kind is Talk:  # the seats the chosen statement can name
        return {a.subject for a in ui.legal if a.kind == ui.talk_kind}
    if kind is Appoint:
        return set(range(v.players)) - {v.master}
    return {target_of(a) for a in ui.legal} if kind in WHY_NOT_SEAT else set()


def draw_seat(canvas: Canvas, v: BuildersView, ui: BuildersUi, seat: int) -> None:
    anchor = ui.anchors[seat]
    r = L.plate_rect(anchor)
    bottom = seat == ui.bottom
    acting = acting_seats(v, ui.busy)
    kind = ui.kind
    legal_seats = seats_to_pick(v, ui)
    picked = seat in ui.picked
    hovered = ui.hover == ("seat", seat) and seat in legal_seats
    if seat in acting:
        canvas.glow(r, theme.HIGHLIGHT, radius=12, spread=10)
    if picked or hovered:
        canvas.glow(r.inflate(10, 60).move(0, 20), (255, 255, 255) if picked else theme.HIGHLIGHT, radius=14)
    elif seat in legal_seats:
        canvas.fill_rect((255, 214, 102, 50), r.inflate(10, 60).move(0, 20), radius=14)
    canvas.shadow_rect(r, radius=12, offset=(3, 5))
    canvas.fill_rect((30, 20, 12), r, radius=12)
    canvas.fill_rect(seat_colours.rgb(seat), r, radius=12, width=2)
    look = seat_colours.index(seat)
    icon(canvas, f"swatch{look}", lambda px, s=look: paint_swatch(s, px), (r.x + 20, r.centery), 24)
    name = ui.name(seat)
    if kind in SEAT_PICKS:
        name = f"{seat + 1 if seat < 9 else 0}. {name}"
    size = canvas.fit(name, 18, r.w - 74, most=r.h - 8)  # the text size, in the plate
    canvas.text(name, (r.x + 38, r.centery), size, theme.WHITE, anchor="midleft", max_width=r.w - 74)
    status = seat_status(v, ui, seat)
    if status:
        size = max(min(canvas.ts(14), 22), canvas.least)  # the text size, over the hand's backs
        colour = theme.GOLD if seat in acting else theme.PAPER
        canvas.text(status, (r.centerx, r.bottom), size, colour, anchor="midtop", max_width=r.w)
    # tokens: the Master's crown at the left end, an Architect token at the right end
    if seat == ui.master_shown and v.phase is not Phase.OVER:
        icon(canvas, "master", paint_master_token, (r.x - 4, r.y - 2), 34)
    if seat in v.appointed and v.phase in (
        Phase.SELECT,
        Phase.SWAP,
        Phase.REVEAL,
        Phase.PLACE,
        Phase.STRIKE,
        Phase.DELIBERATE,
    ):
        icon(canvas, "architect", paint_architect_token, (r.right - 16, r.centery), 28)
    if picked and kind is Appoint:
        icon(canvas, "architect", paint_architect_token, (r.right - 16, r.centery), 28)
    # hand backs (the bottom seat's own hand is drawn large instead) and discards
    if not (bottom and v.seat == seat):
        for i in range(v.hand_sizes[seat]):
            x, y = L.hand_backs_pos(anchor, i)
            face(canvas, None, (x, y + 18), L.SMALL)
    pile = list(v.discards[seat])
    pile = pile[: len(pile) - ui.disc_hold.get(seat, 0)]
    x0, y0 = L.discard_pos(anchor, 0, 1)
    area = L.discard_area(anchor)
    canvas.fill_rect((14, 40, 30, 150), area, radius=6)
    canvas.fill_rect((96, 130, 100), area, radius=6, width=1)
    if not pile:
        size = canvas.fit("discards", 12, area[2] - 4, most=area[3] - 6)
        canvas.text("discards", (area[0] + area[2] / 2, y0 + 18), size, (150, 180, 150), anchor="center", max_width=area[2] - 4)
    swaps = []  # x of each of the Master's swap discards, captioned once below
    for i, d in enumerate(pile):
        x, y = L.discard_pos(anchor, i, len(pile))
        card = discard_face(v, ui.delib_mask, seat, d)
        if own_face_down(v, seat, d):
            # own face-down discard: shown to its owner, tilted to say it lies face down
            face(canvas, card, (x, y + 18), L.SMALL, dim=True)
        else:
            face(canvas, card, (x, y + 18), L.SMALL)
        if d.swap:
            swaps.append(x)
    if swaps:
        _swap_caption(canvas, swaps, area, y0 + 38)
    if seat in v.appointed and v.phase is Phase.SELECT and v.committed[seat]:
        face(canvas, None, L.ready_pos(ui.anchors, ui.bottom, seat), (30, 42))
    draw_finale_marks(canvas, v, ui, seat, r)


def _swap_caption(canvas: Canvas, swaps: list[float], area, top: float) -> None:
    """"swap" or "N swaps" under a seat's discard area (off the piles beside it) at the text
    size; where it would run into the prompt's bar, moved along the area clear of the bar, or
    else no lower than the bar."""
    label = "swap" if len(swaps) == 1 else wording.count(len(swaps), "swap")
    left, right = area[0], area[0] + area[2]
    size = canvas.fit(label, 11, right - left, most=20, whole=True)
    bar = pygame.Rect(PROMPT_BAR)
    for _ in range(2):  # placed, then once more if the bar shortens it
        half = canvas.text_size(label, size)[0] / 2
        cx = min(max((swaps[0] + swaps[-1]) / 2, left + half), right - half)
        if not bar.colliderect((cx - half, top, 2 * half, size * 1.2)):
            break
        reach = 10  # beside the bar, a little past the area's ends (the piles beside it are further)
        beside = (bar.left - half - 1, bar.right + half + 1)
        clear = [c for c in beside if left + half - reach <= c <= right - half + reach]
        if clear:
            cx = min(clear, key=lambda c: abs(c - cx))
            break
        size = min(size, (bar.y - top) / 1.2)
    canvas.text(label, (cx, top), size, theme.PAPER, anchor="midtop")


def discard_face(v: BuildersView, delib_mask: frozenset[int] | set[int], seat: int, d) -> int | None:
    """The face of a discard as this screen may show it: None for a face-down card."""
    if (d.revealed and seat not in delib_mask) or (d.card >= 0 and seat == v.seat):
        return d.card
    return None


def own_face_down(v: BuildersView, seat: int, d) -> bool:
    return d.card >= 0 and not d.revealed and seat == v.seat


def draw_discard_peek(canvas: Canvas, v: BuildersView, ui: BuildersUi, seat: int) -> None:
    """A seat's discards, larger, while the pointer rests on its discard area."""
    pile = list(v.discards[seat])
    if not pile:
        return
    size = (60, 84)
    step = size[0] + 10
    w = max(260, len(pile) * step + 20)
    area = L.discard_area(ui.anchors[seat])
    x = min(max(L.FELT.left + 8, area.centerx - w / 2), L.FELT.right - 8 - w)
    h = size[1] + 62
    y = area.bottom + 8 if area.bottom + 8 + h < L.FELT.bottom else area.y - 8 - h
    canvas.shadow_rect((x, y, w, h), radius=10)
    canvas.fill_rect((30, 20, 12, 240), (x, y, w, h), radius=10)
    canvas.fill_rect(theme.GOLD, (x, y, w, h), radius=10, width=1)
    canvas.text(
        f"{ui.name(seat)}: discards",
        (x + 12, y + 8),
        14,
        theme.GOLD,
        role="sans_bold",
        max_width=w - 24,
    )
    for i, d in enumerate(pile):
        cx = x + 10 + size[0] / 2 + i * step
        cy = y + 32 + size[1] / 2
        face(canvas, discard_face(v, ui.delib_mask, seat, d), (cx, cy), size, dim=own_face_down(v, seat, d))
        tag = f"R{d.round}" + (" swap" if d.swap else "") + (" shown" if d.revealed else "")
        canvas.text(tag, (cx, cy + size[1] / 2 + 4), 11, theme.PAPER, anchor="midtop", max_width=step - 4)


def acting_seats(v: BuildersView, busy: bool) -> set[int]:
    if busy or v.phase is Phase.OVER:
        return set()
    if v.phase is Phase.SELECT:
        return {s for s in v.appointed if not v.committed[s]}
    if v.phase is Phase.SEAL:
        return {s for s in range(v.players) if not v.seal_committed[s]}
    if v.phase is Phase.TALK:  # one speaker at a time, from the Master
        order = talk_order(v.players, v.master)
        spoken = sum(1 for st in v.talk if st[0] == v.round)
        return {order[spoken]} if spoken < len(order) else set()
    if v.phase is Phase.DISCUSS:  # one speaker at a time
        order = discussion_order(v.players, v.master)
        return {next(s for s in order if v.said[s] == -2)} if -2 in v.said else set()
    if v.phase is Phase.TARGET:
        return {s for s in v.seal_users if not v.seal_committed[s]}
    if v.phase is Phase.PUNISH:
        return {s for s in v.zealots if not v.punish_committed[s]}
    return {v.master}


def seat_status(v: BuildersView, ui: BuildersUi, seat: int) -> str:
    if "messenger" in ui.stage and v.roles and v.roles[seat].value == "messenger":
        return "Messenger of God"
    if "result" in ui.stage and v.roles:
        role = v.roles[seat].value
        return ROLE_SHORT[role]
    if v.phase is Phase.SELECT and seat in v.appointed:
        return "✓ chosen" if v.committed[seat] else "choosing…"
    if v.phase in (Phase.SEAL, Phase.DISCUSS, Phase.TARGET, Phase.PUNISH) and ui.busy:
        return ""  # the view is ahead of the staged finale: its calls wait for the banners
    if v.phase is Phase.SEAL:  # every seat takes a turn: nothing here tells who holds a Seal
        return "✓ declared" if v.seal_committed[seat] else "Seal step 1…"
    if v.phase is Phase.DISCUSS:
        said = v.said[seat]
        return "" if said == -2 else "says nothing" if said < 0 else f"suspects {ui.name(said)}"
    if v.phase is Phase.TARGET and seat in v.seal_users:
        return "✓ sealed" if v.seal_committed[seat] else "Seal: choosing…"
    if v.phase is Phase.PUNISH and seat in v.zealots:
        return "✓ pointed" if v.punish_committed[seat] else "Zealot: pointing…"
    if seat == v.master and v.phase is not Phase.OVER:
        return "Master"
    return ""


def draw_finale_marks(canvas: Canvas, v: BuildersView, ui: BuildersUi, seat: int, r: pygame.Rect) -> None:
    if "messenger" in ui.stage and v.roles and v.roles[seat].value == "messenger":
        canvas.glow(r.inflate(8, 8), ROLE_COLOUR["messenger"], radius=14, spread=12)
    if "result" in ui.stage and v.roles:
        role = v.roles[seat].value
        canvas.fill_rect(ROLE_COLOUR[role], (r.x + 6, r.y - 8, r.w - 12, 8), radius=3)
    elif "messenger" in ui.stage or "zealots" in ui.stage:
        if seat in v.zealots:
            canvas.fill_rect(ROLE_COLOUR["zealot"], (r.x + 6, r.y - 8, r.w - 12, 8), radius=3)
    if "seals" in ui.stage and v.seals:
        n = sum(1 for t in v.seals if t == seat)
        for i in range(n):
            icon(canvas, "seal", paint_wax_seal, (r.right - 10 - i * 16, r.y - 10), 24)
    if "punish" in ui.stage and v.punishments and v.zealots:
        given = 0
        for z, count in zip(v.zealots, v.zealot_cards):
            if v.punishments[z] == seat:
                given += count
        for i in range(given):
            face(canvas, C.PUNISHMENT_IDS[0], (r.x + 14 + i * 14, r.y - 20), (22, 31))
    if "zealots" in ui.stage and seat in v.zealots:
        count = v.zealot_cards[v.zealots.index(seat)]
        canvas.text(
            "Zealot", (r.centerx, r.y - 12), 13, (255, 170, 150), role="sans_bold", anchor="midbottom"
        )
        if "punish" not in ui.stage:  # the Divine Punishment cards held, until they are given
            for i in range(count):
                face(canvas, C.PUNISHMENT_IDS[0], (r.centerx + 36 + i * 12, r.y - 22), (16, 22))


# -- the Master's tray ---------------------------------------------------------------------------------
def draw_tray(canvas: Canvas, v: BuildersView, ui: BuildersUi) -> None:
    m = ui.master_shown
    tx, ty = L.tray_pos(ui.anchors[m], m == ui.bottom)
    if ui.kind is Reveal:
        for card, rect in L.reveal_rects(v.face_down, L.tray_of(ui.anchors, v.master, ui.bottom)):
            hovered = ui.hover == ("reveal", card)
            face(canvas, card, rect.center, L.TRAY_FACE, highlight=True, lift=10 if hovered else 0)
        return  # the prompt line below says what to do
    n = ui.tray_shown
    if v.phase is Phase.SELECT or n == 0:
        return
    w, h = L.TRAY_CARD
    for i in range(n):
        face(canvas, None, (tx + (i - (n - 1) / 2) * (w * 0.55), ty), L.TRAY_CARD)
    bx, by = tx + ((n - 1) / 2) * (w * 0.55) + w / 2, ty - h / 2
    size = max(min(canvas.ts(14), 22), canvas.least)
    radius = max(12, size * 0.62)  # the badge grows with its number
    canvas.circle((30, 20, 12), (bx, by), radius)
    canvas.circle(theme.GOLD, (bx, by), radius, width=1.5)
    canvas.text(str(n), (bx, by), size, theme.GOLD, role="sans_bold", anchor="center")


# -- the viewer's own hand and role --------------------------------------------------------------------
def draw_hand(canvas: Canvas, v: BuildersView, ui: BuildersUi) -> None:
    kind = ui.kind
    plays = {a.card for a in ui.legal} if kind is Play else set()
    discards = {a.discard for a in ui.legal} if kind is Play else set()
    gives = {a.give for a in ui.legal} if kind is Swap else set()
    for card, (x, y) in L.hand_layout(v.hand):
        tag = ""
        lift = 0.0
        if card == ui.sel_play:
            tag, lift = "to the Master", 26
        elif card == ui.sel_discard:
            tag, lift = "discard", 26
        elif card == ui.sel_give:
            tag, lift = "give up", 26
        usable = card in plays or card in discards or card in gives
        hovered = ui.hover == ("hand", card) and usable
        if hovered and not lift:
            lift = 14
        face(
            canvas,
            card,
            (x, y),
            (theme.CARD_W, theme.CARD_H),
            highlight=bool(tag) or hovered,
            dim=kind in (Play, Swap) and not usable,
            lift=lift,
        )
        if tag:
            ty = y - lift + theme.CARD_H / 2 - 40
            size = canvas.fit(tag, 13, theme.CARD_W + 20, "sans_bold", most=22)  # the box grows with it
            tw, th = canvas.text_size(tag, size, "sans_bold")
            canvas.fill_rect((30, 20, 12, 235), (x - tw / 2 - 6, ty - th / 2, tw + 12, th), radius=6)
            canvas.text(tag, (x, ty), size, theme.HIGHLIGHT, role="sans_bold", anchor="center", max_width=theme.CARD_W + 20)
    if v.my_commit is not None and v.phase is Phase.SELECT:
        x, y = L.BOTTOM_FRONT[0] + 250, L.HAND_Y
        for i, (card, label) in enumerate(
            ((v.my_commit.play, "to the Master"), (v.my_commit.discard, "discard"))
        ):
            if card >= 0:
                face(canvas, card, (x + i * 84, y), (70, 98))
                size = canvas.fit(label, 13, 82, most=22, whole=True)
                canvas.text(label, (x + i * 84, y + 53), size, theme.PAPER, anchor="midtop")


def draw_role(canvas: Canvas) -> None:
    r = L.role_rect()
    canvas.shadow_rect(r, radius=8)
    sr = canvas.rect(r)
    img = assets.surface(
        ("builders-role-back", sr.w, sr.h), lambda: paint_role_back(sr.w, sr.h).convert_alpha()
    )
    canvas.surface.blit(img, sr.topleft)
    words = keymap.relabel("hold R to look", "builders", loose=True)
    size = max(min(canvas.ts(13), 22), canvas.least)  # under the card, above the window's foot
    canvas.text(words, (r.centerx, r.bottom + 3), size, theme.PAPER, anchor="midtop")


def _dimmed(img: pygame.Surface) -> pygame.Surface:
    out = img.copy()
    out.fill((140, 140, 140, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out
