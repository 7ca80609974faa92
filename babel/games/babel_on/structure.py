"""The building rules of a Babel On! tower, as pure functions over plain tuples.

A tower is four columns, one per cell of the 2x2 grid (a, b, c, d), each a tuple of blocks from
floor 1 upward. Keeping columns as contiguous stacks makes the Structure rule (2x2, every block
on a block of the floor below, no seventh floor) hold by construction; the functions here check
the rest: Safety (at most two partially built floors), Protected Floors, the national-colour
Last Resort, Perfect Tower, and a progress score for bots and the round limit. Each check
returns ``None`` when a move is allowed, or the reason (naming the rule) when it is not.
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.games.babel_on import physics

CELLS = "abcd"
FLOORS = 6
CELL_COUNT = 4
# Orthogonally adjacent cells (never the diagonals a-d, b-c).
ADJACENT = ((0, 1), (2, 3), (0, 2), (1, 3))
X_NEIGHBOUR = (1, 0, 3, 2)  # same row, other column
Y_NEIGHBOUR = (2, 3, 0, 1)  # same column, other row


@dataclass(frozen=True)
class Block:
    """One block in a tower: its colour (nation index) and its placement offset in units."""

    colour: int
    dx: int = 0
    dy: int = 0


Column = tuple[Block, ...]
Tower = tuple[Column, Column, Column, Column]
EMPTY_TOWER: Tower = ((), (), (), ())


def heights(tower: Tower) -> tuple[int, ...]:
    return tuple(len(col) for col in tower)


def block_count(tower: Tower) -> int:
    return sum(len(col) for col in tower)


def floor_blocks(tower: Tower, floor: int) -> int:
    """How many blocks floor ``floor`` (1-based) has."""
    return sum(1 for col in tower if len(col) >= floor)


def partial_floors(tower: Tower) -> tuple[int, ...]:
    """Floors with 1-3 blocks."""
    return tuple(f for f in range(1, FLOORS + 1) if 0 < floor_blocks(tower, f) < CELL_COUNT)


def complete_floors(tower: Tower) -> int:
    return min(heights(tower))


def spread(hs: tuple[int, ...] | list[int]) -> int:
    """The number of partially built floors of a tower with these column heights."""
    return max(hs) - min(hs)


def is_full(tower: Tower) -> bool:
    return complete_floors(tower) >= FLOORS


def protected_floors(tower: Tower, owner_colour: int) -> tuple[int, ...]:
    """Floors built entirely of the owner's colour (nobody may remove from these or below)."""
    return tuple(
        f
        for f in range(1, FLOORS + 1)
        if floor_blocks(tower, f) == CELL_COUNT and all(col[f - 1].colour == owner_colour for col in tower)
    )


def add_refusal(tower: Tower, cell: int) -> str | None:
    """Why a block may not be added on cell ``cell`` now (None if it may).

    Safety in its building form: while floor L is the lowest incomplete floor, blocks go on
    floors L and L+1 only. After a knock-over a tower may have more than two partial floors;
    then (Ruling, this edition) blocks go on its lowest incomplete floor only, which brings it
    back within the rule.
    """
    hs = list(heights(tower))
    floor = hs[cell] + 1
    if floor > FLOORS:
        return "Structure: a tower has six floors; there is no seventh floor"
    lowest = min(hs) + 1
    if spread(hs) > 2:
        if floor != lowest:
            return (
                f"Safety: this tower has more than two partially built floors after a fall, "
                f"so blocks go on floor {lowest} first"
            )
        return None
    if floor > lowest + 1:
        return (
            f"Safety: at most two partially built floors; floor {lowest} is not complete, "
            f"so blocks may go on floors {lowest} and {lowest + 1} only"
        )
    return None


