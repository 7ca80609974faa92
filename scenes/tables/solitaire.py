"""The solitaire table: the draw pile, the line of stacks, drag-and-drop or click-to-move,
unlimited undo and redo, fair hints, a "still winnable?" indicator, the win cascade, statistics
and the after-game analysis.

The hint and the indicator come from babel.games.solitaire.hints, which judges moves over
sampled orders of the tiles the player has not seen and never looks at the real pile.
"""

from __future__ import annotations

import math
from concurrent.futures import Future
from typing import Any

import pygame

from babel.core.match import Match
from babel.core.protocol import Event
from babel.core.rng import Rng
from babel.games.solitaire import hints
from babel.games.solitaire.deals import Variant, piece_name
from babel.games.solitaire.engine import Kind, SolitaireAction, SolitaireView
from babel.games.solitaire.stats import StatsStore
from scenes import assets, theme
from scenes.anim import Animator, Tween, lerp2
from scenes.canvas import Canvas
from scenes.core import Scene, Screen, wake
from scenes.layers import StaticLayer
from scenes.match_controller import bot_executor
from scenes.table import TableScene
from scenes.tables.solitaire_pieces import paint_card, paint_tile, paint_tile_back
from scenes.widgets.basic import Button, WidgetGroup, panel, paper
from scenes.widgets.cards import paint_back

TOP_BAR_Y = 20
LINE_X = 250
LINE_Y = 150
PILE_POS = (130, 230)
DRAG_THRESHOLD = 6


