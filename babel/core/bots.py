"""The bot interface shared by all games, and the random bot every game offers.

A bot sees only its seat's view and the legal actions, so it cannot cheat. Search budgets are
counted in iterations so bot games are reproducible; the front end may add a wall-clock cap
through ``Budget.should_stop``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from babel.core.rng import Rng, seed_state


@dataclass(frozen=True)
class Budget:
    """How hard a bot may think: an iteration count, and an optional early-stop check."""

    iterations: int | None = None
    should_stop: Callable[[], bool] | None = None

    def stop(self) -> bool:
        return self.should_stop is not None and self.should_stop()


class Bot(Protocol):
    def choose(self, view: Any, legal: Sequence[Any], rng: Rng, budget: Budget) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    def choose(self, view: Any, legal: Sequence[Any], rng: Rng, budget: Budget) -> Any:
        return rng.choice(legal)


def bot_rng(seed: int, seat: int, ply: int) -> Rng:
    """The random stream a bot uses for one decision: a pure function of game, seat and move."""
    return Rng(seed_state(seed, "bot", seat, ply))
