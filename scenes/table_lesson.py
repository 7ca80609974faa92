"""The words of a guided game (Learn to play) over its table, with a gold arrow to what they
point at. A painter: it takes the lesson's words, the target's rect and the rects the words must
keep clear of, never the table.

``place_bubble`` picks where the words go: among spots all over the window and a few widths,
the one that covers least of the target (never, where any spot avoids it), then of the panels
and buttons the step needs, whose arrow crosses none of them, near the table's usual spot.
Every table uses it; a table only says which rects matter (``TableScene.lesson_keep_clear``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from scenes import theme
from scenes.canvas import Canvas
from scenes.widgets.basic import paper

TEXT, LINE, TITLE, PAD = 17, 23, 28, 8  # the words' size, a line's, a title's and a paragraph's gap
MARGIN = 10  # the words keep this far from the window's edge
TARGET_GAP = 24  # and this far from what they point at (its glow)
WINDOW = pygame.Rect(0, 0, theme.LOGICAL_W, theme.LOGICAL_H)
GRID = 60  # spots are tried this far apart, then a fifth of it around the best
WIDTHS = (440, 380, 320, 520, 640)  # widths tried after the table's own


@dataclass(frozen=True)
class Bubble:
    """Where the lesson's words sit, wrapped, and the arrow from them to their target."""

    rect: pygame.Rect
    wrapped: tuple[tuple[str, tuple[str, ...]], ...]
    target: pygame.Rect | None
    arrow: tuple[tuple[float, float], tuple[float, float]] | None
    grow: float = 1.0  # the words' size over TEXT (the text size setting, as far as the window allows)


def lesson_paragraphs(lesson: Any, prompt: Any) -> list[tuple[str, str]]:
    """(title, text) pairs: the rules just met, then what to do now."""
    paras = [("New rule", n) for n in lesson.notes]
    if prompt is not None:
        title = "Lesson complete" if lesson.done and prompt.target is None else "Your move"
        paras.append((title, prompt.text))
    return paras


def _grow(canvas: Canvas) -> float:
    """How much larger the words are at the player's text size (1 at 100 %)."""
    return canvas.ts(TEXT) / TEXT


def _wrap(canvas: Canvas, paras: list[tuple[str, str]], w: int, g: float) -> tuple[tuple, int]:
    wrapped = tuple((title, tuple(canvas.wrap(text, TEXT * g, w - 36))) for title, text in paras)
    return wrapped, round(20 + sum((TITLE + len(lines) * LINE) * g + PAD for _, lines in wrapped))


def _widths(own: float, g: float) -> tuple[int, ...]:
    """The widths tried: the table's own first, then ``WIDTHS``, wider at a larger text size
    (never wider than the window)."""
    most = theme.LOGICAL_W - 2 * MARGIN
    return tuple(dict.fromkeys(min(most, round(w * g)) for w in (own, *WIDTHS)))


def arrow_for(r: pygame.Rect, target: pygame.Rect) -> tuple[tuple[float, float], tuple[float, float]]:
    """From the point of the words' edge nearest the target's centre (kept off the rounded
    corners) to where that line meets the target's glow."""
    cx, cy = target.center
    sx = min(max(cx, r.left + 30), r.right - 30)
    sy = min(max(cy, r.top + 24), r.bottom - 24)
    if r.left + 30 <= cx <= r.right - 30 or not (r.top + 24 <= cy <= r.bottom - 24):
        sy = r.top - 4 if cy < r.top else r.bottom + 4  # above or below: leave from the top or bottom
    else:
        sx = r.left - 4 if cx < r.left else r.right + 4  # beside: leave from the side
    clipped = target.inflate(20, 20).clipline((sx, sy), (cx, cy))
    end = clipped[0] if clipped else (cx, cy)
    return (sx, sy), (float(end[0]), float(end[1]))


def _area(a: pygame.Rect, b: pygame.Rect) -> int:
    c = a.clip(b)
    return c.w * c.h


