"""Babel On!'s moves: one frozen dataclass per kind, their text form and its parser.

Text forms (what saves store, byte for byte as before): ``call even``, ``add red 1b @3,-2 ~4``,
``take 2c3 ~1``, ``return 1a2``, ``bonus 1d @0,5``, ``pass``, ``end``. Towers are seats counted
from 1, cells ``a``-``d``, floors from 1. The hand's placement offset ``@dx,dy`` (units of 1/40
block) is written only when not zero and only on a placement (``add``, ``bonus``); the shake
``~s`` only when not zero and only on a move that touches a block.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from babel.core.protocol import ActionTextError, replace
from babel.games.babel_on.model import COLOURS
from babel.games.babel_on.structure import CELLS


@dataclass(frozen=True, order=True)
class Call:
    """Call ``parity`` ("even" or "odd") and roll the die."""

    parity: str


@dataclass(frozen=True, order=True)
class Add:
    """A held block of ``colour`` onto tower ``tower`` (a seat) at ``cell``, with the hand's
    placement offset ``dx``/``dy`` and ``shake``."""

    colour: int
    tower: int
    cell: int
    dx: int = 0
    dy: int = 0
    shake: int = 0


@dataclass(frozen=True, order=True)
class _Pull:
    """A block pulled off tower ``tower`` at (``cell``, ``floor``), with the hand's ``shake``."""

    tower: int
    cell: int
    floor: int
    shake: int = 0


@dataclass(frozen=True, order=True)
class Take(_Pull):
    """The block into the hand (an odd move)."""


@dataclass(frozen=True, order=True)
class Return(_Pull):
    """The block of your own tower back to the bag (a wrong guess)."""


@dataclass(frozen=True, order=True)
class Bonus:
    """A Bonus Block onto your own tower at ``cell``."""

    tower: int
    cell: int
    dx: int = 0
    dy: int = 0
    shake: int = 0


@dataclass(frozen=True, order=True)
class Pass:
    """Do nothing after a wrong guess."""


@dataclass(frozen=True, order=True)
class End:
    """End a turn that has nothing left to do but Bonus Blocks."""


Action = Call | Add | Take | Return | Bonus | Pass | End
Placement = Add | Bonus  # a block put on a tower: has a placement offset
Removal = Take | Return  # a block pulled off a tower
BlockMove = Add | Bonus | Take | Return  # touches a block: carries a shake, is simulated
ACTION_TYPES = (Call, Add, Take, Return, Bonus, Pass, End)

# the order legal_actions lists the kinds in
_ORDER = {Call: 0, Add: 1, Take: 2, Return: 3, Bonus: 4, Pass: 5, End: 6}


def canonical(action: Action) -> Action:
    """The same move with a zero offset and no shake (the form legal_actions lists)."""
    if isinstance(action, Add | Bonus) and (action.dx or action.dy or action.shake):
        return replace(action, dx=0, dy=0, shake=0)
    if isinstance(action, Removal) and action.shake:
        return replace(action, shake=0)
    return action


def sort_key(action: Action) -> tuple:
    """The order of legal_actions: by kind, then tower, cell, floor, colour, hand."""
    if isinstance(action, Call):
        rest: tuple = (action.parity,)
    elif isinstance(action, Add):
        rest = (action.tower, action.cell, action.colour, action.dx, action.dy, action.shake)
    elif isinstance(action, Removal):
        rest = (action.tower, action.cell, action.floor, action.shake)
    elif isinstance(action, Bonus):
        rest = (action.tower, action.cell, action.dx, action.dy, action.shake)
    else:
        rest = ()
    return (_ORDER[type(action)], *rest)


def hand_text(action: Action) -> str:
    dx, dy = (action.dx, action.dy) if isinstance(action, Placement) else (0, 0)
    shake = action.shake if isinstance(action, BlockMove) else 0
    out = f" @{dx},{dy}" if dx or dy else ""
    return out + (f" ~{shake}" if shake else "")


