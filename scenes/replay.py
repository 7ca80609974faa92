"""Replay a finished game on its own table: step back and forward, jump, play at speed, and
choose whose view to watch.

The replay shows the game's real table (``scenes.tables``) in watch-only mode: the controller
offers no legal actions, moves no bots and hands nothing over, and the screen shows exactly one
seat's view (``Rules.view``), or the public one, at every position. A step forward applies the
next logged action to the table's match, so its animations and Babel On!'s physics play as they
did; a step back or a jump builds the table afresh at that position from the states the full
replay kept (no replaying from the start). The table's own buttons, lesson and end panel are not
shown; its log scrolls as at the live table.
"""

from __future__ import annotations

import time
from typing import Any

import pygame

from babel.core import saves
from babel.core.jsonfile import write_json_atomic
from babel.core.match import SCREEN, Match
from scenes import routes, theme
from scenes.canvas import Canvas
from scenes.core import Scene
from scenes.widgets.basic import Button, Stepper, WidgetGroup, panel

SPEEDS = (1, 2, 4, 8)
STEP_PAUSE = 1.0  # seconds between moves at 1x, after the move's animation ended
STRIDE = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}  # Shift with these: a tenth of the game
MOVER = "mover"  # the perspective that follows the player to move
TOLD = "_told"  # what a table remembers having told its viewer (Builders: the role note)
BAR = pygame.Rect(theme.LOGICAL_W / 2 - 560, 4, 1120, 118)


def watch_seats(match_seats) -> tuple:
    """The seats as a replay needs them: a seat once played on a phone is shown at the screen
    (no phone server starts); names, levels and colours stay."""
    return tuple(s.placed(SCREEN) if s.device else s for s in match_seats)


