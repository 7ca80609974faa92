"""The card duel's table: hands fanned at the seats, cards chosen face down and revealed together,
the die travelling between the centre and the Builder, scores and a round log.

Everything drawn comes from the current seat's ``DuelView``; the animation follows the events.
"""

from __future__ import annotations

from typing import Any

import pygame

from babel.core.protocol import Event
from babel.games.duel.actions import Play
from babel.games.duel.model import JOKER, DuelView, RoundKind, RoundRecord, card_text
from scenes import seat_colours, theme
from scenes.canvas import Canvas
from scenes.layers import StaticLayer
from scenes.table import TableScene
from scenes.widgets.basic import Button, fitted_size, paper
from scenes.widgets.cards import CardSprite, paint_french
from scenes.widgets.dice import DieSprite

FELT = pygame.Rect(30, 24, 1170, 852)
PANEL_X = 1222
SUITS = ("S", "H", "C")  # one full suit per seat
HAND_Y = 790
SMALL = (62, 88)
CENTRE_DIE = (615, 420)
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
REVEAL_HOLD = 1.5  # seconds the revealed cards stay in the middle


def face_code(seat: int, card: int) -> str:
    return "JK" + ("R" if seat == 1 else "B") if card == JOKER else f"{card_text(card)}{SUITS[seat]}"


