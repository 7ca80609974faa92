"""Where the duel's things lie: the felt, the side panel, and per seat the fan, the face-down
slot, the name plate and the die's place. Pure geometry from the seat order (the viewer at the
bottom, the others across the table)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from babel.games.duel.model import DuelView
from scenes import theme

FELT = pygame.Rect(30, 24, 1170, 852)
PANEL_X, PANEL_W = 1222, 346
TOOLS_ROW = (PANEL_X, 768, PANEL_W, 42)  # Undo and Hint, between the rounds sheet and Menu
MENU_ROW = (PANEL_X, 820, PANEL_W, 46)  # Menu and Rules, at the bottom of the panel
COACH_ANCHOR = (1188, 630, 340)  # the coach's note: the felt's free right side, off the rounds sheet
LESSON_BOX = (56, 190, 400, 0)  # a lesson's words: the empty felt left of the middle
HAND_Y = 790
SMALL = (62, 88)  # the others' cards
CENTRE_DIE = (615, 420)
PLATE_SIZE = (340, 44)
PROMPT_POS = (615, 697)


@dataclass(frozen=True)
class Seating:
    """The seats in screen order: ``order[0]`` sits at the bottom."""

    order: tuple[int, ...]
    players: int

    @classmethod
    def of(cls, v: DuelView) -> Seating:
        me = v.seat if v.seat is not None else 0
        return cls(tuple((me + i) % v.players for i in range(v.players)), v.players)

    def place(self, seat: int) -> str:
        i = self.order.index(seat)
        if i == 0:
            return "bottom"
        if self.players == 2:
            return "top"
        return "left" if i == 1 else "right"

    def card_size(self, seat: int) -> tuple[float, float]:
        return (theme.CARD_W, theme.CARD_H) if self.place(seat) == "bottom" else SMALL

    def hand_anchor(self, seat: int) -> tuple[float, float, float]:
        """Centre x, y and spacing of a seat's fan."""
        place = self.place(seat)
        if place == "bottom":
            return (615, HAND_Y, 68)
        if place == "top":
            return (615, 100, 44)
        return (330 if place == "left" else 900, 100, 30)

    def fan(self, seat: int, n: int) -> list[tuple[float, float]]:
        """The centres of ``n`` cards fanned at a seat, left to right."""
        cx, cy, step = self.hand_anchor(seat)
        return [(cx + (i - (n - 1) / 2) * step, cy) for i in range(n)]

    def slot_pos(self, seat: int) -> tuple[float, float]:
        place = self.place(seat)
        return {"bottom": (615, 545), "top": (615, 290), "left": (430, 290), "right": (800, 290)}[place]

    def die_pos(self, builder: int | None) -> tuple[float, float]:
        if builder is None:
            return CENTRE_DIE
        x, y = self.slot_pos(builder)
        return (x + 112, y + 10)

    def plate_pos(self, seat: int) -> tuple[float, float]:
        if self.place(seat) == "bottom":
            return (615, 652)
        x, _, _ = self.hand_anchor(seat)
        return (x, 180)

    def plate_rect(self, seat: int) -> pygame.Rect:
        x, y = self.plate_pos(seat)
        w, h = PLATE_SIZE
        return pygame.Rect(round(x - w / 2), round(y - h / 2), w, h)

    def discard_pos(self, seat: int) -> tuple[float, float]:
        """Where a played card slides off the table after the round."""
        x, y = self.hand_anchor(seat)[:2]
        place = self.place(seat)
        return (x - 420 if place != "right" else x + 260, y - 40 if place == "bottom" else y)


def lesson_clear(seating: Seating, hand: list[pygame.Rect]) -> tuple[tuple[pygame.Rect, ...], tuple[pygame.Rect, ...]]:
    """What a lesson's words leave in sight: the cards played face down and the die between them,
    the name plates, the prompt line and the learner's hand; and where they can, the others'
    hands and the side panel."""
    need = [pygame.Rect(PROMPT_POS[0] - 320, PROMPT_POS[1] - 14, 640, 28)]  # its words are short
    for seat in seating.order:
        slot = pygame.Rect(0, 0, theme.CARD_W + 16, theme.CARD_H + 16)
        slot.center = tuple(round(v) for v in seating.slot_pos(seat))
        die = pygame.Rect(0, 0, 60, 60)
        die.center = tuple(round(v) for v in seating.die_pos(seat))
        need += [slot.union(die), seating.plate_rect(seat)]
    die = pygame.Rect(0, 0, 60, 60)
    die.center = CENTRE_DIE
    need.append(die)
    if hand:
        need.append(hand[0].unionall(hand[1:]))
    rather = [pygame.Rect(PANEL_X, 24, PANEL_W, TOOLS_ROW[1] - 34)]  # the scores and the rounds
    for seat in seating.order[1:]:
        x, y, _ = seating.hand_anchor(seat)
        rather.append(pygame.Rect(round(x - 300), round(y - SMALL[1] / 2), 600, SMALL[1]))
    return tuple(need), tuple(rather)
