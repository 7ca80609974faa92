"""Bot-vs-bot games through the protocol, for the CLI, tools and tests."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from babel.core.bots import Budget, bot_rng
from babel.core.protocol import Config, Outcome, Rules

MAX_PLIES = 100_000  # a game longer than this is reported as an error (it would never end)


@dataclass
class GameRecord:
    seed: int
    outcome: Outcome
    plies: int


def play_game(
    rules: Rules,
    config: Config,
    seed: int,
    levels: Sequence[str],
    budget: Budget | None = None,
) -> GameRecord:
    """Play one game with the given bot level per seat; deterministic in ``seed``."""
    bots = [rules.make_bot(level) for level in levels]
    state = rules.initial_state(config, seed)
    plies = 0
    budget = budget or Budget()
    while True:
        result = rules.outcome(state)
        if result is not None:
            return GameRecord(seed, result, plies)
        seats = rules.to_act(state)
        if not seats:
            raise RuntimeError("no seat to act but the game is not over")
        seat = seats[0]
        legal = rules.legal_actions(state, seat)
        action = bots[seat].choose(rules.view(state, seat), legal, bot_rng(seed, seat, plies), budget)
        state = rules.apply(state, seat, action).state
        plies += 1
        if plies > MAX_PLIES:
            raise RuntimeError(f"game did not end within {MAX_PLIES} actions")


@dataclass
class SimSummary:
    game: str
    players: int
    levels: list[str]
    games: int = 0
    wins: list[float] = field(default_factory=list)
    shared: int = 0
    total_plies: int = 0
    endings: dict[str, int] = field(default_factory=dict)
    teams: dict[str, int] = field(default_factory=dict)
    stats: dict[str, int] = field(default_factory=dict)
    errors: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "levels": self.levels,
            "games": self.games,
            "wins": self.wins,
            "shared_wins": self.shared,
            "mean_length": round(self.total_plies / self.games, 2) if self.games else 0,
            **({"endings": dict(sorted(self.endings.items()))} if self.endings else {}),
            **({"teams": dict(sorted(self.teams.items()))} if self.teams else {}),
            **({"stats": dict(sorted(self.stats.items()))} if self.stats else {}),
            "errors": self.errors,
        }


def simulate(
    rules: Rules,
    players: int,
    games: int,
    seed: int,
    levels: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
) -> SimSummary:
    """Play ``games`` seeded games (seeds seed, seed+1, ...). A win shared by k seats counts
    1/k for each, so the wins add up to the number of finished games."""
    config = rules.make_config(players, **(options or {}))
    levels = list(levels or [rules.info.bot_levels[0]] * players)
    summary = SimSummary(rules.info.id, players, levels, wins=[0.0] * players)
    for g in range(games):
        game_seed = seed + g
        try:
            rec = play_game(rules, config, game_seed, levels)
        except Exception as exc:  # a sim reports every failure instead of stopping at the first
            summary.errors.append({"seed": game_seed, "error": f"{type(exc).__name__}: {exc}"})
            continue
        summary.games += 1
        summary.total_plies += rec.plies
        winners = rec.outcome.winners
        if len(winners) > 1:
            summary.shared += 1
        for w in winners:
            summary.wins[w] += 1 / len(winners)
        if rec.outcome.ending:
            summary.endings[rec.outcome.ending] = summary.endings.get(rec.outcome.ending, 0) + 1
        if rec.outcome.team:
            summary.teams[rec.outcome.team] = summary.teams.get(rec.outcome.team, 0) + 1
        for key, n in rec.outcome.stats.items():
            summary.stats[key] = summary.stats.get(key, 0) + n
    summary.wins = [round(w, 3) for w in summary.wins]
    return summary
