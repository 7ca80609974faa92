"""MatchController: runs a Match for one screen.

It decides which seat the screen belongs to, asks bots for their moves on a worker thread (so the
window stays responsive), paces them so a person can follow, autosaves after every action, and
says when the screen must pass to another human. The worker gets an immutable ``BotJob`` taken
from the match on the main thread, never the live match.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from babel.core.bots import Budget
from babel.core.match import Match
from babel.core.saves import SaveStore
from scenes.core import wake

BOT_TIME_CAP = 2.5  # seconds a bot may think before it must answer with its best so far

_executor: ThreadPoolExecutor | None = None


def bot_executor() -> ThreadPoolExecutor:
    global _executor
    if _executor is None:
        _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
    return _executor


class MatchController:
    """Drives a match for one screen: viewer seat, bots, pacing, autosave, curtain requests."""

    def __init__(self, match: Match, store: SaveStore | None = None, threaded: bool = True) -> None:
        self.match = match
        self.store = store
        self.threaded = threaded
        humans = [i for i, s in enumerate(match.seats) if s.human]
        self.humans = humans
        # One human: the screen is theirs. Several: nobody's until the first curtain. None: spectators.
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self._future: Future | None = None
        self._bot_seat: int | None = None
        self._bot_ply = -1
        self._wait = 0.0
        self.autosave_failed = False
        self.notify: Callable[[str], None] | None = None

    @property
    def pass_and_play(self) -> bool:
        return len(self.humans) > 1

    def seat_name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def view(self) -> Any:
        return self.match.view(self.viewer)

    def legal(self) -> tuple[Any, ...]:
        if self.viewer is None or self.viewer not in self.match.to_act():
            return ()
        return self.match.legal(self.viewer)

    def handover_needed(self) -> int | None:
        """The human seat the screen must pass to now, or None."""
        if self.match.over or not self.pass_and_play:
            return None
        acting_humans = [s for s in self.match.to_act() if self.match.seats[s].human]
        if not acting_humans or self.viewer in acting_humans:
            return None
        return acting_humans[0]

    def submit(self, seat: int, action: Any):
        step = self.match.submit(seat, action)
        self.autosave()
        return step

    def autosave(self) -> None:
        if self.store is not None:
            try:
                self.store.autosave(self.match)
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
