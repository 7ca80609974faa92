"""Many seeded bot games with every check at every step (``python -m babel soak``): the game's
invariants, the text form and JSON round trips, legal actions only for seats to act, and no
view that depends on what its seat cannot know. A failure names the seed and the step."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from babel.core.bots import BotRoster
from babel.core.protocol import Rules, Step
from babel.core.rng import Rng, seed_state
from babel.core.simulate import Tally


class SoakFailure(AssertionError):
    """A check that failed at one step of one game."""


def step_problems(
    rules: Rules, players: int, before: Any, seat: int, action: Any, step: Step, leak: bool
) -> list[str]:
    """Everything wrong with one applied action; empty when every check holds."""
    problems = [f"invariant: {e}" for e in rules.invariant_errors(step.state)]
    text = rules.action_text(action)
    if rules.parse_action(text) != action:
        problems.append(f"action text '{text}' does not read back")
    if rules.why_illegal(before, seat, action) is not None:
        problems.append(f"a bot played '{text}', which why_illegal refuses")
    state = step.state
    if rules.state_from_json(rules.state_to_json(state)) != state:
        problems.append("the state does not survive a JSON round trip")
    acting = set(rules.to_act(state))
    for other in range(players):
        if other not in acting and rules.legal_actions(state, other):
            problems.append(f"seat {other + 1} has legal actions but is not to act")
    if leak:
        for s in sorted(acting):
            rng = Rng(seed_state("soak-leak", s, rules.digest(state)))
            if rules.view(rules.resample_hidden(state, s, rng), s) != rules.view(state, s):
                problems.append(f"seat {s + 1}'s view depends on what it cannot know")
    return problems


@dataclass
class StepChecker:
    """The hook ``play_game`` calls after each action: runs every check, raises on a failure."""

    rules: Rules
    players: int
    leak_every: int
    steps: int = 0

    def __call__(self, before: Any, seat: int, action: Any, step: Step) -> None:
        self.steps += 1
        leak = self.leak_every > 0 and self.steps % self.leak_every == 0
        problems = step_problems(self.rules, self.players, before, seat, action, step, leak)
        if problems:
            raise SoakFailure(f"step {self.steps}: " + "; ".join(problems))


@dataclass
class SoakSummary(Tally):
    levels: list[str] = field(default_factory=list)
    steps: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "levels": self.levels,
            "games": self.games,
            "steps_checked": self.steps,
            **self.extras_json(),
            "failures": self.errors,
        }


def soak(
    rules: Rules,
    players: int,
    games: int,
    seed: int,
    levels: Sequence[str],
    options: dict[str, Any] | None = None,
    bots: BotRoster | None = None,
    leak_every: int = 1,
) -> SoakSummary:
    """Play ``games`` seeded games, checking every step (the leak check every ``leak_every``
    steps: it redraws the hidden state, the dearest check)."""
    config = rules.make_config(players, **(options or {}))
    summary = SoakSummary(game=rules.info.id, players=players, levels=list(levels))
    for g in range(games):
        checker = StepChecker(rules, players, leak_every)
        summary.run(rules, config, seed + g, levels, bots=bots, on_step=checker)
        summary.steps += checker.steps
    summary.wins = [round(w, 3) for w in summary.wins]
    return summary
