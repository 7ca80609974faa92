"""The three-player expert's answer to opponents it has read: play out the rest of the game
with every read seat following its habit.

The round values of ``three`` assume every seat plays at random for the rest of the game. Against
a seat that plays by a clear habit that is the wrong picture: "always the lowest card" holds its
Queen, King and Ace for the last rounds, and wins them. Once ``adapt.read`` names a seat's habit,
that seat's every future card is known from the public record and the hands, so:

- when every other seat is read, the rest of the game is a puzzle for this seat alone, solved
  exactly by a depth-first search over its own cards (a line that wins outright ends the search
  of its position; positions are memoised), within a node budget;
- otherwise (one seat read, one not), each of this seat's cards is valued by playouts in which
  the read seat follows its habit and the others (this seat included, after this round) play at
  random, with common random numbers across the cards.

Both count nodes and playouts, never seconds, so a seeded game is reproducible.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from babel.core.rng import Rng
from babel.games.duel import fast, panel

Rule = Callable  # panel-style rule: (hand, Context, rng) -> card
EXACT_NODES = 12_000  # positions the exact search may visit before it gives up (about 0.4 s)
PLAYOUTS_PER_CARD = 24  # playouts per candidate card when a seat is modelled as random
PLAYERS = 3


class _OutOfBudget(Exception):
    pass


def _habit_card(rule: Rule, seat: int, hands: Sequence[Sequence[int]], st: int, last) -> int:
    builder, die, _, _ = fast.unpack(PLAYERS, st)
    return rule(hands[seat], panel.context(seat, builder, die, last, hands), None)


def _step(hands: list[list[int]], st: int, picks: Sequence[int]) -> int:
    for h, c in zip(hands, picks):
        h.remove(c)
    return fast.step(PLAYERS, st, [fast.card_index(c) for c in picks])


def _over(hands: Sequence[Sequence[int]], st: int) -> bool:
    return not hands[0] or fast.won_on_six(PLAYERS, st)


class ExactPlan:
    """The best this seat can do when every other seat's cards follow known rules."""

    def __init__(self, me: int, rules: Mapping[int, Rule], nodes: int = EXACT_NODES) -> None:
        self.me, self.rules, self.left = me, rules, nodes
        self.memo: dict[tuple, float] = {}

    def card_values(self, hands: Sequence[Sequence[int]], st: int, last) -> dict[int, float] | None:
        """Per card of this seat: its payoff with the best play after it (None: over budget)."""
        try:
            others = self._others(hands, st, last)
            return {c: self._after(hands, st, others, c) for c in sorted(set(hands[self.me]))}
        except _OutOfBudget:
            return None

    def _others(self, hands, st, last) -> dict[int, int]:
        return {s: _habit_card(rule, s, hands, st, last) for s, rule in self.rules.items()}

    def _after(self, hands, st, others: dict[int, int], card: int) -> float:
        picks = [others.get(s, card) for s in range(PLAYERS)]
        rest = [list(h) for h in hands]
        st2 = _step(rest, st, picks)
        return self._value(rest, st2, tuple(picks))

    def _value(self, hands: list[list[int]], st: int, last: tuple[int, ...]) -> float:
        if _over(hands, st):
            return fast.payoffs(PLAYERS, st)[self.me]
        key = (tuple(map(tuple, hands)), st, last)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.left -= 1
        if self.left < 0:
            raise _OutOfBudget
        others = self._others(hands, st, last)
        best = 0.0
        for card in _ordered(hands[self.me], others, st, self.me):
            best = max(best, self._after(hands, st, others, card))
            if best >= 1.0:
                break  # a sole win: nothing does better
        self.memo[key] = best
        return best


def _ordered(hand: Sequence[int], others: Mapping[int, int], st: int, me: int) -> list[int]:
    """This seat's cards, the ones that leave it Builder (or win on the six) first, cheapest first."""

    def rank(card: int) -> tuple:
        picks = [others.get(s, card) for s in range(PLAYERS)]
        after = fast.step(PLAYERS, st, [fast.card_index(c) for c in picks])
        builder, _, won, _ = fast.unpack(PLAYERS, after)
        return (won != me, builder != me, card)

    return sorted(set(hand), key=rank)


def playout_values(
    me: int,
    rules: Mapping[int, Rule],
    hands: Sequence[Sequence[int]],
    st: int,
    last,
    rng: Rng,
    playouts: int = PLAYOUTS_PER_CARD,
) -> dict[int, float]:
    """Per card of this seat: its mean payoff over playouts where the read seats follow their
    habit and every other seat plays at random."""
    cards = sorted(set(hands[me]))
    seeds = [rng.next64() for _ in range(playouts)]  # common random numbers across the cards
    values = {}
    for card in cards:
        total = 0.0
        for seed in seeds:
            r = Rng(seed)
            picks = []
            for s in range(PLAYERS):
                if s == me:
                    picks.append(card)
                elif s in rules:
                    picks.append(_habit_card(rules[s], s, hands, st, last))
                else:
                    held = sorted(hands[s])
                    picks.append(held[r.below(len(held))])
            rest = [list(h) for h in hands]
            st2 = _step(rest, st, picks)
            total += _playout(me, rules, rest, st2, tuple(picks), r)
        values[card] = total / len(seeds)
    return values


def _playout(me: int, rules: Mapping[int, Rule], hands: list[list[int]], st: int, last, r: Rng) -> float:
    while not _over(hands, st):
        picks = [
            _habit_card(rules[s], s, hands, st, last) if s in rules else hands[s][r.below(len(hands[s]))]
            for s in range(PLAYERS)
        ]
        st = _step(hands, st, picks)
        last = tuple(picks)
    return fast.payoffs(PLAYERS, st)[me]
