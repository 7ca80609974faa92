"""The phone seats of one table: the part of ``TableScene`` that starts the phone server when a
seat is played on a phone, keeps its links in line with the seats, serves the phones' moves on
the loop's thread, tells when a phone drops and opens the Phones panel."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scenes.remote.link import PhoneLink
from scenes.remote.panel import PhonesPanel


class TablePhones:
    def __init__(self, table) -> None:
        self.table = table
        self.link: PhoneLink | None = None

    def offered(self) -> bool:
        """Phones may join: not in a lesson, not once the game is over. In a game with secrets
        they may play seats; in any game they may watch the public table."""
        t = self.table
        return t.lesson is None and not t.public_copy and not t.match.over

    @property
    def seats_offered(self) -> bool:
        """Seats may be played on phones (a game without secrets has no hand to hold)."""
        return self.table.rules.info.has_secrets

    def entered(self) -> None:
        """A table opened with seats on phones (set up so, or resumed: new links either way)
        starts serving them and shows their codes."""
        t = self.table
        if not t.public_copy and any(s.device for s in t.match.seats):
            self.sync(show=True)

    def sync(self, show: bool = False) -> PhoneLink:
        """Make the link if need be and bring it in line with the seats (a server while a seat
        is on a phone, a link for each such seat); ``show`` opens the Phones panel while a phone
        is awaited or the server could not start."""
        t = self.table
        if self.link is None:
            self.link = PhoneLink(t.match, t.app.settings, t.coach_available, t.controller.threaded)
        link = self.link
        link.ensure()
        if link.error:
            t.app.toast(link.error)
        awaited = any(line.status == "awaited" for line in link.lines())
        if show and (awaited or link.error) and not isinstance(t.app.top, PhonesPanel):
            t.app.push(PhonesPanel(t))
        return link

    def move(self, seat: int, place: str) -> None:
        """The host hands a seat to a phone (a new link), to this screen or to a bot, and back."""
        self.table.reassign_seat(seat, place)
        self.sync()

    def open(self) -> None:
        self.sync()
        self.table.app.push(PhonesPanel(self.table))

    def serve(self, may_move: bool, submit: Callable[[int, Any], None]) -> bool:
        """The loop's turn for the phones: tell a drop (public words: a name and what the host
        can do), publish, apply a phone's move. True when a move was applied."""
        if self.link is None:
            return False
        for name in self.link.drops():
            self.table.app.toast(
                f"{name}'s phone dropped: it can come back, or Esc, Phones hands the seat on"
            )
        return self.link.serve(may_move, self.table.controller.check_remote, submit)

    def next_due(self) -> float | None:
        return self.link.next_due() if self.link is not None else None

    def close(self) -> None:
        if self.link is not None:
            self.link.close()