def action_text(action: Action) -> str:
    m = action
    if isinstance(m, Call):
        return f"call {m.parity}"
    if isinstance(m, Add):
        return f"add {COLOURS[m.colour]} {m.tower + 1}{CELLS[m.cell]}{hand_text(m)}"
    if isinstance(m, Take):
        return f"take {m.tower + 1}{CELLS[m.cell]}{m.floor}{hand_text(m)}"
    if isinstance(m, Return):
        return f"return {m.tower + 1}{CELLS[m.cell]}{m.floor}{hand_text(m)}"
    if isinstance(m, Bonus):
        return f"bonus {m.tower + 1}{CELLS[m.cell]}{hand_text(m)}"
    if isinstance(m, Pass):
        return "pass"
    if isinstance(m, End):
        return "end"
    raise ActionTextError("that is not a Babel On! move")


def parse_action(text: str) -> Action:
    """The move ``text`` writes; ActionTextError for text that is no Babel On! move."""
    try:
        return _parse(text.split())
    except (ValueError, IndexError, KeyError):
        raise ActionTextError(f"cannot read action '{text[:60]}'") from None


_HAND_RE = re.compile(r"^@(-?\d+),(-?\d+)$")


def _hand(words: list[str]) -> tuple[list[str], int, int, int]:
    """The words other than the hand's, and the hand's offset and shake."""
    dx = dy = shake = 0
    tail = []
    for w in words:
        mt = _HAND_RE.match(w)
        if mt:
            dx, dy = int(mt.group(1)), int(mt.group(2))
            if not (dx or dy):
                raise ValueError("zero offset is written by leaving it out")
        elif w.startswith("~") and w[1:].isdigit():
            shake = int(w[1:])
            if not shake:
                raise ValueError("zero shake is written by leaving it out")
        else:
            tail.append(w)
    return tail, dx, dy, shake


def _parse(words: list[str]) -> Action:
    if not words:
        raise ValueError("empty")
    kind = words[0]
    tail, dx, dy, shake = _hand(words[1:])
    if kind == "call" and tail in (["even"], ["odd"]) and not (dx or dy or shake):
        return Call(tail[0])
    if kind in ("pass", "end") and not tail and not (dx or dy or shake):
        return Pass() if kind == "pass" else End()
    if kind == "add" and len(tail) == 2:
        tower, cell = _tower_cell(tail[1])
        return Add(COLOURS.index(tail[0]), tower, cell, dx, dy, shake)
    if kind in ("take", "return") and len(tail) == 1 and not (dx or dy):
        mt = re.fullmatch(r"(\d)([abcd])(\d)", tail[0])
        if not mt:
            raise ValueError(tail[0])
        cls = Take if kind == "take" else Return
        return cls(int(mt.group(1)) - 1, CELLS.index(mt.group(2)), int(mt.group(3)), shake)
    if kind == "bonus" and len(tail) == 1:
        tower, cell = _tower_cell(tail[0])
        return Bonus(tower, cell, dx, dy, shake)
    raise ValueError(kind)


def _tower_cell(word: str) -> tuple[int, int]:
    mt = re.fullmatch(r"(\d)([abcd])", word)
    if not mt:
        raise ValueError(word)
    return int(mt.group(1)) - 1, CELLS.index(mt.group(2))


def describe(action: Action) -> str:
    m = action
    if isinstance(m, Call):
        return f"Call {m.parity} and roll the die"
    if isinstance(m, Add):
        return f"Add a {COLOURS[m.colour]} block to player {m.tower + 1}'s tower, cell {CELLS[m.cell]}"
    if isinstance(m, Take):
        return f"Take the block at {CELLS[m.cell]}{m.floor} off player {m.tower + 1}'s tower"
    if isinstance(m, Return):
        return f"Return the block at {CELLS[m.cell]}{m.floor} of your tower to the bag"
    if isinstance(m, Bonus):
        return f"Place a Bonus Block on cell {CELLS[m.cell]} of your tower"
    if isinstance(m, Pass):
        return "Do nothing this turn"
    return "End your turn"
