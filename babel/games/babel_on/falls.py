"""Whether a Babel On! move knocks its tower over, and what a knock-over or a shift does.

The physics outcome is recomputed in ``apply``: the move's ensemble of seeded disturbances (its
share of falls is the risk the table showed) and one member of it drawn with the state's RNG
(``physics_member``), whose verdict is the one that member has in the ensemble
(``physics.decide``), so replaying an action log reproduces every fall. A tower that stands
keeps the blocks the member shifted where they came to rest (``shift_blocks``). A fall is never
taken back: it is the outcome of a chance draw (Ruling 6).
"""

from __future__ import annotations

from babel.core.protocol import Event, replace
from babel.core.rng import Rng
from babel.games.babel_on import physics
from babel.games.babel_on import structure as st
from babel.games.babel_on.actions import BlockMove, Return, action_text
from babel.games.babel_on.model import COLOURS, BabelState, EventKind, Phase
from babel.games.babel_on.structure import EMPTY_TOWER, Block, Tower
from babel.games.babel_on.turns import (
    active,
    bag_with,
    end_turn,
    game_over,
    set_at,
    track_perfect,
    unplaceable_to_bag,
)

Grid = list[list[Block | None]]  # a tower's columns, None where a block was pulled out


def move_places(tower: Tower, m: BlockMove, placed: Block | None) -> list[physics.Placed]:
    """The tower as simulated right after move ``m``: with the ``placed`` block on top of its
    cell (an add), or without the block at (cell, floor) (a take or return)."""
    if placed is not None:
        pl = st.places(tower)
        pl.append(physics.Placed(m.cell, len(tower[m.cell]) + 1, placed.dx, placed.dy))
        return pl
    return st.places(tower, skip=(m.cell, m.floor))


def physics_member(rng: int, ply: int) -> int:
    """Which member of a move's ensemble happens: drawn from the state's RNG ``rng`` forked by
    the move's ``ply`` (the ply count after it), so the die's stream is untouched."""
    return Rng(rng).fork(f"physics {ply}").below(physics.MEMBERS)


def simulate(s: BabelState, tower: Tower, m: BlockMove, placed: Block | None) -> physics.Report:
    """The move's outcome: one member of its ensemble, drawn with the state's RNG, decided by
    the very function that decides it in the ensemble the table showed (only that member is
    simulated here: the other 39 do not change what happens).

    The draw uses a stream forked from the state's RNG by the ply, so the die's stream is
    not advanced (a standing move stays undoable) and replays draw the same member."""
    pl = move_places(tower, m, placed)
    return physics.outcome(pl, m.cell, m.shake, physics_member(s.rng, s.ply))


def wobble_data(report: physics.Report) -> dict:
    """For a move the tower stood through but visibly rocked: the frames of the sway, and the
    blocks that came to rest shifted (cell, floor, new dx, new dy)."""
    if not (report.stands and report.wobble):
        return {}
    data = {
        "wobble": report.to_data()["frames"],
        "frame_dt": physics.FRAME_EVERY * physics.DT,
    }
    if report.shifted:
        data["shifted"] = [list(e) for e in report.shifted]
    return data


def shift_blocks(tower: Tower, report: physics.Report) -> Tower:
    """The tower with the blocks the move shifted standing where they came to rest (their new
    offsets are part of the tower from now on: drawn so, and simulated so by later moves)."""
    if not report.shifted:
        return tower
    cols = [list(c) for c in tower]
    for cell, floor, dx, dy in report.shifted:
        if floor <= len(cols[cell]):
            cols[cell][floor - 1] = replace(cols[cell][floor - 1], dx=dx, dy=dy)
    return tuple(tuple(c) for c in cols)  # type: ignore[return-value]


def knocked_after_take(
    s: BabelState, seat: int, t: int, m: BlockMove, block: Block, report: physics.Report, events: list[Event]
) -> BabelState:
    """A take that knocked the tower over: the taken block is in the mover's hand (or goes
    back to the bag for a ``return``); the rest of the tower is judged by the report."""
    # Rebuild the tower as simulated: floors keep their numbers, with a hole at the taken
    # block; knocked removes every fallen block and everything left above a hole.
    cols: Grid = [list(c) for c in s.towers[t]]
    cols[m.cell][m.floor - 1] = None
    if isinstance(m, Return):
        s = replace(s, bag=bag_with(s.bag, (block.colour,)))
    else:
        s = replace(s, hand=tuple(sorted(s.hand + (block.colour,))), holder=seat)
    return knocked(s, seat, t, report, m, events, holes=cols)


