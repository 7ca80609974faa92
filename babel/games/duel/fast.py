"""The fast path: whole random games (and bot rollouts) in a tight integer loop.

The protocol engine builds a dataclass per commit; search needs hundreds of thousands of games
a second, so here a position is one packed int and a round is one table lookup.

- A card is an index 0..13 (ranks 2..A are 0..12, the Joker is 13; ``card_index``).
- The "tower" (where the die is and what it shows) is one of ``1 + 7 * players`` codes:
  0 = die in the centre; ``1 + 6 * p + (value - 1)`` = player p is Builder with that value;
  ``1 + 6 * players + p`` = player p has won on a six (absorbing: later rounds change nothing).
- A packed position ``st`` = ``code * 14**players`` in the low 16 bits, plus each player's score
  in 8 bits from bit 16 up (``SCORE_SHIFT + 8 * p``).
- ``TABLES[players][(st & LOW) + i0 * 14**(players-1) + ... + i_last]`` is the amount to add to
  ``st`` for that round: the code change plus the points. It is built from the engine's own
  ``resolve_round``, so the two can never disagree about a ruling.

A random game draws, per player, one 64-bit number from SplitMix64 and reads it as a Lehmer
code: in the round with k cards left the player plays card ``r % k`` of its hand (``r //= k``).
That is exactly "each round, a uniformly random card" (the bias of a 64-bit number spread over
14! < 2**37 orders is below 2**-27).
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.core.rng import GOLDEN, MASK64, seed_state
from babel.games.duel.model import DIE_START, JOKER, ROUNDS, resolve_round

CARDS = 14
LOW = 0xFFFF
SCORE_SHIFT = 16
SCORE_BITS = 8
SCORE_MASK = 0xFF
M1 = 0xBF58476D1CE4E5B9
M2 = 0x94D049BB133111EB


def card_index(card: int) -> int:
    return 13 if card == JOKER else card - 2


def index_card(index: int) -> int:
    return JOKER if index == 13 else index + 2


def class_of(cards: Sequence[int], card: int) -> int | None:
    """The index of the card class holding ``card``, the classes given by their lowest cards
    (sorted, the Joker last), as the round solvers list them."""
    if card == JOKER:
        return cards.index(JOKER) if JOKER in cards else None
    best = None
    for k, c in enumerate(cards):
        if c != JOKER and c <= card:
            best = k
    return best


def tower_code(players: int, builder: int | None, die: int, six_winner: int | None = None) -> int:
    if six_winner is not None:
        return 1 + 6 * players + six_winner
    if builder is None:
        return 0
    return 1 + 6 * builder + die - 1


def decode_tower(players: int, code: int) -> tuple[int | None, int, int | None]:
    """(builder, die, six_winner) for a tower code."""
    if code == 0:
        return None, DIE_START, None
    if code > 6 * players:
        p = code - 1 - 6 * players
        return p, 6, p
    p, v = divmod(code - 1, 6)
    return p, v + 1, None


def _build_table(players: int) -> list[int]:
    stride = CARDS**players
    codes = 1 + 7 * players
    table = [0] * (codes * stride)
    for code in range(codes):
        builder, die, won = decode_tower(players, code)
        if won is not None:
            continue  # absorbing: the game is over
        for combo in range(stride):
            idx, rest = [], combo
            for _ in range(players):
                rest, i = divmod(rest, CARDS)
                idx.append(i)
            cards = [index_card(i) for i in reversed(idx)]
            res = resolve_round(cards, builder, die)
            new = tower_code(players, res.builder, res.die, res.winner if res.game_won else None)
            delta = (new - code) * stride
            if res.points:
                delta += res.points << (SCORE_SHIFT + SCORE_BITS * res.winner)
            table[code * stride + combo] = delta
    return table


TABLES: dict[int, list[int]] = {2: _build_table(2), 3: _build_table(3)}


def pack(players: int, builder: int | None, die: int, scores: Sequence[int]) -> int:
    st = tower_code(players, builder, die) * CARDS**players
    for p, s in enumerate(scores):
        st |= s << (SCORE_SHIFT + SCORE_BITS * p)
    return st


def unpack(players: int, st: int) -> tuple[int | None, int, int | None, tuple[int, ...]]:
    """(builder, die, six_winner, scores) of a packed position."""
    builder, die, won = decode_tower(players, (st & LOW) // CARDS**players)
    scores = tuple((st >> (SCORE_SHIFT + SCORE_BITS * p)) & SCORE_MASK for p in range(players))
    return builder, die, won, scores


def payoffs(players: int, st: int) -> tuple[float, ...]:
    """Per player: 1 for a sole win, 1/k for a win shared by k, 0 for a loss."""
    _, _, won, scores = unpack(players, st)
    if won is not None:
        return tuple(1.0 if p == won else 0.0 for p in range(players))
    top = max(scores)
    k = scores.count(top)
    return tuple(1.0 / k if s == top else 0.0 for s in scores)


def step(players: int, st: int, indices: Sequence[int]) -> int:
    """One round from a packed position, card indices per seat."""
    stride = CARDS ** (players - 1)
    combo = 0
    for i in indices:
        combo += i * stride
        stride //= CARDS
    return st + TABLES[players][(st & LOW) + combo]


def won_on_six(players: int, st: int) -> bool:
    return (st & LOW) // CARDS**players > 6 * players


# -- the tight loops ----------------------------------------------------------------------
def rollout2(h0: list[int], h1: list[int], st: int, x: int) -> tuple[int, int]:
    """Finish a 2-player game at random. ``h0`` holds card index * 14, ``h1`` card indices
    (both the same length; the lists are consumed). Returns (final st, new rng state)."""
    t = TABLES[2]
    x = (x + GOLDEN) & MASK64
    z = ((x ^ (x >> 30)) * M1) & MASK64
    z = ((z ^ (z >> 27)) * M2) & MASK64
    r0 = z ^ (z >> 31)
    x = (x + GOLDEN) & MASK64
    z = ((x ^ (x >> 30)) * M1) & MASK64
    z = ((z ^ (z >> 27)) * M2) & MASK64
    r1 = z ^ (z >> 31)
    for k in range(len(h0), 0, -1):
        r0, i = divmod(r0, k)
        r1, j = divmod(r1, k)
        st += t[(st & LOW) + h0.pop(i) + h1.pop(j)]
    return st, x


def rollout3(h0: list[int], h1: list[int], h2: list[int], st: int, x: int) -> tuple[int, int]:
    """Finish a 3-player game at random; ``h0`` holds index * 196, ``h1`` index * 14, ``h2``
    indices."""
    t = TABLES[3]
    x = (x + GOLDEN) & MASK64
    z = ((x ^ (x >> 30)) * M1) & MASK64
    z = ((z ^ (z >> 27)) * M2) & MASK64
    r0 = z ^ (z >> 31)
    x = (x + GOLDEN) & MASK64
    z = ((x ^ (x >> 30)) * M1) & MASK64
    z = ((z ^ (z >> 27)) * M2) & MASK64
    r1 = z ^ (z >> 31)
    x = (x + GOLDEN) & MASK64
    z = ((x ^ (x >> 30)) * M1) & MASK64
    z = ((z ^ (z >> 27)) * M2) & MASK64
    r2 = z ^ (z >> 31)
    for k in range(len(h0), 0, -1):
        r0, i = divmod(r0, k)
        r1, j = divmod(r1, k)
        r2, m = divmod(r2, k)
        st += t[(st & LOW) + h0.pop(i) + h1.pop(j) + h2.pop(m)]
    return st, x


FULL = list(range(CARDS))
FULL_14 = [i * 14 for i in FULL]
FULL_196 = [i * 196 for i in FULL]


def random_game(players: int, seed: int) -> int:
    """One whole random game from ``seed``; returns the final packed position."""
    x = seed_state(seed, "duel-fast")
    if players == 2:
        return rollout2(FULL_14[:], FULL[:], 0, x)[0]
    return rollout3(FULL_196[:], FULL_14[:], FULL[:], 0, x)[0]


def random_games(players: int, games: int, seed: int) -> list[int]:
    """Many random games (seeds seed, seed+1, ...): the benchmark's loop."""
    return [random_game(players, seed + g) for g in range(games)]


def random_game_traced(players: int, seed: int) -> tuple[int, list[tuple[int, ...]]]:
    """The same game as ``random_game(players, seed)``, written plainly, with the cards played
    each round (engine cards, one per seat): used to check the fast path against the engine."""
    x = seed_state(seed, "duel-fast")
    draws = []
    for _ in range(players):
        x = (x + GOLDEN) & MASK64
        z = ((x ^ (x >> 30)) * M1) & MASK64
        z = ((z ^ (z >> 27)) * M2) & MASK64
        draws.append(z ^ (z >> 31))
    hands = [list(range(CARDS)) for _ in range(players)]
    st = 0
    rounds: list[tuple[int, ...]] = []
    for k in range(ROUNDS, 0, -1):
        picks = []
        for p in range(players):
            draws[p], i = divmod(draws[p], k)
            picks.append(hands[p].pop(i))
        if not won_on_six(players, st):
            rounds.append(tuple(index_card(i) for i in picks))
        st = step(players, st, picks)
    return st, rounds
