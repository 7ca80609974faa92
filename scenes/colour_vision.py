"""Colour never alone: how the table's colours look to colour-blind eyes, and whether the marks
that tell seats apart survive.

Protanopia, deuteranopia and tritanopia are simulated with the matrices of Machado, Oliveira and
Fernandes (2009) at severity 1.0, applied to linear RGB. Colours are compared by their CIE76
difference (deltaE) in CIELAB: about 2 is barely seen side by side, 10 to 15 is told apart at a
glance on a small piece.

The checks: every pair of seat colours whose simulated difference falls under ``CLOSE`` must
differ by pattern; every pattern mark must stay visible on its own block (its mark pixels differ
from the block's face by at least ``MARK_SEEN``); and the marks' shapes must differ pairwise
(as drawn on the blocks, after simulation). Pure Python over pygame surfaces (no numpy): each
distinct colour is converted once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

Rgb = tuple[int, int, int]

VISIONS = ("protanopia", "deuteranopia", "tritanopia")
MATRICES = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
CLOSE = 12.0  # seat colours closer than this (deltaE) must be told apart by their patterns
MARK_SEEN = 15.0  # a mark pixel differs from its face by at least this much to count as seen
SHAPES_APART = 0.3  # two marks' pixel sets share at most 70 % (Jaccard distance at least 0.3)


def _linear(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _srgb(c: float) -> int:
    c = min(1.0, max(0.0, c))
    v = 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return round(v * 255)


@lru_cache(maxsize=65536)
def simulate(rgb: Rgb, vision: str) -> Rgb:
    """``rgb`` as an eye with ``vision`` sees it ("normal": unchanged)."""
    if vision == "normal":
        return tuple(rgb[:3])
    lin = [_linear(v) for v in rgb[:3]]
    return tuple(_srgb(sum(m * c for m, c in zip(row, lin))) for row in MATRICES[vision])


@lru_cache(maxsize=65536)
def lab(rgb: Rgb) -> tuple[float, float, float]:
    r, g, b = (_linear(v) for v in rgb[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: Rgb, b: Rgb, vision: str = "normal") -> float:
    la, lb = lab(simulate(tuple(a[:3]), vision)), lab(simulate(tuple(b[:3]), vision))
    return sum((p - q) ** 2 for p, q in zip(la, lb)) ** 0.5


def simulate_surface(surf: pygame.Surface, vision: str) -> pygame.Surface:
    """A copy of ``surf`` as seen with ``vision`` (slow on big surfaces: scale them down first)."""
    out = surf.copy()
    w, h = out.get_size()
    out.lock()
    for y in range(h):
        for x in range(w):
            c = out.get_at((x, y))
            out.set_at((x, y), (*simulate((c.r, c.g, c.b), vision), c.a))
    out.unlock()
    return out


@dataclass(frozen=True)
class Finding:
    """One result line: ``ok`` False is a failure of the check."""

    ok: bool
    text: str


def close_pairs(looks: Sequence[tuple], vision: str, limit: float = CLOSE) -> list[tuple[int, int, float]]:
    """Pairs of looks (colour, pattern, name) closer than ``limit`` under ``vision``."""
    out = []
    for i in range(len(looks)):
        for j in range(i + 1, len(looks)):
            d = delta_e(looks[i][0], looks[j][0], vision)
            if d < limit:
                out.append((i, j, d))
    return out


def _pixels(surf: pygame.Surface) -> dict[tuple[int, int], Rgb]:
    w, h = surf.get_size()
    out = {}
    for y in range(h):
        for x in range(w):
            c = surf.get_at((x, y))
            if c.a > 200:
                out[(x, y)] = (c.r, c.g, c.b)
    return out


def mark_mask(colour: Rgb, pattern: str, vision: str, px: int = 48) -> frozenset[tuple[int, int]]:
    """The pixels of ``pattern``'s mark on a cube of ``colour`` that ``vision`` still sees: where
    the marked cube differs from a plain one by at least ``MARK_SEEN``."""
    from scenes.widgets.blocks import paint_cube

    plain = _pixels(paint_cube(colour, "plain", px))
    marked = _pixels(paint_cube(colour, pattern, px))
    seen = set()
    for p, c in marked.items():
        base = plain.get(p)
        if base is not None and base != c and delta_e(base, c, vision) >= MARK_SEEN:
            seen.add(p)
    return frozenset(seen)


def _jaccard_distance(a: frozenset, b: frozenset) -> float:
    union = a | b
    return 1.0 if not union else 1 - len(a & b) / len(union)


def check_palette(name: str, looks: Sequence[tuple], visions: Sequence[str] = ("normal", *VISIONS)) -> list[Finding]:
    """Every check on one palette of looks (colour, pattern, name), for each vision."""
    found: list[Finding] = []
    for vision in visions:
        for i, j, d in close_pairs(looks, vision):
            a, b = looks[i], looks[j]
            ok = a[1] != b[1]
            found.append(
                Finding(ok, f"{name} {vision}: {a[2]} / {b[2]} deltaE {d:.1f}, patterns {a[1]} / {b[1]}")
            )
        masks = {look[2]: mark_mask(look[0], look[1], vision) for look in looks}
        for look in looks:
            if look[1] != "plain" and not masks[look[2]]:
                found.append(Finding(False, f"{name} {vision}: the {look[1]} mark on {look[2]} is not seen"))
        for i in range(len(looks)):
            for j in range(i + 1, len(looks)):
                a, b = looks[i], looks[j]
                apart = _jaccard_distance(masks[a[2]], masks[b[2]])
                if apart < SHAPES_APART:
                    found.append(
                        Finding(False, f"{name} {vision}: the marks of {a[2]} and {b[2]} look alike ({apart:.2f})")
                    )
    return found


def check_contrast(pairs: Sequence[tuple[str, Rgb, Rgb]], limit: float, visions=("normal", *VISIONS)) -> list[Finding]:
    """Each (what, a, b) pair must stay at least ``limit`` apart under every vision."""
    found = []
    for what, a, b in pairs:
        for vision in visions:
            d = delta_e(a, b, vision)
            found.append(Finding(d >= limit, f"{what} {vision}: deltaE {d:.1f}"))
    return found
