"""Babel Builders' table: the 3x3 base with its towers, the blueprint, the seats with their
Master and Architect tokens, hands and discard areas, the cards travelling to the Master, the
Master's private check and swap, the reveals one by one, and the staged finale.

This scene turns input into moves (with the selection in ``choice``) and keeps the small UI
state; everything drawn comes from the current seat's ``BuildersView`` through the painters of
``draw`` and ``panels`` (given a ``BuildersUi``), the animation follows the events (``animate``),
geometry is in ``layout`` and the end-of-game timeline in ``timeline``.
"""

from __future__ import annotations

from typing import Any

import pygame

from babel.games.builders import actions as A
from babel.games.builders import cards as C
from babel.games.builders.model import BuildersView, Phase
from scenes.layers import StaticLayer
from scenes.table import TableScene
from scenes.table_lesson import Clear
from scenes.tables.builders import draw as D
from scenes.tables.builders import frame, rounds
from scenes.tables.builders import layout as L
from scenes.tables.builders import panels as P
from scenes.tables.builders.animate import Motion
from scenes.tables.builders.choice import WHY_NOT_SEAT, Choice, alt_move, confirm_label, kind_of, only_pass
from scenes.tables.builders.keys import DiscardKeys
from scenes.tables.builders.speaking import Speaking
from scenes.tables.builders.talk import TalkLines, talk_top
from scenes.widgets.basic import Button, WidgetGroup
from scenes.widgets.end_panel import EndButton

# The Master's steps in the middle of the reveals that need nothing secret on screen: in
# pass-and-play they are made on the public view, without a curtain (the cell for the blocks,
# Lightning's tie, Deliberation's target, the next Master). Every other step, including the
# appointment (when the Master may want to look at their role card), starts behind the curtain.
PUBLIC_STEPS = (Phase.PLACE, Phase.STRIKE, Phase.DELIBERATE, Phase.PASS)
DIGITS = {getattr(pygame, f"K_{d}"): (d - 1 if d else 9) for d in range(10)}
DIGITS.update({getattr(pygame, f"K_KP{d}"): (d - 1 if d else 9) for d in range(10)})
ALT_LABEL = {
    A.Declare: "No Seal (N)",
    A.Say: "Say nothing (N)",
    A.Talk: "Say nothing (N)",
}  # the second button
CLEARABLE = (
    A.Appoint,
    A.Play,
    A.Swap,
    A.Say,
    A.Talk,
    A.Seal,
    A.Punish,
    A.PassToken,
    A.Deliberate,
)  # moves with a selection


