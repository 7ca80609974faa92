"""Bots for Der Turmbau zu Babel: random, heuristic and strong (determinized lookahead).

Every bot sees only its seat's view. The heuristic bot values discs by what they add to its disc
sets, offers its fitting cards (earning refusal points or a share of the wonder either way) and,
as the builder, invites the offers that keep its own majority. The strong bot samples full
states consistent with its view (``determinize``), tries each promising action in every sample,
plays the rest of the turn out with heuristic players, and keeps the action whose resulting
positions evaluate best on average.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from babel.core.bots import BotLevel, BotRoster, Budget, RandomBot
from babel.core.rng import Rng
from babel.games.turmbau import actions as A
from babel.games.turmbau import data
from babel.games.turmbau.data import ZERO, Counts
from babel.games.turmbau.model import Disc, Phase, TurmbauState, TurmbauView, Wonder
from babel.games.turmbau.pieces import (
    DISC_BONUS,
    DOUBLE,
    DRAW3,
    FIVE_POINTS,
    JOKER,
    TRIPLE,
    add,
    bounded_counts,
    remaining_kinds,
    sub,
)
from babel.games.turmbau.rules import RULES

# -- tuning -----------------------------------------------------------------------------------
POTENTIAL = 0.5  # share of the next set step credited to a kind that can still grow
CARD_VALUE = 0.6  # a building card in hand, in victory points
JOKER_COST = 2.0  # spending a Joker
REFUSE_WEIGHT = 0.6  # a refusal point given to an opponent, against our own gain
OPPONENT_WEIGHT = 0.35  # an opponent's wonder gain, against our own
PASS_VALUE = 1.5  # what a pass is worth (two cards), the bar a build must clear
TRADE_MIN = 5.0  # disc value above which an offer carries the trading card
DRAW3_HAND = 6  # play Card draw when the hand is smaller than this
ACTION_CARD_VALUE = 2.0  # an unplayed action card, in the evaluation
STRONG_ITERATIONS = 48  # rollouts per decision (split over the candidate actions)
STRONG_MAX_CANDIDATES = 7
ROLLOUT_PLIES = 40
HOPEFUL_DEFICIT = 2  # the strong bot also tries discs it lacks this many cards for
HOPEFUL_CANDIDATES = 2
STALL_TURN = 100  # after this many turns bots stop holding back and drive the game to its end


# -- shared estimates ------------------------------------------------------------------------
def _set_value(discs: Sequence[Disc], avail: Counts) -> float:
    """Disc-set bonus under the best assignment, plus part of the next step for kinds that can
    still grow (so a first disc of a kind is worth something before the set is scored)."""
    best = 0.0
    for pick in product(*(d.kinds for d in discs)):
        sets = [0] * data.NKINDS
        for k in pick:
            sets[k] += 1
        val = 0.0
        for k, c in enumerate(sets):
            val += data.disc_bonus(c)
            if avail[k]:
                val += POTENTIAL * (data.disc_bonus(c + 1) - data.disc_bonus(c))
        best = max(best, val)
    return best


def _rank_points(units: Sequence[int], seat: int, values: tuple[float, float]) -> float:
    """Points ``seat`` would score on a wonder with these parts (the rule's tie handling)."""
    mine = units[seat]
    if mine == 0:
        return 0.0
    top = max(units)
    firsts = sum(1 for u in units if u == top)
    if mine == top:
        return values[0] if firsts == 1 else values[1]
    if firsts > 1:
        return data.OTHER_POINTS
    rest = [u for u in units if u and u != top]
    second = max(rest)
    if mine == second and rest.count(second) == 1:
        return values[1]
    return data.OTHER_POINTS


def _projected_values(row: int, discs_left: int) -> tuple[float, float]:
    """The (first, second) values a wonder is expected to score with, by discs still on it."""
    if discs_left == 0:
        return data.scoring_row(row)
    light = data.LIGHT_ROW
    later = data.scoring_row(row + discs_left - 1)
    share = 0.5 if discs_left == 1 else 0.25
    return (share * later[0] + (1 - share) * light[0], share * later[1] + (1 - share) * light[1])


def _units(wonder: Wonder, n: int) -> list[int]:
    return [wonder.units(s) for s in range(n)]


def _wonder_points(wonder: Wonder, n: int, row: int) -> list[float]:
    units = _units(wonder, n)
    if not any(units):
        return [0.0] * n
    values = _projected_values(row, wonder.discs_left)
    return [_rank_points(units, s, values) for s in range(n)]


class _Sight:
    """What a decision needs from a view, computed once."""

    def __init__(self, view: TurmbauView) -> None:
        assert view.seat is not None
        self.view = view
        self.me = view.seat
        self.n = view.players
        self.hand = view.hand
        self.jokers = view.my_actions.count(JOKER)
        self.avail = remaining_kinds(view.wonders)
        self.set_now = _set_value(view.my_discs, self.avail)

    def disc_gain(self, disc: Disc) -> float:
        avail = list(self.avail)
        for k in disc.kinds:
            avail[k] -= 1
        return _set_value((*self.view.my_discs, disc), tuple(avail)) - self.set_now  # type: ignore[arg-type]

    def wonder_gain(self, w: int, add_units: Sequence[int], discs_left: int) -> tuple[float, float]:
        """(our gain, the opponents' summed gain) on wonder ``w`` when each seat adds units and
        ``discs_left`` discs remain on it afterwards."""
        wonder = self.view.wonders[w]
        units = _units(wonder, self.n)
        after = [u + a for u, a in zip(units, add_units)]
        row = self.view.row
        before_v = _projected_values(row, wonder.discs_left)
        after_v = _projected_values(row, discs_left)
        mine = _rank_points(after, self.me, after_v) - _rank_points(units, self.me, before_v)
        theirs = sum(
            _rank_points(after, s, after_v) - _rank_points(units, s, before_v)
            for s in range(self.n)
            if s != self.me
        )
        return mine, theirs

    def deficit(self, disc: Disc) -> int:
        need = disc.need
        return sum(max(0, need[k] - self.hand[k]) for k in range(data.NKINDS))

    def fillable(self, disc: Disc) -> bool:
        d = self.deficit(disc)
        return d == 0 or (d <= data.JOKER_UNITS * self.jokers and disc.total >= data.JOKER_UNITS)

    def ends_game(self, disc: Disc) -> bool:
        return any(self.avail[k] == 1 for k in disc.kinds)

    def final_estimate(self, seat: int) -> float:
        """A rough final score of ``seat`` if the game ended now (own discs known, others not)."""
        v = self.view
        total = float(v.scores[seat])
        for wonder in v.wonders:
            if not wonder.scored:
                units = _units(wonder, self.n)
                if units[seat]:
                    total += _rank_points(units, seat, data.LIGHT_ROW)
        if seat == self.me:
            total += sum(data.disc_bonus(c) for c in _best_sets(v.my_discs))
        else:
            total += 5.0 * v.disc_counts[seat] / 2
        return total


def _best_sets(discs: Sequence[Disc]) -> list[int]:
    best: list[int] = [0] * data.NKINDS
    best_pts = -1
    for pick in product(*(d.kinds for d in discs)):
        sets = [0] * data.NKINDS
        for k in pick:
            sets[k] += 1
        pts = sum(data.disc_bonus(c) for c in sets)
        if pts > best_pts:
            best, best_pts = sets, pts
    return best


# -- the heuristic policy ---------------------------------------------------------------------
def heuristic_turn(view: TurmbauView) -> A.Action:
    sight = _Sight(view)
    held = view.my_actions
    if view.turn >= STALL_TURN:
        return _finish_turn(view, sight)
    best: tuple[float, A.Action] = (PASS_VALUE, A.Pass())
    fillable = 0
    for w, wonder in enumerate(view.wonders):
        for slot, disc in enumerate(wonder.discs):
            if disc is None or not sight.fillable(disc):
                continue
            fillable += 1
            left = wonder.discs_left - 1
            add_units = [0] * sight.n
            add_units[sight.me] = disc.total
            mine, theirs = sight.wonder_gain(w, add_units, left)
            score = sight.disc_gain(disc) + mine - OPPONENT_WEIGHT * theirs
            score -= CARD_VALUE * max(0, disc.total - sight.deficit(disc))
            score -= JOKER_COST * ((sight.deficit(disc) + 1) // 2)
            if left == 0:
                score += ACTION_CARD_VALUE
            if sight.ends_game(disc):
                mine_final = sight.final_estimate(sight.me) + sight.disc_gain(disc) + mine
                rival = max(sight.final_estimate(s) for s in range(sight.n) if s != sight.me)
                if mine_final <= rival:
                    continue
                score += 50.0
            if score > best[0]:
                best = (score, A.Build(w, slot))
    if DRAW3 in held and sum(view.hand) < DRAW3_HAND:
        return A.Draw3()
    if DOUBLE in held and view.double == 0 and fillable >= 2 and isinstance(best[1], A.Build):
        return A.Double()
    return best[1]


def _finish_turn(view: TurmbauView, sight: _Sight) -> A.Action:
    """A long game (players holding back the end) is driven home: build the disc we come
    closest to filling, so a stalemate of passes cannot last."""
    best = None
    for w, wonder in enumerate(view.wonders):
        for slot, disc in enumerate(wonder.discs):
            if disc is not None:
                key = (sight.deficit(disc), -disc.total, w, slot)
                if best is None or key < best:
                    best = key
    if best is None:
        return A.Pass()
    return A.Build(best[2], best[3])


def heuristic_offer(view: TurmbauView, rng: Rng | None = None) -> A.Action:
    sight = _Sight(view)
    assert view.target is not None
    w, slot = view.target
    disc = view.wonders[w].discs[slot]
    assert disc is not None
    need = disc.need
    cards = tuple(min(view.hand[k], need[k]) for k in range(data.NKINDS))
    if rng is not None and view.turn >= STALL_TURN:
        # Vary the offers of a long game so the builder meets a combination that fits.
        cards = tuple(rng.randint(1, n) if n else 0 for n in cards)
    size = sum(cards)
    if size == 0:
        return A.Offer()
    trade = sight.disc_gain(disc) >= TRADE_MIN
    triple = False
    if TRIPLE in view.my_actions and size >= 2:
        units = _units(view.wonders[w], sight.n)
        if units[sight.me] + size >= units[view.active] + disc.total - size or size >= 3:
            triple = True
    return A.Offer(cards, trade, triple)  # type: ignore[arg-type]


def select_options(view: TurmbauView) -> list[A.Select]:
    """The Select actions open to the builder (the same set the rules allow)."""
    assert view.target is not None
    w, slot = view.target
    disc = view.wonders[w].discs[slot]
    assert disc is not None
    need = disc.need
    jokers = view.my_actions.count(JOKER)
    offerers = [s for s, o in enumerate(view.offers) if o is not None and o.size > 0 and s != view.active]
    out = []
    for r in range(len(offerers) + 1):
        for seats in combinations(offerers, r):
            acc = ZERO
            traders = 0
            for s in seats:
                o = view.offers[s]
                acc = add(acc, o.cards)  # type: ignore[union-attr]
                traders += o.trade  # type: ignore[union-attr]
            rem = sub(need, acc)
            if min(rem) < 0 or traders > 1:
                continue
            for j in range(jokers + 1):
                for wild in bounded_counts(rem, data.JOKER_UNITS * j):
                    if sum(wild) == data.JOKER_UNITS * j:
                        fill = sub(rem, wild)
                        if all(fill[k] <= view.hand[k] for k in range(data.NKINDS)):
                            out.append(A.Select(seats, wild))
    return out


def select_value(view: TurmbauView, sight: _Sight, sel: A.Select) -> tuple[bool, float]:
    """(keeps our majority, value) of a Select for the builder."""
    assert view.target is not None
    w, slot = view.target
    wonder = view.wonders[w]
    disc = wonder.discs[slot]
    assert disc is not None
    add_units = [0] * sight.n
    trader = None
    accepted = 0
    for s in sel.seats:
        o = view.offers[s]
        assert o is not None
        accepted += o.size
        if o.trade:
            trader = s
            add_units[sight.me] += o.size
        else:
            add_units[s] += o.size
    own = disc.total - accepted
    add_units[sight.me] += own
    mine, theirs = sight.wonder_gain(w, add_units, wonder.discs_left - 1)
    value = mine - OPPONENT_WEIGHT * theirs
    value -= CARD_VALUE * (own - sum(sel.wild)) + JOKER_COST * sel.jokers
    if trader is None:
        value += sight.disc_gain(disc)
    refused = 0
    for s, o in enumerate(view.offers):
        if o is not None and o.size and s not in sel.seats and s != view.active:
            refused += o.size * (data.TRIPLE_FACTOR if o.triple else 1)
    value -= REFUSE_WEIGHT * refused
    if wonder.discs_left == 1:
        value += ACTION_CARD_VALUE
    units = _units(wonder, sight.n)
    after = [u + a for u, a in zip(units, add_units)]
    keeps = all(after[sight.me] > after[s] for s in range(sight.n) if s != sight.me)
    return keeps, value


def heuristic_select(view: TurmbauView) -> A.Action:
    sight = _Sight(view)
    refused_all = sum(
        o.size * (data.TRIPLE_FACTOR if o.triple else 1)
        for s, o in enumerate(view.offers)
        if o is not None and s != view.active
    )
    floor = -REFUSE_WEIGHT * refused_all if view.turn < STALL_TURN else float("-inf")
    best: tuple[bool, float, A.Action] = (False, floor, A.Decline())
    assert view.target is not None
    disc = view.wonders[view.target[0]].discs[view.target[1]]
    assert disc is not None
    if sight.ends_game(disc) and view.turn < STALL_TURN:
        mine = sight.final_estimate(sight.me) + sight.disc_gain(disc)
        rival = max(sight.final_estimate(s) for s in range(sight.n) if s != sight.me)
        if mine + 5 < rival:
            return A.Decline()
    for sel in select_options(view):
        keeps, value = select_value(view, sight, sel)
        if (keeps, value) > best[:2] or (keeps == best[0] and value > best[1]):
            best = (keeps, value, sel)
    return best[2]


def heuristic_action(view: TurmbauView, rng: Rng | None = None) -> A.Action:
    if view.phase is Phase.TURN:
        return heuristic_turn(view)
    if view.phase is Phase.OFFER:
        return heuristic_offer(view, rng)
    return heuristic_select(view)


class HeuristicBot:
    """Set-minded builder and offerer (see the module docstring)."""

    def choose(self, view: TurmbauView, legal: Sequence[A.Action], rng: Rng, budget: Budget) -> A.Action:
        action = heuristic_action(view, rng)
        if action in legal:
            return action
        return _fallback(legal)


def _fallback(legal: Sequence[A.Action]) -> A.Action:
    for a in legal:
        if isinstance(a, (A.Pass, A.Decline)) or (isinstance(a, A.Offer) and a.empty):
            return a
    return legal[0]


# -- evaluation of full (sampled) states for the strong bot ---------------------------------
def evaluate(state: TurmbauState, seat: int) -> float:
    """Our estimated final score minus a blend of the best and the average opponent's."""
    n = state.players
    if state.phase is Phase.OVER:
        est = [float(v) for v in state.scores]
    else:
        avail = remaining_kinds(state.wonders)
        est = [float(v) for v in state.scores]
        for wonder in state.wonders:
            if not wonder.scored:
                pts = _wonder_points(wonder, n, state.row)
                for s in range(n):
                    est[s] += pts[s]
        for s in range(n):
            est[s] += _set_value(state.discs[s], avail)
            est[s] += CARD_VALUE * sum(state.hands[s])
            for a in state.actions[s]:
                if a == FIVE_POINTS:
                    est[s] += data.FIVE_POINTS
                elif a == DISC_BONUS:
                    est[s] += len(state.discs[s]) + 1
                else:
                    est[s] += ACTION_CARD_VALUE
    others = [est[s] for s in range(n) if s != seat]
    return est[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


def _candidates(view: TurmbauView, legal: Sequence[A.Action]) -> list[A.Action]:
    """A short list of actions worth searching, always including the heuristic's choice."""
    legal_set = set(legal)
    sight = _Sight(view)
    out: list[A.Action] = []

    def push(a: A.Action) -> None:
        if a in legal_set and a not in out:
            out.append(a)

    push(heuristic_action(view))
    if view.phase is Phase.TURN:
        push(A.Pass())
        scored = []
        hopeful = []  # discs the others' offers may help to fill
        for w, wonder in enumerate(view.wonders):
            for slot, disc in enumerate(wonder.discs):
                if disc is None:
                    continue
                add_units = [0] * sight.n
                add_units[sight.me] = disc.total
                mine, theirs = sight.wonder_gain(w, add_units, wonder.discs_left - 1)
                value = sight.disc_gain(disc) + mine - OPPONENT_WEIGHT * theirs
                if sight.fillable(disc):
                    scored.append((value, w, slot))
                elif sight.deficit(disc) <= HOPEFUL_DEFICIT:
                    hopeful.append((value, w, slot))
        scored.sort(reverse=True)
        hopeful.sort(reverse=True)
        for _, w, slot in scored[: STRONG_MAX_CANDIDATES - 3] + hopeful[:HOPEFUL_CANDIDATES]:
            push(A.Build(w, slot))
        push(A.Draw3())
        push(A.Double())
    elif view.phase is Phase.OFFER:
        assert view.target is not None
        disc = view.wonders[view.target[0]].discs[view.target[1]]
        assert disc is not None
        need = disc.need
        top = tuple(min(view.hand[k], need[k]) for k in range(data.NKINDS))
        push(A.Offer())
        if sum(top):
            one_less = list(top)
            k = max(range(data.NKINDS), key=lambda i: one_less[i])
            one_less[k] -= 1
            one = [0] * data.NKINDS
            one[k] = 1
            for cards in (top, tuple(one_less), tuple(one)):
                if sum(cards):
                    push(A.Offer(cards, False, False))  # type: ignore[arg-type]
                    push(A.Offer(cards, True, False))  # type: ignore[arg-type]
            if TRIPLE in view.my_actions:
                push(A.Offer(top, False, True))
        push(A.Draw3())
    else:
        ranked = sorted(
            ((select_value(view, sight, s)[1], i, s) for i, s in enumerate(select_options(view))),
            reverse=True,
        )
        for _, _, sel in ranked[: STRONG_MAX_CANDIDATES - 1]:
            push(sel)
        push(A.Decline())
    return out


def _rollout_to_turn_end(state: TurmbauState, turn: int) -> TurmbauState:
    """Play heuristic moves until the current turn (both halves of a double turn) is over."""
    for _ in range(ROLLOUT_PLIES):
        if state.phase is Phase.OVER or state.turn != turn:
            return state
        seat = RULES.to_act(state)[0]
        action = heuristic_action(RULES.view(state, seat))
        state = RULES.apply(state, seat, action).state
    return state


class StrongBot:
    """Determinized one-turn lookahead over heuristic replies (see the module docstring)."""

    def __init__(self, iterations: int = STRONG_ITERATIONS) -> None:
        self.iterations = iterations

    def choose(self, view: TurmbauView, legal: Sequence[A.Action], rng: Rng, budget: Budget) -> A.Action:
        if len(legal) == 1:
            return legal[0]
        if view.turn >= STALL_TURN:
            return HeuristicBot().choose(view, legal, rng, budget)
        cands = _candidates(view, legal)
        if len(cands) == 1:
            return cands[0]
        if not cands:
            return _fallback(legal)
        seat = view.seat
        assert seat is not None
        iterations = budget.iterations if budget.iterations is not None else self.iterations
        samples = max(2, iterations // len(cands))
        totals = [0.0] * len(cands)
        done = 0
        for _ in range(samples):
            if done >= 2 and budget.stop():
                break
            det = RULES.determinize(view, seat, rng)
            for i, action in enumerate(cands):
                after = RULES.apply(det, seat, action).state
                end = _rollout_to_turn_end(after, view.turn)
                totals[i] += evaluate(end, seat)
            done += 1
        best = max(range(len(cands)), key=lambda i: (totals[i], -i))
        return cands[best]


# The levels the table offers, weakest first, and the older ids that saves may hold.
BOTS = BotRoster(
    levels=(
        BotLevel("novice", "Novice", RandomBot, blurb="plays any legal move; good for learning the rules."),
        BotLevel(
            "steady",
            "Steady",
            HeuristicBot,
            blurb="offers what fits, invites to keep its majorities, collects disc sets.",
        ),
        BotLevel(
            "expert",
            "Expert",
            StrongBot,
            blurb="tries its best moves against sampled hands and plays the turn out; a real challenge.",
        ),
    ),
    aliases={"random": "novice", "heuristic": "steady", "strong": "expert"},
)
