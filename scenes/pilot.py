"""A headless pilot for scenes: click, drag, press keys, type, advance simulated time, save PNGs.

Tests and tools/screenshot.py drive the real App through it with synthetic events, so what is
tested is what a player's mouse and keyboard would do. Positions are logical coordinates.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from babel.core.settings import Settings  # noqa: E402
from scenes.core import App, Scene  # noqa: E402
from scenes.launcher import install_routes  # noqa: E402
from scenes.widgets.focus import show_focus  # noqa: E402

FRAME = 1 / 60


class Pilot:
    def __init__(
        self,
        size: tuple[int, int] = (1600, 900),
        anim_speed: str = "instant",
        settings: Settings | None = None,
    ) -> None:
        # a headless pilot's phone server, if a table starts one, listens on loopback only
        settings = (settings or Settings(phone_address="127.0.0.1")).with_(
            anim_speed=anim_speed, volume=0, fullscreen=False
        )
        install_routes()
        show_focus(False)  # a new app: no key has moved the focus yet
        self.app = App(settings=settings, size=size)

    @classmethod
    def of(cls, app: App) -> Pilot:
        """A pilot for an App that is already running (one opened by scenes.app.start)."""
        pilot = cls.__new__(cls)
        pilot.app = app
        return pilot

    # -- setup -------------------------------------------------------------------------------
    def start(self, scene: Scene) -> Pilot:
        self.app.push(scene)
        self.frame()
        return self

    @property
    def top(self) -> Scene | None:
        return self.app.top

    # -- input ---------------------------------------------------------------------------------
    def _screen(self, pos: tuple[float, float]) -> tuple[int, int]:
        return self.app.canvas.pt(pos)

    def send(self, *events: pygame.event.Event) -> None:
        self.app.step(0.0, list(events))

    def move(self, pos: tuple[float, float]) -> None:
        self.send(
            pygame.event.Event(pygame.MOUSEMOTION, pos=self._screen(pos), rel=(0, 0), buttons=(0, 0, 0))
        )

    def click(self, pos: tuple[float, float], button: int = 1) -> None:
        p = self._screen(pos)
        self.send(
            pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button),
        )
        self.frame()

    def drag(
        self, a: tuple[float, float], b: tuple[float, float], steps: int = 10, seconds: float = 0.3
    ) -> None:
        pa = self._screen(a)
        self.send(pygame.event.Event(pygame.MOUSEMOTION, pos=pa, rel=(0, 0), buttons=(0, 0, 0)))
        self.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pa, button=1))
        for i in range(1, steps + 1):
            t = i / steps
            p = self._screen((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            self.app.step(
                seconds / steps,
                [pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))],
            )
        self.send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=self._screen(b), button=1))
        self.frame()

    def press(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.send(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0),
        )
        self.frame()

    def type(self, text: str) -> None:
        self.send(pygame.event.Event(pygame.TEXTINPUT, text=text))

    def wheel(self, dy: int) -> None:
        self.send(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False))

    # -- time ----------------------------------------------------------------------------------
    def frame(self) -> None:
        self.app.step(FRAME, [])

    def advance(self, seconds: float) -> None:
        for _ in range(max(1, round(seconds / FRAME))):
            self.app.step(FRAME, [], draw=False)
        self.frame()

    def until(self, predicate, seconds: float = 30.0) -> bool:
        """Advance time until ``predicate()`` holds (bots moving, animations ending)."""
        for _ in range(max(1, round(seconds / FRAME))):
            if predicate():
                return True
            self.app.step(FRAME, [], draw=False)
        return predicate()

    # -- output --------------------------------------------------------------------------------
    def screenshot(self, path: str | Path) -> Path:
        self.app.draw()
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(pygame.display.get_surface(), str(path))
        return path
