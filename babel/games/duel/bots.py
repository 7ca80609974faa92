"""Bots for the card duel.

The levels the table offers (``BOTS``, weakest first):

- ``novice``: a plausible habit of its own (``NoviceBot``): chases the last card shown, keeps
  its Joker for a rival's climbing die, and now and then plays any card.
- ``steady``: near-equilibrium play (``EquilibriumBot``), which also leans on a habit it reads
  but only with what it has already gained, so it never drops below its fair value (without
  this, "always the lowest card" beat it 73 games in 100). Two players: every round is solved as
  the matrix game it is, by linear programming, over card classes; the cells are exact values
  (backward induction over the public state, ``public2.Exact``) once at most ``EXACT_CARDS``
  cards are left, and the learned table of ``values`` before that. Three players: the round
  values of ``three`` solved by regret matching. The card is drawn from the mixed strategy with
  the seat's random stream, so it cannot be read.
- ``expert``: the same, plus reading habits (``adapt``): when an opponent's revealed cards follow
  a clear pattern, it shifts towards the best reply, never risking more than ``matrix.safe_mix``
  allows. With three players, a habit read with confidence (``HABIT_SURE``) is answered by
  playing the rest of the game out with that seat following its habit (``habit_search``: an
  exact plan when both other seats are read, playouts otherwise); the first card that breaks
  the habit drops the read. Otherwise it values the round itself with ``EXPERT_FACTOR_3P``
  times steady's playouts (steady's come to about one playout per cell for most of the game:
  mostly noise, and a reply to noise gains nothing) and answers the table jointly (``table3``): a rival that plays like
  steady is modelled as steady's mix from its seat, moved towards a habit half read
  (``rival_models``); a rival whose revealed cards say it plays like the expert (``rivals3``)
  as the expert's mix from its seat. Each seat's mix is its sound mix blended towards the best
  reply to the others' models within ``matrix.safe_mix`` (``adapt.ALLOWANCE`` plus what it
  has gained), repeated with the models averaged (fictitious play), so two experts answer each
  other as they are instead of the same wrong picture. Figures: ``docs/duel/levels.md``.

Levels accepted but not offered (``offered=False``): the pattern panel (``panel``:
lowest, highest, die, above, joker6, random) for the match tools; ``thumb``, the rules of thumb
that were the steady level before; and the old ids ``heuristic`` (now steady) and ``strong``
(now expert), so older saves still load.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from babel.core.bots import BotLevel, BotRoster, Budget
from babel.core.rng import Rng, seed_state
from babel.games.duel import adapt, fast, habit_search, panel, public2, rivals3, values
from babel.games.duel.actions import Play
from babel.games.duel.matrix import safe_mix, solve_zero_sum
from babel.games.duel.model import JOKER, DuelView
from babel.games.duel.three import RoundValues

EXACT_CARDS = 7  # two players, at most this many cards in hand: solve the rest of the game exactly
MEMO_LIMIT = 400_000  # exact values kept between decisions (a pure cache: values never change)
PLAYOUTS_3P = 400  # three players: playouts per decision
EXPERT_FACTOR_3P = 10  # three players: the expert values the round with this many times the playouts
MEMO_LIMIT_3P = 5_000  # three-player round solutions kept between decisions

# -- novice tuning -------------------------------------------------------------------------
NOVICE_WHIM = 0.2  # share of rounds the novice plays any card
NOVICE_JOKER_DIE = 4  # the novice plays its Joker on a rival Builder's die this high

# -- rules-of-thumb tuning -----------------------------------------------------------------
JOKER_DIE = 3  # knock a rival Builder's die back to the centre once it shows this much
CONTEST_CHANCE = 0.25  # with no sure win, sometimes play the highest card anyway


def _pick(legal: Sequence[Play], card: int) -> Play:
    for a in legal:
        if a.card == card:
            return a
    return legal[0]


def _draw(probs: Sequence[float], rng: Rng) -> int:
    pick = rng.random() * sum(probs)
    for i, q in enumerate(probs):
        if pick < q:
            return i
        pick -= q
    return max(range(len(probs)), key=probs.__getitem__)


class NoviceBot:
    """Chases: plays the lowest card that beats the highest card shown last round (the lowest
    card when none does), plays the Joker once a rival Builder's die shows ``NOVICE_JOKER_DIE``,
    and in ``NOVICE_WHIM`` of the rounds any card at all."""

    def choose(self, view: DuelView, legal: Sequence[Play], rng: Rng, budget: Budget) -> Play:
        if len(legal) == 1:
            return legal[0]
        if rng.random() < NOVICE_WHIM:
            return rng.choice(legal)
        hand = view.hand
        rival = view.builder is not None and view.builder != view.seat
        if JOKER in hand and rival and view.die >= NOVICE_JOKER_DIE:
            return _pick(legal, JOKER)
        return _pick(legal, panel.above(hand, panel.view_context(view), rng))


class HeuristicBot:
    """Rules of thumb (the former steady level): plays the cheapest sure win, knocks a rival's
    rising die back with the Joker, and otherwise throws away its lowest card (sometimes
    contesting with its highest)."""

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


# -- two players: the round as an exactly solved matrix game ---------------------------------
_EXACT = public2.Exact()


def exact() -> public2.Exact:
    """The shared exact solver (its memo is a cache of pure values, bounded in size)."""
    if len(_EXACT.memo) > MEMO_LIMIT:
        _EXACT.memo.clear()
    return _EXACT


def position2(view: DuelView, seat: int | None = None):
    """The reduced public position from ``seat``'s side (default the viewer), and the rank at
    each pattern position: ``((s, ja, jb, tower, d), ranks)``."""
    me = view.seat if seat is None else seat
    other = 1 - me
    s, ja, jb, ranks = public2.pattern(view.hands[me], view.hands[other])
    builder = None if view.builder is None else view.builder == me
    tower = public2.tower_of(builder, view.die)
    return (s, ja, jb, tower, view.scores[me] - view.scores[other]), ranks


def round_game2(pos) -> tuple[list[int], list[int], list[list[float]]]:
    """(my classes, their classes, my win chance per cell) for a reduced position."""
    s, ja, jb, tower, d = pos
    if public2.hand_size(s, ja) <= EXACT_CARDS:
        return exact().matrix(s, ja, jb, tower, d)
    rows, cols = public2.my_classes(s, ja), public2.their_classes(s, jb)
    return rows, cols, table_matrix(values.table(), pos)


def table_matrix(table: values.Table, pos) -> list[list[float]]:
    """My win chance for each pair of card classes this round, with the positions after it
    valued by the learned ``table`` (the training tool solves the same matrices)."""
    s, ja, jb, tower, d = pos
    trans = public2.ROUNDS[tower]
    a = []
    for i in public2.my_classes(s, ja):
        line = []
        for j in public2.their_classes(s, jb):
            after, dd, final = trans[public2.kind_of(i, j)]
            if final is not None:
                line.append(final)
            else:
                child = public2.play(s, i, j)
                line.append(
                    table.value(
                        values.summary(child, ja and i != public2.JK, jb and j != public2.JK, after, d + dd)
                    )
                )
        a.append(line)
    return a


def strategy2(view: DuelView, allowance: float | None) -> tuple[list[int], list[float], dict]:
    """The viewer's cards (one per class) and the probabilities to play them, with a note of
    how they came about (equilibrium value, the habit read, the blend towards the reply)."""
    pos, ranks = position2(view)
    rows, cols, a = round_game2(pos)
    x, y, v = solve_zero_sum(a)
    cards = [JOKER if i == public2.JK else ranks[i] for i in rows]
    note: dict = {"value": v}
    if allowance is not None:
        habit = adapt.read(view, 1 - view.seat)
        if habit is not None:
            col_cards = [JOKER if j == public2.JK else ranks[j] for j in cols]
            target = fast.class_of(col_cards, habit.card)
            if target is not None:
                c = habit.confidence
                q = [(1 - c) * yj + (c if k == target else 0.0) for k, yj in enumerate(y)]
                reply = [sum(a[i][k] * q[k] for k in range(len(cols))) for i in range(len(rows))]
                best = max(range(len(rows)), key=reply.__getitem__)
                margin = c * (allowance + max(0.0, v - 0.5))
                x, t = safe_mix(a, x, [1.0 if i == best else 0.0 for i in range(len(rows))], margin)
                note.update(habit=habit.name, confidence=c, blend=t)
    return cards, x, note


# -- three players ------------------------------------------------------------------------------
_ROUNDS3: dict = {}


def round_game3(view: DuelView, budget: Budget, playouts: int = PLAYOUTS_3P):
    """The round's values and strategies for a public position (``three.RoundValues``). The
    playouts draw from a stream seeded by the position itself, so the answer is a pure function
    of it and is kept between decisions (the opening is the same in every game)."""
    key = (view.hands, view.builder, view.die, view.scores, budget.iterations, playouts)
    got = _ROUNDS3.get(key)
    if got is None:
        flat = [c for h in view.hands for c in (*h, 0)]
        rng = Rng(
            seed_state("duel-3p", view.die, -1 if view.builder is None else view.builder, *view.scores, *flat)
        )
        got = RoundValues(playouts={2: playouts, 3: playouts}).solve(view, rng, budget)
        if len(_ROUNDS3) > MEMO_LIMIT_3P:
            _ROUNDS3.clear()
        if not budget.stop():
            _ROUNDS3[key] = got
    return got


def strategy3(
    view: DuelView, rng: Rng, budget: Budget, allowance: float | None
) -> tuple[list[int], list[float], dict]:
    """The viewer's cards (one per class), the probabilities to play them and a note."""
    me = view.seat
    strat, reps, cells = round_game3(view, budget)
    cards = [fast.index_card(r) for r in reps[me]]
    x = list(strat[me])
    note: dict = {}
    others = [s for s in range(view.players) if s != me]
    if allowance:  # the expert: seats with a clear habit are played out as they will play
        read = habit_rules(view, others)
        if read:
            card = habit_reply(view, read, rng)
            k = fast.class_of(cards, card)
            if k is not None:
                note.update(habits={s: name for s, (name, _) in read.items()}, reply=card)
                return cards, [1.0 if i == k else 0.0 for i in range(len(cards))], note
        table = table3(view, budget, allowance)
        _, steady_mixes, expert_mixes, odds = table
        note.update(expert_odds={s: odds[s] for s in others}, steady=steady_mixes[me])
        return cards, list(expert_mixes[me]), note
    if allowance is None:
        return cards, x, note
    qs, reads = rival_models(view, strat, reps, others)
    if not reads:  # steady: it leans only on a habit it reads
        return cards, x, note
    margin = min(c for _, c in reads.values()) * max(0.0, _sound_value(me, strat, reps, cells) - 1 / 3)
    x, t, best = _blend3(me, strat, reps, cells, qs, margin)
    note.update(habits=reads, blend=t, reply=cards[best])
    return cards, x, note


