"""Bots for the card duel: random, heuristic and strong.

All hands are public knowledge, so the only thing a bot does not know is what the others choose
this round. The strong bot therefore treats each round as a one-shot simultaneous game:

1. Card classes: two of a player's cards that no other player's card separates (no other hand
   holds a rank between them, ends included) win, lose and tie against exactly the same cards now
   and in every later round, so they are interchangeable. Each player's choices shrink to one card
   per class, which keeps the matrices small late in the game (an exact reduction, not a guess).
2. Each joint choice (a cell of the matrix) is valued by the fast path: many random playouts of
   the rest of the game from the position after that round (``fast.rollout2/3``), or, with few
   cards left, an exact search of every remaining round, each round solved as a matrix game.
3. The matrix game is solved by regret matching+ (two players: alternating updates; three
   players: simultaneous updates, each with its own win chance as payoff). The bot plays a card
   drawn from its average strategy, so it cannot be read.

Budgets count playouts (``Budget.iterations``), never seconds, so games are reproducible.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from operator import mul

from babel.core.bots import Budget, RandomBot
from babel.core.protocol import ConfigError
from babel.core.rng import Rng
from babel.games.duel import fast
from babel.games.duel.engine import JOKER, DuelView, Play

# -- strong bot tuning ---------------------------------------------------------------------
PLAYOUTS = {2: 8_000, 3: 4_000}  # playouts per decision (the default budget)
MIN_PLAYOUTS_PER_CELL = {2: 4, 3: 2}  # first-pass playouts per cell at least
RM_ITERATIONS = {2: 600, 3: 50}  # regret-matching iterations at the root
EXACT_CARDS = {2: 4, 3: 3}  # at most this many cards in hand: search every remaining round
EXACT_RM_ITERATIONS = 80  # regret matching inside the exact search (matrices are at most 4x4)
FIRST_PASS = 0.4  # share of the playouts spread evenly over all cells before focusing
SUPPORT = 0.03  # a choice played at least this often counts as likely in the second pass
PURIFY = 0.03  # probabilities below this are dropped from the chosen mixed strategy

# -- heuristic bot tuning ------------------------------------------------------------------
JOKER_DIE = 3  # knock a rival Builder's die back to the centre once it shows this much
CONTEST_CHANCE = 0.25  # with no sure win, sometimes play the highest card anyway


def make_bot(level: str):
    if level == "random":
        return RandomBot()
    if level == "heuristic":
        return HeuristicBot()
    if level == "strong":
        return StrongBot()
    raise ConfigError(f"the card duel has no bot level '{level}'")


def _pick(legal: Sequence[Play], card: int) -> Play:
    for a in legal:
        if a.card == card:
            return a
    return legal[0]


class HeuristicBot:
    """Plays the cheapest sure win, knocks a rival's rising die back with the Joker, and
    otherwise throws away its lowest card (sometimes contesting with its highest)."""

    def choose(self, view: DuelView, legal: Sequence[Play], rng: Rng, budget: Budget) -> Play:
        if len(legal) == 1:
            return legal[0]
        me = view.seat
        mine = [a.card for a in legal]
        ranks = sorted(c for c in mine if c != JOKER)
        others = [h for i, h in enumerate(view.hands) if i != me]
        top = max((c for h in others for c in h if c != JOKER), default=0)
        builder = view.builder
        if not ranks:
            return _pick(legal, JOKER)
        if builder is not None and builder != me and JOKER in mine and view.die >= JOKER_DIE:
            return _pick(legal, JOKER)
        need = top if builder == me else top + 1  # the Builder wins ties
        sure = [c for c in ranks if c >= need]
        if sure:
            return _pick(legal, sure[0])
        if rng.random() < CONTEST_CHANCE:
            return _pick(legal, ranks[-1])
        return _pick(legal, ranks[0])


# -- the strong bot --------------------------------------------------------------------------
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


def _rm(regret: list[float]) -> list[float]:
    pos = [r if r > 0 else 0.0 for r in regret]
    tot = sum(pos)
    if tot <= 0:
        return [1.0 / len(regret)] * len(regret)
    return [r / tot for r in pos]


def solve2(a: list[list[float]], iterations: int) -> tuple[list[float], list[float], float]:
    """Regret matching+ with alternating updates on a zero-sum matrix of the row player's
    payoffs (the column player gets 1 - a). Returns the average strategies and the value."""
    m, n = len(a), len(a[0])
    if m == 1 or n == 1:
        if m == 1 and n == 1:
            return [1.0], [1.0], a[0][0]
        if m == 1:
            j = min(range(n), key=lambda k: a[0][k])
            y = [0.0] * n
            y[j] = 1.0
            return [1.0], y, a[0][j]
        i = max(range(m), key=lambda k: a[k][0])
        x = [0.0] * m
        x[i] = 1.0
        return x, [1.0], a[i][0]
    cols = [list(c) for c in zip(*a)]
    r0, r1 = [0.0] * m, [0.0] * n
    s0, s1 = [0.0] * m, [0.0] * n
    y = [1.0 / n] * n
    for t in range(1, iterations + 1):
        x = _rm(r0)
        v = [sum(map(mul, row, y)) for row in a]
        ev = sum(map(mul, x, v))
        r0 = [max(0.0, r + u - ev) for r, u in zip(r0, v)]
        x = _rm(r0)
        s0 = [s + t * p for s, p in zip(s0, x)]
        w = [sum(map(mul, col, x)) for col in cols]  # row player's payoff per column
        ew = sum(map(mul, y, w))
        r1 = [max(0.0, r + ew - u) for r, u in zip(r1, w)]
        y = _rm(r1)
        s1 = [s + t * p for s, p in zip(s1, y)]
    x, y = _norm(s0), _norm(s1)
    value = sum(xi * sum(map(mul, row, y)) for xi, row in zip(x, a))
    return x, y, value


def solve3(
    u: list[list[list[tuple[float, float, float]]]], iterations: int
) -> tuple[list[list[float]], tuple[float, ...]]:
    """Regret matching+ for three players, each maximising its own payoff in ``u[a][b][c]``.
    Returns the average strategies and the expected payoffs under them."""
    m0, m1, m2 = len(u), len(u[0]), len(u[0][0])
    u0 = [[[cell[0] for cell in line] for line in plane] for plane in u]
    u1 = [[[cell[1] for cell in line] for line in plane] for plane in u]
    u2 = [[[cell[2] for cell in line] for line in plane] for plane in u]
    r = [[0.0] * m0, [0.0] * m1, [0.0] * m2]
    s = [[0.0] * m0, [0.0] * m1, [0.0] * m2]
    x, y, z = [1.0 / m0] * m0, [1.0 / m1] * m1, [1.0 / m2] * m2
    for t in range(1, iterations + 1):
        v0 = [sum(yb * sum(map(mul, z, u0[a][b])) for b, yb in enumerate(y)) for a in range(m0)]
        v1 = [0.0] * m1
        v2 = [0.0] * m2
        for a, xa in enumerate(x):
            if xa == 0.0:
                continue
            pa, qa = u1[a], u2[a]
            for b, yb in enumerate(y):
                v1[b] += xa * sum(map(mul, z, pa[b]))
                w = xa * yb
                if w:
                    v2 = [acc + w * q for acc, q in zip(v2, qa[b])]
        for k, (vals, strat) in enumerate(((v0, x), (v1, y), (v2, z))):
            ev = sum(map(mul, vals, strat))
            r[k] = [max(0.0, rr + vv - ev) for rr, vv in zip(r[k], vals)]
        x, y, z = _rm(r[0]), _rm(r[1]), _rm(r[2])
        s[0] = [a + t * p for a, p in zip(s[0], x)]
        s[1] = [a + t * p for a, p in zip(s[1], y)]
        s[2] = [a + t * p for a, p in zip(s[2], z)]
    x, y, z = _norm(s[0]), _norm(s[1]), _norm(s[2])
    ev = [0.0, 0.0, 0.0]
    for a, xa in enumerate(x):
        for b, yb in enumerate(y):
            w = xa * yb
            if not w:
                continue
            for c, zc in enumerate(z):
                if zc:
                    cell = u[a][b][c]
                    ev[0] += w * zc * cell[0]
                    ev[1] += w * zc * cell[1]
                    ev[2] += w * zc * cell[2]
    return [x, y, z], tuple(ev)


def _norm(v: list[float]) -> list[float]:
    tot = sum(v)
    return [p / tot for p in v] if tot > 0 else [1.0 / len(v)] * len(v)


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
            x, y, val = solve2(a, self.iterations)
            return [x, y], (val, 1.0 - val)
        return solve3(cells, self.iterations)


class StrongBot:
    """Solves each round as a simultaneous-move matrix game (see the module docstring)."""

    def __init__(
        self, playouts: dict[int, int] | None = None, rm_iterations: dict[int, int] | None = None
    ) -> None:
        self.playouts = playouts or PLAYOUTS
        self.rm_iterations = rm_iterations or RM_ITERATIONS

    def choose(self, view: DuelView, legal: Sequence[Play], rng: Rng, budget: Budget) -> Play:
        if len(legal) == 1:
            return legal[0]
        strategy, reps = self.strategy(view, rng, budget)
        me = view.seat
        probs = [q if q >= PURIFY else 0.0 for q in strategy[me]]
        if sum(probs) <= 0:
            probs = strategy[me]
        pick = rng.random() * sum(probs)
        choice = reps[me][-1]
        for rep, q in zip(reps[me], probs):
            if pick < q:
                choice = rep
                break
            pick -= q
        return _pick(legal, fast.index_card(choice))

    def strategy(self, view: DuelView, rng: Rng, budget: Budget) -> tuple[list[list[float]], list[list[int]]]:
        """Mixed strategies for every seat (over card-class representatives) for this round."""
        p = view.players
        hands = tuple(tuple(sorted(fast.card_index(c) for c in h)) for h in view.hands)
        st = fast.pack(p, view.builder, view.die, view.scores)
        if len(hands[0]) <= EXACT_CARDS[p]:
            search = ExactSearch(p)
            strategy, _ = search.solve(hands, st)
            reps = [card_classes(hands, i) for i in range(p)]
            return strategy, reps
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
        return strat, reps

    def _solve(self, p: int, reps: list[list[int]], sums: dict, counts: dict) -> list[list[float]]:
        even = [1.0 / p] * p

        def value(joint: tuple[int, ...]) -> list[float]:
            n = counts.get(joint)
            return [s / n for s in sums[joint]] if n else even  # unvalued (stopped early): even

        if p == 2:
            a = [[value((i, j))[0] for j in reps[1]] for i in reps[0]]
            x, y, _ = solve2(a, self.rm_iterations[2])
            return [x, y]
        u = [[[tuple(value((i, j, k))) for k in reps[2]] for j in reps[1]] for i in reps[0]]
        strat, _ = solve3(u, self.rm_iterations[3])
        return strat


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
