"""The scene stack and the main loop.

A scene stack where the top scene gets input first (and may let it fall through to the scene
below), covered opaque scenes are not drawn, and a scene dismissed with a result hands that
result to the scene it uncovers. The loop updates at a fixed step with a catch-up cap and
draws once per frame. ``App.step`` is the whole loop body, so tests drive it with synthetic
events and simulated time (see scenes.pilot).
"""

from __future__ import annotations

import sys
import time
from typing import Any

import pygame

from babel.core.settings import Settings, SettingsError, load_settings, save_settings
from scenes import theme
from scenes.canvas import Canvas
from scenes.sound import Sound

STEP = 1.0 / theme.UPDATE_HZ
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class Scene:
    """Base class: override what you need. ``app`` is set when the scene is pushed."""

    opaque = True  # scenes below are not drawn
    modal = True  # input does not fall through to scenes below
    rules_game: str | None = None  # the game whose rules F1 opens
    app: App

    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self, result: Any = None) -> None: ...

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None: ...

    def draw(self, canvas: Canvas) -> None: ...

    def toast_owner(self) -> Any:
        """Whose toast one raised now is (a seat of a shared screen); None: everyone's."""
        return None

    def dismiss(self, result: Any = None) -> None:
        """Close this scene, handing ``result`` to the scene below."""
        if self.app.top is self:
            self.app.pop(result)


class Screen(Scene):
    """A full-screen page of widgets (setup, settings, saved games): input goes to the widgets,
    and Esc goes back."""

    widgets: Any

    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.dismiss()
            return True
        return False