class BuildersTable(DiscardKeys, Speaking, TableScene):
    TALK_KEY = pygame.K_k  # table talk: whom each bot suspects
    TOOLS_ROW = (L.PANEL_X, 572, 340, 44)  # Undo and Hint, between the side sheets and Confirm
    MENU_ROW = (L.PANEL_X, 796, 340, 44)  # Menu and Rules, under Timeline and Talk
    END_BUTTON_W, END_BUTTON_GAP = 200, 30  # three buttons on the end panel

    LOG_STYLE = rounds.STYLE
    COACH_ANCHOR = (L.PANEL_X + 340, 318, 340)  # the coach's note: over the blueprint, off the log and talk

    def __init__(self, match, store=None, threaded: bool = True) -> None:
        super().__init__(match, store, threaded)
        self.bottom = self.controller.viewer if self.controller.viewer is not None else 0
        self._told: dict[int, tuple] = {}
        self.note: tuple[int, str, list[str]] | None = None
        self.peek = False
        self.hover: Any = None
        self.disc_hover: int | None = None
        self.timeline_shown = False
        sound = lambda name: self.app.sound.play(name)  # noqa: E731 - the motion's one way to the speakers
        self.motion = Motion(self.animator, lambda: self.view, self._name, sound, self._settled)
        self.choice = Choice()
        self.still = StaticLayer()
        # Table talk (what the bots suspect, from public play): on for one person with bots.
        self.talk = TalkLines([i for i, seat in enumerate(match.seats) if not seat.human])
        self.talk_on = not self.controller.pass_and_play and self.talk_available()
        self._talk_seen: tuple[Any, dict] = (None, {})

    # -- pass-and-play: no curtain for a step that shows nothing secret ------------------------
    def acts_in_public(self, seat: int) -> bool:
        return self.match.view(None).phase in PUBLIC_STEPS

    # -- binding --------------------------------------------------------------------------
    def bind(self) -> None:
        v: BuildersView = self.view
        if v.seat is not None:
            self.bottom = v.seat
        self.motion.reset(v, self.bottom)
        self._reset_choice()
        self._build_buttons()
        self._maybe_note()

    @property
    def anchors(self) -> dict[int, tuple[float, float]]:
        return self.motion.anchors

    def _key_now(self) -> tuple:
        return (self.viewer, self.view.phase, self.view.round, self.legal)

    def _reset_choice(self) -> None:
        self._choice_key = self._key_now()
        self.choice = Choice.fresh(self.legal)

    def _settled(self) -> None:
        if self._choice_key != self._key_now():
            self._reset_choice()

    def _build_buttons(self) -> None:
        x = L.PANEL_X
        self.btn_confirm = Button(
            (x, 624, 340, 54), "Confirm", self.confirm, pygame.K_RETURN, primary=True, size=20
        )
        self.btn_alt = Button((x, 688, 165, 44), "None", self.alt_action, pygame.K_n, size=17)
        self.btn_timeline = Button((x, 742, 165, 44), "Timeline (T)", self.open_timeline, size=17)
        self.btn_log = Button((x + 175, 688, 165, 44), "Clear (Bksp)", self.clear_choice, size=17)
        self.btn_talk = Button((x + 175, 742, 165, 44), "Talk (K)", self.toggle_talk, size=17)
        buttons = (
            self.btn_confirm,
            self.btn_alt,
            self.btn_timeline,
            self.btn_log,
            self.btn_talk,
            *self.talk_menu.buttons,
        )
        self.widgets = WidgetGroup(list(buttons))
        self._update_buttons()

    def _maybe_note(self) -> None:
        """The viewer's role note: at the start, and again after a conversion (private)."""
        v: BuildersView = self.view
        if v.seat is None or v.role is None or v.phase is Phase.OVER:
            return
        key = (v.role.value, v.my_conversion)
        if self._told.get(v.seat) == key:
            return
        first = v.seat not in self._told
        self._told[v.seat] = key
        title, lines = P.role_note(v, self._name(v.seat), first)
        self.note = (v.seat, title, lines)

    # -- naming ---------------------------------------------------------------------------
    def _name(self, seat: int) -> str:
        return self.controller.seat_name(seat) if 0 <= seat < len(self.match.seats) else "nobody"

    def curtain_reason(self, seat: int) -> str:
        return P.curtain_text(self.match.view(None), self._name(seat))

    # -- choices --------------------------------------------------------------------------
    def _acting(self) -> bool:
        return bool(self.legal) and not self.busy()

    def _chosen_action(self) -> A.Action | None:
        """The action the current selection makes, if it is complete and legal."""
        return self.choice.action(self.legal) if self._acting() else None

    def confirm(self) -> None:
        action = self._chosen_action()
        if action is None:
            if self._acting():
                self.app.toast(self.prompt() or "Finish your choice first")
            return
        self._submit(action)

    def _submit(self, action: A.Action) -> None:
        if self.submit(action):
            self._reset_choice()

    def _answer(self, result: A.Action | str | None) -> None:
        """Make the move a click completed, or say why the click was refused."""
        if isinstance(result, str):
            self.app.toast(result)
        elif result is not None:
            self._submit(result)

    def alt_action(self) -> None:
        move = alt_move(self.legal) if self._acting() else None
        if move is not None:
            self._submit(move)

    def clear_choice(self) -> None:
        self._reset_choice()

    def _toggle_seat(self, seat: int) -> None:
        if self._acting():
            self._answer(self.choice.toggle_seat(seat, self.view, self.legal))

    def _click_hand(self, card: int, shift: bool = False) -> None:
        if self._acting():
            self._answer(self.choice.click_hand(card, self.legal, shift))

    def _click_received(self, card: int) -> None:
        self._answer(self.choice.click_received(card, self.legal))

    # -- input ----------------------------------------------------------------------------
    def handle_table(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYUP and event.key == pygame.K_r:
            self.peek = False
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.peek:
            self.peek = False
        if self.note is not None and self.note[0] == self.viewer and self._note_event(event):
            return True
        if self.talk_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._target_at(event.pos)
            self.disc_hover = L.discards_at(event.pos, self.view.discards, self.anchors)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.view.seat is not None and L.role_rect().collidepoint(event.pos):
                self.peek = True
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            target = self._target_at(event.pos)
            if target is None:
                return False
            self._activate(target, shift=event.button == 3 or bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _note_event(self, event: pygame.event.Event) -> bool:
        """The role note takes every click and key until it is closed (True: the event is used)."""
        if event.type == pygame.MOUSEBUTTONUP or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_ESCAPE)
        ):
            self.note = None
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)

    def _key(self, event) -> bool:
        key = event.key
        commands = {
            pygame.K_t: self.open_timeline,
            self.TALK_KEY: self.toggle_talk,
            pygame.K_BACKSPACE: self.clear_choice,
        }
        if key == pygame.K_r:
            self.peek = self.view.seat is not None
            return True
        if key in commands:
            commands[key]()
            return True
        if not self._acting():
            return False
        kind = kind_of(self.legal)
        if kind in (A.Place, A.Strike):
            return self._cell_key(key)
        if key not in DIGITS or event.mod & pygame.KMOD_CTRL:
            return False
        return self._digit(kind, DIGITS[key], bool(event.mod & pygame.KMOD_SHIFT))

    def _cell_key(self, key: int) -> bool:
        """A-C then 1-3 names a cell."""
        if key in (pygame.K_a, pygame.K_b, pygame.K_c):
            self.choice.key_col = key - pygame.K_a
            return True
        if key in DIGITS and self.choice.key_col is not None and DIGITS[key] < 3:
            cell = DIGITS[key] * 3 + self.choice.key_col
            self.choice.key_col = None
            self._activate(("cell", cell))
            return True
        return False

    def _digit(self, kind: type, i: int, shift: bool) -> bool:
        v = self.view
        if kind is A.Appoint or kind in WHY_NOT_SEAT:
            if i < v.players:
                self._toggle_seat(i)
            return True
        if kind is A.Play and i < len(v.hand):
            self._click_hand(v.hand[i], shift)
            return True
        if kind is A.Swap:
            if shift and i < len(v.hand):
                self._click_hand(v.hand[i])
            elif not shift and i < len(v.received):
                self._click_received(v.received[i])
            return True
        if kind is A.Reveal:
            cards = sorted(v.face_down)
            if i < len(cards):
                self._submit(A.Reveal(cards[i]))
            return True
        return False

    def _activate(self, target, shift: bool = False) -> None:
        what, value = target
        if self.busy():
            return
        if not self.legal:
            if what in ("seat", "cell", "hand"):
                self.app.toast(self.prompt() or "Not your turn")
            return
        kind = kind_of(self.legal)
        if what == "seat":
            self._toggle_seat(value)
        elif what == "hand":
            self._click_hand(value, shift)
        elif what == "received":
            self._click_received(value)
        elif what == "reveal":
            self._submit(A.Reveal(value))
        elif what == "cell" and kind in (A.Place, A.Strike):
            if kind(value) in self.legal:
                self._submit(kind(value))
            else:
                cells = ", ".join(C.CELL_NAMES[a.cell] for a in self.legal)
                said = "This card builds on" if kind is A.Place else "Lightning strikes a highest tower:"
                self.app.toast(f"{said} {cells}")

    def _target_at(self, pos) -> tuple[str, int] | None:
        v: BuildersView = self.view
        kind = kind_of(self.legal)
        tray = L.tray_of(self.anchors, v.master, self.bottom)
        return L.target_at(
            pos,
            v.received if kind is A.Swap else (),
            L.reveal_rects(v.face_down, tray) if kind is A.Reveal else [],
            v.hand if v.seat is not None else (),
            self.motion.heights,
            self.anchors,
        )

    LESSON_BOX = L.LESSON_BOX  # a guided game's words

    def lesson_target(self, target: tuple) -> pygame.Rect | None:
        """The next click of the suggested move (Confirm last); none while the role note is up."""
        if target[0] == "alt" or self.note is not None:
            return pygame.Rect(self.btn_alt.rect) if self.note is None else None
        v, c = self.view, self.choice
        tray = L.tray_of(self.anchors, v.master, self.bottom)
        reveal = L.reveal_rects(v.face_down, tray)
        places = L.LessonPlaces(self.anchors, v.hand, v.received, reveal, tuple(self.motion.heights), c)
        return L.lesson_rect(target, places) or pygame.Rect(self.btn_confirm.rect)

    def lesson_keep_clear(self) -> Clear:
        return P.keep_clear(
            self.view, self.anchors, self.motion.heights, self.checking(), self.note is not None
        )

    # -- the frame --------------------------------------------------------------------------
    def checking(self) -> bool:
        """The Master's private check is on screen."""
        return self._acting() and kind_of(self.legal) is A.Swap

    def ui(self) -> D.BuildersUi:
        """This frame's UI state for the painters."""
        m, c = self.motion, self.choice
        return D.BuildersUi(
            bottom=self.bottom,
            names=tuple(self._name(i) for i in range(len(self.match.seats))),
            legal=self.legal,
            busy=self.busy(),
            viewer=self.viewer,
            pass_and_play=self.controller.pass_and_play,
            watching_bots=self.controller.watching_bots,
            public_act=self.public_act,
            hover=self.hover,
            disc_hover=self.disc_hover,
            picked=tuple(c.picked),
            sel_play=c.sel_play,
            sel_discard=c.sel_discard,
            sel_take=c.sel_take,
            sel_give=c.sel_give,
            talk_kind=c.talk_kind,
            **m.ui_fields(),
            note=self.note,
            peek=self.peek,
            talk=self._talk_lines(),
            talk_top=talk_top(len(self.talk.bots), self.talk_least),
            talk_first=self.talk_first,
        )

    def prompt(self) -> str:
        return P.prompt_text(self.view, self.ui())

    def draw_table(self, canvas) -> None:
        self.talk_least = canvas.least
        frame.draw_frame(canvas, self.view, self.ui(), self.still)

    def on_step(self, seat: int, action: Any, events) -> None:
        self.motion.on_step(self.view, events)
        self._maybe_note()

    def update_table(self, dt: float) -> None:
        self.motion.prune()
        self._update_buttons()

    def _update_buttons(self) -> None:
        if not hasattr(self, "btn_confirm"):
            return
        acting = self._acting()
        kind = kind_of(self.legal)
        no_seal = kind is A.Declare and len(self.legal) == 1  # no Seal to use: Pass is the only button
        self.btn_confirm.visible = acting and kind not in (A.Reveal, A.Place, A.Strike) and not no_seal
        self.btn_confirm.enabled = self._chosen_action() is not None
        self.btn_confirm.label = confirm_label(kind, len(self.choice.picked), self.view.appoint_count)
        self.btn_alt.visible = acting and (kind in (A.Declare, A.Say, A.Talk) or only_pass(self.legal))
        self.talk_menu.update(self.legal, acting, self.choice.talk_kind)
        self.btn_alt.label = ALT_LABEL.get(kind, "Pass (N)") if not no_seal else "Pass (N)"
        self.btn_timeline.enabled = self.view.phase is Phase.OVER
        self.btn_talk.visible = self.talk_available()
        self.btn_talk.label = "Talk: on (K)" if self.talk_on else "Talk: off (K)"
        self.btn_log.visible = acting and kind in CLEARABLE and not no_seal

    # -- the end ----------------------------------------------------------------------------
    def extra_end_buttons(self) -> list[EndButton]:
        return [EndButton("Timeline (T)", self.open_timeline, pygame.K_t)]

    def game_over(self) -> None:
        if not self.timeline_shown:
            self.open_timeline()

    def open_timeline(self) -> None:
        if self.view.phase is not Phase.OVER:
            self.app.toast("The timeline of who was what opens at the end of the game")
            return
        from scenes.tables.builders.timeline import TimelineScreen

        self.timeline_shown = True
        names = [self._name(i) for i in range(self.view.players)]
        self.app.push(TimelineScreen(self.match.view(None), names))

    def result_title(self) -> str:
        return P.result_title(self.match.view(None))

    def result_lines(self) -> list[str]:
        v: BuildersView = self.match.view(None)
        outcome = self.match.outcome()
        if outcome is None or not v.roles:
            return []
        return P.result_lines(v, outcome.summary, self._name)
