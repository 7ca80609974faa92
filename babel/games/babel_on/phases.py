"""The steps of a Babel On! turn as pure functions: the call and roll (and the draw on a right
even call), a block added or a Bonus Block placed, a block taken off a tower or returned to the
bag. Each one's move is already known to be legal (``RULES.why_illegal``); each appends its
events and hands on to turns.py when the roll is done and to falls.py when a tower falls."""

from __future__ import annotations

from babel.core.protocol import Event, replace
from babel.core.rng import Rng
from babel.games.babel_on import structure as st
from babel.games.babel_on.actions import Bonus, Placement, Removal, Return
from babel.games.babel_on.falls import knocked, knocked_after_take, shift_blocks, simulate, wobble_data
from babel.games.babel_on.model import COLOURS, BabelState, EventKind, Phase
from babel.games.babel_on.structure import Block, Tower
from babel.games.babel_on.turns import (
    active,
    after_hand_change,
    bag_with,
    roll_done,
    set_at,
    track_perfect,
)


def roll(s: BabelState, seat: int, parity: str, events: list[Event]) -> BabelState:
    """Roll the die on a call: wrong, right and even (draw that many), right and odd (take)."""
    rng = Rng(s.rng)
    face = rng.randint(1, 6)
    right = (face % 2 == 0) == (parity == "even")
    s = replace(s, rng=rng.state, call=parity, roll=face)
    events.append(
        Event(
            EventKind.ROLL,
            {"seat": seat, "call": parity, "roll": face, "right": right},
            irreversible=True,
        )
    )
    if not right:
        return replace(s, phase=Phase.WRONG)
    if parity == "even":
        return _draw(s, seat, face, rng, events)
    s = replace(s, phase=Phase.REMOVE, to_remove=face)
    return after_removal(s, seat, events)


def _draw(s: BabelState, seat: int, count: int, rng: Rng, events: list[Event]) -> BabelState:
    """Right and even: ``count`` blocks (as many as there are) from the bag into the hand."""
    bag = list(s.bag)
    drawn = []
    for _ in range(min(count, sum(bag))):
        pick = rng.below(sum(bag))
        for colour, n in enumerate(bag):
            if pick < n:
                bag[colour] -= 1
                drawn.append(colour)
                break
            pick -= n
    s = replace(s, rng=rng.state, bag=tuple(bag), hand=tuple(sorted(drawn)), holder=seat)
    events.append(
        Event(
            EventKind.DRAW,
            {"seat": seat, "colours": [COLOURS[c] for c in drawn], "bag": sum(bag)},
            irreversible=True,
        )
    )
    s = replace(s, phase=Phase.PLACE)
    return after_hand_change(s, seat, events)


def can_take(s: BabelState, seat: int) -> bool:
    """Some block of a tower in the game may be taken off by ``seat`` now."""
    return any(
        st.remove_refusal(s.towers[t], cell, floor, t, own=t == seat) is None
        for t in active(s)
        for cell, col in enumerate(s.towers[t])
        for floor in range(1, len(col) + 1)
    )


def after_removal(s: BabelState, seat: int, events: list[Event]) -> BabelState:
    """In an odd move: keep taking while blocks must and can be taken, then add."""
    if s.to_remove > 0:
        if can_take(s, seat):
            return s
        events.append(Event(EventKind.NO_MORE_REMOVALS, {"seat": seat, "short": s.to_remove}))
    s = replace(s, phase=Phase.ADD, to_remove=0)
    if not s.hand:
        return roll_done(s, seat, events)
    return after_hand_change(s, seat, events)


def add(s: BabelState, seat: int, m: Placement, events: list[Event]) -> BabelState:
    """A held block (or a Bonus Block) onto a tower, then the physics' verdict."""
    t = m.tower
    tower = s.towers[t]
    dx, dy = st.clamp_offset(tower, m.cell, m.dx, m.dy)
    if isinstance(m, Bonus):
        block = Block(seat, dx, dy)
        s = replace(s, bonus=set_at(s.bonus, seat, s.bonus[seat] - 1))
    else:
        block = Block(m.colour, dx, dy)
        hand = list(s.hand)
        hand.remove(m.colour)
        s = replace(s, hand=tuple(hand))
    report = simulate(s, tower, m, block)
    data = {
        "seat": seat,
        "tower": t,
        "cell": m.cell,
        "floor": len(tower[m.cell]) + 1,
        "colour": COLOURS[block.colour],
        "dx": dx,
        "dy": dy,
        "shake": m.shake,
        "stands": report.stands,
        **wobble_data(report),
    }
    events.append(Event(EventKind.BONUS if isinstance(m, Bonus) else EventKind.ADD, data))
    cols = list(tower)
    cols[m.cell] = tower[m.cell] + (block,)
    new_tower: Tower = tuple(cols)  # type: ignore[assignment]
    if not report.stands:
        s = replace(s, towers=set_at(s.towers, t, new_tower))
        return knocked(s, seat, t, report, m, events)
    s = replace(s, towers=set_at(s.towers, t, shift_blocks(new_tower, report)))
    s = track_perfect(s, t)
    if s.phase is Phase.FINISH:
        return roll_done(s, seat, events)
    if s.phase is Phase.REMOVE:
        return after_removal(s, seat, events)
    if s.phase is Phase.WRONG:
        return s
    return after_hand_change(s, seat, events)


def take(s: BabelState, seat: int, m: Removal, events: list[Event]) -> BabelState:
    """A block off a tower (into the hand, or back to the bag for a return), then the verdict."""
    t = m.tower
    tower = s.towers[t]
    block = tower[m.cell][m.floor - 1]
    report = simulate(s, tower, m, None)
    data = {
        "seat": seat,
        "tower": t,
        "cell": m.cell,
        "floor": m.floor,
        "colour": COLOURS[block.colour],
        "shake": m.shake,
        "stands": report.stands,
        **wobble_data(report),
    }
    events.append(Event(EventKind.RETURN if isinstance(m, Return) else EventKind.TAKE, data))
    if not report.stands:
        # The blocks above a pulled-out block are among the fallen, so the tower with
        # the block gone (keeping the others at their floors) is what the report describes.
        return knocked_after_take(s, seat, t, m, block, report, events)
    cols = list(tower)
    col = list(tower[m.cell])
    del col[m.floor - 1]
    cols[m.cell] = tuple(col)
    s = replace(s, towers=set_at(s.towers, t, shift_blocks(tuple(cols), report)))  # type: ignore[arg-type]
    s = track_perfect(s, t)
    if isinstance(m, Return):
        s = replace(s, bag=bag_with(s.bag, (block.colour,)))
        return roll_done(s, seat, events)
    s = replace(s, hand=tuple(sorted(s.hand + (block.colour,))), holder=seat, to_remove=s.to_remove - 1)
    return after_removal(s, seat, events)
