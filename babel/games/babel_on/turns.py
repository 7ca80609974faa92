"""How a Babel On! turn ends: the roll resolved, Bonus Blocks, the die passed on, the round's end,
Perfect Towers tracked and the game over. Pure functions of the state that append their events."""

from __future__ import annotations

from typing import Any

from babel.core.protocol import Event, replace
from babel.games.babel_on import structure as st
from babel.games.babel_on.model import COLOURS, BabelState, EventKind, Phase


def set_at(tup: tuple, i: int, value: Any) -> tuple:
    return tup[:i] + (value,) + tup[i + 1 :]


def bag_with(bag: tuple[int, ...], colours: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """The bag with ``colours`` put back in."""
    if not colours:
        return bag
    out = list(bag)
    for c in colours:
        out[c] += 1
    return tuple(out)


def active(state: BabelState) -> list[int]:
    """The seats still in the game."""
    return [s for s in range(state.players) if not state.eliminated[s]]


def unplaceable_to_bag(s: BabelState, seat: int, events: list[Event]) -> BabelState:
    """A held block that cannot go anywhere legally goes back to the bag (Ruling 2)."""
    if not s.hand:
        return s
    targets = [seat] if s.phase in (Phase.PLACE, Phase.RESTORE) else active(s)
    if any(st.add_refusal(s.towers[t], c) is None for t in targets for c in range(4)):
        return s
    events.append(
        Event(
            EventKind.TO_BAG,
            {"seat": seat, "colours": [COLOURS[c] for c in s.hand], "why": "no legal place"},
        )
    )
    return replace(s, bag=bag_with(s.bag, s.hand), hand=(), holder=-1)


def after_hand_change(s: BabelState, seat: int, events: list[Event]) -> BabelState:
    """After an add (or a draw): continue placing, or the roll is done."""
    s = unplaceable_to_bag(s, seat, events)
    if s.hand:
        return s
    s = replace(s, holder=-1)
    if s.phase is Phase.RESTORE:
        return end_turn(replace(s, phase=Phase.FINISH), s.turn, events)
    return roll_done(s, seat, events)


def roll_done(s: BabelState, seat: int, events: list[Event]) -> BabelState:
    """The roll is resolved: the turn ends unless Bonus Blocks could still be played."""
    if s.bonus[seat] > 0 and any(st.add_refusal(s.towers[seat], c) is None for c in range(4)):
        return replace(s, phase=Phase.FINISH, hand=(), holder=-1)
    return end_turn(s, seat, events)


def track_perfect(s: BabelState, t: int) -> BabelState:
    """Note the ply at which tower ``t`` became a Perfect Tower (or forget it, if it no longer is)."""
    perfect = not s.eliminated[t] and st.is_perfect(s.towers[t], t, s.players)
    since = s.perfect_since[t]
    if perfect and since < 0:
        return replace(s, perfect_since=set_at(s.perfect_since, t, s.ply))
    if not perfect and since >= 0:
        return replace(s, perfect_since=set_at(s.perfect_since, t, -1))
    return s


def end_turn(s: BabelState, seat: int, events: list[Event]) -> BabelState:
    """Pass the die to the next player still in the game; check for a win at round end."""
    n = s.players
    pos = (seat - s.first) % n
    nxt = seat
    for k in range(1, n + 1):
        cand = (seat + k) % n
        if not s.eliminated[cand]:
            nxt = cand
            break
    s = replace(s, hand=(), holder=-1, call="", roll=0, to_remove=0, phase=Phase.CALL, turn=nxt)
    if (nxt - s.first) % n <= pos:
        s = round_end(s, events)
        if s.phase is Phase.OVER:
            return s
    events.append(Event(EventKind.TURN, {"seat": nxt, "round": s.round}))
    return s


def round_end(s: BabelState, events: list[Event]) -> BabelState:
    """A Perfect Tower wins (the first finished, if several); at the round limit the best tower."""
    done = [(s.perfect_since[p], p) for p in active(s) if s.perfect_since[p] >= 0]
    events.append(Event(EventKind.ROUND_END, {"round": s.round}))
    if done:
        winner = min(done)[1]
        reason = "Perfect Tower"
        if len(done) > 1:
            reason = "Perfect Tower (finished first)"
        return game_over(s, (winner,), reason, events)
    if s.round >= s.round_limit:
        standing = scores(s)
        best = max(standing[p] for p in active(s))
        winners = tuple(p for p in active(s) if standing[p] == best)
        return game_over(s, winners, "round limit: best tower", events)
    return replace(s, round=s.round + 1)


def scores(s: BabelState) -> tuple[float, ...]:
    """Round-limit standing: perfect floors from the bottom, then blocks of your colour,
    then all blocks (as a fraction, so the order is lexicographic)."""
    out = []
    for p in range(s.players):
        if s.eliminated[p]:
            out.append(-1.0)
            continue
        tower = s.towers[p]
        own = sum(1 for col in tower for b in col if b.colour == p)
        out.append(st.perfect_floors(tower, p, s.players) + own / 100 + st.block_count(tower) / 10000)
    return tuple(out)


def game_over(s: BabelState, winners: tuple[int, ...], reason: str, events: list[Event]) -> BabelState:
    events.append(Event(EventKind.GAME_OVER, {"winners": list(winners), "reason": reason}))
    return replace(
        s,
        phase=Phase.OVER,
        winners=winners,
        end_reason=reason,
        hand=(),
        holder=-1,
        bag=bag_with(s.bag, s.hand),
    )
