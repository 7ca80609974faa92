"""The scene stack and the main loop.

A scene stack where the top scene gets input first (and may let it fall through to the scene
below), covered opaque scenes are not drawn, and a scene dismissed with a result hands that
result to the scene it uncovers. The loop updates at a fixed step with a catch-up cap and
draws once per frame. ``App.step`` is the whole loop body, so tests drive it with synthetic
events and simulated time (see scenes.pilot).

The real loop (``App.run``) draws only when something changed: a game sits open for hours and
must not heat a laptop while it waits for a click. It is awake (updates and frames at 60 a
second, exactly as ``App.step`` runs them) while the top scene ``needs_frames`` (an animation,
a drag) or a toast fades, and for SETTLE seconds after any input or change; otherwise it
blocks (scenes.waiting) until input, a wake event (a bot's move arriving from its thread) or
the top scene's next timer (``next_wake``: a bot's pause, a cursor blink), and draws frames for
what that changed. A scene that ``keeps_running`` (a table: its bots and phone seats play on
under the game menu or the curtain) is also served while covered (``update_covered``) and its
timers (``covered_wake``) wake the loop too. Headless tests and the pilot keep driving ``App.step`` with simulated time.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

import pygame

from babel.core.settings import Settings, SettingsError, load_settings, save_settings
from scenes import assets, keymap, theme
from scenes.canvas import Canvas
from scenes.sound import Sound
from scenes.waiting import wait_for_events

STEP = 1.0 / theme.UPDATE_HZ
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
# Posted from any thread (a bot's move is ready) to wake a loop that waits for input.
WAKE = pygame.event.custom_type()
FRAME_HZ = 60
# While asleep, at most this much time is replayed as fixed steps when the loop wakes: enough
# for any timer a scene announced through next_wake; idle time beyond it changes nothing.
MAX_IDLE_CATCH_UP = 1.0
# After input or any change the loop stays awake this long (seconds), for the updates that follow.
SETTLE = 0.3
# Where the pointer is for a scene drawn under another one: nowhere on it.
NO_POINTER = (-100000.0, -100000.0)
# The share of the desktop a window may take: the rest is for the title bar and the task bar.
WINDOW_ROOM = (0.96, 0.92)
# Window events that need the picture shown again although no scene changed.
REPAINT_EVENTS = tuple(
    getattr(pygame, name)
    for name in ("WINDOWEXPOSED", "WINDOWSHOWN", "WINDOWRESTORED", "WINDOWMAXIMIZED", "VIDEOEXPOSE")
    if hasattr(pygame, name)
)


def wake() -> None:
    """Wake the real loop from any thread (e.g. a bot's move is ready); harmless when headless."""
    try:
        if pygame.display.get_init():
            pygame.event.post(pygame.event.Event(WAKE))
    except pygame.error:
        pass


def new_seed() -> int:
    """A fresh game seed (the front end may read the clock; the engines never do)."""
    return time.time_ns() % (2**31)


class Scene:
    """Base class: override what you need. ``app`` is set when the scene is pushed."""

    opaque = True  # scenes below are not drawn
    modal = True  # input does not fall through to scenes below
    keeps_running = False  # served by ``update_covered`` while another scene covers it
    rules_game: str | None = None  # the game whose rules F1 opens
    app: App

    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self, result: Any = None) -> None: ...

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None: ...

    def update_covered(self, dt: float) -> None:
        """``update`` for a scene that ``keeps_running`` while another scene is on top of it."""

    def covered_wake(self) -> float | None:
        """``next_wake`` while covered (a scene that ``keeps_running``): seconds until its next
        timer, or None."""
        return None

    def draw(self, canvas: Canvas) -> None: ...

    def toast_owner(self) -> Any:
        """Whose toast one raised now is (a seat of a shared screen); None: everyone's."""
        return None

    def needs_frames(self) -> bool:
        """True while something on this scene moves by itself (an animation, a drag, a fading
        flash): the loop then updates and draws every frame. Input always gets one frame, so a
        hover change needs nothing here."""
        return False

    def next_wake(self) -> float | None:
        """Seconds until a timer of this scene is due although nothing moves (a pause before a
        bot acts, a blinking cursor), or None: only input or a wake event matters."""
        return None

    def dismiss(self, result: Any = None) -> None:
        """Close this scene, handing ``result`` to the scene below."""
        if self.app.top is self:
            self.app.pop(result)


