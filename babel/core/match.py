"""Match: the one driver of a game, used by scenes, tools and tests alike.

It holds the full state (scenes never do), the action log, per-seat event logs and undo back to
the last irreversible action (the states after each action are kept, so undo restores one instead
of replaying the game). A match is fully described by game, config, seed, seats and the action
log, which is exactly what a save stores.

A match tells its subscribers of every change (a step, an undo, a reseating, a new position or
its replacement by a rematch), so a front end that did not make the change (a phone seat's
server, beside the desktop table) can follow it. Everything that changes a match, and every
callback, runs on one thread (the front end's loop); other threads hand actions in through a
queue and take snapshots out (see ``scenes.match_controller``).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from dataclasses import replace as dc_replace
from typing import Any, Literal

from babel.core import registry
from babel.core.bots import Bot, BotRoster, Budget, bot_rng
from babel.core.protocol import ActionTextError, Config, Event, IllegalAction, Outcome, Rules, Step
from babel.core.rng import Rng

SCREEN, DEVICE, BOT = "screen", "device", "bot"  # where a seat is played (``Seat.place``)
ChangeKind = Literal["step", "undo", "reset", "seats", "replaced"]

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a name, a bot level (None for a person), the colour chosen at setup
    (an index into the front end's palette; None for the seat's default), and for a person
    whether they play on a device of their own (a phone) instead of at this screen."""

    name: str
    bot: str | None = None
    colour: int | None = None
    device: bool = False

    def __post_init__(self) -> None:
        if self.device and self.bot is not None:
            raise ValueError("a bot seat is not played on a device")

    @property
    def human(self) -> bool:
        """A person plays this seat, at this screen or on a device."""
        return self.bot is None

    @property
    def place(self) -> str:
        """Where the seat is played: SCREEN, DEVICE or BOT."""
        return BOT if self.bot is not None else DEVICE if self.device else SCREEN

    @property
    def at_screen(self) -> bool:
        """A person at this screen: only these seats share the screen (and its curtain)."""
        return self.bot is None and not self.device

    def placed(self, place: str) -> Seat:
        """This seat played at ``place``: SCREEN, DEVICE or a bot level (name and colour kept)."""
        if place == SCREEN:
            return dc_replace(self, bot=None, device=False)
        if place == DEVICE:
            return dc_replace(self, bot=None, device=True)
        if not place or place == BOT:
            raise ValueError(f"not a seat place or bot level: {place!r}")
        return dc_replace(self, bot=place, device=False)


@dataclass(frozen=True)
class Change:
    """What just changed in a match, handed to its subscribers on the match's thread.

    ``kind``: "step" (``seat`` acted; ``events`` are all the step's events, secret ones too: a
    subscriber shows a seat only those ``visible_to`` it, see ``events_for``), "undo" (the match
    went back to ``ply`` actions), "reset" (a new position: a fresh game or one set by a tool),
    "seats" (``seat`` is now played elsewhere: read ``match.seats``) or "replaced" (a rematch:
    ``match`` is the new match, which the subscription now follows). ``match`` is the match to
    read from now; read it only inside the callback, on the match's thread."""

    kind: ChangeKind
    ply: int
    seat: int | None = None
    events: tuple[Event, ...] = ()
    match: Match | None = field(default=None, compare=False, repr=False)

    def events_for(self, seat: int | None) -> tuple[Event, ...]:
        """The events of this change that ``seat`` may see (None: the public ones)."""
        return tuple(ev for ev in self.events if ev.visible_to(seat))


Subscriber = Callable[[Change], None]


class Subscribers:
    """A match's subscribers. Adding and removing are safe from any thread; callbacks are called
    on the thread that changes the match. A callback that raises is dropped (logged) and the
    others are still told: a broken front end must not stop the game or the other front ends,
    and one that missed a change cannot follow the match any more."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._callbacks: list[Subscriber] = []
        self._moved_to: Subscribers | None = None  # where ``absorb`` took the callbacks

    def add(self, callback: Subscriber) -> Callable[[], None]:
        with self._lock:
            self._callbacks.append(callback)

        def unsubscribe() -> None:
            self.discard(callback)

        return unsubscribe

    def discard(self, callback: Subscriber) -> None:
        """Stop calling ``callback`` (also where a rematch took it)."""
        with self._lock:
            if callback in self._callbacks:
                self._callbacks.remove(callback)
            moved = self._moved_to
        if moved is not None:
            moved.discard(callback)

    def absorb(self, other: Subscribers) -> None:
        """Take ``other``'s callbacks (a rematch); they are told by this object from now on."""
        with self._lock, other._lock:
            self._callbacks[:0] = [cb for cb in other._callbacks if cb not in self._callbacks]
            other._callbacks.clear()
            other._moved_to = self

    def __len__(self) -> int:
        return len(self._callbacks)

    def notify(self, change: Change) -> None:
        with self._lock:
            callbacks = list(self._callbacks)
        for callback in callbacks:
            try:
                callback(change)
            except Exception:
                _log.exception("a match subscriber failed on a %s change and was dropped", change.kind)
                self.discard(callback)


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


