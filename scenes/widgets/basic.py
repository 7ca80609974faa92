"""Buttons, labels, panels, choice steppers and text input: the furniture of every screen."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from scenes import assets, theme
from scenes.canvas import Canvas
from scenes.widgets.focus import NO_POINTER, Focus, focus_shown


def panel(canvas: Canvas, r, title: str | None = None, alpha: int = 235) -> None:
    """A dark wooden panel with a brass edge, optionally titled."""
    canvas.shadow_rect(r, radius=16)
    canvas.fill_rect((*theme.PANEL, alpha), r, radius=16)
    canvas.fill_rect(theme.PANEL_EDGE, r, radius=16, width=2)
    if title:
        x, y, w, _ = r
        canvas.text(
            title, (x + w / 2, y + 12), 46, theme.GOLD, role="title", anchor="midtop", max_width=w - 40
        )


def tooltip(
    canvas: Canvas,
    text: str,
    mouse: tuple[float, float],
    width: float = 320,
    below: bool = False,
    clear_of: pygame.Rect | None = None,
) -> None:
    """A small paper note by the mouse, wrapped to ``width``, kept on screen (hover help); at a
    larger text size its words and width grow. ``below``: hung under the point, not over it;
    ``clear_of``: a place it keeps to the left of (buttons it would cover)."""
    size = canvas.ts(15)
    grow = size / 15
    width = min(width * grow**0.5, theme.LOGICAL_W - 40)
    lines = canvas.wrap(text, size, width)
    w = min(width, max(canvas.text_size(line, size)[0] for line in lines)) + 24
    r = pygame.Rect(0, 0, round(w), round(14 + 20 * grow * len(lines)))
    r.bottomleft = (round(mouse[0] + 14), round(mouse[1] - 12))
    if below:
        r.topleft = (round(mouse[0] + 14), round(mouse[1] + 8))
    r.right = min(r.right, 1590)
    if clear_of is not None and r.colliderect(clear_of):
        r.right = min(r.right, clear_of.left - 6)
    r.top = max(r.top, 6)
    paper(canvas, r, radius=8)
    y = r.y + 8
    for line in lines:
        canvas.text(line, (r.x + 12, y), size, theme.INK, max_width=width)
        y += 20 * grow


def fitted_size(
    canvas: Canvas, text: str, size: float, width: float, role: str = "sans", least: float = 0.6
) -> float:
    """The largest text size up to ``size`` (and down to ``least`` of it) at which ``text`` fits
    in ``width``: labels that matter shrink a little rather than lose their end to an ellipsis."""
    floor = size * least
    while size > floor and canvas.text_size(text, size, role)[0] > width:
        size = max(floor, size - 0.5)
    return size


def label_size(canvas: Canvas, text: str, size: float, width: float, height: float, role: str = "sans") -> float:
    """A control's label size at the player's text size: grown with the setting as far as the
    control's height allows (0.6 of it, or up to 0.7 to reach the smallest size, ``Canvas.least``),
    then shrunk (down to 0.6 of ``size``) to fit its width."""
    grown = max(size, min(canvas.ts(size), _room(canvas, height)))
    return fitted_size(canvas, text, grown, width, role, least=0.6 * size / grown)


def _room(canvas: Canvas, height: float) -> float:
    """The largest label a control of ``height`` holds: 0.6 of it (a 42-unit button holds 16 px on
    1024x640), or as far as the smallest size within 0.7 of it (a 36-unit one holds it too)."""
    return max(height * 0.6, min(canvas.least, height * 0.7))


def label_wording(
    canvas: Canvas, wordings: Sequence[str], size: float, width: float, height: float, role: str = "sans"
) -> tuple[str, float]:
    """A control's label in the first of ``wordings`` (longest first) that fits ``width`` without
    shrinking under the smallest size (``Canvas.least``), and its ``label_size``; else the last."""
    for text in wordings:
        got = label_size(canvas, text, size, width, height, role)
        if got >= min(max(size, min(canvas.ts(size), _room(canvas, height))), canvas.least) - 0.01:
            return text, got
    return wordings[-1], label_size(canvas, wordings[-1], size, width, height, role)


def paper(canvas: Canvas, r, radius: float = 10) -> None:
    """A sheet of paper lying on the table (scores, logs, the rules)."""
    canvas.shadow_rect(r, radius=radius)
    canvas.fill_rect(theme.PAPER, r, radius=radius)
    canvas.fill_rect(theme.PAPER_DARK, r, radius=radius, width=2)


class Widget:
    """Something with a logical rect that may take input and draws itself."""

    def __init__(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        self.visible = True

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, canvas: Canvas, mouse: tuple[float, float]) -> None: ...

    # -- the keyboard focus (scenes/widgets/focus.py) ----------------------------------------------
    def can_focus(self) -> bool:
        """Whether Tab stops here: something one can act on."""
        return False

    def activate(self) -> None:
        """Enter or Space with the focus here."""

    def focus_key(self, event: pygame.event.Event) -> bool:
        """A key this widget takes itself while focused (before Enter and the arrows)."""
        return False


class Hotspot(Widget):
    """A place a screen draws and clicks itself (a game's card, a row of a list), given to the
    keyboard focus: Tab stops on it and Enter does what a click on it does. It draws nothing."""

    def __init__(self, rect, on_activate: Callable[[], Any], label: str = "") -> None:
        super().__init__(rect)
        self.on_activate = on_activate
        self.label = label

    def can_focus(self) -> bool:
        return self.visible

    def activate(self) -> None:
        self.on_activate()


KEY_HINT = re.compile(r" \([^()]{1,12}\)$")  # a label's key in brackets, at its end


class Button(Widget):
    """A clickable plate with a label; an optional hotkey triggers it from the keyboard."""

    def __init__(
        self,
        rect,
        label: str,
        on_click: Callable[[], Any],
        hotkey: int | None = None,
        enabled: bool = True,
        primary: bool = False,
        size: float = 24,
        tooltip: str = "",
        short: Sequence[str] = (),
    ) -> None:
        super().__init__(rect)
        self.label = label
        self.short = tuple(short)  # shorter wordings of the label, for a narrow button on a small window
        self.on_click = on_click
        self.hotkey = hotkey
        self.enabled = enabled
        self.primary = primary
        self.size = size
        self.tooltip = tooltip
        self._down = False

    def can_focus(self) -> bool:
        return self.visible and self.enabled

    def wordings(self) -> tuple[str, ...]:
        """The label, then without its key in brackets ("Menu (Esc)": "Menu"; the ? sheet and
        the tooltips name the keys), then the shorter wordings given."""
        bare = KEY_HINT.sub("", self.label)
        return (self.label, *((bare,) if bare and bare != self.label else ()), *self.short)

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._down = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_down, self._down = self._down, False
            if was_down and self.rect.collidepoint(event.pos):
                self.on_click()
                return True
        if event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey:
            self.on_click()
            return True
        return False

    def draw(self, canvas: Canvas, mouse: tuple[float, float]) -> None:
        if not self.visible:
            return
        hover = self.enabled and self.rect.collidepoint(mouse)
        if not self.enabled:
            fill = theme.BUTTON_DISABLED
        elif self._down and hover:
            fill = theme.BUTTON_DOWN
        elif hover:
            fill = theme.BUTTON_HOVER
        else:
            fill = theme.BUTTON
        lift = 0 if (self._down and hover) else 3
        edge = theme.GOLD if (self.primary and self.enabled) else theme.PANEL_EDGE
        colour = theme.BUTTON_TEXT if self.enabled else (150, 140, 130)
        # painted once per look and place, then one blit a frame (buttons sit on every screen)
        sr = canvas.rect(self.rect.move(0, -3).union(self.rect.move(0, 2)))
        look = (self.label, self.short, self.size, theme.TEXT_SCALE, self.primary, fill, edge, lift, hover, colour)
        key = ("button", tuple(sr), canvas.scale, canvas.ox, canvas.oy, tuple(self.rect), look)

        def paint() -> pygame.Surface:
            layer = canvas.layer(sr)
            self._paint(layer, fill, edge, lift, hover, colour)
            return layer.surface

        canvas.surface.blit(assets.surface(key, paint), sr.topleft)

    def _paint(self, canvas: Canvas, fill, edge, lift: int, hover: bool, colour) -> None:
        r = self.rect.move(0, -lift)
        canvas.fill_rect((20, 12, 6), self.rect.move(0, 2), radius=12)
        canvas.fill_rect(fill, r, radius=12)
        canvas.fill_rect(edge, r, radius=12, width=2 if not hover else 3)
        role = "sans_bold" if self.primary else "sans"
        label, size = label_wording(canvas, self.wordings(), self.size, r.w - 20, r.h, role)
        canvas.text(
            label,
            r.center,
            size,
            colour,
            role="sans_bold" if self.primary else "sans",
            anchor="center",
            max_width=r.w - 20,
        )


class Stepper(Widget):
    """'<  value  >': cycles through a fixed list of choices (player counts, levels, options)."""

    def __init__(
        self,
        rect,
        choices: Sequence[Any],
        value: Any,
        on_change: Callable[[Any], None],
        label: Callable[[Any], str] = str,
        size: float = 22,
        short: Callable[[Any], Sequence[str]] | None = None,
    ) -> None:
        super().__init__(rect)
        self.choices = list(choices)
        self.value = value if value in self.choices else self.choices[0]
        self.on_change = on_change
        self.label = label
        self.short = short  # a value's shorter wordings, for a long value on a small window
        self.size = size

    def _arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        h = self.rect.h
        return (
            pygame.Rect(self.rect.x, self.rect.y, h, h),
            pygame.Rect(self.rect.right - h, self.rect.y, h, h),
        )

    def step(self, delta: int) -> None:
        i = (self.choices.index(self.value) + delta) % len(self.choices)
        self.value = self.choices[i]
        self.on_change(self.value)

    def can_focus(self) -> bool:
        return self.visible and len(self.choices) > 1

    def activate(self) -> None:
        self.step(1)

    def focus_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and not getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.step(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            if event.button == 1:
                left, right = self._arrows()
                self.step(-1 if left.collidepoint(event.pos) else 1)
                return True
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            return False
        return False

    def draw(self, canvas: Canvas, mouse: tuple[float, float]) -> None:
        hover = self.rect.collidepoint(mouse)
        canvas.fill_rect((32, 24, 18), self.rect, radius=10)
        canvas.fill_rect(theme.GOLD if hover else theme.PANEL_EDGE, self.rect, radius=10, width=2)
        left, right = self._arrows()
        for r, glyph in ((left, "‹"), (right, "›")):
            lit = r.collidepoint(mouse)
            canvas.text(
                glyph, r.center, self.size + 10, theme.GOLD if lit else theme.BUTTON_TEXT, anchor="center"
            )
        wordings = (self.label(self.value), *(self.short(self.value) if self.short else ()))
        shown, size = label_wording(canvas, wordings, self.size, self.rect.w - 2 * self.rect.h, self.rect.h)
        canvas.text(
            shown,
            self.rect.center,
            size,
            theme.WHITE,
            anchor="center",
            max_width=self.rect.w - 2 * self.rect.h,
        )


class TextInput(Widget):
    """A one-line text field (player names): click to focus, type, Enter or click away to finish."""

    def __init__(
        self,
        rect,
        text: str,
        on_change: Callable[[str], None],
        max_len: int = 16,
        size: float = 22,
        placeholder: str = "",
    ) -> None:
        super().__init__(rect)
        self.text = text
        self.placeholder = placeholder
        self.on_change = on_change
        self.max_len = max_len
        self.size = size
        self.focused = False

    def can_focus(self) -> bool:
        return self.visible

    def begin_typing(self) -> None:
        """The focus came here: typing goes into the field until Tab, Enter or Esc."""
        if not self.focused:
            self.focused = True
            pygame.key.start_text_input()

    activate = begin_typing

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            # A click elsewhere only ends the typing: it goes on to whatever was clicked, so the
            # first click after typing a name is never swallowed.
            self.focused = self.rect.collidepoint(event.pos)
            if self.focused:
                pygame.key.start_text_input()
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            typed = "".join(c for c in event.text if c.isprintable())  # no controls, no zero-width
            text = (self.text + typed)[: self.max_len]
            if text != self.text:
                self.text = text
                self.on_change(self.text)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                self.on_change(self.text)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self.focused = False
                return True
            return True  # typing never triggers hotkeys behind the field
        return False

    def draw(self, canvas: Canvas, mouse: tuple[float, float]) -> None:
        canvas.fill_rect((250, 244, 228) if self.focused else theme.PAPER, self.rect, radius=8)
        # focus is told by a thicker edge too, not by its colour alone
        edge = theme.FOCUS if self.focused else theme.PAPER_DARK
        canvas.fill_rect(edge, self.rect, radius=8, width=(4 if self.focused else 2) * theme.OUTLINE)
        shown = self.text + (
            "|" if self.focused and int(pygame.time.get_ticks() / 1000 / theme.CURSOR_BLINK) % 2 == 0 else ""
        )
        size = max(self.size, min(canvas.ts(self.size), self.rect.h * 0.55))  # as large as its height allows
        if not shown and self.placeholder:
            canvas.text(
                self.placeholder,
                (self.rect.x + 12, self.rect.centery),
                size,
                theme.INK_SOFT,
                role="italic",
                anchor="midleft",
                max_width=self.rect.w - 20,
            )
            return
        canvas.text(
            shown or " ",
            (self.rect.x + 12, self.rect.centery),
            size,
            theme.INK,
            anchor="midleft",
            max_width=self.rect.w - 20,
        )


class WidgetGroup:
    """A list of widgets that share event routing and drawing."""

    def __init__(self, widgets: Sequence[Widget] = (), rows: Callable[[], list[Widget]] | None = None) -> None:
        """``rows``: widgets the screen draws and clicks itself (``Hotspot``), made again each
        time they are asked for, that the keyboard focus also goes through after ``widgets``."""
        self.widgets = list(widgets)
        self.rows = rows
        self.focus: Focus | None = Focus(self.focusable)

    def focusable(self) -> list[Widget]:
        return [*self.widgets, *(self.rows() if self.rows else ())]

    def keep_focus(self, old: WidgetGroup) -> WidgetGroup:
        """Take over the focus of the group this one replaces (a screen built again)."""
        if self.focus is not None:
            self.focus.keep(old.focus)
        return self

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for w in self.widgets:  # a click anywhere ends typing in every other field
                if isinstance(w, TextInput) and w.focused and not w.rect.collidepoint(event.pos):
                    w.focused = False
        if self.focus is not None and self.focus.handle(event):
            return True
        for w in self.widgets:
            if w.visible and w.handle(event):
                return True
        return False

    def draw(self, canvas: Canvas, mouse: tuple[float, float]) -> None:
        for w in self.widgets:
            if w.visible:
                w.draw(canvas, mouse)
        if self.focus is not None:
            self.focus.draw(canvas, mouse)
        hovered = next(
            (
                w
                for w in self.widgets
                if w.visible and getattr(w, "tooltip", "") and w.rect.collidepoint(mouse)
            ),
            None,
        )
        if hovered is not None:
            tooltip(canvas, hovered.tooltip, mouse)
        elif self.focus is not None and focus_shown() and mouse != NO_POINTER:
            here = self.focus.focused()  # the keys' focus shows what the pointer's hover shows
            if here is not None and getattr(here, "tooltip", ""):
                x, y, _, h = here.rect  # over the widget, or under it near the top of the screen
                tooltip(canvas, here.tooltip, (x, y + h if y < 120 else y), below=y < 120)

    @property
    def typing(self) -> bool:
        return any(isinstance(w, TextInput) and w.focused for w in self.widgets)
