"""Waiting for input without using the CPU.

``pygame.event.wait`` in pygame-ce polls the queue every millisecond, which alone costs about
1.5% of a core: more than an idle game may use. SDL itself can block until an event arrives
(``SDL_WaitEventTimeout`` with no event pointer waits without taking the event, so pygame still
reads it), and an event posted from another thread (a bot's move is ready) wakes it. This module
finds the SDL library pygame loaded and waits there; where it cannot, it looks at the queue
every ``SLICE`` seconds, which costs little and answers within one frame.
"""

from __future__ import annotations

import ctypes
import glob
import os
import sys
import time
from collections.abc import Callable

import pygame

SLICE = 1.0 / 60  # the fallback's interval between looks at the queue


def _sdl_library_paths() -> list[str]:
    """Where the SDL library pygame uses lives, most likely first."""
    paths: list[str] = []
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/self/maps") as maps:
                libs = {line.split()[-1] for line in maps if "libSDL2" in line}
        except OSError:
            libs = set()
        core = sorted(p for p in libs if os.path.basename(p).startswith(("libSDL2-", "libSDL2.so")))
        paths += core + sorted(libs - set(core))
    base = os.path.dirname(pygame.__file__)
    paths += glob.glob(os.path.join(base, "SDL2.dll")) + glob.glob(os.path.join(base, ".dylibs", "libSDL2*"))
    return [p for p in paths if os.path.exists(p)]


def _native_wait() -> Callable[[int], int] | None:
    for path in _sdl_library_paths():
        try:
            fn = ctypes.CDLL(path).SDL_WaitEventTimeout
        except (OSError, AttributeError):
            continue
        fn.argtypes = [ctypes.c_void_p, ctypes.c_int]
        fn.restype = ctypes.c_int
        return lambda ms, fn=fn: fn(None, ms)
    return None


_wait: Callable[[int], int] | None | bool = False  # False: not looked up yet


def _native() -> Callable[[int], int] | None:
    global _wait
    if _wait is False:
        _wait = _native_wait() if os.environ.get("SDL_VIDEODRIVER") != "dummy" else None
    return _wait  # type: ignore[return-value]


def wait_for_events(timeout: float | None) -> list[pygame.event.Event]:
    """Block until events arrive or ``timeout`` seconds pass (None: no limit); returns them."""
    end = None if timeout is None else time.perf_counter() + timeout
    native = _native()
    while True:
        events = pygame.event.get()
        if events:
            return events
        left = None if end is None else end - time.perf_counter()
        if left is not None and left <= 0:
            return []
        if native is not None:
            # at most a second at a time, so a lost wake-up can never stall the loop for long
            native(max(1, round(1000 * min(1.0, left if left is not None else 1.0))))
        else:
            time.sleep(SLICE if left is None else min(SLICE, left))
