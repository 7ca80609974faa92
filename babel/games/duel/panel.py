"""The pattern panel: fixed ways of playing a person might fall into, as bots.

Each pattern is a pure function of what the seat sees (``DuelView``); only ``random`` and
``joker6`` draw from the seat's random stream. They serve three purposes: test opponents that
the level matches seat (``python -m babel match duel``), the habits the expert looks for in an opponent's
revealed cards (``adapt``), and the novice's own plausible way of playing.

- ``lowest``: always the lowest card; the Joker last.
- ``highest``: always the highest card (Ace first); the Joker last.
- ``die``: the card matching the die's pips (the die shows 1 in the centre and at a new Builder:
  then the Ace, which counts one on a die's scale); when that card is gone the nearest above it,
  else the nearest below; the Joker last.
- ``above``: one above the opponent's last card: the lowest card that beats the highest card
  the others revealed last round (the lowest card in round 1 and when none beats it); Joker last.
- ``joker6``: saves the Joker for a rival Builder's six (plays it then), otherwise any other card
  at random.
- ``random``: any card at random.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from babel.core.rng import Rng
from babel.games.duel.actions import Play
from babel.games.duel.model import DIE_START, JOKER, SUIT, DuelView

PATTERNS = ("lowest", "highest", "die", "above", "joker6", "random")
# the patterns that never draw from the random stream: the habits ``adapt`` can predict
DETERMINISTIC = ("lowest", "highest", "die", "above")


def _ranks(hand: Sequence[int]) -> list[int]:
    return sorted(c for c in hand if c != JOKER)


def lowest(hand: Sequence[int], ctx: Context, rng: Rng | None) -> int:
    r = _ranks(hand)
    return r[0] if r else JOKER


def highest(hand: Sequence[int], ctx: Context, rng: Rng | None) -> int:
    r = _ranks(hand)
    return r[-1] if r else JOKER


def die(hand: Sequence[int], ctx: Context, rng: Rng | None) -> int:
    r = _ranks(hand)
    if not r:
        return JOKER
    target = 14 if ctx.die == 1 else ctx.die
    above = [c for c in r if c >= target]
    return above[0] if above else r[-1]


def above(hand: Sequence[int], ctx: Context, rng: Rng | None) -> int:
    r = _ranks(hand)
    if not r:
        return JOKER
    if ctx.last is None:
        return r[0]
    over = [c for c in r if c > ctx.last]
    return over[0] if over else r[0]


def joker6(hand: Sequence[int], ctx: Context, rng: Rng | None) -> int:
    r = _ranks(hand)
    if JOKER in hand and (not r or ctx.rival_six):
        return JOKER
    return rng.choice(r) if rng is not None else r[len(r) // 2]


def random_card(hand: Sequence[int], ctx: Context, rng: Rng | None) -> int:
    return rng.choice(sorted(hand)) if rng is not None else sorted(hand)[0]


class Context:
    """What a pattern looks at: the die, whether a rival Builder's die shows six, the highest
    card the others revealed last round (the Joker counts above the Ace), the rival Builder's die
    (0: no rival Builder), whether the seat is Builder, and the highest rank the others still
    hold (0 when not given)."""

    __slots__ = ("die", "rival_six", "last", "rival_die", "builder_me", "rival_top")

    def __init__(
        self,
        die: int,
        rival_six: bool,
        last: int | None,
        rival_die: int = 0,
        builder_me: bool = False,
        rival_top: int = 0,
    ) -> None:
        self.die, self.rival_six, self.last = die, rival_six, last
        self.rival_die, self.builder_me, self.rival_top = rival_die, builder_me, rival_top


def context(
    seat: int,
    builder: int | None,
    die_value: int,
    last_cards: Sequence[int] | None,
    hands: Sequence[Sequence[int]] | None = None,
) -> Context:
    last = None
    if last_cards is not None:
        others = [c for i, c in enumerate(last_cards) if i != seat]
        last = max(others) if others else None
    shown = die_value if builder is not None else DIE_START
    rival = builder is not None and builder != seat
    top = 0
    if hands is not None:
        top = max((c for i, h in enumerate(hands) if i != seat for c in h if c != JOKER), default=0)
    return Context(shown, rival and die_value == 6, last, die_value if rival else 0, builder == seat, top)


def view_context(view: DuelView) -> Context:
    return view_context_for(view, view.seat)


def view_context_for(view: DuelView, seat: int) -> Context:
    """The context of ``seat`` in a view (every seat's context is public)."""
    last = view.history[-1].cards if view.history else None
    return context(seat, view.builder, view.die, last, view.hands)


RULES: dict[str, Callable[[Sequence[int], Context, Rng | None], int]] = {
    "lowest": lowest,
    "highest": highest,
    "die": die,
    "above": above,
    "joker6": joker6,
    "random": random_card,
}


class PatternBot:
    """A bot that always follows one pattern of the panel."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.rule = RULES[name]

    def choose(self, view: DuelView, legal: Sequence[Play], rng: Rng, budget) -> Play:
        card = self.rule(view.hand, view_context(view), rng)
        for a in legal:
            if a.card == card:
                return a
        return legal[0]


def replay_contexts(players: int, history) -> list[tuple[tuple[tuple[int, ...], ...], int | None, int]]:
    """For each round of ``history``: the hands before it, the Builder and the die's value."""
    hands = [list(SUIT) for _ in range(players)]
    builder, die_value = None, DIE_START
    out = []
    for rec in history:
        out.append((tuple(tuple(h) for h in hands), builder, die_value))
        for h, c in zip(hands, rec.cards):
            h.remove(c)
        builder, die_value = rec.builder, rec.die
    return out
