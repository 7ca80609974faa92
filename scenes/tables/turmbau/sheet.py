"""The final score sheet of Der Turmbau zu Babel: per player the points before the final
scoring, the light-row points of each unfinished wonder, the discs turned up, each kind's set and
its points, the Disc bonus and 5-point cards, and the total, read like a paper score pad."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import pygame

from babel.games.turmbau import data
from babel.games.turmbau.model import TurmbauView
from scenes import assets, theme
from scenes.canvas import Canvas
from scenes.tables.turmbau.art import disc_key, draw_disc, seat_dot
from scenes.tables.turmbau.layout import SHEET_ROW_H, sheet_rects
from scenes.widgets.basic import panel, paper

ROW_H = SHEET_ROW_H
LABEL_W = 330  # the row labels' column


def sheet_rows(view: TurmbauView) -> list[tuple[str, list, bool]]:
    """(label, cells, is_total) of the score sheet; a cell is text, or a tuple of discs."""
    finals = list(view.final)
    n = len(finals)
    rows: list[tuple[str, list, bool]] = [
        ("Victory points before the final scoring", [str(f.before) for f in finals], False)
    ]
    wonders = sorted({w for f in finals for w, _ in f.wonders})
    for w in wonders:
        pts = [dict(f.wonders).get(w) for f in finals]
        rows.append(
            (f"{data.WONDER_NAMES[w]} (light row)", [str(p) if p is not None else "–" for p in pts], False)
        )
    if not wonders:
        rows.append(("Unfinished wonders (light row)", ["–"] * n, False))
    rows.append(("Discs turned up", [tuple(sorted(f.discs)) for f in finals], False))
    for k in range(data.NKINDS):
        rows.append(
            (
                f"{data.KIND_NAMES[k]} disc set",
                [f"{f.sets[k]} → {f.set_points[k]}" if f.sets[k] else "–" for f in finals],
                False,
            )
        )
    rows.append(
        ("Disc bonus card (1 per disc)", [str(f.disc_card) if f.disc_card else "–" for f in finals], False)
    )
    rows.append(
        ("5 victory points cards", [str(f.five_points) if f.five_points else "–" for f in finals], False)
    )
    rows.append(("Total", [str(f.total) for f in finals], True))
    return rows


def rects(view: TurmbauView | None) -> tuple[pygame.Rect, pygame.Rect]:
    """The end panel and the paper score sheet inside it, sized to the sheet's rows."""
    return sheet_rects(len(sheet_rows(view)) if view is not None and view.final else 12)


def draw_score_sheet(
    canvas: Canvas,
    view: TurmbauView,
    names: Sequence[str],
    title: str,
    lines: Sequence[str],
    notes: Sequence[str],
    key: Hashable,
) -> None:
    """The end panel, painted once per ``key`` (it never changes) and then blitted."""
    size = canvas.surface.get_size()
    outer = rects(view)[0]
    key = ("turmbau-sheet", size, key)

    def paint() -> pygame.Surface:
        full = pygame.Surface(size, pygame.SRCALPHA)
        _paint_score_sheet(Canvas(full), view, names, title, lines, notes)
        crop = canvas.rect(outer.inflate(40, 40)).clip(full.get_rect())
        return full.subsurface(crop).copy()

    img = assets.surface(key, paint)
    crop = canvas.rect(outer.inflate(40, 40)).clip(canvas.surface.get_rect())
    canvas.surface.blit(img, crop.topleft)


def _paint_score_sheet(
    canvas: Canvas, view: TurmbauView, names: Sequence[str], title: str, lines: Sequence[str], notes
) -> None:
    outer, sheet = rects(view)
    panel(canvas, outer)
    cx = outer.centerx
    canvas.text(
        title,
        (cx, outer.y + 14),
        46,
        theme.GOLD,
        role="title_bold",
        anchor="midtop",
        max_width=outer.w - 60,
    )
    canvas.text("Final scoring", (cx, outer.y + 70), 20, theme.PAPER_DARK, role="italic", anchor="midtop")
    paper(canvas, sheet)
    finals = list(view.final)
    if not finals:
        return
    n = len(finals)
    label_w = LABEL_W
    col = (sheet.w - label_w - 20) / n
    best = max(f.total for f in finals)
    y = sheet.y + 10
    for s in range(n):
        x = sheet.x + label_w + col * (s + 0.5)
        seat_dot(canvas, s, (x - canvas.text_size(names[s], 18)[0] / 2 - 14, y + 14), 16)
        canvas.text(
            names[s], (x, y + 14), 18, theme.INK, role="sans_bold", anchor="center", max_width=col - 30
        )
    y += 36
    canvas.line(theme.INK_SOFT, (sheet.x + 12, y - 4), (sheet.right - 12, y - 4), 1)
    top = {s for s, f in enumerate(finals) if f.total == best}
    for label, cells, total in sheet_rows(view):
        if total:
            canvas.line(theme.INK, (sheet.x + 12, y), (sheet.right - 12, y), 2)
            y += 4
        _draw_row(canvas, sheet, label, cells, total, y, col, top)
        y += ROW_H
    if notes:
        canvas.text(
            "; ".join(notes),
            (sheet.x + 16, sheet.bottom - 14),
            13,
            theme.INK_SOFT,
            anchor="midleft",
            max_width=sheet.w - 30,
        )
    y = sheet.bottom + 12
    for line in lines[:2]:
        canvas.text(line, (cx, y), 20, theme.WHITE, anchor="midtop", max_width=outer.w - 60)
        y += 28


def _draw_row(
    canvas: Canvas, sheet: pygame.Rect, label: str, cells: list, total: bool, y: float, col: float, top: set
) -> None:
    """One row of the sheet: its label, then a cell per player (text, or the discs turned up);
    ``top`` holds the seats whose total is the best."""
    rh = ROW_H
    canvas.text(
        label,
        (sheet.x + 16, y + rh / 2),
        18 if total else 15,
        theme.INK,
        role="sans_bold" if total else "sans",
        anchor="midleft",
        max_width=LABEL_W - 20,
    )
    for s, cell in enumerate(cells):
        x = sheet.x + LABEL_W + col * (s + 0.5)
        if isinstance(cell, tuple):
            d = min(24, (col - 10) / max(1, len(cell)))
            x0 = x - d * (len(cell) - 1) / 2
            for i, disc in enumerate(cell):
                draw_disc(canvas, disc_key(disc), (x0 + i * d, y + rh / 2), 24)
            if not cell:
                canvas.text("none", (x, y + rh / 2), 15, theme.INK_SOFT, anchor="center")
            continue
        colour = theme.GOLD_DARK if total and s in top else theme.INK
        canvas.text(
            cell,
            (x, y + rh / 2),
            20 if total else 15,
            colour,
            role="sans_bold" if total else "sans",
            anchor="center",
            max_width=col - 8,
        )
