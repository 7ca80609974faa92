"""Babel Builders table drawing: the part of the scene that paints a frame from the view.

Only ``self.view`` (the current seat's view) and the scene's animation state are read here.
"""

from __future__ import annotations

import math

import pygame

from babel.games.builders import cards as C
from babel.games.builders.model import BuildersView, Phase
from scenes import assets, seat_colours, theme, wording
from scenes.canvas import Canvas
from scenes.tables import builders_layout as L
from scenes.tables.builders_art import (
    paint_architect_token,
    paint_card_face,
    paint_master_token,
    paint_role_back,
    paint_swatch,
    paint_wax_seal,
)
from scenes.widgets.blocks import Cube
from scenes.widgets.cards import paint_back

STONE = (170, 160, 146)
STONE_DARK = (112, 104, 94)
STONE_SIDE = (132, 124, 112)
BLOCK = (196, 164, 120)
GLASS = (214, 226, 200)
ROLE_COLOUR = {"architect": (70, 130, 200), "messenger": (150, 80, 190), "zealot": (200, 50, 40)}
ROLE_SHORT = {"architect": "Architect", "messenger": "Messenger", "zealot": "Zealot"}


class DrawMixin:
    # -- small pieces -------------------------------------------------------------------------
    def _face(self, canvas: Canvas, card: int, centre, size, highlight=False, dim=False, lift=0.0) -> None:
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

    def _icon(self, canvas: Canvas, key: str, paint, centre, size: float) -> None:
        px = canvas.px(size)
        img = assets.surface(("builders-icon", key, px), lambda: paint(px).convert_alpha())
        canvas.surface.blit(img, img.get_rect(center=canvas.pt(centre)))

    # -- the frame ----------------------------------------------------------------------------
    def draw_table(self, canvas: Canvas) -> None:
        v: BuildersView = self.view
        self._draw_static(canvas, v)
        self._draw_base(canvas, v)
        self._draw_tray(canvas, v)
        if self.spot is not None and self.spot not in self.flyers:
            self.spot.draw(canvas)
        if v.seat is not None:
            self._draw_hand(canvas, v)
            self._draw_role(canvas, v)
        if self._checking():
            self._draw_check(canvas, v)
        for sprite in list(self.flyers):
            if not sprite.hidden:
                sprite.draw(canvas)
        if self.token_fly is not None:
            a, b, tween = self.token_fly
            if tween.done:
                self.token_fly = None
            elif tween.started:
                p = (
                    a[0] + (b[0] - a[0]) * tween.t,
                    a[1] + (b[1] - a[1]) * tween.t - 40 * math.sin(math.pi * tween.t),
                )
                self._icon(canvas, "master", paint_master_token, p, 36)
        self._draw_prompt(canvas, v)
        if self.disc_hover is not None and not self._checking():
            self._draw_discard_peek(canvas, v, self.disc_hover)
        self._draw_banners(canvas)
        if self.note is not None and self.note[0] == self.viewer and v.seat is not None:
            self._draw_note(canvas)
        if self.peek and v.seat is not None and v.role is not None:
            self._draw_peek(canvas, v)

    def _draw_static(self, canvas: Canvas, v: BuildersView) -> None:
        """The table, the side panel, the piles and the seats: painted once per change, then one blit."""
        size = canvas.surface.get_size()
        hover = self.hover if self.hover and self.hover[0] == "seat" else None
        key = (
            size,
            id(v),
            tuple(self.heights),
            self.res_shown,
            tuple(sorted(self.disc_hold.items())),
            tuple(sorted(self.delib_mask)),
            self.master_shown,
            tuple(sorted(self.stage)),
            hover,
            tuple(self.picked),
            self.busy(),
            self.legal,
            self.public_act,
            getattr(self, "talk_on", False),
        )
        if getattr(self, "_static_key", None) != key or self._static.get_size() != size:
            layer = getattr(self, "_static", None)
            if layer is None or layer.get_size() != size:
                layer = (
                    pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
                )
            sub = Canvas(layer)
            sub.table(felt=L.FELT)
            self._draw_panel(sub, v)
            self._draw_piles(sub, v)
            for seat in range(v.players):
                self._draw_seat(sub, v, seat)
            self._static, self._static_key = layer, key
        canvas.surface.blit(self._static, (0, 0))

    def _checking(self) -> bool:
        return bool(self.legal) and self.legal[0].verb == "swap" and not self.busy()

    # -- the base and its towers ---------------------------------------------------------------
    def _draw_base(self, canvas: Canvas, v: BuildersView) -> None:
        grid = L.make_grid(max(self.heights + [0]))
        c = grid.cube
        # the stone slab under the 3x3 grid, with a thickness and a shadow
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
        verb = self.legal[0].verb if self.legal and not self.busy() else ""
        targets = {a.args[0] for a in self.legal} if verb in ("place", "strike") else set()
        hover_cell = self.hover[1] if self.hover and self.hover[0] == "cell" else None
        need = v.blueprint.cells
        for cell in range(9):
            gx, gy = L.cell_xy(cell)
            poly = grid.cell_polygon(gx, gy)
            met = self.heights[cell] >= need[cell] and need[cell] > 0
            fill = (150, 186, 140) if met else ((200, 186, 150) if need[cell] else (184, 174, 158))
            canvas.polygon(fill, poly)
            canvas.polygon(STONE_DARK, poly, width=1.5)
            if not self.heights[cell]:
                label = C.CELL_NAMES[cell] + (f"·{need[cell]}" if need[cell] else "")
                cx = sum(p[0] for p in poly) / 4
                cy = sum(p[1] for p in poly) / 4
                canvas.text(label, (cx, cy), 14, (70, 60, 50), anchor="center")
        # the blueprint as glass on the base: a wireframe up to the height each tower must reach
        for cell in range(9):
            if need[cell] > self.heights[cell]:
                gx, gy = L.cell_xy(cell)
                x, y = grid.project(gx, gy, need[cell] - 1)
                _, y0 = grid.project(gx, gy, self.heights[cell] - 1)
                drop = y0 - y
                pts = [(x, y), (x + c / 2, y + c / 4), (x, y + c / 2), (x - c / 2, y + c / 4)]
                canvas.polygon(GLASS, pts, width=1.2)
                for px, py in pts[1:]:
                    canvas.line(GLASS, (px, py), (px, py + drop), 1)
        cubes = []
        for cell in range(9):
            gx, gy = L.cell_xy(cell)
            h = self.heights[cell]
            for z in range(h):
                cubes.append(Cube(gx, gy, z, BLOCK, highlight=(cell in targets and z == h - 1)))
        for cell, level, tween in self.falling:
            if tween.started:
                gx, gy = L.cell_xy(cell)
                cubes.append(Cube(gx, gy, level + (1 - tween.t) * 4.5, BLOCK))
        grid.draw(canvas, cubes)
        for cell, level, tween in self.debris:
            if tween.started:
                gx, gy = L.cell_xy(cell)
                x, y = grid.project(gx, gy, level + tween.t * 1.5)
                a = round(200 * (1 - tween.t))
                pts = [(x, y), (x + c / 2, y + c / 4), (x, y + c / 2), (x - c / 2, y + c / 4)]
                canvas.polygon((255, 230, 140, a) if a > 0 else (0, 0, 0), pts, width=2)
        for cell in sorted(targets):
            gx, gy = L.cell_xy(cell)
            poly = L.cell_outline(grid, cell, self.heights[cell])
            colour = theme.HIGHLIGHT if cell != hover_cell else (255, 255, 255)
            canvas.polygon(colour, poly, width=3 if cell == hover_cell else 2)
            x, y = grid.project(gx, gy, self.heights[cell])
            canvas.text(
                C.CELL_NAMES[cell], (x, y - 6), 18, theme.HIGHLIGHT, role="sans_bold", anchor="midbottom"
            )
        for cell, tween in self.bolts:
            if tween.started:
                self._draw_bolt(canvas, grid, cell, tween.t)

    def _draw_bolt(self, canvas: Canvas, grid, cell: int, t: float) -> None:
        gx, gy = L.cell_xy(cell)
        x, y = grid.project(gx, gy, self.heights[cell])
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
    def _draw_piles(self, canvas: Canvas, v: BuildersView) -> None:
        # the deck
        dx, dy = L.DECK
        for i in range(min(5, max(1, v.deck_size // 6))):
            if v.deck_size:
                self._face(canvas, None, (dx - i * 1.5, dy - i * 2), (62, 88))
        if not v.deck_size:
            canvas.fill_rect((0, 0, 0, 60), (dx - 31, dy - 44, 62, 88), radius=7)
        canvas.text(f"Deck {v.deck_size}", (dx, dy + 52), 16, theme.PAPER, anchor="midtop")
        # the face-up pile of resolved cards (the second discard area)
        px, py = L.PILE
        shown = list(v.resolved[: self.res_shown])
        w, h = L.PILE_SIZE
        canvas.fill_rect((0, 0, 0, 50), (px - w / 2 - 4, py - h / 2 - 4, w + 8, h + 8), radius=8)
        for i, card in enumerate(shown[-4:]):
            k = len(shown[-4:]) - 1 - i
            self._face(canvas, card, (px - k * 9, py - k * 5), L.PILE_SIZE)
        canvas.text(
            "Resolved" + (f" ({len(shown)})" if shown else ""),
            (px, py + h / 2 + 8),
            15,
            theme.PAPER,
            anchor="midtop",
        )
        # the supply of blocks
        sx, sy = L.SUPPLY
        rows = [(0, 0), (1, 0), (0, 1), (2, 0), (1, 1), (0, 2)]
        heap = min(6, (v.supply + 3) // 4)
        from scenes.widgets.blocks import IsoGrid

        heap_grid = IsoGrid((sx, sy - 26), 26)
        heap_grid.draw(canvas, [Cube(gx, gy, 0, BLOCK) for gx, gy in rows[:heap]])
        canvas.text(f"Supply {v.supply}", (sx, sy + 42), 16, theme.PAPER, anchor="midtop")

    # -- seats ---------------------------------------------------------------------------------------
    def _draw_seat(self, canvas: Canvas, v: BuildersView, seat: int) -> None:
        anchor = self.anchors[seat]
        r = L.plate_rect(anchor)
        bottom = seat == self.bottom
        acting = self._acting_seats(v)
        verb = self.legal[0].verb if self.legal and not self.busy() else ""
        legal_seats = (
            {a.args[0] for a in self.legal} if verb in ("deliberate", "master", "seal", "punish") else set()
        )
        if verb == "appoint":
            legal_seats = set(range(v.players)) - {v.master}
        picked = seat in self.picked
        hovered = self.hover == ("seat", seat) and seat in legal_seats
        if seat in acting:
            canvas.glow(r, theme.HIGHLIGHT, radius=12, spread=10)
        if picked or hovered:
            canvas.glow(
                r.inflate(10, 60).move(0, 20), (255, 255, 255) if picked else theme.HIGHLIGHT, radius=14
            )
        elif seat in legal_seats:
            canvas.fill_rect((255, 214, 102, 50), r.inflate(10, 60).move(0, 20), radius=14)
        canvas.shadow_rect(r, radius=12, offset=(3, 5))
        canvas.fill_rect((30, 20, 12), r, radius=12)
        canvas.fill_rect(seat_colours.rgb(seat), r, radius=12, width=2)
        look = seat_colours.index(seat)
        self._icon(canvas, f"swatch{look}", lambda px, s=look: paint_swatch(s, px), (r.x + 20, r.centery), 24)
        name = self._name(seat)
        if verb in ("appoint", "deliberate", "master", "seal", "punish"):
            name = f"{seat + 1 if seat < 9 else 0}. {name}"
        canvas.text(name, (r.x + 38, r.centery), 18, theme.WHITE, anchor="midleft", max_width=r.w - 74)
        status = self._status(v, seat)
        if status:
            canvas.text(
                status,
                (r.centerx, r.bottom + 2),
                14,
                theme.GOLD if seat in acting else theme.PAPER,
                anchor="midtop",
                max_width=r.w,
            )
        # tokens: the Master's crown at the left end, an Architect token at the right end
        if seat == self.master_shown and v.phase is not Phase.OVER:
            self._icon(canvas, "master", paint_master_token, (r.x - 4, r.y - 2), 34)
        if seat in v.appointed and v.phase in (
            Phase.SELECT,
            Phase.SWAP,
            Phase.REVEAL,
            Phase.PLACE,
            Phase.STRIKE,
            Phase.DELIBERATE,
        ):
            self._icon(canvas, "architect", paint_architect_token, (r.right - 16, r.centery), 28)
        if picked and verb == "appoint":
            self._icon(canvas, "architect", paint_architect_token, (r.right - 16, r.centery), 28)
        # hand backs (the bottom seat's own hand is drawn large instead) and discards
        if not (bottom and v.seat == seat):
            for i in range(v.hand_sizes[seat]):
                x, y = L.hand_backs_pos(anchor, i)
                self._face(canvas, None, (x, y + 18), L.SMALL)
        pile = list(v.discards[seat])
        pile = pile[: len(pile) - self.disc_hold.get(seat, 0)]
        x0, y0 = L.discard_pos(anchor, 0, 1)
        area = L.discard_area(anchor)
        canvas.fill_rect((14, 40, 30, 150), area, radius=6)
        canvas.fill_rect((96, 130, 100), area, radius=6, width=1)
        if not pile:
            canvas.text("discards", (area[0] + area[2] / 2, y0 + 18), 12, (150, 180, 150), anchor="center")
        swaps = []  # x of each of the Master's swap discards, captioned once below
        for i, d in enumerate(pile):
            x, y = L.discard_pos(anchor, i, len(pile))
            card = self._discard_face(v, seat, d)
            if self._own_face_down(v, seat, d):
                # own face-down discard: shown to its owner, tilted to say it lies face down
                self._face(canvas, card, (x, y + 18), L.SMALL, dim=True)
            else:
                self._face(canvas, card, (x, y + 18), L.SMALL)
            if d.swap:
                swaps.append(x)
        if swaps:
            label = "swap" if len(swaps) == 1 else wording.count(len(swaps), "swap")
            canvas.text(label, ((swaps[0] + swaps[-1]) / 2, y0 + 40), 11, theme.PAPER, anchor="midtop")
        if seat in v.appointed and v.phase is Phase.SELECT and v.committed[seat]:
            self._face(canvas, None, self._ready_pos(seat), (30, 42))
        self._draw_finale_marks(canvas, v, seat, r)

    def _discard_face(self, v: BuildersView, seat: int, d) -> int | None:
        """The face of a discard as this screen may show it: None for a face-down card."""
        if (d.revealed and seat not in self.delib_mask) or (d.card >= 0 and seat == v.seat):
            return d.card
        return None

    def _own_face_down(self, v: BuildersView, seat: int, d) -> bool:
        return d.card >= 0 and not d.revealed and seat == v.seat

    def _draw_discard_peek(self, canvas: Canvas, v: BuildersView, seat: int) -> None:
        """A seat's discards, larger, while the pointer rests on its discard area."""
        pile = list(v.discards[seat])
        if not pile:
            return
        size = (60, 84)
        step = size[0] + 10
        w = max(260, len(pile) * step + 20)
        area = L.discard_area(self.anchors[seat])
        x = min(max(L.FELT.left + 8, area.centerx - w / 2), L.FELT.right - 8 - w)
        h = size[1] + 62
        y = area.bottom + 8 if area.bottom + 8 + h < L.FELT.bottom else area.y - 8 - h
        canvas.shadow_rect((x, y, w, h), radius=10)
        canvas.fill_rect((30, 20, 12, 240), (x, y, w, h), radius=10)
        canvas.fill_rect(theme.GOLD, (x, y, w, h), radius=10, width=1)
        canvas.text(
            f"{self._name(seat)}: discards",
            (x + 12, y + 8),
            14,
            theme.GOLD,
            role="sans_bold",
            max_width=w - 24,
        )
        for i, d in enumerate(pile):
            cx = x + 10 + size[0] / 2 + i * step
            cy = y + 32 + size[1] / 2
            self._face(
                canvas, self._discard_face(v, seat, d), (cx, cy), size, dim=self._own_face_down(v, seat, d)
            )
            tag = f"R{d.round}" + (" swap" if d.swap else "") + (" shown" if d.revealed else "")
            canvas.text(tag, (cx, cy + size[1] / 2 + 4), 11, theme.PAPER, anchor="midtop", max_width=step - 4)

    def _acting_seats(self, v: BuildersView) -> set[int]:
        if self.busy() or v.phase is Phase.OVER:
            return set()
        if v.phase is Phase.SELECT:
            return {s for s in v.appointed if not v.committed[s]}
        if v.phase is Phase.SEAL:
            return {s for s in range(v.players) if not v.seal_committed[s]}
        if v.phase is Phase.PUNISH:
            return {s for s in v.zealots if not v.punish_committed[s]}
        return {v.master}

    def _status(self, v: BuildersView, seat: int) -> str:
        if "messenger" in self.stage and v.roles and v.roles[seat].value == "messenger":
            return "Messenger of God"
        if "result" in self.stage and v.roles:
            role = v.roles[seat].value
            return ROLE_SHORT[role]
        if v.phase is Phase.SELECT and seat in v.appointed:
            return "✓ chosen" if v.committed[seat] else "choosing…"
        if v.phase in (Phase.SEAL, Phase.PUNISH) and self.busy():
            return ""  # the view is ahead of the staged finale: its calls wait for the banners
        if v.phase is Phase.SEAL:  # every seat takes a turn: nothing here tells who holds a Seal
            return "✓ chosen" if v.seal_committed[seat] else "Seal phase…"
        if v.phase is Phase.PUNISH and seat in v.zealots:
            return "✓ pointed" if v.punish_committed[seat] else "Zealot: pointing…"
        if seat == v.master and v.phase is not Phase.OVER:
            return "Master"
        return ""

    def _draw_finale_marks(self, canvas: Canvas, v: BuildersView, seat: int, r: pygame.Rect) -> None:
        if "messenger" in self.stage and v.roles and v.roles[seat].value == "messenger":
            canvas.glow(r.inflate(8, 8), ROLE_COLOUR["messenger"], radius=14, spread=12)
        if "result" in self.stage and v.roles:
            role = v.roles[seat].value
            canvas.fill_rect(ROLE_COLOUR[role], (r.x + 6, r.y - 8, r.w - 12, 8), radius=3)
        elif "messenger" in self.stage or "zealots" in self.stage:
            if seat in v.zealots:
                canvas.fill_rect(ROLE_COLOUR["zealot"], (r.x + 6, r.y - 8, r.w - 12, 8), radius=3)
        if "seals" in self.stage and v.seals:
            n = sum(1 for t in v.seals if t == seat)
            for i in range(n):
                self._icon(canvas, "seal", paint_wax_seal, (r.right - 10 - i * 16, r.y - 10), 24)
        if "punish" in self.stage and v.punishments and v.zealots:
            given = 0
            for z, count in zip(v.zealots, v.zealot_cards):
                if v.punishments[z] == seat:
                    given += count
            for i in range(given):
                self._face(canvas, C.PUNISHMENT_IDS[0], (r.x + 14 + i * 14, r.y - 20), (22, 31))
        if "zealots" in self.stage and seat in v.zealots:
            count = v.zealot_cards[v.zealots.index(seat)]
            canvas.text(
                "Zealot", (r.centerx, r.y - 12), 13, (255, 170, 150), role="sans_bold", anchor="midbottom"
            )
            if "punish" not in self.stage:  # the Divine Punishment cards held, until they are given
                for i in range(count):
                    self._face(canvas, C.PUNISHMENT_IDS[0], (r.centerx + 36 + i * 12, r.y - 22), (16, 22))

    # -- the Master's tray ---------------------------------------------------------------------------------
    def _draw_tray(self, canvas: Canvas, v: BuildersView) -> None:
        m = self.master_shown
        tx, ty = L.tray_pos(self.anchors[m], m == self.bottom)
        reveal = bool(self.legal) and self.legal[0].verb == "reveal" and not self.busy()
        if reveal:
            for card, rect in self._reveal_rects():
                hovered = self.hover == ("reveal", card)
                self._face(canvas, card, rect.center, L.TRAY_FACE, highlight=True, lift=10 if hovered else 0)
            return  # the prompt line below says what to do
        n = self.tray_shown
        if v.phase is Phase.SELECT or n == 0:
            return
        w, h = L.TRAY_CARD
        for i in range(n):
            self._face(canvas, None, (tx + (i - (n - 1) / 2) * (w * 0.55), ty), L.TRAY_CARD)
        bx, by = tx + ((n - 1) / 2) * (w * 0.55) + w / 2, ty - h / 2
        canvas.circle((30, 20, 12), (bx, by), 12)
        canvas.circle(theme.GOLD, (bx, by), 12, width=1.5)
        canvas.text(str(n), (bx, by), 14, theme.GOLD, role="sans_bold", anchor="center")

    # -- the viewer's own hand and role --------------------------------------------------------------------
    def _draw_hand(self, canvas: Canvas, v: BuildersView) -> None:
        verb = self.legal[0].verb if self.legal and not self.busy() else ""
        pairs = {a.args for a in self.legal}
        plays = {p for p, _ in pairs} if verb == "play" else set()
        discards = {d for _, d in pairs} if verb == "play" else set()
        gives = {g for _, g in pairs} if verb == "swap" else set()
        for card, (x, y) in self._hand_layout():
            tag = ""
            lift = 0.0
            if card == self.sel_play:
                tag, lift = "to the Master", 26
            elif card == self.sel_discard:
                tag, lift = "discard", 26
            elif card == self.sel_give:
                tag, lift = "give up", 26
            usable = card in plays or card in discards or card in gives
            hovered = self.hover == ("hand", card) and usable
            if hovered and not lift:
                lift = 14
            self._face(
                canvas,
                card,
                (x, y),
                (theme.CARD_W, theme.CARD_H),
                highlight=bool(tag) or hovered,
                dim=bool(verb in ("play", "swap")) and not usable,
                lift=lift,
            )
            if tag:
                ty = y - lift + theme.CARD_H / 2 - 40
                canvas.fill_rect((30, 20, 12, 235), (x - 60, ty - 11, 120, 22), radius=6)
                canvas.text(
                    tag, (x, ty), 13, theme.HIGHLIGHT, role="sans_bold", anchor="center", max_width=114
                )
        if v.my_commit is not None and v.phase is Phase.SELECT:
            x, y = L.BOTTOM_FRONT[0] + 250, L.HAND_Y
            for i, (card, label) in enumerate(
                ((v.my_commit.play, "to the Master"), (v.my_commit.discard, "discard"))
            ):
                if card >= 0:
                    self._face(canvas, card, (x + i * 84, y), (70, 98))
                    canvas.text(label, (x + i * 84, y + 54), 13, theme.PAPER, anchor="midtop")

    def _draw_role(self, canvas: Canvas, v: BuildersView) -> None:
        r = self._role_rect()
        canvas.shadow_rect(r, radius=8)
        sr = canvas.rect(r)
        img = assets.surface(
            ("builders-role-back", sr.w, sr.h), lambda: paint_role_back(sr.w, sr.h).convert_alpha()
        )
        canvas.surface.blit(img, sr.topleft)
        canvas.text("hold R to look", (r.centerx, r.bottom + 4), 13, theme.PAPER, anchor="midtop")


def _dimmed(img: pygame.Surface) -> pygame.Surface:
    out = img.copy()
    out.fill((140, 140, 140, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out