class Screen(Scene):
    """A full-screen page of widgets (setup, settings, saved games): input goes to the widgets,
    and Esc goes back."""

    widgets: Any

    def next_wake(self) -> float | None:
        """A focused text field's cursor blinks every theme.CURSOR_BLINK seconds (wall clock)."""
        if not getattr(self.widgets, "typing", False):
            return None
        return theme.CURSOR_BLINK - (pygame.time.get_ticks() / 1000) % theme.CURSOR_BLINK + 0.001

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


def desktop_size() -> tuple[int, int] | None:
    """The size of the screen the window opens on, or None when the driver cannot tell."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except (pygame.error, AttributeError):
        return None
    return tuple(sizes[0]) if sizes else None


def fit_window(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """A saved window size that fits the screen: one larger than the desktop (less room for the
    title and task bars) shrinks keeping its shape, but never below theme.MIN_WINDOW unless the
    desktop itself is smaller."""
    w, h = max(size[0], theme.MIN_WINDOW[0]), max(size[1], theme.MIN_WINDOW[1])
    if not desktop or desktop[0] <= 0 or desktop[1] <= 0:
        return w, h
    room_w, room_h = int(desktop[0] * WINDOW_ROOM[0]), int(desktop[1] * WINDOW_ROOM[1])
    if w <= room_w and h <= room_h:
        return w, h
    scale = min(room_w / w, room_h / h)
    least_w, least_h = min(theme.MIN_WINDOW[0], desktop[0]), min(theme.MIN_WINDOW[1], desktop[1])
    return max(round(w * scale), least_w), max(round(h * scale), least_h)


class Toast(tuple):
    """A toast as (message, seconds left), tagged with the owner it was raised for."""

    owner: Any

    def __new__(cls, message: str, left: float, owner: Any = None) -> Toast:
        toast = super().__new__(cls, (message, left))
        toast.owner = owner
        return toast


class App:
    """Window, scene stack, settings, sound and the frame loop."""

    def __init__(
        self, settings: Settings | None = None, size: tuple[int, int] | None = None, windowed: bool = False
    ) -> None:
        """``size`` (a window size asked for at the start) or ``windowed`` open this session in a
        window although the settings say full screen; the saved choice is kept (see
        ``apply_settings``) until the player switches full screen themselves."""
        _unmap_big_blocks()
        # Windows would otherwise draw the window small and stretch it on a HiDPI screen
        # (blurry); with this the window surface has the screen's real pixels.
        os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
        pygame.init()
        self.settings = settings or load_settings()
        if theme.set_contrast(self.settings.contrast):
            assets.clear()
        theme.set_text_size(self.settings.text_size)
        keymap.apply(self.settings.keys)
        # the settings file's full screen choice while this session is windowed by request
        self._saved_fullscreen: bool | None = None
        if self.settings.fullscreen and (windowed or size is not None):
            self._saved_fullscreen = True
            self.settings = self.settings.with_(fullscreen=False)
        saved_size = (self.settings.window_w, self.settings.window_h)
        self.size = fit_window(size, None) if size else fit_window(saved_size, desktop_size())
        self.fullscreen = False
        self._open_window(self.size, self.settings.fullscreen)
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
        self.dirty = False  # the picture on screen no longer shows the scenes: draw a frame
        self._settle = 0.0  # seconds the loop stays awake after a change
        self._was_moving = False
        self.redraw()  # nothing is on screen yet
        self.frames_drawn = 0

    # -- window ---------------------------------------------------------------------------
    # ``settings.fullscreen`` is the one record of the display mode: F11, Alt+Enter and the
    # Settings screen all change it through ``apply_settings``, which opens the window to match.
    # Scenes come and go without touching the window, so full screen survives every change.
    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> None:
        flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        pygame.display.set_mode((0, 0) if fullscreen else size, flags)
        self.fullscreen = fullscreen

    def toggle_fullscreen(self) -> None:
        """Full screen on or off (F11): the choice is the settings' and is saved with them."""
        self.apply_settings(self.settings.with_(fullscreen=not self.settings.fullscreen))

    def _resized(self, w: int, h: int) -> None:
        w, h = max(w, theme.MIN_WINDOW[0]), max(h, theme.MIN_WINDOW[1])
        self.size = (w, h)
        surface = pygame.display.get_surface()
        if surface.get_size() != (w, h):
            surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.canvas.resize(surface)
        self.redraw()

    # -- settings -------------------------------------------------------------------------
    @property
    def anim_speed(self) -> float:
        return theme.ANIM_SPEEDS.get(self.settings.anim_speed, 1.0)

    @property
    def reduce_motion(self) -> bool:
        """Calm motion: nothing travels, shakes or sways; pieces appear where they land."""
        return self.settings.reduce_motion

    def apply_settings(self, settings: Settings, persist: bool = True) -> None:
        old = self.settings
        self.settings = settings
        if theme.set_contrast(settings.contrast):
            assets.clear()  # every cached picture was painted in the other colours
        theme.set_text_size(settings.text_size)  # the next frame lays the words out again
        keymap.apply(settings.keys)  # a table's keys and help follow at once
        self.sound.set_volume(settings.volume)
        if settings.fullscreen != old.fullscreen:
            self._saved_fullscreen = None  # the player chose: this choice is the one saved
        resized = (settings.window_w, settings.window_h) != (old.window_w, old.window_h)
        if resized:  # chosen in full screen too: the window has it when full screen ends
            self.size = fit_window((settings.window_w, settings.window_h), desktop_size())
        if settings.fullscreen != self.fullscreen or (resized and not settings.fullscreen):
            self._open_window(self.size, settings.fullscreen)
            self.canvas.resize(pygame.display.get_surface())
        self.redraw()
        if persist:
            if self._saved_fullscreen is not None:
                settings = settings.with_(fullscreen=self._saved_fullscreen)
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
        self.redraw()
        scene.enter()

    def pop(self, result: Any = None) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        self.redraw()
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
        self.redraw()
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Clear the stack and start over from ``scene`` (back to the main menu)."""
        while self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def rules_game(self) -> str | None:
        """The game whose rules F1 opens: the top scene's, else that of the nearest scene below
        that has one (the curtain, a dialog or the game menu over a table: the table's game),
        else None (the general keys). Rules are public, so showing them over the curtain is safe."""
        return next((s.rules_game for s in reversed(self.stack) if getattr(s, "rules_game", None)), None)

    def quit(self) -> None:
        self.running = False

    def toast(self, message: str) -> None:
        """A short message over everything (refused actions, saves, errors). It belongs to the
        seat that owns the screen now: it is never shown once the screen has passed on."""
        owner = self.top.toast_owner() if self.top is not None else None
        self.toasts.append(Toast(message, theme.TOAST, owner))
        self.toasts = self.toasts[-3:]
        self.redraw()

    def redraw(self) -> None:
        """Ask for frames: what a scene shows changed (input, a bot's move applied, a scene
        pushed). The loop stays awake for SETTLE seconds after it, so whatever a scene does in
        its next updates in answer (a handover, a bot starting to think, buttons following the
        new state) is shown without each scene having to announce it."""
        self.dirty = True
        self._settle = SETTLE

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
            if event.type != WAKE:
                self.redraw()  # input gets frames: hovers, presses, typing show at once
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
        if self._settle > 0:
            self._settle -= dt
        for scene in self.stack[:-1]:
            if scene.keeps_running:
                scene.update_covered(dt)
        if self.top is not None:
            self.top.update(dt)
        if self.toasts:
            self.toasts = [Toast(t[0], t[1] - dt, t.owner) for t in self.shown_toasts() if t[1] - dt > 0]
            self.dirty = True  # fading, and the last frame must show it gone

    def _route(self, event: pygame.event.Event) -> None:
        if event.type == WAKE or event.type in REPAINT_EVENTS:
            return
        if event.type == pygame.QUIT:
            from scenes import routes

            in_game = any(getattr(s, "game_in_progress", False) for s in self.stack)
            if in_game and not getattr(self.top, "is_dialog", False):
                # closing the window mid-game asks first (a second close quits)
                self.push(routes.make(routes.ASK_QUIT, self))
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
                from scenes import routes

                self.push(routes.make(routes.RULES, self.rules_game()))
                return
        for scene in reversed(self.stack):
            if scene.handle(event) or scene.modal:
                break

    def draw(self) -> None:
        first = len(self.stack) - 1
        while first > 0 and not self.stack[first].opaque:
            first -= 1
        # The pointer is over the scenes its input reaches (the top one, and those under scenes
        # that let input fall through); the others show no hover and no tooltip, which would
        # draw through a dialog's dimming.
        reached = len(self.stack) - 1
        while reached > 0 and not self.stack[reached].modal:
            reached -= 1
        pointer = self.mouse
        try:
            for i in range(max(first, 0), len(self.stack)):
                self.mouse = pointer if i >= reached else NO_POINTER
                self.stack[i].draw(self.canvas)
        finally:
            self.mouse = pointer
        toasts = self.shown_toasts()
        if toasts:
            from scenes.widgets.toast import draw_toasts

            draw_toasts(self.canvas, toasts)
        self.dirty = False
        self.frames_drawn += 1

    def present(self) -> None:
        """Show the drawn frame in the window."""
        pygame.display.flip()

    # -- when frames are needed ---------------------------------------------------------------
    def needs_frames(self) -> bool:
        """True while something moves by itself: the loop updates and draws every frame.

        Only the top scene moves by itself (a covered scene that keeps running changes only in
        steps, each asking for frames with ``redraw``); toasts fade over everything."""
        top = self.top
        return self._settle > 0 or bool(self.toasts) or (top is not None and top.needs_frames())

    def frame_due(self) -> bool:
        """Whether the loop should draw now: something moves, the picture is out of date, or
        something stopped moving since the last frame (its resting place is not shown yet)."""
        moving = self.needs_frames()
        due = self.dirty or moving or self._was_moving
        self._was_moving = moving
        return due

    def sleep_timeout(self) -> float | None:
        """How long the loop may wait for input before a scene's timer is due (None: forever)."""
        top = self.top
        dues = [top.next_wake()] if top is not None else []
        dues += [s.covered_wake() for s in self.stack[:-1] if s.keeps_running]
        due = min((d for d in dues if d is not None), default=None)
        if due is None:
            return None
        return max(0.0, min(due, MAX_IDLE_CATCH_UP))

    def idle_advance(self, seconds: float) -> None:
        """Replay time that passed while the loop slept as fixed steps (bounded), so a timer a
        scene announced (a bot's pause) is exactly as long as when frames run.

        The replay stops at the first step that changes what is shown: a move that arrived from
        another thread while the loop slept (a phone's tap, a bot's answer) is taken by the first
        step, and the rest of the slept time came before it; replaying it would play its
        animation out before the first frame shows it."""
        self._acc += min(seconds, MAX_IDLE_CATCH_UP)
        while self._acc >= STEP:
            self._update(STEP)
            self._acc -= STEP
            if self.dirty or self.needs_frames():
                self._acc = 0.0
                break

    def run(self) -> None:
        """The real loop: frames at 60 a second while something moves, else wait for input."""
        clock = pygame.time.Clock()
        last = time.perf_counter()
        while self.running and self.stack:
            if self.needs_frames() or self.dirty or self._was_moving:
                events = pygame.event.get()
                now = time.perf_counter()
                dt, last = now - last, now
            else:
                events = wait_for_events(self.sleep_timeout())
                now = time.perf_counter()
                self.idle_advance(now - last)  # before input, so what it starts runs from zero
                dt, last = 0.0, now
            self.step(dt, events, draw=False)
            if self.running and self.stack and self.frame_due():
                self.draw()
                self.present()
                clock.tick(FRAME_HZ)
        self.close_scenes()
        pygame.quit()

    def close_scenes(self) -> None:
        """Every scene's ``exit``, top first, as the app closes (a table stops its phone server,
        so each phone is told the table has closed)."""
        while self.stack:
            self.stack.pop().exit()
