"""The solver: the fewest stacks reachable from a position, and a line of play that gets there.

Standard rules. Moves are optional and may wait until after the last draw, and a drawn piece
only ever joins the right end, so drawing never changes the positions of the stacks already out.
Any line of play therefore works just as well after dealing everything first, and with the order
of the pile known the whole deal is one puzzle over a line of single pieces. Only the top piece
of a stack matters for later moves, so a position is the sequence of tops; the player may stop
at any position (finish), so the answer is the shortest sequence reachable. A depth-first search
over tops with a visited set (each position is expanded once) and move ordering finds it, and
stops at once when one stack is reached.

Strict rules (difficulty "strict"). A possible move must be made, onto the nearest match, and a
draw is allowed only when no move is left; the game ends when the pile is empty and no move is
left. Drawing early is then forced, so the search runs over (tops, pieces drawn) and scores only
the positions where the game ends.

Search is capped at ``node_cap`` expanded positions. A capped search returns the best line found
with ``proven=False``: an honest "not proven" rather than a guess (rare for 52 cards, unseen for
24 tiles).

Positions here are ``bytes`` of piece indices (index into the canonical deck), which hash and
slice quickly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from babel.games.solitaire.actions import DRAW, FINISH, Action, Move
from babel.games.solitaire.deals import Variant, deck, matches
from babel.games.solitaire.model import Difficulty, Phase, SolitaireState, all_moves, moves_for
from babel.games.solitaire.rules import RULES

NODE_CAP = 400_000  # expanded positions before a search gives up with proven=False


@dataclass(frozen=True)
class Solution:
    """The fewest stacks a search reached, whether that is proven optimal, and how.

    ``actions`` is a line of play from the searched position (draws, moves and, when the game
    would not end by itself, a final "finish"), replayable through the engine. ``proven`` is
    False only when the search hit its cap before finishing (the line still reaches ``stacks``).
    """

    stacks: int
    proven: bool
    actions: tuple[Action, ...]
    nodes: int

    @property
    def full_win(self) -> bool:
        return self.stacks == 1


class _Capped(Exception):
    pass


@cache
def _tables(variant: Variant) -> tuple[dict[str, int], tuple[tuple[bool, ...], ...]]:
    pieces = deck(variant)
    index = {p: i for i, p in enumerate(pieces)}
    table = tuple(tuple(matches(a, b) for b in pieces) for a in pieces)
    return index, table


def encode(pieces: Sequence[str], variant: Variant) -> bytes:
    index, _ = _tables(variant)
    return bytes(index[p] for p in pieces)


# -- standard rules -----------------------------------------------------------------------
# Move orders tried in turn by the search portfolio. A depth-first search is fast or slow on a
# deal depending on its move order, and the slow deals of one order are mostly quick for another,
# so the search runs the orders in turn with a node cap that grows fourfold each round. Orders
# and caps were chosen from the nodes that seven candidate orders needed on 52-card deals 0-159
# (and checked on each half separately): this trio settles every one of those deals within
# 1,200,000 nodes, with half the total nodes of the best single order and a shorter tail.
ORDERS = ("left-far", "left-near", "right-near")
FIRST_CAP = {Variant.TILES: 3_000, Variant.CARDS: 30_000}
CAP_GROWTH = 4


def _pairs_left_far(n: int) -> tuple[tuple[int, int], ...]:
    """By moving stack from the left end; for each the three-step move first."""
    out = []
    for i in range(1, n):
        if i >= 3:
            out.append((i, i - 3))
        out.append((i, i - 1))
    return tuple(out)


def _pairs_left_near(n: int) -> tuple[tuple[int, int], ...]:
    """By moving stack from the left end; for each the one-step move first."""
    out = []
    for i in range(1, n):
        out.append((i, i - 1))
        if i >= 3:
            out.append((i, i - 3))
    return tuple(out)


def _pairs_right_near(n: int) -> tuple[tuple[int, int], ...]:
    """By moving stack from the right end; for each the one-step move first."""
    out = []
    for i in range(n - 1, 0, -1):
        out.append((i, i - 1))
        if i >= 3:
            out.append((i, i - 3))
    return tuple(out)


_PAIRS = {
    "left-far": _pairs_left_far,
    "left-near": _pairs_left_near,
    "right-near": _pairs_right_near,
}
MAX_LINE = 64
# Candidate (src, dst) pairs in search order for every line length, per order.
_ORDERED_PAIRS = {name: tuple(fn(n) for n in range(MAX_LINE + 1)) for name, fn in _PAIRS.items()}


def _dfs(
    tops: bytes, table, order: str, cap: int, target: int
) -> tuple[int, list[tuple[int, int]], bool, int]:
    """One depth-first search: (fewest stacks, its moves, exhausted without hitting the cap,
    nodes). A position is expanded at most once; the search stops on reaching ``target``."""
    pairs_by_len = _ORDERED_PAIRS[order]
    seen = {tops}
    best_len = len(tops)
    best_path: list[tuple[int, int]] = []
    path: list[tuple[int, int]] = []
    nodes = 0

    def rec(s: bytes) -> bool:
        nonlocal nodes, best_len, best_path
        nodes += 1
        if nodes > cap:
            raise _Capped
        n1 = len(s) - 1
        for i, j in pairs_by_len[n1 + 1]:
            if not table[s[i]][s[j]]:
                continue
            if i - j == 1:
                child = s[:j] + s[i:]
            else:
                child = s[:j] + s[i : i + 1] + s[j + 1 : i] + s[i + 1 :]
            if child in seen:
                continue
            seen.add(child)
            path.append((i, j))
            if n1 < best_len:
                best_len = n1
                best_path = list(path)
                if n1 <= target:
                    return True
            if rec(child):
                return True
            path.pop()
        return False

    try:
        done = rec(tops)
        exhausted = True
    except _Capped:
        done = best_len <= target
        exhausted = False
    return best_len, best_path, exhausted or done, min(nodes, cap)


def solve_puzzle(
    tops: bytes, variant: Variant, node_cap: int = NODE_CAP, target: int = 1
) -> tuple[int, bool, list[tuple[int, int]], int]:
    """Fewest stacks reachable from a line of tops by moves alone (standard rules).

    Returns (stacks, proven, moves, nodes). The search stops as soon as ``target`` stacks are
    reached (1 by default: nothing can do better). ``node_cap`` bounds the nodes of all rounds
    of the portfolio together.
    """
    if len(tops) <= target:
        return len(tops), True, [], 0
    if len(tops) > MAX_LINE:
        raise ValueError(f"the solver handles lines of at most {MAX_LINE} pieces")
    _, table = _tables(variant)
    best_len, best_path = len(tops), []
    total = 0
    cap = FIRST_CAP[variant]
    while total < node_cap:
        for name in ORDERS:
            round_cap = min(cap, node_cap - total)
            if round_cap <= 0:
                break
            stacks, moves, proven, nodes = _dfs(tops, table, name, round_cap, target)
            total += nodes
            if stacks < best_len:
                best_len, best_path = stacks, moves
            if proven:
                return best_len, True, best_path, total
        cap *= CAP_GROWTH
    return best_len, best_len <= target, best_path, total


def interleave(line_len: int, pile_len: int, moves: Sequence[tuple[int, int]]) -> list[Action]:
    """Turn moves found on the fully dealt line into a line of play that draws only when needed.

    A stack keeps the deal position of its bottom piece; a move can be made as soon as its
    moving stack has been drawn, and stacks to its left are the same whether or not later
    pieces are out, so positions in the fully dealt line are valid in the partial one.
    """
    bottoms = list(range(line_len + pile_len))
    drawn = line_len
    out: list[Action] = []
    for src, dst in moves:
        need = bottoms[src] + 1
        while drawn < need:
            out.append(DRAW)
            drawn += 1
        out.append(Move(src, dst))
        del bottoms[src]
    out.extend([DRAW] * (line_len + pile_len - drawn))
    return out


# -- strict rules -------------------------------------------------------------------------
def solve_strict(
    tops: bytes, pile: bytes, variant: Variant, node_cap: int = NODE_CAP
) -> tuple[int, bool, list[Action], int]:
    """Fewest stacks at the end of a strict game from (tops, known pile). Returns
    (stacks, proven, actions, nodes); the actions include the forced draws."""
    _, table = _tables(variant)
    seen: set[bytes] = set()
    best: list = [1 << 30, []]
    path: list[Action] = []
    total = len(pile)
    nodes = 0

    def rec(s: bytes, k: int) -> bool:
        nonlocal nodes
        key = s + bytes((255, k))
        if key in seen:
            return False
        seen.add(key)
        nodes += 1
        if nodes > node_cap:
            raise _Capped
        n = len(s)
        moved = False
        for i in range(n - 1, 0, -1):
            row = table[s[i]]
            if row[s[i - 1]]:
                child = s[: i - 1] + s[i:]
                src_dst = (i, i - 1)
            elif i >= 3 and row[s[i - 3]]:
                child = s[: i - 3] + s[i : i + 1] + s[i - 2 : i] + s[i + 1 :]
                src_dst = (i, i - 3)
            else:
                continue
            moved = True
            path.append(Move(*src_dst))
            if rec(child, k):
                return True
            path.pop()
        if moved:
            return False
        if k < total:
            path.append(DRAW)
            if rec(s + pile[k : k + 1], k + 1):
                return True
            path.pop()
            return False
        if n < best[0]:
            best[0] = n
            best[1] = list(path)
        return n <= 1

    try:
        rec(tops, 0)
        proven = True
    except _Capped:
        proven = best[0] <= 1
    if not best[1] and best[0] == 1 << 30:
        # capped before any game end was reached: fall back to the first line of play
        stacks, actions = _strict_first_line(tops, pile, variant)
        return stacks, False, actions, nodes
    return best[0], proven, best[1], nodes


def _strict_first_line(tops: bytes, pile: bytes, variant: Variant) -> tuple[int, list[Action]]:
    _, table = _tables(variant)
    s, k, out = tops, 0, []
    while True:
        for i in range(len(s) - 1, 0, -1):
            row = table[s[i]]
            if row[s[i - 1]]:
                s = s[: i - 1] + s[i:]
                out.append(Move(i, i - 1))
                break
            if i >= 3 and row[s[i - 3]]:
                s = s[: i - 3] + s[i : i + 1] + s[i - 2 : i] + s[i + 1 :]
                out.append(Move(i, i - 3))
                break
        else:
            if k >= len(pile):
                return len(s), out
            s += pile[k : k + 1]
            k += 1
            out.append(DRAW)


# -- positions ----------------------------------------------------------------------------
def solve_position(
    tops: Sequence[str],
    pile: Sequence[str],
    variant: Variant,
    difficulty: Difficulty = Difficulty.STANDARD,
    node_cap: int = NODE_CAP,
) -> Solution:
    """Solve a position with a known pile order (first drawn first).

    This knows the future, so it is for the after-game analysis, tools and tests; hints call it
    only with sampled orders, never the real one.
    """
    t = encode(tops, variant)
    p = encode(pile, variant)
    if difficulty is Difficulty.STRICT:
        stacks, proven, actions, nodes = solve_strict(t, p, variant, node_cap)
        return Solution(stacks, proven, tuple(actions), nodes)
    stacks, proven, moves, nodes = solve_puzzle(t + p, variant, node_cap)
    actions = interleave(len(t), len(p), moves)
    if stacks > 1 and _moves_left_after(tops, pile, actions):
        actions.append(FINISH)
    return Solution(stacks, proven, tuple(actions), nodes)


def _moves_left_after(tops: Sequence[str], pile: Sequence[str], actions: Sequence[Action]) -> bool:
    line = [p for p in tops] + list(pile)
    for a in actions:
        if isinstance(a, Move):
            line[a.dst] = line[a.src]
            del line[a.src]
    return bool(all_moves(line))


def solve_state(state: SolitaireState, node_cap: int = NODE_CAP) -> Solution:
    """Solve a game state with its real pile: for analysis after the game, never for hints.

    A finished game has no moves left to make: its value is the stacks on the table."""
    if state.phase is Phase.OVER:
        return Solution(len(state.line), True, (), 0)
    tops = [stack[-1] for stack in state.line]
    return solve_position(tops, state.pile, state.variant, state.difficulty, node_cap)


def solve_deal(
    variant: Variant,
    number: int,
    difficulty: Difficulty = Difficulty.STANDARD,
    node_cap: int = NODE_CAP,
) -> Solution:
    """Solve numbered deal ``number`` from its start (the line replays from ``initial_state``)."""
    config = RULES.make_config(1, variant=variant.value, difficulty=difficulty.value, deal=number)
    return solve_state(RULES.initial_state(config, number), node_cap)


# -- a simple greedy player (for the statistics tool and the "greedy" bot) -----------------
def greedy_move(tops: Sequence[str], moves: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """Greedy choice among legal moves: the one that leaves the most moves open afterwards;
    ties go to the three-step move, then to the rightmost stack."""

    def key(m: tuple[int, int]) -> tuple[int, int, int]:
        src, dst = m
        after = list(tops)
        after[dst] = after[src]
        del after[src]
        return (len(all_moves(after)), src - dst, src)

    return max(moves, key=key)


def play_greedy(order: Sequence[str], difficulty: Difficulty = Difficulty.STANDARD) -> int:
    """Stacks left when the simple greedy player plays a known order (first drawn first).

    After every draw it makes moves while any is possible, each time the ``greedy_move``
    (under the strict rules, among the nearest-target moves only); it never looks ahead at the
    pile. This is the "greedy player" of docs/solitaire/winnable.md and the "greedy" bot.
    """
    tops: list[str] = []
    for piece in order:
        tops.append(piece)
        while True:
            moves = moves_for(tops, difficulty)
            if not moves:
                break
            src, dst = greedy_move(tops, moves)
            tops[dst] = tops[src]
            del tops[src]
    return len(tops)
