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
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pygame

from babel.core.bots import Budget
from babel.core.match import Match
from babel.core.protocol import Event, IllegalAction
from babel.core.saves import SaveStore
from scenes import theme
from scenes.anim import Animator
from scenes.canvas import Canvas
from scenes.core import Scene, wake
from scenes.widgets.basic import Button, WidgetGroup, panel
from scenes.widgets.curtain import PrivacyCurtain

END_DIM = (0, 0, 0, 140)  # the shade over the table behind the end panel
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
            except OSError:
                pass  # a full disk must not stop the game; the next action tries again

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
        self.animator = Animator()
        self.view: Any = None
        self.legal: tuple[Any, ...] = ()
        self.widgets = WidgetGroup()
        self.end_widgets = WidgetGroup()
        self._curtain_for: int | None = None
        self._end_shown = False
        self.log_lines: list[str] = []

    # -- seat binding ----------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        return self.controller.viewer

    def refresh(self) -> None:
        """Re-read the viewer's view and legal actions from the match."""
        self.view = self.controller.view()
        self.legal = self.controller.legal()
        if hasattr(self, "app"):
            self.app.redraw()

    def enter(self) -> None:
        self.animator.speed = self.app.anim_speed
        self.refresh()
        self.bind()

    def resume(self, result: Any = None) -> None:
        self.animator.speed = self.app.anim_speed
        if self._curtain_for is not None:
            seat, self._curtain_for = self._curtain_for, None
            if result:
                self.controller.viewer = seat
                self.refresh()
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
        if self.controller.pass_and_play and any(ev.irreversible for ev in events):
            # A reveal is watched by everyone at the table: show it from the public view, so the
            # next secret choice starts behind the curtain again.
            self.controller.viewer = None
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
        self.refresh()
        self.bind()

    # -- the frame ---------------------------------------------------------------------------
    def busy(self) -> bool:
        return self.animator.busy

    def needs_frames(self) -> bool:
        return self.busy()

    def next_wake(self) -> float | None:
        return self.controller.bot_due()

    def update(self, dt: float) -> None:
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
                self.controller.viewer = seat  # nothing is secret: the screen simply follows the turn
                self.refresh()
                self.bind()
            elif seat is not None and self._curtain_for is None:
                self._curtain_for = seat
                self.controller.viewer = None  # nothing secret is bound while the screen changes hands
                self.refresh()
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
        if self._end_shown and self.end_widgets.handle(event):
            return True
        if self.widgets.handle(event):
            return True
        return self.handle_table(event)

    def draw(self, canvas: Canvas) -> None:
        self.draw_table(canvas)
        self.widgets.draw(canvas, self.app.mouse)
        if self._end_shown:
            canvas.fill_rect(END_DIM, (0, 0, theme.LOGICAL_W, theme.LOGICAL_H))  # the table recedes
            self.draw_end(canvas)

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
