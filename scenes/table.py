"""The machinery every game table shares.

``MatchController`` runs a Match for the screen: it decides which seat the screen belongs to,
asks bots for their moves on a worker thread (so the window stays responsive), paces them so a
person can follow, autosaves after every action, and asks for the privacy curtain whenever the
screen must pass to another human. ``TableScene`` is the base class of the five table scenes:
it owns the controller, the animator, the pause menu, undo and the end-of-game panel, and gives
the game's drawing code only the current seat's view and legal actions, never the state.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pygame

from babel.core.bots import Budget
from babel.core.match import Match
from babel.core.protocol import Event, IllegalAction
from babel.core.saves import SaveStore
from scenes import seat_colours, theme
from scenes.anim import Animator
from scenes.canvas import Canvas
from scenes.core import Scene, wake
from scenes.widgets.basic import Button, WidgetGroup, panel, paper
from scenes.widgets.curtain import PrivacyCurtain

END_DIM = (0, 0, 0, 140)  # the shade over the table behind the end panel
COACH_TEXT, COACH_LINES = 16, 7  # the coach's note: text size and most lines
BOT_TIME_CAP = 2.5  # seconds a bot may think before it must answer with its best so far

_executor: ThreadPoolExecutor | None = None


def _bot_executor() -> ThreadPoolExecutor:
    global _executor
    if _executor is None:
        _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
    return _executor


class MatchController:
    """Drives a match for one screen: viewer seat, bots, pacing, autosave, curtain requests."""

    def __init__(self, match: Match, store: SaveStore | None = None, threaded: bool = True) -> None:
        self.match = match
        self.store = store
        self.threaded = threaded
        humans = [i for i, s in enumerate(match.seats) if s.human]
        self.humans = humans
        # One human: the screen is theirs. Several: nobody's until the first curtain. None: spectators.
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self._future: Future | None = None
        self._bot_seat: int | None = None
        self._bot_ply = -1
        self._wait = 0.0
        self.autosave_failed = False
        self.notify: Callable[[str], None] | None = None

    @property
    def pass_and_play(self) -> bool:
        return len(self.humans) > 1

    def seat_name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def view(self) -> Any:
        return self.match.view(self.viewer)

    def legal(self) -> tuple[Any, ...]:
        if self.viewer is None or self.viewer not in self.match.to_act():
            return ()
        return self.match.legal(self.viewer)

    def handover_needed(self) -> int | None:
        """The human seat the screen must pass to now, or None."""
        if self.match.over or not self.pass_and_play:
            return None
        acting_humans = [s for s in self.match.to_act() if self.match.seats[s].human]
        if not acting_humans or self.viewer in acting_humans:
            return None
        return acting_humans[0]

    def submit(self, seat: int, action: Any):
        step = self.match.submit(seat, action)
        self.autosave()
        return step

    def autosave(self) -> None:
        if self.store is not None:
            try:
                self.store.autosave(self.match)
            except OSError as exc:
                # a full disk must not stop the game; the next action tries again, and the
                # player is told once (``notify`` is set by the table)
                if not self.autosave_failed and self.notify is not None:
                    self.notify(f"The game cannot be autosaved ({exc.strerror or exc}); it goes on unsaved")
                self.autosave_failed = True
            else:
                self.autosave_failed = False

    # -- bots --------------------------------------------------------------------------------
    def bot_to_act(self) -> int | None:
        for seat in self.match.to_act():
            if not self.match.seats[seat].human:
                return seat
        return None

    def poll_bot(self, dt: float, scene_busy: bool, pause: float) -> tuple[int, Any] | None:
        """Advance the bot pipeline; returns (seat, action) when a bot move should be applied now."""
        if self.match.over:
            return None
        seat = self.bot_to_act()
        if seat is None:
            self._future = None
            return None
        if self._future is None or self._bot_seat != seat or self._bot_ply != self.match.ply:
            self._bot_seat, self._bot_ply = seat, self.match.ply
            self._wait = pause
            if self.threaded:
                deadline = time.perf_counter() + BOT_TIME_CAP
                budget = Budget(should_stop=lambda: time.perf_counter() > deadline)
                self._future = _bot_executor().submit(self.match.bot_action, seat, budget)
                self._future.add_done_callback(lambda _f: wake())  # the waiting loop applies it
            else:
                f: Future = Future()
                f.set_result(self.match.bot_action(seat))
                self._future = f
        self._wait -= dt
        if self._wait > 0 or scene_busy or not self._future.done():
            return None
        action = self._future.result()
        self._future = None
        return seat, action

    def bot_due(self) -> float | None:
        """Seconds until ``poll_bot`` has work (0: now), or None while a bot thinks on its thread
        (its finishing wakes the loop) or no bot is to act."""
        if self.match.over or self.bot_to_act() is None:
            return None
        if self._future is None or self._bot_ply != self.match.ply:
            return 0.0
        if self._wait > 0:
            return self._wait
        return 0.0 if self._future.done() else None


class TableScene(Scene):
    """Base class of a game table. Subclasses implement ``bind``, ``on_step``, ``draw_table``
    and ``handle_table``; they read ``self.view`` and ``self.legal`` and call ``self.submit``."""

    def __init__(self, match: Match, store: SaveStore | None = None, threaded: bool = True) -> None:
        self.match = match
        self.rules = match.rules
        self.rules_game = match.rules.info.id
        self.controller = MatchController(match, store, threaded)
        self.controller.notify = lambda message: self.app.toast(message)
        self.animator = Animator()
        self.view: Any = None
        self.legal: tuple[Any, ...] = ()
        self.widgets = WidgetGroup()
        self.end_widgets = WidgetGroup()
        self._curtain_for: int | None = None
        self._end_shown = False
        self.log_lines: list[str] = []
        self.public_copy = False  # True for the stand-in drawn while no seat owns the screen
        self._public: tuple[tuple[int, int], TableScene] | None = None
        self._log_marks: dict[int, int] = {}  # ply -> log_lines length before that ply's action
        self.tool_buttons: dict[str, Button] = {
            "undo": Button(
                (0, 0, 10, 10), "Undo", self.undo, size=17, tooltip="Take back your last move (Ctrl+Z)"
            ),
            "hint": Button(
                (0, 0, 10, 10),
                "Hint",
                self.show_hint,
                size=17,
                tooltip="What the strongest bot would do from your seat, and why",
            ),
        }
        self.lesson: Any = None  # a scenes.tutorials.Lesson when this table is a guided game
        self.coach_note: tuple[str, str] | None = None  # (title, text) shown until the next move
        self._coach_key: tuple | None = None  # the (viewer, legal actions) the note was made for
        self._coach_job: Future | None = None

    # -- seat binding ----------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        return self.controller.viewer

    def refresh(self) -> None:
        """Re-read the viewer's view and legal actions from the match."""
        self.view = self.controller.view()
        self.legal = self.controller.legal()
        if self._coach_key != self._coach_position():
            self.drop_hint()  # advice is for one seat and one choice: a move or handover ends it
        if hasattr(self, "app"):
            self.app.redraw()

    def set_viewer(self, seat: int | None) -> None:
        """Hand the screen to ``seat`` (None: to nobody). What was said to the previous seat is
        taken off the screen with it, so a refusal never shows over the curtain or to the next
        player."""
        if seat != self.controller.viewer:
            self.app.drop_toasts(self.toast_owner())
        self.controller.viewer = seat
        self.refresh()

    def toast_owner(self) -> Any:
        """Who a toast raised now belongs to: the seat that owns a shared screen, else nobody."""
        if self.public_copy or not self.controller.pass_and_play or self.viewer is None:
            return None
        return (id(self), self.viewer)

    def between_seats(self) -> bool:
        """True while no seat owns the screen of a pass-and-play game with secrets: the curtain
        is up or due, or an overlay (game menu, rules, settings) covers a moment that belongs
        to nobody. The table is then drawn only from the public view."""
        c = self.controller
        if self.public_copy or not c.pass_and_play or c.viewer is not None or self.match.over:
            return False
        if not self.rules.info.has_secrets:
            return False
        if self._curtain_for is not None or self.app.top is not self:
            return True
        return not self.busy() and c.handover_needed() is not None

    def public_table(self) -> TableScene:
        """A copy of this table that has only ever seen the public view (view(state, None)):
        no sprite, selection, log line or seat rotation of the last player can be in it."""
        key = (self.match.ply, len(self.match.events))
        if self._public is None or self._public[0] != key:
            copy = type(self)(self.match, None, threaded=False)
            copy.public_copy = True
            copy.controller.viewer = None
            copy.app = self.app
            copy.enter()
            self._public = (key, copy)
        return self._public[1]

    def enter(self) -> None:
        seat_colours.activate(self.rules_game, self.match.seats)
        self.animator.speed = self.app.anim_speed
        self.refresh()
        self.bind()

    def resume(self, result: Any = None) -> None:
        seat_colours.activate(self.rules_game, self.match.seats)
        self.animator.speed = self.app.anim_speed
        if self._curtain_for is not None:
            seat, self._curtain_for = self._curtain_for, None
            if result:
                self.set_viewer(seat)
                self._public = None
                self.bind()
            else:
                self.open_menu()

    # -- acting ------------------------------------------------------------------------------
    def submit(self, action: Any) -> bool:
        """Submit an action for the viewer; a refusal shows its reason and changes nothing."""
        seat = self.viewer
        if seat is None:
            return False
        try:
            step = self.controller.submit(seat, action)
        except IllegalAction as exc:
            self.app.toast(exc.reason[:1].upper() + exc.reason[1:])
            return False
        self._after_step(seat, action, step.events)
        return True

    def _after_step(self, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        self._log_marks.setdefault(self.match.ply - 1, len(self.log_lines))
        if self.lesson is not None:
            self._lesson_step(seat, events)
        if self.controller.pass_and_play and any(ev.irreversible for ev in events):
            # A reveal is watched by everyone at the table: show it from the public view, so the
            # next secret choice starts behind the curtain again.
            self.set_viewer(None)
        visible = tuple(ev for ev in events if ev.visible_to(self.viewer))
        self.refresh()
        self.on_step(seat, action, visible)

    def undo(self) -> None:
        seat = self.viewer
        if seat is None or self.controller.pass_and_play or not self.match.undo(seat):
            self.app.toast("Nothing to undo: the last move revealed something or used chance")
            return
        self.controller.autosave()
        self.animator.finish_all()
        ply = self.match.ply
        if ply in self._log_marks:  # the log forgets the lines of the moves taken back
            del self.log_lines[self._log_marks[ply] :]
        self._log_marks = {p: n for p, n in self._log_marks.items() if p < ply}
        self.refresh()
        self.bind()

    def can_undo(self) -> bool:
        """The viewer may take back their last move now (one human, nothing revealed since)."""
        seat = self.viewer
        return (
            seat is not None
            and not self.controller.pass_and_play
            and not self.match.over
            and self.match.undo_point(seat) is not None
        )

    # -- the template's tool buttons (Undo, ...) ----------------------------------------------
    TOOLS_ROW: tuple[float, float, float, float] | None = None  # a free row of the table's layout

    def tools_shown(self) -> list[str]:
        """The tool buttons to show now, in order; a table without a tools row shows none."""
        if self.TOOLS_ROW is None or self._end_shown:
            return []
        shown = ["undo"] if self.can_undo() else []
        if self.coach_available() and self.legal:
            shown.append("hint")
        return shown

    # -- the coach --------------------------------------------------------------------------------
    HINT_KEY: int | None = pygame.K_h  # a table whose game uses H for something else picks another

    def coach_available(self) -> bool:
        from babel.core.coach import adviser

        return bool(self.app.settings.coach) and adviser(self.rules_game) is not None

    def show_hint(self) -> None:
        """Ask the coach what the strongest bot would do from the viewer's own view (on the bot
        thread); the note shows until the next move. Asking again hides it."""
        from babel.core.coach import adviser

        if not self.coach_available():
            self.app.toast("The coach is off: turn it on in Settings")
            return
        if self.viewer is None or not self.legal:
            self.app.toast("Nothing to advise: it is not your move")
            return
        if self.coach_note is not None:
            self.drop_hint()
            return
        advise = adviser(self.rules_game)
        view, legal = self.view, self.legal
        self._coach_key = self._coach_position()
        self.coach_note = ("Coach", "Thinking…")
        self.app.redraw()
        if self.controller.threaded:
            self._coach_job = _bot_executor().submit(advise, view, legal)
            self._coach_job.add_done_callback(lambda _f: wake())  # the waiting loop shows it
        else:
            job: Future = Future()
            job.set_result(advise(view, legal))
            self._coach_job = job
            self._collect_hint()

    def _coach_position(self) -> tuple:
        """What advice depends on for the screen: whose view it is and the choice they face (the
        others committing a simultaneous choice does not make it stale)."""
        return (self.viewer, self.legal)

    def drop_hint(self) -> None:
        self.coach_note = None
        self._coach_key = None
        self._coach_job = None

    def _collect_hint(self) -> None:
        job = self._coach_job
        if job is None or not job.done():
            return
        self._coach_job = None
        _, reason = job.result()
        for seat in range(len(self.match.seats)):
            reason = reason.replace(f"<P{seat}>", self.controller.seat_name(seat))
        self.coach_note = ("Coach", reason)
        self.app.redraw()

    def coach_anchor(self) -> tuple[float, float, float]:
        """Where the coach's note sits: (right edge, bottom, width); above the tools row."""
        x, y, w, _ = self.TOOLS_ROW or (theme.LOGICAL_W - 470, theme.LOGICAL_H - 20, 460, 0)
        return (min(x + w, theme.LOGICAL_W - 10), y - 10, w if w >= 300 else 480)

    def coach_rect(self, canvas: Canvas) -> tuple[pygame.Rect, list[str]]:
        right, bottom, width = self.coach_anchor()
        lines = canvas.wrap(self.coach_note[1], COACH_TEXT, width - 32)[:COACH_LINES]
        h = 46 + len(lines) * COACH_TEXT * 1.35
        return pygame.Rect(round(right - width), round(bottom - h), round(width), round(h)), lines

    def draw_coach(self, canvas: Canvas) -> None:
        if self.coach_note is None:
            return
        r, lines = self.coach_rect(canvas)
        paper(canvas, r, radius=10)
        canvas.fill_rect(theme.GOLD, (r.x, r.y, 6, r.h), radius=3)
        canvas.text(self.coach_note[0], (r.x + 18, r.y + 10), 18, theme.INK, role="sans_bold")
        if self.HINT_KEY is not None:
            key = pygame.key.name(self.HINT_KEY).upper()
            canvas.text(f"{key} hides", (r.right - 14, r.y + 12), 13, theme.INK_SOFT, anchor="topright")
        y = r.y + 38
        for line in lines:
            canvas.text(line, (r.x + 18, y), COACH_TEXT, theme.INK)
            y += COACH_TEXT * 1.35

    def _layout_tools(self) -> list[Button]:
        shown = self.tools_shown()
        for key, button in self.tool_buttons.items():
            button.visible = key in shown
        if not shown:
            return []
        if self.HINT_KEY is not None:
            self.tool_buttons["hint"].label = f"Hint ({pygame.key.name(self.HINT_KEY).upper()})"
        x, y, w, h = self.TOOLS_ROW
        gap = 10
        bw = (w - gap * (len(shown) - 1)) / len(shown)
        out = []
        for i, key in enumerate(shown):
            button = self.tool_buttons[key]
            button.rect = pygame.Rect(round(x + i * (bw + gap)), round(y), round(bw), round(h))
            out.append(button)
        return out

    # -- the frame ---------------------------------------------------------------------------
    def busy(self) -> bool:
        return self.animator.busy

    def needs_frames(self) -> bool:
        return self.busy()

    def next_wake(self) -> float | None:
        return self.controller.bot_due()

    def update(self, dt: float) -> None:
        self._collect_hint()
        self.animator.update(dt)
        self.update_table(dt)
        move = self.controller.poll_bot(dt, self.busy(), theme.BOT_PAUSE * self.app.anim_speed)
        if move is not None:
            seat, action = move
            step = self.controller.submit(seat, action)
            self._after_step(seat, action, step.events)
            return
        if not self.busy():
            seat = self.controller.handover_needed()
            if seat is not None and not self.rules.info.has_secrets:
                self.set_viewer(seat)  # nothing is secret: the screen simply follows the turn
                self.bind()
            elif seat is not None and self._curtain_for is None:
                self._curtain_for = seat
                self.set_viewer(None)  # nothing secret is bound while the screen changes hands
                self.app.push(PrivacyCurtain(self.controller.seat_name(seat), self.curtain_reason(seat)))
                return
        if self.match.over and not self.busy() and not self._end_shown:
            self._end_shown = True
            self.on_game_over()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_menu()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return True
        typing = getattr(self.widgets, "typing", False)
        if (
            event.type == pygame.KEYDOWN
            and event.key == self.HINT_KEY
            and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
            and not typing
            and not self._end_shown
        ):
            self.show_hint()
            return True
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.coach_note is not None
            and self.coach_rect(self.app.canvas)[0].collidepoint(event.pos)
        ):
            self.drop_hint()  # a click on the note puts it away
            return True
        if self._end_shown and self.end_widgets.handle(event):
            return True
        if any(b.handle(event) for b in self._layout_tools()):
            return True
        if self.widgets.handle(event):
            return True
        return self.handle_table(event)

    def draw(self, canvas: Canvas) -> None:
        if self.between_seats():
            self.public_table().draw(canvas)
            return
        self.draw_table(canvas)
        self.widgets.draw(canvas, self.app.mouse)
        tools = WidgetGroup(self._layout_tools())
        tools.draw(canvas, self.app.mouse)
        if not self._end_shown:
            self.draw_lesson(canvas)
            self.draw_coach(canvas)
        if self._end_shown:
            canvas.shade(END_DIM[3])  # the whole window recedes, letterbox too (in place: no big surface)
            self.draw_end(canvas)

    # -- a guided game (Learn to play) ------------------------------------------------------------
    def _lesson_step(self, seat: int, events: tuple[Event, ...]) -> None:
        from scenes.tutorials import save_progress

        if seat == 0:
            self.lesson.learner_moved()
        self.lesson.observe([ev for ev in events if ev.visible_to(0)])
        save_progress(self.lesson.game_id, None if self.match.over else self.match)

    def lesson_prompt(self) -> Any:
        """What the lesson says now (None while the table moves or the others choose)."""
        if self.lesson is None or self.busy() or self.match.over:
            return None
        return self.lesson.prompt(self.view, self.legal)

    def lesson_target(self, target: Any) -> pygame.Rect | None:
        """The logical rect of what a lesson points at (tables with lessons override)."""
        return None

    LESSON_BOX = (60, 150, 440, 0)  # where a lesson's words sit: x, y, width (tables override)

    def draw_lesson(self, canvas: Canvas) -> None:
        if self.lesson is None or self._end_shown:
            return
        prompt = self.lesson_prompt()
        paras = [("New rule", n) for n in self.lesson.notes]
        if prompt is not None:
            paras.append(
                (
                    "Lesson complete" if self.lesson.done and prompt.target is None else "Your move",
                    prompt.text,
                )
            )
        if not paras:
            return
        x, y, w, _ = self.LESSON_BOX
        wrapped = [(title, canvas.wrap(text, 17, w - 36)) for title, text in paras]
        h = 20 + sum(28 + len(lines) * 23 + 8 for _, lines in wrapped)
        r = pygame.Rect(round(x), round(y), round(w), round(h))
        paper(canvas, r, radius=12)
        canvas.fill_rect(theme.GOLD, (r.x, r.y, 7, r.h), radius=3)
        yy = r.y + 12
        for title, lines in wrapped:
            canvas.text(title, (r.x + 20, yy), 17, theme.GOLD_DARK, role="sans_bold")
            yy += 28
            for line in lines:
                canvas.text(line, (r.x + 20, yy), 17, theme.INK)
                yy += 23
            yy += 8
        target = (
            self.lesson_target(prompt.target) if prompt is not None and prompt.target is not None else None
        )
        if target is not None:
            canvas.glow(target, theme.HIGHLIGHT, radius=10, spread=10)
            x0 = min(max(target.centerx, r.left + 30), r.right - 30)
            if target.bottom < r.top:  # the target is above the words: point up from their top
                _arrow(canvas, (x0, r.top - 4), (target.centerx, target.bottom + 10))
            else:
                _arrow(canvas, (x0, r.bottom + 4), (target.centerx, target.top - 10))

    def leave_detail(self) -> str:
        if self.lesson is not None:
            return "The lesson is kept: Learn to play picks it up where you left it."
        return "It is kept as the autosave: Continue on the main menu picks it up where you left it."

    @property
    def game_in_progress(self) -> bool:
        """Moves have been made and the game is not over: leaving it asks first."""
        return self.match.ply > 0 and not self.match.over

    # -- menus and the end -------------------------------------------------------------------
    def open_menu(self) -> None:
        from scenes.launcher.pause import PauseMenu

        self.app.push(PauseMenu(self))

    def on_game_over(self) -> None:
        self.app.sound.play("win")
        self.view = self.controller.match.view(None) if self.controller.pass_and_play else self.view
        cx = theme.LOGICAL_W / 2
        y = theme.LOGICAL_H / 2 + 150
        self.end_widgets = WidgetGroup(
            [
                Button((cx - 250, y, 230, 56), "Rematch", self.rematch, hotkey=pygame.K_r, primary=True),
                Button((cx + 20, y, 230, 56), "Main menu", self.to_menu, hotkey=pygame.K_m),
            ]
        )

    def result_title(self) -> str:
        outcome = self.match.outcome()
        if outcome is None:
            return ""
        names = [self.controller.seat_name(w) for w in outcome.winners]
        if not names:
            return outcome.summary or "Game over"
        if len(names) == 1:
            return f"{names[0]} wins!"
        return "Shared win: " + " and ".join(names)

    def result_lines(self) -> list[str]:
        """Lines under the title on the end panel (scores by default); games add breakdowns."""
        outcome = self.match.outcome()
        if outcome is None:
            return []
        lines = []
        if outcome.summary:
            lines.append(outcome.summary)
        if outcome.scores and len(outcome.scores) == len(self.match.seats):
            lines.append(
                "   ".join(f"{self.controller.seat_name(i)}: {s:g}" for i, s in enumerate(outcome.scores))
            )
        return lines

    def draw_end(self, canvas: Canvas) -> None:
        cx, cy = theme.LOGICAL_W / 2, theme.LOGICAL_H / 2
        r = (cx - 420, cy - 170, 840, 410)
        panel(canvas, r)
        canvas.text(
            self.result_title(),
            (cx, cy - 130),
            54,
            theme.GOLD,
            role="title_bold",
            anchor="midtop",
            max_width=780,
        )
        y = cy - 50
        for line in self.result_lines()[:6]:
            canvas.text(line, (cx, y), 24, theme.WHITE, anchor="midtop", max_width=780)
            y += 36
        self.end_widgets.draw(canvas, self.app.mouse)

    def rematch(self) -> None:
        from scenes.tables import table_for

        old = self.match
        new = Match(old.rules, old.config, (old.seed * 7919 + 1) % (2**31), old.seats)
        self.app.replace(table_for(old.rules.info.id)(new, self.controller.store))

    def to_menu(self) -> None:
        from scenes.launcher.menu import MainMenu

        self.app.reset(MainMenu())

    # -- hooks for the games -----------------------------------------------------------------
    def curtain_reason(self, seat: int) -> str:
        return "It is your turn."

    def bind(self) -> None:
        """(Re)build sprites from ``self.view`` for ``self.viewer``; called after every handover."""

    def on_step(self, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        """Animate what just happened; ``events`` are only those the viewer may see."""
        self.bind()

    def update_table(self, dt: float) -> None: ...

    def draw_table(self, canvas: Canvas) -> None: ...

    def handle_table(self, event: pygame.event.Event) -> bool:
        return False


def _arrow(canvas: Canvas, a: tuple[float, float], b: tuple[float, float]) -> None:
    """A gold arrow from ``a`` to the point ``b`` (the lesson's pointer)."""
    import math

    ax, ay = a
    bx, by = b
    angle = math.atan2(by - ay, bx - ax)
    canvas.line((60, 40, 10), (ax + 2, ay + 3), (bx + 2, by + 3), 6)
    canvas.line(theme.GOLD, a, b, 5)
    head = [
        (bx, by),
        (bx - 22 * math.cos(angle - 0.45), by - 22 * math.sin(angle - 0.45)),
        (bx - 22 * math.cos(angle + 0.45), by - 22 * math.sin(angle + 0.45)),
    ]
    canvas.polygon(theme.GOLD, head)
