"""The coach's review of a finished game: for one seat, the moments where the strongest bot would
have played differently, with what the choice cost, largest first.

Everything is judged from that seat's view at the time, never from the state: the coach's advice
(``babel.core.coach``) is asked of the seat's view, and a choice's worth is estimated by playing
the game out from positions drawn from that view (``Rules.determinize``), once with the move the
seat made and once with the coach's, on the same draws and the same random streams, so only the
move differs. The worth is the seat's share of the win (a shared win splits it), or in the
solitaire the stacks left. In Babel On! the review also names the riskiest placements: the
chance, shown before the move, that it knocks the tower over.

Pure and deterministic (the streams are seeded by the game and the move); the caller runs it on
a thread of its own and may stop it between moves (``should_stop``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from babel.core import coach, registry
from babel.core.bots import Budget
from babel.core.match import Match
from babel.core.rng import Rng, seed_state

ROLLOUT_LEVEL = {  # the quick bot that plays each game out (measured: 1-350 ms a game)
    "duel": "expert",
    "solitaire": "greedy",
    "babel_on": "novice",
    "turmbau": "steady",
    "builders": "shrewd",
}
ROLLOUTS = {"babel_on": 6, "turmbau": 8}  # draws per move (their playouts are the slow ones)
DEFAULT_ROLLOUTS = 16
RISK = {"babel_on": "babel.games.babel_on.preview"}  # games whose moves carry a knock-over risk
SHOWN = 5  # moments shown, largest first
MIN_COST = 0.04  # a smaller estimated loss is noise at this many draws
RISKY = 0.25  # a placement this likely to knock the tower over is named


@dataclass(frozen=True)
class Moment:
    """One move the review names: before ``ply`` actions, ``seat`` played ``played``."""

    ply: int
    seat: int
    played: str
    better: str  # the coach's move ("" for a risky placement)
    cost: float  # estimated loss: share of a win, or stacks left
    unit: str  # "win" or "stacks"
    why: str

    def line(self, names: list[str] | None = None) -> str:
        """'Move 12 · you: X · the coach: Y · about 18 more games lost in 100. Why.', with the
        seats' names for <P0>, <P1> ..."""
        if not self.better:
            text = f"Move {self.ply + 1} · you: {self.played} · {self.why}"
        else:
            if self.unit == "win":
                cost = f"about {round(100 * self.cost)} more games lost in 100"
            else:
                cost = f"about {self.cost:.1f} more {'stack' if round(self.cost, 1) == 1 else 'stacks'} left"
            text = f"Move {self.ply + 1} · you: {self.played} · the coach: {self.better} · {cost}. {self.why}"
        for seat, name in enumerate(names or ()):
            text = text.replace(f"<P{seat}>", name)
        return text


@dataclass
class Progress:
    done: int = 0
    total: int = 0


def decisions(match: Match, seat: int) -> list[int]:
    """The plies (positions before a move) where ``seat`` moved, in order."""
    return [i for i, entry in enumerate(match.log) if entry.seat == seat]


def review(
    match: Match,
    seat: int,
    should_stop: Callable[[], bool] = lambda: False,
    progress: Progress | None = None,
    rollouts: int | None = None,
) -> list[Moment]:
    """The review of ``seat``'s moves in the finished ``match`` (its log replayed to the end):
    at most ``SHOWN`` moments, largest estimated loss first; what was found so far if stopped."""
    rules = match.rules
    game = rules.info.id
    advise = coach.adviser(game)
    risk = importlib.import_module(RISK[game]) if game in RISK else None
    plies = decisions(match, seat)
    progress = progress if progress is not None else Progress()
    progress.total = len(plies)
    n = rollouts or ROLLOUTS.get(game, DEFAULT_ROLLOUTS)
    found: list[Moment] = []
    for ply in plies:
        if should_stop():
            break
        before = match.at_ply(ply)
        view, legal = before.view(seat), before.legal(seat)
        played = rules.parse_action(match.log[ply].text)
        if risk is not None:
            chance = risk.knock_risk(view, played)
            if chance >= RISKY:
                found.append(Moment(ply, seat, rules.action_text(played), "", chance, "risk",
                                    f"with a {round(100 * chance)}% chance of knocking the tower over"))
        if advise is not None and len(legal) > 1:
            better, why = advise(view, legal)
            if better != played:
                cost, unit = _cost(rules, view, seat, played, better, n, (game, match.seed, ply))
                if cost >= MIN_COST:
                    found.append(Moment(ply, seat, rules.action_text(played), rules.action_text(better),
                                        cost, unit, why))
        progress.done += 1
    found.sort(key=lambda m: (-_weight(m), m.ply))
    return found[:SHOWN]


def _weight(m: Moment) -> float:
    """How large a moment is, across kinds: a share of a win, a risk, or a fifth per stack."""
    return m.cost / 5 if m.unit == "stacks" else m.cost


def _cost(rules, view, seat: int, played, better, n: int, key: tuple) -> tuple[float, str]:
    """How much ``played`` lost against ``better`` over ``n`` draws from ``view``: the mean loss
    when it is clear, else 0. Clear means more than two standard errors above nothing, so luck
    (a die that fell one way in a few playouts) is never called a mistake."""
    game = rules.info.id
    unit = "stacks" if game == "solitaire" else "win"
    losses = []
    for i in range(n):
        state = rules.determinize(view, seat, Rng(seed_state("review-draw", *key, i)))
        worth = [_playout(rules, state, seat, action, Rng(seed_state("review-play", *key, i)))
                 for action in (played, better)]
        losses.append(worth[1] - worth[0] if unit == "win" else worth[0] - worth[1])
    mean = sum(losses) / n
    spread = (sum((x - mean) ** 2 for x in losses) / max(1, n - 1)) ** 0.5
    return (mean if mean > 2 * spread / n**0.5 else 0.0), unit


def _playout(rules, state, seat: int, action: Any, rng: Rng) -> float:
    """The seat's worth after ``action`` and quick bots to the end: its share of the win, or in
    the solitaire the stacks left."""
    bot = registry.bots(rules.info.id).make(ROLLOUT_LEVEL.get(rules.info.id, "random"))
    state = rules.apply(state, seat, action).state
    while (outcome := rules.outcome(state)) is None:
        mover = rules.to_act(state)[0]
        legal = rules.legal_actions(state, mover)
        choice = legal[0] if len(legal) == 1 else bot.choose(rules.view(state, mover), list(legal), rng, Budget())
        state = rules.apply(state, mover, choice).state
    if rules.info.id == "solitaire":
        return outcome.scores[0] if outcome.scores else 0.0
    return 1 / len(outcome.winners) if seat in outcome.winners else 0.0
