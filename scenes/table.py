"""The template every game table shares.

``TableScene`` drives the match controller that ``SeatedScene`` (``scenes.seated``) makes (seats,
bots, autosave; ``scenes.match_controller``), and owns the animator, the Menu and Rules buttons,
Undo and Hint, the coach's note, a lesson's words, the privacy curtain flow, public acts and the
end-of-game panel. A game's table says only what it adds: it binds sprites from ``self.view`` (the viewer's view, never the state), turns input into
actions with ``self.submit``, animates the events it may see, and draws.
"""

from __future__ import annotations

from typing import Any

import pygame

from babel.core.match import Match
from babel.core.protocol import Event
from babel.core.saves import SaveStore
from scenes import routes, theme
from scenes.anim import Animator
from scenes.canvas import Canvas
from scenes.key_sheet import SHEET_KEYS
from scenes.match_controller import answer_remote
from scenes.remote.table_phones import TablePhones
from scenes.seated import SeatedScene
from scenes.table_coach import Coach
from scenes.table_end import EndOfGame
from scenes.table_keys import TableKeys
from scenes.table_lesson import Bubble, Clear, draw_bubble, lesson_paragraphs, place_bubble
from scenes.table_log import LogAndNote
from scenes.widgets.basic import Button, WidgetGroup
from scenes.widgets.end_panel import END_SHADE


