"""Drawing in logical coordinates on a window of any size.

Scenes lay out in a fixed logical space (theme.LOGICAL_W x LOGICAL_H). The canvas maps it onto
the window with one uniform scale and centring offset and draws at the window's own resolution,
so text and shapes stay crisp at every size and no full-screen rescale is paid per frame.
Anything generated (cards, cubes, dice) is rendered at screen pixel size and cached.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

import pygame

from babel.core.rng import Rng
from scenes import assets, theme

Colour = tuple[int, int, int] | tuple[int, int, int, int]
Point = tuple[float, float]

ANCHORS = {
    "topleft": (0.0, 0.0),
    "midtop": (0.5, 0.0),
    "topright": (1.0, 0.0),
    "midleft": (0.0, 0.5),
    "center": (0.5, 0.5),
    "midright": (1.0, 0.5),
    "bottomleft": (0.0, 1.0),
    "midbottom": (0.5, 1.0),
    "bottomright": (1.0, 1.0),
}


class Canvas:
    """A window surface plus the logical-to-screen transform."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.resize(surface)

    def resize(self, surface: pygame.Surface) -> None:
        old = getattr(self, "_size", None)
        if old is not None and old != surface.get_size():
            assets.forget_large(old[0] * old[1] // 4)
        self._size = surface.get_size()
        self.surface = surface
        w, h = surface.get_size()
        self.scale = min(w / theme.LOGICAL_W, h / theme.LOGICAL_H)
        self.ox = (w - theme.LOGICAL_W * self.scale) / 2
        self.oy = (h - theme.LOGICAL_H * self.scale) / 2

    # -- transforms ----------------------------------------------------------------------
    def px(self, v: float) -> int:
        return max(1, round(v * self.scale)) if v > 0 else round(v * self.scale)

    def pt(self, p: Point) -> tuple[int, int]:
        return (round(self.ox + p[0] * self.scale), round(self.oy + p[1] * self.scale))

    def rect(self, r: pygame.Rect | Sequence[float]) -> pygame.Rect:
        x, y, w, h = r
        x0, y0 = self.ox + x * self.scale, self.oy + y * self.scale
        x1, y1 = self.ox + (x + w) * self.scale, self.oy + (y + h) * self.scale
        return pygame.Rect(round(x0), round(y0), round(x1) - round(x0), round(y1) - round(y0))

    def to_logical(self, pos: Sequence[float]) -> tuple[float, float]:
        return ((pos[0] - self.ox) / self.scale, (pos[1] - self.oy) / self.scale)

    def layer(self, sr: pygame.Rect) -> Canvas:
        """A transparent canvas over screen rect ``sr`` with this transform: drawn on it and
        blitted at ``sr.topleft``, every shape lands on exactly the pixels direct drawing gives
        (the offset is whole pixels, so rounding is unchanged). Widgets cache pictures this way."""
        layer = Canvas.__new__(Canvas)
        surface = pygame.Surface(sr.size, pygame.SRCALPHA)
        layer.surface = surface.convert_alpha() if pygame.display.get_surface() else surface
        layer.surface.fill((0, 0, 0, 0))
        layer.scale, layer.ox, layer.oy = self.scale, self.ox - sr.x, self.oy - sr.y
        return layer

    # -- backgrounds ---------------------------------------------------------------------
    def table(self, felt: pygame.Rect | None = None) -> None:
        """The wooden table filling the whole window, with an optional felt inlay.

        Wood, the felt's shadow and the felt are composed once per window size and felt into one
        opaque picture: one plain blit per frame instead of three, two of them with alpha."""
        w, h = self.surface.get_size()
        key = ("table", w, h, tuple(felt) if felt is not None else None)
        self.surface.blit(assets.surface(key, lambda: self._compose_table(felt)), (0, 0))

    def _compose_table(self, felt: pygame.Rect | None) -> pygame.Surface:
        w, h = self.surface.get_size()
        picture = _wood(w, h)  # not cached on its own: only the composed picture is kept
        if felt is None:
            return picture
        on_picture = Canvas(picture)  # same size as the window, so the same transform
        r = on_picture.rect(felt)
        on_picture.shadow_rect(felt, radius=28, offset=(0, 6))
        picture.blit(assets.surface(("felt", r.w, r.h), lambda: _felt(r.w, r.h)), r.topleft)
        return picture

    def shade(self, alpha: int) -> None:
        """Darken the whole window as black at ``alpha`` would (the shade behind a dialog).
        A multiply in place: no surface is made, whatever the window size."""
        keep = 255 - max(0, min(255, alpha))
        self.surface.fill((keep, keep, keep), special_flags=pygame.BLEND_MULT)

    # -- primitives ----------------------------------------------------------------------
    def fill_rect(self, colour: Colour, r, radius: float = 0, width: float = 0) -> None:
        sr = self.rect(r)
        rad = self.px(radius) if radius else 0
        wd = self.px(width) if width else 0
        if len(colour) == 4 and colour[3] < 255:
            # translucent: drawn once per size and colour, then blitted (panels repaint every frame)
            key = ("fill", sr.w, sr.h, wd, rad, tuple(colour))
            self.surface.blit(
                assets.surface(key, lambda: _translucent_rect(sr.size, colour, wd, rad)), sr.topleft
            )
        else:
            pygame.draw.rect(self.surface, colour, sr, wd, rad)

    def shadow_rect(
        self, r, radius: float = 10, offset: Point = (5, 7), alpha: int | None = None
    ) -> None:
        """A soft offset shadow under a rounded rectangle (cached per size)."""
        alpha = theme.SHADOW_ALPHA if alpha is None else alpha
        sr = self.rect(r)
        rad, blur = self.px(radius), max(2, self.px(8))
        key = ("shadow", sr.w, sr.h, rad, blur, alpha)
        surf = assets.surface(key, lambda: _soft_shadow(sr.w, sr.h, rad, blur, alpha))
        self.surface.blit(surf, (sr.x + self.px(offset[0]) - blur, sr.y + self.px(offset[1]) - blur))

    def line(self, colour: Colour, a: Point, b: Point, width: float = 2) -> None:
        pygame.draw.line(self.surface, colour, self.pt(a), self.pt(b), max(1, self.px(width)))

    def circle(self, colour: Colour, centre: Point, radius: float, width: float = 0) -> None:
        pygame.draw.circle(
            self.surface, colour, self.pt(centre), self.px(radius), self.px(width) if width else 0
        )

    def polygon(self, colour: Colour, points: Sequence[Point], width: float = 0) -> None:
        pygame.draw.polygon(
            self.surface, colour, [self.pt(p) for p in points], self.px(width) if width else 0
        )

    def glow(self, r, colour: Colour | None = None, radius: float = 12, spread: float = 8) -> None:
        """A soft coloured halo around a rectangle: the active seat, a legal target. Its corners
        are marked with brackets, dark under light, so the mark is a shape and not a colour only
        (it shows on any background and to every eye)."""
        colour = theme.HIGHLIGHT if colour is None else colour
        sr = self.rect(r)
        sp = max(2, self.px(spread))
        key = ("glow", sr.w, sr.h, self.px(radius), sp, tuple(colour))
        surf = assets.surface(key, lambda: _glow(sr.w, sr.h, self.px(radius), sp, colour))
        self.surface.blit(surf, (sr.x - sp, sr.y - sp))

    # -- text -----------------------------------------------------------------------------
    @property
    def least(self) -> float:
        """The logical text size drawn ``theme.MIN_SCALED_PX`` pixels high on this window: the
        words of every place that follows the text size are never smaller (25 on 1024x640)."""
        return theme.MIN_SCALED_PX / self.scale

    def ts(self, size: float) -> float:
        """A text size of a place that reflows, at the player's text size: ``size`` times the
        setting, and never under ``theme.MIN_SCALED_PX`` pixels on this window (at 100 % too:
        on a small window the words of such a place are larger than their logical size)."""
        return max(size * theme.TEXT_SCALE, self.least)

    def fit(
        self, s: str, size: float, width: float, role: str = "sans", most: float | None = None, whole: bool = False
    ) -> float:
        """The text size for one line of a fixed width: ``ts(size)`` (no larger than ``most``,
        say a box's height allows), shrunk as far as needed for ``s`` to fit ``width`` but never
        under the smallest size (``least``) nor under 0.6 of ``size``; a line that fits at
        neither is shortened by ``text``'s ``max_width``. ``whole``: a line that must not be
        shortened (a prompt, the keys) may shrink under ``least`` (down to 0.6 of ``size``)."""
        size, floor = self.ts(size), (size * 0.6 if whole else max(self.least, size * 0.6))
        if most is not None:
            size = max(min(size, most), min(size, self.least))
        wide = self.text_size(s, size, role)[0]
        if wide > width and size > floor:  # words widen with their size: one guess, then small steps
            size = max(floor, size * width / wide)
            while size > floor and self.text_size(s, size, role)[0] > width:
                size = max(floor, size - 0.5)
        return size

    def text(
        self,
        s: str,
        pos: Point,
        size: float = 22,
        colour: Colour | None = None,
        role: str = "sans",
        anchor: str = "topleft",
        max_width: float | None = None,
    ) -> pygame.Rect:
        """Draw one line; shortened with an ellipsis to ``max_width``. Returns the logical rect."""
        colour = theme.INK if colour is None else colour
        px = max(6, round(size * self.scale))
        if max_width is not None:
            s = assets.ellipsize(s, role, px, max(8, round(max_width * self.scale)))
        surf = assets.text(s, role, px, colour)
        return self.blit(surf, pos, anchor)

    def wrap(self, s: str, size: float, width: float, role: str = "sans") -> list[str]:
        """``s`` word-wrapped to lines of at most ``width`` logical pixels at this scale."""
        return assets.wrap(s, role, max(6, round(size * self.scale)), max(8, round(width * self.scale)))

    def paragraph(
        self,
        s: str,
        pos: Point,
        size: float,
        colour: Colour,
        width: float,
        max_lines: int = 3,
        role: str = "sans",
        anchor: str = "topleft",
        leading: float = 1.3,
    ) -> float:
        """Draw ``s`` wrapped to ``width`` in at most ``max_lines`` lines (the last one ellipsized
        if the text is longer); returns the logical y below it. ``anchor`` places each line, so
        "midtop" centres a block of lines on ``pos``."""
        lines = self.wrap(s, size, width, role)
        if len(lines) > max_lines:
            lines = lines[: max_lines - 1] + [" ".join(lines[max_lines - 1 :])]
        x, y = pos
        for line in lines:
            self.text(line, (x, y), size, colour, role=role, anchor=anchor, max_width=width)
            y += size * leading
        return y

    def text_size(self, s: str, size: float = 22, role: str = "sans") -> tuple[float, float]:
        px = max(6, round(size * self.scale))
        w, h = assets.font(role, px).size(assets.drawable(s))
        return (w / self.scale, h / self.scale)

    def blit(self, surf: pygame.Surface, pos: Point, anchor: str = "topleft") -> pygame.Rect:
        """Blit a screen-resolution surface at a logical anchor point; returns the logical rect."""
        ax, ay = ANCHORS[anchor]
        w, h = surf.get_size()
        x, y = self.pt(pos)
        x -= round(w * ax)
        y -= round(h * ay)
        self.surface.blit(surf, (x, y))
        lx, ly = self.to_logical((x, y))
        return pygame.Rect(round(lx), round(ly), round(w / self.scale), round(h / self.scale))

    def sprite(
        self, key: Hashable, r, paint: Callable[[int, int], pygame.Surface], anchor: str = "topleft"
    ) -> None:
        """Blit a generated sprite sized to logical rect ``r`` (painted once per pixel size)."""
        sr = self.rect(r)
        surf = assets.surface((key, sr.w, sr.h), lambda: paint(sr.w, sr.h))
        self.surface.blit(surf, sr.topleft)


# -- generated textures ---------------------------------------------------------------------
def _wood(w: int, h: int) -> pygame.Surface:
    """Warm wood: long soft grain bands from a small procedural texture, plus a vignette (plain
    dark wood in high contrast: no grain competes with the words and pieces)."""
    import math

    if theme.CONTRAST == "high":
        plain = pygame.Surface((w, h))
        plain.fill(theme.WOOD)
        return plain.convert() if pygame.display.get_surface() else plain

    sw, sh = 240, 150
    small = pygame.Surface((sw, sh))
    rng = Rng(20261122)
    phases = [rng.random() * 6.28 for _ in range(4)]
    for y in range(sh):
        for x in range(0, sw, 4):
            wobble = 3 * math.sin(x / 37 + phases[0]) + 2 * math.sin(x / 13 + phases[1])
            g = (
                math.sin((y + wobble) / 2.3 + phases[2]) * 0.5
                + math.sin((y + wobble) / 7.1 + phases[3]) * 0.5
            )
            f = 1.0 + 0.14 * g
            c = tuple(max(0, min(255, round(v * f))) for v in theme.WOOD)
            pygame.draw.line(small, c, (x, y), (x + 3, y))
    for _ in range(26):  # a few darker streaks and knots
        y, x = rng.randint(0, sh - 1), rng.randint(0, sw - 1)
        dark = tuple(max(0, v - rng.randint(10, 22)) for v in theme.WOOD)
        pygame.draw.line(small, dark, (x, y), (x + rng.randint(20, 90), y))
    big = pygame.transform.smoothscale(small, (w, h)).convert()
    vw, vh = 48, 30
    vignette = pygame.Surface((vw, vh), pygame.SRCALPHA)
    for y in range(vh):
        for x in range(vw):
            dx, dy = (x - vw / 2 + 0.5) / (vw / 2), (y - vh / 2 + 0.5) / (vh / 2)
            d = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.3)
            vignette.set_at((x, y), (0, 0, 0, round(110 * d**2.2)))
    big.blit(pygame.transform.smoothscale(vignette, (w, h)), (0, 0))
    return big


