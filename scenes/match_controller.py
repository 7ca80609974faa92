"""MatchController: runs a Match for one screen.

It decides which seat the screen belongs to, asks bots for their moves on a worker thread (so the
window stays responsive), paces them so a person can follow, autosaves after every action, and
says when the screen must pass to another human. The worker gets an immutable ``BotJob`` taken
from the match on the main thread, never the live match.

Seats played on a device (a phone) are neither the screen's nor bots: their actions arrive from
another thread through the controller's ``inbox`` as text, and the loop's thread reads, checks
and applies them (``take_remote``), so the match is only ever changed on that one thread.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from babel.core.bots import Budget
from babel.core.match import DEVICE, SCREEN, Match
from babel.core.protocol import ActionTextError, IllegalAction
from babel.core.saves import SaveStore
from scenes.core import wake

BOT_TIME_CAP = 2.5  # seconds a bot may think before it must answer with its best so far
MAX_ACTION_TEXT = 10_000  # characters: longer text from a device is no action (as in a save)

_log = logging.getLogger(__name__)
_executor: ThreadPoolExecutor | None = None
_hint_lock = threading.Lock()
_queued_hint: Future | None = None  # the one hint job waiting for the worker, if any


def bot_executor() -> ThreadPoolExecutor:
    global _executor
    if _executor is None:
        _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
    return _executor


def submit_hint(fn: Callable[..., Any], *args: Any) -> Future:
    """Run a hint on the bots' worker without starving them: at most one hint waits in its queue,
    and a newer request cancels the one still waiting (whoever asked it gets a cancelled future).
    So a bot waits for at most the hint being worked on and one more."""
    global _queued_hint
    with _hint_lock:
        if _queued_hint is not None:
            _queued_hint.cancel()  # does nothing to one already running
        future = bot_executor().submit(fn, *args)
        _queued_hint = future
    return future


Reply = Callable[[str | None], None]


@dataclass(frozen=True)
class RemoteAction:
    """An action for a device seat, as text, handed in from another thread; ``reply`` is called
    on the loop's thread with None (applied) or the reason it was refused."""

    seat: int
    text: str
    reply: Reply


