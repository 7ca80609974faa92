"""Matrix games, the heart of every duel round: all players choose at once.

- ``solve_zero_sum``: the exact equilibrium of a two-player constant-sum matrix (the row player's
  win chance; the column player's is one minus it) by the simplex method on the column player's
  linear programme; the row player's strategy comes out as the programme's dual. Pure saddle
  points and one-row/one-column matrices are answered without pivoting.
- ``solve3``: regret matching+ for three players, each maximising its own win chance (a
  three-player game has no single value; regret matching's average play is the usual sound
  approximation, a coarse correlated equilibrium).
- ``safe_mix``: safe exploitation. Given the equilibrium strategy and a best reply to what the
  opponent seems to do, the largest blend towards the reply that still guarantees the equilibrium
  value less a margin against *every* opponent choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul

EPS = 1e-12


def solve_zero_sum(a: Sequence[Sequence[float]]) -> tuple[list[float], list[float], float]:
    """Equilibrium ``(x, y, value)`` of the matrix ``a`` (row player maximises)."""
    m, n = len(a), len(a[0])
    if m == 1:
        j = min(range(n), key=lambda k: a[0][k])
        return [1.0], _unit(n, j), a[0][j]
    if n == 1:
        i = max(range(m), key=lambda k: a[k][0])
        return _unit(m, i), [1.0], a[i][0]
    row_min = [min(r) for r in a]
    i = max(range(m), key=row_min.__getitem__)
    col_max = [max(a[r][c] for r in range(m)) for c in range(n)]
    j = min(range(n), key=col_max.__getitem__)
    if col_max[j] - row_min[i] <= 1e-12:
        return _unit(m, i), _unit(n, j), row_min[i]
    got = _simplex(a)
    if got is None:  # numerical trouble (never seen): fall back to many regret-matching rounds
        return solve_rm(a, 4000)
    return got


def _unit(n: int, i: int) -> list[float]:
    v = [0.0] * n
    v[i] = 1.0
    return v


def _simplex(a: Sequence[Sequence[float]]) -> tuple[list[float], list[float], float] | None:
    """Column player's LP: max sum(w) s.t. (a + c) w <= 1, w >= 0, with c making every entry >= 1.
    Then value = 1/sum(w) - c, y = w / sum(w), x = the duals of the rows / their sum."""
    m, n = len(a), len(a[0])
    c = 1.0 - min(min(r) for r in a)
    width = n + m + 1
    tab = []
    for i, row in enumerate(a):
        line = [v + c for v in row] + [0.0] * m + [1.0]
        line[n + i] = 1.0
        tab.append(line)
    obj = [-1.0] * n + [0.0] * (m + 1)
    basis = [n + i for i in range(m)]
    for _ in range(50 * (m + n)):
        col = min(range(width - 1), key=obj.__getitem__)
        if obj[col] >= -1e-12:
            break
        best, row = None, -1
        for i in range(m):
            piv = tab[i][col]
            if piv > 1e-12:
                ratio = tab[i][-1] / piv
                if best is None or ratio < best - 1e-15:
                    best, row = ratio, i
        if row < 0:
            return None
        prow = tab[row]
        piv = prow[col]
        prow = [v / piv for v in prow]
        tab[row] = prow
        for i in range(m):
            if i != row:
                f = tab[i][col]
                if f:
                    tab[i] = [u - f * p for u, p in zip(tab[i], prow)]
        f = obj[col]
        obj = [u - f * p for u, p in zip(obj, prow)]
        basis[row] = col
    else:
        return None
    total = obj[-1]
    if total <= EPS:
        return None
    w = [0.0] * n
    for i, b in enumerate(basis):
        if b < n:
            w[b] = tab[i][-1]
    y = [max(0.0, v) / total for v in w]
    x = [max(0.0, obj[n + i]) / total for i in range(m)]
    return _norm(x), _norm(y), 1.0 / total - c


def solve_rm(a: Sequence[Sequence[float]], iterations: int) -> tuple[list[float], list[float], float]:
    """Regret matching+ with alternating updates (an approximate equilibrium)."""
    m, n = len(a), len(a[0])
    cols = [list(c) for c in zip(*a)]
    r0, r1 = [0.0] * m, [0.0] * n
    s0, s1 = [0.0] * m, [0.0] * n
    y = [1.0 / n] * n
    for t in range(1, iterations + 1):
        v = [sum(map(mul, row, y)) for row in a]
        x = _rm(r0)
        ev = sum(map(mul, x, v))
        r0 = [max(0.0, r + u - ev) for r, u in zip(r0, v)]
        x = _rm(r0)
        s0 = [s + t * p for s, p in zip(s0, x)]
        w = [sum(map(mul, col, x)) for col in cols]
        ew = sum(map(mul, y, w))
        r1 = [max(0.0, r + ew - u) for r, u in zip(r1, w)]
        y = _rm(r1)
        s1 = [s + t * p for s, p in zip(s1, y)]
    x, y = _norm(s0), _norm(s1)
    return x, y, row_value(a, x, y)


def row_value(a: Sequence[Sequence[float]], x: Sequence[float], y: Sequence[float]) -> float:
    return sum(xi * sum(map(mul, row, y)) for xi, row in zip(x, a) if xi)


def worst_case(a: Sequence[Sequence[float]], x: Sequence[float]) -> float:
    """The row player's value of ``x`` against the column player's best reply."""
    return min(sum(xi * a[i][j] for i, xi in enumerate(x) if xi) for j in range(len(a[0])))


def safe_mix(
    a: Sequence[Sequence[float]], x_eq: Sequence[float], exploit: Sequence[float], margin: float
) -> tuple[list[float], float]:
    """The blend ``(1 - t) * x_eq + t * exploit`` with the largest ``t`` in [0, 1] whose worst case
    stays at least ``worst_case(a, x_eq) - margin``. Returns the strategy and ``t``."""
    n = len(a[0])
    floor = worst_case(a, x_eq) - margin
    t = 1.0
    for j in range(n):
        e = sum(xi * a[i][j] for i, xi in enumerate(x_eq) if xi)
        b = sum(xi * a[i][j] for i, xi in enumerate(exploit) if xi)
        if b < floor and e > b:  # (1-t) e + t b >= floor  <=>  t <= (e - floor) / (e - b)
            t = min(t, max(0.0, (e - floor) / (e - b)))
    return [(1 - t) * e + t * b for e, b in zip(x_eq, exploit)], t


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
    return [x, y, z], expected3(u, x, y, z)


def expected3(u, x, y, z) -> tuple[float, float, float]:
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
    return ev[0], ev[1], ev[2]


def _rm(regret: list[float]) -> list[float]:
    pos = [r if r > 0 else 0.0 for r in regret]
    tot = sum(pos)
    if tot <= 0:
        return [1.0 / len(regret)] * len(regret)
    return [r / tot for r in pos]


def _norm(v: list[float]) -> list[float]:
    tot = sum(v)
    return [p / tot for p in v] if tot > 0 else [1.0 / len(v)] * len(v)