def _matrix3(me: int, reps, cells) -> list[list[float]]:
    """``me``'s win chance per own class (rows) and joint class of the other two (columns)."""
    o1, o2 = [s for s in range(3) if s != me]
    a = []
    for r in reps[me]:
        line = []
        for b in reps[o1]:
            for c in reps[o2]:
                joint = [0, 0, 0]
                joint[me], joint[o1], joint[o2] = r, b, c
                line.append(cells[tuple(joint)][me])
        a.append(line)
    return a


def _sound_value(me: int, strat, reps, cells) -> float:
    """``me``'s win chance when every seat plays the round's sound mix."""
    o1, o2 = [s for s in range(3) if s != me]
    q = [p * r for p in strat[o1] for r in strat[o2]]
    a = _matrix3(me, reps, cells)
    return sum(xi * sum(u * p for u, p in zip(line, q)) for xi, line in zip(strat[me], a))


def _blend3(me: int, strat, reps, cells, qs, margin: float, a=None) -> tuple[list[float], float, int]:
    """``me``'s sound mix blended towards its best reply to the others' modelled mixes ``qs``
    (per seat), within ``matrix.safe_mix``'s bound: (the mix, the blend, the reply's class)."""
    o1, o2 = [s for s in range(3) if s != me]
    a = a or _matrix3(me, reps, cells)
    q = [p * r for p in qs[o1] for r in qs[o2]]
    reply = [sum(u * p for u, p in zip(line, q)) for line in a]
    best = max(range(len(a)), key=reply.__getitem__)
    x, t = safe_mix(a, list(strat[me]), [1.0 if i == best else 0.0 for i in range(len(a))], margin)
    return x, t, best


