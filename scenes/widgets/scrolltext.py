"""Scrollable text: the rules viewer's document and every table's log.

``ScrollText`` reads a small Markdown subset (``#``/``##``/``###`` headings, paragraphs, ``-``
bullets, ``**bold**``), lays it out once per width and pixel scale, renders each line once, and
blits only the visible lines. ``LogScroll`` keeps a whole game's log: the newest line shows at
the bottom, the wheel over it and PageUp/PageDown scroll back to the first line, and a new line
(or End) brings the newest back.
"""

from __future__ import annotations

import re

import pygame

from scenes import assets, theme
from scenes.canvas import Canvas

STYLES = {  # kind: (role, size, colour, space before)
    "h1": ("title_bold", 40, theme.INK, 18),
    "h2": ("title_bold", 30, theme.INK, 16),
    "h3": ("sans_bold", 22, theme.INK, 12),
    "p": ("sans", 19, theme.INK, 8),
    "li": ("sans", 19, theme.INK, 4),
}
BOLD = re.compile(r"(\*\*.+?\*\*)")
LOG_ROOM = 4  # a log's rows in view that a larger text size keeps (its words grow less in a small log)


def inline_words(text: str) -> list[tuple[str, bool, bool]]:
    """A paragraph's words as (word, bold, glued to the previous word without a space)."""
    words: list[tuple[str, bool, bool]] = []
    spaced = True  # whether the text before this part ended with white space
    for part in BOLD.split(text):
        if not part:
            continue
        bold = part.startswith("**") and part.endswith("**") and len(part) > 4
        chunk = part[2:-2] if bold else part
        for i, w in enumerate(chunk.split()):
            glued = i == 0 and bool(words) and not spaced and not chunk[:1].isspace()
            words.append((w, bold, glued))
        spaced = chunk[-1:].isspace()
    return words


def parse_markdown(text: str) -> list[tuple[str, str]]:
    """Blocks of (kind, text): headings, paragraphs and list items."""
    blocks: list[tuple[str, str]] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(("p", " ".join(para)))
            para.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
            continue
        m = re.match(r"(#{1,3})\s+(.*)", line)
        if m:
            flush()
            blocks.append((f"h{len(m.group(1))}", m.group(2)))
        elif re.match(r"[-*]\s+", line):
            flush()
            blocks.append(("li", re.sub(r"^[-*]\s+", "", line)))
        elif re.match(r"\d+\.\s+", line):
            flush()
            blocks.append(("li", line))
        elif blocks and blocks[-1][0] == "li" and not para and raw.startswith("  "):
            kind, prev = blocks[-1]
            blocks[-1] = (kind, prev + " " + line)
        else:
            para.append(line)
    flush()
    return blocks


