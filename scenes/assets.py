"""One cached loader for fonts, rendered text, generated surfaces and sounds.

Text is rendered once per (text, font, size, colour) and reused; generated surfaces are keyed
by name and pixel size, so a window resize simply produces new keys.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from scenes import theme


class LRU(OrderedDict):
    """A small least-recently-used cache, bounded in entries and, for surfaces, in bytes (a
    window resized again and again must not keep every size's textures)."""

    def __init__(self, limit: int, max_bytes: int | None = None) -> None:
        super().__init__()
        self.limit = limit
        self.max_bytes = max_bytes
        self.bytes = 0

    def fetch(self, key: Hashable, make: Callable[[], object]):
        try:
            value = self[key]
            self.move_to_end(key)
            return value
        except KeyError:
            value = make()
            self[key] = value
            self.bytes += _size(value)
            while len(self) > self.limit or (
                self.max_bytes is not None and self.bytes > self.max_bytes and len(self) > 1
            ):
                self.bytes -= _size(self.popitem(last=False)[1])
            return value

    def clear(self) -> None:
        super().clear()
        self.bytes = 0


def _size(value: object) -> int:
    return value.get_pitch() * value.get_height() if isinstance(value, pygame.Surface) else 0


_fonts = LRU(64)  # (role, px): every window size brings its own pixel sizes
_text = LRU(3000, max_bytes=64 << 20)
_surfaces = LRU(1500, max_bytes=128 << 20)  # a few full-window textures at 2560x1440


def font(role: str, px: int) -> pygame.font.Font:
    px = max(6, int(px))
    if not pygame.font.get_init():
        pygame.font.init()
    return _fonts.fetch((role, px), lambda: pygame.font.Font(str(theme.ASSETS / theme.FONT_FILES[role]), px))


def text(s: str, role: str, px: int, colour: tuple[int, ...]) -> pygame.Surface:
    """A rendered, alpha-converted line of text, cached."""
    key = (s, role, int(px), tuple(colour))

    def make() -> pygame.Surface:
        f = font(role, px)
        try:
            surf = f.render(drawable(s), True, colour)
        except pygame.error:  # text of zero width (only invisible characters) draws as nothing
            surf = pygame.Surface((0, f.get_height()), pygame.SRCALPHA)
        return surf.convert_alpha() if pygame.display.get_surface() else surf

    return _text.fetch(key, make)


MAX_LINE = 2000  # characters: no line on screen is longer, and a huge string stays cheap


def drawable(s: str) -> str:
    """``s`` as the font can take it: NUL and other controls shown as U+FFFD, bounded length,
    unpaired surrogates (file names that are not UTF-8) replaced."""
    s = str(s)[:MAX_LINE]
    if not s.isprintable():
        s = "".join(c if c.isprintable() or c == " " else "\ufffd" for c in s)
    return s.encode("utf-8", "replace").decode("utf-8")


def ellipsize(s: str, role: str, px: int, max_px: int) -> str:
    """``s`` shortened with an ellipsis so that it fits in ``max_px`` pixels."""
    f = font(role, px)
    s = drawable(s)
    if f.size(s)[0] <= max_px:
        return s
    lo, hi = 0, len(s)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(s[:mid].rstrip() + "…")[0] <= max_px:
            lo = mid
        else:
            hi = mid - 1
    return s[:lo].rstrip() + "…"


def wrap(s: str, role: str, px: int, max_px: int) -> list[str]:
    """Greedy word wrap of one paragraph into lines that fit ``max_px``."""
    f = font(role, px)
    s = drawable(s) if len(s) <= MAX_LINE * 4 else drawable(s[: MAX_LINE * 4])
    lines: list[str] = []
    line = ""
    for word in s.split():
        trial = f"{line} {word}" if line else word
        if f.size(trial)[0] <= max_px or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return [ellipsize(x, role, px, max_px) for x in lines] or [""]


def surface(key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    """A generated surface, cached under ``key`` (include the pixel size in the key)."""
    return _surfaces.fetch(key, make)


def clear() -> None:
    _text.clear()
    _surfaces.clear()
