"""The solitaire table: the draw pile, the line of stacks, drag-and-drop or click-to-move,
undo and redo, fair hints, a "still winnable?" indicator, the win cascade, statistics and the
after-game analysis.

The hint and the indicator come from babel.games.solitaire.hints, which judges moves over
sampled orders of the tiles the player has not seen and never looks at the real pile. This
module turns input into actions and keeps the screen's small state; ``layout`` says where things
lie, ``animate`` moves the pieces, ``draw`` paints, ``analysis`` and ``statistics`` are the two
screens it opens.
"""

from __future__ import annotations

import math
from concurrent.futures import Future
from typing import Any

import pygame

from babel.core.match import Match
from babel.core.protocol import Event
from babel.core.saves import SaveStore
from babel.games.solitaire import hints
from babel.games.solitaire.actions import Action, Draw, Finish, Move
from babel.games.solitaire.model import SolitaireView
from babel.games.solitaire.stats import StatsStore
from scenes import wording
from scenes.canvas import Canvas
from scenes.core import new_seed, wake
from scenes.kept_games import start_new
from scenes.layers import StaticLayer
from scenes.match_controller import bot_executor
from scenes.table import TableScene
from scenes.table_lesson import Clear
from scenes.tables.solitaire import draw, layout, moves
from scenes.tables.solitaire.analysis import AnalysisScene
from scenes.tables.solitaire.animate import Motion
from scenes.tables.solitaire.draw import SolitaireUi
from scenes.tables.solitaire.finishing import ask_before_finishing
from scenes.tables.solitaire.layout import Geometry
from scenes.tables.solitaire.statistics import StatisticsScene
from scenes.tables.solitaire.words import MoveLog
from scenes.widgets.basic import Button, WidgetGroup
from scenes.widgets.end_panel import EndButton

KEYS = {  # key -> the table's method of that name
    pygame.K_SPACE: "draw_tile",
    pygame.K_d: "draw_tile",
    pygame.K_h: "show_hint",
    pygame.K_w: "toggle_winnable",
    pygame.K_f: "finish",
    pygame.K_u: "undo",
    pygame.K_n: "new_deal",
}