@dataclass(frozen=True)
class Clear:
    """What the words keep clear of besides their target: ``need``, the panels the step needs
    (covered only where no spot avoids them), and ``rather``, buttons and lines better left in
    sight too."""

    need: tuple[pygame.Rect, ...] = ()
    rather: tuple[pygame.Rect, ...] = ()

    def key(self) -> tuple:
        return tuple(map(tuple, self.need)), tuple(map(tuple, self.rather))


def _score(
    r: pygame.Rect, target: pygame.Rect | None, clear: Clear, home: tuple, bound: float = math.inf
) -> float:
    """How bad a spot is (the lower the better); past ``bound`` it stops counting."""
    need, rather = clear.need, clear.rather
    score = math.hypot(r.x - home[0], r.y - home[1]) * 0.5  # near the table's usual spot
    score += sum(_area(r, need[i]) for i in r.collidelistall(need)) * 200.0
    score += sum(_area(r, rather[i]) for i in r.collidelistall(rather)) * 20.0
    if target is not None:
        score += _area(r, target.inflate(2 * TARGET_GAP, 2 * TARGET_GAP)) * 2000.0
    if target is None or score >= bound:
        return score
    a, b = arrow_for(r, target)
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    score += length * 2.0 + (4000.0 if length < 40 else 0.0)  # near, with room for the head
    way = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(b[0] - a[0]) + 1, abs(b[1] - a[1]) + 1)
    score += sum(_inside(need[i], a, b) for i in way.collidelistall(need)) * 300.0  # the arrow's way
    score += sum(_inside(rather[i], a, b) for i in way.collidelistall(rather)) * 100.0
    return score


def _inside(k: pygame.Rect, a: tuple[float, float], b: tuple[float, float]) -> float:
    """How far the segment ``a``-``b`` runs over ``k``."""
    seg = k.clipline(a, b)
    return math.hypot(seg[1][0] - seg[0][0], seg[1][1] - seg[0][1]) if seg else 0.0


def _spots(lo: int, hi: int, step: int) -> list[int]:
    if hi < lo:
        return [lo]
    return sorted({*range(lo, hi, step), hi})


def place_bubble(
    canvas: Canvas,
    paras: list[tuple[str, str]],
    target: pygame.Rect | None,
    clear: Clear,
    home: tuple[float, float, float, float],
) -> Bubble | None:
    """Where the words go: the spot and width that cover least of ``target`` and ``clear``."""
    if not paras:
        return None
    key = (canvas.scale, theme.TEXT_SCALE, tuple(paras), tuple(target) if target else None, clear.key(), home)
    found = _placed.get(key)
    if found is None:
        found = _place(canvas, paras, target, clear, home)
        if len(_placed) > 64:
            _placed.clear()
        _placed[key] = found
    return found


_placed: dict[tuple, Bubble] = {}


def _place(canvas: Canvas, paras: list, target: pygame.Rect | None, clear: Clear, home: tuple) -> Bubble:
    """At 100 % the best spot and width. At a larger text size the largest words (down to the
    usual size) that still fit the window and cover nothing the step needs, else the least bad."""
    def real(rects) -> tuple[pygame.Rect, ...]:
        return tuple(pygame.Rect(k) for k in rects if k.w > 0 and k.h > 0)

    clear = Clear(real(clear.need), real(clear.rather))
    g = _grow(canvas)
    tried: list[tuple[float, Bubble]] = []
    for grow in dict.fromkeys((g, round((g + 1) / 2, 2), 1.0)):
        tried.append(_place_at(canvas, paras, target, clear, home, grow))
        if tried[-1][0] < COVERS:
            break
    return min(tried, key=lambda t: t[0])[1]


COVERS = 1e5  # a spot's score past this covers the target or a panel the step needs


