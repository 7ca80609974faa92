"""Statistics of the history, per game and per person: games, wins, win rates by bot level and
player count, streaks, scores and time played. Pure functions of the history's summaries.

A person is a name at a seat played by a person (at this screen or on a phone); names can be
merged or renamed with aliases (``resolve``). A bot level for a game is the level of the bots
at its table ("mixed" when they differ, "no bots" for people only). Each game's score is read
as the game means it (``SCORES``); Babel Builders has teams and no scores.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from babel.core.history import GameSummary

NO_BOTS = "no bots"
MIXED = "mixed"
MAX_ALIAS_HOPS = 16


@dataclass(frozen=True)
class ScoreMeaning:
    """What a game's score is called and which way is better."""

    noun: str
    higher_is_better: bool = True

    def value(self, raw: float) -> float | None:
        """The score as players count it, or None for a seat that has none (eliminated)."""
        if raw < 0:
            return None
        return float(math.floor(raw)) if self.noun == "perfect floors" else raw


SCORES: Mapping[str, ScoreMeaning] = {
    "duel": ScoreMeaning("points"),
    "turmbau": ScoreMeaning("points"),
    "babel_on": ScoreMeaning("perfect floors"),
    "solitaire": ScoreMeaning("stacks left", higher_is_better=False),
}


@dataclass
class Tally:
    games: int = 0
    wins: int = 0

    @property
    def rate(self) -> float | None:
        return self.wins / self.games if self.games else None


@dataclass
class PersonStats:
    """One person's record at one game (or at every game, ``game`` = None)."""

    name: str
    game: str | None
    games: int = 0
    wins: int = 0
    by_level: dict[str, Tally] = field(default_factory=dict)
    by_players: dict[int, Tally] = field(default_factory=dict)
    current_streak: int = 0  # wins in a row up to the newest game
    best_streak: int = 0
    scores: list[float] = field(default_factory=list)  # oldest first
    played: float = 0.0  # seconds
    results: list[tuple[float, bool]] = field(default_factory=list)  # (finished, won), oldest first

    @property
    def rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def meaning(self) -> ScoreMeaning | None:
        return SCORES.get(self.game) if self.game else None

    @property
    def best_score(self) -> float | None:
        if not self.scores or self.meaning is None:
            return None
        return max(self.scores) if self.meaning.higher_is_better else min(self.scores)

    @property
    def average_score(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None


def resolve(name: str, aliases: Mapping[str, str]) -> str:
    """The name a person goes by now: aliases followed (a loop or a long chain stops)."""
    seen = {name}
    for _ in range(MAX_ALIAS_HOPS):
        nxt = aliases.get(name)
        if nxt is None or nxt in seen:
            return name
        seen.add(nxt)
        name = nxt
    return name


def table_level(summary: GameSummary) -> str:
    levels = {s.bot for s in summary.seats if s.bot is not None}
    if not levels:
        return NO_BOTS
    return levels.pop() if len(levels) == 1 else MIXED


def people(summaries: Iterable[GameSummary], aliases: Mapping[str, str] | None = None) -> list[str]:
    """Every person's name in the history, most games first (then by name)."""
    counts: dict[str, int] = {}
    for summary in summaries:
        for name in {resolve(s.name, aliases or {}) for s in summary.seats if s.bot is None}:
            counts[name] = counts.get(name, 0) + 1
    return sorted(counts, key=lambda n: (-counts[n], n.casefold(), n))


def person_stats(
    summaries: Sequence[GameSummary],
    name: str,
    game: str | None = None,
    aliases: Mapping[str, str] | None = None,
    practice: bool = False,
) -> PersonStats:
    """``name``'s record at ``game`` (None: every game). The solitaire's practice games are
    counted apart: only they with ``practice``, never otherwise."""
    aliases = aliases or {}
    out = PersonStats(name, game)
    streak = 0
    for summary in sorted(summaries, key=lambda s: (s.finished, s.key)):
        if (game is not None and summary.game != game) or summary.practice != practice:
            continue
        mine = [i for i, s in enumerate(summary.seats) if s.bot is None and resolve(s.name, aliases) == name]
        if not mine:
            continue
        won = any(summary.seats[i].won for i in mine)
        out.games += 1
        out.wins += won
        out.played += summary.played
        out.results.append((summary.finished, won))
        for key, table in ((table_level(summary), out.by_level), (summary.players, out.by_players)):
            tally = table.setdefault(key, Tally())
            tally.games += 1
            tally.wins += won
        streak = streak + 1 if won else 0
        out.best_streak = max(out.best_streak, streak)
        meaning = SCORES.get(summary.game)
        if game is not None and meaning is not None:
            raw = summary.seats[mine[0]].score
            value = None if raw is None else meaning.value(raw)
            if value is not None:
                out.scores.append(value)
    out.current_streak = streak
    return out


def win_rate_over_time(results: Sequence[tuple[float, bool]], window: int = 10) -> list[float]:
    """The win rate over the last ``window`` games after each game (a chart's points)."""
    out = []
    for i in range(len(results)):
        part = results[max(0, i + 1 - window) : i + 1]
        out.append(sum(1 for _, won in part if won) / len(part))
    return out


def histogram(values: Sequence[float], bins: int = 10) -> list[tuple[float, float, int]]:
    """(low, high, count) bins over the values; whole-number scores get one bin per value
    when there are few of them."""
    if not values:
        return []
    low, high = min(values), max(values)
    if all(float(v).is_integer() for v in values):  # whole numbers: bins of whole widths
        step = max(1, math.ceil((high - low + 1) / (16 if high - low < 16 else bins)))
        edges = range(int(low), int(high) + 1, step)
        return [(e, e + step - 1, sum(1 for x in values if e <= x <= e + step - 1)) for e in edges]
    if high == low:
        return [(low, high, len(values))]
    width = (high - low) / bins
    counts = [0] * bins
    for v in values:
        counts[min(bins - 1, int((v - low) / width))] += 1
    return [(low + i * width, low + (i + 1) * width, c) for i, c in enumerate(counts)]