def _finer(budget: Budget) -> Budget:
    """The expert's budget for its own round values: ``EXPERT_FACTOR_3P`` times the playouts."""
    if budget.iterations is None:
        return budget
    return Budget(iterations=budget.iterations * EXPERT_FACTOR_3P, should_stop=budget.should_stop)


_TABLES3: dict = {}
JOINT_STEPS = 8  # fictitious-play steps of the experts' joint answer (three players)


def table3(view: DuelView, budget: Budget, allowance: float):
    """The three-player table as the expert sees it, the same from every seat (all public):
    per seat its cards, steady's mix from there, the expert's mix from there (None where the
    expert would answer a habit it reads, a pure reply), and the chance that the seat plays
    like the expert (``rivals3``). The expert's mixes are a joint answer: each seat blends its
    sound mix towards the best reply to the others' models, a steady seat modelled as steady's
    mix (moved towards a habit half read) and an expert-like seat as the expert's mix there,
    by the odds; the step is repeated with the models averaged (fictitious play), so two experts
    answer each other as they are. A pure function of the public history, kept between decisions."""
    key = (tuple(rec.cards for rec in view.history), budget.iterations, allowance)
    got = _TABLES3.get(key)
    if got is not None:
        return got
    sound, reps, _ = round_game3(view, budget)  # steady's round, its mixes
    strat, _, cells = round_game3(view, _finer(budget), PLAYOUTS_3P * EXPERT_FACTOR_3P)  # finer values
    seats = range(view.players)
    cards = [[fast.index_card(r) for r in reps[s]] for s in seats]
    views = [replace(view, seat=s, my_choice=None) for s in seats]
    steady = [strategy3(views[s], None, budget, STEADY_ALLOWANCE)[1] for s in seats]
    plays = [not habit_rules(views[s], [o for o in seats if o != s]) for s in seats]
    odds = rivals3.expert_odds(view, lambda v: table3(v, budget, allowance)[:3], key[1:])
    base, _ = rival_models(view, sound, reps, seats)
    mats = [_matrix3(s, reps, cells) for s in seats]
    margins = [allowance + max(0.0, _sound_value(s, strat, reps, cells) - 1 / 3) for s in seats]
    mixes = [_blend3(s, strat, reps, cells, base, margins[s], mats[s])[0] for s in seats]
    avg = [list(m) for m in mixes]
    for step in range(2, JOINT_STEPS + 1):
        models = {
            s: [(1 - odds[s]) * b + odds[s] * m for b, m in zip(base[s], avg[s])] if plays[s] else base[s]
            for s in seats
        }
        mixes = [_blend3(s, strat, reps, cells, models, margins[s], mats[s])[0] for s in seats]
        avg = [[(step - 1) / step * p + m / step for p, m in zip(av, mx)] for av, mx in zip(avg, mixes)]
    got = (cards, steady, [avg[s] if plays[s] else None for s in seats], odds)
    if len(_TABLES3) > MEMO_LIMIT_3P:
        _TABLES3.clear()
    if not budget.stop():
        _TABLES3[key] = got
    return got


