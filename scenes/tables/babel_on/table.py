"""The table of Babel On!: every nation's tower as isometric cubes on the felt, the construction
bag, the die, the blocks in hand, drag-and-drop between towers with the legal targets glowing and
the knock-over risk shown at the cursor, and falls replayed from the physics frames.

This module turns input into moves and keeps the small UI state (the hand: hand.py); where
things lie is layout.py, painters draw.py, motion animate.py, words words.py, pieces art.py.
Input: drag a block (from your hand, your Bonus Blocks or a tower) or click it and then click a
target; E/O call even/odd, P passes, Enter ends the turn, B picks a Bonus Block, R turns the view
by 90 degrees, F opens the floor-by-floor plan of the tower under the mouse, H changes the hand
the risk is computed for, right-click cancels. By keys alone (keys.py): 1-9 or B takes a block up,
the arrows aim it, Shift+arrows nudge it, Enter places it; the arrows and Enter pull a tower's
block. A block that may not be moved, or a cell it may not go to, is explained by
``RULES.why_illegal`` (nothing is submitted).
"""

from __future__ import annotations

from typing import Any

import pygame

from babel.core.protocol import Event
from babel.core.rng import Rng
from babel.games.babel_on import preview
from babel.games.babel_on.actions import Action, Pass, Return, Take
from babel.games.babel_on.model import BabelView, EventKind
from babel.games.babel_on.rules import RULES
from scenes import theme, wording
from scenes.layers import StaticLayer
from scenes.table import TableScene
from scenes.table_lesson import Clear
from scenes.tables.babel_on import layout, words
from scenes.tables.babel_on.animate import Motion
from scenes.tables.babel_on.draw import BabelOnUi, Grab, draw_table
from scenes.tables.babel_on.hand import Hand, acting_seat, drop_targets, placement, pull
from scenes.tables.babel_on.keys import KeyPlay
from scenes.tables.babel_on.layout import DIE_POS
from scenes.tables.babel_on.panel import PLAN_KEY, PanelButtons
from scenes.widgets.basic import WidgetGroup
from scenes.widgets.dice import DieSprite

HANDS = ("careful", "average", "shaky")  # the hands whose risk H cycles through