class TableScene(EndOfGame, LogAndNote, TableKeys, SeatedScene):
    """Base class of a game table. Subclasses implement ``bind``, ``on_step``, ``draw_table``
    and ``handle_table``; they read ``self.view`` and ``self.legal`` and call ``self.submit``.
    Whose screen it is and what they may see comes from ``SeatedScene``."""

    MENU_ROW: tuple[float, float, float, float] | None = None  # where Menu and Rules sit
    MENU_TEXT = 17
    TOOLS_ROW: tuple[float, float, float, float] | None = None  # a free row for Undo and Hint
    HINT_KEY: int | None = pygame.K_h  # a table whose game uses H for something else picks another
    LEAVE_KEY = pygame.K_ESCAPE  # opens the table's menu (leave, settings, rules)
    LESSON_BOX = (60, 150, 440, 0)  # where a lesson's words sit: x, y, width (tables override)
    END_BUTTON_W, END_BUTTON_GAP = 230, 40  # the end panel's row of buttons
    END_SOUND = "win"
    keeps_running = True  # bots and phone seats play on under the game menu and the curtain

    def __init__(self, match: Match, store: SaveStore | None = None, threaded: bool = True) -> None:
        super().__init__(match, store, threaded)
        self.animator = Animator()
        self.widgets = WidgetGroup()
        self.end_widgets = WidgetGroup()
        self._end_shown = False
        self.log_lines: list[str] = []
        self._log_marks: dict[int, int] = {}  # ply -> log_lines length before that ply's action
        self.log_view = self.make_log()  # the whole game's log, scrolled back at will
        self.menu_buttons = [
            Button((0, 0, 10, 10), "Menu (Esc)", self.open_menu, size=self.MENU_TEXT),
            Button((0, 0, 10, 10), "Rules (F1)", self.open_rules, size=self.MENU_TEXT),
        ]
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
        self.coach = Coach()
        self.phones = TablePhones(self)  # the phone server, while a seat is played on a phone

    # -- phones (see ``scenes.remote.table_phones``) ---------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.phones.entered()
        if self.controller.store is not None:  # the history keeps as many games as Settings say
            self.controller.store.history.limit = self.app.settings.keep_history

    def exit(self) -> None:
        self.phones.close()

    def undo(self) -> None:
        seat = self.viewer
        if seat is None or self.controller.pass_and_play or not self.match.undo(seat):
            self.app.toast("Nothing to undo: the last move revealed something or used chance")
            return
        self.controller.autosave()
        if self.lesson is not None:
            self.lesson.after_undo(self.match)
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

    def refresh(self) -> None:
        super().refresh()
        if self.coach.key != self._coach_position():
            self.drop_hint()  # advice is for one seat and one choice: a move or handover ends it

    def on_step(self, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        """Animate what just happened; ``events`` are only those the viewer may see."""
        self.bind()

    def _after_step(self, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        self._log_marks.setdefault(self.match.ply - 1, len(self.log_lines))
        if self.lesson is not None:
            self.lesson.after_move(self.match, seat, events)
        super()._after_step(seat, action, events)

    # -- the template's buttons: Menu and Rules, Undo and Hint ------------------------------------
    def tools_shown(self) -> list[str]:
        """The tool buttons to show now, in order; a table without a tools row shows none."""
        if self.TOOLS_ROW is None or self._end_shown:
            return []
        shown = ["undo"] if self.can_undo() else []
        if self.coach_available() and self.legal:
            shown.append("hint")
        return shown

    def _layout_tools(self) -> list[Button]:
        shown = self.tools_shown()
        for key, button in self.tool_buttons.items():
            button.visible = key in shown
        if not shown:
            return []
        if self.HINT_KEY is not None:
            self.tool_buttons["hint"].label = f"Hint ({self.key_label('hint')})"  # the key in force
        return _in_row([self.tool_buttons[key] for key in shown], self.TOOLS_ROW, 10)

    def _layout_menu(self) -> list[Button]:
        if self.MENU_ROW is None:
            return []
        return _in_row(self.menu_buttons, self.MENU_ROW, 12)

    def _buttons(self) -> list[Button]:
        return self._layout_menu() + self._layout_tools()

    # -- the coach --------------------------------------------------------------------------------
    @property
    def coach_note(self) -> tuple[str, str] | None:
        return self.coach.note

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
        if self.coach.note is not None:
            self.drop_hint()
            return
        advise = adviser(self.rules_game)
        self.coach.ask(advise, self.view, self.legal, self._coach_position(), self.controller.threaded)
        self._collect_hint()
        self.app.redraw()

    def show_note(self, title: str, text: str) -> None:
        """A note of the table's own in the coach's place, until the position changes."""
        self.coach.show(title, text, self._coach_position())
        self.app.redraw()

    def _coach_position(self) -> tuple:
        """What advice depends on for the screen: whose view it is and the choice they face (the
        others committing a simultaneous choice does not make it stale)."""
        return (self.viewer, self.legal)

    def drop_hint(self) -> None:
        self.coach.drop()

    def _collect_hint(self) -> None:
        names = [self.controller.seat_name(s) for s in range(len(self.match.seats))]
        if self.coach.collect(names):
            self.app.redraw()

    # -- the frame ---------------------------------------------------------------------------
    def needs_frames(self) -> bool:
        return self.busy()

    def next_wake(self) -> float | None:
        return _soonest(self.controller.bot_due(), self.controller.inbox_due(), self.phones.next_due())

    def covered_wake(self) -> float | None:
        return self.next_wake()

    def update(self, dt: float) -> None:
        self._collect_hint()
        self.animator.update(dt)
        self.update_table(dt)
        if self._serve(dt, covered=False):
            return
        if not self.busy() and self._hand_over():
            return
        if self.match.over and not self.busy() and not self._end_shown:
            self._end_shown = True
            self.on_game_over()

    def update_covered(self, dt: float) -> None:
        """Under the game menu, the rules or the curtain, bots and phone seats play on. Nobody
        watches the table, so each move lands at once (its animation is finished); the screen's
        own flow (a handover, the end panel, a queued click) waits until the table is on top."""
        self._serve(dt, covered=True)

    def _serve(self, dt: float, covered: bool) -> bool:
        """Apply one move of a bot or of a phone seat if one is due; True when one was."""
        busy = self.busy() and not covered
        move = self.controller.poll_bot(dt, busy, theme.BOT_PAUSE * self.app.anim_speed)
        if move is not None:
            self._apply_move(*move, covered)
            return True
        if self.phones.serve(not busy, lambda seat, action: self._apply_move(seat, action, covered)):
            return True
        remote = None if busy else self.controller.take_remote()
        if remote is None:
            return False
        item, action = remote
        self._apply_move(item.seat, action, covered)
        answer_remote(item, None)
        return True

    def _apply_move(self, seat: int, action: Any, covered: bool) -> None:
        """A move that did not come from this screen's input, the way a click's move goes."""
        if covered:
            self.animator.finish_all()
        step = self.controller.submit(seat, action)
        self._after_step(seat, action, step.events)
        if covered:
            self.animator.finish_all()

    def handle(self, event: pygame.event.Event) -> bool:
        event = self.player_keys(event)  # the player's own keys, as the table's code knows them
        if event is None:
            return True  # a key whose action the player moved to another key does nothing here
        if event.type == pygame.KEYDOWN and event.key == self.LEAVE_KEY:
            self.open_menu()
            return True
        if event.type == pygame.KEYDOWN and event.key in SHEET_KEYS and not getattr(self.widgets, "typing", False):
            self.open_key_sheet()
            return True
        if self.handle_first(event) or self.handle_focus(event):
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
        if not typing and self.log_rect() is not None and self.log_view.handle(event, self.app.mouse):
            return True
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.coach.note is not None
            and self.coach_rect(self.app.canvas)[0].collidepoint(event.pos)
        ):
            self.drop_hint()  # a click on the note puts it away
            return True
        if self._end_shown and self.end_widgets.handle(event):
            return True
        if any(b.handle(event) for b in self._buttons()):
            return True
        if self.widgets.handle(event):
            return True
        return self.handle_table(event)

    def draw(self, canvas: Canvas) -> None:
        if self.between_seats():
            self.public_table().draw(canvas)
            return
        self.relabel_buttons()
        self.draw_table(canvas)
        self.draw_log(canvas)
        self.widgets.draw(canvas, self.app.mouse)
        WidgetGroup(self._buttons()).draw(canvas, self.app.mouse)
        if not self._end_shown:
            self.draw_lesson(canvas)
            self.coach.draw(canvas, self.coach_anchor(), self.key_label("hint"))
        if self._end_shown:
            canvas.shade(END_SHADE)  # the whole window recedes, letterbox too (in place: no big surface)
            self.draw_end(canvas)
        self.draw_focus(canvas)

    # -- a guided game (Learn to play) ------------------------------------------------------------
    def lesson_prompt(self) -> Any:
        """What the lesson says now (None while the table moves or the others choose)."""
        if self.lesson is None or self.busy() or self.match.over:
            return None
        return self.lesson.prompt(self.view, self.legal)

    def lesson_target(self, target: Any) -> pygame.Rect | None:
        """The logical rect of what a lesson points at (tables with lessons override)."""
        return None

    def lesson_keep_clear(self) -> Clear:
        """What a lesson's words keep clear of besides their target and the buttons: the panels
        the step needs (tables say theirs: a private check, the offers, a title, the prompt)."""
        return Clear()

    def draw_lesson(self, canvas: Canvas) -> None:
        draw_bubble(canvas, lesson_bubble(self, canvas))

    def leave_detail(self) -> str:
        """The question before leaving (or quitting): first what would be lost, then what is kept."""
        if self.lesson is not None:
            kept = "The lesson is kept: Learn to play picks it up where you left it."
        elif self.controller.autosave_failed:
            kept = ""  # what the file holds is not where the game stands
        else:
            kept = (
                "It is kept with your games in progress: Continue on the main menu picks it up where you "
                "left it."
            )
        return " ".join(part for part in (*self.leave_losses(), kept) if part)

    def leave_losses(self) -> list[str]:
        """What leaving now would lose, a sentence each (none: nothing). Undo is not lost: a kept
        game is replayed in full when it is picked up, so every move that can be taken back here
        still can be then (tables that keep more, like the solitaire's Redo, add theirs)."""
        if self.lesson is None and self.controller.autosave_failed and self.game_in_progress:
            return ["Your latest moves could not be saved (the autosave failed), so leaving loses them."]
        return []

    # -- menus and the end -------------------------------------------------------------------
    def open_menu(self) -> None:
        self.app.push(routes.make(routes.GAME_MENU, self))

    def open_rules(self) -> None:
        self.app.push(routes.make(routes.RULES, self.rules_game))

    # -- hooks for the games -----------------------------------------------------------------
    def update_table(self, dt: float) -> None: ...

    def draw_table(self, canvas: Canvas) -> None: ...

    def handle_table(self, event: pygame.event.Event) -> bool:
        return False


def lesson_bubble(table: TableScene, canvas: Canvas) -> Bubble | None:
    """Where the table's lesson words go now: away from what they point at, from the buttons and
    the coach's note, and from every panel the step needs."""
    if table.lesson is None or table._end_shown:
        return None
    prompt = table.lesson_prompt()
    target = None
    if prompt is not None and prompt.target is not None:
        target = table.lesson_target(prompt.target)
    clear = lesson_clear(table, canvas)
    return place_bubble(canvas, lesson_paragraphs(table.lesson, prompt), target, clear, table.LESSON_BOX)


def lesson_clear(table: TableScene, canvas: Canvas) -> Clear:
    """The table's own rects to keep clear, with its buttons and the coach's note."""
    clear = table.lesson_keep_clear()
    rather = [pygame.Rect(w.rect) for w in (*table._buttons(), *table.widgets.widgets) if w.visible]
    if table.coach.note is not None:
        rather.append(table.coach_rect(canvas)[0])
    return Clear(clear.need, (*clear.rather, *rather))


def _soonest(*dues: float | None) -> float | None:
    """The first of some timers (None: not set)."""
    return min((d for d in dues if d is not None), default=None)


def _in_row(buttons: list[Button], row: tuple[float, float, float, float], gap: float) -> list[Button]:
    """The buttons side by side, equally wide, filling ``row`` (x, y, w, h)."""
    x, y, w, h = row
    bw = (w - gap * (len(buttons) - 1)) / len(buttons)
    for i, button in enumerate(buttons):
        button.rect = pygame.Rect(round(x + i * (bw + gap)), round(y), round(bw), round(h))
    return buttons
