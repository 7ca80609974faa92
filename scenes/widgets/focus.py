"""The keyboard focus: one widget of a screen that Enter acts on, moved by Tab and the arrows.

Tab / Shift+Tab go through the widgets one can act on in their order (the order a screen lays
them out: reading order); the arrow keys go to the nearest one in that direction; Enter or
Space acts on the focused one (a focused stepper also turns with Left/Right). A click puts the
focus where it lands. The focus is drawn only once a key has moved it, and hidden again by a
click, as browsers do (focus-visible): mouse players never see it, keyboard players always do.

Widgets take part through three small methods (see ``Widget`` in basic.py): ``can_focus``,
``activate`` and ``focus_key``; a text field also has ``focused`` (typing) and ``begin_typing``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from scenes import theme
from scenes.canvas import Canvas
from scenes.core import NO_POINTER

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
MODIFIERS = (
    pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
    pygame.K_LALT, pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI,
)
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


class _Shown:
    """Whether the focus is drawn: one flag for the whole app, so a keyboard player who opens
    another screen sees its focus at once, and a click anywhere hides it everywhere."""

    on = False


def focus_shown() -> bool:
    return _Shown.on


def show_focus(on: bool) -> None:
    _Shown.on = on


def focus_id(widget) -> tuple:
    """What a widget is, across rebuilds of its screen: its kind, words and place."""
    label = getattr(widget, "label", "")
    return (type(widget).__name__, label if isinstance(label, str) else "", tuple(widget.rect))


class Focus:
    """The focus over ``widgets()`` (called each time, so rows that come and go are followed).

    ``tab``: plain Tab moves it (a table whose game uses Tab passes False: Ctrl+Tab still does).
    ``arrows``: the arrow keys move it (False where the screen uses them, e.g. to scroll).
    ``game_keys``: the screen's own keys (a table's, an editor's) hide the focus, so Enter and
    Space are the screen's again until the next Tab."""

    def __init__(
        self, widgets: Callable[[], Sequence], tab: bool = True, arrows: bool = True, game_keys: bool = False
    ) -> None:
        self.widgets = widgets
        self.tab = tab
        self.arrows = arrows
        self.game_keys = game_keys
        self.order: Callable | None = None  # a sort key, where the building order is not the reading one
        self.current: tuple | None = None  # the focus_id of the focused widget

    # -- which ---------------------------------------------------------------------------------
    def targets(self) -> list:
        found = [w for w in self.widgets() if w.can_focus()]
        return sorted(found, key=self.order) if self.order is not None else found

    def focused(self):
        """The focused widget, if it is still there to act on."""
        if self.current is None:
            return None
        return next((w for w in self.targets() if focus_id(w) == self.current), None)

    def typing(self):
        """The text field being typed in, if any."""
        return next((w for w in self.widgets() if getattr(w, "focused", False) and w.visible), None)

    def keep(self, other: Focus | None) -> None:
        """Take over ``other``'s focus (a screen that builds its widgets again)."""
        if other is not None and other.current is not None:
            self.current = other.current

    def set(self, widget) -> None:
        """Focus ``widget``; a text field begins taking the typing, any other field stops."""
        self.current = focus_id(widget) if widget is not None else None
        for w in self.widgets():
            if getattr(w, "focused", False) and w is not widget:
                w.focused = False
        if widget is not None and hasattr(widget, "begin_typing"):
            widget.begin_typing()

    # -- input ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Keys that move or use the focus (True when taken); a click only moves it."""
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            show_focus(False)
            # the last one drawn is on top (a card's own button over the card)
            hit = next((w for w in reversed(self.targets()) if w.rect.collidepoint(event.pos)), None)
            if hit is not None:
                self.current = focus_id(hit)
            return False
        if event.type != pygame.KEYDOWN:
            return False
        mod = getattr(event, "mod", 0)
        if event.key == pygame.K_TAB and (self.tab or mod & pygame.KMOD_CTRL):
            self.step(-1 if mod & pygame.KMOD_SHIFT else 1)
            return True
        if self.typing() is not None:
            return False  # the field takes every other key
        if self.game_keys and event.key not in (*ENTER_KEYS, *MODIFIERS):
            show_focus(False)
            return False
        here = self.focused()
        arrow = ARROWS.get(event.key) if self.arrows and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) else None
        if arrow is not None and any(getattr(w, "hotkey", None) == event.key for w in self.targets()):
            arrow = None  # a screen's own arrow shortcut stays its own
        if not focus_shown() or here is None:
            if arrow is not None and self.targets():
                show_focus(True)
                self.set(here or self.targets()[0])
                return True
            return False
        if here.focus_key(event):
            return True
        if event.key in ENTER_KEYS and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            here.activate()
            return True
        if arrow is not None:
            self.set(nearest(here, self.targets(), arrow) or here)
            return True
        return False

    def step(self, delta: int) -> None:
        """Tab: the next (or previous) widget, round the end to the start."""
        targets = self.targets()
        if not targets:
            return
        here = self.focused()
        if here is None:
            nxt = targets[0] if delta > 0 else targets[-1]
        else:
            ids = [focus_id(w) for w in targets]  # rows are made anew each time: found by what they are
            nxt = targets[(ids.index(self.current) + delta) % len(targets)]
        show_focus(True)
        self.set(nxt)

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, canvas: Canvas, mouse: tuple[float, float] | None = None) -> None:
        """The ring round the focused widget (not on a screen covered by another: ``mouse`` is
        then ``NO_POINTER``)."""
        here = self.focused() if focus_shown() and mouse != NO_POINTER else None
        if here is not None:
            draw_ring(canvas, here.rect)


def draw_ring(canvas: Canvas, rect) -> None:
    """The focus ring: a thick light-blue line with a dark line inside it, so it shows on light
    paper and on dark wood alike (and thicker in the high-contrast look)."""
    r = pygame.Rect(rect).inflate(14, 14)
    width = 5 * theme.OUTLINE
    canvas.fill_rect((10, 10, 14), r.inflate(4, 4), radius=16, width=2 + theme.OUTLINE)
    canvas.fill_rect(theme.FOCUS, r, radius=14, width=width)


def nearest(here, targets: Sequence, direction: tuple[int, int]):
    """The widget nearest to ``here`` in ``direction``: ahead of it, and the least off to the side."""
    hx, hy = here.rect.center
    dx, dy = direction
    best, best_score = None, None
    for w in targets:
        if focus_id(w) == focus_id(here):
            continue
        x, y = w.rect.center
        ahead = (x - hx) * dx + (y - hy) * dy
        side = abs((x - hx) * dy) + abs((y - hy) * dx)
        if ahead <= 0:
            continue
        score = ahead + 2 * side
        if best_score is None or score < best_score:
            best, best_score = w, score
    return best