class BabelOnTable(KeyPlay, TableScene):
    TOOLS_ROW = layout.TOOLS_ROW
    MENU_ROW = layout.MENU_ROW
    LOG_STYLE = layout.LOG_STYLE
    HINT_KEY = pygame.K_c  # H already switches the hand whose risk is shown
    PLAN_KEY = PLAN_KEY  # the floor plan's key (its button's hotkey)

    # -- binding ---------------------------------------------------------------------------
    def bind(self) -> None:
        v: BabelView = self.view
        self.rot = getattr(self, "rot", 0)
        self.hand_profile = getattr(self, "hand_profile", "average")
        self.plan_for: int | None = getattr(self, "plan_for", None)
        self.die = DieSprite(DIE_POS, v.roll or 1, size=54)
        self.still = StaticLayer()  # the felt, plates, towers at rest and panel (draw.draw_still)
        self.places = layout.places_for(v.players)
        self.motion = Motion(
            self.animator, lambda name: self.app.sound.play(name), lambda: self.view, v, self.places, self.rot
        )
        self.hand = Hand()
        self.hover_block: tuple[int, int, int] | None = None
        self.hover_tower: int | None = None
        self.target: tuple[int, int] | None = None
        self.drop_offset = (0, 0)
        self.mouse = (0.0, 0.0)
        self.pass_wait: float | None = None
        self._source: tuple[float, float] | None = None
        events = [ev for _, ev in self.match.events_for(self.viewer)]
        self.out_reason: dict[int, str] = {}
        for ev in events:
            if ev.kind == EventKind.ELIMINATED:
                self.out_reason[ev.data["seat"]] = words.out_reason(ev.data, self._short)
        if not self.log_lines:
            self.log_lines = words.opening_lines(v, self._short, self._name)
            for ev in events:
                self._log_event(ev, 0.0)
        self.buttons = PanelButtons(self._act, self._rotate, self._toggle_plan)
        self.widgets = WidgetGroup(self.buttons.all)
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        self.buttons.sync(self.legal, self.busy())

    # -- where things are (also what tests and tools aim at) --------------------------------------
    def top_point(self, tower: int, cell: int) -> tuple[float, float]:
        """A point where a block let go lands on this cell (the middle of its glowing outline)."""
        return layout.drop_point(self.places, self.rot, self.view, tower, cell)

    def tray_point(self, colour: int) -> tuple[float, float]:
        """Where a held block of ``colour`` lies in the tray."""
        hand = self.motion.tray_hand(self.view)
        return layout.tray_slots(len(hand))[hand.index(colour)]

    def block_point(self, block: tuple[int, int, int]) -> tuple[float, float] | None:
        """A point where ``block`` can be grabbed in the current view (None if hidden)."""
        return layout.grab_point(self.places, self.rot, self.motion.shown, self.motion.hidden, block)

    def _block_at(self, pos) -> tuple[int, int, int] | None:
        return layout.block_at(self.places, self.rot, self.motion.shown, self.motion.hidden, pos)

    def _target_at(self, pos, targets) -> tuple[int, int] | None:
        return layout.target_at(self.places, self.rot, self.view, pos, targets)

    def targets(self, held: Grab | None) -> tuple[tuple[int, int], ...]:
        """The cells the held block may be dropped on (they glow)."""
        return () if self.busy() else drop_targets(self.legal, held)

    # -- input ------------------------------------------------------------------------------
    def actor(self) -> int | None:
        return acting_seat(self.view)

    def _act(self, move: Action) -> None:
        if not self.busy():
            self.submit(move)

    def _rotate(self) -> None:
        self.rot = self.motion.rot = (self.rot + 1) % 4
        self.app.sound.play("click")

    def _toggle_plan(self) -> None:
        if self.plan_for is not None:
            self.plan_for = None
            return
        t = self.hover_tower if self.hover_tower is not None else self.actor()
        self.plan_for = t if t is not None else 0

    def pause(self) -> None:
        self.hand.drag = None  # a menu or the rules opened mid-drag: the block goes back

    def needs_frames(self) -> bool:  # the held block's shake settles even when the mouse rests
        return self.busy() or self.hand.drag is not None or self.key_frames()

    def next_wake(self) -> float | None:  # a forced pass is played after a short wait
        due = [d for d in (super().next_wake(), self.pass_wait) if d is not None]
        return max(0.0, min(due)) if due else None

    def handle(self, event: pygame.event.Event) -> bool:
        self._sync_buttons()  # the legal actions may have changed since the last update
        return super().handle(event)

    def handle_table(self, event: pygame.event.Event) -> bool:
        if self.plan_for is not None:
            return self._handle_plan(event)
        if event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.hand.drag = self.hand.selected = None
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def _handle_plan(self, event: pygame.event.Event) -> bool:
        keys = (self.PLAN_KEY, pygame.K_SPACE)
        if event.type == pygame.MOUSEBUTTONUP or (event.type == pygame.KEYDOWN and event.key in keys):
            self.plan_for = None
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if event.key == pygame.K_RIGHT else -1
            self.plan_for = (self.plan_for + step) % self.view.players
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)

    def _key(self, key: int) -> bool:
        if key == pygame.K_h:
            self.hand_profile = HANDS[(HANDS.index(self.hand_profile) + 1) % len(HANDS)]
            self.app.toast(f"Risk shown for {wording.article(self.hand_profile)} hand")
            return True
        if key == pygame.K_b and not self.busy():
            if preview.bonus_targets(self.legal):
                self.hand.selected = Grab("bonus", self.viewer)
            elif self.actor() is not None and self.view.bonus[self.actor()] > 0:
                self._explain_tray(Grab("bonus", self.actor()))
            return True
        sel = self.hand.selected
        if key == pygame.K_SPACE and sel and sel.kind == "block":
            self._commit_block(sel, 0)
            return True
        return False

    def _motion(self, pos) -> None:
        self.hand.sample(pos, self.places.cube)
        self.mouse = pos
        self.hover_tower = layout.tower_at(self.places, pos)
        self.hover_block = self._block_at(pos) if self.hand.drag is None else None
        held = self.hand.held
        self.target = self._target_at(pos, self.targets(held)) if held and held.kind != "block" else None
        if self.target is not None and self.hand.drag is not None:
            self.drop_offset = layout.offset_at(self.places, self.rot, self.view, pos, *self.target)
        else:
            self.drop_offset = (0, 0)

    def _press(self, pos) -> bool:
        if self.busy() or not self.legal:
            return False
        found = layout.tray_at(self.view, self.motion.tray_hand(self.view), self.actor(), pos)
        src = None if found is None else Grab(found[0], found[1], origin=found[2])
        if src is not None and self.targets(src):
            self.hand.grab(src, pos, self.places.cube)
            return True
        if src is not None:  # a Bonus Block (or a held block) that may go nowhere now
            self._explain_tray(src)
            return True
        block = self._block_at(pos)
        if block is None:
            return False
        moves = preview.block_moves(self.legal, *block)
        if not moves:
            self._explain_take(block)
            return True
        origin = layout.block_pos(self.places, self.rot, self.motion.shown, *block)
        self.hand.grab(Grab("block", block=block, move=moves[0], origin=origin), pos, self.places.cube)
        return True

    def _release(self, pos) -> bool:
        drag, self.hand.drag = self.hand.drag, None
        if drag is None:
            return self._click(pos)
        self._motion(pos)
        if not drag.moved:
            return self._click(pos, drag)
        if drag.kind == "block":
            if self._block_at(pos) != drag.block:  # else put back where it was
                self._commit_block(drag, self.hand.pull_shake(self.view.steady_hands))
            return True
        target = self._target_at(pos, self.targets(drag))
        if target is None:
            self._explain_drop(drag, pos)
            return True
        dx, dy = layout.offset_at(self.places, self.rot, self.view, pos, *target)
        self._commit_place(drag, target, dx, dy, self.hand.place_shake(self.view.steady_hands))
        return True

    def _click(self, pos, pressed: Grab | None = None) -> bool:
        """Click-to-select: pick a block (hand, Bonus or tower), then click its target."""
        sel = self.hand.selected
        if pressed is not None and pressed.kind == "block":
            if sel is not None and sel.kind == "block" and sel.block == pressed.block:
                self._commit_block(sel, 0)
            else:
                self.hand.selected = pressed
            return True
        if pressed is not None:
            same = sel and sel.kind == pressed.kind and sel.colour == pressed.colour
            self.hand.selected = None if same else pressed
            return True
        if sel is not None and sel.kind in ("hand", "bonus"):
            target = self._target_at(pos, self.targets(sel))
            if target is not None:
                self._commit_place(sel, target, 0, 0, 0)
                return True
            if self._explain_drop(sel, pos, quiet=True):
                return True
        if sel is not None and layout.tower_at(self.places, pos) is not None:
            self.hand.selected = None
            return True
        return False

    def _explain(self, move: Action) -> None:
        """Say which rule refuses ``move``, asked of the rules from this seat's view (nothing is
        submitted; the view is the whole table but for the random stream, which no rule reads)."""
        seat = self.viewer
        if seat is None:
            return
        reason = RULES.why_illegal(RULES.determinize(self.view, seat, Rng(0)), seat, move)
        if reason is not None:
            self.app.toast(reason[:1].upper() + reason[1:])

    def _explain_take(self, block: tuple[int, int, int]) -> None:
        """A block that cannot be picked up now: the rule that holds it."""
        if any(isinstance(m, Take | Return) for m in self.legal):
            self._explain(pull(self.view, self.actor(), block))

    def _explain_tray(self, src: Grab) -> None:
        """A block of the tray (a Bonus Block, a block in hand) picked up while it may go nowhere,
        say before the drawn blocks are placed: the rule that holds it."""
        actor = self.actor()
        if actor is not None:
            self._explain(placement(src, actor, 0))

    def _explain_drop(self, src: Grab, pos, quiet: bool = False) -> bool:
        """A held block let go over a cell that does not glow: the rule that forbids it. Away
        from any cell, a reminder where blocks go (unless ``quiet``). True if something was said."""
        cells = [(t, c) for t in range(self.view.players) if not self.view.eliminated[t] for c in range(4)]
        near = self._target_at(pos, cells)
        if near is None:
            if not quiet:
                self.app.toast("Drop the block on a glowing cell")
            return not quiet
        move = placement(src, *near)
        if move in self.legal or self.busy():
            return False  # nothing to explain
        self._explain(move)
        return True

    def _commit_place(self, src: Grab, target: tuple[int, int], dx: int, dy: int, shake: int) -> None:
        self.hand.selected = None
        self._source = src.origin
        self.submit(preview.hand_move(self.view, placement(src, *target), dx, dy, shake))

    def _commit_block(self, src: Grab, shake: int) -> None:
        self.hand.selected = None
        self.submit(preview.hand_move(self.view, src.move, 0, 0, shake))

    # -- risk -------------------------------------------------------------------------------
    def risk(self) -> tuple[Action, float] | None:
        """The move whose odds the note at the cursor shows, and its risk for the chosen hand:
        the hovered target of a dragged/selected block, or the hovered/selected/dragged block."""
        if self.busy() or not self.legal:
            return None
        m = self.hand.move_shown(self.view, self.legal, self.target, self.drop_offset, self.hover_block)
        return None if m is None else (m, self.hand.risk(self.view, m, self.hand_profile))

    # -- frames and events --------------------------------------------------------------------
    def update_table(self, dt: float) -> None:
        self.hand.tick(dt)
        self.motion.prune()
        self._sync_buttons()
        self._forced_pass(dt)

    def _forced_pass(self, dt: float) -> None:
        """A wrong guess with nothing to take back and no Bonus Block leaves only Pass: the
        table passes for the player once the die has been seen, instead of asking for a click."""
        if not (len(self.legal) == 1 and isinstance(self.legal[0], Pass) and not self.busy()):
            self.pass_wait = None
            return
        if self.pass_wait is None:
            self.pass_wait = theme.BOT_PAUSE * 2 * self.app.anim_speed
        self.pass_wait -= dt
        if self.pass_wait <= 0:
            self.pass_wait = None
            self.submit(self.legal[0])

    def on_step(self, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        old = self.motion.shown
        self.hand.drag = self.hand.selected = None
        self.hand.risk_cache.clear()
        source, self._source = self._source, None
        self.motion.play(old, events, self.die, source, self._log_event)

    def _log_event(self, ev: Event, delay: float) -> None:
        """Write an event's log line when its animation starts (and note who is out)."""
        if ev.kind == EventKind.ELIMINATED:
            self.out_reason[ev.data["seat"]] = words.out_reason(ev.data, self._short)
        line = words.event_line(ev, self._short, self._name, self.view.neutral)
        if line and delay <= 0:
            self.log_lines.append(line)
        elif line:
            self.animator.wait(delay, lambda: self.log_lines.append(line))

    def log_rect(self) -> pygame.Rect:
        return layout.LOG_RECT

    def coach_anchor(self) -> tuple[float, float, float]:
        """The coach's note lies on the felt, off the side panel's log: in a bottom corner away
        from the viewer's own tower."""
        return layout.coach_anchor(self.places, self.viewer)

    def _name(self, seat: int) -> str:
        return self.controller.seat_name(seat)

    def _short(self, seat: int) -> str:
        return self._name(seat)[:14]

    # -- words and the frame ----------------------------------------------------------------------
    def prompt(self) -> str:
        actor = self.actor()
        if actor is None:
            return "Game over"
        watching = self.view.seat is None and not self.controller.pass_and_play
        waiting = words.waiting(self._name(actor), watching, self.match.seats[actor].human)
        return words.prompt(self.view, self.motion.fall, self.busy(), self.legal, waiting, self._name)

    # -- a guided game ------------------------------------------------------------------------
    LESSON_BOX = layout.LESSON_BOX

    def lesson_target(self, target: tuple) -> pygame.Rect | None:
        """A lesson points at a button, a block to pick up (then the cell it goes to: ("place",
        kind, colour, tower, cell)), or a tower's block to take (("take", tower, cell, floor))."""
        if target[0] == "button":
            button = {"pass": "pass_"}.get(target[1], target[1])
            return pygame.Rect(getattr(self.buttons, button).rect)
        if target[0] == "take":
            return layout.spot(self.block_point(target[1:]), 40)
        _, kind, colour, tower, cell = target
        sel = self.hand.selected
        if sel is not None and sel.kind == kind and (kind == "bonus" or sel.colour == colour):
            return layout.spot(self.top_point(tower, cell), 40)
        if kind == "bonus":
            return layout.spot(layout.bonus_slots()[0], 44)
        return layout.spot(self.tray_point(colour), layout.tray_size(len(self.motion.tray_hand(self.view))))

    def lesson_keep_clear(self) -> Clear:
        return Clear(*layout.lesson_clear(self.places, self.rot, self.view, self.plan_for is not None))

    def result_lines(self) -> list[str]:
        return words.result_lines(self.match.view(None), self._short, self._name)

    def ui(self) -> BabelOnUi:
        """The UI state the painters draw this frame."""
        risk, hand = self.risk(), self.hand
        sway_tower, sway = hand.sway(self.view.steady_hands, self.target, self.places.cube)
        return BabelOnUi(
            shown=self.motion.shown,
            places=self.places,
            rot=self.rot,
            legal=tuple(self.legal),
            busy=self.busy(),
            actor=self.actor(),
            names=tuple(self._name(p) for p in range(self.view.players)),
            prompt=self.prompt(),
            drag=hand.drag,
            selected=hand.selected,
            mouse=self.mouse,
            hover_block=self.hover_block,
            target=self.target,
            drop_offset=self.drop_offset,
            targets=self.targets(hand.held),
            hidden=frozenset(self.motion.hidden),
            tray_hand=tuple(self.motion.tray_hand(self.view)),
            flying=tuple(self.motion.flying),
            fall=self.motion.fall,
            sway=0.0 if self.motion.fall or self.app.reduce_motion else sway,  # calm: no tremor
            sway_tower=sway_tower,
            risk=risk,
            verdict=self.key_verdict() or (hand.verdict(self.view, risk[0]) if risk else None),
            hand_profile=self.hand_profile,
            die=self.die,
            calling=self.buttons.even.visible,
            out_reason=tuple(sorted(self.out_reason.items())),
            plan_for=self.plan_for,
        )

    def draw_table(self, canvas) -> None:
        draw_table(canvas, self.view, self.ui(), self.still)