class ReplayScene(Scene):
    """A finished game's record replayed from ``perspective`` (a seat, or None for the public
    view), starting after ``ply`` actions."""

    def __init__(self, record: saves.SaveRecord, perspective: int | str | None = None, ply: int = 0) -> None:
        self.record = record
        self.perspective = perspective
        self.start_ply = ply
        self.ply = 0
        self.full: Match | None = None
        self.table: Any = None
        self.playing = False
        self.speed = 1
        self.wait = 0.0
        self.widgets = WidgetGroup()
        self.rules_game = record.game

    # -- building ---------------------------------------------------------------------------------
    def enter(self) -> None:
        try:
            rules, config = saves.precheck(self.record)
            self.full = Match.replay(rules, config, self.record.seed, watch_seats(self.record.seats), self.record.actions)
        except Exception as exc:  # a file from elsewhere: any fault is a message, never a crash
            self.app.toast(f"This game cannot be replayed: {str(exc)[:140]}")
            self.app.pop()
            return
        if self.perspective not in (None, MOVER, *range(len(self.full.seats))):
            self.perspective = None
        self._build_widgets()
        self.show(min(max(0, self.start_ply), self.full.ply))

    def _build_widgets(self) -> None:
        x, y = BAR.x + 14, BAR.y + 10
        w = WidgetGroup()
        for label, action, tip in (
            ("|<", self.to_start, "The start (Home)"),
            ("<", self.back, "One move back (Left; Shift+Left: a tenth of the game)"),
            (">", self.forward, "The next move (Right; Shift+Right: a tenth of the game)"),
            (">|", self.to_end, "The end (End)"),
        ):
            w.add(Button((x, y, 52, 44), label, action, size=20, tooltip=tip))
            x += 58
        self.play_button = w.add(Button((x, y, 96, 44), "Play", self.toggle_play, size=18, primary=True,
                                        tooltip="Play the moves one after another, or pause (Space)"))
        x += 104
        w.add(Stepper((x, y, 150, 44), SPEEDS, self.speed, self._set_speed, label=lambda s: f"{s}x", size=17))
        x += 158
        choices = [None, *range(len(self.full.seats)), MOVER]
        w.add(Stepper((x, y, 300, 44), choices, self.perspective, self.set_perspective, label=self._who, size=17))
        x += 308
        w.add(Button((x, y, 96, 44), "Export", self.export, size=17,
                     tooltip="Keep this game as a file in Saved games, to open on another computer"))
        x += 104
        self.review_button = w.add(Button((x, y, 96, 44), "Review", self.open_review, size=17,
                                          tooltip="The coach's review of this seat's moves"))
        x += 104
        w.add(Button((x, y, BAR.right - 14 - x, 44), "Close", self.dismiss, size=17))
        w.focus.arrows = False  # Left and Right step through the game
        self.widgets = w

    def _who(self, seat: int | str | None) -> str:
        if seat is None:
            return "Seen by: the table (public)"
        if seat == MOVER:
            return "Seen by: each player to move"
        s = self.full.seats[seat]
        return f"Seen by: {s.name}" + (f" ({s.bot})" if s.bot else "")

    def show(self, ply: int) -> None:
        """The table standing after ``ply`` actions, built afresh (no animation)."""
        from scenes.tables import table_for

        told = None
        if self.table is not None:
            self.table.exit()
            if self.table.viewer == self.viewer_at(ply):
                told = getattr(self.table, TOLD, None)
        table = table_for(self.record.game)(self.full.at_ply(ply), None)
        if told is not None:  # a note the viewer already closed (a role) does not open again
            setattr(table, TOLD, dict(told))
        table.controller.watch_only = True
        table.controller.viewer = self.viewer_at(ply)
        table.TOOLS_ROW = None  # no Undo or Hint in a replay
        table.MENU_ROW = None  # the replay's bar stands in for Menu and Rules
        table.app = self.app
        table.enter()
        self.table, self.ply = table, ply
        self.app.redraw()

    def viewer_at(self, ply: int) -> int | None:
        """Whose view the table shows after ``ply`` actions: the chosen seat, or in the
        each-player-to-move choice the seat that makes the next move (the public view at the end)."""
        if self.perspective != MOVER:
            return self.perspective
        return self.full.log[ply].seat if ply < self.full.ply else None

    # -- moving through the game ------------------------------------------------------------------
    def forward(self) -> None:
        """The next move, played on the table with its animation (following the player to move,
        the table is built again for the next one's view instead)."""
        if self.ply >= self.full.ply:
            self.playing = False
            return
        if self.perspective == MOVER:
            self.show(self.ply + 1)
            return
        if self.table.busy():
            self.table.animator.finish_all()
        entry = self.full.log[self.ply]
        action = self.full.rules.parse_action(entry.text)
        step = self.table.match.submit(entry.seat, action)  # the controller takes no moves here
        self.table._after_step(entry.seat, action, step.events)
        self.ply += 1
        self.app.redraw()

    def back(self) -> None:
        self.playing = False
        if self.ply > 0:
            self.show(self.ply - 1)

    def to_start(self) -> None:
        self.playing = False
        self.show(0)

    def to_end(self) -> None:
        self.playing = False
        self.show(self.full.ply)

    def jump(self, ply: int) -> None:
        self.playing = False
        self.show(min(max(0, ply), self.full.ply))

    def toggle_play(self) -> None:
        if not self.playing and self.ply >= self.full.ply:
            self.show(0)
        self.playing = not self.playing
        self.wait = 0.0

    def _set_speed(self, speed: int) -> None:
        self.speed = speed

    def set_perspective(self, seat: int | str | None) -> None:
        """Watch from ``seat``'s view (None: the public view; MOVER: each player to move in
        turn); the table is built again, so its log and sprites hold only what that seat saw."""
        self.perspective = seat
        self.show(self.ply)

    def open_review(self) -> None:
        """The coach's review of the watched seat (a person's seat: the coach reviews people)."""
        people = [i for i, s in enumerate(self.full.seats) if s.bot is None]
        if self.perspective not in people:
            self.app.toast("Watch from a person's seat to see the coach's review of their moves")
            return
        self.app.push(routes.make(routes.REVIEW, self.record, self.perspective, people))

    def export(self) -> None:
        """Keep the record as a named save (a finished game there opens as this replay)."""
        store = saves.SaveStore()
        title = self.full.rules.info.title
        name = f"{title} {time.strftime('%Y-%m-%d %H%M')}"
        path = store.path_for(name)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_json_atomic(path, {**self.record.to_json(), "label": name})
        except OSError as exc:
            self.app.toast(f"The game cannot be exported ({exc.strerror or exc})")
            return
        self.app.toast(f"Kept in Saved games as '{name}' (the file {path.name} opens on any computer)")

    # -- the frame ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.table is None:
            return
        self.table.animator.update(dt)
        self.table.update_table(dt)
        if self.playing and not self.table.busy():
            self.wait += dt
            if self.wait >= STEP_PAUSE / self.speed:
                self.wait = 0.0
                self.forward()
        self.play_button.label = "Pause" if self.playing else "Play"

    def needs_frames(self) -> bool:
        return self.table is not None and (self.table.busy() or self.playing)

    def handle(self, event: pygame.event.Event) -> bool:
        """The bar's buttons and keys first; everything else goes to the table, whose
        controller refuses every move in a replay (its notes, log, timeline and views work)."""
        if self.widgets.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_SHIFT and event.key in STRIDE:
            self.jump(self.ply + STRIDE[event.key] * max(1, round(self.full.ply / 10)))  # as a click on
            return True  # the timeline: a tenth of the game at a time
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_ESCAPE: self.dismiss, pygame.K_LEFT: self.back, pygame.K_RIGHT: self.forward,
                    pygame.K_HOME: self.to_start, pygame.K_END: self.to_end, pygame.K_SPACE: self.toggle_play}
            if event.key in keys:
                keys[event.key]()
                return True
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                return True  # nothing to take back in a replay
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.timeline().collidepoint(event.pos):
            self.jump(self.ply_at(event.pos[0]))
            return True
        if self.table is not None and not (hasattr(event, "pos") and BAR.collidepoint(event.pos)):
            self.table.handle(event)
        return True

    def timeline(self) -> pygame.Rect:
        return pygame.Rect(BAR.x + 24, BAR.bottom - 28, BAR.w - 48, 16)

    def ply_at(self, x: float) -> int:
        r = self.timeline()
        return round((x - r.x) / max(1, r.w) * self.full.ply)

    def draw(self, canvas: Canvas) -> None:
        if self.table is None:
            canvas.table()
            return
        self.table.draw(canvas)
        panel(canvas, BAR, alpha=238)
        self._draw_timeline(canvas)
        self.widgets.draw(canvas, self.app.mouse)  # a focused button's note over the timeline

    def _draw_timeline(self, canvas: Canvas) -> None:
        r = self.timeline()
        total = max(1, self.full.ply)
        canvas.fill_rect((32, 24, 18), r, radius=8)
        canvas.fill_rect(theme.GOLD_DARK, (r.x, r.y, r.w * self.ply / total, r.h), radius=8)
        canvas.circle(theme.GOLD, (r.x + r.w * self.ply / total, r.centery), 10)
        mover = self.full.seats[self.full.log[self.ply - 1].seat].name if self.ply else ""
        where = f"Move {self.ply} of {self.full.ply}" + (f" · {mover}" if mover else " · the start")
        if self.ply == self.full.ply:
            outcome = self.full.outcome()
            where += f" · {outcome.summary}" if outcome is not None and outcome.summary else " · the end"
        canvas.text(where, (BAR.centerx, BAR.y + 60), 17, theme.WHITE, anchor="midtop", max_width=BAR.w - 40)
        mouse = self.app.mouse
        if r.inflate(0, 16).collidepoint(mouse):
            ply = self.ply_at(mouse[0])
            who = self.full.seats[self.full.log[ply - 1].seat].name if ply else "the start"
            tip = f"Move {ply} · {who}"
            tw = canvas.text_size(tip, 16)[0] + 20
            box = pygame.Rect(mouse[0] - tw / 2, r.bottom + 12, tw, 30)
            canvas.fill_rect(theme.PANEL, box, radius=6)
            canvas.text(tip, box.center, 16, theme.GOLD, anchor="center")
