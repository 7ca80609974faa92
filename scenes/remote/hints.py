"""The coach for phone seats: a phone's Hint, answered with exactly what the desktop's Hint says.

A phone asks with ``{"type":"hint","ply":N,"id":K}``; the server queues the question and the loop
thread (which alone may read the match) answers it here. The advice is the table's own coach
(``scenes.table_coach.Coach``: the game's adviser on the bots' worker through ``submit_hint``, at
most one hint waiting there, names put in for ``<P0>``), asked with ``match.view(seat)`` and
the seat's own legal actions only, so a hint holds nothing that seat's view does not. Each seat
has one such coach: questions about the choice it is thinking about wait for that answer rather
than start another, and a choice answered once is answered again at once. As at the desktop,
advice is for one seat and one set of choices: another seat's simultaneous choice does not make
it stale, a change of the seat's own choices does. An answer names the ply whose view the
advice was taken from.

Nothing is advised when the coach is off (Settings), when the seat has no choice now or when the
question names a ply from before the seat's present choices (``Ask.current``, the window a move
must also name a ply in); each such question gets a ``text: null`` answer with the reason, and
its own ply. Choices that change while the coach thinks are answered as stale.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from babel.core.coach import adviser
from babel.core.match import Match
from scenes.remote import wire
from scenes.table_coach import Coach

OFF = "the coach is off at this table (the host can turn it on in Settings)"
NOT_YOUR_MOVE = "nothing to advise: it is not your move"
STALE = "the table moved on: ask again"
BUSY = "the coach is busy: ask again"
TOO_MANY = "the coach is still thinking about your last question"
MAX_WAITING = 8  # questions one seat may have waiting for one answer (a page sends one at a time)


@dataclass
class _Seat:
    """One seat's coach and the questions waiting for its answer."""

    coach: Coach = field(default_factory=Coach)
    ply: int = -1  # the ply the coach's key was taken at
    waiting: list[Any] = field(default_factory=list)  # host.Ask values


class PhoneCoach:
    """Answers the phones' questions for the coach on the loop thread (see the module docstring).

    ``available()`` says whether the coach is on now (read live: Settings may change mid-game);
    ``threaded`` is the table's: False runs the adviser at once (headless tests)."""

    def __init__(self, available: Callable[[], bool], threaded: bool = True) -> None:
        self.available = available
        self.threaded = threaded
        self._seats: dict[int, _Seat] = {}

    def on(self, match: Match) -> bool:
        """The coach may be asked now: it is on and the game has one."""
        return bool(self.available()) and adviser(match.rules.info.id) is not None

    def serve(self, host: Any, match: Match) -> None:
        """Send the answers that are ready, then take the new questions (an answer computed
        from a question taken now is sent on a later turn, when its job is done: ``due``)."""
        self.collect(host, match)
        for ask in host.take_asks():
            self._take(host, match, ask)

    def due(self) -> bool:
        """An answer is ready to be sent (the job's end woke the loop: see ``Coach.ask``)."""
        return any(s.coach.job is not None and s.coach.job.done() for s in self._seats.values())

    def drop(self) -> None:
        """Forget every question (the server stops; a job not begun is cancelled)."""
        for seat in self._seats.values():
            seat.coach.drop()
        self._seats.clear()

    # -- on the loop thread ------------------------------------------------------------------------
    def _take(self, host: Any, match: Match, ask: Any) -> None:
        def refuse(reason: str) -> None:
            host.answer(ask, wire.no_hint(ask.request_id, ask.ply, reason))

        if not self.on(match):
            return refuse(OFF)
        if not ask.current:
            return refuse(STALE)
        if ask.seat not in match.to_act() or not match.legal(ask.seat):
            return refuse(NOT_YOUR_MOVE)
        seat = self._seats.setdefault(ask.seat, _Seat())
        key = _position(match, ask.seat)
        answered = seat.coach.job is None and seat.coach.note is not None and seat.ply <= match.ply
        if seat.coach.key == key and answered:
            title, text = seat.coach.note  # answered already: the same choice, the same advice
            return host.answer(ask, wire.hint(ask.request_id, seat.ply, title, text))
        if seat.coach.key == key and seat.coach.job is not None:
            if len(seat.waiting) >= MAX_WAITING:
                return refuse(TOO_MANY)
            seat.waiting.append(ask)
            return None
        self._stale(host, seat)
        seat.coach.ask(
            adviser(match.rules.info.id), match.view(ask.seat), match.legal(ask.seat), key, self.threaded
        )
        seat.ply, seat.waiting = match.ply, [ask]
        return None

    def collect(self, host: Any, match: Match) -> None:
        """Answer the questions whose advice is ready; questions about choices that have changed
        meanwhile are answered as stale (and a job not begun is cancelled)."""
        names = [s.name for s in match.seats]
        for number, seat in list(self._seats.items()):
            if not seat.waiting:
                continue
            if seat.ply > match.ply or seat.coach.key != _position(match, number):
                self._stale(host, seat)  # the seat's choices changed (or an undo went back)
                continue
            if not seat.coach.collect(names):
                continue
            waiting, seat.waiting = seat.waiting, []
            note = seat.coach.note
            for ask in waiting:
                if note is None:  # cancelled: a newer hint took its place in the worker's queue
                    host.answer(ask, wire.no_hint(ask.request_id, ask.ply, BUSY))
                else:
                    host.answer(ask, wire.hint(ask.request_id, seat.ply, *note))

    def _stale(self, host: Any, seat: _Seat) -> None:
        waiting, seat.waiting = seat.waiting, []
        for ask in waiting:
            host.answer(ask, wire.no_hint(ask.request_id, ask.ply, STALE))
        seat.coach.drop()


def _position(match: Match, seat: int) -> tuple:
    """Whose advice it is and the choices it is for, as the desktop keys its coach's note."""
    return (seat, match.legal(seat))