def _felt(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(6, min(w, h) // 14)
    pygame.draw.rect(surf, theme.WOOD_DARK, surf.get_rect(), 0, rad)
    inner = surf.get_rect().inflate(-max(4, w // 120) * 2, -max(4, w // 120) * 2)
    pygame.draw.rect(surf, theme.FELT, inner, 0, max(4, rad - 4))
    if theme.CONTRAST == "high":  # plain felt: nothing competes with the pieces
        return surf.convert_alpha()
    rng = Rng(77)
    speck = pygame.Surface((w, h), pygame.SRCALPHA)
    for _ in range(w * h // 220):
        x, y = rng.below(w), rng.below(h)
        if inner.collidepoint(x, y):
            speck.set_at((x, y), (0, 0, 0, 26) if rng.below(2) else (255, 255, 255, 12))
    surf.blit(speck, (0, 0))
    return surf.convert_alpha()


def _soft_shadow(w: int, h: int, rad: int, blur: int, alpha: int) -> pygame.Surface:
    surf = pygame.Surface((w + 2 * blur, h + 2 * blur), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, alpha), (blur, blur, w, h), 0, rad)
    small = pygame.transform.smoothscale(
        surf, (max(1, surf.get_width() // 4), max(1, surf.get_height() // 4))
    )
    return pygame.transform.smoothscale(small, surf.get_size()).convert_alpha()


def _translucent_rect(size: tuple[int, int], colour: Colour, width: int, radius: int) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, colour, layer.get_rect(), width, radius)
    return layer


def _glow(w: int, h: int, rad: int, spread: int, colour: Colour) -> pygame.Surface:
    surf = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
    for i in range(spread, 0, -1):
        a = int(150 * (1 - i / (spread + 1)) ** 1.5)
        r = pygame.Rect(spread - i, spread - i, w + 2 * i, h + 2 * i)
        pygame.draw.rect(surf, (*colour[:3], a), r, 2, rad + i)
    edge = 2 * theme.OUTLINE
    pygame.draw.rect(surf, (*colour[:3], 230), (spread, spread, w, h), edge, rad)
    _brackets(surf, pygame.Rect(spread, spread, w, h).inflate(spread, spread), colour, edge)
    return surf.convert_alpha()


def _brackets(surf: pygame.Surface, r: pygame.Rect, colour: Colour, width: int) -> None:
    """An L at each corner of ``r``: a dark stroke under a light one of ``colour``."""
    arm = max(4, min(r.w, r.h) // 5)
    for (x, y), (dx, dy) in zip(
        (r.topleft, r.topright, r.bottomleft, r.bottomright), ((1, 1), (-1, 1), (1, -1), (-1, -1))
    ):
        x, y = x - (dx < 0), y - (dy < 0)
        for stroke, tint in ((width + 2, (0, 0, 0, 220)), (width, (*colour[:3], 255))):
            pygame.draw.line(surf, tint, (x, y), (x + dx * arm, y), stroke)
            pygame.draw.line(surf, tint, (x, y), (x, y + dy * arm), stroke)