class DuelTable(TableScene):
    TOOLS_ROW = (PANEL_X, 768, 346, 42)  # Undo and Hint, between the rounds sheet and Menu
    LESSON_BOX = (56, 190, 400, 0)  # a lesson's words: the empty felt left of the middle

    def lesson_target(self, target: Any) -> pygame.Rect | None:
        """A lesson points at a card of the learner's hand (its value)."""
        if self.viewer is None:
            return None
        shown = [s for s in self.hands.get(self.viewer, []) if not s.hidden]
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
        self.order = self._seat_order(v)
        self.hands: dict[int, list[CardSprite]] = {}
        for seat in range(v.players):
            self.hands[seat] = [
                CardSprite(card, self._painter(seat), face_up=True, size=self._card_size(seat))
                for card in v.hands[seat]
            ]
            self._layout_hand(seat, animate=False)
        self.slots: dict[int, CardSprite] = {}
        for seat, chosen in enumerate(v.committed):
            if chosen:
                self.slots[seat] = CardSprite(None, pos=self._slot_pos(seat), face_up=False)
                if seat == v.seat and v.my_choice is not None:
                    self._hide_in_hand(seat, v.my_choice)
        self.die = DieSprite(self._die_pos(v.builder), v.die)
        self.winner_glow: int | None = None
        self.floaters: list[tuple[str, tuple[float, float], Any]] = []
        self.log_lines = [
            self._history_line(i + 1, r, prev) for i, (r, prev) in enumerate(self._with_prev(v.history))
        ]
        self.hover: int | None = None
        self.queued: int | None = None  # a card chosen while the table still moved
        self._build_buttons()

    def _build_buttons(self) -> None:
        from scenes.widgets.basic import WidgetGroup

        self.widgets = WidgetGroup(
            [
                Button((PANEL_X, 820, 160, 46), "Menu", self.open_menu, size=20),
                Button((PANEL_X + 180, 820, 160, 46), "Rules (F1)", self._rules, size=20),
            ]
        )

    def _rules(self) -> None:
        from scenes.launcher.rules_viewer import RulesViewer

        self.app.push(RulesViewer("duel"))

    # -- geometry -----------------------------------------------------------------------------
    def _seat_order(self, v: DuelView) -> list[int]:
        """Seats in screen order: the viewer at the bottom, the others across the table."""
        me = v.seat if v.seat is not None else 0
        return [(me + i) % v.players for i in range(v.players)]

    def _place(self, seat: int) -> str:
        i = self.order.index(seat)
        if i == 0:
            return "bottom"
        if self.view.players == 2:
            return "top"
        return "left" if i == 1 else "right"

    def _card_size(self, seat: int) -> tuple[float, float]:
        return (theme.CARD_W, theme.CARD_H) if self._place(seat) == "bottom" else SMALL

    def _painter(self, seat: int):
        def paint(card, w, h, seat=seat):
            return paint_french(face_code(seat, card), w, h)

        paint.__name__ = f"duel-seat{seat}"
        return paint

    def _hand_anchor(self, seat: int) -> tuple[float, float, float]:
        """Centre x, y and spacing of a seat's fan."""
        place = self._place(seat)
        if place == "bottom":
            return (615, HAND_Y, 68)
        if place == "top":
            return (615, 100, 44)
        return (330 if place == "left" else 900, 100, 30)

    def _slot_pos(self, seat: int) -> tuple[float, float]:
        place = self._place(seat)
        return {"bottom": (615, 545), "top": (615, 290), "left": (430, 290), "right": (800, 290)}[place]

    def _die_pos(self, builder: int | None) -> tuple[float, float]:
        if builder is None:
            return CENTRE_DIE
        x, y = self._slot_pos(builder)
        return (x + 112, y + 10)

    def _plate_pos(self, seat: int) -> tuple[float, float]:
        place = self._place(seat)
        if place == "bottom":
            return (615, 652)
        x, _, _ = self._hand_anchor(seat)
        return (x, 180)

    def _layout_hand(self, seat: int, animate: bool = True) -> None:
        cards = [s for s in self.hands[seat] if not s.hidden]
        cx, cy, step = self._hand_anchor(seat)
        n = len(cards)
        for i, sprite in enumerate(cards):
            target = (cx + (i - (n - 1) / 2) * step, cy)
            if animate and sprite.pos != target:
                sprite.slide_to(target, self.animator, theme.SLIDE, arc=0)
            else:
                sprite.pos = target

    def _hide_in_hand(self, seat: int, card: int) -> None:
        for sprite in self.hands[seat]:
            if sprite.face == card:
                sprite.hidden = True
        self._layout_hand(seat, animate=False)

    # -- input --------------------------------------------------------------------------------
    def _card_at(self, pos) -> int | None:
        if self.viewer is None:
            return None
        for sprite in reversed(self.hands[self.viewer]):
            if not sprite.hidden and sprite.hit(pos):
                return sprite.face
        return None

    def handle_table(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._card_at(event.pos)
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
        if self.queued is not None and not self.busy() and self.legal:
            self._choose(self.queued)

    # -- events -------------------------------------------------------------------------------
    def on_step(self, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        for ev in events:
            if ev.kind == "commit":
                self._animate_commit(ev.data["seat"])
            elif ev.kind == "reveal":
                self._animate_reveal(ev.data["cards"])
            elif ev.kind == "round":
                self._animate_round(ev.data)

    def _animate_commit(self, seat: int) -> None:
        self.app.sound.play("card")
        v = self.view
        start = self._hand_anchor(seat)[:2]
        if seat == v.seat and v.my_choice is not None:
            for sprite in self.hands[seat]:
                if sprite.face == v.my_choice:
                    start = sprite.pos
            self._hide_in_hand(seat, v.my_choice)
            self._layout_hand(seat)
        sprite = CardSprite(None, pos=start, face_up=False)
        sprite.slide_to(self._slot_pos(seat), self.animator, theme.SLIDE)
        self.slots[seat] = sprite

    def _animate_reveal(self, cards: list[int]) -> None:
        self.animator.wait(theme.SLIDE, lambda: self.app.sound.play("flip"))
        for i, seat in enumerate(self.order):
            sprite = self.slots.get(seat)
            if sprite is None:
                sprite = CardSprite(None, pos=self._slot_pos(seat), face_up=False)
                self.slots[seat] = sprite
            sprite.face = cards[seat]
            sprite.painter = self._painter(seat)
            sprite.flip(True, self.animator, theme.FLIP, delay=theme.SLIDE + 0.12 * i)
            # the played card leaves its owner's fan
            self.hands[seat] = [s for s in self.hands[seat] if s.face != cards[seat]]
            self._layout_hand(seat)

    def _animate_round(self, data: dict) -> None:
        after_flip = theme.SLIDE + 0.12 * len(self.order) + theme.FLIP
        winner = data["winner"]
        v = self.view

        def show_result() -> None:
            self.winner_glow = winner
            self.log_lines.append(self._event_line(data))
            if data["builder_after"] != data["builder_before"]:
                self.die.move_to(self._die_pos(data["builder_after"]), self.animator)
                self.app.sound.play("die")
                if data["die_after"] != self.die.value:
                    self.animator.wait(
                        theme.SLIDE * 1.4, lambda: self.die.turn_to(data["die_after"], self.animator)
                    )
            elif data["die_after"] != data["die_before"]:
                self.die.turn_to(data["die_after"], self.animator)
                self.app.sound.play("die")
            if data["points"]:
                self.floaters.append(
                    (f"+{data['points']}", self._plate_pos(winner), self.animator.add(1.1, ease=lambda t: t))
                )

        def clear() -> None:
            self.winner_glow = None
            for seat, sprite in list(self.slots.items()):
                sprite.slide_to(self._discard_pos(seat), self.animator, theme.SLIDE, arc=10)
            self.animator.wait(theme.SLIDE, self._clear_slots)

        self.animator.wait(after_flip, show_result)
        self.animator.wait(after_flip + REVEAL_HOLD * (1 if v.phase.value != "over" else 0.6), clear)

    def _clear_slots(self) -> None:
        self.slots = {}
        self.refresh()
        queued = self.queued
        self.bind()
        self.queued = queued  # the same player keeps the screen: a card chosen early stays chosen

    def _discard_pos(self, seat: int) -> tuple[float, float]:
        x, y = self._hand_anchor(seat)[:2]
        return (
            x - 420 if self._place(seat) != "right" else x + 260,
            y - 40 if self._place(seat) == "bottom" else y,
        )

    # -- text ---------------------------------------------------------------------------------
    def _name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.controller.seat_name(seat)

    def _with_prev(self, history: tuple[RoundRecord, ...]):
        prev = None
        for r in history:
            yield r, prev
            prev = r.builder

    def _history_line(self, number: int, r: RoundRecord, builder_before: int | None) -> str:
        cards = " · ".join(card_text(c) for c in r.cards)
        return f"{number}. {cards}: " + self._outcome_words(r.kind.value, r.winner, builder_before, r.points)

    def _event_line(self, d: dict) -> str:
        texts = " · ".join(card_text(c) for c in self.view.history[d["round"] - 1].cards)
        return f"{d['round']}. {texts}: " + self._outcome_words(
            d["kind"], d["winner"], d["builder_before"], d["points"]
        )

    def _outcome_words(self, kind: str, winner: int | None, before: int | None, points: int) -> str:
        k = RoundKind(kind)
        if k is RoundKind.JOKER:
            return "one Joker, die to the centre" if before is not None else "one Joker, nothing happens"
        if k is RoundKind.CENTRE_TIE:
            return "tie, nobody builds"
        if k is RoundKind.TIE_ABOVE:
            return f"tie above {self._name(before)}, die to the centre"
        if k is RoundKind.NEW_BUILDER:
            return f"{self._name(winner)} becomes Builder"
        if winner is None:
            return "two Jokers, die stays in the centre"
        return f"{self._name(winner)} builds, +{points}"

    def result_lines(self) -> list[str]:
        v = self.match.view(None)
        lines = ["   ".join(f"{self._name(i)}: {s}" for i, s in enumerate(v.scores))]
        if v.end is not None and v.end.value == "six":
            lines.append(f"{self._name(v.builder)} won a round with the six showing.")
        else:
            lines.append(f"After {len(v.history)} rounds.")
        return lines

    # -- drawing ------------------------------------------------------------------------------
    def draw_table(self, canvas: Canvas) -> None:
        v: DuelView = self.view
        legal = {a.card for a in self.legal}
        busy = self.busy()
        # hands with no card in motion are painted into the still layer with the table
        resting = tuple(
            seat for seat in range(v.players) if not any(s.moving for s in self.hands[seat] if not s.hidden)
        )
        hands = tuple(tuple((s.face, s.pos, s.hidden) for s in self.hands[seat]) for seat in resting)
        key = (v, self.legal, busy, self.hover, len(self.log_lines), resting, hands)
        if not hasattr(self, "still"):
            self.still = StaticLayer()
        self.still.draw(canvas, key, lambda c: self._draw_still(c, v, legal, busy, resting))
        for seat in range(v.players):
            if seat not in resting:
                self._draw_hand(canvas, v, seat, legal, busy)
        for seat, sprite in self.slots.items():
            sprite.draw(canvas, highlight=self.winner_glow == seat)
        if v.seat is not None and v.my_choice is not None and v.seat in self.slots:
            sx, sy = self._slot_pos(v.seat)
            canvas.text(
                f"your card: {card_text(v.my_choice)}", (sx - 70, sy), 18, theme.PAPER, anchor="midright"
            )
        self.die.draw(canvas)
        for text, pos, tween in self.floaters:
            if not tween.done:
                canvas.text(
                    text, (pos[0], pos[1] - 50 * tween.t), 40, theme.GOLD, role="sans_bold", anchor="center"
                )
        self.floaters = [f for f in self.floaters if not f[2].done]
        self._draw_prompt(canvas)

    def _draw_still(self, canvas: Canvas, v: DuelView, legal: set, busy: bool, resting: tuple) -> None:
        """The table, the die's home, plates, slots, hands at rest and the panel."""
        canvas.table(felt=FELT)
        canvas.circle(theme.FELT_DARK, CENTRE_DIE, 44)
        canvas.circle(theme.GOLD_DARK, CENTRE_DIE, 44, width=2)
        for seat in range(v.players):
            self._draw_plate(canvas, seat)
            sx, sy = self._slot_pos(seat)
            w, h = theme.CARD_W + 10, theme.CARD_H + 10
            canvas.fill_rect(theme.FELT_DARK, (sx - w / 2, sy - h / 2, w, h), radius=12)
            canvas.fill_rect((*theme.GOLD_DARK, 255), (sx - w / 2, sy - h / 2, w, h), radius=12, width=1)
            if seat in resting:
                self._draw_hand(canvas, v, seat, legal, busy)
        self._draw_panel(canvas)

    def _draw_hand(self, canvas: Canvas, v: DuelView, seat: int, legal: set, busy: bool) -> None:
        for sprite in self.hands[seat]:
            if sprite.hidden:
                continue
            mine = seat == v.seat
            playable = mine and sprite.face in legal
            hovered = playable and not busy and sprite.face == self.hover
            sprite.lift = 16 if hovered else 0
            sprite.draw(canvas, highlight=hovered, dim=mine and bool(legal) and not playable)

    def _draw_plate(self, canvas: Canvas, seat: int) -> None:
        v: DuelView = self.view
        x, y = self._plate_pos(seat)
        w, h = 340, 44
        r = pygame.Rect(round(x - w / 2), round(y - h / 2), w, h)
        choosing = v.phase.value != "over" and not v.committed[seat] and not self.busy()
        if choosing:
            canvas.glow(r, theme.HIGHLIGHT, radius=12)
        canvas.fill_rect((26, 18, 12, 220), r, radius=12)
        colour = seat_colours.rgb(seat)
        canvas.circle(colour, (r.x + 22, r.centery), 9)
        name = self._name(seat)
        canvas.text(
            name,
            (r.x + 40, r.centery),
            fitted_size(canvas, name, 21, 150),
            theme.WHITE,
            anchor="midleft",
            max_width=150,
        )
        status = (
            "choosing…" if choosing else ("chosen" if v.phase.value != "over" and v.committed[seat] else "")
        )
        if v.builder == seat:
            status = "Builder" + (f" · {status}" if status else "")
        canvas.text(
            status,
            (r.right - 14, r.centery),
            16,
            theme.GOLD if v.builder == seat else theme.PAPER_DARK,
            anchor="midright",
            max_width=150,
        )

    def _draw_prompt(self, canvas: Canvas) -> None:
        v: DuelView = self.view
        if v.phase.value == "over":
            return
        queued = self.queued
        if queued is not None:
            msg = f"Your {card_text(queued)} is chosen: it is played when the table settles"
        elif self.legal and not self.busy():
            msg = "Choose a card: click it, or press 2-9, 0 = 10, J Q K A, X = Joker"
        elif v.seat is None:
            msg = "Watching the bots" if not self.controller.pass_and_play else ""
        elif v.committed[v.seat]:
            waiting = [self._name(s) for s in range(v.players) if not v.committed[s]]
            msg = f"Waiting for {', '.join(waiting)}" if waiting else ""
        else:
            msg = ""
        if msg:
            canvas.text(msg, (615, 697), 19, theme.PAPER, anchor="center", max_width=1100)

    def _draw_panel(self, canvas: Canvas) -> None:
        v: DuelView = self.view
        x, w = PANEL_X, 346
        paper(canvas, (x, 24, w, 330))
        canvas.text("Tower of Babel", (x + w / 2, 36), 30, theme.INK, role="title_bold", anchor="midtop")
        rnd = min(v.round, v.rounds)
        canvas.text(
            f"Round {rnd} of {v.rounds}" if v.phase.value != "over" else "Game over",
            (x + w / 2, 76),
            20,
            theme.INK_SOFT,
            anchor="midtop",
        )
        y = 118
        for seat in range(v.players):
            colour = seat_colours.rgb(seat)
            canvas.circle(colour, (x + 26, y + 14), 9)
            name = self._name(seat)
            size = fitted_size(canvas, name, 22, 170)
            canvas.text(name, (x + 44, y + 14), size, theme.INK, anchor="midleft", max_width=170)
            if v.builder == seat:
                canvas.text(
                    "die " + str(v.die),
                    (x + 236, y + 14),
                    16,
                    theme.GOLD_DARK,
                    role="sans_bold",
                    anchor="midright",
                )
            canvas.text(
                str(v.scores[seat]), (x + w - 22, y + 14), 28, theme.INK, role="sans_bold", anchor="midright"
            )
            y += 44
        canvas.text(
            "Die in the centre" if v.builder is None else f"{self._name(v.builder)} is the Builder",
            (x + w / 2, 318),
            18,
            theme.INK_SOFT,
            anchor="midtop",
            max_width=w - 20,
        )
        paper(canvas, (x, 370, w, 386))
        canvas.text("Rounds", (x + 16, 380), 22, theme.INK, role="title_bold")
        y = 414
        for line in self.log_lines[-12:]:  # as many as fit above the tool buttons
            canvas.text(line, (x + 14, y), 15, theme.INK, max_width=w - 26)
            y += 26
