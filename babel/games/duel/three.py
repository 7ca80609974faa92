"""Three-player round values: every seat's win chance for every joint choice of a round.

A three-player round is a matrix game with three payoffs (no single value, so no exact
equilibrium to compute cheaply). Each joint choice (a cell) is valued by:

1. card classes: two of a player's cards that no other player's card separates (no other hand
   holds a rank between them, ends included) win, lose and tie against exactly the same cards now
   and in every later round, so they are interchangeable and each player's choices shrink to one
   card per class (an exact reduction);
2. with few cards left, an exact search of every remaining round (``ExactSearch``), each round
   solved by regret matching; earlier, playouts of the rest of the game from the position after
   that round (``fast.rollout3``), with common random numbers, a first pass spread evenly over the
   cells and a second pass on the cells that decide someone's best reply;
3. regret matching+ with simultaneous updates (``matrix.solve3``), each seat maximising its own
   win chance: the usual sound approximation for a three-player game.

Budgets count playouts (``Budget.iterations``), never seconds, so games are reproducible.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from babel.core.bots import Budget
from babel.core.rng import Rng
from babel.games.duel import fast
from babel.games.duel.matrix import solve3, solve_zero_sum
from babel.games.duel.model import DuelView

PLAYOUTS = {2: 8_000, 3: 4_000}  # playouts per decision (the default budget)
MIN_PLAYOUTS_PER_CELL = {2: 4, 3: 1}  # first-pass playouts per cell at least
RM_ITERATIONS = {2: 600, 3: 50}  # regret-matching iterations at the root
EXACT_CARDS = {2: 4, 3: 3}  # at most this many cards in hand: search every remaining round
EXACT_RM_ITERATIONS = 80  # regret matching inside the exact search (matrices are at most 4x4)
FIRST_PASS = 0.4  # share of the playouts spread evenly over all cells before focusing
SUPPORT = 0.03  # a choice played at least this often counts as likely in the second pass


def card_classes(hands: Sequence[Sequence[int]], p: int) -> list[int]:
    """One representative card index per class of interchangeable cards of player ``p``
    (indices 0..13 as in ``fast``): cards no other player's card lies between, ends included."""
    theirs = {c for i, h in enumerate(hands) if i != p for c in h if c != 13}
    reps: list[int] = []
    prev = None
    for c in sorted(hands[p]):
        if c == 13:
            reps.append(c)
            continue
        if prev is None or any(prev <= o <= c for o in theirs):
            reps.append(c)
        prev = c
    return reps


class ExactSearch:
    """Every remaining round searched, each solved as a matrix game (for few cards left)."""

    def __init__(self, players: int, iterations: int = EXACT_RM_ITERATIONS) -> None:
        self.players = players
        self.iterations = iterations
        self.memo: dict[tuple, tuple[float, ...]] = {}

    def value(self, hands: tuple[tuple[int, ...], ...], st: int) -> tuple[float, ...]:
        p = self.players
        if not hands[0] or fast.won_on_six(p, st):
            return fast.payoffs(p, st)
        key = (hands, st)
        got = self.memo.get(key)
        if got is not None:
            return got
        _, val = self.solve(hands, st)
        self.memo[key] = val
        return val

    def matrix(self, hands: tuple[tuple[int, ...], ...], st: int):
        p = self.players
        reps = [card_classes(hands, i) for i in range(p)]

        def child(joint: tuple[int, ...]) -> tuple[float, ...]:
            rest = tuple(tuple(c for c in h if c != j) for h, j in zip(hands, joint))
            return self.value(rest, fast.step(p, st, joint))

        if p == 2:
            return reps, [[child((a, b)) for b in reps[1]] for a in reps[0]]
        return reps, [[[child((a, b, c)) for c in reps[2]] for b in reps[1]] for a in reps[0]]

    def solve(
        self, hands: tuple[tuple[int, ...], ...], st: int
    ) -> tuple[list[list[float]], tuple[float, ...]]:
        reps, cells = self.matrix(hands, st)
        if self.players == 2:
            a = [[v[0] for v in row] for row in cells]
            x, y, val = solve_zero_sum(a)
            return [x, y], (val, 1.0 - val)
        return solve3(cells, self.iterations)


