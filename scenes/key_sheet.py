"""Every key of a table on one sheet, in large words (? at any table; Esc, ? or Enter closes it).

The help line at the foot of a table names the keys of the moment in small print; this sheet
names all of them at a size one reads from the sofa (at least 16 pixels on a 1024x640 window,
larger with the text size), and the keys a player rebound in Settings, Keys are the ones it
names. What a table keeps fixed (the arrows, Enter, the digits) is written here per game.
"""

from __future__ import annotations

import pygame

from babel.core import keybindings as kb
from scenes import keymap, theme
from scenes.canvas import Canvas
from scenes.core import Scene
from scenes.widgets.basic import panel

SHEET_KEYS = (pygame.K_SLASH, pygame.K_QUESTION)  # "?" opens the sheet (Shift+/ on most keyboards)
FIXED: dict[str, tuple[tuple[str, str], ...]] = {  # the keys each table keeps as they are
    "duel": (("2-9, 0 or T, J, Q, K, A", "play that card"), ("X", "play the joker")),
    "solitaire": (
        ("←/→", "choose a stack"),
        ("Enter", "pick it up, then put it down"),
        ("Backspace", "put it down again"),
        ("Space", "draw a tile"),
    ),
    "babel_on": (
        ("1-9", "take up that block of your hand"),
        ("←/→", "the next glowing cell, or a tower's block to pull"),
        ("↑/↓", "the glowing cell above or below"),
        ("Shift+arrows", "nudge the block off the cell's centre"),
        ("Enter or Space", "place or pull the block (rest first: quick keys shake the hand)"),
        ("Enter", "end the turn, with nothing in hand"),
        ("Backspace", "put the block back"),
    ),
    "turmbau": (
        ("←/→ or Tab", "choose a disc to build on (Ctrl+Tab: the buttons)"),
        ("Enter", "build there, commit the offer, complete the disc"),
        ("1-4", "add a camel, crane, ship or mason card (Shift: take one back)"),
        ("1-5", "invite that player's offer"),
        ("↓ then ←/→", "a card of your hand: its note; Enter plays or picks it, ↑ back"),
        ("↑ then ←/→", "a player's plate or a card played: its note; ↓ back"),
        ("Backspace", "clear the choice"),
    ),
    "builders": (
        ("1-9, 0", "a player, or a card of your hand (Shift: the card to discard or give)"),
        ("A-C then 1-3", "a cell of the tower"),
        ("S, G, D, X", "table talk: I suspect, I trust, ...hurt the tower, I won't appoint (then a player)"),
        ("Enter", "confirm"),
        ("Backspace", "clear the choice"),
        ("PgUp/PgDn", "past rounds"),
        ("↑/↓", "table talk: the other bots' rows, when they do not all fit"),
    ),
}


def table_lines(game_id: str | None, hint: str | None, tab_taken: bool) -> list[tuple[str, str]]:
    """The (keys, what they do) of a table of ``game_id``: its own, then every table's."""
    lines = list(FIXED.get(game_id or "", ()))
    lines += [(keymap.label(a.id), a.words[:1].lower() + a.words[1:]) for a in kb.ACTIONS if a.scope == game_id]
    if hint is not None and not any(a.id == f"{game_id}.hint" for a in kb.ACTIONS):
        lines.append((hint, "hint"))
    lines += [
        (keymap.label("table.undo"), "undo your last move"),
        ("Ctrl+Tab" if tab_taken else "Tab, Shift+Tab", "move the focus over the buttons"),
        ("Enter or Space", "press the focused button"),
        ("PgUp/PgDn", "scroll the log"),
        ("F1", "the rules"),
        ("Esc", "the game menu (leave, save, settings: Keys rebinds)"),
        ("?", "this sheet"),
    ]
    return lines


class KeySheet(Scene):
    opaque = False
    modal = True

    def __init__(self, title: str, lines: list[tuple[str, str]]) -> None:
        self.title = title
        self.lines = lines

    def handle(self, event: pygame.event.Event) -> bool:
        closing = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, *SHEET_KEYS)
        if (event.type == pygame.KEYDOWN and event.key in closing) or event.type == pygame.MOUSEBUTTONUP:
            self.dismiss()
        return True

    def draw(self, canvas: Canvas) -> None:
        canvas.shade(150)
        r = pygame.Rect(50, 30, theme.LOGICAL_W - 100, theme.LOGICAL_H - 60)
        panel(canvas, r, title=self.title)
        col_w = (r.w - 90) / 2
        top, bottom = r.y + 100, r.bottom - 60
        size = canvas.ts(26)  # 26 logical: 16 pixels and more on a 1024x640 window
        while True:
            placed = self._place(canvas, size, col_w, top, bottom)
            if placed is not None or size <= 18:
                break
            size -= 1
        for x, y, keys, lines in placed or self._place(canvas, size, col_w, top, 10**6):
            for k, line in enumerate(keys):
                canvas.text(line, (r.x + 30 + x, y + k * size * 1.25), size, theme.GOLD, role="sans_bold")
            for k, line in enumerate(lines):
                where = (r.x + 30 + x + col_w * 0.4, y + k * size * 1.25)
                canvas.text(line, where, size, theme.BUTTON_TEXT)
        foot = "Esc, Enter or ? closes this sheet · the keys are rebound in Settings, Keys"
        canvas.text(foot, (r.centerx, r.bottom - 30), size * 0.8, theme.SOFT_TEXT, anchor="center", max_width=r.w - 60)

    def _place(self, canvas: Canvas, size: float, col_w: float, top: float, bottom: float) -> list | None:
        """Where each row goes at ``size``: down the first column, then the second (None: the
        rows do not fit in two columns)."""
        placed, column, y = [], 0, top
        for keys, words in self.lines:
            lines = canvas.wrap(words, size, col_w * 0.58)
            key_lines = canvas.wrap(keys, size, col_w * 0.37, role="sans_bold")
            h = max(len(lines), len(key_lines)) * size * 1.25 + size * 0.35
            if y + h > bottom:
                column, y = column + 1, top
                if column > 1:
                    return None
            placed.append((column * (col_w + 30), y, key_lines, lines))
            y += h
        return placed
