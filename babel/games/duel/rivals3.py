"""Which rivals play like the expert, read from the public history (three players).

Every hand and every revealed card is public, and the steady and expert levels play pure
functions of the public position (their mixes), so any seat can replay what each level would
have played from any other seat in every round so far. The likelihood of the cards a seat
revealed under each level's mix gives the odds that the seat plays like the expert rather
than steady (Bayes, from even odds ``PRIOR``). The expert uses those odds to model a rival
that plays like itself as playing the expert's mix, not steady's: two experts at one table
otherwise answer the same wrong picture of each other and leave the third seat the gains.

The log-likelihood ratios are a pure function of the history, shared by every seat, and kept
between decisions (each decision adds only the round just revealed).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace

from babel.games.duel import fast
from babel.games.duel.model import DuelView
from babel.games.duel.panel import replay_contexts

PRIOR = 0.5  # the odds before any evidence that a seat plays like the expert
FLOOR = 0.05  # share of an even mix in each model: one card a model never plays is no proof
MEMO_LIMIT = 20_000

# a view -> per seat: its cards (one per class), steady's mix and the expert's mix from there
# (None where the round says nothing: the expert would answer a habit it reads)
Models = Callable[[DuelView], tuple[Sequence, Sequence, Sequence]]

_MEMO: dict[tuple, tuple[float, ...]] = {}


def view_before(view: DuelView, rounds: int) -> DuelView:
    """The view of the position before round ``rounds + 1`` of the view's history."""
    history = view.history[:rounds]
    hands, builder, die = replay_contexts(view.players, view.history[: rounds + 1])[rounds]
    scores = [0] * view.players
    for rec in history:
        if rec.winner is not None:
            scores[rec.winner] += rec.points
    return replace(
        view,
        round=rounds + 1,
        hands=hands,
        committed=(False,) * view.players,
        my_choice=None,
        builder=builder,
        die=die,
        scores=tuple(scores),
        history=history,
    )


def log_odds(view: DuelView, models: Models, key: tuple = ()) -> tuple[float, ...]:
    """Per seat, the log-likelihood ratio (expert over steady) of its revealed cards so far.
    ``key`` names everything else the models depend on (the budget)."""
    n = len(view.history)
    memo_key = (key, tuple(rec.cards for rec in view.history))
    got = _MEMO.get(memo_key)
    if got is not None:
        return got
    if n == 0:
        return (0.0,) * view.players
    before = log_odds(replace(view, history=view.history[:-1]), models, key)
    played = view.history[-1].cards
    out = list(before)
    cards, steady, expert = models(view_before(view, n - 1))
    for seat in range(view.players):
        k = fast.class_of(cards[seat], played[seat])
        if expert[seat] is None or k is None:
            continue
        even = FLOOR / len(cards[seat])
        e, s = expert[seat][k], steady[seat][k]
        out[seat] += math.log((1 - FLOOR) * e + even) - math.log((1 - FLOOR) * s + even)
    result = tuple(out)
    if len(_MEMO) > MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[memo_key] = result
    return result


def expert_odds(view: DuelView, models: Models, key: tuple = ()) -> tuple[float, ...]:
    """Per seat, the chance that it plays like the expert, given its revealed cards."""
    prior = math.log(PRIOR / (1 - PRIOR))
    return tuple(1 / (1 + math.exp(-max(-50.0, min(50.0, prior + llr)))) for llr in log_odds(view, models, key))
