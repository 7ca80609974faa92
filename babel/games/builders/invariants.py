"""Babel Builders: invariants every reachable state keeps (the conformance battery, the property
test and the soak run them at every step).

Cards conserved (deck, hands, secret choices, the Master's face-down cards, discards and resolved
cards hold every card of the game exactly once), blocks conserved (25 = supply + base), roles
consistent (one Messenger; Zealots are exactly the non-Messenger holders of Divine Punishment;
each Zealot has one conversion record), the hand limit, the Seal phase (open only when an
Architect holds a Seal; only holders use one), table talk (only with the option, from round 2,
each seat once a round in turn from that round's Master, about another seat) and the phase
bookkeeping.
"""

from __future__ import annotations

from babel.games.builders import actions as A
from babel.games.builders import cards as C
from babel.games.builders.model import BuildersState, Phase, Role
from babel.games.builders.phases import card_locations, holds_seal, talk_order


def _holds_punishment(state: BuildersState, seat: int) -> bool:
    holds = any(C.is_punishment(c) for c in state.hands[seat])
    if state.phase is Phase.SELECT and state.commits[seat] is not None:
        play = state.commits[seat].play
        holds = holds or (play >= 0 and C.is_punishment(play))
    return holds


def _role_errors(state: BuildersState) -> list[str]:
    out = []
    if sum(r is Role.MESSENGER for r in state.roles) != 1:
        out.append("there must be one Messenger")
    for seat in range(state.players):
        holds = _holds_punishment(state, seat)
        role = state.roles[seat]
        if role is Role.ARCHITECT and holds:
            out.append(f"seat {seat} is an Architect holding Divine Punishment")
        if role is Role.ZEALOT and state.phase is not Phase.OVER and not holds:
            out.append(f"seat {seat} is a Zealot without Divine Punishment")
        if len(state.hands[seat]) > C.HAND_LIMIT:
            out.append("hand limit")
    zealots = [i for i, r in enumerate(state.roles) if r is Role.ZEALOT]
    if sorted(c.seat for c in state.conversions) != zealots:
        out.append("conversion records do not match the Zealots")
    return out


def _seal_errors(state: BuildersState) -> list[str]:
    """Ruling 9: the Seal phase opens only when an Architect holds a Seal."""
    if state.phase not in (Phase.SEAL, Phase.DISCUSS, Phase.TARGET):
        return []
    out = []
    holders = [i for i in range(state.players) if holds_seal(state.hands[i])]
    if tuple(holders) != state.seal_holders:
        out.append("Seal holders out of date")
    if not any(state.roles[h] is Role.ARCHITECT for h in holders):
        out.append("Seal phase without an Architect holder")
    for i, target in enumerate(state.seal_choice):
        if target >= 0 and i not in holders:
            out.append(f"seat {i} used a Seal it does not hold")
    for i in state.seal_users:
        if i not in holders:
            out.append(f"seat {i} declared a Seal it does not hold")
    return out


def _talk_errors(state: BuildersState) -> list[str]:
    """Table talk: only with the option; rounds 2 on; in each round the seats in turn from that
    round's Master, once each; a statement names another seat ("nothing" names none)."""
    if not state.talk:
        return [] if state.talk_on or state.phase is not Phase.TALK else ["a talk step without the option"]
    if not state.talk_on:
        return ["table talk without the option"]
    masters = {entry.round: entry.master for entry in state.log}
    if state.cur is not None:
        masters[state.cur.round] = state.cur.master
    out = []
    by_round: dict[int, list[int]] = {}
    for rnd, seat, kind, subject in state.talk:
        by_round.setdefault(rnd, []).append(seat)
        if kind == A.TALK_NOTHING:
            if subject is not None:
                out.append("'nothing' names a seat")
        elif (
            kind not in A.TALK_KINDS or subject is None or not 0 <= subject < state.players or subject == seat
        ):
            out.append(f"seat {seat} made an impossible statement in round {rnd}")
    for rnd, seats in by_round.items():
        if rnd < 2 or rnd > state.round or rnd not in masters:
            out.append(f"table talk in round {rnd}")
            continue
        order = talk_order(state.players, masters[rnd])
        if tuple(seats) != order[: len(seats)]:
            out.append(f"round {rnd}'s talk is out of turn")
        if len(seats) < state.players and (rnd < state.round or state.phase is not Phase.TALK):
            out.append(f"round {rnd}'s talk step ended before every seat spoke")
    return out


def invariant_errors(state: BuildersState) -> tuple[str, ...]:
    """Every broken invariant of ``state``, in words; empty when all hold."""
    out = []
    if sorted(card_locations(state)) != list(C.game_card_ids(state.players)):
        out.append("cards not conserved")
    if state.supply + sum(state.base) != C.SUPPLY_BLOCKS:
        out.append("blocks not conserved")
    if state.supply < 0 or min(state.base) < 0:
        out.append("negative blocks")
    out += _role_errors(state)
    if any(C.is_punishment(d.card) for pile in state.discards for d in pile):
        out.append("Divine Punishment discarded")
    out += _seal_errors(state)
    out += _talk_errors(state)
    if (state.phase is Phase.OVER) != (state.result is not None):
        out.append("a result exactly when the game is over")
    return tuple(out)


def check(state: BuildersState) -> None:
    """Raise AssertionError naming the first broken invariant (for tests and tools)."""
    errors = invariant_errors(state)
    assert not errors, errors[0]