def rival_models(view: DuelView, strat, reps, others: Sequence[int]) -> tuple[dict, dict]:
    """Per other seat, the mix of card classes it is expected to play this round: its sound mix
    (the round's solved strategy, which is what the steady level plays from that seat), moved
    towards the card of a habit ``adapt`` reads by that read's confidence. Also the reads."""
    qs, reads = {}, {}
    for s in others:
        q = list(strat[s])
        habit = adapt.read(view, s)
        if habit is not None:
            col_cards = [fast.index_card(r) for r in reps[s]]
            target = fast.class_of(col_cards, habit.card)
            if target is not None:
                c = habit.confidence
                q = [(1 - c) * p + (c if k == target else 0.0) for k, p in enumerate(q)]
                reads[s] = (habit.name, c)
        qs[s] = q
    return qs, reads


HABIT_SURE = 0.75  # a read habit this confident is answered by playing the game out (3 players)


def habit_rules(view: DuelView, others: Sequence[int]) -> dict[int, tuple[str, Callable]]:
    """The other seats whose habit ``adapt`` reads with confidence, with their rules."""
    out = {}
    for s in others:
        habit = adapt.read(view, s)
        if habit is not None and habit.confidence >= HABIT_SURE:
            out[s] = (habit.name, adapt.HABITS[habit.name])
    return out


