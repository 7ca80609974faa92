"""A minimal table for the example game, so launcher and pass-and-play tests have a game to open.

Tests only: the example game never appears in the real menu.
"""

from __future__ import annotations

import pygame

from scenes import theme
from scenes.table import TableScene
from scenes.widgets.cards import CardSprite


def paint_number(face, w, h):
    from scenes.widgets.cards import card_blank

    surf = card_blank(w, h)
    font = pygame.font.Font(None, max(8, h // 2))
    img = font.render(str(face), True, theme.INK)
    surf.blit(img, img.get_rect(center=(w // 2, h // 2)))
    return surf


class ExampleTable(TableScene):
    def bind(self) -> None:
        self.cards = []
        if self.view is None or self.viewer is None:
            return
        for i, card in enumerate(self.view.hand):
            self.cards.append(CardSprite(card, paint_number, (500 + i * 120, 700), face_up=True))

    def handle_table(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for sprite in self.cards:
                if sprite.hit(event.pos):
                    action = next((a for a in self.legal if a.card == sprite.face), None)
                    if action is not None:
                        self.submit(action)
                    else:
                        self.app.toast("Not your turn")
                    return True
        return False

    def draw_table(self, canvas) -> None:
        canvas.table(felt=pygame.Rect(100, 100, 1400, 700))
        for sprite in self.cards:
            sprite.draw(canvas, highlight=bool(self.legal))
