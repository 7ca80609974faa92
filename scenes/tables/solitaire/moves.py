"""Moving stacks by keyboard, and why a stack cannot move.

The arrows move a cursor along the line of stacks (Home and End scroll the log); Enter picks up
the stack under the cursor, and Enter on a stack it may go onto puts it there, as a click does;
Backspace puts it down again. The pile keeps its own keys (Space or D draws).
"""

from __future__ import annotations

from typing import Any

import pygame

from babel.games.solitaire.actions import Move
from babel.games.solitaire.deals import piece_name
from babel.games.solitaire.model import Difficulty, SolitaireView


class KeyCursor:
    """The stack the keyboard points at (None until an arrow is pressed)."""

    def __init__(self) -> None:
        self.stack: int | None = None

    def handle(self, table: Any, key: int) -> bool:
        """Act on ``key`` at the solitaire ``table``; True when the key was the cursor's."""
        count = len(table.view.line)
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and count:
            here = self.stack if self.stack is not None and self.stack < count else count
            self.stack = max(0, min(count - 1, here + (-1 if key == pygame.K_LEFT else 1)))
            table.app.redraw()
            return True
        if key == pygame.K_BACKSPACE and table.selected is not None:
            table.selected = None
            table.app.redraw()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.stack is not None:
            self.enter(table)
            return True
        return False

    def enter(self, table: Any) -> None:
        """Put the picked-up stack onto the cursor's, or pick up the cursor's stack."""
        i = min(self.stack, len(table.view.line) - 1)
        picked = table.selected
        if picked is not None and i in table._targets(picked):
            table.selected = None
            table._act(table._targets(picked)[i])
            self.stack = min(i, len(table.view.line) - 1)
            return
        if table._targets(i):
            table.selected = i
        else:
            table.selected = None
            table.app.toast(why_not(table.view, i, any(isinstance(a, Move) for a in table.legal)))
        table.app.redraw()


def why_not(v: SolitaireView, src: int, moves_exist: bool) -> str:
    """Why stack ``src`` cannot move, in the player's words."""
    options = [d for d in (src - 1, src - 3) if d >= 0]
    if not options:
        return "This stack has no stack one or three places to its left"
    if v.difficulty is Difficulty.STRICT and moves_exist:
        return "Strict rule: only the nearest matches may move now"
    names = " or ".join(piece_name(v.tops[d], v.variant) for d in options)
    piece = piece_name(v.tops[src], v.variant)
    return f"{piece[:1].upper()}{piece[1:]} matches neither {names}"  # 'Moons' keeps its capital
