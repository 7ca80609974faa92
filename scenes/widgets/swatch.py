"""A seat's colour on the setup screen: a patterned cube that changes colour when clicked."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes import assets
from scenes.canvas import Canvas
from scenes.widgets.basic import Widget
from scenes.widgets.blocks import paint_cube


class ColourSwatch(Widget):
    """Shows ``look()`` (colour, pattern, name); a click (when ``on_click`` is given) asks for the
    next colour. The tooltip names the colour and its pattern, for colour-blind players."""

    def __init__(self, rect, look: Callable[[], tuple], on_click: Callable[[], None] | None) -> None:
        super().__init__(rect)
        self.look = look
        self.on_click = on_click

    @property
    def tooltip(self) -> str:
        _, pattern, name = self.look()
        mark = "" if pattern == "plain" else f", marked with {pattern}"
        return f"{name}{mark}" + (": click or press Enter for another colour" if self.on_click else ", set by the rules")

    def can_focus(self) -> bool:
        return self.visible and self.on_click is not None

    def activate(self) -> None:
        if self.on_click is not None:
            self.on_click()

    def handle(self, event: pygame.event.Event) -> bool:
        if (
            self.on_click is not None
            and event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.on_click()
            return True
        return False

    def draw(self, canvas: Canvas, mouse: tuple[float, float]) -> None:
        colour, pattern, _ = self.look()
        if self.on_click is not None and self.rect.collidepoint(mouse):
            canvas.glow(self.rect, radius=8, spread=5)
        px = canvas.px(min(38, self.rect.h - 6))
        img = assets.surface(
            ("seat-cube", colour, pattern, px), lambda: paint_cube(colour, pattern, px).convert_alpha()
        )
        canvas.blit(img, self.rect.center, anchor="center")