def _place_at(
    canvas: Canvas, paras: list, target: pygame.Rect | None, clear: Clear, home: tuple, g: float
) -> tuple[float, Bubble]:
    sizes = [(w, *_wrap(canvas, paras, w, g)) for w in _widths(home[2], g)]
    fitting = [size for size in sizes if size[2] <= theme.LOGICAL_H - 2 * MARGIN]
    if g > 1.0 and not fitting:
        return math.inf, Bubble(pygame.Rect(0, 0, 0, 0), (), target, None, g)
    best: tuple[float, pygame.Rect, tuple] | None = None
    for w, wrapped, h in fitting if g > 1.0 else sizes:
        xs = _spots(MARGIN, theme.LOGICAL_W - MARGIN - w, GRID)
        ys = _spots(MARGIN, theme.LOGICAL_H - MARGIN - h, GRID)
        spots = [(round(home[0]), round(home[1]))] + [(x, y) for y in ys for x in xs]
        found = _best(spots, w, h, target, clear, home)
        x0, y0 = found[1].topleft  # then finer, around the best coarse spot
        xs = _spots(max(MARGIN, x0 - GRID), min(theme.LOGICAL_W - MARGIN - w, x0 + GRID), GRID // 5)
        ys = _spots(max(MARGIN, y0 - GRID), min(theme.LOGICAL_H - MARGIN - h, y0 + GRID), GRID // 5)
        found = min(
            found, _best([(x, y) for y in ys for x in xs], w, h, target, clear, home), key=lambda f: f[0]
        )
        if best is None or found[0] < best[0]:
            best = (found[0], found[1], wrapped)
    score, rect, wrapped = best
    return score, Bubble(rect, wrapped, target, arrow_for(rect, target) if target is not None else None, g)


def _best(spots, w: int, h: int, target, clear: Clear, home: tuple) -> tuple[float, pygame.Rect]:
    """The best of ``spots`` (top-left corners) for words ``w`` by ``h``."""
    found: tuple[float, pygame.Rect] | None = None
    for x, y in spots:
        r = pygame.Rect(x, y, w, h)
        extra = abs(w - home[2]) * 0.5
        s = _score(r, target, clear, home, found[0] - extra if found else math.inf) + extra
        if not WINDOW.contains(r):  # the table's usual spot, for words taller than usual
            s += 1e7
        if found is None or s < found[0]:
            found = (s, r)
    return found


def draw_bubble(canvas: Canvas, bubble: Bubble | None) -> None:
    if bubble is None:
        return
    r = bubble.rect
    paper(canvas, r, radius=12)
    canvas.fill_rect(theme.GOLD, (r.x, r.y, 7, r.h), radius=3)
    yy, g = r.y + 12, bubble.grow
    for title, lines in bubble.wrapped:
        canvas.text(title, (r.x + 20, yy), TEXT * g, theme.GOLD_DARK, role="sans_bold")
        yy += TITLE * g
        for line in lines:
            canvas.text(line, (r.x + 20, yy), TEXT * g, theme.INK)
            yy += LINE * g
        yy += PAD
    if bubble.target is not None and bubble.arrow is not None:
        canvas.glow(bubble.target, theme.HIGHLIGHT, radius=10, spread=10)
        arrow(canvas, *bubble.arrow)


def arrow(canvas: Canvas, a: tuple[float, float], b: tuple[float, float]) -> None:
    """A gold arrow from ``a`` to the point ``b``."""
    ax, ay = a
    bx, by = b
    angle = math.atan2(by - ay, bx - ax)
    canvas.line((60, 40, 10), (ax + 2, ay + 3), (bx + 2, by + 3), 6)
    canvas.line(theme.GOLD, a, b, 5)
    head = [
        (bx, by),
        (bx - 22 * math.cos(angle - 0.45), by - 22 * math.sin(angle - 0.45)),
        (bx - 22 * math.cos(angle + 0.45), by - 22 * math.sin(angle + 0.45)),
    ]
    canvas.polygon(theme.GOLD, head)