def split_fallen(
    grid: Grid, fallen_places: set[tuple[int, int]]
) -> tuple[list[tuple[int, int, int]], list[tuple[Block, ...]]]:
    """The fallen blocks (cell, floor, colour) and the columns left standing: a block falls if
    the report says so or if it stood above a hole or a fallen block."""
    fallen: list[tuple[int, int, int]] = []
    standing: list[tuple[Block, ...]] = []
    for c, col in enumerate(grid):
        keep: list[Block] = []
        broken = False
        for f, b in enumerate(col, start=1):
            if b is None:
                broken = True
                continue
            if broken or (c, f) in fallen_places:
                broken = True
                fallen.append((c, f, b.colour))
            else:
                keep.append(b)
        standing.append(tuple(keep))
    return fallen, standing


def knocked(
    s: BabelState,
    seat: int,
    t: int,
    report: physics.Report,
    m: BlockMove,
    events: list[Event],
    holes: Grid | None = None,
) -> BabelState:
    """Apply a knock-over of tower ``t`` caused by ``seat``."""
    grid: Grid = holes if holes is not None else [list(c) for c in s.towers[t]]
    fallen, standing = split_fallen(grid, set(report.fallen))
    fall_data = {
        "seat": seat,
        "tower": t,
        "move": action_text(m),
        "fallen": [[c, f, COLOURS[col]] for c, f, col in fallen],
        "frames": report.to_data()["frames"],
        "frame_dt": physics.FRAME_EVERY * physics.DT,
    }
    if t == seat:
        return _own_tower_destroyed(s, seat, grid, fall_data, events)
    return _rival_knocked(s, seat, t, grid, fallen, standing, fall_data, events)


def _own_tower_destroyed(
    s: BabelState, seat: int, grid: Grid, fall_data: dict, events: list[Event]
) -> BabelState:
    """Knocking over your own tower: it is destroyed; its blocks and those in hand go back to
    the bag; on your turn, the turn ends."""
    back = [b.colour for col in grid for b in col if b is not None] + list(s.hand)
    fall_data["result"] = "destroyed"
    events.append(Event(EventKind.FALL, fall_data, irreversible=True))
    s = replace(
        s,
        bag=bag_with(s.bag, back),
        towers=set_at(s.towers, seat, EMPTY_TOWER),
        hand=(),
        holder=-1,
        to_remove=0,
    )
    s = track_perfect(s, seat)
    if s.phase is Phase.RESTORE:
        return end_turn(replace(s, phase=Phase.FINISH), s.turn, events)
    return end_turn(s, seat, events)


def _rival_knocked(
    s: BabelState,
    seat: int,
    t: int,
    grid: Grid,
    fallen: list[tuple[int, int, int]],
    standing: list[tuple[Block, ...]],
    fall_data: dict,
    events: list[Event],
) -> BabelState:
    """Knocking over an opponent's tower: the mover is eliminated; the mover's tower, held
    blocks and Bonus Blocks go back to the bag; the victim restores the fallen blocks."""
    back = [b.colour for col in s.towers[seat] for b in col] + list(s.hand) + [seat] * s.bonus[seat]
    fall_data["result"] = "eliminated"
    events.append(Event(EventKind.FALL, fall_data, irreversible=True))
    events.append(Event(EventKind.ELIMINATED, {"seat": seat, "victim": t}))
    s = replace(
        s,
        bag=bag_with(s.bag, back),
        towers=set_at(set_at(s.towers, seat, EMPTY_TOWER), t, tuple(standing)),
        bonus=set_at(s.bonus, seat, 0),
        eliminated=set_at(s.eliminated, seat, True),
        hand=(),
        holder=-1,
        to_remove=0,
        perfect_since=set_at(s.perfect_since, seat, -1),
    )
    s = track_perfect(s, t)
    left = active(s)
    if len(left) == 1:
        # The game is won; the victim's fallen blocks go back where they stood
        # (Ruling, this edition: nobody is left to play the restoration out).
        rebuilt = tuple(tuple(b for b in col if b is not None) for col in grid)
        s = replace(s, towers=set_at(s.towers, t, rebuilt))
        return game_over(s, tuple(left), "last player standing", events)
    if fallen:
        colours = [COLOURS[c] for _, _, c in fallen]
        events.append(Event(EventKind.RESTORE, {"seat": t, "colours": colours}))
        s = replace(s, phase=Phase.RESTORE, hand=tuple(sorted(c for _, _, c in fallen)), holder=t)
        s = unplaceable_to_bag(s, t, events)
        if s.hand:
            return s
    return end_turn(replace(s, phase=Phase.FINISH), seat, events)
