"""Match: the one driver of a game, used by scenes, tools and tests alike.

It holds the full state (scenes never do), the action log, per-seat event logs and undo back to
the last irreversible action (the states after each action are kept, so undo restores one instead
of replaying the game). A match is fully described by game, config, seed, seats and the action
log, which is exactly what a save stores.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from babel.core import registry
from babel.core.bots import Bot, BotRoster, Budget, bot_rng
from babel.core.protocol import ActionTextError, Config, Event, IllegalAction, Outcome, Rules, Step
from babel.core.rng import Rng


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a name, a bot level (None for a human), and the colour chosen at
    setup (an index into the front end's palette; None for the seat's default)."""

    name: str
    bot: str | None = None
    colour: int | None = None

    @property
    def human(self) -> bool:
        return self.bot is None


@dataclass(frozen=True)
class LoggedAction:
    seat: int
    text: str
    irreversible: bool


@dataclass(frozen=True)
class BotJob:
    """One bot decision, taken from the match on the caller's thread: the bot, the seat's view,
    its legal actions and the decision's random stream. A worker thread runs it without ever
    touching the live match, which may move on (an undo, a new game) meanwhile."""

    seat: int
    ply: int
    bot: Bot
    view: Any
    legal: tuple[Any, ...]
    rng_state: int

    def run(self, budget: Budget | None = None) -> Any:
        return self.bot.choose(self.view, self.legal, Rng(self.rng_state), budget or Budget())