class ScrollText:
    """A Markdown document in a logical rect, scrolled by wheel, keys or the scrollbar."""

    def __init__(self, rect, text: str) -> None:
        self.rect = pygame.Rect(rect)
        self.blocks = parse_markdown(text)
        self.offset = 0.0  # logical pixels scrolled
        self._layout_key = None
        self._lines: list[tuple[float, pygame.Surface]] = []  # (logical y, surface)
        self._height = 0.0
        self._dragging = False

    def set_text(self, text: str) -> None:
        self.blocks = parse_markdown(text)
        self.offset = 0.0
        self._layout_key = None

    def _layout(self, canvas: Canvas) -> None:
        key = (canvas.scale, theme.TEXT_SCALE, self.rect.w, id(self.blocks))
        if key == self._layout_key:
            return
        self._layout_key = key
        s = canvas.scale
        width_px = round((self.rect.w - 40) * s)
        y = 0.0
        lines: list[tuple[float, pygame.Surface]] = []
        for kind, text in self.blocks:
            role, size, colour, before = STYLES[kind]
            grow = canvas.ts(size) / size  # the text size setting: the words grow and reflow
            y += before * grow
            px = max(6, round(size * grow * s))
            indent = 0
            bullet = kind == "li" and not re.match(r"\d+\.", text)
            if kind == "li":
                indent = round(26 * grow * s)
            for surf in self._render_block(text, role, px, colour, width_px - indent):
                if bullet:
                    dot = assets.text("•", role, px, theme.INK_SOFT)
                    full = pygame.Surface((surf.get_width() + indent, surf.get_height()), pygame.SRCALPHA)
                    full.blit(dot, (round(8 * grow * s), 0))
                    full.blit(surf, (indent, 0))
                    surf, bullet = full, False
                elif kind == "li":
                    full = pygame.Surface((surf.get_width() + indent, surf.get_height()), pygame.SRCALPHA)
                    full.blit(surf, (indent, 0))
                    surf = full
                lines.append((y, surf))
                y += surf.get_height() / s
            if kind in ("h1", "h2"):
                y += 4
        self._lines = lines
        self._height = y + 20
        self.offset = min(self.offset, self.max_offset)

    @staticmethod
    def _render_block(text: str, role: str, px: int, colour, width_px: int) -> list[pygame.Surface]:
        """Word-wrap a paragraph with **bold** runs into line surfaces."""
        words = inline_words(text)
        bold_role = "sans_bold" if role == "sans" else role
        space = assets.font(role, px).size(" ")[0]
        lines: list[list[tuple[str, bool, bool]]] = [[]]
        width = 0
        for word, bold, glued in words:
            w = assets.font(bold_role if bold else role, px).size(word)[0]
            gap = 0 if (glued or not lines[-1]) else space
            if lines[-1] and width + gap + w > width_px and not glued:
                lines.append([])
                width, gap = 0, 0
            width += gap + w
            lines[-1].append((word, bold, glued))
        out = []
        height = assets.font(role, px).get_linesize()
        for line in lines:
            surf = pygame.Surface((max(1, width_px), height), pygame.SRCALPHA)
            x = 0
            for i, (word, bold, glued) in enumerate(line):
                if i and not glued:
                    x += space
                img = assets.font(bold_role if bold else role, px).render(word, True, colour)
                surf.blit(img, (x, 0))
                x += img.get_width()
            out.append(surf)
        return out

    @property
    def max_offset(self) -> float:
        return max(0.0, self._height - self.rect.h)

    def scroll(self, delta: float) -> None:
        self.offset = min(self.max_offset, max(0.0, self.offset + delta))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * 60)
            return True
        if event.type == pygame.KEYDOWN:
            page = self.rect.h - 60
            moves = {
                pygame.K_DOWN: 40,
                pygame.K_UP: -40,
                pygame.K_PAGEDOWN: page,
                pygame.K_PAGEUP: -page,
                pygame.K_SPACE: page,
                pygame.K_HOME: -1e9,
                pygame.K_END: 1e9,
            }
            if event.key in moves:
                self.scroll(moves[event.key])
                return True
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self._bar_rect().collidepoint(event.pos)
        ):
            self._dragging = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging:
            self._dragging = False
            return True
        if event.type == pygame.MOUSEMOTION and self._dragging:
            frac = (event.pos[1] - self.rect.y) / max(1, self.rect.h)
            self.offset = min(self.max_offset, max(0.0, frac * self.max_offset))
            return True
        return False

    def _bar_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - 14, self.rect.y, 14, self.rect.h)

    def draw(self, canvas: Canvas) -> None:
        self._layout(canvas)
        clip = canvas.rect(self.rect)
        old = canvas.surface.get_clip()
        canvas.surface.set_clip(clip)
        top, bottom = self.offset - 60, self.offset + self.rect.h
        for y, surf in self._lines:
            if top <= y <= bottom:
                canvas.blit(surf, (self.rect.x + 16, self.rect.y + y - self.offset))
        canvas.surface.set_clip(old)
        if self.max_offset > 0:
            bar = self._bar_rect()
            canvas.fill_rect((0, 0, 0, 40), bar, radius=6)
            frac = self.rect.h / self._height
            h = max(30, bar.h * frac)
            y = bar.y + (bar.h - h) * (self.offset / self.max_offset)
            canvas.fill_rect(theme.INK_SOFT, (bar.x + 2, y, bar.w - 4, h), radius=5)


Entry = str | tuple[str, tuple[int, ...]]  # a log line, or a line and its colour


