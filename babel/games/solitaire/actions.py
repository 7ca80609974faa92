"""Solitaire's three kinds of move and their text form: ``draw``, ``move I->J`` (stacks counted
from 1 as people do: ``Move(4, 3)`` is ``move 5->4``) and ``finish``. Saves store this text, so it
never changes."""

from __future__ import annotations

from dataclasses import dataclass

from babel.core.protocol import ActionTextError


@dataclass(frozen=True, order=True)
class Draw:
    """Draw the next piece of the pile onto the right end of the line."""


@dataclass(frozen=True, order=True)
class Move:
    """Move stack ``src`` onto stack ``dst`` (0-based indices, one or three places to its left)."""

    src: int
    dst: int

    @property
    def distance(self) -> int:
        return self.src - self.dst


@dataclass(frozen=True, order=True)
class Finish:
    """End the game with the stacks as they are (only after the last draw)."""


Action = Draw | Move | Finish
DRAW = Draw()
FINISH = Finish()


def action_text(action: Action) -> str:
    if isinstance(action, Move):
        return f"move {action.src + 1}->{action.dst + 1}"
    return "draw" if isinstance(action, Draw) else "finish"


def parse_action(text: str) -> Action:
    """``draw``, ``move 5->4`` or ``finish``; ``ActionTextError`` for anything else."""
    words = text.strip().lower().split()
    if words == ["draw"]:
        return DRAW
    if words == ["finish"]:
        return FINISH
    if len(words) == 2 and words[0] == "move" and "->" in words[1]:
        a, _, b = words[1].partition("->")
        if a.isdigit() and b.isdigit() and int(a) >= 1 and int(b) >= 1:
            return Move(int(a) - 1, int(b) - 1)
    raise ActionTextError(f"cannot read action '{text[:60]}' (try 'draw', 'move 5->4' or 'finish')")
