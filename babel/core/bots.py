"""The bot interface shared by all games, and the random bot every game offers.

A bot sees only its seat's view and the legal actions, so it cannot cheat. Search budgets are
counted in iterations so bot games are reproducible; the front end may add a wall-clock cap
through ``Budget.should_stop``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
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


@dataclass(frozen=True)
class BotLevel:
    """One level of a game's bots: its id (saves and the command line), the name the table
    shows, a maker, and whether the table offers it (test panels are accepted but not offered)."""

    id: str
    name: str
    make: Callable[[], Bot]
    blurb: str = ""
    offered: bool = True


class UnknownLevel(ValueError):
    """A bot level a game does not have (a typo on the command line, a save from elsewhere)."""


@dataclass(frozen=True)
class BotRoster:
    """A game's bots: its levels, weakest offered first, and the older ids saves may still hold.

    The registry keeps one roster per game beside its rules, so the rules never import their bots.
    'random' is always accepted: every game can be played by uniformly random seats.
    """

    levels: tuple[BotLevel, ...]
    aliases: Mapping[str, str] = field(default_factory=dict)  # older id -> current id

    @property
    def offered(self) -> tuple[str, ...]:
        """The ids the table offers, weakest first."""
        return tuple(lv.id for lv in self.levels if lv.offered)

    @property
    def all_ids(self) -> tuple[str, ...]:
        """Every id the command line lists: the offered ones, then the unoffered ones."""
        return self.offered + tuple(lv.id for lv in self.levels if not lv.offered)

    @property
    def strongest(self) -> str:
        return self.offered[-1]

    def level(self, level_id: str) -> BotLevel | None:
        """The level ``level_id`` (current or older id), or None; ``level_id`` may be any text."""
        if not isinstance(level_id, str):
            return None
        level_id = self.aliases.get(level_id, level_id)
        for lv in self.levels:
            if lv.id == level_id:
                return lv
        if level_id == "random":
            return BotLevel("random", "Random", RandomBot, offered=False)
        return None

    def knows(self, level_id: str) -> bool:
        return self.level(level_id) is not None

    def name(self, level_id: str) -> str:
        lv = self.level(level_id)
        return lv.name if lv is not None else str(level_id)

    def make(self, level_id: str) -> Bot:
        lv = self.level(level_id)
        if lv is None:
            raise UnknownLevel(f"no bot level '{str(level_id)[:30]}' (levels: {', '.join(self.all_ids)})")
        return lv.make()
