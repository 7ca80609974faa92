"""The one playout loop: bot-vs-bot games through the protocol, for the command line (``sim``,
``match``, ``soak``), tools and tests. Callers that need to look at every step pass a hook."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from babel.core.bots import Bot, BotRoster, Budget, bot_rng
from babel.core.protocol import Config, Outcome, Rules, Step

MAX_PLIES = 100_000  # a game longer than this is reported as an error (it would never end)

# Called after every applied action: (state before, seat, action, step).
StepHook = Callable[[Any, int, Any, Step], None]


@dataclass
class GameRecord:
    seed: int
    outcome: Outcome
    plies: int
    levels: tuple[str, ...] = ()
    state: Any = None  # the final state, for tools that measure more than the outcome


def play_game(
    rules: Rules,
    config: Config,
    seed: int,
    levels: Sequence[str],
    budget: Budget | None = None,
    *,
    bots: BotRoster | None = None,
    on_step: StepHook | None = None,
    agents: Sequence[Bot] | None = None,
) -> GameRecord:
    """Play one game with the given bot level per seat (or the given bots: ``agents``, for
    tools that build their own); deterministic in ``seed``."""
    if agents is None:
        if bots is None:
            from babel.core import registry

            bots = registry.bots(rules.info.id)
        agents = [bots.make(level) for level in levels]
    players = list(agents)
    state = rules.initial_state(config, seed)
    plies = 0
    budget = budget or Budget()
    while True:
        result = rules.outcome(state)
        if result is not None:
            return GameRecord(seed, result, plies, tuple(levels), state)
        seats = rules.to_act(state)
        if not seats:
            raise RuntimeError("no seat to act but the game is not over")
        seat = seats[0]
        legal = rules.legal_actions(state, seat)
        action = players[seat].choose(rules.view(state, seat), legal, bot_rng(seed, seat, plies), budget)
        step = rules.apply(state, seat, action)
        if on_step is not None:
            on_step(state, seat, action, step)
        state = step.state
        plies += 1
        if plies > MAX_PLIES:
            raise RuntimeError(f"game did not end within {MAX_PLIES} actions")


@dataclass
class Tally:
    """What many games add up to: wins per seat, how games ended, the winning teams, and the
    per-game counts (``Outcome.stats``)."""

    game: str = ""
    players: int = 0
    games: int = 0
    wins: list[float] = field(default_factory=list)
    shared: int = 0
    total_plies: int = 0
    endings: dict[str, int] = field(default_factory=dict)
    teams: dict[str, int] = field(default_factory=dict)
    stats: dict[str, int] = field(default_factory=dict)
    errors: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.wins = self.wins or [0.0] * self.players

    def run(
        self, rules: Rules, config: Config, seed: int, levels: Sequence[str], **play: Any
    ) -> GameRecord | None:
        """Play one game into the tally (``play``: ``play_game``'s keywords); a failure is kept
        with its seed and the series goes on."""
        try:
            rec = play_game(rules, config, seed, levels, **play)
        except Exception as exc:  # a series reports every failure instead of stopping at the first
            self.errors.append({"seed": seed, "error": f"{type(exc).__name__}: {exc}"[:500]})
            return None
        self.add(rec)
        return rec

    def add(self, rec: GameRecord) -> None:
        self.games += 1
        self.total_plies += rec.plies
        winners = rec.outcome.winners
        if len(winners) > 1:
            self.shared += 1
        for w in winners:
            self.wins[w] += 1 / len(winners)
        _count(self.endings, rec.outcome.ending)
        _count(self.teams, rec.outcome.team)
        for key, n in rec.outcome.stats.items():
            self.stats[key] = self.stats.get(key, 0) + n

    def extras_json(self) -> dict[str, Any]:
        return {
            "mean_length": round(self.total_plies / self.games, 2) if self.games else 0,
            **({"endings": dict(sorted(self.endings.items()))} if self.endings else {}),
            **({"teams": dict(sorted(self.teams.items()))} if self.teams else {}),
            **({"stats": dict(sorted(self.stats.items()))} if self.stats else {}),
        }


def _count(counts: dict[str, int], key: str) -> None:
    if key:
        counts[key] = counts.get(key, 0) + 1


@dataclass
class SimSummary(Tally):
    levels: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "levels": self.levels,
            "games": self.games,
            "wins": self.wins,
            "shared_wins": self.shared,
            **self.extras_json(),
            "errors": self.errors,
        }


def simulate(
    rules: Rules,
    players: int,
    games: int,
    seed: int,
    levels: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    bots: BotRoster | None = None,
) -> SimSummary:
    """Play ``games`` seeded games (seeds seed, seed+1, ...). A win shared by k seats counts
    1/k for each, so the wins add up to the number of finished games."""
    if bots is None:
        from babel.core import registry

        bots = registry.bots(rules.info.id)
    config = rules.make_config(players, **(options or {}))
    levels = list(levels or [bots.offered[0]] * players)
    summary = SimSummary(game=rules.info.id, players=players, levels=levels)
    for g in range(games):
        summary.run(rules, config, seed + g, levels, bots=bots)
    summary.wins = [round(w, 3) for w in summary.wins]
    return summary
