"""Babel On!'s invariants: what every reachable state satisfies (the conformance battery and the
soak check them after every step)."""

from __future__ import annotations

from babel.games.babel_on import structure as st
from babel.games.babel_on.model import BLOCKS_PER_COLOUR, COLOURS, BabelState, Phase


def total_blocks(state: BabelState) -> int:
    """Bag + towers + Bonus Blocks + held blocks (constant over a game)."""
    return sum(state.bag) + sum(st.block_count(t) for t in state.towers) + sum(state.bonus) + len(state.hand)


def game_blocks(state: BabelState) -> int:
    """The blocks a game of this size starts with: every player's colour, and the neutral one."""
    return BLOCKS_PER_COLOUR * (state.players + (1 if state.neutral >= 0 else 0))


def colour_counts(state: BabelState) -> list[int]:
    """Blocks of each colour anywhere: bag, towers, hand, and Bonus Blocks (a seat's colour)."""
    counts = list(state.bag)
    for tower in state.towers:
        for col in tower:
            for b in col:
                counts[b.colour] += 1
    for c in state.hand:
        counts[c] += 1
    for seat, n in enumerate(state.bonus):
        counts[seat] += n
    return counts


def invariant_errors(state: BabelState) -> tuple[str, ...]:
    """Broken invariants of a state (empty when sound): every colour's blocks conserved,
    Structure, Safety, eliminated players out of the game, a holder for held blocks.

    A tower being restored after a knock-over may have more than two partial floors until its
    owner has put the fallen blocks back."""
    errors = _block_errors(state)
    for p, tower in enumerate(state.towers):
        if len(tower) != 4 or any(len(col) > st.FLOORS for col in tower):
            errors.append(f"Structure broken on tower {p + 1}")
        restoring = state.phase is Phase.RESTORE and state.holder == p
        if not restoring and st.spread(st.heights(tower)) > 2:
            errors.append(f"Safety broken on tower {p + 1}: heights {st.heights(tower)}")
        if state.eliminated[p] and (st.block_count(tower) or state.bonus[p]):
            errors.append(f"eliminated player {p + 1} still has blocks")
    if state.hand and state.holder < 0:
        errors.append("blocks in hand without a holder")
    if state.phase is Phase.OVER and state.hand:
        errors.append("blocks held after the game is over")
    return tuple(errors)


def _block_errors(state: BabelState) -> list[str]:
    errors = []
    if any(c < 0 for c in state.bag):
        errors.append("negative bag count")
    total = total_blocks(state)
    if total != game_blocks(state):
        errors.append(f"blocks not conserved: {total} != {game_blocks(state)}")
    counts = colour_counts(state)
    for colour, n in enumerate(counts):
        used = colour < state.players or colour == state.neutral
        want = BLOCKS_PER_COLOUR if used else 0
        if n != want:
            errors.append(f"{COLOURS[colour]} blocks not conserved: {n} != {want}")
    return errors