class Match:
    """A game in progress: apply actions, ask views, undo, and replay from a log."""

    def __init__(
        self,
        rules: Rules,
        config: Config,
        seed: int,
        seats: Sequence[Seat],
        bots: BotRoster | None = None,
    ) -> None:
        if len(seats) != config.players:
            raise ValueError(f"{len(seats)} seats for a {config.players}-player game")
        self.rules = rules
        self.config = config
        self.seed = seed
        self.seats = tuple(seats)
        self.bots = bots if bots is not None else registry.bots(rules.info.id)
        self.log: list[LoggedAction] = []
        self.events: list[tuple[int, Event]] = []  # (ply, event)
        self._states: list[Any] = [rules.initial_state(config, seed)]  # after 0, 1, ... actions

    @property
    def state(self) -> Any:
        return self._states[-1]

    @state.setter
    def state(self, value: Any) -> None:
        """Set the current position (tests and tools setting up a scene); undo still returns to
        the states kept before it."""
        self._states[-1] = value

    # -- asking -------------------------------------------------------------------------
    @property
    def ply(self) -> int:
        return len(self.log)

    def to_act(self) -> tuple[int, ...]:
        return self.rules.to_act(self.state)

    def legal(self, seat: int) -> tuple[Any, ...]:
        return self.rules.legal_actions(self.state, seat)

    def view(self, seat: int | None) -> Any:
        return self.rules.view(self.state, seat)

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    @property
    def over(self) -> bool:
        return self.outcome() is not None

    def events_for(self, seat: int | None) -> list[tuple[int, Event]]:
        """The events ``seat`` may see, oldest first (a seat's log never shows others' secrets)."""
        return [(ply, ev) for ply, ev in self.events if ev.visible_to(seat)]

    # -- acting -------------------------------------------------------------------------
    def submit(self, seat: int, action: Any) -> Step:
        """Apply ``action`` for ``seat``; on IllegalAction nothing changes."""
        before = self.state
        step = self.rules.apply(before, seat, action)
        irreversible = getattr(step.state, "rng", None) != getattr(before, "rng", None) or any(
            ev.irreversible for ev in step.events
        )
        self.log.append(LoggedAction(seat, self.rules.action_text(action), irreversible))
        self._states.append(step.state)
        ply = len(self.log)
        self.events.extend((ply, ev) for ev in step.events)
        return step

    def submit_text(self, seat: int, text: str) -> Step:
        return self.submit(seat, self.rules.parse_action(text))

    def bot_job(self, seat: int) -> BotJob:
        """The seat's bot decision as an immutable snapshot (see ``BotJob``)."""
        level = self.seats[seat].bot or "random"
        legal = self.legal(seat)
        if not legal:
            raise IllegalAction(f"seat {seat + 1} has nothing to do")
        rng = bot_rng(self.seed, seat, self.ply)
        return BotJob(seat, self.ply, self.bots.make(level), self.view(seat), legal, rng.state)

    def bot_action(self, seat: int, budget: Budget | None = None) -> Any:
        """What the seat's bot would play now (pure: does not apply it)."""
        return self.bot_job(seat).run(budget)

    def play_bots(self, until: Callable[[Match], bool] | None = None, plies: int | None = None) -> int:
        """Let bots move for the seats to act (humans too, with the random bot: a set-up helper
        for tools and tests) until ``until(self)`` holds, ``plies`` moves were made, or the game
        is over. Returns the number of moves made."""
        made = 0
        while not self.over and (plies is None or made < plies) and not (until and until(self)):
            seat = self.to_act()[0]
            self.submit(seat, self.bot_action(seat))
            made += 1
        return made

    # -- undo -----------------------------------------------------------------------------
    def undo_point(self, seat: int, cross_irreversible: bool = False) -> int | None:
        """The log length to return to so that ``seat``'s last action is taken back, or None.

        Undo never crosses an irreversible action (one that used chance or revealed a secret),
        nor an action of another human: it takes back the seat's own move and any bot replies.
        ``cross_irreversible`` lifts the first limit, for a solitaire's practice mode only.
        """
        for i in range(len(self.log) - 1, -1, -1):
            entry = self.log[i]
            if entry.irreversible and not cross_irreversible:
                return None
            if entry.seat == seat:
                return i
            if self.seats[entry.seat].human:
                return None
        return None

    def undo(self, seat: int, cross_irreversible: bool = False) -> bool:
        point = self.undo_point(seat, cross_irreversible)
        if point is None:
            return False
        self._rewind(point)
        return True

    def _rewind(self, length: int) -> None:
        """Go back to the position after ``length`` actions: a kept state, no replay."""
        del self._states[length + 1 :]
        del self.log[length:]
        self.events = [(ply, ev) for ply, ev in self.events if ply <= length]

    # -- replay ---------------------------------------------------------------------------
    @classmethod
    def replay(
        cls,
        rules: Rules,
        config: Config,
        seed: int,
        seats: Sequence[Seat],
        actions: Sequence[tuple[int, str]],
    ) -> Match:
        """Rebuild a match from its log; raises ReplayError naming the first bad action."""
        match = cls(rules, config, seed, seats)
        for index, (seat, text) in enumerate(actions):
            if not 0 <= seat < len(match.seats):
                raise ReplayError(index, seat, text, no_such_seat(seat, len(match.seats)), len(match.seats))
            try:
                match.submit_text(seat, text)
            except IllegalAction as exc:
                raise ReplayError(index, seat, text, exc.reason) from exc
            except ActionTextError as exc:
                raise ReplayError(index, seat, text, str(exc)) from exc
        return match


def no_such_seat(seat: int, seats: int) -> str:
    """Why a seat index read from a file names no seat, in words that stay true for -1 or 99
    (it has no seat number to show: seats are shown counting from 1, files count from 0)."""
    numbers = "0" if seats == 1 else "0 and 1" if seats == 2 else f"0 to {seats - 1}"
    counted = f"{seats} seat{'s' if seats != 1 else ''}"
    return f"seat {seat}, which does not exist (the game has {counted}, numbered {numbers} in the file)"


class ReplayError(Exception):
    """An action in a log that the rules refuse when the log is replayed. Seats are shown
    counting from 1, as the table shows them; a seat index that names no seat is shown as it
    stands in the file (``seats``: how many the game has, when known)."""

    def __init__(self, index: int, seat: int, text: str, reason: str, seats: int | None = None) -> None:
        if seats is not None and not 0 <= seat < seats:
            message = f"action {index + 1} ('{text}') names {reason}"
        else:
            message = f"action {index + 1} (seat {seat + 1}: '{text}') is illegal: {reason}"
        super().__init__(message)
        self.index = index
        self.seat = seat
        self.text = text
        self.reason = reason
