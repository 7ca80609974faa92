"""The coach: what the strongest bot would do from one seat's view, with a one-line reason.

Every game has ``advise(view, legal) -> (action, reason)`` in ``babel/games/<id>/coach.py``,
next to its bots. Advice is a pure function of the view and the legal actions: the bot it asks
sees only that view, and its random stream is seeded by the view itself, so the same view
always gets the same advice and another seat's secrets can never change it (the leak battery in
tests/test_core_coach.py checks this for every game).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Sequence
from typing import Any

from babel.core import registry
from babel.core.bots import Budget
from babel.core.protocol import Rules
from babel.core.rng import Rng, seed_state

Advice = tuple[Any, str]

# The games' advisers, listed by hand (no discovery by import side effects).
ADVISERS = {
    "duel": "babel.games.duel.coach",
    "solitaire": "babel.games.solitaire.coach",
    "babel_on": "babel.games.babel_on.coach",
    "turmbau": "babel.games.turmbau.coach",
    "builders": "babel.games.builders.coach",
}


def adviser(game_id: str) -> Callable[[Any, Sequence[Any]], Advice] | None:
    """The game's ``advise`` function, or None for a game without a coach."""
    module = ADVISERS.get(game_id)
    return importlib.import_module(module).advise if module else None


def view_rng(rules: Rules, view: Any) -> Rng:
    """A random stream that depends on the view alone (never on the seed or hidden state)."""
    text = json.dumps(rules.view_to_json(view), sort_keys=True, separators=(",", ":"))
    return Rng(seed_state("coach", rules.info.id, text))


def strongest_choice(rules: Rules, view: Any, legal: Sequence[Any], budget: Budget | None = None) -> Any:
    """What the game's strongest bot level would play from ``view`` (its last level listed)."""
    if len(legal) == 1:
        return legal[0]
    roster = registry.bots(rules.info.id)
    bot = roster.make(roster.strongest)
    return bot.choose(view, list(legal), view_rng(rules, view), budget or Budget())


def sentence(what: str, why: str) -> str:
    """'What: why.' with the first letters in the right case (a name opening the reason, such as
    the cell A2, keeps its capital)."""
    what = what[:1].upper() + what[1:]
    if why[1:2].islower():
        why = why[:1].lower() + why[1:]
    return f"{what}: {why}" if why else what
