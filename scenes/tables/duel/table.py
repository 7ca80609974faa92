"""The card duel's table: hands fanned at the seats, cards chosen face down and revealed together,
the die travelling between the centre and the Builder, scores and a round log.

Everything drawn comes from the current seat's ``DuelView``; the animation follows the events.
This module turns input into actions and keeps the screen's small state; ``layout`` says where
things lie, ``animate`` moves the sprites, ``draw`` paints.
"""

from __future__ import annotations

from typing import Any

import pygame

from babel.core.protocol import Event
from babel.games.duel.actions import Play
from babel.games.duel.model import JOKER, DuelView, EndReason
from scenes import wording
from scenes.canvas import Canvas
from scenes.layers import StaticLayer
from scenes.table import TableScene
from scenes.table_lesson import Clear
from scenes.tables.duel import draw, layout
from scenes.tables.duel.animate import DuelSprites
from scenes.tables.duel.draw import DuelUi
from scenes.tables.duel.layout import Seating

KEYS = {
    pygame.K_0: 10,
    pygame.K_t: 10,
    pygame.K_j: 11,
    pygame.K_q: 12,
    pygame.K_k: 13,
    pygame.K_a: 14,
    pygame.K_x: JOKER,
    pygame.K_1: 14,
}
KEYS.update({getattr(pygame, f"K_{n}"): n for n in range(2, 10)})


class DuelTable(TableScene):
    TOOLS_ROW = layout.TOOLS_ROW
    MENU_ROW = layout.MENU_ROW
    LESSON_BOX = layout.LESSON_BOX
    COACH_ANCHOR = layout.COACH_ANCHOR
    LOG_STYLE = (15, 24)

    def __init__(self, match, store=None, threaded: bool = True) -> None:
        super().__init__(match, store, threaded)
        self.still = StaticLayer()  # the table and the hands at rest, repainted when they change
        self.hover: int | None = None
        self.queued: int | None = None  # a card chosen while the table still moved

    def lesson_keep_clear(self) -> Clear:
        hand = [pygame.Rect(s.rect) for s in self.sprites.shown(self.viewer)] if self.viewer is not None else []
        return Clear(*layout.lesson_clear(self.seating, hand))

    def lesson_target(self, target: Any) -> pygame.Rect | None:
        """A lesson points at a card of the learner's hand (its value)."""
        if self.viewer is None:
            return None
        shown = self.sprites.shown(self.viewer)
        for i, sprite in enumerate(shown):
            if sprite.face == target:
                r = pygame.Rect(sprite.rect)
                if i + 1 < len(shown):  # the visible strip of a fanned card
                    r.width = max(20, min(r.width, shown[i + 1].rect.left - r.left))
                return r
        return None

    def bind(self) -> None:
        """Rebuild every sprite from the view (after a handover, an undo, or at the end of a round)."""
        v: DuelView = self.view
        self.seating = Seating.of(v)
        self.sprites = DuelSprites(v, self.seating, self.animator)
        self.log_lines = draw.history_lines(v.history, self.seat_name)
        self.hover = None
        self.queued = None

    # -- input --------------------------------------------------------------------------------
    def handle_table(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._card_at(event.pos)
            self._lift_hover()
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            card = self._card_at(event.pos)
            if card is not None:
                self._choose(card)
                return True
        if event.type == pygame.KEYDOWN and event.key in KEYS and not event.mod & pygame.KMOD_CTRL:
            self._choose(KEYS[event.key])
            return True
        return False

    def _card_at(self, pos) -> int | None:
        return None if self.viewer is None else self.sprites.card_at(self.viewer, pos)

    def _lift_hover(self) -> None:
        """Raise the hovered playable card, so what the mouse finds is where it is drawn."""
        ui, v = self.ui(), self.view
        for seat, cards in self.sprites.hands.items():
            for sprite in cards:
                sprite.lift = ui.lift(v, seat, sprite.face)

    def _choose(self, card: int) -> None:
        if self.busy():
            # A card chosen while the table still moves is kept and played when it settles (the
            # prompt shows it), rather than dropped without a word.
            if self.viewer is not None and not self.match.over:
                self.queued = card
            return
        self.queued = None
        if not self.legal:
            self.app.toast(
                "Wait for the next round" if self.viewer is not None else "Watching: no seat of yours"
            )
            return
        self.submit(Play(card))

    def update_table(self, dt: float) -> None:
        self.sprites.prune()
        self._lift_hover()
        if self.queued is not None and not self.busy() and self.legal:
            self._choose(self.queued)

    # -- events -------------------------------------------------------------------------------
    def on_step(self, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        self.sprites.play(events, self.view, self.app.sound.play, self._log_round, self._round_cleared)

    def _log_round(self, data: dict) -> None:
        self.log_lines.append(draw.event_line(self.view, data, self.seat_name))

    def _round_cleared(self) -> None:
        self.refresh()
        queued = self.queued
        self.bind()
        self.queued = queued  # the same player keeps the screen: a card chosen early stays chosen

    def log_rect(self) -> pygame.Rect:
        return pygame.Rect(draw.LOG_RECT)

    # -- text ---------------------------------------------------------------------------------
    def seat_name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.controller.seat_name(seat)

    def result_lines(self) -> list[str]:
        v = self.match.view(None)
        lines = ["   ".join(f"{self.seat_name(i)}: {s}" for i, s in enumerate(v.scores))]
        if v.end is EndReason.SIX:
            lines.append(f"{self.seat_name(v.builder)} won a round with the six showing.")
        else:
            lines.append(f"After {wording.count(len(v.history), 'round')}.")
        return lines

    # -- drawing ------------------------------------------------------------------------------
    def ui(self) -> DuelUi:
        """The screen's small state for the painters, as it is now."""
        return DuelUi(
            names=tuple(self.controller.seat_name(s) for s in range(self.view.players)),
            seating=self.seating,
            legal=frozenset(a.card for a in self.legal),
            busy=self.busy(),
            hover=self.hover,
            queued=self.queued,
            watching_bots=self.controller.watching_bots,
            board=self.sprites.board,
        )

    def draw_table(self, canvas: Canvas) -> None:
        v: DuelView = self.view
        ui = self.ui()
        sprites = self.sprites
        # hands with no card in motion are painted into the still layer with the table
        resting = sprites.resting()
        hands = tuple(tuple((s.face, s.pos, s.hidden) for s in sprites.hands[seat]) for seat in resting)
        key = (v, self.legal, ui.busy, self.hover, resting, hands, ui.board)
        self.still.draw(canvas, key, lambda c: draw.draw_still(c, v, ui, sprites, resting))
        draw.draw_moving(canvas, v, ui, sprites, resting)
