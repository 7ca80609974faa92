"""The duel's events as motion: a card going face down to its slot, the cards turning over
together, the die moving or turning, points floating up, the round's cards sliding away.

``DuelSprites`` holds the moving pieces of one screen (rebuilt from the view by the table's
``bind``); its methods turn events (``EventKind`` members) into tweens on the table's animator.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from babel.games.duel.model import DuelView, EventKind, Phase
from scenes import theme
from scenes.anim import Animator, Tween
from scenes.tables.duel.art import painter
from scenes.tables.duel.layout import Seating
from scenes.widgets.cards import CardSprite
from scenes.widgets.dice import DieSprite

REVEAL_HOLD = 1.5  # seconds the revealed cards stay in the middle
FLOAT_TIME = 1.1  # seconds the points float up


class DuelSprites:
    """The fans, the face-down slots, the die, the winner's glow and the floating points."""

    def __init__(self, v: DuelView, seating: Seating, animator: Animator) -> None:
        self.seating = seating
        self.animator = animator
        self.hands: dict[int, list[CardSprite]] = {}
        for seat in range(v.players):
            size = seating.card_size(seat)
            self.hands[seat] = [
                CardSprite(card, painter(seat), face_up=True, size=size) for card in v.hands[seat]
            ]
            self.layout_hand(seat, animate=False)
        self.slots: dict[int, CardSprite] = {}
        for seat, chosen in enumerate(v.committed):
            if chosen:
                self.slots[seat] = CardSprite(None, pos=seating.slot_pos(seat), face_up=False)
                if seat == v.seat and v.my_choice is not None:
                    self.hide_in_hand(seat, v.my_choice)
        self.die = DieSprite(seating.die_pos(v.builder), v.die)
        # the Builder, scores and die the panel and plates show: a round's outcome is shown
        # when its cards have turned over, not when the round is resolved
        self.board = (v.builder, v.scores, v.die, v.round)
        self.winner_glow: int | None = None
        self.floaters: list[tuple[str, tuple[float, float], Tween]] = []

    # -- the fans ---------------------------------------------------------------------------
    def shown(self, seat: int) -> list[CardSprite]:
        return [s for s in self.hands[seat] if not s.hidden]

    def layout_hand(self, seat: int, animate: bool = True) -> None:
        cards = self.shown(seat)
        for sprite, target in zip(cards, self.seating.fan(seat, len(cards))):
            if animate and sprite.pos != target:
                sprite.slide_to(target, self.animator, theme.SLIDE, arc=0)
            else:
                sprite.pos = target

    def hide_in_hand(self, seat: int, card: int) -> None:
        for sprite in self.hands[seat]:
            if sprite.face == card:
                sprite.hidden = True
        self.layout_hand(seat, animate=False)

    def card_at(self, seat: int, pos) -> int | None:
        """The card of ``seat``'s fan under ``pos`` (the topmost), or None."""
        for sprite in reversed(self.hands[seat]):
            if not sprite.hidden and sprite.hit(pos):
                return sprite.face
        return None

    def resting(self) -> tuple[int, ...]:
        """The seats with no card of their fan in motion (painted into the still layer)."""
        return tuple(seat for seat in self.hands if not any(s.moving for s in self.shown(seat)))

    def prune(self) -> None:
        self.floaters = [f for f in self.floaters if not f[2].done]

    # -- the events -------------------------------------------------------------------------
    def play(
        self, events, v: DuelView, sound: Callable[[str], None], log: Callable[[dict], None], cleared
    ) -> None:
        """Animate the events one screen may see; ``log`` gets each resolved round's data and
        ``cleared`` is called once the round's cards have left the table."""
        for ev in events:
            if ev.kind == EventKind.COMMIT:
                self.commit(ev.data["seat"], v, sound)
            elif ev.kind == EventKind.REVEAL:
                self.reveal(ev.data["cards"], sound)
            elif ev.kind == EventKind.ROUND:
                self.round(ev.data, v, sound, log, cleared)

    def commit(self, seat: int, v: DuelView, sound: Callable[[str], None]) -> None:
        sound("card")
        start = self.seating.hand_anchor(seat)[:2]
        if seat == v.seat and v.my_choice is not None:
            for sprite in self.hands[seat]:
                if sprite.face == v.my_choice:
                    start = sprite.pos
            self.hide_in_hand(seat, v.my_choice)
            self.layout_hand(seat)
        sprite = CardSprite(None, pos=start, face_up=False)
        sprite.slide_to(self.seating.slot_pos(seat), self.animator, theme.SLIDE)
        self.slots[seat] = sprite

    def reveal(self, cards: list[int], sound: Callable[[str], None]) -> None:
        self.animator.wait(theme.SLIDE, lambda: sound("flip"))
        for i, seat in enumerate(self.seating.order):
            sprite = self.slots.get(seat)
            if sprite is None:
                sprite = CardSprite(None, pos=self.seating.slot_pos(seat), face_up=False)
                self.slots[seat] = sprite
            sprite.face = cards[seat]
            sprite.painter = painter(seat)
            sprite.flip(True, self.animator, theme.FLIP, delay=theme.SLIDE + 0.12 * i)
            # the played card leaves its owner's fan
            self.hands[seat] = [s for s in self.hands[seat] if s.face != cards[seat]]
            self.layout_hand(seat)

    def round(self, data: dict[str, Any], v: DuelView, sound, log, cleared: Callable[[], None]) -> None:
        after_flip = theme.SLIDE + 0.12 * len(self.seating.order) + theme.FLIP
        board = (v.builder, v.scores, v.die, v.round)
        self.animator.wait(after_flip, lambda: self._show_result(data, sound, log, board))
        hold = REVEAL_HOLD * (1 if v.phase is not Phase.OVER else 0.6)
        self.animator.wait(after_flip + hold, lambda: self._clear(cleared))

    def _show_result(self, data: dict[str, Any], sound: Callable[[str], None], log, board) -> None:
        winner = data["winner"]
        self.winner_glow = winner
        self.board = board
        log(data)
        if data["builder_after"] != data["builder_before"]:
            self.die.move_to(self.seating.die_pos(data["builder_after"]), self.animator)
            sound("die")
            if data["die_after"] != self.die.value:
                self.animator.wait(
                    theme.SLIDE * 1.4, lambda: self.die.turn_to(data["die_after"], self.animator)
                )
        elif data["die_after"] != data["die_before"]:
            self.die.turn_to(data["die_after"], self.animator)
            sound("die")
        if data["points"]:
            pos = self.seating.plate_pos(winner)
            self.floaters.append((f"+{data['points']}", pos, self.animator.show(FLOAT_TIME)))

    def _clear(self, cleared: Callable[[], None]) -> None:
        self.winner_glow = None
        for seat, sprite in list(self.slots.items()):
            sprite.slide_to(self.seating.discard_pos(seat), self.animator, theme.SLIDE, arc=10)
        self.animator.wait(theme.SLIDE, cleared)