def habit_reply(view: DuelView, read: dict[int, tuple[str, Callable]], rng: Rng) -> int:
    """This seat's best card against the read habits (``habit_search``): an exact plan when
    every other seat is read, else playouts; ties go to the lowest card."""
    rules = {s: rule for s, (_, rule) in read.items()}
    hands = [list(h) for h in view.hands]
    st = fast.pack(view.players, view.builder, view.die, view.scores)
    last = view.history[-1].cards if view.history else None
    values = None
    if len(rules) == view.players - 1:
        values = habit_search.ExactPlan(view.seat, rules).card_values(hands, st, last)
    if values is None:
        values = habit_search.playout_values(view.seat, rules, hands, st, last, rng)
    best = max(values.values())
    return min(c for c, v in values.items() if v >= best - 1e-9)


class EquilibriumBot:
    """Steady and expert: see the module docstring. ``allowance``: the win chance the bot may
    risk beyond what it has gained, to exploit a habit it reads (None: it reads no habits)."""

    def __init__(self, allowance: float | None) -> None:
        self.allowance = allowance

    @property
    def adaptive(self) -> bool:
        return self.allowance is not None

    def strategy(self, view: DuelView, rng: Rng, budget: Budget) -> tuple[list[int], list[float], dict]:
        if view.players == 2:
            return strategy2(view, self.allowance)
        return strategy3(view, rng, budget, self.allowance)

    def choose(self, view: DuelView, legal: Sequence[Play], rng: Rng, budget: Budget) -> Play:
        if len(legal) == 1:
            return legal[0]
        cards, probs, _ = self.strategy(view, rng, budget)
        return _pick(legal, cards[_draw(probs, rng)])


STEADY_ALLOWANCE = 0.0  # steady exploits a habit only with what it has gained: never below its fair value


def _pattern(name: str):
    return lambda: panel.PatternBot(name)


BOTS = BotRoster(
    levels=(
        BotLevel(
            "novice",
            "Novice",
            NoviceBot,
            blurb="plays simply, by a habit of its own; good for learning the rules.",
        ),
        BotLevel(
            "steady",
            "Steady",
            lambda: EquilibriumBot(STEADY_ALLOWANCE),
            blurb="plays a sound game; hard to read.",
        ),
        BotLevel(
            "expert",
            "Expert",
            lambda: EquilibriumBot(adapt.ALLOWANCE),
            blurb="plays the strongest game it can and reads your habits; a real challenge.",
        ),
        *(BotLevel(name, name.capitalize(), _pattern(name), offered=False) for name in panel.PATTERNS),
        BotLevel(
            "thumb", "Thumb", HeuristicBot, blurb="the former steady level: rules of thumb.", offered=False
        ),
    ),
    aliases={"heuristic": "steady", "strong": "expert"},
)
