"""Bots for solitaire: random (every game has it), greedy and expert.

They see only the view and the legal actions, like every bot. The greedy bot is the "simple
greedy player" of the statistics tool; the expert bot plays the fair hint (with the standard
rules it draws everything first, which never loses anything, then plays the exact solution).
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.core.bots import Budget, RandomBot
from babel.core.protocol import ConfigError
from babel.core.rng import Rng
from babel.games.solitaire.engine import DRAW, FINISH, Kind, SolitaireAction, SolitaireView
from babel.games.solitaire.solver import greedy_move


class GreedyBot:
    """Makes a move whenever one is possible (the greedy choice), draws otherwise."""

    def choose(self, view: SolitaireView, legal: Sequence[SolitaireAction], rng: Rng, budget: Budget):
        moves = [(a.src, a.dst) for a in legal if a.kind is Kind.MOVE]
        if moves:
            src, dst = greedy_move(view.tops, moves)
            return next(a for a in legal if a.kind is Kind.MOVE and (a.src, a.dst) == (src, dst))
        if DRAW in legal:
            return DRAW
        return FINISH if FINISH in legal else legal[0]


class ExpertBot:
    """Plays the fair hint; the hint's sample count shrinks with a small iteration budget."""

    def choose(self, view: SolitaireView, legal: Sequence[SolitaireAction], rng: Rng, budget: Budget):
        from babel.games.solitaire.hints import bot_choice

        samples = None
        if budget.iterations is not None:
            samples = max(2, min(64, budget.iterations // 50))
        return bot_choice(view, legal, samples)


def make_bot(level: str):
    if level == "random":
        return RandomBot()
    if level == "greedy":
        return GreedyBot()
    if level == "expert":
        return ExpertBot()
    raise ConfigError(f"Tower of Babel solitaire has no bot level '{level}'")