@dataclass(frozen=True)
class SeatSnapshot:
    """What one seat may know now, taken on the match's thread and handed to another one (a
    phone seat's server): the seat's view, its legal actions as text (actions cross threads and
    the wire only as ``action_text``), and the events it may see after ply ``since``."""

    seat: int | None
    ply: int
    view: Any
    legal: tuple[str, ...]
    events: tuple[tuple[int, Event], ...]
    over: bool


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
        self.subscribers = Subscribers()

    @property
    def state(self) -> Any:
        return self._states[-1]

    @state.setter
    def state(self, value: Any) -> None:
        """Set the current position (tests and tools setting up a scene); undo still returns to
        the states kept before it."""
        self._states[-1] = value
        self._tell("reset")

    # -- subscribers ----------------------------------------------------------------------
    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(change)`` after every change of this match (see ``Change``), on the
        thread that changes it; returns the function that ends the subscription. A rematch
        hands the subscription on to the new match (a "replaced" change)."""
        return self.subscribers.add(callback)

    def _tell(self, kind: ChangeKind, seat: int | None = None, events: tuple[Event, ...] = ()) -> None:
        if len(self.subscribers):
            self.subscribers.notify(Change(kind, self.ply, seat, events, self))

    def replaced_by(self, new: Match) -> None:
        """``new`` (a rematch, a new deal) takes this match's place: this match's subscribers
        follow it and are told with a "replaced" change carrying it."""
        new.subscribers.absorb(self.subscribers)
        new._tell("replaced")

    def reseat(self, seat: int, new: Seat) -> None:
        """Play ``seat`` elsewhere (at the screen, on a device, by a bot level): the seat is
        replaced (seats are a tuple) and subscribers get a "seats" change."""
        if not 0 <= seat < len(self.seats):
            raise ValueError(f"no seat {seat + 1} in a {len(self.seats)}-player game")
        if new == self.seats[seat]:
            return
        seats = list(self.seats)
        seats[seat] = new
        self.seats = tuple(seats)
        self._tell("seats", seat)

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

    def snapshot(self, seat: int | None, since: int = 0) -> SeatSnapshot:
        """An immutable picture of what ``seat`` may know (None: the public), events after ply
        ``since`` only. Call it on the match's thread (in a subscriber, say)."""
        legal = self.legal(seat) if seat is not None else ()
        events = tuple((ply, ev) for ply, ev in self.events if ply > since and ev.visible_to(seat))
        texts = tuple(self.rules.action_text(a) for a in legal)
        return SeatSnapshot(seat, self.ply, self.view(seat), texts, events, self.over)

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
        self._tell("step", seat, tuple(step.events))
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
        self._rewind(point, seat)
        return True

    def _rewind(self, length: int, seat: int | None = None) -> None:
        """Go back to the position after ``length`` actions: a kept state, no replay."""
        del self._states[length + 1 :]
        del self.log[length:]
        self.events = [(ply, ev) for ply, ev in self.events if ply <= length]
        self._tell("undo", seat)

    def at_ply(self, length: int) -> Match:
        """A new match standing after this one's first ``length`` actions (kept states, no
        replay): a replay steps back and jumps with it. Subscribers are not copied."""
        if not 0 <= length <= self.ply:
            raise ValueError(f"no position after {length} actions in a game of {self.ply}")
        copy = Match(self.rules, self.config, self.seed, self.seats, self.bots)
        copy._states = self._states[: length + 1]
        copy.log = self.log[:length]
        copy.events = [(ply, ev) for ply, ev in self.events if ply <= length]
        return copy

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