class RoundValues:
    """Every seat's win chance for every joint choice of this round, and the solved strategies
    (see the module docstring). ``solve`` returns (strategies, class representatives, cells):
    ``cells[joint]`` is the tuple of win chances for a tuple of representatives."""

    def __init__(
        self, playouts: dict[int, int] | None = None, rm_iterations: dict[int, int] | None = None
    ) -> None:
        self.playouts = playouts or PLAYOUTS
        self.rm_iterations = rm_iterations or RM_ITERATIONS

    def solve(self, view: DuelView, rng: Rng, budget: Budget):
        p = view.players
        hands = tuple(tuple(sorted(fast.card_index(c) for c in h)) for h in view.hands)
        st = fast.pack(p, view.builder, view.die, view.scores)
        if len(hands[0]) <= EXACT_CARDS[p]:
            search = ExactSearch(p)
            reps, nested = search.matrix(hands, st)
            cells = {joint: _cell(nested, joint, reps) for joint in product(*reps)}
            strategy, _ = search.solve(hands, st)
            return strategy, reps, cells
        reps = [card_classes(hands, i) for i in range(p)]
        cells = 1
        for r in reps:
            cells *= len(r)
        total = budget.iterations if budget.iterations is not None else self.playouts[p]
        every = list(product(*reps))
        x0 = rng.next64()  # common random numbers: every cell is played out with the same draws
        # first pass: a share of the playouts spread evenly over every cell
        first = max(MIN_PLAYOUTS_PER_CELL[p], int(total * FIRST_PASS) // cells)
        sums: dict[tuple[int, ...], list[float]] = {}
        counts: dict[tuple[int, ...], int] = {}
        settled: set[tuple[int, ...]] = set()  # cells whose value is known exactly
        positions = {}
        for joint in every:
            rest = [[c for c in h if c != j] for h, j in zip(hands, joint)]
            st1 = fast.step(p, st, joint)
            if fast.won_on_six(p, st1) or not rest[0]:
                sums[joint], counts[joint] = list(fast.payoffs(p, st1)), 1
                settled.add(joint)
                continue
            positions[joint] = (rest, st1)
            mean, _ = _playouts(p, rest, st1, first, x0)
            sums[joint], counts[joint] = [m * first for m in mean], first
            if budget.stop():
                break
        strat = self._solve(p, reps, sums, counts)
        # second pass: the rest of the playouts on the cells that decide someone's best reply
        # (that player's every choice against the others' likely choices)
        left = total - first * len(positions)
        if left > 0 and not budget.stop():
            likely = [{r for r, q in zip(reps[i], strat[i]) if q >= SUPPORT} for i in range(p)]
            focus = [
                j
                for j in positions
                if any(all(j[k] in likely[k] for k in range(p) if k != i) for i in range(p))
            ]
            if focus:
                more = max(1, left // len(focus))
                x1 = rng.next64()
                for joint in focus:
                    rest, st1 = positions[joint]
                    mean, _ = _playouts(p, rest, st1, more, x1)
                    sums[joint] = [s + m * more for s, m in zip(sums[joint], mean)]
                    counts[joint] += more
                    if budget.stop():
                        break
                strat = self._solve(p, reps, sums, counts)
        even = (1.0 / p,) * p
        cells = {j: tuple(s / counts[j] for s in sums[j]) if counts.get(j) else even for j in every}
        return strat, reps, cells

    def _solve(self, p: int, reps: list[list[int]], sums: dict, counts: dict) -> list[list[float]]:
        even = [1.0 / p] * p

        def value(joint: tuple[int, ...]) -> list[float]:
            n = counts.get(joint)
            return [s / n for s in sums[joint]] if n else even  # unvalued (stopped early): even

        if p == 2:
            a = [[value((i, j))[0] for j in reps[1]] for i in reps[0]]
            x, y, _ = solve_zero_sum(a)
            return [x, y]
        u = [[[tuple(value((i, j, k))) for k in reps[2]] for j in reps[1]] for i in reps[0]]
        strat, _ = solve3(u, self.rm_iterations[3])
        return strat


def _cell(nested, joint: tuple[int, ...], reps: list[list[int]]) -> tuple[float, ...]:
    cell = nested
    for k, j in enumerate(joint):
        cell = cell[reps[k].index(j)]
    return tuple(cell)


def _playouts(
    players: int, rest: list[list[int]], st: int, count: int, x: int
) -> tuple[tuple[float, ...], int]:
    """Mean payoffs of ``count`` random finishes from a packed position."""
    if players == 2:
        h0 = [c * 14 for c in rest[0]]
        h1 = rest[1]
        tot0 = 0.0
        rollout = fast.rollout2
        for _ in range(count):
            end, x = rollout(h0[:], h1[:], st, x)
            tot0 += fast.payoffs(2, end)[0]
        u0 = tot0 / count
        return (u0, 1.0 - u0), x
    h0 = [c * 196 for c in rest[0]]
    h1 = [c * 14 for c in rest[1]]
    h2 = rest[2]
    tot = [0.0, 0.0, 0.0]
    rollout3 = fast.rollout3
    for _ in range(count):
        end, x = rollout3(h0[:], h1[:], h2[:], st, x)
        pay = fast.payoffs(3, end)
        tot[0] += pay[0]
        tot[1] += pay[1]
        tot[2] += pay[2]
    return (tot[0] / count, tot[1] / count, tot[2] / count), x
