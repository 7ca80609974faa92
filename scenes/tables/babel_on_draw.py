"""Drawing for the Babel On! table (a mixin of BabelOnTable): the towers with their fall, the
legal targets, the dragged block, the risk gauge at the cursor, name plates, the prompt and help
lines, the die, the bag, the hand tray, the log and the floor plan. Layout constants live here.
"""

from __future__ import annotations

import math

import pygame

from babel.games.babel_on import preview
from babel.games.babel_on.engine import BabelView, Move, Phase
from babel.games.babel_on.structure import CELLS
from scenes import anim, assets, theme, wording
from scenes.canvas import Canvas, _glow
from scenes.tables import babel_on_art as art
from scenes.widgets.basic import paper

FELT = pygame.Rect(16, 66, 1244, 762)
AREA = pygame.Rect(28, 78, 1220, 742)
PX = 1274  # the side panel
PW = 310
DIE_POS = (PX + 52, 96)
BAG_POS = (PX + 62, 300)  # centre of the sack
TRAY = pygame.Rect(PX, 392, PW, 190)
TRAY_CUBE = 40
HANDS = ("careful", "average", "shaky")
FLY = 0.32  # seconds a block travels
PLATE_H = 36
OUT_SHADE = (20, 16, 12, 110)  # over an eliminated player's place at the table
OUT_TEXT = (150, 142, 134)
SWAY_PER_SHAKE = 0.018  # a careless drag's tremor: block edges of sway per shake level
SWAY_HZ = 7.0


def rows_for(n: int) -> list[int]:
    return {2: [2], 3: [3], 4: [2, 2], 5: [3, 2], 6: [3, 3]}.get(n, [n])


def _edge_glow(canvas: Canvas, r: pygame.Rect) -> None:
    """canvas.glow for a large rect, blitted as four edge strips (the transparent middle of a
    big alpha surface is what costs)."""
    sr = canvas.rect(r)
    sp = max(2, canvas.px(10))
    rad = canvas.px(18)
    key = ("bo-glow", sr.w, sr.h, rad, sp)
    surf = assets.surface(key, lambda: _glow(sr.w, sr.h, rad, sp, theme.HIGHLIGHT))
    w, h = surf.get_size()
    band = 2 * sp + rad + 2
    x0, y0 = sr.x - sp, sr.y - sp
    for strip in (
        (0, 0, w, band),
        (0, h - band, w, band),
        (0, band, band, h - 2 * band),
        (w - band, band, band, h - 2 * band),
    ):
        if strip[2] > 0 and strip[3] > 0:
            canvas.surface.blit(surf, (x0 + strip[0], y0 + strip[1]), strip)


def risk_colour(risk: float) -> tuple[int, int, int]:
    if risk < 0.1:
        return (96, 186, 96)
    if risk < 0.35:
        return (236, 184, 60)
    return (222, 70, 56)


