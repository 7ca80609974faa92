"""Bot levels against each other (``python -m babel match``): seeded games with the seats
rotating, so no level profits from sitting first, and a 95% interval on each level's win rate."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from babel.core.bots import BotRoster
from babel.core.protocol import Rules
from babel.core.simulate import Tally


def lineup(levels: Sequence[str], players: int) -> tuple[str, ...]:
    """The seats' levels before rotation: one per seat, or a hero and a field of the second."""
    if len(levels) == players:
        return tuple(levels)
    if len(levels) == 2:
        return (levels[0],) + (levels[1],) * (players - 1)
    raise ValueError(f"{players} players need 2 or {players} levels, not {len(levels)}")


def rotated(base: Sequence[str], game: int) -> tuple[str, ...]:
    """Game ``game``'s seating: the base lineup turned by one seat per game."""
    n = len(base)
    return tuple(base[(s - game) % n] for s in range(n))


def wilson(wins: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (shared wins count fractionally)."""
    if trials == 0:
        return (0.0, 1.0)
    p = wins / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


@dataclass
class LevelScore:
    level: str
    seat_games: int = 0  # one per seat of this level per game
    wins: float = 0.0

    def to_json(self, players: int) -> dict[str, Any]:
        low, high = wilson(self.wins, self.seat_games)
        return {
            "level": self.level,
            "seat_games": self.seat_games,
            "wins": round(self.wins, 3),
            "win_rate": round(self.wins / self.seat_games, 4) if self.seat_games else 0.0,
            "interval95": [round(low, 4), round(high, 4)],
            "even_share": round(1 / players, 4),
        }


@dataclass
class ContestSummary(Tally):
    lineup: tuple[str, ...] = ()
    scores: dict[str, LevelScore] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "lineup": list(self.lineup),
            "games": self.games,
            "levels": [s.to_json(self.players) for s in self.scores.values()],
            "shared_wins": self.shared,
            **self.extras_json(),
            "errors": self.errors,
        }


def contest(
    rules: Rules,
    players: int,
    games: int,
    seed: int,
    levels: Sequence[str],
    options: dict[str, Any] | None = None,
    bots: BotRoster | None = None,
) -> ContestSummary:
    """Play ``games`` seeded games with the lineup rotating one seat per game."""
    config = rules.make_config(players, **(options or {}))
    base = lineup(levels, players)
    summary = ContestSummary(game=rules.info.id, players=players, lineup=base)
    for level in base:
        summary.scores.setdefault(level, LevelScore(level))
    for g in range(games):
        seating = rotated(base, g)
        rec = summary.run(rules, config, seed + g, seating, bots=bots)
        if rec is None:
            continue
        winners = rec.outcome.winners
        for seat, level in enumerate(seating):
            score = summary.scores[level]
            score.seat_games += 1
            if seat in winners:
                score.wins += 1 / len(winners)
    summary.wins = [round(w, 3) for w in summary.wins]
    return summary