class MatchController:
    """Drives a match for one screen: viewer seat, bots, pacing, autosave, curtain requests."""

    def __init__(self, match: Match, store: SaveStore | None = None, threaded: bool = True) -> None:
        self.match = match
        self.store = store
        self.threaded = threaded
        self.humans: list[int] = []  # the seats of the people at this screen
        self.viewer: int | None = None
        self._seat_screen()
        self.inbox: queue.SimpleQueue[RemoteAction] = queue.SimpleQueue()
        self._future: Future | None = None
        self._bot_seat: int | None = None
        self._bot_ply = -1
        self._wait = 0.0
        self.autosave_failed = False
        self.notify: Callable[[str], None] | None = None
        self.watch_only = False  # a replay: no bot moves, no legal actions, no handovers

    def _seat_screen(self) -> None:
        """Whose screen it is after the seats changed. One person at the screen: theirs. Several:
        nobody's until the first curtain. None (bots and devices only): the public's."""
        humans = [i for i, s in enumerate(self.match.seats) if s.at_screen]
        self.humans = humans
        if len(humans) == 1:
            self.viewer = humans[0]
        elif self.viewer not in humans:
            self.viewer = None

    @property
    def pass_and_play(self) -> bool:
        """Two or more people share this screen (seats on devices do not count); never in a
        replay, whose screen shows one fixed seat's view."""
        return len(self.humans) > 1 and not self.watch_only

    @property
    def watching_bots(self) -> bool:
        """Only bots play (nobody at the screen or on a device): the screen just watches them."""
        return all(s.bot is not None for s in self.match.seats)

    def reassign(self, seat: int, place: str) -> bool:
        """Play ``seat`` at ``place`` (SCREEN, DEVICE or a bot level) from now on: the match's
        seat is replaced (its subscribers are told) and the screen's owner follows: a seat that
        leaves the screen takes its view with it; a second person at the screen makes it
        pass-and-play, so the curtain goes up before either's secrets show. True if the viewer
        changed (the scene rebinds)."""
        if place not in (SCREEN, DEVICE) and not self.match.bots.knows(place):
            raise ValueError(f"{self.match.rules.info.title} has no bot level {place!r}")
        before = self.viewer
        self.match.reseat(seat, self.match.seats[seat].placed(place))
        self._seat_screen()
        if seat == self._bot_seat:
            self._future = None  # a bot's answer for a seat it no longer plays is dropped
        return self.viewer != before

    def seat_name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def view(self) -> Any:
        return self.match.view(self.viewer)

    def legal(self) -> tuple[Any, ...]:
        if self.watch_only or self.viewer is None or self.viewer not in self.match.to_act():
            return ()
        return self.match.legal(self.viewer)

    def handover_needed(self) -> int | None:
        """The human seat the screen must pass to now, or None."""
        if self.match.over or not self.pass_and_play:
            return None
        acting_humans = [s for s in self.match.to_act() if self.match.seats[s].at_screen]
        if not acting_humans or self.viewer in acting_humans:
            return None
        return acting_humans[0]

    def submit(self, seat: int, action: Any):
        if self.watch_only:
            raise IllegalAction("this is a replay: it shows the moves as they were made")
        step = self.match.submit(seat, action)
        self.autosave()
        return step

    def autosave(self) -> None:
        if self.store is not None:
            try:
                self.store.autosave(self.match, time.time())
            except OSError as exc:
                # a full disk must not stop the game; the next action tries again, and the
                # player is told once (``notify`` is set by the table)
                if not self.autosave_failed and self.notify is not None:
                    self.notify(f"The game cannot be autosaved ({exc.strerror or exc}); it goes on unsaved")
                self.autosave_failed = True
            else:
                self.autosave_failed = False

    # -- bots --------------------------------------------------------------------------------
    def bot_to_act(self) -> int | None:
        if self.watch_only:
            return None
        for seat in self.match.to_act():
            if not self.match.seats[seat].human:
                return seat
        return None

    def poll_bot(self, dt: float, scene_busy: bool, pause: float) -> tuple[int, Any] | None:
        """Advance the bot pipeline; returns (seat, action) when a bot move should be applied now."""
        if self.match.over:
            return None
        seat = self.bot_to_act()
        if seat is None:
            self._future = None
            return None
        if self._future is None or self._bot_seat != seat or self._bot_ply != self.match.ply:
            self._bot_seat, self._bot_ply = seat, self.match.ply
            self._wait = pause
            job = self.match.bot_job(seat)  # taken here: the worker never reads the live match
            if self.threaded:
                deadline = time.perf_counter() + BOT_TIME_CAP
                budget = Budget(should_stop=lambda: time.perf_counter() > deadline)
                self._future = bot_executor().submit(job.run, budget)
                self._future.add_done_callback(lambda _f: wake())  # the waiting loop applies it
            else:
                f: Future = Future()
                f.set_result(job.run())
                self._future = f
        self._wait -= dt
        if self._wait > 0 or scene_busy or not self._future.done():
            return None
        action = self._future.result()
        self._future = None
        return seat, action

    def bot_due(self) -> float | None:
        """Seconds until ``poll_bot`` has work (0: now), or None while a bot thinks on its thread
        (its finishing wakes the loop) or no bot is to act."""
        if self.match.over or self.bot_to_act() is None:
            return None
        if self._future is None or self._bot_ply != self.match.ply:
            return 0.0
        if self._wait > 0:
            return self._wait
        return 0.0 if self._future.done() else None

    # -- device seats: actions handed in from other threads -------------------------------------
    def post(self, seat: int, text: str, reply: Reply) -> None:
        """Hand in an action for a device seat from any thread; the loop applies or refuses it
        (``reply`` is then called on the loop's thread) and is woken for it."""
        self.inbox.put(RemoteAction(seat, text, reply))
        wake()

    def inbox_due(self) -> float | None:
        """0 while actions wait in the inbox (the loop must take them), else None."""
        return None if self.inbox.empty() else 0.0

    def take_remote(self) -> tuple[RemoteAction, Any] | None:
        """The next action from the inbox that may be applied now, as (item, parsed action);
        the ones before it that may not are refused through their replies. None when the inbox
        is empty. The caller applies it the way a local move is applied, then replies None."""
        while True:
            try:
                item = self.inbox.get_nowait()
            except queue.Empty:
                return None
            reason, action = self.check_remote(item.seat, item.text)
            if reason is None:
                return item, action
            answer_remote(item, reason)

    def check_remote(self, seat: Any, text: Any) -> tuple[str | None, Any]:
        """A device seat's action text checked as the desktop checks a click: (None, the action)
        when it may be applied now, else (the reason, None). Text from another device is
        untrusted: nothing it holds may raise out of here."""
        seats = self.match.seats
        if not isinstance(seat, int) or not 0 <= seat < len(seats) or not seats[seat].device:
            return "this seat is not played on a device", None
        if self.match.over:
            return "the game is over", None
        if not isinstance(text, str) or len(text) > MAX_ACTION_TEXT:
            return "that is no action of this game", None
        rules = self.match.rules
        try:
            action = rules.parse_action(text)
            reason = rules.why_illegal(self.match.state, seat, action)
        except ActionTextError as exc:
            return f"that is no action: {exc}", None
        except Exception:  # text from another device must never stop the loop
            _log.warning("a device seat's action text upset the rules: %r", text[:60], exc_info=True)
            return "that is no action of this game", None
        return reason, action


def answer_remote(item: RemoteAction, answer: str | None) -> None:
    """Reply to a device's action: None (applied) or why it was refused. A reply that fails is
    the device side's own failure: it is logged and the game goes on."""
    try:
        item.reply(answer)
    except Exception:
        _log.exception("the reply to a device seat's action failed")
