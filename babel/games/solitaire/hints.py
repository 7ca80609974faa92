"""Fair help for the player: hints, the "still winnable?" indicator, and the after-game analysis.

Hints and the indicator see only the player's view. They never read the real draw pile: the
order of the unseen pieces is replaced by many sampled orders (drawn from a stream seeded by the
view itself, so the same position always gets the same advice), and each candidate action is
judged by solving every sampled order with the solver. Once the pile is empty nothing is
hidden and the judgement is exact.

Budgets are counted in solver nodes, not time, so answers are reproducible; the figures below
keep a hint under about 300 ms for 24 tiles on a slow machine (tools/solitaire_bench.py).

The after-game analysis is different on purpose: the game is over, so it solves the real deal
("this deal could have been won; here is how") and finds the first action after which the best
reachable result got worse.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from babel.core.protocol import Config
from babel.core.rng import Rng, seed_state
from babel.core.wording import count
from babel.games.solitaire import solver
from babel.games.solitaire.actions import DRAW, FINISH, Action, Draw, Move
from babel.games.solitaire.deals import Variant
from babel.games.solitaire.model import Difficulty, SolitaireState, SolitaireView, moves_for, result_class
from babel.games.solitaire.rules import RULES as _RULES
from babel.games.solitaire.rules import deal_number

# Sampled orders of the unseen pieces per judgement, and solver nodes per whole hint.
SAMPLES = {Variant.TILES: 24, Variant.CARDS: 8}
NODE_BUDGET = {Variant.TILES: 150_000, Variant.CARDS: 80_000}
MIN_NODES_PER_SOLVE = 500
ANALYSIS_NODE_CAP = 4_000_000  # the deal's own solve after the game: settles every 52-card deal 0-199
SLIP_NODE_CAP = 200_000  # each probe for the first slip; a capped probe means no slip is claimed


@dataclass(frozen=True)
class Judgement:
    """How one action fares over the sampled orders (or exactly, when ``samples`` is 0).

    ``full_wins``: sampled orders in which a full win is still reachable after the action;
    ``mean_stacks``: the mean fewest stacks reachable; ``safe``: in no sampled order is the
    action worse than the best choice.
    """

    action: Action
    full_wins: int
    mean_stacks: float
    samples: int
    safe: bool
    undecided: int = 0  # sampled orders whose solve hit its node budget (counted as not won)

    @property
    def win_share(self) -> float:
        return self.full_wins / self.samples if self.samples else float(self.full_wins)


@dataclass(frozen=True)
class Hint:
    """The suggested action with a sentence saying why, and the judgement of every action."""

    action: Action | None
    text: str
    judgements: tuple[Judgement, ...]
    exact: bool  # nothing was hidden (the pile is empty), or only one action was legal
    proven: bool  # every solve finished within its node budget


@dataclass(frozen=True)
class Winnable:
    """The "still winnable?" indicator.

    ``share``: the fraction of sampled orders of the unseen pieces in which a full win can still
    be reached with perfect play from here; exact (1.0 or 0.0) once the pile is empty.
    """

    share: float
    samples: int
    exact: bool
    proven: bool
    undecided: int = 0  # sampled orders the solver could not settle in its budget

    @property
    def text(self) -> str:
        if self.exact:
            if self.share >= 1.0:
                return "Still winnable"
            if self.proven:
                return "A full win is no longer possible"
            return "No full win found (the search was capped)"
        pct = round(self.share * 100)
        text = f"Winnable in {pct}% of sampled orders of the pile"
        if self.undecided:
            text += f" (at least; {self.undecided} of {self.samples} orders undecided)"
        return text


@dataclass(frozen=True)
class Analysis:
    """The real deal solved after the game.

    ``line`` is a list of action texts replayable through the engine from the deal's start.
    ``slip`` is the index (into the player's actions) of the first action after which the best
    reachable result got worse, or None; ``best_after_slip`` is that worse result.
    """

    best_stacks: int
    proven: bool
    line: tuple[str, ...]
    played_stacks: int | None
    slip: int | None
    best_after_slip: int | None
    text: str


# -- sampling -----------------------------------------------------------------------------
def _sample_rng(view: SolitaireView, purpose: str) -> Rng:
    """A stream seeded by what the player sees (never by the deal number or the pile)."""
    line = "|".join(",".join(stack) for stack in view.line)
    return Rng(
        seed_state("solitaire", purpose, view.variant.value, view.difficulty.value, line, view.pile_size)
    )


def _orders(view: SolitaireView, count: int, purpose: str) -> list[tuple[str, ...]]:
    rng = _sample_rng(view, purpose)
    unseen = view.unseen
    return [tuple(rng.shuffled(unseen)) for _ in range(count)]


def _after_move(tops: Sequence[str], src: int, dst: int) -> list[str]:
    out = list(tops)
    out[dst] = out[src]
    del out[src]
    return out


def _value(tops: Sequence[str], order: Sequence[str], view: SolitaireView, cap: int) -> tuple[int, bool, int]:
    """Fewest stacks reachable from ``tops`` with ``order`` still to draw: (stacks, proven, nodes)."""
    variant = view.variant
    t = solver.encode(tops, variant)
    p = solver.encode(order, variant)
    if view.difficulty is Difficulty.STRICT:
        stacks, proven, _, nodes = solver.solve_strict(t, p, variant, cap)
    else:
        stacks, proven, _, nodes = solver.solve_puzzle(t + p, variant, cap)
    return stacks, proven, nodes


def _solve_many(
    jobs: Sequence[tuple[Sequence[str], Sequence[str]]], view: SolitaireView, budget: int
) -> list[tuple[int, bool]]:
    """Solve (tops, order) jobs within ``budget`` nodes in all, in two passes: a small cap for
    every job, then what is left shared among the jobs not yet decided (most jobs are quick,
    so the hard few get most of the budget)."""
    first = max(MIN_NODES_PER_SOLVE, budget // (4 * max(1, len(jobs))))
    results: list[tuple[int, bool]] = []
    used = 0
    for tops, order in jobs:
        stacks, proven, nodes = _value(tops, order, view, first)
        results.append((stacks, proven))
        used += nodes
    open_jobs = [k for k, (_, proven) in enumerate(results) if not proven]
    for done, k in enumerate(open_jobs):
        left = budget - used
        cap = left // (len(open_jobs) - done)
        if cap <= first:
            break
        tops, order = jobs[k]
        stacks, proven, nodes = _value(tops, order, view, cap)
        used += nodes
        if stacks < results[k][0] or proven:
            results[k] = (min(stacks, results[k][0]), proven)
    return results


# -- hints ----------------------------------------------------------------------------------
def legal_from_view(view: SolitaireView) -> tuple[Action, ...]:
    """The legal actions of a view (the same as the engine's for the underlying state)."""
    state = SolitaireState(0, view.variant, view.difficulty, view.deal, view.phase, view.line, view.unseen)
    return _RULES.legal_actions(state, 0)


def hint(view: SolitaireView, samples: int | None = None, node_budget: int | None = None) -> Hint:
    """The action to suggest now, judged fairly over sampled orders of the unseen pieces."""
    legal = legal_from_view(view)
    if not legal:
        return Hint(None, "The game is over.", (), True, True)
    if len(legal) == 1:
        only = legal[0]
        why = "no move is possible, so draw" if isinstance(only, Draw) else "it is the only legal move"
        return Hint(only, f"{_RULES.describe(only, view)}: {why}.", (), True, True)
    if view.pile_size == 0:
        return _exact_hint(view, legal)
    return _sampled_hint(view, legal, samples, node_budget)


def _exact_hint(view: SolitaireView, legal: Sequence[Action]) -> Hint:
    tops = view.tops
    sol = solver.solve_position(tops, (), view.variant, view.difficulty, solver.NODE_CAP)
    action = sol.actions[0] if sol.actions else FINISH
    if action not in legal:  # cannot happen; keeps the hint legal whatever the solver says
        action = legal[0]
    verdict = {
        "full": "this still leads to a full win",
        "partial": f"the best now is {count(sol.stacks, 'stack')}, a partial win",
        "loss": f"the best now is {count(sol.stacks, 'stack')}",
    }[result_class(sol.stacks)]
    judgement = Judgement(action, int(sol.stacks == 1), float(sol.stacks), 0, True)
    return Hint(action, f"{_RULES.describe(action, view)}: {verdict}.", (judgement,), True, sol.proven)


def _sampled_hint(
    view: SolitaireView, legal: Sequence[Action], samples: int | None, node_budget: int | None
) -> Hint:
    count = samples or SAMPLES[view.variant]
    budget = node_budget or NODE_BUDGET[view.variant]
    orders = _orders(view, count, "hint")
    tops = view.tops
    strict = view.difficulty is Difficulty.STRICT
    moves = [a for a in legal if isinstance(a, Move)]
    candidates = list(moves)
    if strict and not moves:
        candidates = [DRAW]
    jobs = []
    for order in orders:
        for a in candidates:
            if isinstance(a, Draw):
                jobs.append((list(tops) + [order[0]], order[1:]))
            else:
                jobs.append((_after_move(tops, a.src, a.dst), order))
    solved = _solve_many(jobs, view, budget)
    values: dict[Action, list[int]] = {a: [] for a in candidates}
    undecided: dict[Action, int] = {a: 0 for a in candidates}
    k = 0
    for _order in orders:
        for a in candidates:
            stacks, ok = solved[k]
            k += 1
            values[a].append(stacks)
            undecided[a] += not ok
    proven = all(ok for _, ok in solved)
    if not strict and DRAW in legal:
        # Drawing keeps every option open (standard rules), so its value in each order is the
        # best of staying put and of every move.
        values[DRAW] = [min([len(tops)] + [values[m][k] for m in moves]) for k in range(count)]
        undecided[DRAW] = max(undecided.values(), default=0)
    best_per_order = [min(values[a][k] for a in values) for k in range(count)]
    judgements = tuple(
        Judgement(
            a,
            sum(1 for v in vals if v == 1),
            sum(vals) / count,
            count,
            all(v == b for v, b in zip(vals, best_per_order)),
            undecided[a],
        )
        for a, vals in values.items()
    )

    def rank(j: Judgement) -> tuple:
        # Most full wins, then fewest stacks on average, then a move before a draw (a safe move
        # gives the player progress), then the legal order.
        return (-j.full_wins, j.mean_stacks, isinstance(j.action, Draw), legal.index(j.action))

    best = min(judgements, key=rank)
    text = _hint_text(view, best, count)
    return Hint(best.action, text, tuple(sorted(judgements, key=rank)), False, proven)


def _hint_text(view: SolitaireView, j: Judgement, count: int) -> str:
    what = _RULES.describe(j.action, view)
    pieces = "cards" if view.variant is Variant.CARDS else "tiles"
    share = f"a full win stays possible in {j.full_wins} of {count} sampled orders of the unseen {pieces}"
    if isinstance(j.action, Draw):
        return f"{what}: every move now would lose something in some of those orders; {share}."
    if j.safe:
        return f"{what}: it loses nothing in any of the {count} sampled orders; {share}."
    return f"{what}: the best chance found; {share}."


def winnable(view: SolitaireView, samples: int | None = None, node_budget: int | None = None) -> Winnable:
    """The share of sampled orders of the unseen pieces in which a full win is still reachable.

    Exact once the pile is empty. With the standard rules the player may draw everything before
    moving, so this is also the chance that the position can still be won by perfect play.
    """
    tops = view.tops
    if view.pile_size == 0:
        stacks, proven, _ = _value(tops, (), view, solver.NODE_CAP)
        return Winnable(1.0 if stacks == 1 else 0.0, 0, True, proven, int(not proven))
    count = samples or SAMPLES[view.variant]
    budget = node_budget or NODE_BUDGET[view.variant]
    solved = _solve_many([(tops, order) for order in _orders(view, count, "winnable")], view, budget)
    wins = sum(1 for stacks, _ in solved if stacks == 1)
    undecided = sum(1 for _, ok in solved if not ok)
    return Winnable(wins / count, count, False, undecided == 0, undecided)


# -- after the game -------------------------------------------------------------------------
def analyse(
    config: Config,
    seed: int,
    actions: Sequence[Action | str] = (),
    node_cap: int = ANALYSIS_NODE_CAP,
) -> Analysis:
    """Solve the real deal of a finished (or abandoned) game and compare the player's line.

    ``actions`` are the player's actions from the start (objects or their text). The best
    reachable result never improves as play goes on (a move only closes options), so the first
    slip is found by bisection over the player's actions.
    """
    rules = _RULES
    start = rules.initial_state(config, seed)
    acts = [rules.parse_action(a) if isinstance(a, str) else a for a in actions]
    states = [start]
    for a in acts:
        states.append(rules.apply(states[-1], 0, a).state)
    best = solver.solve_state(start, node_cap)
    line = tuple(rules.action_text(a) for a in best.actions)
    played = len(states[-1].line) if acts and rules.is_over(states[-1]) else None

    cache: dict[int, solver.Solution] = {0: best}

    def value(i: int) -> int:
        if i not in cache:
            cache[i] = solver.solve_state(states[i], min(node_cap, SLIP_NODE_CAP))
        return cache[i].stacks

    slip = None
    worse = None
    if best.proven and acts and value(len(acts)) > best.stacks:
        lo, hi = 0, len(acts)  # value(lo) == best, value(hi) > best
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if value(mid) > best.stacks:
                hi = mid
            else:
                lo = mid
        slip = hi - 1
        worse = value(hi)
        if not (cache[hi].proven and cache[lo].proven):
            slip = worse = None  # a capped search cannot say where the best was lost
    proven = best.proven
    text = _analysis_text(best.stacks, proven, played, slip, worse, acts, rules, states)
    return Analysis(best.stacks, proven, line, played, slip, worse, text)


def _analysis_text(best, proven, played, slip, worse, acts, rules, states) -> str:
    kind = {"full": "could have been won", "partial": "allowed a partial win", "loss": "was a loss"}
    if best == 1:
        head = "This deal could have been won: here is how."
    elif proven:
        head = f"This deal {kind[result_class(best)]} at best: {count(best, 'stack')} with perfect play."
    else:
        head = (
            f"The best line found leaves {count(best, 'stack')}; the search stopped before it could tell "
            "whether a better one exists."
        )
    if played is not None and played == best and (proven or best == 1):
        head += " You found the best result."
    if slip is not None:
        head += (
            f" Your action {slip + 1} ({rules.describe(acts[slip], states[slip])}) was the first "
            f"after which the best possible became {count(worse, 'stack')}."
        )
    return head


def analyse_match(match) -> Analysis:
    """``analyse`` for a babel.core.match.Match of this game (the scene's entry point)."""
    return analyse(match.config, match.seed, [match.rules.parse_action(e.text) for e in match.log])


def deal_of(config: Config, seed: int) -> int:
    """The deal number a match plays (for the scene's "replay this deal")."""
    return deal_number(config, seed)


def bot_choice(view: SolitaireView, legal: Sequence[Action], samples: int | None = None) -> Action:
    """The expert bot's choice: with the standard rules drawing first never loses anything, so
    draw until the pile is empty and then play the exact solution; strict rules follow the hint."""
    if view.difficulty is Difficulty.STANDARD and DRAW in legal:
        return DRAW
    h = hint(view, samples)
    if h.action is not None and h.action in legal:
        return h.action
    return legal[0]


def has_moves(view: SolitaireView) -> bool:
    return bool(moves_for(view.tops, view.difficulty))
