"""Reading an opponent's habits from the cards it has revealed (public history only).

For every other seat, each candidate habit (the deterministic patterns of the panel, rules of
thumb (cheapest sure win, else the lowest card; the Joker on a rival die at 3+), and
"the card at a fixed place in its sorted hand") is replayed over the rounds so far: what would
that habit have played, given the hand, the die and the last reveal at the time? A habit that
predicted the seat's card in most rounds, including the last one, is *clear*; its prediction for
this round comes with a confidence that grows with the evidence (Laplace's rule).

The expert then blends its equilibrium strategy towards the best reply to the prediction, but
only as far as ``matrix.safe_mix`` allows: against every possible choice it keeps the
equilibrium value less a margin (what it has gained over an even game so far, plus a small
allowance, scaled by the confidence). A habit that stops predicting is dropped at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from babel.games.duel import panel
from babel.games.duel.model import JOKER

MIN_HITS = 2  # a habit needs at least this many correct predictions ...
MIN_RATE = 0.7  # ... this share of the rounds it was checked on, and the last round right
ALLOWANCE = 0.05  # win chance the expert may risk beyond its gains when a habit is clear


def _at(q: float) -> Callable:
    def rule(hand: Sequence[int], ctx: panel.Context, rng) -> int:
        r = sorted(c for c in hand if c != JOKER)
        if not r:
            return JOKER
        return r[round(q * (len(r) - 1))]

    return rule


def _second(hand: Sequence[int], ctx: panel.Context, rng) -> int:
    r = sorted(c for c in hand if c != JOKER)
    return r[1] if len(r) > 1 else r[0] if r else JOKER


def _cheap_win(hand: Sequence[int], ctx: panel.Context, rng) -> int:
    """Rules of thumb: the Joker on a rival's die at 3+, else the cheapest sure win, else the
    lowest card."""
    r = sorted(c for c in hand if c != JOKER)
    if not r or (JOKER in hand and ctx.rival_die >= 3):
        return JOKER
    need = ctx.rival_top if ctx.builder_me else ctx.rival_top + 1
    sure = [c for c in r if c >= need]
    return sure[0] if sure else r[0]


HABITS: dict[str, Callable] = {
    **{name: panel.RULES[name] for name in panel.DETERMINISTIC},
    "second": _second,
    "middle": _at(0.5),
    "cheap_win": _cheap_win,
}


class Read:
    """A clear habit of one seat: its name, the card it predicts now, the confidence."""

    __slots__ = ("name", "card", "confidence", "hits", "checked")

    def __init__(self, name: str, card: int, confidence: float, hits: int, checked: int) -> None:
        self.name, self.card, self.confidence, self.hits, self.checked = name, card, confidence, hits, checked


def read(view, seat: int) -> Read | None:
    """The clearest habit of ``seat`` in the view's history, or None."""
    history = view.history
    if len(history) < MIN_HITS:
        return None
    contexts = panel.replay_contexts(view.players, history)
    best: Read | None = None
    for name, rule in HABITS.items():
        hits = checked = 0
        last_hit = False
        for (hands, builder, die_value), rec, prev in zip(contexts, history, (None, *history[:-1])):
            hand = hands[seat]
            if len(hand) <= 1:
                continue
            ctx = panel.context(seat, builder, die_value, prev.cards if prev is not None else None, hands)
            guess = rule(hand, ctx, None)
            checked += 1
            last_hit = guess == rec.cards[seat]
            hits += last_hit
        if not last_hit or hits < MIN_HITS or hits < MIN_RATE * checked:
            continue
        ctx = panel.view_context_for(view, seat)
        card = rule(view.hands[seat], ctx, None)
        confidence = (hits + 1) / (checked + 2)
        if best is None or confidence > best.confidence:
            best = Read(name, card, confidence, hits, checked)
    return best