class SolitaireTable(TableScene):
    MENU_ROW = layout.MENU_ROW
    LESSON_BOX = layout.LESSON_BOX
    COACH_ANCHOR = layout.COACH_ANCHOR
    LOG_STYLE = (13, 18, layout.LOG_INK)
    END_BUTTON_W, END_BUTTON_GAP = 160, 12  # five buttons: new deal, replay deal, analysis, watch, main menu
    END_SOUND = ""  # a win or a loss: game_over picks the sound
    show_winnable = False  # remembered for the rest of the session

    def __init__(self, match: Match, store=None, threaded: bool = True) -> None:
        super().__init__(match, store, threaded)
        self.redo: list[str] = []
        self.recorded = match.over  # a finished game opened again was counted when it ended
        self.stats_record = None
        self.still = StaticLayer()  # the table, the pile and the line at rest
        self.drag_release: tuple[float, float] | None = None  # where a dragged stack was let go
        self.moves_log = MoveLog()

    # -- binding ------------------------------------------------------------------------------
    def bind(self) -> None:
        v: SolitaireView = self.view
        self.geo = Geometry(v.variant)
        self.motion = Motion(self.geo, self.animator)
        self.drag: dict[str, Any] | None = None
        self.selected: int | None = None
        self.hint_glow: set[str] = set()
        self.hover: int | None = None
        self.cursor = moves.KeyCursor()  # the stack the arrows point at
        self._winnable: tuple[int, Future | None, str] = (-1, None, "")
        self._build_buttons()

    def _build_buttons(self) -> None:
        items = [
            ("Undo", self.undo, 110),
            ("Redo", self.redo_action, 110),
            ("Hint", self.show_hint, 110),
            ("Winnable?", self.toggle_winnable, 150),
            ("New deal", self.new_deal, 140),
            ("Replay", self.replay_deal, 120),
            ("Stats", self.open_stats, 110),
        ]
        rects = layout.bar([w for _, _, w in items])
        self.widgets = WidgetGroup([Button(r, label, fn, size=19) for (label, fn, _), r in zip(items, rects)])
        self.finish_button = Button(layout.FINISH_RECT, "Finish", self.finish, primary=True, size=20)
        self._show_finish()
        self.widgets.add(self.finish_button)

    def _show_finish(self) -> None:
        v: SolitaireView = self.view
        self.finish_button.visible = v.last_draw_done and not self.match.over and self._has(Finish)

    def _has(self, kind: type) -> bool:
        return any(isinstance(a, kind) for a in self.legal)

    # -- actions ------------------------------------------------------------------------------
    def _act(self, action: Action, from_redo: bool = False) -> bool:
        if self.busy():
            self.animator.finish_all()
            self.motion.settle_flights()
        ok = self.submit(action)
        if ok and not from_redo:
            self.redo.clear()
        return ok

    def draw_tile(self) -> None:
        action = next((a for a in self.legal if isinstance(a, Draw)), None)
        if action is None:
            if self.view.last_draw_done:
                self.app.toast("The pile is empty")
            else:
                self.app.toast("Strict rule: a possible move must be made before drawing")
            return
        self._act(action)

    def finish(self) -> None:
        """Finish asks first when fewer stacks may still be reached, saying how the result counts."""
        action = next((a for a in self.legal if isinstance(a, Finish)), None)
        if action is None:
            return
        counted = "" if self.lesson is not None else f"in your {'practice ' * self.practice}statistics"
        ask_before_finishing(self.app, self.view, counted, lambda: self._act(action))

    def undo(self) -> None:
        if not self.match.log:
            self.app.toast("Nothing to undo")
            return
        last = self.match.log[-1].text
        if self.match.over:
            self.app.toast("The game is over: start a new deal or replay this one")
            return
        if self.match.undo(0, cross_irreversible=self.practice):
            self.redo.append(last)
            self.controller.autosave()
            if self.lesson is not None:
                self.lesson.after_undo(self.match)
            self.animator.finish_all()
            self.refresh()
            self.bind()
        elif self.match.undo_point(0, cross_irreversible=True) is not None:
            self.app.toast("A draw cannot be taken back (only in practice games, set up with Practice on)")
        else:
            self.app.toast("Nothing to undo")

    def leave_losses(self) -> list[str]:
        """Redo lives only at this table: the moves taken back cannot be redone after leaving."""
        n = len(self.redo)
        if not n or self.match.over:
            return super().leave_losses()
        moves = "move you took back" if n == 1 else f"{n} moves you took back"
        return [*super().leave_losses(), f"Redo cannot bring back the {moves} once you leave."]

    @property
    def practice(self) -> bool:
        """Practice: undo may take back draws; such games are counted apart in the statistics."""
        return self.match.config.get("practice", False) is True

    def redo_action(self) -> None:
        if not self.redo:
            self.app.toast("Nothing to redo")
            return
        text = self.redo.pop()
        self._act(self.rules.parse_action(text), from_redo=True)

    def show_hint(self) -> None:
        if self.match.over or not self.legal:
            return
        if not self.app.settings.coach:
            self.app.toast("Hints are off: turn the coach on in Settings")
            return
        h = hints.hint(self.view)
        self.show_note("Hint", h.text)  # the table's note: wrapped, never cut
        if isinstance(h.action, Move):
            self.hint_glow = {f"stack{h.action.src}", f"stack{h.action.dst}"}
        elif isinstance(h.action, Draw):
            self.hint_glow = {"pile"}
        elif isinstance(h.action, Finish):
            self.hint_glow = {"finish"}

    def lesson_target(self, target):
        """A lesson points at the pile, or at the stack to move and then where it goes."""
        if target[0] == "pile":
            return pygame.Rect(self.geo.pile_rect())
        _, src, dst = target
        return pygame.Rect(self.geo.rect(dst if self.selected == src else src))

    def log_rect(self) -> pygame.Rect:
        bottom = layout.LOG_LESSON_BOTTOM if self.lesson is not None else layout.LOG_RECT.bottom
        return layout.LOG_RECT.clip(layout.LOG_RECT.x, 0, layout.LOG_RECT.w, bottom)

    def log_entries(self) -> list:
        return self.moves_log.lines(self.match.events_for(self.viewer), self.view.variant)

    def draw_log(self, canvas: Canvas) -> None:
        draw.draw_log_title(canvas, layout.LOG_RECT)
        super().draw_log(canvas)

    def lesson_keep_clear(self) -> Clear:
        return Clear(*self.geo.lesson_clear(len(self.view.line)))

    def toggle_winnable(self) -> None:
        SolitaireTable.show_winnable = not SolitaireTable.show_winnable
        self._winnable = (-1, None, "")

    def new_deal(self) -> None:
        self._deal(-1, new_seed())

    def replay_deal(self) -> None:
        self._deal(self.view.deal, self.match.seed)

    def _deal(self, number: int, seed: int) -> None:
        """A new table with the same options, for deal ``number`` (-1: the seed's deal)."""
        options = dict(self.match.config.options)
        options["deal"] = number
        config = self.rules.make_config(1, **options)
        match = Match(self.rules, config, seed, self.match.seats)
        store = self.controller.store
        if store is None or self.match.over or self.match.ply == 0:
            # nothing to keep of this deal: the new one may take its file
            self._open(match, store)
            return
        # the deal in progress stays kept in its own file; the new one gets another
        fresh = store.for_new_game()
        start_new(self.app, lambda: self._open(match, fresh), fresh)

    def _open(self, match: Match, store: SaveStore | None) -> None:
        """The new deal takes this table's place (whoever follows this match follows it)."""
        self.match.replaced_by(match)
        self.app.replace(SolitaireTable(match, store))

    def open_stats(self) -> None:
        self.app.push(StatisticsScene(self.view.variant.value, self.view.difficulty.value, self.practice))

    rematch = new_deal  # the solitaire's rematch is a new deal

    # -- input --------------------------------------------------------------------------------
    def _targets(self, src: int) -> dict[int, Action]:
        return {a.dst: a for a in self.legal if isinstance(a, Move) and a.src == src}

    def handle_table(self, event: pygame.event.Event) -> bool:
        if self.match.over:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_y and event.mod & pygame.KMOD_CTRL:
                self.redo_action()
                return True
            if event.key in KEYS:
                getattr(self, KEYS[event.key])()
                return True
            if self.cursor.handle(self, event.key):
                return True
        if event.type == pygame.MOUSEMOTION:
            if self.drag is not None:
                self.drag["pos"] = event.pos
                if math.dist(event.pos, self.drag["start"]) > layout.DRAG_THRESHOLD:
                    self.drag["moved"] = True
            self.hover = self.geo.stack_at(len(self.view.line), event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self._release(event.pos)
            return True
        return False

    def _press(self, pos) -> bool:
        """A press on the pile draws; on a stack it moves the selected stack there, or starts a
        drag (a click when it does not move)."""
        if self.geo.pile_rect().inflate(10, 10).collidepoint(pos):
            self.draw_tile()
            return True
        i = self.geo.stack_at(len(self.view.line), pos)
        if i is None:
            self.selected = None
            return False
        if self.selected is not None and i in self._targets(self.selected):
            action = self._targets(self.selected)[i]
            self.selected = None
            self._act(action)
            return True
        cx, cy = self.geo.centre(i)
        self.drag = {"src": i, "start": pos, "pos": pos, "grab": (pos[0] - cx, pos[1] - cy), "moved": False}
        return True

    def _release(self, pos) -> None:
        drag, self.drag = self.drag, None
        src = drag["src"]
        targets = self._targets(src)
        if drag["moved"]:
            dst = self._drop_target(pos, targets)
            if dst is not None:
                gx, gy = drag["grab"]
                self.drag_release = (pos[0] - gx, pos[1] - gy)
                self._act(targets[dst])
            elif targets:
                self.app.sound.play("click")
            else:
                self._explain(src)
            return
        # a click: select the stack (its targets light up), or explain why it cannot move
        if not targets:
            self._explain(src)
            self.selected = None
        else:
            self.selected = src

    def _drop_target(self, pos, targets: dict[int, Action]) -> int | None:
        best, best_d = None, 1e9
        for dst in targets:
            d = math.dist(pos, self.geo.centre(dst))
            if d < best_d and d < self.geo.size[1]:
                best, best_d = dst, d
        return best

    def _explain(self, src: int) -> None:
        self.app.toast(moves.why_not(self.view, src, self._has(Move)))

    # -- events -------------------------------------------------------------------------------
    def on_step(self, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        self.hint_glow = set()
        self.selected = None
        self._show_finish()
        cascade = self.match.seed if self.app.anim_speed != 0 and not self.app.reduce_motion else None
        self.motion.play(events, self.app.sound.play, self.drag_release, self.view.line[0], cascade)
        self.drag_release = None
        self._winnable = (-1, None, "")

    # -- frame --------------------------------------------------------------------------------
    def needs_frames(self) -> bool:
        return self.busy() or bool(self.motion.particles) or self.drag is not None

    def next_wake(self) -> float | None:
        pending = self._winnable[1] is not None and SolitaireTable.show_winnable
        return 0.0 if pending and self._winnable[1].done() else super().next_wake()

    def update_table(self, dt: float) -> None:
        self.motion.update(dt)
        if SolitaireTable.show_winnable and not self.match.over:
            self._poll_winnable()

    def _poll_winnable(self) -> None:
        ply, future, text = self._winnable
        if ply != self.match.ply:
            view = self.view
            future = bot_executor().submit(lambda: hints.winnable(view).text)
            future.add_done_callback(lambda _f: wake())  # the answer wakes a waiting loop
            self._winnable = (self.match.ply, future, "Checking…")
        elif future is not None and future.done():
            self._winnable = (ply, None, future.result())

    def ui(self) -> SolitaireUi:
        """The screen's small state for the painters, as it is now."""
        drag = self.drag if self.drag and self.drag["moved"] else None
        focus = drag["src"] if drag is not None else self.selected
        drag_at = (0.0, 0.0)
        if drag is not None:
            (gx, gy), (px, py) = drag["grab"], drag["pos"]
            drag_at = (px - gx, py - gy)
        hinted_finish = "finish" in self.hint_glow and self.finish_button.visible
        return SolitaireUi(
            can_draw=self._has(Draw) and not self.match.over,
            movable=frozenset(a.src for a in self.legal if isinstance(a, Move)),
            targets=frozenset(self._targets(focus)) if focus is not None else frozenset(),
            selected=self.selected,
            hover=self.hover if self.drag is None else None,
            drag_src=drag["src"] if drag is not None else None,
            drag_at=drag_at,
            hint_glow=frozenset(self.hint_glow),
            finish_glow=self.finish_button.rect if hinted_finish else None,
            practice=self.practice,
            over=self.match.over,
            moves=self.match.ply,
            winnable=self._winnable[2] if SolitaireTable.show_winnable and not self.match.over else "",
            cursor=self.cursor.stack if not self.match.over else None,
        )

    def draw_table(self, canvas: Canvas) -> None:
        v: SolitaireView = self.view
        ui, geo, motion = self.ui(), self.geo, self.motion
        line_still = not motion.shift  # no stack sliding: the line goes into the still layer
        # what the still layer shows (not where a dragged stack is: that is drawn over it)
        hide = tuple(sorted(motion.hide.items()))
        glow = (ui.hint_glow, ui.finish_glow is not None, self.finish_button.visible)
        key = (v, self.legal, ui.over, hide, ui.selected, ui.hover, ui.drag_src, glow, line_still, ui.cursor)
        self.still.draw(canvas, key, lambda c: draw.draw_still(c, v, ui, geo, motion, line_still))
        if not line_still:
            draw.draw_line(canvas, v, ui, geo, motion)
        draw.draw_moving(canvas, v, ui, geo, motion)

    # -- the end ------------------------------------------------------------------------------
    def game_over(self) -> None:
        v: SolitaireView = self.view
        if not self.recorded and self.match.log and self.lesson is None:  # lessons are not counted
            self.recorded = True
            self._record(v)
        self.app.sound.play("win" if len(v.line) <= 3 else "click")

    def _record(self, v: SolitaireView) -> None:
        try:
            store = StatsStore.load()
            self.stats_record = store.record(
                v.variant.value, v.difficulty.value, len(v.line), practice=self.practice
            )
            if store.recovered_from is not None:
                self.app.toast(f"The statistics file was damaged; it was kept as {store.recovered_from.name}")
        except OSError as exc:
            self.app.toast(f"Could not save statistics: {exc.strerror or exc}")

    def end_buttons(self) -> list[EndButton]:
        return [
            EndButton("New deal", self.new_deal, pygame.K_n, primary=True),
            EndButton("Replay deal", self.replay_deal, pygame.K_r),
            EndButton("Analysis", lambda: self.app.push(AnalysisScene(self.match)), pygame.K_a),
            EndButton("Main menu", self.to_menu, pygame.K_m),
        ]

    def result_title(self) -> str:
        stacks = len(self.view.line)
        if stacks == 1:
            return "Full win: one tower!"
        if stacks <= 3:
            return f"Partial win: {wording.count(stacks, 'stack')}"
        return f"{wording.count(stacks, 'stack')}: not this time"

    def result_lines(self) -> list[str]:
        lines = [f"Deal {self.view.deal} in {wording.count(self.match.ply, 'move')}."]
        rec = self.stats_record
        if rec is not None:
            lines.append(
                ("Practice games: " if self.practice else "")
                + f"Played {rec.played}  ·  full wins {rec.full_wins}  ·  partial wins {rec.partial_wins}"
                f"  ·  win streak {rec.win_streak} (best {rec.best_win_streak})"
            )
        lines.append("Analysis shows the best line for this deal.")
        return lines
