"""Cached layers: what does not move is painted once per change, then drawn with one blit.

A table's felt, board, panels and pieces at rest change only when the state, the hover or the
window does; repainting them every frame is what made 4K frames slow. ``StaticLayer`` keeps an
opaque window-sized picture of them, painted by the table's own painter through a canvas with
the same transform as the window (so the picture is pixel for pixel what direct drawing gives),
and repaints it only when the key the table names changes or the window is resized. Per frame
the table blits it and draws only what moves on top.

The key must name everything the painter reads that can change: the view object (a new one
after every change of state), the hover, the selection, whether an animation runs. Objects in
it are compared with ``==`` (identity first), so passing the view itself is cheap and safe.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from scenes import theme
from scenes.canvas import Canvas


class StaticLayer:
    """One cached opaque picture of a scene's still parts."""

    def __init__(self) -> None:
        self._surface: pygame.Surface | None = None
        self._key: object = None
        self.repaints = 0  # how often the painter ran (tests and the bench read it)

    def invalidate(self) -> None:
        self._key = None

    def draw(self, canvas: Canvas, key: Hashable, paint: Callable[[Canvas], None]) -> bool:
        """Blit the layer for ``key``, painting it first if the key or the window size changed.
        Returns whether it was repainted."""
        size = canvas.surface.get_size()
        key = (theme.GENERATION, key)
        repaint = self._surface is None or self._surface.get_size() != size or self._key != key
        if repaint:
            if self._surface is None or self._surface.get_size() != size:
                self._surface = None  # the old picture goes before the new one is made
                surface = pygame.Surface(size)
                self._surface = surface.convert() if pygame.display.get_surface() else surface
            self._key = None
            paint(Canvas(self._surface))
            self._key = key
            self.repaints += 1
        canvas.surface.blit(self._surface, (0, 0))
        return repaint
