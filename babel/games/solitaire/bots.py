"""Bots for solitaire: random (every game has it), greedy and expert.

They see only the view and the legal actions, like every bot. The greedy bot is the "simple
greedy player" of the statistics tool; the expert bot plays the fair hint (with the standard
rules it draws everything first, which never loses anything, then plays the exact solution).
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.core.bots import BotLevel, BotRoster, Budget, RandomBot
from babel.core.rng import Rng
from babel.games.solitaire.actions import DRAW, FINISH, Action, Move
from babel.games.solitaire.hints import bot_choice
from babel.games.solitaire.model import SolitaireView
from babel.games.solitaire.solver import greedy_move


class GreedyBot:
    """Makes a move whenever one is possible (the greedy choice), draws otherwise."""

    def choose(self, view: SolitaireView, legal: Sequence[Action], rng: Rng, budget: Budget):
        moves = [(a.src, a.dst) for a in legal if isinstance(a, Move)]
        if moves:
            src, dst = greedy_move(view.tops, moves)
            return next(a for a in legal if isinstance(a, Move) and (a.src, a.dst) == (src, dst))
        if DRAW in legal:
            return DRAW
        return FINISH if FINISH in legal else legal[0]


class ExpertBot:
    """Plays the fair hint; the hint's sample count shrinks with a small iteration budget."""

    def choose(self, view: SolitaireView, legal: Sequence[Action], rng: Rng, budget: Budget):
        samples = None
        if budget.iterations is not None:
            samples = max(2, min(64, budget.iterations // 50))
        return bot_choice(view, legal, samples)


BOTS = BotRoster(
    levels=(
        BotLevel("random", "Random", RandomBot, blurb="plays any legal move; good for learning the rules."),
        BotLevel("greedy", "Greedy", GreedyBot, blurb="makes the move that looks best right now."),
        BotLevel(
            "expert",
            "Expert",
            ExpertBot,
            blurb="plays the fair hint: the best move over the orders the pile may hold.",
        ),
    )
)