class LogScroll:
    """A log of a whole game in a logical rect: lines wrapped whole (a continuation row is
    indented), the newest at the bottom, scrolled back by rows (Home: to the first line). While
    scrolled back a "newest" marker shows at the bottom; a new line, End or a click on the marker
    goes back."""

    def __init__(self, size: float = 14, row: float = 20, colour=None, indent: float = 10) -> None:
        self.size, self.row, self.colour, self.indent = size, row, colour, indent
        self.grow = 1.0  # the text size setting's factor at the last layout: rows grow, fewer fit
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.back = 0  # rows scrolled back from the newest
        self._count = 0  # lines in the log when it was last drawn
        self._key: tuple | None = None
        self._rows: list[tuple[str, float, tuple]] = []  # (text, indent, colour)
        self._tallest = 0  # the tallest rect this log was placed in

    # -- layout -----------------------------------------------------------------------------
    def place(self, rect, tallest: float = 0) -> None:
        """Lay the log out in ``rect``; ``tallest``: the height it may grow to when scrolled back."""
        self.rect = pygame.Rect(rect)
        self._tallest = max(self._tallest, self.rect.h, tallest)

    @property
    def room(self) -> int:
        return max(1, int(self.rect.h // self.step))

    @property
    def step(self) -> float:
        """A row's height at the player's text size."""
        return self.row * self.grow

    def rows(self, canvas: Canvas, entries: list[Entry]) -> list[tuple[str, float, tuple]]:
        """Every line wrapped to the rect's width (worked out again only when something changed)."""
        key = (canvas.scale, self.rect.w, self._tallest, tuple(entries), theme.GENERATION)
        if key != self._key:
            self._key = key
            # rows grow with the text size, but a small log keeps at least LOG_ROOM rows in view
            # (of the tallest rect it was placed in: a log that grows while scrolled back wraps alike)
            self.grow = max(1.0, min(canvas.ts(self.size) / self.size, self._tallest / (self.row * LOG_ROOM)))
            rows = []
            for entry in entries:
                plain = theme.INK if self.colour is None else self.colour
                text, colour = (entry, plain) if isinstance(entry, str) else entry
                wrapped = canvas.wrap(text, self.size * self.grow, self.rect.w - 24 - self.indent) or [text]
                rows += [(w, self.indent if i else 0, colour) for i, w in enumerate(wrapped)]
            self._rows = rows
        return self._rows

    def follow(self, entries: list[Entry]) -> None:
        """A line added (or taken back) since the last frame: show the newest again."""
        if len(entries) != self._count:
            self._count = len(entries)
            self.back = 0

    def max_back(self) -> int:
        return max(0, len(self._rows) - self.room)

    def shown(self) -> list[tuple[str, float, tuple]]:
        """The rows in view, oldest first."""
        end = len(self._rows) - min(self.back, self.max_back())
        return self._rows[max(0, end - self.room) : end]

    def newest_rect(self) -> pygame.Rect | None:
        """Where the newest line's last row is drawn (None while scrolled back or empty)."""
        if self.back or not self._rows:
            return None
        n = min(len(self._rows), self.room)
        return pygame.Rect(self.rect.x, round(self.rect.y + (n - 1) * self.step), self.rect.w, round(self.step))

    def marker_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - 112, self.rect.bottom - 22, 96, 22)

    # -- input ------------------------------------------------------------------------------
    def scroll(self, rows: int) -> None:
        """Back by ``rows`` (forward if negative); the next drawing keeps it within the rows as
        they are then wrapped."""
        self.back = max(0, min(self.max_back(), self.back) + rows)

    def handle(self, event: pygame.event.Event, mouse: tuple[float, float]) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(mouse):
            self.scroll(3 * event.y)
            return True
        if event.type == pygame.KEYDOWN and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            page = max(1, self.room - 1)
            far = 10**9
            moves = {pygame.K_PAGEUP: page, pygame.K_PAGEDOWN: -page, pygame.K_HOME: far, pygame.K_END: -far}
            if event.key in moves:
                self.scroll(moves[event.key])
                return True
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.back
            and self.marker_rect().collidepoint(event.pos)
        ):
            self.back = 0
            return True
        return False

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, canvas: Canvas, entries: list[Entry]) -> None:
        self.follow(entries)
        self.rows(canvas, entries)
        self.back = min(self.back, self.max_back())
        x, y = self.rect.x, self.rect.y
        for text, indent, colour in self.shown():  # wrapped to fit beside the scroll bar
            canvas.text(text, (x + indent, y), self.size * self.grow, colour, max_width=self.rect.w - 16 - indent)
            y += self.step
        if not self.max_back():
            return
        bar = pygame.Rect(self.rect.right - 10, self.rect.y, 6, self.rect.h)
        canvas.fill_rect((0, 0, 0, 40), bar, radius=3)
        h = max(16, bar.h * self.room / len(self._rows))
        top = bar.y + (bar.h - h) * (1 - self.back / self.max_back())
        canvas.fill_rect(theme.INK_SOFT, (bar.x, top, bar.w, h), radius=3)
        if self.back:
            m = self.marker_rect()
            canvas.fill_rect(theme.GOLD, m, radius=8)
            canvas.text("newest ▾", m.center, 13, theme.INK, role="sans_bold", anchor="center")