class Geometry:
    """Where pieces go for a variant: tiles are square, cards tall; long lines wrap into rows."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        if variant is Variant.TILES:
            self.size = (108, 108)
            self.pitch, self.row_pitch, self.per_row = 122, 165, 10
        else:
            self.size = (80, 114)
            self.pitch, self.row_pitch, self.per_row = 100, 160, 13

    def centre(self, index: int) -> tuple[float, float]:
        row, col = divmod(index, self.per_row)
        w, h = self.size
        return (LINE_X + col * self.pitch + w / 2, LINE_Y + row * self.row_pitch + h / 2)

    def rect(self, index: int) -> pygame.Rect:
        w, h = self.size
        cx, cy = self.centre(index)
        return pygame.Rect(round(cx - w / 2), round(cy - h / 2), w, h)

    def pile_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(round(PILE_POS[0] - w / 2), round(PILE_POS[1] - h / 2), w, h)

    def painter(self):
        return paint_tile if self.variant is Variant.TILES else paint_card


def draw_piece(
    canvas: Canvas,
    geo: Geometry,
    code: str | None,
    centre: tuple[float, float],
    lift: float = 0,
    depth: int = 0,
    glow: bool = False,
    dim: bool = False,
) -> None:
    """One stack: ``depth`` pieces under the top one shown as edges, then the top face."""
    w, h = geo.size
    x, y = centre[0], centre[1] - lift
    r = pygame.Rect(round(x - w / 2), round(y - h / 2), w, h)
    canvas.shadow_rect(r, radius=10, offset=(3 + lift / 3 + depth, 5 + lift / 2 + depth))
    for k in range(min(depth, 5), 0, -1):
        canvas.fill_rect((70, 52, 34), r.move(k * 2, k * 2), radius=10)
        canvas.fill_rect((150, 128, 96), r.move(k * 2, k * 2), radius=10, width=1)
    if glow:
        canvas.glow(r, theme.HIGHLIGHT, radius=10)
    sr = canvas.rect(r)
    if code is None:
        paint = paint_tile_back if geo.variant is Variant.TILES else paint_back
        img = assets.surface(
            ("sol-back", geo.variant.value, sr.w, sr.h), lambda: paint(sr.w, sr.h).convert_alpha()
        )
    else:
        img = assets.surface(
            ("sol", geo.variant.value, code, sr.w, sr.h),
            lambda: geo.painter()(code, sr.w, sr.h).convert_alpha(),
        )
    if dim:
        img = img.copy()
        img.fill((165, 165, 165, 255), special_flags=pygame.BLEND_RGBA_MULT)
    canvas.surface.blit(img, sr.topleft)


class SolitaireTable(TableScene):
    show_winnable = False  # remembered for the rest of the session

    def __init__(self, match: Match, store=None, threaded: bool = True) -> None:
        super().__init__(match, store, threaded)
        self.redo: list[str] = []
        self.recorded = match.over  # a finished game opened again was counted when it ended
        self.stats_record = None

    # -- binding ------------------------------------------------------------------------------
    def bind(self) -> None:
        v: SolitaireView = self.view
        self.geo = Geometry(v.variant)
        self.hide: dict[int, int] = {}  # stack index -> top pieces not drawn (they are in flight)
        self.shift: dict[int, tuple[float, float, Tween]] = {}  # stack index -> start offset
        self.flights: list[tuple[str | None, int, tuple[float, float], int, Tween, bool]] = []
        self.particles: list[list[Any]] = []
        self.drag: dict[str, Any] | None = None
        self.selected: int | None = None
        self.hint_glow: set[str] = set()
        self.hover: int | None = None
        self._winnable: tuple[int, Future | None, str] = (-1, None, "")
        self._build_buttons()

    def _build_buttons(self) -> None:
        v: SolitaireView = self.view
        x, y, h = 560, TOP_BAR_Y + 8, 50
        items = [
            ("Undo", self.undo, 110),
            ("Redo", self.redo_action, 110),
            ("Hint", self.show_hint, 110),
            ("Winnable?", self.toggle_winnable, 150),
            ("New deal", self.new_deal, 140),
            ("Replay", self.replay_deal, 120),
            ("Stats", self.open_stats, 110),
            ("Menu", self.open_menu, 110),
        ]
        self.widgets = WidgetGroup()
        for label, fn, w in items:
            self.widgets.add(Button((x, y, w, h), label, fn, size=19))
            x += w + 10
        self.finish_button = Button(
            (PILE_POS[0] - 75, PILE_POS[1] + 100, 150, 50), "Finish", self.finish, primary=True, size=20
        )
        self.finish_button.visible = v.last_draw_done and v.phase.value != "over" and self._has(Kind.FINISH)
        self.widgets.add(self.finish_button)

    def _has(self, kind: Kind) -> bool:
        return any(a.kind is kind for a in self.legal)

    # -- actions ------------------------------------------------------------------------------
    def _act(self, action: SolitaireAction, from_redo: bool = False) -> bool:
        if self.busy():
            self.animator.finish_all()
            self._settle_flights()
        ok = self.submit(action)
        if ok and not from_redo:
            self.redo.clear()
        return ok

    def draw_tile(self) -> None:
        draw = next((a for a in self.legal if a.kind is Kind.DRAW), None)
        if draw is None:
            if self.view.last_draw_done:
                self.app.toast("The pile is empty")
            else:
                self.app.toast("Strict rule: a possible move must be made before drawing")
            return
        self._act(draw)

    def finish(self) -> None:
        action = next((a for a in self.legal if a.kind is Kind.FINISH), None)
        if action is not None:
            self._act(action)

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
            self.animator.finish_all()
            self.refresh()
            self.bind()
        elif self.match.undo_point(0, cross_irreversible=True) is not None:
            self.app.toast("A draw cannot be taken back (only in practice games, set up with Practice on)")
        else:
            self.app.toast("Nothing to undo")

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
        if h.action is None:
            return
        if h.action.kind is Kind.MOVE:
            self.hint_glow = {f"stack{h.action.src}", f"stack{h.action.dst}"}
        elif h.action.kind is Kind.DRAW:
            self.hint_glow = {"pile"}
        else:
            self.hint_glow = {"finish"}

    LESSON_BOX = (60, 560, 560, 0)  # a lesson's words: below the first rows of the line

    def lesson_target(self, target):
        """A lesson points at the pile, or at the stack to move and then where it goes."""
        if target[0] == "pile":
            return pygame.Rect(self.geo.pile_rect())
        _, src, dst = target
        return pygame.Rect(self.geo.rect(dst if self.selected == src else src))

    def coach_anchor(self) -> tuple[float, float, float]:
        return (1560, 790, 560)  # the hint's note: bottom right of the felt, above the help line

    def toggle_winnable(self) -> None:
        SolitaireTable.show_winnable = not SolitaireTable.show_winnable
        self._winnable = (-1, None, "")

    def new_deal(self) -> None:
        from scenes.core import new_seed

        options = dict(self.match.config.options)
        options["deal"] = -1
        config = self.rules.make_config(1, **options)
        self.app.replace(
            SolitaireTable(Match(self.rules, config, new_seed(), self.match.seats), self.controller.store)
        )

    def replay_deal(self) -> None:
        options = dict(self.match.config.options)
        options["deal"] = self.view.deal
        config = self.rules.make_config(1, **options)
        self.app.replace(
            SolitaireTable(
                Match(self.rules, config, self.match.seed, self.match.seats), self.controller.store
            )
        )

    def open_stats(self) -> None:
        self.app.push(StatisticsScene(self.view.variant.value, self.view.difficulty.value, self.practice))

    def rematch(self) -> None:
        self.new_deal()

    # -- input --------------------------------------------------------------------------------
    def _stack_at(self, pos) -> int | None:
        for i in range(len(self.view.line)):
            if self.geo.rect(i).inflate(8, 8).collidepoint(pos):
                return i
        return None

    def _targets(self, src: int) -> dict[int, SolitaireAction]:
        return {a.dst: a for a in self.legal if a.kind is Kind.MOVE and a.src == src}

    def handle_table(self, event: pygame.event.Event) -> bool:
        if self.match.over:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_SPACE, pygame.K_d):
                self.draw_tile()
                return True
            if event.key == pygame.K_h:
                self.show_hint()
                return True
            if event.key == pygame.K_w:
                self.toggle_winnable()
                return True
            if event.key == pygame.K_f:
                self.finish()
                return True
            if event.key == pygame.K_u or (event.key == pygame.K_y and event.mod & pygame.KMOD_CTRL):
                (self.undo if event.key == pygame.K_u else self.redo_action)()
                return True
            if event.key == pygame.K_n:
                self.new_deal()
                return True
        if event.type == pygame.MOUSEMOTION:
            if self.drag is not None:
                self.drag["pos"] = event.pos
                if math.dist(event.pos, self.drag["start"]) > DRAG_THRESHOLD:
                    self.drag["moved"] = True
            self.hover = self._stack_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.geo.pile_rect().inflate(10, 10).collidepoint(event.pos):
                self.draw_tile()
                return True
            i = self._stack_at(event.pos)
            if i is not None:
                if self.selected is not None and i in self._targets(self.selected):
                    action = self._targets(self.selected)[i]
                    self.selected = None
                    self._act(action)
                    return True
                cx, cy = self.geo.centre(i)
                self.drag = {
                    "src": i,
                    "start": event.pos,
                    "pos": event.pos,
                    "grab": (event.pos[0] - cx, event.pos[1] - cy),
                    "moved": False,
                }
                return True
            self.selected = None
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            src = drag["src"]
            targets = self._targets(src)
            if drag["moved"]:
                dst = self._drop_target(event.pos, targets)
                if dst is not None:
                    gx, gy = drag["grab"]
                    self.drag_release = (event.pos[0] - gx, event.pos[1] - gy)
                    self._act(targets[dst])
                elif targets:
                    self.app.sound.play("click")
                else:
                    self._explain(src)
                return True
            # a click: select the stack (its targets light up), or explain why it cannot move
            if not targets:
                self._explain(src)
                self.selected = None
            else:
                self.selected = src
            return True
        return False

    def _drop_target(self, pos, targets: dict[int, SolitaireAction]) -> int | None:
        best, best_d = None, 1e9
        for dst in targets:
            d = math.dist(pos, self.geo.centre(dst))
            if d < best_d and d < self.geo.size[1]:
                best, best_d = dst, d
        return best

    def _explain(self, src: int) -> None:
        v: SolitaireView = self.view
        tops = v.tops
        options = [d for d in (src - 1, src - 3) if d >= 0]
        if not options:
            self.app.toast("This stack has no stack one or three places to its left")
        elif v.difficulty.value == "strict" and any(a.kind is Kind.MOVE for a in self.legal):
            self.app.toast("Strict rule: only the nearest matches may move now")
        else:
            names = " or ".join(piece_name(tops[d], v.variant) for d in options)
            self.app.toast(f"{piece_name(tops[src], v.variant).capitalize()} matches neither {names}")

    # -- events -------------------------------------------------------------------------------
    def on_step(self, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        self.hint_glow = set()
        self.selected = None
        self.finish_button.visible = (
            self.view.last_draw_done and not self.match.over and self._has(Kind.FINISH)
        )
        for ev in events:
            d = ev.data
            if ev.kind == "draw":
                self.app.sound.play("card")
                tween = self.animator.add(theme.SLIDE)
                self.hide[d["to"]] = 1
                self.flights.append((d["tile"], 0, PILE_POS, d["to"], tween, True))
                tween.on_done = self._settle_flights
            elif ev.kind == "move":
                self.app.sound.play("card")
                src, dst, count = d["from"], d["to"], d["count"]
                tween = self.animator.add(theme.SLIDE)
                self.hide[dst] = count
                start = self.geo.centre(src)
                if self.drag_release is not None:
                    start = self.drag_release
                self.flights.append((d["tile"], count - 1, start, dst, tween, False))
                tween.on_done = self._settle_flights
                # the stacks right of the gap close up
                for i in range(src, d["stacks"]):
                    ox, oy = self.geo.centre(i + 1)
                    nx, ny = self.geo.centre(i)
                    self.shift[i] = (
                        ox - nx,
                        oy - ny,
                        self.animator.add(theme.SLIDE, delay=theme.SLIDE * 0.4),
                    )
            elif ev.kind == "end":
                if d["result"] == "full":
                    self._start_cascade()
        self.drag_release = None
        self._winnable = (-1, None, "")

    drag_release: tuple[float, float] | None = None

    def _settle_flights(self) -> None:
        self.flights = [f for f in self.flights if not f[4].done]
        if not self.flights:
            self.hide = {}

    def _start_cascade(self) -> None:
        """The win: every piece springs from the tower and tumbles off the table."""
        if self.app.anim_speed == 0:
            return
        rng = Rng(self.match.seed)
        cx, cy = self.geo.centre(0)
        for code in self.view.line[0]:
            self.particles.append(
                [code, cx, cy, (rng.random() - 0.5) * 900, -500 - rng.random() * 500, rng.random() * 1.2]
            )

    # -- frame --------------------------------------------------------------------------------
    def needs_frames(self) -> bool:
        return self.busy() or bool(self.particles) or self.drag is not None

    def next_wake(self) -> float | None:
        pending = self._winnable[1] is not None and SolitaireTable.show_winnable
        return 0.0 if pending and self._winnable[1].done() else super().next_wake()

    def update_table(self, dt: float) -> None:
        if self.flights:  # at instant speed a tween ends before its flight is listed: settle here
            self._settle_flights()
        alive = []
        for p in self.particles:
            p[5] -= dt
            if p[5] > 0:
                alive.append(p)
                continue
            p[1] += p[3] * dt
            p[2] += p[4] * dt
            p[4] += 1400 * dt
            if p[2] < theme.LOGICAL_H + 200:
                alive.append(p)
        self.particles = alive
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

    def draw_table(self, canvas: Canvas) -> None:
        v: SolitaireView = self.view
        geo = self.geo
        drag_src = self.drag["src"] if self.drag and self.drag["moved"] else None
        line_still = not self.shift  # no stack sliding: the line goes into the still layer
        key = (
            v,
            self.legal,
            self.match.over,
            tuple(sorted(self.hide.items())),
            self.selected,
            self.hover if self.drag is None else None,
            drag_src,
            tuple(sorted(self.hint_glow)),
            self.finish_button.visible,
            line_still,
        )
        if not hasattr(self, "still"):
            self.still = StaticLayer()
        self.still.draw(canvas, key, lambda c: self._draw_still(c, v, drag_src, line_still))
        if not line_still:
            self._draw_line(canvas, v, drag_src)
        # pieces in flight
        for code, depth, start, dst, tween, flip in self.flights:
            if tween.done:
                continue
            pos = lerp2(start, geo.centre(dst), tween.t)
            face = code if (not flip or tween.t > 0.5) else None
            draw_piece(canvas, geo, face, pos, lift=10 * math.sin(math.pi * tween.t), depth=depth)
        # the stack being dragged
        if drag_src is not None:
            gx, gy = self.drag["grab"]
            px, py = self.drag["pos"]
            stack = v.line[drag_src]
            draw_piece(canvas, geo, stack[-1], (px - gx, py - gy), lift=14, depth=len(stack) - 1)
        for code, x, y, _, _, delay in self.particles:
            if delay <= 0:
                draw_piece(canvas, geo, code, (x, y), lift=0)
        self._draw_status(canvas, v)

    def _draw_still(self, canvas: Canvas, v: SolitaireView, drag_src: int | None, line: bool) -> None:
        """The table, the bar, the pile and (unless a stack slides) the line at rest."""
        canvas.table(felt=pygame.Rect(30, 110, 1540, 760))
        geo = self.geo
        self._draw_bar(canvas, v)
        # the pile
        pile = geo.pile_rect()
        if v.pile_size:
            can_draw = self._has(Kind.DRAW) and not self.match.over
            draw_piece(
                canvas,
                geo,
                None,
                PILE_POS,
                depth=min(v.pile_size - 1, 5),
                glow="pile" in self.hint_glow,
                dim=not can_draw,
            )
        else:
            canvas.fill_rect(theme.FELT_DARK, pile, radius=10)
            canvas.fill_rect(theme.GOLD_DARK, pile, radius=10, width=1)
        canvas.text(
            f"{v.pile_size} left" if v.pile_size else "pile empty",
            (PILE_POS[0], pile.bottom + 22),
            19,
            theme.PAPER,
            anchor="midtop",
        )
        if "finish" in self.hint_glow and self.finish_button.visible:
            canvas.glow(self.finish_button.rect)
        if line:
            self._draw_line(canvas, v, drag_src)

    def _draw_line(self, canvas: Canvas, v: SolitaireView, drag_src: int | None) -> None:
        geo = self.geo
        focus = drag_src if drag_src is not None else self.selected
        targets = set(self._targets(focus)) if focus is not None else set()
        movable = {a.src for a in self.legal if a.kind is Kind.MOVE}
        for i, stack in enumerate(v.line):
            hidden = self.hide.get(i, 0)
            shown = stack[: len(stack) - hidden] if hidden else stack
            if i == drag_src:
                canvas.fill_rect((0, 0, 0, 40), geo.rect(i), radius=10)
                continue
            if not shown:
                continue
            cx, cy = geo.centre(i)
            if i in self.shift:
                dx, dy, tween = self.shift[i]
                if tween.done:
                    del self.shift[i]
                else:
                    cx, cy = cx + dx * (1 - tween.t), cy + dy * (1 - tween.t)
            glow = i in targets or f"stack{i}" in self.hint_glow or i == self.selected
            lift = 8 if (i == self.hover and i in movable and self.drag is None) else 0
            draw_piece(canvas, geo, shown[-1], (cx, cy), lift=lift, depth=len(shown) - 1, glow=glow)
            if len(shown) > 1:
                r = geo.rect(i)
                canvas.circle(theme.INK, (r.right - 4, r.y + 4), 13)
                canvas.text(
                    str(len(shown)),
                    (r.right - 4, r.y + 4),
                    15,
                    theme.WHITE,
                    role="sans_bold",
                    anchor="center",
                )

    def _draw_bar(self, canvas: Canvas, v: SolitaireView) -> None:
        name = "Tower of Babel" if v.variant is Variant.TILES else "Accordion"
        canvas.text(name, (40, TOP_BAR_Y + 2), 40, theme.GOLD, role="title_bold")
        mode = "strict rules" if v.difficulty.value == "strict" else "standard rules"
        if self.practice:
            mode += "  ·  practice"
        canvas.text(f"Deal {v.deal}  ·  {mode}", (44, TOP_BAR_Y + 56), 18, theme.PAPER, max_width=500)

    def _draw_status(self, canvas: Canvas, v: SolitaireView) -> None:
        n = len(v.line)
        parts = [f"{n} stack" if n == 1 else f"{n} stacks", f"{self.match.ply} moves"]
        if SolitaireTable.show_winnable and not self.match.over:
            parts.append(self._winnable[2])
        if self.practice:
            parts.append("practice game: undo takes back draws, counted apart in the statistics")
        text = "  ·  ".join(p for p in parts if p)
        canvas.text(text, (800, 842), 20, theme.PAPER, anchor="center", max_width=1400)
        if not self.match.over and not self.match.log:
            canvas.text(
                "Draw with a click on the pile or Space; drag a stack onto a match one or three places to "
                "its left (or click it, then its target). H hint, U undo.",
                (800, 806),
                17,
                theme.PAPER_DARK,
                anchor="center",
                max_width=1450,
            )

    # -- the end ------------------------------------------------------------------------------
    def on_game_over(self) -> None:
        v: SolitaireView = self.view
        if not self.recorded and self.match.log and self.lesson is None:  # lessons are not counted
            self.recorded = True
            try:
                store = StatsStore.load()
                self.stats_record = store.record(
                    v.variant.value, v.difficulty.value, len(v.line), practice=self.practice
                )
                if store.recovered_from is not None:
                    self.app.toast(
                        f"The statistics file was damaged; it was kept as {store.recovered_from.name}"
                    )
            except OSError as exc:
                self.app.toast(f"Could not save statistics: {exc.strerror or exc}")
        self.app.sound.play("win" if len(v.line) <= 3 else "click")
        cx, y = theme.LOGICAL_W / 2, theme.LOGICAL_H / 2 + 150
        self.end_widgets = WidgetGroup(
            [
                Button((cx - 400, y, 190, 56), "New deal", self.new_deal, hotkey=pygame.K_n, primary=True),
                Button((cx - 195, y, 190, 56), "Replay deal", self.replay_deal, hotkey=pygame.K_r),
                Button((cx + 5, y, 190, 56), "Analysis", self.open_analysis, hotkey=pygame.K_a),
                Button((cx + 210, y, 190, 56), "Main menu", self.to_menu, hotkey=pygame.K_m),
            ]
        )

    def open_analysis(self) -> None:
        self.app.push(AnalysisScene(self.match))

    def result_title(self) -> str:
        stacks = len(self.view.line)
        if stacks == 1:
            return "Full win: one tower!"
        if stacks <= 3:
            return f"Partial win: {stacks} stacks"
        return f"{stacks} stacks: not this time"

    def result_lines(self) -> list[str]:
        lines = [f"Deal {self.view.deal} in {self.match.ply} moves."]
        rec = self.stats_record
        if rec is not None:
            lines.append(
                ("Practice games: " if self.practice else "")
                + f"Played {rec.played}  ·  full wins {rec.full_wins}  ·  partial wins {rec.partial_wins}"
                f"  ·  win streak {rec.win_streak} (best {rec.best_win_streak})"
            )
        lines.append("Analysis shows the best line for this deal.")
        return lines


class AnalysisScene(Scene):
    """After the game: the real deal solved, replayable step by step from the start."""

    def __init__(self, played: Match) -> None:
        self.played = played
        self.rules_game = "solitaire"
        self.analysis: hints.Analysis | None = None
        self.future: Future | None = None
        self.step = 0
        self.animator = Animator(speed=0)
        self.widgets = WidgetGroup()
        self.playing = False
        self._timer = 0.0

    def enter(self) -> None:
        self.future = bot_executor().submit(hints.analyse_match, self.played)
        self.future.add_done_callback(lambda _f: wake())
        self.replay = Match(self.played.rules, self.played.config, self.played.seed, self.played.seats)
        self.geo = Geometry(self.replay.view(0).variant)
        cx = theme.LOGICAL_W / 2
        self.widgets = WidgetGroup(
            [
                Button(
                    (cx - 430, 820, 160, 52), "Start", lambda: self.goto(0), hotkey=pygame.K_HOME, size=20
                ),
                Button(
                    (cx - 260, 820, 160, 52),
                    "◀ Back",
                    lambda: self.goto(self.step - 1),
                    hotkey=pygame.K_LEFT,
                    size=20,
                ),
                Button(
                    (cx - 90, 820, 180, 52),
                    "Play",
                    self.toggle_play,
                    hotkey=pygame.K_SPACE,
                    primary=True,
                    size=20,
                ),
                Button(
                    (cx + 100, 820, 160, 52),
                    "Next ▶",
                    lambda: self.goto(self.step + 1),
                    hotkey=pygame.K_RIGHT,
                    size=20,
                ),
                Button((cx + 270, 820, 160, 52), "Close", self.dismiss, size=20),
            ]
        )

    def toggle_play(self) -> None:
        self.playing = not self.playing

    def goto(self, step: int) -> None:
        if self.analysis is None:
            return
        step = max(0, min(len(self.analysis.line), step))
        if step < self.step:
            self.replay = Match(self.played.rules, self.played.config, self.played.seed, self.played.seats)
            self.step = 0
        while self.step < step:
            self.replay.submit_text(0, self.analysis.line[self.step])
            self.step += 1

    def needs_frames(self) -> bool:
        return self.playing

    def next_wake(self) -> float | None:  # the analysis ready on its thread (it also wakes the loop)
        return 0.0 if self.analysis is None and self.future is not None and self.future.done() else None

    def update(self, dt: float) -> None:
        if self.analysis is None and self.future is not None and self.future.done():
            self.analysis = self.future.result()
        if self.playing and self.analysis is not None:
            self._timer += dt
            if self._timer > 0.5:
                self._timer = 0.0
                if self.step >= len(self.analysis.line):
                    self.playing = False
                else:
                    self.goto(self.step + 1)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.dismiss()
            return True
        return self.widgets.handle(event) or True

    def draw(self, canvas: Canvas) -> None:
        canvas.table(felt=pygame.Rect(30, 110, 1540, 690))
        canvas.text("Analysis", (40, 22), 40, theme.GOLD, role="title_bold")
        if self.analysis is None:
            canvas.text("Solving the deal…", (800, 450), 30, theme.WHITE, anchor="center")
            self.widgets.draw(canvas, self.app.mouse)
            return
        paper(canvas, (300, 18, 1270, 84))
        lines = assets.wrap(
            self.analysis.text, "sans", max(6, round(18 * canvas.scale)), round(1230 * canvas.scale)
        )
        for i, line in enumerate(lines[:3]):
            canvas.text(line, (320, 28 + i * 24), 18, theme.INK, max_width=1230)
        v = self.replay.view(0)
        total = len(self.analysis.line)
        upcoming = (
            self.replay.rules.parse_action(self.analysis.line[self.step]) if self.step < total else None
        )
        lit = {upcoming.src, upcoming.dst} if upcoming is not None and upcoming.kind is Kind.MOVE else set()
        for i, stack in enumerate(v.line):
            draw_piece(canvas, self.geo, stack[-1], self.geo.centre(i), depth=len(stack) - 1, glow=i in lit)
        if v.pile_size:
            draw_piece(
                canvas,
                self.geo,
                None,
                PILE_POS,
                depth=min(v.pile_size - 1, 5),
                glow=upcoming is not None and upcoming.kind is Kind.DRAW,
            )
        canvas.text(
            f"{v.pile_size} left",
            (PILE_POS[0], self.geo.pile_rect().bottom + 22),
            19,
            theme.PAPER,
            anchor="midtop",
        )
        nxt = self.analysis.line[self.step] if self.step < total else "the end"
        canvas.text(
            f"Step {self.step} of {total}  ·  next: {nxt}  ·  {len(v.line)} stacks",
            (800, 780),
            20,
            theme.PAPER,
            anchor="center",
        )
        self.widgets.widgets[2].label = "Pause" if self.playing else "Play"
        self.widgets.draw(canvas, self.app.mouse)


class StatisticsScene(Screen):
    """Games played, wins, streaks and the distribution of stacks left, per variant."""

    KEYS = (("tiles", "standard"), ("tiles", "strict"), ("cards", "standard"), ("cards", "strict"))

    def __init__(self, variant: str = "tiles", difficulty: str = "standard", practice: bool = False) -> None:
        self.selected = (variant, difficulty)
        self.practice = practice  # practice games (undo past draws) are shown apart
        self.rules_game = "solitaire"
        self.widgets = WidgetGroup()

    def enter(self) -> None:
        self.store = StatsStore.load()
        if self.store.recovered_from is not None:
            self.app.toast(
                f"The statistics file was damaged; it was kept as {self.store.recovered_from.name}"
            )
        elif self.store.problem is not None:
            self.app.toast(self.store.problem)
        self.widgets = WidgetGroup(
            [Button((theme.LOGICAL_W / 2 - 120, 800, 240, 56), "Back", self.dismiss, primary=True)]
        )
        for i, key in enumerate(self.KEYS):
            self.widgets.add(
                Button(
                    (150 + i * 330, 130, 310, 50), self._label(key), lambda k=key: self._select(k), size=19
                )
            )
        self.practice_button = self.widgets.add(
            Button((1090, 800, 300, 56), self._practice_label(), self._toggle_practice, size=19)
        )

    @staticmethod
    def _label(key) -> str:
        return ("Tiles" if key[0] == "tiles" else "Accordion") + (" · strict" if key[1] == "strict" else "")

    def _select(self, key) -> None:
        self.selected = key

    def _toggle_practice(self) -> None:
        self.practice = not self.practice
        self.practice_button.label = self._practice_label()

    def _practice_label(self) -> str:
        return "Show counted games" if self.practice else "Show practice games"

    def draw(self, canvas: Canvas) -> None:
        canvas.table()
        panel(canvas, (100, 40, 1400, 840), title="Solitaire statistics")
        rec = self.store.get(*self.selected, practice=self.practice)
        note = (
            "Practice games: undo could take back draws, so they are counted apart from the others."
            if self.practice
            else "Games played with Practice on (undo past draws) are counted apart: see practice games."
        )
        canvas.text(note, (800, 200), 18, theme.PAPER, anchor="center", max_width=1300)
        for w in self.widgets.widgets[1:5]:
            if w.label == self._label(self.selected):
                canvas.glow(w.rect)
        rows = [
            ("Games played", rec.played),
            ("Full wins", rec.full_wins),
            ("Partial wins", rec.partial_wins),
            ("Losses", rec.losses),
            (
                "Win rate",
                f"{100 * (rec.full_wins + rec.partial_wins) / rec.played:.0f} %" if rec.played else "–",
            ),
            ("Current win streak", rec.win_streak),
            ("Best win streak", rec.best_win_streak),
            ("Best full-win streak", rec.best_full_streak),
        ]
        y = 230
        for label, value in rows:
            canvas.text(label, (170, y), 24, theme.BUTTON_TEXT)
            canvas.text(str(value), (620, y), 24, theme.WHITE, role="sans_bold", anchor="topright")
            y += 50
        # distribution of stacks left
        canvas.text("Stacks left", (760, 230), 24, theme.GOLD, role="title_bold")
        dist = rec.stacks_left
        if not dist:
            canvas.text("No finished games yet.", (760, 290), 20, theme.PAPER)
            self.widgets.draw(canvas, self.app.mouse)
            return
        top = max(dist.values())
        keys = list(range(1, max(dist) + 1))
        bar_w = min(60, 640 / len(keys))
        base_y = 700
        for i, k in enumerate(keys):
            n = dist.get(k, 0)
            h = 380 * n / top if top else 0
            x = 770 + i * bar_w
            colour = theme.GREEN if k == 1 else theme.GOLD if k <= 3 else theme.RED
            if h:
                canvas.fill_rect(colour, (x, base_y - h, bar_w - 6, h), radius=4)
                canvas.text(str(n), (x + (bar_w - 6) / 2, base_y - h - 24), 15, theme.WHITE, anchor="midtop")
            if len(keys) <= 26 or k % 2 == 1:
                canvas.text(str(k), (x + (bar_w - 6) / 2, base_y + 6), 15, theme.PAPER, anchor="midtop")
        self.widgets.draw(canvas, self.app.mouse)
