"""The table of Der Turmbau zu Babel (Reiner Knizia): input to actions, and the small UI state
(the ``Choice`` being made, hover, cursor). Each frame the view and a ``TurmbauUi`` go to the
painters (``frame``, ``draw``, ``panels``, ``sheet``); geometry is in ``layout``, motion in
``animate``, words in ``words``, the rules of a choice in ``moves``."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pygame

from babel.core.protocol import Event
from babel.games.turmbau import data
from babel.games.turmbau.actions import Build, Decline, Double, Draw3, Offer, Pass, Redraw
from babel.games.turmbau.data import ZERO
from babel.games.turmbau.model import EventKind, Phase
from scenes import keymap, theme
from scenes.canvas import Canvas
from scenes.layers import StaticLayer
from scenes.table import TableScene
from scenes.table_lesson import Clear
from scenes.tables.turmbau import cards, frame, layout, moves, sheet, words
from scenes.tables.turmbau.animate import Motion
from scenes.tables.turmbau.draw import TurmbauUi
from scenes.tables.turmbau.moves import Choice, LegalMoves, offerers, select_preview
from scenes.widgets.basic import Button, WidgetGroup

KIND_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3}
SEAT_KEYS = {getattr(pygame, f"K_{i}"): i - 1 for i in range(1, 6)}
# Seconds the ring around the disc on offer pulses after it appears; then it holds still, so a
# table waiting for a click draws nothing.
PULSE_FOR = 4.0


class TurmbauTable(TableScene):
    TAB_TAKEN = True  # Tab goes to the next building spot: Ctrl+Tab moves the focus
    TOOLS_ROW = (layout.RX, 800, layout.RW, 40)  # Undo and Hint, under the log
    MENU_ROW = (layout.RX, 848, layout.RW, 40)  # Menu and Rules, under them
    LOG_STYLE = layout.LOG_STYLE
    _pulse: tuple[Any, float] = (None, 0.0)  # the target disc and when it appeared (table time)
    _clock = 0.0  # seconds of table time: the loop's steps, so the pulse is the same headless

    # -- binding ------------------------------------------------------------------------------
    def bind(self) -> None:
        self.hover: tuple | None = None
        self.cursor: tuple[int, int] | None = None
        self.card: tuple[int, int] | None = None  # what the keys point at (``cards``): row, index
        self.choice = Choice()
        self._legal: tuple[Any, LegalMoves] | None = None
        self._ui: tuple[tuple, TurmbauUi] | None = None
        self.still = StaticLayer()
        self.motion = Motion(self.animator, lambda: self.view, self._name, self.app.sound.play)
        if not self.log_lines:
            self.log_lines.append(f"{self._name(self.view.start)} starts.")
            for _, ev in self.match.events_for(self.viewer):
                self.log_lines.extend(words.event_lines(self._name, ev))
        self.btn_a = Button((906, 752, 280, 48), "", self._primary, primary=True, size=16)
        self.btn_b = Button((906, 808, 280, 40), "", self._secondary, size=16)
        self.widgets = WidgetGroup([self.btn_a, self.btn_b])
        self._sync_buttons()

    def log_rect(self) -> pygame.Rect:
        return layout.log_rect(self.view.players, self.view.seat is not None)

    def coach_anchor(self) -> tuple[float, float, float]:
        """The coach's note covers the scoring table and the supply, over the viewer's discs
        and the log (never on them)."""
        return (layout.RX + layout.RW, layout.supply_top(self.view.players) + 110, layout.RW)

    def _name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.controller.seat_name(seat)

    # -- what the viewer may do ------------------------------------------------------------------
    def legal_moves(self) -> LegalMoves:
        """The viewer's legal actions sorted by kind (kept until the legal list changes)."""
        if self._legal is None or self._legal[0] is not self.legal:
            self._legal = (self.legal, LegalMoves.of(self.legal))
        return self._legal[1]

    def mode(self) -> str:
        """What the viewer is doing now: turn, offer, select, redraw, or wait."""
        if not self.legal or self.busy():
            return "wait"
        if self.choice.redraw_mode:
            return "redraw"
        return {Phase.TURN: "turn", Phase.OFFER: "offer", Phase.SELECT: "select"}.get(self.view.phase, "wait")

    def select_preview(self) -> tuple[dict | None, str]:
        """The preview of the current invitation, or why it cannot be made."""
        return select_preview(self.view, self.choice.select, self.legal_moves())

    def offerers(self) -> list[int]:  # the seats with an offer to invite
        return offerers(self.view, layout.offer_slots(self.view))

    def joker_usable(self) -> bool:
        """Whether a Joker can stand in for cards with the offers chosen now."""
        return any(sum(w) for w in moves.wild_options(self.legal_moves(), self.choice.select.seats))

    def hand_cards(self) -> list[tuple[int, tuple[float, float], bool]]:
        preview = self.select_preview()[0] if self.mode() == "select" else None
        return layout.hand_cards(self.view, self.choice.hand_lifted(self.view, preview))

    def extra_cards(self) -> list[tuple[str, Any, tuple[float, float]]]:
        c = self.choice
        jokers = sum(c.wild) // data.JOKER_UNITS if self.view.phase is Phase.SELECT else 0
        return layout.extra_cards(self.view, c.trade, c.triple, jokers)

    # -- input ------------------------------------------------------------------------------------
    def handle_table(self, event: pygame.event.Event) -> bool:
        if self.view is None or self._end_shown:
            return False
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            target = layout.target_at(self.view, self.hand_cards(), self.extra_cards(), event.pos)
            if event.type == pygame.MOUSEMOTION:
                self.hover = target
            elif event.button == 1 and target is not None:
                self._click(target)
                return True
            return False
        if event.type == pygame.KEYDOWN and not event.mod & pygame.KMOD_CTRL:
            return self._key(event.key, bool(event.mod & pygame.KMOD_SHIFT))
        return False

    def _click(self, target: tuple) -> None:
        if self.busy():
            return
        actions = {
            "disc": lambda: self._build(target[1], target[2]),
            "hand": lambda: self._toggle_card(target[1], target[2]),
            "offer": lambda: self._toggle_offer(target[1]),
            "trade": self._toggle_trade,
            "action": lambda: self._play_action_card(target[1]),
        }
        if target[0] in actions:
            actions[target[0]]()

    def _key(self, key: int, shift: bool) -> bool:
        if cards.handle(self, key, self._click):  # Down: the cards in hand, Up: the plates
            return True
        m = self.mode()
        if m == "wait":
            return False
        if m in ("offer", "redraw") and key in KIND_KEYS:
            self._step_kind(KIND_KEYS[key], -1 if shift else 1)
            return True
        if m == "select" and key in SEAT_KEYS:
            if SEAT_KEYS[key] < self.view.players:
                self._toggle_offer(SEAT_KEYS[key])
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._build(*self.cursor) if m == "turn" and self.cursor is not None else self._primary()
            return True
        if m == "turn" and key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            self.card = None
            self.cursor = moves.next_spot(
                self.legal_moves().builds, self.cursor, -1 if key == pygame.K_LEFT else 1
            )
            return True
        letters = {
            pygame.K_p: lambda: m == "turn" and self._primary(),
            pygame.K_n: lambda: m == "offer" and self._secondary(),
            pygame.K_l: lambda: m == "select" and self._secondary(),
            pygame.K_t: self._toggle_trade,
            pygame.K_x: lambda: self._play_action_card("triple"),
            pygame.K_j: lambda: self._play_action_card("joker"),
            pygame.K_r: lambda: self._play_action_card("redraw"),
            pygame.K_d: lambda: self._play_action_card("double"),
            pygame.K_c: lambda: self._cancel_redraw() if m == "redraw" else self._play_action_card("draw3"),
            pygame.K_BACKSPACE: lambda: setattr(self, "choice", self.choice.cleared()),
        }
        if key in letters:
            letters[key]()
            return True
        return False

    # -- choices ------------------------------------------------------------------------------------
    def _build(self, wonder: int, slot: int) -> None:
        if self.mode() == "turn":
            self.submit(Build(wonder, slot))
        elif self.view.phase is Phase.TURN and self.view.active == self.viewer and not self.busy():
            self.submit(Build(wonder, slot))  # the engine explains why not
        elif not self.busy():
            self.app.toast(
                "You build on your own turn: " + words.prompt_wait(self.view, self.viewer, self._name)
            )

    def _change(self, change: tuple[Choice, str], sound: str = "") -> None:
        """Take a new choice, or say why not."""
        choice, why = change
        if why:
            self.app.toast(why)
        elif choice != self.choice:
            self.choice = choice
            if sound:
                self.app.sound.play(sound)

    def _toggle_card(self, index: int, kind: int) -> None:
        m = self.mode()
        if m not in ("offer", "redraw"):
            if m == "turn" or m == "select":
                self.app.toast("Building cards are chosen when you make an offer or play Card trade")
            return
        seen = sum(1 for k, _, _ in self.hand_cards()[:index] if k == kind)
        lifted = self.choice.redraw_sel if self.choice.redraw_mode else self.choice.offer_sel
        self._step_kind(kind, -1 if seen < lifted[kind] else 1)

    def _step_kind(self, kind: int, delta: int) -> None:
        change = moves.step_kind(self.choice, self.view, self.legal_moves(), kind, delta)
        self._change(change, "" if self.choice.redraw_mode else "click")

    def _toggle_trade(self) -> None:
        self._change(moves.toggle_trade(self.choice, self.mode(), self.busy()), "card")

    def _toggle_offer(self, seat: int) -> None:
        why = moves.seat_refusal(self.view, self.mode(), self.busy(), seat, self._name)
        if why is None:
            self.choice = moves.toggle_seat(self.choice, self.legal_moves(), seat)
            self.app.sound.play("click")
        elif why:
            self.app.toast(why)

    def _play_action_card(self, name: str) -> None:
        if self.busy() or self.viewer is None:
            return
        c = self.choice
        if name not in (data.ACTION_KINDS[a] for a in self.view.my_actions):
            self.app.toast(f"You hold no {data.ACTION_TITLES[name]} card")
        elif name in ("draw3", "double"):
            self.submit(Draw3() if name == "draw3" else Double())
        elif name == "redraw" and self.legal_moves().redraws:
            self.choice = replace(c, redraw_mode=not c.redraw_mode, redraw_sel=ZERO)
        elif name == "redraw":
            self.submit(Redraw((1, 0, 0, 0)))  # refused: the engine says when it may be played
        elif name == "triple" and self.mode() != "offer":
            self.app.toast("Triple bonus goes with an offer: play it when another player builds")
        elif name == "triple":
            self.choice = replace(c, triple=not c.triple)
        elif name == "joker":
            self._change(moves.cycle_joker(c, self.mode(), self.legal_moves()))
        else:
            self.app.toast(f"{data.ACTION_TITLES[name]} is kept for the final scoring and never played")

    def _cancel_redraw(self) -> None:
        self.choice = replace(self.choice, redraw_mode=False, redraw_sel=ZERO)

    def _primary(self) -> None:
        m = self.mode()
        if m == "turn":
            self.submit(Pass())
        elif m == "offer" and not sum(self.choice.offer_sel):
            no_offer = keymap.label("turmbau.no_offer")
            self.app.toast(f"Choose cards to offer first (click them, or 1-4), or press {no_offer} to make no offer")
        elif m == "offer":
            self.submit(self.choice.offer)
        elif m == "select":
            self.submit(self.choice.select)
        elif m == "redraw" and not sum(self.choice.redraw_sel):
            self.app.toast("Choose 1 to 5 cards to trade in first")
        elif m == "redraw":
            self.submit(Redraw(self.choice.redraw_sel))

    def _secondary(self) -> None:
        m = self.mode()
        if m in ("offer", "select"):
            self.submit(Offer() if m == "offer" else Decline())
        elif m == "redraw":
            self._cancel_redraw()

    def submit(self, action: Any) -> bool:
        ok = super().submit(action)
        if ok:
            self.card = None
            self._cancel_redraw()
            if not isinstance(action, (Redraw, Draw3)):
                self.choice = self.choice.cleared()
        return ok

    def _sync_buttons(self) -> None:
        m = self.mode() if self.view is not None and not self._end_shown else "wait"
        c, a, b = self.choice, self.btn_a, self.btn_b
        (a.label, a.enabled, a.visible), (b.label, b.visible) = words.button_labels(
            m, c.offer, c.select, c.redraw_sel, self.legal_moves()
        )
        a.short, b.enabled = words.SHORT_LABELS.get(a.label, ()), True

    # -- words --------------------------------------------------------------------------------------
    def prompt(self) -> str:
        watching = self.viewer is None and self.controller.watching_bots
        said = words.prompt(self.view, self.mode(), self.viewer, watching, self._name)
        return keymap.relabel(said, "turmbau")  # the keys in brackets are the player's

    def help_line(self) -> str:
        said = words.help_line(self.view, self.mode(), self.legal_moves())
        return keymap.relabel(said, "turmbau", loose=True)

    def curtain_reason(self, seat: int) -> str:
        return words.curtain_reason(self.view, seat, self._name)

    # -- steps --------------------------------------------------------------------------------------
    def _after_step(self, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        if self.controller.pass_and_play and seat == self.viewer and isinstance(action, (Draw3, Redraw)):
            # Card draw and Card trade show new cards to their player alone: no curtain for the
            # player already at the screen.
            self.refresh()
            self.on_step(seat, action, tuple(ev for ev in events if ev.visible_to(seat)))
            return
        super()._after_step(seat, action, events)

    def on_step(self, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        self.motion.play(events)
        later = 0.0  # scheduled after the motion: the cards have turned when the line is written
        for ev in events:
            lines = words.event_lines(self._name, ev)
            if ev.kind == EventKind.REVEAL:
                # the log names the offers once the table has turned them over, not before
                later = theme.SLIDE + theme.FLIP
            if later:
                self.animator.wait(later, lambda lines=lines: self._log(lines))
            else:
                self._log(lines)
        if self.view.phase is not Phase.SELECT:
            self.choice = replace(self.choice, seats=frozenset(), wild=ZERO)
        self._sync_buttons()

    def _log(self, lines: list[str]) -> None:
        self.log_lines.extend(lines)  # the whole game's log: it scrolls

    def update_table(self, dt: float) -> None:
        self._clock += dt
        self.motion.update(dt)
        if self.view is not None:
            self._sync_buttons()

    def needs_frames(self) -> bool:
        return self.busy() or self.motion.aside.busy or self._pulsing()

    def _pulsing(self) -> bool:
        target = self.view.target if self.view is not None else None
        now = self._clock
        if target != self._pulse[0]:
            self._pulse = (target, now)
        calm = self.app.reduce_motion  # calm motion: the ring holds still from the start
        return target is not None and now - self._pulse[1] < PULSE_FOR and not calm

    # -- drawing ------------------------------------------------------------------------------------
    def ui(self) -> TurmbauUi:
        """The UI state the painters read this frame: made afresh only when what it is made of
        changed (a frame at rest pays for the pointer and the pulse alone)."""
        busy, log = self.busy(), self.log_lines
        key = (
            self.view,
            self.legal,
            self.choice,
            self.hover,
            self.cursor,
            self.card,
            busy,
            len(log),
            log[-1:],
            self._end_shown,
        )
        if self._ui is None or self._ui[0] != key:
            self._ui = (key, self._make_ui(busy))
        pulse = 0.5 + 0.5 * math.sin(self._clock / 0.22) if self._pulsing() else 1.0
        keys = self._pointed() != self.hover  # the disc or card the keys point at has the note
        mouse, below = cards.note_spot(self) if keys else (self.app.mouse, False)
        return replace(self._ui[1], mouse=mouse, below=below, pulse=pulse)

    def _make_ui(self, busy: bool) -> TurmbauUi:
        mode, legal = self.mode(), self.legal_moves()
        preview, reason = self.select_preview() if mode == "select" else (None, "")
        pointed = self._pointed()
        can_build = pointed is not None and pointed[0] == "disc" and pointed[1:] in legal.builds
        return TurmbauUi(
            mode=mode,
            names=tuple(self._name(s) for s in range(self.view.players)),
            legal=legal,
            hover=self.hover,
            cursor=self.cursor if self.card is None else None,
            card=self.card if self.hover is None else None,
            choice=self.choice,
            preview=preview,
            reason=reason,
            hand=tuple(self.hand_cards()),
            extras=tuple(self.extra_cards()),
            joker_usable=mode == "select" and self.joker_usable(),
            busy=busy,
            pass_and_play=self.controller.pass_and_play,
            log_lines=tuple(self.log_lines),
            **_said(self, mode, legal),
            tooltip=words.tooltip(self.view, pointed, can_build and not busy, self._name),
            motion=self.motion,
            end_shown=self._end_shown,
        )

    def _pointed(self) -> tuple | None:
        """What the note is about: the hovered thing, else the card or disc the keys point at."""
        return cards.pointed(self)

    def draw_table(self, canvas: Canvas) -> None:
        frame.draw_frame(canvas, self.view, self.ui(), self.still)

    def lesson_target(self, target: Any) -> pygame.Rect | None:
        """A lesson points at a disc, a card in hand, an offer, or the button that comes next."""
        rect = layout.lesson_rect(self.view, target, self.hand_cards(), self.choice.seats)
        if rect is None and target[0] in ("primary", "offer", "invite"):
            return pygame.Rect(self.btn_a.rect)  # the card is picked: Offer or Complete comes next
        return pygame.Rect(self.btn_b.rect) if target[0] == "secondary" else rect

    def lesson_keep_clear(self) -> Clear:
        return Clear(*layout.lesson_clear(self.hand_cards(), self.prompt()))

    # -- the end ------------------------------------------------------------------------------------
    def game_over(self) -> None:
        self._sync_buttons()  # the choice buttons go with the table

    def end_row_y(self) -> float:
        return sheet.rects(self.view)[0].bottom - 72

    def draw_end_body(self, canvas: Canvas) -> bool:
        """The final score sheet replaces the template's panel."""
        v = self.view
        names = tuple(self._name(s) for s in range(v.players))
        notes = words.sheet_notes(v.final, self._name)
        key = (id(self.match), self.match.ply)
        sheet.draw_score_sheet(canvas, v, names, self.result_title(), self.result_lines(), notes, key)
        return True

    def result_lines(self) -> list[str]:
        return words.result_lines(self.match.view(None), self._name)


def _said(table: TurmbauTable, mode: str, legal: LegalMoves) -> dict[str, Any]:
    """The prompt and the key line, each then in fewer words (longest first) for a small window;
    the keys in brackets are the player's."""
    shorter = words.shorter_prompts(table.view, mode, table._name)
    short_keys, lean_keys = (
        keymap.relabel(words.help_line(table.view, mode, legal, short=True, lean=lean), "turmbau", loose=True)
        for lean in (False, True)
    )
    prompt, keys = table.prompt(), table.help_line()
    return {
        "prompt": prompt,
        "prompts": (prompt, *(keymap.relabel(x, "turmbau") for x in shorter)),
        "help": keys,
        "helps": (keys, short_keys, lean_keys),
    }
