"""One cached loader for fonts, rendered text, generated surfaces and sounds.

Text is rendered once per (text, font, size, colour) and reused; generated surfaces are keyed
by name and pixel size, so a window resize simply produces new keys. Both caches are bounded by
the bytes of their pixels (least recently used go first), so resizing the window many times, or
a 4K window's full-screen textures, cannot grow memory without limit.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from scenes import theme


def surface_bytes(value: object) -> int:
    """What a cached value weighs: a surface's pixel bytes, else 1."""
    if isinstance(value, pygame.Surface):
        return value.get_width() * value.get_height() * value.get_bytesize() + 64
    return 1


class LRU(OrderedDict):
    """A least-recently-used cache bounded by entry count and by total weight (bytes)."""

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
            self.bytes += surface_bytes(value)
            while len(self) > 1 and (
                len(self) > self.limit or (self.max_bytes is not None and self.bytes > self.max_bytes)
            ):
                _, old = self.popitem(last=False)
                self.bytes -= surface_bytes(old)
            return value

    def clear(self) -> None:
        super().clear()
        self.bytes = 0


TEXT_BYTES = 24 * 2**20  # rendered lines of text
SURFACE_BYTES = 144 * 2**20  # generated art: wood, felt, cards, shadows (one 4K texture is 33 MB)

_fonts = LRU(96)  # (role, px) -> Font: every window size asks for its own pixel sizes
_text = LRU(3000, TEXT_BYTES)
_fitted = LRU(6000)  # (text, role, px, width) -> the text shortened to fit
_wrapped = LRU(2000)  # (paragraph, role, px, width) -> its lines
_surfaces = LRU(1500, SURFACE_BYTES)


def font(role: str, px: int) -> pygame.font.Font:
    px = max(6, int(px))

    def make() -> pygame.font.Font:
        if not pygame.font.get_init():
            pygame.font.init()
        return pygame.font.Font(str(theme.ASSETS / theme.FONT_FILES[role]), px)

    return _fonts.fetch((role, px), make)


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
    """``s`` shortened with an ellipsis so that it fits in ``max_px`` pixels (measured once)."""
    return _fitted.fetch((s, role, int(px), int(max_px)), lambda: _ellipsize(s, role, px, max_px))


def _ellipsize(s: str, role: str, px: int, max_px: int) -> str:
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
    """Greedy word wrap of one paragraph into lines that fit ``max_px`` (measured once)."""
    return list(_wrapped.fetch((s, role, int(px), int(max_px)), lambda: tuple(_wrap(s, role, px, max_px))))


def _wrap(s: str, role: str, px: int, max_px: int) -> list[str]:
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


def forget_large(min_pixels: int) -> None:
    """Drop generated surfaces of at least ``min_pixels`` pixels: after a resize the window-sized
    backgrounds of the old size are of no use, and at 4K each weighs 33 MB."""
    for key in [k for k, v in _surfaces.items() if v.get_width() * v.get_height() >= min_pixels]:
        _surfaces.bytes -= surface_bytes(_surfaces.pop(key))


def clear() -> None:
    _text.clear()
    _surfaces.clear()
    _fitted.clear()
    _wrapped.clear()