def remove_refusal(tower: Tower, cell: int, floor: int, owner_colour: int, own: bool) -> str | None:
    """Why the block at (cell, floor) may not be taken off (None if it may).

    ``own``: the mover is the tower's owner (the Last Resort rule protects a tower's national
    colour from opponents only; Protected Floors bind everyone).
    """
    col = tower[cell]
    if not 1 <= floor <= len(col):
        return f"there is no block at {CELLS[cell]}{floor}"
    guarded = [f for f in protected_floors(tower, owner_colour) if f >= floor]
    if guarded:
        return (
            f"Protected Floor: floor {guarded[0]} is built entirely in its nation's colour, "
            f"so nobody may remove blocks from it or any floor below it"
        )
    if not own and col[floor - 1].colour == owner_colour:
        top = max(heights(tower))
        on_top = [c[top - 1].colour for c in tower if len(c) >= top]
        if floor != top or any(c != owner_colour for c in on_top):
            return (
                "National Color - Last Resort: a block of the tower's own colour may be taken "
                "only from the top floor, and only when no other colour is on that floor"
            )
    hs = list(heights(tower))
    before = spread(hs)
    hs[cell] -= 1  # as if the column simply lost one block
    if spread(hs) > max(2, before):
        return (
            "Safety: at most two partially built floors at any time "
            "(Ruling, this edition: this holds for removals too)"
        )
    return None


def top_block(towers, tower: int, cell: int) -> Block | None:
    """The block a placement on ``tower`` at ``cell`` lands on: that cell's top block (None: the
    table, or no such tower or cell; a move is checked before its tower is)."""
    if not (0 <= tower < len(towers) and 0 <= cell < len(towers[tower])):
        return None
    col = towers[tower][cell]
    return col[-1] if col else None


def clamp_offset(tower: Tower, cell: int, dx: int, dy: int) -> tuple[int, int]:
    """The offset a block ends with when placed on top of ``cell``: a hand cannot push it into
    a neighbour on the same floor, so it stops touching that neighbour."""
    floor = len(tower[cell]) + 1
    xi = cell % 2
    yi = cell // 2
    nb = tower[X_NEIGHBOUR[cell]]
    if len(nb) >= floor:
        other = nb[floor - 1].dx
        if xi == 0:
            dx = min(dx, other + physics.GAP)
        else:
            dx = max(dx, other - physics.GAP)
    nb = tower[Y_NEIGHBOUR[cell]]
    if len(nb) >= floor:
        other = nb[floor - 1].dy
        if yi == 0:
            dy = min(dy, other + physics.GAP)
        else:
            dy = max(dy, other - physics.GAP)
    return dx, dy


def places(tower: Tower, skip: tuple[int, int] | None = None) -> list[physics.Placed]:
    """The tower's blocks as physics places, optionally without the block at (cell, floor)."""
    out = []
    for c, col in enumerate(tower):
        for f, b in enumerate(col, start=1):
            if skip != (c, f):
                out.append(physics.Placed(c, f, b.dx, b.dy))
    return out


# -- the Perfect Tower ------------------------------------------------------------------------
def floor_meets_colour(tower: Tower, floor: int, colour: int, players: int) -> bool:
    """National Color - Use 'em: at least one block (5-6 players) or two orthogonally adjacent
    blocks (2-4 players) of the colour on this floor."""
    own = [len(col) >= floor and col[floor - 1].colour == colour for col in tower]
    if players >= 5:
        return any(own)
    return any(own[a] and own[b] for a, b in ADJACENT)


def floor_lined_up(tower: Tower, floor: int, colour: int) -> bool:
    """National Color - Line 'em up: a block of the colour directly above one on the floor below."""
    return any(
        len(col) >= floor and col[floor - 1].colour == colour and col[floor - 2].colour == colour
        for col in tower
    )


def perfect_floor(tower: Tower, floor: int, colour: int, players: int) -> bool:
    if floor_blocks(tower, floor) < CELL_COUNT:
        return False
    if not floor_meets_colour(tower, floor, colour, players):
        return False
    return floor == 1 or floor_lined_up(tower, floor, colour)


def perfect_floors(tower: Tower, colour: int, players: int) -> int:
    """How many floors from the bottom up are complete and meet the Perfect Tower rules."""
    n = 0
    for f in range(1, FLOORS + 1):
        if not perfect_floor(tower, f, colour, players):
            break
        n += 1
    return n


def is_perfect(tower: Tower, colour: int, players: int) -> bool:
    """Six complete floors, each meeting the national-colour rules for the player count."""
    return perfect_floors(tower, colour, players) == FLOORS