class BabelOnDrawing:
    """Drawing methods; the state they read is set up by BabelOnTable.bind."""

    # -- drawing ------------------------------------------------------------------------------
    def draw_table(self, canvas: Canvas) -> None:
        canvas.table(felt=FELT)
        v: BabelView = self.view
        sel = self.drag or self.selected
        targets = self._targets(sel)
        actor = self._actor()
        for t in range(v.players):
            self._draw_plate(canvas, t, t == actor)
        for t in range(v.players):
            self._draw_tower(canvas, t)
        self._draw_targets(canvas, targets)
        self._draw_prompt(canvas)
        self._draw_panel(canvas, actor)
        for tween, a, b, colour, lift in self.flying:
            if tween.started and not tween.done:
                x, y = anim.arc2(a, b, tween.t, lift)
                self._cube(canvas, colour, (x, y), self.cube * 0.85)
        if self.drag is not None and self.drag["moved"]:
            self._draw_dragged(canvas)
        self._draw_risk(canvas)
        if self.plan_for is not None:
            self._draw_plan(canvas)

    def _cube(self, canvas: Canvas, colour: int, centre, size: float, alpha: int = 255) -> None:
        px = canvas.px(size)
        img = art.cube_sprite(colour, self.view.neutral, px)
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        x, y = canvas.pt(centre)
        canvas.surface.blit(img, img.get_rect(center=(x, y)))

    def _ladder(self, t: int) -> tuple:
        v = self.shown
        info = v.tower_info[t]
        tower = v.towers[t]
        out = []
        for f in range(1, 7):
            cells = tuple(len(col) >= f for col in tower)
            out.append(
                (cells, f <= info.complete_floors, f in info.protected_floors, f <= info.perfect_floors)
            )
        return tuple(out)

    def _draw_tower(self, canvas: Canvas, t: int) -> None:
        v = self.shown
        if v.eliminated[t] and not (self.fall and self.fall["tower"] == t):
            slot = self.slot[t]
            y = self.plate[t].y - 70
            canvas.text(
                "Out of the game", (slot.centerx, y), 26, OUT_TEXT, role="title_bold", anchor="center"
            )
            why = self.out_reason.get(t)
            if why:
                canvas.text(why, (slot.centerx, y + 30), 16, OUT_TEXT, anchor="center", max_width=slot.w - 40)
            return
        fall = self.fall if self.fall and self.fall["tower"] == t else None
        blocks = fall["static"] if fall else tuple(self._blocks_of(t))
        pick: frozenset = frozenset()
        if self.legal and not self.busy() and self.drag is None:
            pick = frozenset(
                (m.cell, m.floor) for m in self.legal if m.kind in ("take", "return") and m.tower == t
            )
        scale = canvas.scale
        surf = art.tower_surface(tuple(blocks), v.neutral, self.rot, scale, self.cube, self._ladder(t), pick)
        ox, oy = self.origin[t]
        sway = self._hand_sway(t)
        canvas.surface.blit(
            surf, canvas.pt((ox + sway - art.SURF_LEFT * self.cube, oy - art.SURF_TOP * self.cube))
        )
        hb = self.hover_block if self.drag is None else None
        sel = self.drag or self.selected
        for block in {hb, sel["block"] if sel and sel["kind"] == "block" else None}:
            if block and block[0] == t and (not fall):
                _, cell, floor = block
                col = self.shown.towers[t][cell]
                if floor <= len(col):
                    b = col[floor - 1]
                    x, y, z = art.block_centre(cell, floor, b.dx, b.dy)
                    poly = [(ox + px, oy + py) for px, py in art.hexagon(x, y, z, self.cube, self.rot)]
                    ok = bool(preview.block_moves(self.legal, t, cell, floor))
                    canvas.polygon(theme.HIGHLIGHT if ok else (150, 140, 130), poly, width=3 if ok else 1)
        if fall:
            tw = fall["tween"]
            ts = min(tw.t * (fall["span"] + fall["hold"]), fall["span"]) if tw is not None else fall["span"]
            entries = art.frame_at(fall["frames"], ts)
            cubes = [(fall["colours"].get((e[0], e[1]), 0), e[2], e[3], e[4], e[5], e[6]) for e in entries]
            art.draw_tumbling(canvas, (ox, oy), self.cube, self.rot, cubes, v.neutral)
            if fall["result"] != "wobble" and tw is not None and tw.t * (fall["span"] + fall["hold"]) > 0.15:
                self._draw_fall_banner(canvas, fall)

    def _hand_sway(self, t: int) -> float:
        """How far a careless drag shakes tower ``t`` under the hand now (logical pixels): a
        quick tremor growing with the drag's shake, on the tower the block comes from or goes to."""
        d = self.drag
        if d is None or self.fall:
            return 0.0
        under = d["block"][0] if d["kind"] == "block" else (self.target[0] if self.target else None)
        shake = self.drag_shake()
        if under != t or shake < 2:
            return 0.0
        return SWAY_PER_SHAKE * self.cube * shake * math.sin(self.clock * SWAY_HZ * 2 * math.pi)

    def _draw_fall_banner(self, canvas: Canvas, fall: dict) -> None:
        """What the fall means, over the falling tower: destroyed, or its knocker is out."""
        t, mover = fall["tower"], fall["seat"]
        slot = self.slot[t]
        if fall["result"] == "destroyed":
            label, sub = "TOWER DESTROYED", "its blocks go back into the bag"
        else:
            label = "KNOCKED OVER!"
            sub = f"{self._short(mover)} is out · {self._short(t)} puts the fallen blocks back"
        canvas.text(label, (slot.centerx, slot.y + 22), 28, (240, 90, 70), role="sans_bold", anchor="center")
        canvas.text(
            sub,
            (slot.centerx, slot.y + 48),
            16,
            theme.PAPER,
            role="sans_bold",
            anchor="center",
            max_width=slot.w - 30,
        )

    def _draw_targets(self, canvas: Canvas, targets) -> None:
        if not targets:
            return
        c = self.cube
        for tower, cell in targets:
            x, y = self._top_pos(tower, cell)
            top = art.top_rhombus(x, y + c * art.ZH / 2, 0, c * 0.96)
            hot = self.target == (tower, cell)
            canvas.polygon(theme.HIGHLIGHT if hot else (255, 226, 140), top, width=4 if hot else 2)
        if self.target is not None:
            tower, cell = self.target
            sel = self.drag or self.selected
            dx, dy = self.drop_offset
            x, y = self._top_pos(tower, cell, max(-8, min(8, dx)), max(-8, min(8, dy)))
            colour = sel["colour"] if sel else 0
            self._cube(canvas, colour, (x, y), c, alpha=130)

    def _draw_dragged(self, canvas: Canvas) -> None:
        d = self.drag
        mx, my = self.mouse
        if d["kind"] == "block":
            tower, cell, floor = d["block"]
            colour = self.shown.towers[tower][cell][floor - 1].colour
        else:
            colour = d["colour"]
        self._cube(canvas, colour, (mx, my - 6), self.cube * (0.9 if d["kind"] != "block" else 1.0))

    def _draw_risk(self, canvas: Canvas) -> None:
        r = self._risk()
        if r is None:
            return
        move, risk = r
        mx, my = self.mouse
        w = 280
        phrase = canvas.wrap(self._move_phrase(move), 14, w - 24)[:2]
        now = self._drag_verdict(move)
        if now is not None:
            risk = now[1]  # the headline is this very drag's chance: what the move will draw from
        h = 76 + 18 * len(phrase) + (18 if now else 0)
        x = mx + 30 if mx + 30 + w < theme.LOGICAL_W else mx - 30 - w
        y = max(4, min(theme.LOGICAL_H - h - 4, my - h - 20))
        canvas.fill_rect((28, 20, 14), (x, y + 3, w, h), radius=10)
        canvas.fill_rect(theme.PANEL, (x, y, w, h), radius=10)
        col = risk_colour(risk)
        canvas.fill_rect(col, (x, y, w, h), radius=10, width=2)
        if self.view.steady_hands:
            label = "FALLS" if risk >= 0.5 else "stands"
            sub = "steady hands: the exact verdict"
        else:
            label = f"{round(risk * 100)}%"
            sub = f"for {wording.article(self.hand_profile)} hand (H to change)"
            if now is not None:
                sub = "for this drag as it is now"
        canvas.text(
            "risk of a fall" if not self.view.steady_hands else "the tower",
            (x + 12, y + 8),
            14,
            theme.PAPER_DARK,
        )
        canvas.text(label, (x + w - 12, y + 4), 26, col, role="sans_bold", anchor="topright")
        yy = y + 30
        for line in phrase:
            canvas.text(line, (x + 12, yy), 14, theme.PAPER, max_width=w - 24)
            yy += 18
        canvas.fill_rect((60, 48, 38), (x + 12, yy + 6, w - 24, 9), radius=4)
        canvas.fill_rect(col, (x + 12, yy + 6, max(6, (w - 24) * risk), 9), radius=4)
        canvas.text(sub, (x + 12, yy + 22), 13, theme.PAPER_DARK, max_width=w - 24)
        if now:
            text, chance = now
            canvas.text(
                text,
                (x + 12, yy + 40),
                13,
                risk_colour(chance),
                role="sans_bold",
                max_width=w - 24,
            )

    def drag_shake(self, move: Move | None = None) -> int:
        """The shake of the drag in progress (0 when calm, not dragging, or with steady hands)."""
        d = self.drag
        if d is None or not d["moved"] or self.view.steady_hands:
            return 0
        placing = d["kind"] != "block" if move is None else move.kind in ("add", "bonus")
        speed = self.speed if placing else self.pull_speed
        jerk = self.jerk if placing else self.pull_jerk
        return preview.shake_from_drag(speed, jerk, False)

    def _drag_verdict(self, move: Move) -> tuple[str, float] | None:
        """While a block is dragged: this very drag's shake and the real chance of a fall if it
        were let go now (the share of the move's ensemble that falls at that shake)."""
        d = self.drag
        if d is None or not d["moved"] or self.view.steady_hands:
            return None
        shake = self.drag_shake(move)
        key = ("now", move.canonical(), move.dx, move.dy, shake, self.view.ply)
        if key not in self.risk_cache:
            self.risk_cache[key] = preview.knock_risk(self.view, move, shake)
        chance = self.risk_cache[key]
        if shake == 0:
            return ("this drag: calm, no shake", chance)
        return (f"this drag: shake {shake} of 9{' - careful!' if shake >= 5 else ''}", chance)

    def _move_phrase(self, move: Move) -> str:
        """A move in words for the risk note: "red block onto c3", "take a2 off Dana's tower"."""
        own = move.tower == self._actor()
        if move.kind in ("add", "bonus"):
            floor = len(self.view.towers[move.tower][move.cell]) + 1
            what = "Bonus Block" if move.kind == "bonus" else f"{self.view.colour_names[move.colour]} block"
            where = f"{CELLS[move.cell]}{floor}" + ("" if own else f" of {self._short(move.tower)}'s tower")
            return f"{what} onto {where}"
        verb = "return" if move.kind == "return" else "take"
        return f"{verb} {CELLS[move.cell]}{move.floor}" + (
            "" if own else f" off {self._short(move.tower)}'s tower"
        )

    def _draw_plate(self, canvas: Canvas, t: int, active: bool) -> None:
        v = self.shown
        r = self.plate[t]
        out = self.view.eliminated[t]  # elimination is at once, even while a fall still plays
        if out:
            self._draw_out_plate(canvas, t, r)
            return
        if active:
            _edge_glow(canvas, self.slot[t].inflate(-8, -8))
            r = r.move(0, -4)
        canvas.shadow_rect(r, radius=10, offset=(3, 5))
        canvas.fill_rect((90, 64, 40) if active else theme.PANEL, r, radius=10)
        canvas.fill_rect(theme.GOLD if active else theme.PANEL_EDGE, r, radius=10, width=3 if active else 1)
        self._cube(canvas, t, (r.x + 22, r.centery), 26)
        name = ("▶ " if active else "") + self._name(t)
        canvas.text(
            name,
            (r.x + 42, r.centery),
            19,
            theme.GOLD if active else theme.WHITE,
            role="sans_bold",
            anchor="midleft",
            max_width=r.w * 0.45,
        )
        status = "PERFECT ★" if v.tower_info[t].perfect else v.nation_names[t]
        canvas.text(
            status,
            (r.right - 12 - 26 * v.bonus[t], r.centery),
            15,
            theme.PAPER_DARK,
            anchor="midright",
            max_width=r.w * 0.3,
        )
        for i in range(v.bonus[t]):
            self._cube(canvas, t, (r.right - 20 - 24 * i, r.centery), 20)

    def _draw_out_plate(self, canvas: Canvas, t: int, r: pygame.Rect) -> None:
        """An eliminated player's plate: greyed, the name struck through, a red OUT badge."""
        canvas.fill_rect(OUT_SHADE, self.slot[t].inflate(-8, -8), radius=18)
        canvas.fill_rect((54, 50, 47), r, radius=10)
        canvas.fill_rect((96, 90, 84), r, radius=10, width=1)
        self._cube(canvas, t, (r.x + 22, r.centery), 26, alpha=90)
        badge = pygame.Rect(0, 0, 58, 24)
        badge.midright = (r.right - 10, r.centery)
        canvas.fill_rect((178, 52, 42), badge, radius=6)
        canvas.text("OUT", badge.center, 15, theme.WHITE, role="sans_bold", anchor="center")
        width = min(r.w * 0.5, canvas.text_size(self._name(t), 19, "sans_bold")[0])
        canvas.text(
            self._name(t),
            (r.x + 42, r.centery),
            19,
            OUT_TEXT,
            role="sans_bold",
            anchor="midleft",
            max_width=r.w * 0.5,
        )
        canvas.line(OUT_TEXT, (r.x + 40, r.centery + 1), (r.x + 44 + width, r.centery + 1), 2)

    def _draw_prompt(self, canvas: Canvas) -> None:
        msg = self.prompt()
        actor = self._actor()
        canvas.fill_rect((30, 22, 16), (FELT.x, 12, FELT.w, 44), radius=10)
        if actor is not None:
            self._cube(canvas, actor, (FELT.x + 24, 34), 26)
        canvas.text(
            msg,
            (FELT.x + 46, 34),
            21,
            theme.WHITE if self.legal else theme.PAPER_DARK,
            anchor="midleft",
            max_width=FELT.w - 60,
        )
        help_ = "Drag a block, or click it then a glowing cell · E/O call · P pass · Enter end · B bonus · R turn view · F floor plan · H hand · right-click cancels"
        if self.selected is not None and self.selected["kind"] == "block":
            help_ = "Click the block again (or Space) to take it · right-click cancels · the risk is shown beside the cursor"
        canvas.text(help_, (FELT.centerx, 864), 16, theme.PAPER_DARK, anchor="center", max_width=FELT.w)

    def _draw_panel(self, canvas: Canvas, actor: int | None) -> None:
        v = self.view
        paper(canvas, (PX, 12, PW, 204))
        canvas.text(
            f"Round {v.round} of {v.round_limit}", (PX + PW - 14, 22), 17, theme.INK_SOFT, anchor="topright"
        )
        canvas.circle((214, 198, 166), DIE_POS, 40)
        self.die.draw(canvas)
        if v.call:
            canvas.text(f"Called {v.call}", (PX + 110, 60), 20, theme.INK, role="sans_bold")
            if v.roll and not self.die.busy:
                right = (v.roll % 2 == 0) == (v.call == "even")
                canvas.text(
                    f"Rolled {v.roll}: {'right' if right else 'wrong'}",
                    (PX + 110, 88),
                    19,
                    theme.GREEN if right else theme.RED,
                    role="sans_bold",
                )
        elif v.phase is not Phase.OVER and not self.b_even.visible:
            canvas.text("waiting for the call", (PX + 110, 72), 17, theme.INK_SOFT, role="italic")
        if not self.b_even.visible and actor is not None and not self.die.busy:
            canvas.paragraph(
                self._phase_note(v),
                (PX + PW / 2, 160),
                16,
                theme.INK_SOFT,
                PW - 24,
                max_lines=2,
                anchor="midtop",
            )
        self._draw_bag(canvas)
        self._draw_tray(canvas, actor)
        self._draw_log(canvas)

    def _phase_note(self, v: BabelView) -> str:
        return {
            Phase.CALL: "Even: draw and build · Odd: move blocks",
            Phase.PLACE: "Even and right: build with the drawn blocks",
            Phase.REMOVE: f"Odd and right: {wording.count(v.to_remove, 'block')} still to take",
            Phase.ADD: "Odd and right: now add what was taken",
            Phase.WRONG: "Wrong guess: pass or return one block",
            Phase.FINISH: "Roll done: Bonus Blocks or end the turn",
            Phase.RESTORE: "Restoring a knocked-over tower",
        }.get(v.phase, "")

    def _draw_bag(self, canvas: Canvas) -> None:
        v = self.view
        paper(canvas, (PX, 226, PW, 156))
        bx, by = BAG_POS
        canvas.polygon(
            (70, 48, 30), [(bx - 40, by - 24), (bx + 40, by - 24), (bx + 52, by + 50), (bx - 52, by + 50)]
        )
        canvas.polygon(
            (132, 96, 58), [(bx - 36, by - 28), (bx + 36, by - 28), (bx + 48, by + 44), (bx - 48, by + 44)]
        )
        canvas.polygon(
            (150, 112, 70), [(bx - 18, by - 46), (bx + 18, by - 46), (bx + 30, by - 26), (bx - 30, by - 26)]
        )
        canvas.line((90, 60, 30), (bx - 30, by - 28), (bx + 30, by - 28), 4)
        canvas.text(str(v.bag_total), (bx, by + 10), 26, theme.WHITE, role="sans_bold", anchor="center")
        canvas.text("in the bag", (bx, by + 62), 13, theme.INK_SOFT, anchor="center")
        colours = [c for c in range(len(v.bag)) if v.bag[c] or c < v.players or c == v.neutral]
        for i, c in enumerate(colours):
            x = PX + 140 + (i % 2) * 84
            y = 250 + (i // 2) * 40
            self._cube(canvas, c, (x, y + 12), 26)
            name = "stone" if c == v.neutral else v.colour_names[c]
            canvas.text(f"{v.bag[c]}", (x + 18, y + 12), 19, theme.INK, role="sans_bold", anchor="midleft")
            canvas.text(name, (x + 18, y + 30), 11, theme.INK_SOFT, anchor="midleft", max_width=58)

    def _draw_tray(self, canvas: Canvas, actor: int | None) -> None:
        v = self.view
        canvas.shadow_rect(TRAY, radius=12)
        canvas.fill_rect(theme.FELT_DARK, TRAY, radius=12)
        canvas.fill_rect(theme.GOLD_DARK, TRAY, radius=12, width=2)
        holder = v.holder if v.holder >= 0 else actor
        title = f"In hand: {self._short(holder)}" if holder is not None else "In hand"
        canvas.text(title, (TRAY.x + 14, TRAY.y + 10), 18, theme.PAPER, role="sans_bold", max_width=PW - 30)
        hand = self._tray_hand() if v.holder >= 0 else []
        sel = self.drag or self.selected
        playable = {m.colour for m in self.legal if m.kind == "add"}
        size = self._tray_size(len(hand))
        skip = 1 if self.drag and self.drag["moved"] and self.drag["kind"] == "hand" else 0
        for colour, pos in zip(hand, self._tray_slots(len(hand))):
            if skip and colour == self.drag["colour"]:
                skip = 0
                continue
            if colour in playable and not self.busy():
                glow = sel is not None and sel["kind"] == "hand" and sel["colour"] == colour
                canvas.polygon(
                    theme.HIGHLIGHT if glow else (200, 170, 90),
                    art.top_rhombus(pos[0], pos[1] + size * 0.28, 0, size * 1.15),
                    width=3 if glow else 1,
                )
            self._cube(canvas, colour, pos, size)
        if not hand:
            canvas.text("no blocks held", (TRAY.x + 14, TRAY.y + 56), 15, theme.PAPER_DARK, role="italic")
        if actor is not None:
            canvas.text(
                f"Bonus Blocks: {v.bonus[actor]}",
                (TRAY.x + 14, TRAY.bottom - 34),
                15,
                theme.PAPER_DARK,
                anchor="midleft",
            )
            can = bool(preview.bonus_targets(self.legal)) and not self.busy()
            n = v.bonus[actor] - (
                1 if self.drag and self.drag["moved"] and self.drag["kind"] == "bonus" else 0
            )
            for pos in self._bonus_slots()[: max(0, n)]:
                if can:
                    glow = sel is not None and sel["kind"] == "bonus"
                    canvas.polygon(
                        theme.HIGHLIGHT if glow else (200, 170, 90),
                        art.top_rhombus(pos[0], pos[1] + 11, 0, 46),
                        width=3 if glow else 1,
                    )
                self._cube(canvas, actor, pos, 36)

    def _draw_log(self, canvas: Canvas) -> None:
        y0 = 744
        paper(canvas, (PX, y0, PW, 110))
        rows: list[str] = []
        for line in reversed(self.log_lines[-5:]):  # the newest lines, wrapped, as many as fit
            rows[:0] = canvas.wrap(line, 14, PW - 20)
            if len(rows) >= 5:
                break
        y = y0 + 8
        for row in rows[-5:]:
            canvas.text(row, (PX + 10, y), 14, theme.INK, max_width=PW - 20)
            y += 20

    def _draw_plan(self, canvas: Canvas) -> None:
        t = self.plan_for
        v = self.shown
        r = pygame.Rect(250, 110, 860, 640)
        sub = f"{v.nation_names[t]} · {v.tower_info[t].complete_floors} complete floors · ←/→ other towers · click or F to close"
        art.draw_plan(
            canvas,
            r,
            v.towers[t],
            v.tower_info[t],
            v.neutral,
            f"{self._name(t)}'s tower, floor by floor",
            sub,
        )
