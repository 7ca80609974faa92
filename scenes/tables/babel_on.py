"""The table of Babel On!: every nation's tower as isometric cubes on the felt, the construction
bag, the die, the blocks in hand, drag-and-drop between towers with the legal targets glowing and
the knock-over risk shown at the cursor, and falls replayed from the physics frames.

Everything drawn comes from the view (nothing is secret in this game) and the step events; the
projection, the cached tower surfaces, tumbling cubes and the floor plan live in babel_on_art.
Input: drag a block (from your hand, your Bonus Blocks or a tower) or click it and then click a
target; E/O call even/odd, P passes, Enter ends the turn, B picks a Bonus Block, R turns the view
by 90 degrees, F opens the floor-by-floor plan of the tower under the mouse, H changes the hand
the risk is computed for, right-click cancels.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from babel.core.protocol import Event
from babel.games.babel_on import preview
from babel.games.babel_on.engine import BabelView, Move, Phase
from babel.games.babel_on.structure import CELLS
from scenes import anim, theme, wording
from scenes.table import TableScene
from scenes.tables import babel_on_art as art
from scenes.tables.babel_on_draw import (
    AREA,
    BAG_POS,
    DIE_POS,
    FLY,
    HANDS,
    PLATE_H,
    PW,
    PX,
    TRAY,
    TRAY_CUBE,
    BabelOnDrawing,
    rows_for,
)
from scenes.widgets.basic import Button, WidgetGroup
from scenes.widgets.dice import DieSprite


class BabelOnTable(BabelOnDrawing, TableScene):
    TOOLS_ROW = (PX, 860, PW, 34)  # Undo and Hint, under the log
    HINT_KEY = pygame.K_c  # H already switches the hand whose risk is shown

    # -- binding ---------------------------------------------------------------------------
    def bind(self) -> None:
        v: BabelView = self.view
        self.shown: BabelView = v  # the towers as drawn (the previous view while an event animates)
        self.rot = getattr(self, "rot", 0)
        self.hand_profile = getattr(self, "hand_profile", "average")
        self.plan_for: int | None = getattr(self, "plan_for", None)
        self.die = DieSprite(DIE_POS, v.roll or 1, size=54)
        self.hidden: set[tuple[int, int, int]] = set()  # (tower, cell, floor) blocks in flight
        self.tray_hidden: list[int] = []  # colours on their way into the hand
        self.flying: list[tuple[anim.Tween, tuple, tuple, int, float]] = []
        self.fall: dict | None = None
        self.drag: dict | None = None
        self.selected: dict | None = None
        self.hover_block: tuple[int, int, int] | None = None
        self.hover_tower: int | None = None
        self.target: tuple[int, int] | None = None
        self.drop_offset = (0, 0)
        self.risk_cache: dict[tuple, float] = {}
        self.risk_key: tuple | None = None
        self.clock = 0.0
        self.speed = 0.0
        self.jerk = 0.0
        self.pull_speed = 0.0
        self.pull_jerk = 0.0
        self._last_sample: tuple[float, float, float] | None = None
        self.mouse = (0.0, 0.0)
        self.pass_wait: float | None = None
        events = [ev for _, ev in self.match.events_for(self.viewer)]
        self.out_reason: dict[int, str] = {}
        for ev in events:
            if ev.kind == "eliminated":
                self._note_out(ev.data)
        if not self.log_lines:
            self.log_lines = self._opening_lines(v)
            for ev in events[-60:]:
                line = self._line(ev)
                if line:
                    self._log(line)
        self._layout()
        self._build_buttons()

    def _opening_lines(self, v: BabelView) -> list[str]:
        rolls = " / ".join(
            ", ".join(f"{self._short(s)} {r}" for s, r in enumerate(rs) if r) for rs in v.start_rolls
        )
        return [f"Opening roll: {rolls}", f"{self._name(v.first)} goes first."]

    def _build_buttons(self) -> None:
        y0 = 598
        bw = (PW - 12) / 2
        cw = (PW - 36) / 2  # the call buttons sit inside the die's paper
        self.b_even = Button(
            (PX + 12, 158, cw, 44),
            "Even (E)",
            lambda: self._call("even"),
            hotkey=pygame.K_e,
            primary=True,
            size=20,
        )
        self.b_odd = Button(
            (PX + 24 + cw, 158, cw, 44),
            "Odd (O)",
            lambda: self._call("odd"),
            hotkey=pygame.K_o,
            primary=True,
            size=20,
        )
        self.b_pass = Button(
            (PX, y0, bw, 42), "Pass (P)", lambda: self._simple("pass"), hotkey=pygame.K_p, size=19
        )
        self.b_end = Button(
            (PX + bw + 12, y0, bw, 42),
            "End turn (Enter)",
            lambda: self._simple("end"),
            hotkey=pygame.K_RETURN,
            size=19,
        )
        self.b_rot = Button((PX, y0 + 52, bw, 38), "Turn view (R)", self._rotate, hotkey=pygame.K_r, size=17)
        self.b_plan = Button(
            (PX + bw + 12, y0 + 52, bw, 38), "Floor plan (F)", self._toggle_plan, hotkey=pygame.K_f, size=17
        )
        self.b_rules = Button((PX, y0 + 100, bw, 38), "Rules (F1)", self._rules, size=17)
        self.b_menu = Button((PX + bw + 12, y0 + 100, bw, 38), "Menu (Esc)", self.open_menu, size=17)
        self.widgets = WidgetGroup(
            [
                self.b_even,
                self.b_odd,
                self.b_pass,
                self.b_end,
                self.b_rot,
                self.b_plan,
                self.b_rules,
                self.b_menu,
            ]
        )
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        kinds = {m.kind for m in self.legal}
        idle = not self.busy()
        self.b_even.visible = self.b_odd.visible = "call" in kinds
        self.b_even.enabled = self.b_odd.enabled = idle
        self.b_pass.visible = "pass" in kinds
        self.b_end.visible = "end" in kinds
        self.b_pass.enabled = self.b_end.enabled = idle
        # one of them is shown at a time, as wide as the panel; side by side if ever both
        both = self.b_pass.visible and self.b_end.visible
        half = (PW - 12) // 2
        self.b_pass.rect.w = self.b_end.rect.w = half if both else PW
        self.b_end.rect.x = PX + half + 12 if both else PX

    def _rules(self) -> None:
        from scenes.launcher.rules_viewer import RulesViewer

        self.app.push(RulesViewer("babel_on"))

    # -- layout -----------------------------------------------------------------------------
    def _layout(self) -> None:
        """Tower origins, cube sizes and name plates for 2..6 seats."""
        n = self.view.players
        rows = rows_for(n)
        row_h = AREA.h / len(rows)
        self.origin: dict[int, tuple[float, float]] = {}
        self.plate: dict[int, pygame.Rect] = {}
        self.slot: dict[int, pygame.Rect] = {}
        seat = 0
        sizes = []
        for count in rows:
            sw = AREA.w / count
            sizes.append(min((row_h - PLATE_H - 24) / 6.05, sw / 4.9, 78))
        self.cube = min(sizes)
        c = self.cube
        for r, count in enumerate(rows):
            sw = AREA.w / count
            for i in range(count):
                slot = pygame.Rect(round(AREA.x + i * sw), round(AREA.y + r * row_h), round(sw), round(row_h))
                bottom = slot.bottom - 8
                self.slot[seat] = slot
                pw = min(slot.w - 24, 330)
                self.plate[seat] = pygame.Rect(
                    round(slot.centerx - pw / 2), bottom - PLATE_H, round(pw), PLATE_H
                )
                self.origin[seat] = (slot.centerx + 0.35 * c, bottom - PLATE_H - 10 - 1.3 * c)
                seat += 1

    def _pt(self, tower: int, x: float, y: float, z: float) -> tuple[float, float]:
        ox, oy = self.origin[tower]
        px, py = art.project(x, y, z, self.cube, self.rot)
        return (ox + px, oy + py)

    def _block_pos(
        self, tower: int, cell: int, floor: int, view: BabelView | None = None
    ) -> tuple[float, float]:
        v = view or self.shown
        col = v.towers[tower][cell]
        b = col[floor - 1] if 0 < floor <= len(col) else None
        x, y, z = art.block_centre(cell, floor, b.dx if b else 0, b.dy if b else 0)
        return self._pt(tower, x, y, z)

    def _top_pos(self, tower: int, cell: int, dx: float = 0, dy: float = 0) -> tuple[float, float]:
        """Where a block added to this cell would sit (its centre)."""
        floor = len(self.view.towers[tower][cell]) + 1
        x, y, z = art.block_centre(cell, floor, dx, dy)
        return self._pt(tower, x, y, z)

    def _tray_slots(self, count: int) -> list[tuple[float, float]]:
        small = count > 12  # a big restoration: smaller cubes, eight to a row
        per = 8 if small else 6
        size = self._tray_size(count)
        step = size + (6 if small else 8)
        out = []
        for i in range(count):
            r, k = divmod(i, per)
            out.append((TRAY.x + 34 + k * step, TRAY.y + (50 if small else 58) + r * (size + 4)))
        return out

    def _tray_size(self, count: int) -> float:
        return TRAY_CUBE if count <= 12 else 30

    def _bonus_slots(self) -> list[tuple[float, float]]:
        return [(TRAY.right - 72 + i * 44, TRAY.bottom - 34) for i in range(2)]

    # -- hit tests ----------------------------------------------------------------------------
    def _blocks_of(self, tower: int) -> list[art.Placed]:
        t = self.shown.towers[tower]
        return [
            (cell, f, b.colour, b.dx, b.dy)
            for cell, col in enumerate(t)
            for f, b in enumerate(col, start=1)
            if (tower, cell, f) not in self.hidden
        ]

    def _block_at(self, pos) -> tuple[int, int, int] | None:
        c = self.cube
        for tower in range(self.view.players):
            ox, oy = self.origin[tower]
            if abs(pos[0] - ox) > 2.8 * c or not oy - 4.8 * c < pos[1] < oy + 1.2 * c:
                continue
            for cell, floor, _, dx, dy in reversed(art.ordered(self._blocks_of(tower), self.rot)):
                x, y, z = art.block_centre(cell, floor, dx, dy)
                poly = [(ox + px, oy + py) for px, py in art.hexagon(x, y, z, c, self.rot)]
                if art.inside(poly, pos):
                    return (tower, cell, floor)
        return None

    def block_point(self, block: tuple[int, int, int]) -> tuple[float, float] | None:
        """A point where ``block`` can be grabbed in the current view (None if hidden)."""
        tower, cell, floor = block
        b = self.shown.towers[tower][cell][floor - 1]
        x, y, z = art.block_centre(cell, floor, b.dx, b.dy)
        ox, oy = self.origin[tower]
        hexa = art.hexagon(x, y, z, self.cube, self.rot)
        cx, cy = art.project(x, y, z, self.cube, self.rot)
        for px, py in [(cx, cy)] + [((cx * 2 + hx) / 3, (cy * 2 + hy) / 3) for hx, hy in hexa]:
            if self._block_at((ox + px, oy + py)) == block:
                return (ox + px, oy + py)
        return None

    def _tower_at(self, pos) -> int | None:
        for tower, slot in self.slot.items():
            if slot.collidepoint(pos):
                return tower
        return None

    def _targets(self, sel: dict | None) -> tuple[tuple[int, int], ...]:
        if sel is None or self.busy():
            return ()
        if sel["kind"] == "hand":
            return preview.add_targets(self.legal, sel["colour"])
        if sel["kind"] == "bonus":
            return preview.bonus_targets(self.legal)
        return ()

    def _target_at(self, pos, targets) -> tuple[int, int] | None:
        best, dist = None, self.cube * 0.95
        for tower, cell in targets:
            x, y = self._top_pos(tower, cell)
            d = math.hypot(pos[0] - x, pos[1] - y)
            if d < dist:
                best, dist = (tower, cell), d
        return best

    def _offset_at(self, pos, tower: int, cell: int) -> tuple[int, int]:
        """The drop point minus the cell's centre, in 1/40 block (on the plane of the new top)."""
        ox, oy = self.origin[tower]
        c = self.cube
        z = len(self.view.towers[tower][cell]) + 0.5
        a = (pos[0] - ox) / (c / 2)
        b = (pos[1] - oy + z * c * art.ZH) / (c / 4)
        X, Y = (a + b) / 2, (b - a) / 2
        for _ in range((4 - self.rot) % 4):
            X, Y = -Y, X
        x, y = X, -Y
        cx, cy, _ = art.block_centre(cell, 1)
        return (round((x - cx) * 40), round((y - cy) * 40))

    def _tray_at(self, pos) -> dict | None:
        v = self.view
        if v.holder >= 0:
            hand = self._tray_hand()
            size = self._tray_size(len(hand))
            for colour, (x, y) in zip(hand, self._tray_slots(len(hand))):
                if abs(pos[0] - x) < size / 2 + 3 and abs(pos[1] - y) < size * 0.56 + 3:
                    return {"kind": "hand", "colour": colour, "from": (x, y)}
        actor = self._actor()
        if actor is not None and v.bonus[actor] > 0:
            for x, y in self._bonus_slots()[: v.bonus[actor]]:
                if abs(pos[0] - x) < 22 and abs(pos[1] - y) < 24:
                    return {"kind": "bonus", "colour": actor, "from": (x, y)}
        return None

    def _tray_hand(self) -> list[int]:
        hand = list(self.view.hand)
        for c in self.tray_hidden:
            if c in hand:
                hand.remove(c)
        return hand

    # -- input ------------------------------------------------------------------------------
    def _actor(self) -> int | None:
        v = self.view
        if v.phase is Phase.OVER:
            return None
        return v.holder if v.phase is Phase.RESTORE else v.turn

    def _call(self, parity: str) -> None:
        if not self.busy():
            self.submit(Move("call", parity=parity))

    def _simple(self, kind: str) -> None:
        if not self.busy():
            self.submit(Move(kind))

    def _rotate(self) -> None:
        self.rot = (self.rot + 1) % 4
        self.app.sound.play("click")

    def _toggle_plan(self) -> None:
        if self.plan_for is not None:
            self.plan_for = None
            return
        t = self.hover_tower if self.hover_tower is not None else self._actor()
        self.plan_for = t if t is not None else 0

    def pause(self) -> None:
        self.drag = None  # a menu or the rules opened mid-drag: the block goes back

    def busy(self) -> bool:
        # finished tweens stay listed until the next update; they do not make the table busy
        return any(not t.done for t in self.animator.tweens)

    def needs_frames(self) -> bool:  # the held block's shake settles even when the mouse rests
        return self.busy() or self.drag is not None

    def next_wake(self) -> float | None:  # a forced pass is played after a short wait
        due = [d for d in (super().next_wake(), self.pass_wait) if d is not None]
        return max(0.0, min(due)) if due else None

    def handle(self, event: pygame.event.Event) -> bool:
        self._sync_buttons()  # the legal actions may have changed since the last update
        return super().handle(event)

    def handle_table(self, event: pygame.event.Event) -> bool:
        if self.plan_for is not None:
            if event.type == pygame.MOUSEBUTTONUP or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_f, pygame.K_SPACE)
            ):
                self.plan_for = None
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.plan_for = (self.plan_for + step) % self.view.players
                return True
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)
        if event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.drag = self.selected = None
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_h:
                self.hand_profile = HANDS[(HANDS.index(self.hand_profile) + 1) % len(HANDS)]
                self.app.toast(f"Risk shown for {wording.article(self.hand_profile)} hand")
                return True
            if event.key == pygame.K_b and preview.bonus_targets(self.legal) and not self.busy():
                self.selected = {"kind": "bonus", "colour": self.viewer}
                return True
            if event.key == pygame.K_SPACE and self.selected and self.selected["kind"] == "block":
                self._commit_block(self.selected, 0)
                return True
        return False

    def _motion(self, pos) -> None:
        if self._last_sample is not None and self.drag is not None:
            t0, x0, y0 = self._last_sample
            dt = max(1e-3, self.clock - t0)
            v = math.hypot(pos[0] - x0, pos[1] - y0) / dt / self.cube
            jerk = abs(v - self.speed) / dt
            self.speed = 0.5 * self.speed + 0.5 * v if dt < 0.05 else v
            self.jerk = max(self.jerk, jerk * 0.5)
            if self.clock - self.drag["t0"] < 0.3:
                self.pull_speed = max(self.pull_speed, self.speed)
                self.pull_jerk = max(self.pull_jerk, self.jerk)
            if math.hypot(pos[0] - self.drag["p0"][0], pos[1] - self.drag["p0"][1]) > 8:
                self.drag["moved"] = True
        self._last_sample = (self.clock, pos[0], pos[1])
        self.mouse = pos
        self.hover_tower = self._tower_at(pos)
        self.hover_block = self._block_at(pos) if self.drag is None else None
        sel = self.drag or self.selected
        self.target = self._target_at(pos, self._targets(sel)) if sel and sel["kind"] != "block" else None
        if self.target is not None and self.drag is not None:
            self.drop_offset = self._offset_at(pos, *self.target)
        else:
            self.drop_offset = (0, 0)

    def _press(self, pos) -> bool:
        if self.busy() or not self.legal:
            return False
        src = self._tray_at(pos)
        if src is not None and self._targets(src):
            self._start_drag(src, pos)
            return True
        block = self._block_at(pos)
        if block is not None:
            moves = preview.block_moves(self.legal, *block)
            if not moves:
                self._explain_take(block)
                return True
            if moves:
                self._start_drag(
                    {
                        "kind": "block",
                        "block": block,
                        "move": moves[0],
                        "from": self._block_pos(block[0], block[1], block[2]),
                    },
                    pos,
                )
                return True
        return False

    def _start_drag(self, src: dict, pos) -> None:
        self.drag = dict(src, p0=pos, t0=self.clock, moved=False)
        self.speed = self.jerk = self.pull_speed = self.pull_jerk = 0.0
        self._last_sample = (self.clock, pos[0], pos[1])

    def _release(self, pos) -> bool:
        drag, self.drag = self.drag, None
        if drag is None:
            return self._click(pos)
        self._motion(pos)
        if not drag["moved"]:
            return self._click(pos, drag)
        if drag["kind"] == "block":
            block = drag["block"]
            if self._block_at(pos) == block:
                return True  # put back where it was
            self._commit_block(
                drag, preview.shake_from_drag(self.pull_speed, self.pull_jerk, self.view.steady_hands)
            )
            return True
        target = self._target_at(pos, self._targets(drag))
        if target is None:
            self._explain_drop(drag, pos)
            return True
        dx, dy = self._offset_at(pos, *target)
        shake = preview.shake_from_drag(self.speed, self.jerk, self.view.steady_hands)
        self._commit_place(drag, target, dx, dy, shake)
        return True

    def _click(self, pos, pressed: dict | None = None) -> bool:
        """Click-to-select: pick a block (hand, Bonus or tower), then click its target."""
        sel = self.selected
        if pressed is not None and pressed["kind"] == "block":
            if sel is not None and sel["kind"] == "block" and sel["block"] == pressed["block"]:
                self._commit_block(sel, 0)
            else:
                self.selected = pressed
            return True
        if pressed is not None:
            self.selected = (
                None
                if sel and sel["kind"] == pressed["kind"] and sel.get("colour") == pressed.get("colour")
                else pressed
            )
            return True
        if sel is not None and sel["kind"] in ("hand", "bonus"):
            target = self._target_at(pos, self._targets(sel))
            if target is not None:
                self._commit_place(sel, target, 0, 0, 0)
                return True
            if self._explain_drop(sel, pos, quiet=True):
                return True
        if sel is not None and self._tower_at(pos) is not None:
            self.selected = None
            return True
        return False

    def _explain_take(self, block: tuple[int, int, int]) -> None:
        """A block that cannot be picked up now: the rules say which rule holds it (the refusal
        changes nothing)."""
        if not any(m.kind in ("take", "return") for m in self.legal):
            return
        tower, cell, floor = block
        kind = "return" if self.view.phase is Phase.WRONG and tower == self._actor() else "take"
        move = Move(kind, tower=tower, cell=cell, floor=floor)
        if move not in self.legal:  # only a refusal is submitted here
            self.submit(move)

    def _explain_drop(self, src: dict, pos, quiet: bool = False) -> bool:
        """A held block let go over a cell that does not glow: the rule that forbids it. Away
        from any cell, a reminder where blocks go (unless ``quiet``). True if something was said."""
        cells = [(t, c) for t in range(self.view.players) if not self.view.eliminated[t] for c in range(4)]
        near = self._target_at(pos, cells)
        if near is None:
            if not quiet:
                self.app.toast("Drop the block on a glowing cell")
            return not quiet
        tower, cell = near
        if src["kind"] == "bonus":
            move = Move("bonus", tower=tower, cell=cell)
        else:
            move = Move("add", colour=src["colour"], tower=tower, cell=cell)
        if move in self.legal or self.busy():
            return False  # nothing to explain: only a refusal is submitted here
        self.submit(move)
        return True

    def _commit_place(self, src: dict, target: tuple[int, int], dx: int, dy: int, shake: int) -> None:
        tower, cell = target
        if src["kind"] == "bonus":
            move = Move("bonus", tower=tower, cell=cell)
        else:
            move = Move("add", colour=src["colour"], tower=tower, cell=cell)
        self.selected = None
        self._source = src.get("from")
        self.submit(preview.hand_move(self.view, move, dx, dy, shake))

    def _commit_block(self, src: dict, shake: int) -> None:
        self.selected = None
        self.submit(preview.hand_move(self.view, src["move"], 0, 0, shake))

    # -- risk -------------------------------------------------------------------------------
    def _risk_move(self) -> Move | None:
        """The move whose risk is shown now: the hovered target of a dragged/selected block, or
        the hovered / selected / dragged block of a tower."""
        if self.busy() or not self.legal:
            return None
        sel = self.drag or self.selected
        if sel is not None and sel["kind"] in ("hand", "bonus") and self.target is not None:
            tower, cell = self.target
            if sel["kind"] == "bonus":
                m = Move("bonus", tower=tower, cell=cell)
            else:
                m = Move("add", colour=sel["colour"], tower=tower, cell=cell)
            q = 4
            dx, dy = (round(d / q) * q for d in self.drop_offset)
            return preview.hand_move(self.view, m, dx, dy, 0)
        if sel is not None and sel["kind"] == "block":
            return sel["move"]
        if self.hover_block is not None:
            moves = preview.block_moves(self.legal, *self.hover_block)
            return moves[0] if moves else None
        return None

    def _risk(self) -> tuple[Move, float] | None:
        m = self._risk_move()
        if m is None:
            return None
        key = (m, self.hand_profile, self.view.ply)
        if key not in self.risk_cache:
            if len(self.risk_cache) > 400:
                self.risk_cache.clear()
            self.risk_cache[key] = preview.knock_risk(self.view, m, self.hand_profile)
        return m, self.risk_cache[key]

    # -- events -----------------------------------------------------------------------------
    def update_table(self, dt: float) -> None:
        self.clock += dt
        decay = math.exp(-dt * 10)
        self.speed *= decay
        self.jerk *= math.exp(-dt * 6)
        self.flying = [f for f in self.flying if not f[0].done]
        self._sync_buttons()
        self._forced_pass(dt)

    def _forced_pass(self, dt: float) -> None:
        """A wrong guess with nothing to take back and no Bonus Block leaves only Pass: the
        table passes for the player once the die has been seen, instead of asking for a click."""
        forced = len(self.legal) == 1 and self.legal[0].kind == "pass" and not self.busy()
        if not forced:
            self.pass_wait = None
            return
        if self.pass_wait is None:
            self.pass_wait = theme.BOT_PAUSE * 2 * self.app.anim_speed
        self.pass_wait -= dt
        if self.pass_wait <= 0:
            self.pass_wait = None
            self.submit(self.legal[0])

    def on_step(self, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        old = self.shown
        self.shown = self.view
        self.drag = None
        self.selected = None
        self.risk_cache.clear()
        delay = 0.0
        source = getattr(self, "_source", None)
        self._source = None
        added: dict | None = None
        for ev in events:
            d = ev.data
            k = ev.kind
            line = self._line(ev)
            if line:  # written when its animation starts (a roll's once the die has landed)
                self._log_at(line, delay + (theme.DIE_ROLL if k == "roll" else 0.0))
            if k == "roll":
                self.die.roll(
                    d["roll"], self.animator, theme.DIE_ROLL, start=(DIE_POS[0] + 190, DIE_POS[1] + 40)
                )
                self.app.sound.play("die")
                delay += theme.DIE_ROLL
            elif k == "draw":
                colours = [self._colour_index(c) for c in d["colours"]]
                slots = self._tray_slots(len(self.view.hand))
                for i, colour in enumerate(colours):
                    target = slots[min(i, len(slots) - 1)] if slots else TRAY.center
                    self._fly(colour, BAG_POS, target, delay + 0.12 * i, tray=colour)
                delay += FLY + 0.12 * len(colours)
            elif k in ("add", "bonus"):
                t, cell, floor = d["tower"], d["cell"], d["floor"]
                colour = self._colour_index(d["colour"])
                start = source or self._hand_origin(old, colour, k == "bonus", seat)
                x, y, z = art.block_centre(cell, floor, d["dx"], d["dy"])
                end = self._pt(t, x, y, z)
                if d["stands"]:
                    self.hidden.add((t, cell, floor))
                self._fly(colour, start, end, delay, hide=(t, cell, floor), drop=True)
                delay += FLY
                added = d
                if d.get("wobble"):
                    delay = self._start_wobble(d, delay)
            elif k in ("take", "return"):
                t = d["tower"]
                colour = self._colour_index(d["colour"])
                start = self._block_pos(t, d["cell"], d["floor"], old)
                if k == "take":
                    slots = self._tray_slots(len(self.view.hand))
                    end = slots[-1] if slots else TRAY.center
                    self._fly(colour, start, end, delay, tray=colour)
                else:
                    self._fly(colour, start, BAG_POS, delay)
                if not d["stands"]:
                    added = dict(d, removed=True)
                else:
                    delay += FLY
                    if d.get("wobble"):
                        delay = self._start_wobble(d, delay)
            elif k == "fall":
                delay = self._start_fall(old, d, added, delay)
            elif k == "eliminated":
                self._note_out(d)
            elif k == "to_bag":
                for i, c in enumerate(d["colours"]):
                    self._fly(self._colour_index(c), TRAY.center, BAG_POS, delay + 0.08 * i)
                delay += FLY

    def _line(self, ev: Event) -> str | None:
        """The log line of one event (also used to rebuild the log of a resumed game)."""
        d, k = ev.data, ev.kind
        who = self._short(d["seat"]) if "seat" in d else ""
        if k == "roll":
            return f"{who} called {d['call']}, rolled {d['roll']}: {'right' if d['right'] else 'wrong'}"
        if k == "draw":
            return f"{who} drew {len(d['colours'])} from the bag"
        if k in ("add", "bonus"):
            what = "a Bonus Block" if k == "bonus" else f"a {d['colour']} block"
            where = f"{CELLS[d['cell']]}{d['floor']}"
            if d["tower"] != d["seat"]:
                where += f" of {self._short(d['tower'])}'s tower"
            return f"{who} added {what} at {where}"
        if k == "take":
            where = "own tower" if d["tower"] == d["seat"] else f"{self._short(d['tower'])}'s tower"
            return f"{who} took {CELLS[d['cell']]}{d['floor']} off {where}"
        if k == "return":
            return f"{who} returned {CELLS[d['cell']]}{d['floor']} to the bag"
        if k == "fall":
            what = ", destroyed" if d["result"] == "destroyed" else ""
            return f"{self._short(d['tower'])}'s tower fell: {wording.count(len(d['fallen']), 'block')} down{what}"
        if k == "eliminated":
            return f"{who} is out of the game!"
        if k == "restore":
            return f"{who} puts {wording.count(len(d['colours']), 'fallen block')} back"
        if k == "to_bag":
            return f"{wording.count(len(d['colours']), 'block')} with no legal place went back to the bag"
        if k == "no_more_removals":
            return f"No more blocks can be taken ({d['short']} short)"
        if k == "pass":
            return f"{who} passed"
        if k == "turn":
            return f"— {self._name(d['seat'])}'s turn (round {d['round']})"
        if k == "game_over":
            return f"Game over: {', '.join(self._name(w) for w in d['winners'])} ({d['reason']})"
        return None

    def _hand_origin(self, old: BabelView, colour: int, bonus: bool, seat: int) -> tuple[float, float]:
        if bonus:
            return self._bonus_slots()[0]
        hand = list(old.hand)
        slots = self._tray_slots(len(hand))
        if colour in hand and slots:
            return slots[hand.index(colour)]
        return TRAY.center

    def _fly(
        self, colour: int, start, end, delay: float, tray: int | None = None, hide=None, drop: bool = False
    ) -> None:
        if tray is not None:
            self.tray_hidden.append(tray)

        def done() -> None:
            if tray is not None and tray in self.tray_hidden:
                self.tray_hidden.remove(tray)
            if hide is not None:
                self.hidden.discard(hide)
            self.app.sound.play("block")

        tween = self.animator.add(FLY, delay, anim.ease_in_out, done)
        if not tween.done:
            self.flying.append((tween, start, end, colour, 30.0 if not drop else 60.0))

    def _start_fall(self, old: BabelView, d: dict, added: dict | None, delay: float) -> float:
        t = d["tower"]
        fallen = {(c, f) for c, f, _ in d["fallen"]}
        static: list[art.Placed] = []
        for cell, col in enumerate(old.towers[t]):
            for f, b in enumerate(col, start=1):
                if added and added.get("removed") and (cell, f) == (added["cell"], added["floor"]):
                    continue
                if (cell, f) not in fallen:
                    static.append((cell, f, b.colour, b.dx, b.dy))
        colours = {(c, f): self._colour_index(name) for c, f, name in d["fallen"]}
        if added and not added.get("removed") and added["tower"] == t:
            key = (added["cell"], added["floor"])
            colours[key] = self._colour_index(added["colour"])
            if key not in fallen:
                static.append((*key, colours[key], added["dx"], added["dy"]))
        frames = d["frames"]
        span = frames[-1][0] if frames else 0.8
        hold = 1.1
        start = delay if not (added and added.get("removed")) else delay + 0.1
        fall = self.fall = {
            "tower": t,
            "seat": d["seat"],
            "static": tuple(static),
            "colours": colours,
            "frames": frames,
            "span": span,
            "hold": hold,
            "result": d["result"],
            "tween": None,
        }

        mover = d["seat"]
        restoring = d["result"] == "eliminated" and self.view.holder == t
        if restoring:
            self.tray_hidden.extend(colours[c, f] for c, f in fallen if (c, f) in colours)

        def clear() -> None:
            # the tumbled blocks leave the table: back into the victim's hand to be restored, or
            # into the bag with the rest of a destroyed tower (and the eliminated mover's tower)
            last = {(e[0], e[1]): e for e in frames[-1][1]} if frames else {}
            n = 0
            for key, colour in colours.items():
                e = last.get(key)
                if e is None:
                    continue
                pos = self._pt(t, e[2], e[3], e[4])
                if restoring:
                    if colour in self.tray_hidden:
                        self.tray_hidden.remove(colour)
                    slots = self._tray_slots(len(self.view.hand))
                    self._fly(
                        colour,
                        pos,
                        slots[min(n, len(slots) - 1)] if slots else TRAY.center,
                        0.05 * n,
                        tray=colour,
                    )
                elif d["result"] == "destroyed":
                    self._fly(colour, pos, BAG_POS, 0.05 * n)
                n += 1
            others = []
            if d["result"] == "destroyed":
                others = [(t, b[0], b[1], b[2], b[3], b[4]) for b in fall["static"]]
            elif mover != t and self.view.eliminated[mover]:
                others = [
                    (mover, cell, f, b.colour, b.dx, b.dy)
                    for cell, col in enumerate(old.towers[mover])
                    for f, b in enumerate(col, start=1)
                ]
            for tower, cell, f, colour, dx, dy in others[:24]:
                x, y, z = art.block_centre(cell, f, dx, dy)
                self._fly(colour, self._pt(tower, x, y, z), BAG_POS, 0.04 * n)
                n += 1
            self.fall = None
            self.shown = self.view

        self.shown = old
        fall["tween"] = self.animator.add(span + hold, start, anim.linear, clear)
        self.animator.wait(start, lambda: self.app.sound.play("fall"))
        return start + span + hold + FLY

    def _start_wobble(self, d: dict, delay: float) -> float:
        """A move the tower stood through while rocking: its top blocks sway by the recorded
        frames and settle back (drawn like a fall, without the banner)."""
        t = d["tower"]
        frames = d["wobble"]
        moving = {(e[0], e[1]) for e in frames[0][1]} if frames else set()
        tower = self.view.towers[t]
        static = tuple(
            (cell, f, b.colour, b.dx, b.dy)
            for cell, col in enumerate(tower)
            for f, b in enumerate(col, start=1)
            if (cell, f) not in moving
        )
        colours = {(cell, f): tower[cell][f - 1].colour for cell, f in moving if f <= len(tower[cell])}
        span = frames[-1][0] if frames else 0.0
        wobble = {
            "tower": t,
            "seat": d["seat"],
            "static": static,
            "colours": colours,
            "frames": frames,
            "span": span,
            "hold": 0.1,
            "result": "wobble",
            "tween": None,
        }

        def begin() -> None:
            self.fall = wobble

        def end() -> None:
            if self.fall is wobble:
                self.fall = None

        self.animator.wait(delay, begin)
        wobble["tween"] = self.animator.add(span + 0.1, delay, anim.linear, end)
        self.animator.wait(delay, lambda: self.app.sound.play("block"))
        return delay + span + 0.1

    # -- text ---------------------------------------------------------------------------------
    def _note_out(self, d: dict) -> None:
        self.out_reason[d["seat"]] = f"knocked over {self._short(d['victim'])}'s tower"

    def _name(self, seat: int) -> str:
        return self.controller.seat_name(seat)

    def _short(self, seat: int) -> str:
        return self._name(seat)[:14]

    def _colour_index(self, name: str) -> int:
        return self.view.colour_names.index(name)

    def _log_at(self, line: str, delay: float) -> None:
        if delay <= 0:
            self._log(line)
        else:
            self.animator.wait(delay, lambda: self._log(line))

    def _log(self, line: str) -> None:
        self.log_lines.append(line)
        del self.log_lines[:-60]

    def prompt(self) -> str:
        v = self.view
        actor = self._actor()
        if v.phase is Phase.OVER or actor is None:
            return "Game over"
        who = self._name(actor)
        if self.fall is not None and self.fall["result"] == "wobble":
            return f"{self._name(self.fall['tower'])}'s tower wobbles... and settles"
        if self.fall is not None:
            t, mover = self.fall["tower"], self.fall["seat"]
            if self.fall["result"] == "destroyed":
                return f"{self._name(t)}'s tower falls: it is destroyed"
            return f"{self._name(mover)} knocked over {self._name(t)}'s tower and is out of the game"
        if self.busy():
            return f"{who}'s turn"
        if not self.legal:
            if v.seat is None and not self.controller.pass_and_play:
                return f"Watching: {who} is playing"
            return f"{who} is thinking…" if not self.match.seats[actor].human else f"{who}'s turn"
        bonus = (
            " · or place a Bonus Block (B)"
            if preview.bonus_targets(self.legal) and v.phase is not Phase.FINISH
            else ""
        )
        if v.phase is Phase.CALL:
            return f"{who}: call Even (E) or Odd (O) — then the die rolls"
        if v.phase is Phase.PLACE:
            return f"{who}: rolled {v.roll} — place the {wording.count(len(v.hand), 'drawn block')} on your tower{bonus}"
        if v.phase is Phase.REMOVE:
            return f"{who}: rolled {v.roll} — take {wording.count(v.to_remove, 'more block')} off any tower (glowing ones){bonus}"
        if v.phase is Phase.ADD:
            return f"{who}: add the {wording.count(len(v.hand), 'taken block')} to any towers{bonus}"
        if v.phase is Phase.WRONG:
            if len(self.legal) == 1:
                return f"{who}: wrong guess — nothing to take back, so the turn passes"
            return f"{who}: wrong guess — Pass (P), or drag one of your blocks off to the bag{bonus}"
        if v.phase is Phase.FINISH:
            return f"{who}: place a Bonus Block on your tower (drag or B), or End turn (Enter)"
        if v.phase is Phase.RESTORE:
            return f"{who}: your tower was knocked over — put the {wording.count(len(v.hand), 'fallen block')} back"
        return who

    def result_lines(self) -> list[str]:
        v: BabelView = self.match.view(None)
        lines = [self._end_reason(v)] if v.end_reason else []
        parts = []
        for p in range(v.players):
            name = self._short(p) if v.players <= 4 else self._name(p)[:10]
            if v.eliminated[p]:
                parts.append(f"{name}: out")
                continue
            info = v.tower_info[p]
            part = f"{name}: {wording.count(info.complete_floors, 'floor')}, {info.perfect_floors} perfect"
            if v.players <= 4:
                own = sum(1 for col in v.towers[p] for b in col if b.colour == p)
                part += f", {wording.count(own, v.colour_names[p] + ' block')}"
            parts.append(part)
        per = 1 if v.players <= 4 else 2
        for i in range(0, len(parts), per):
            lines.append("    ".join(parts[i : i + per]))
        return lines

    def _end_reason(self, v: BabelView) -> str:
        reason = {
            "Perfect Tower": "A Perfect Tower",
            "Perfect Tower (finished first)": "A Perfect Tower, the first one finished",
            "round limit: best tower": "The round limit: the best tower wins",
        }.get(v.end_reason, v.end_reason[:1].upper() + v.end_reason[1:])
        return f"{reason} (round {v.round})"