def _unmap_big_blocks() -> None:
    """Window-sized textures come and go with every resize. glibc raises its mmap threshold each
    time such a block is freed, so the next ones land in the heap and stay there; a fixed
    threshold maps and unmaps them, and memory stays bounded however often the window changes."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").mallopt(-3, 256 * 1024)  # M_MMAP_THRESHOLD
    except (OSError, AttributeError):
        pass  # not glibc: its allocator decides


class Toast(tuple):
    """A toast as (message, seconds left), tagged with the owner it was raised for."""

    owner: Any

    def __new__(cls, message: str, left: float, owner: Any = None) -> Toast:
        toast = super().__new__(cls, (message, left))
        toast.owner = owner
        return toast


class App:
    """Window, scene stack, settings, sound and the frame loop."""

    def __init__(self, settings: Settings | None = None, size: tuple[int, int] | None = None) -> None:
        _unmap_big_blocks()
        pygame.init()
        self.settings = settings or load_settings()
        self.size = size or (self.settings.window_w, self.settings.window_h)
        self.fullscreen = False
        self._open_window(self.size, self.settings.fullscreen and size is None)
        pygame.display.set_caption("Babel Towers")
        pygame.key.set_repeat(400, 40)
        self.canvas = Canvas(pygame.display.get_surface())
        self.sound = Sound(self.settings.volume)
        self.stack: list[Scene] = []
        self.running = True
        self.mouse = (0.0, 0.0)
        self.time = 0.0
        self._acc = 0.0
        self.toasts: list[Toast] = []
        self._settings_unsaved = False

    # -- window ---------------------------------------------------------------------------
    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> None:
        flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        w, h = max(size[0], theme.MIN_WINDOW[0]), max(size[1], theme.MIN_WINDOW[1])
        pygame.display.set_mode((0, 0) if fullscreen else (w, h), flags)
        self.fullscreen = fullscreen

    def toggle_fullscreen(self) -> None:
        self._open_window(self.size, not self.fullscreen)
        self.canvas.resize(pygame.display.get_surface())

    def _resized(self, w: int, h: int) -> None:
        w, h = max(w, theme.MIN_WINDOW[0]), max(h, theme.MIN_WINDOW[1])
        self.size = (w, h)
        surface = pygame.display.get_surface()
        if surface.get_size() != (w, h):
            surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.canvas.resize(surface)

    # -- settings -------------------------------------------------------------------------
    @property
    def anim_speed(self) -> float:
        return theme.ANIM_SPEEDS.get(self.settings.anim_speed, 1.0)

    def apply_settings(self, settings: Settings, persist: bool = True) -> None:
        old = self.settings
        self.settings = settings
        self.sound.set_volume(settings.volume)
        if settings.fullscreen != self.fullscreen:
            self._open_window(self.size, settings.fullscreen)
            self.canvas.resize(pygame.display.get_surface())
        elif (settings.window_w, settings.window_h) != (old.window_w, old.window_h) and not self.fullscreen:
            self._open_window((settings.window_w, settings.window_h), False)
            self.size = (settings.window_w, settings.window_h)
            self.canvas.resize(pygame.display.get_surface())
        if persist:
            try:
                save_settings(settings)
            except SettingsError as exc:
                if not self._settings_unsaved:  # told once; the settings still apply this session
                    self._settings_unsaved = True
                    self.toast(str(exc))

    # -- stack ----------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].pause()
        scene.app = self
        self.stack.append(scene)
        scene.enter()

    def pop(self, result: Any = None) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        if self.stack:
            self.stack[-1].resume(result)
        else:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene`` (the one below is not resumed in between)."""
        if self.stack:
            self.stack.pop().exit()
        scene.app = self
        self.stack.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Clear the stack and start over from ``scene`` (back to the main menu)."""
        while self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def quit(self) -> None:
        self.running = False

    def toast(self, message: str) -> None:
        """A short message over everything (refused actions, saves, errors). It belongs to the
        seat that owns the screen now: it is never shown once the screen has passed on."""
        owner = self.top.toast_owner() if self.top is not None else None
        self.toasts.append(Toast(message, theme.TOAST, owner))
        self.toasts = self.toasts[-3:]

    def drop_toasts(self, owner: Any) -> None:
        """Forget the toasts raised for ``owner`` (a handover); public ones stay."""
        if owner is not None:
            self.toasts = [t for t in self.toasts if t.owner != owner]

    def shown_toasts(self) -> list[Toast]:
        """The toasts that may be drawn now: public ones and those of a seat owning the screen
        (the others are dropped at the next update)."""
        owners = {scene.toast_owner() for scene in self.stack}
        return [t for t in self.toasts if t.owner is None or t.owner in owners]

    # -- loop -----------------------------------------------------------------------------
    def step(self, dt: float, events: list[pygame.event.Event], draw: bool = True) -> None:
        """One frame: route input, advance fixed-step updates, draw."""
        for event in events:
            self._route(event)
        self._acc += min(dt, STEP * theme.MAX_CATCH_UP)
        steps = 0
        while self._acc >= STEP and steps < theme.MAX_CATCH_UP:
            self._update(STEP)
            self._acc -= STEP
            steps += 1
        if draw and self.stack:
            self.draw()

    def _update(self, dt: float) -> None:
        self.time += dt
        if self.top is not None:
            self.top.update(dt)
        self.toasts = [Toast(t[0], t[1] - dt, t.owner) for t in self.shown_toasts() if t[1] - dt > 0]

    def _route(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            from scenes.widgets.confirm import ConfirmDialog, ask_quit

            in_game = any(getattr(s, "game_in_progress", False) for s in self.stack)
            if in_game and not isinstance(self.top, ConfirmDialog):
                ask_quit(self)  # closing the window mid-game asks first (a second close quits)
                return
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if not self.fullscreen:
                size = getattr(event, "size", None) or (event.x, event.y)
                self._resized(*size)
            return
        if event.type in MOUSE_EVENTS:
            logical = self.canvas.to_logical(event.pos)
            self.mouse = logical
            attrs = dict(event.dict)
            attrs["pos"] = logical
            attrs["screen_pos"] = event.pos
            event = pygame.event.Event(event.type, attrs)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11 or (event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT):
                self.toggle_fullscreen()
                return
            if event.key == pygame.K_F1 and not getattr(self.top, "is_rules_viewer", False):
                from scenes.launcher.rules_viewer import RulesViewer

                self.push(RulesViewer(getattr(self.top, "rules_game", None)))
                return
        for scene in reversed(self.stack):
            if scene.handle(event) or scene.modal:
                break

    def draw(self) -> None:
        first = len(self.stack) - 1
        while first > 0 and not self.stack[first].opaque:
            first -= 1
        for scene in self.stack[first:]:
            scene.draw(self.canvas)
        toasts = self.shown_toasts()
        if toasts:
            from scenes.widgets.toast import draw_toasts

            draw_toasts(self.canvas, toasts)

    def run(self) -> None:
        """The real loop: wall-clock time, real events, vsync-ish pacing at 60 FPS."""
        clock = pygame.time.Clock()
        last = time.perf_counter()
        while self.running and self.stack:
            now = time.perf_counter()
            dt, last = now - last, now
            self.step(dt, pygame.event.get())
            pygame.display.flip()
            clock.tick(60)
        pygame.quit()
