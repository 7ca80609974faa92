"""The solitaire's painters: the felt, the title and deal, the pile, the line of stacks, the
pieces in flight, the stack being dragged, the win cascade and the status line.

Every painter takes the view, a ``SolitaireUi`` (the small state of the screen, built by the
table each frame), the geometry and the motion, and changes nothing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from babel.games.solitaire.deals import Variant
from babel.games.solitaire.model import Difficulty, SolitaireView
from scenes import keymap, theme, wording
from scenes.anim import lerp2
from scenes.canvas import Canvas
from scenes.tables.solitaire.animate import Motion
from scenes.tables.solitaire.art import draw_piece
from scenes.tables.solitaire.layout import FELT, HELP_POS, PILE_POS, STATUS_POS, TOP_BAR_Y, Geometry

HOVER_LIFT, DRAG_LIFT = 8, 14
HELP = (
    "Draw: click the pile or Space. Move: drag a stack onto a match one or three places to its "
    "left, or ←/→ and Enter twice. H hint, U undo, ? all keys."
)


@dataclass(frozen=True)
class SolitaireUi:
    """What the screen adds to the view: what may be drawn or moved, what is selected, hovered,
    dragged or hinted, and the words of the status line."""

    can_draw: bool = False
    movable: frozenset[int] = frozenset()  # stacks with a legal move
    targets: frozenset[int] = frozenset()  # where the selected or dragged stack may go
    selected: int | None = None
    hover: int | None = None  # the stack under the mouse (None while dragging)
    drag_src: int | None = None  # the stack being dragged
    drag_at: tuple[float, float] = (0, 0)  # where the dragged stack's centre is
    hint_glow: frozenset[str] = frozenset()  # "pile", "finish", "stack<i>"
    finish_glow: pygame.Rect | None = None  # the Finish button's rect when hinted
    practice: bool = False
    over: bool = False
    moves: int = 0  # moves made so far
    winnable: str = ""  # the "still winnable?" words ("" when not asked)
    cursor: int | None = None  # the stack the keyboard points at


def draw_still(
    canvas: Canvas, v: SolitaireView, ui: SolitaireUi, geo: Geometry, motion: Motion, line: bool
) -> None:
    """The table, the bar, the pile and (unless a stack slides) the line at rest."""
    canvas.table(felt=FELT)
    draw_bar(canvas, v, ui)
    pile = geo.pile_rect()
    if v.pile_size:
        glow = "pile" in ui.hint_glow
        draw_piece(canvas, geo, None, PILE_POS, depth=min(v.pile_size - 1, 5), glow=glow, dim=not ui.can_draw)
    else:
        canvas.fill_rect(theme.FELT_DARK, pile, radius=10)
        canvas.fill_rect(theme.GOLD_DARK, pile, radius=10, width=1)
    left = f"{v.pile_size} left" if v.pile_size else "pile empty"
    canvas.text(left, (PILE_POS[0], pile.bottom + 22), canvas.fit(left, 19, 230), theme.PAPER, anchor="midtop")
    if ui.finish_glow is not None:
        canvas.glow(ui.finish_glow)
    if line:
        draw_line(canvas, v, ui, geo, motion)


def draw_line(canvas: Canvas, v: SolitaireView, ui: SolitaireUi, geo: Geometry, motion: Motion) -> None:
    """The stacks, left to right: each its top piece over the edges of those under it."""
    for i, stack in enumerate(v.line):
        hidden = motion.hide.get(i, 0)
        shown = stack[: len(stack) - hidden] if hidden else stack
        if i == ui.drag_src:
            canvas.fill_rect((0, 0, 0, 40), geo.rect(i), radius=10)
            continue
        if not shown:
            continue
        cx, cy = geo.centre(i)
        dx, dy = motion.offset(i)
        centre = (cx + dx, cy + dy) if (dx, dy) != (0.0, 0.0) else (cx, cy)
        glow = i in ui.targets or f"stack{i}" in ui.hint_glow or i == ui.selected
        lift = HOVER_LIFT if (i == ui.hover and i in ui.movable and ui.drag_src is None) else 0
        draw_piece(canvas, geo, shown[-1], centre, lift=lift, depth=len(shown) - 1, glow=glow)
        if i == ui.cursor:  # the keyboard's cursor: a ring the glow of a target does not hide
            canvas.fill_rect(theme.FOCUS, geo.rect(i).inflate(14, 14), radius=14, width=4 * theme.OUTLINE)
        if len(shown) > 1:
            r = geo.rect(i)
            size = canvas.ts(15)  # the count's badge grows with its number
            canvas.circle(theme.INK, (r.right - 4, r.y + 4), max(13, size * 0.85))
            canvas.text(
                str(len(shown)), (r.right - 4, r.y + 4), size, theme.WHITE, role="sans_bold", anchor="center"
            )


def draw_moving(canvas: Canvas, v: SolitaireView, ui: SolitaireUi, geo: Geometry, motion: Motion) -> None:
    """What moves over the still layer: pieces in flight, the dragged stack, the cascade."""
    for code, depth, start, dst, tween, flip in motion.flights:
        if tween.done:
            continue
        pos = lerp2(start, geo.centre(dst), tween.t)
        face = code if (not flip or tween.t > 0.5) else None
        draw_piece(canvas, geo, face, pos, lift=10 * math.sin(math.pi * tween.t), depth=depth)
    if ui.drag_src is not None:
        stack = v.line[ui.drag_src]
        draw_piece(canvas, geo, stack[-1], ui.drag_at, lift=DRAG_LIFT, depth=len(stack) - 1)
    for code, x, y, _, _, delay in motion.particles:
        if delay <= 0:
            draw_piece(canvas, geo, code, (x, y), lift=0)
    draw_status(canvas, v, ui)


def draw_bar(canvas: Canvas, v: SolitaireView, ui: SolitaireUi) -> None:
    name = "Tower of Babel" if v.variant is Variant.TILES else "Accordion"
    canvas.text(name, (40, TOP_BAR_Y + 2), 40, theme.GOLD, role="title_bold")
    mode = "strict rules" if v.difficulty is Difficulty.STRICT else "standard rules"
    if ui.practice:
        mode += "  ·  practice"
    deal = f"Deal {v.deal}  ·  {mode}"
    canvas.text(deal, (44, TOP_BAR_Y + 56), canvas.fit(deal, 18, 500, most=30), theme.PAPER, max_width=500)


def draw_log_title(canvas: Canvas, rect: pygame.Rect) -> None:
    """Over the log of the moves (its lines are the table's scrolling log)."""
    title, keys = max(canvas.least, min(canvas.ts(17), 30)), max(canvas.least, min(canvas.ts(12), 22))
    canvas.text("Moves", (rect.x, rect.y - 2), title, theme.PAPER, role="sans_bold", anchor="bottomleft")
    side = canvas.text_size("Moves", title, "sans_bold")[0] + 10 + canvas.text_size("PgUp/PgDn", keys)[0]
    # the keys beside the title, or above it when the two do not fit the column side by side
    y = rect.y - 4 if side <= rect.w - 8 else rect.y - 4 - canvas.text_size("Moves", title, "sans_bold")[1]
    canvas.text("PgUp/PgDn", (rect.right - 8, y), keys, theme.PAPER_DARK, anchor="bottomright")


def draw_status(canvas: Canvas, v: SolitaireView, ui: SolitaireUi) -> None:
    n = len(v.line)
    parts = [wording.count(n, "stack"), wording.count(ui.moves, "move"), ui.winnable]
    if ui.practice:
        parts.append("practice game: undo takes back draws, counted apart in the statistics")
    text = "  ·  ".join(p for p in parts if p)
    canvas.text(text, STATUS_POS, canvas.fit(text, 20, 1400), theme.PAPER, anchor="center", max_width=1400)
    if not ui.over and not ui.moves:  # the help wraps upwards from its line (the log is empty yet)
        words = keymap.relabel(HELP, "solitaire", loose=True)  # the player's keys
        size = canvas.ts(17)
        lines = canvas.wrap(words, size, 1450)
        y = HELP_POS[1] + 12 - len(lines) * size * 1.25
        for line in lines:
            canvas.text(line, (HELP_POS[0], y), size, theme.PAPER_DARK, anchor="midtop", max_width=1450)
            y += size * 1.25
