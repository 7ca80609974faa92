"""PhoneLink: one table's phone server, from the table's side.

A table whose match has a seat played on a device (a phone) owns one link. The link starts the
server (``RemoteHost``) on the address and port chosen in Settings, issues each device seat its
link (a new token: a seat handed elsewhere and back gets a new one), publishes every seat's
snapshot after every change of the match (it subscribes to the match), applies the phones' moves
on the loop thread through the table's own path (so they animate, log and are kept like a move
made at the screen), answers the phones' questions for the coach (``hints.py``: the table's own
coach, on the bots' worker) and stops the server when the table closes or the game ends.

Everything here runs on the pygame loop's thread; the server thread only ever sees snapshots.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from babel.core.match import DEVICE, SCREEN, Change, Match

_log = logging.getLogger(__name__)

Check = Callable[[int, str], "tuple[str | None, Any]"]  # MatchController.check_remote


@dataclass(frozen=True)
class SeatLine:
    """One seat as the Phones panel shows it."""

    seat: int
    name: str
    place: str  # SCREEN, DEVICE or a bot level
    status: str  # for a device seat: "awaited", "connected", "dropped"; else ""
    url: str | None  # a device seat's link (holds its token)


class PhoneLink:
    """The phone server of one table (see the module docstring)."""

    LIMITS: Any = None  # the server's ``Limits`` (None: its defaults; tests that play faster
    # than people tap raise the rate)

    def __init__(
        self,
        match: Match,
        settings: Any,
        coach: Callable[[], bool] | None = None,
        threaded: bool = True,
    ) -> None:
        from scenes.remote.hints import PhoneCoach

        self.match = match
        self.settings = settings
        # the phones' Hint: ``coach()`` says whether the coach is on now (the table's own check)
        self.hints = PhoneCoach(coach or (lambda: bool(self.settings.coach)), threaded)
        self._coach_shown: bool | None = None  # what the last snapshots said of the coach
        self._submit: Callable[[int, Any], None] | None = None
        self._check: Check | None = None
        self.host: Any = None  # a RemoteHost while serving
        self.error: str | None = None  # why the server could not start, for the panel
        self._dirty = True
        self._unsubscribe: Callable[[], None] | None = None
        self._closed = False
        self._told: dict[int, str] = {}  # seat -> the status last seen (a drop is told once)
        self.watching = False  # phones may open the public page (the host switched it on)

    # -- life -------------------------------------------------------------------------------
    @property
    def device_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.match.seats) if s.device]

    @property
    def serving(self) -> bool:
        return self.host is not None

    def ensure(self) -> None:
        """Serve while a seat is on a device (start the server if need be), issue a link to every
        device seat without one, and take back the links of seats played elsewhere now."""
        if self._closed or self.match.over:
            return
        if self._unsubscribe is None:
            self._unsubscribe = self.match.subscribe(self._changed)
        needed = bool(self.device_seats) or self.watching
        if not needed and self.host is not None:
            self.host.stop("this seat is now played elsewhere")  # it listens only while needed
            self.host = None
            self.hints.drop()
        if needed and self.host is None:
            self.error = None
            self._start()
        if self.host is None:
            return
        issued = set(self.host.tokens.issued())
        for seat in self.device_seats:
            if seat not in issued:
                self.host.issue(seat)
                self._dirty = True
        for seat in issued - set(self.device_seats):
            self.host.revoke(seat, "this seat is now played elsewhere")

    def _start(self) -> None:
        from scenes.core import wake
        from scenes.remote.art import pictures_for
        from scenes.remote.host import RemoteHost
        from scenes.remote.interfaces import chosen

        rules = self.match.rules
        address = chosen(self.settings.phone_address).address
        try:
            pictures = pictures_for(rules.info.id, self.match.config)
        except Exception:  # noqa: BLE001 - a picture that cannot be drawn must not stop the game
            _log.warning("the phone pictures could not be drawn", exc_info=True)
            pictures = {}
        host = RemoteHost(
            rules.info.id,
            rules.info.title,
            self.match.seats,
            bind_host=address,
            port=self.settings.phone_port,
            pictures=pictures,
            wake=wake,
            limits=self.LIMITS,
        )
        try:
            host.start()
        except (RuntimeError, OSError) as exc:
            cause = exc.__cause__ or exc
            detail = getattr(cause, "strerror", None) or str(cause)
            self.error = f"Phones cannot connect: the server could not listen on {address} ({detail[:80]})"
            return
        self.host = host
        self._dirty = True

    def close(self, reason: str = "the table has closed") -> None:
        """Stop serving: every phone is told why; the links die."""
        self._closed = True
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self.host is not None:
            self.host.stop(reason)
            self.host = None
        self.hints.drop()

    # -- the loop's work ---------------------------------------------------------------------
    def _changed(self, change: Change) -> None:
        """The match changed (on the loop's thread): the phones hear of it at once."""
        self._dirty = True
        if change.kind == "replaced" and change.match is not None:
            self.match = change.match  # a rematch: the same table goes on with a new game
        self.publish()

    def serve(self, may_move: bool, check: Check, submit: Callable[[int, Any], None]) -> bool:
        """Publish what changed, then, when ``may_move`` (the table is not mid-animation), apply
        the phones' waiting moves: ``check(seat, text)`` gives (refusal, action) as the desktop
        checks a device seat's move, ``submit(seat, action)`` applies it the way the table
        applies a bot's move. True when a move was applied."""
        if self.host is None:
            return False
        if self.hints.on(self.match) != self._coach_shown:
            self._dirty = True  # the coach was turned on or off: the pages offer Hint or not
        self.publish()
        self._check, self._submit = check, submit
        moved = self.host.drain(self._apply) if may_move else 0
        self._check = self._submit = None
        if moved:
            self.publish()
        self.hints.serve(self.host, self.match)  # the coach's answers that are ready, new questions
        if self.match.over:
            self.close("the game is over")
        return moved > 0

    def publish(self) -> None:
        if self.host is None or not self._dirty:
            return
        from scenes.remote.snapshot import snapshots

        self._dirty = False
        self._coach_shown = self.hints.on(self.match)
        self.host.publish(snapshots(self.match, self.device_seats, coach=self._coach_shown))

    def _apply(self, seat: int, text: str) -> str | None:
        """A phone's move, checked as the desktop checks a click, then made through the table."""
        if self._submit is None or self._check is None:
            return "the table is not ready yet"
        reason, action = self._check(seat, text)
        if reason is not None:
            return reason
        self._submit(seat, action)
        return None

    def next_due(self) -> float | None:
        """0 while something waits for the loop (a change to publish, the coach's answer for a
        phone); None otherwise (a phone's move or question wakes the loop through the server's
        ``wake``, the coach's answer through its job's end)."""
        if self.host is None:
            return None
        return 0.0 if self._dirty or self.hints.due() else None

    # -- what the table shows -------------------------------------------------------------------
    def lines(self) -> list[SeatLine]:
        status = self.host.status() if self.host is not None else {}
        out = []
        for i, seat in enumerate(self.match.seats):
            place = seat.bot if seat.bot is not None else DEVICE if seat.device else SCREEN
            url = self.host.url_for(i) if self.host is not None and seat.device else None
            out.append(SeatLine(i, seat.name, place, status.get(i, "") if seat.device else "", url))
        return out

    def drops(self) -> list[str]:
        """Names of device seats whose phone dropped since last asked (each drop told once)."""
        status = self.host.status() if self.host is not None else {}
        told = []
        for seat, now in status.items():
            before = self._told.get(seat)
            if now == "dropped" and before != "dropped":
                told.append(self.match.seats[seat].name)
            self._told[seat] = now
        return told

    def watch_url(self) -> str | None:
        """The public page's address while phones may watch (anyone on the network may open
        it: it shows only what the table shows)."""
        return f"{self.host.base_url()}/watch" if self.host is not None and self.watching else None

    def set_watching(self, on: bool) -> None:
        self.watching = on
        self._dirty = True
        self.ensure()

    def new_link(self, seat: int) -> None:
        """A new link for a device seat (its old one dies: a lost or stolen phone is shut out)."""
        if self.host is not None and self.match.seats[seat].device:
            self.host.issue(seat)
            self._dirty = True
