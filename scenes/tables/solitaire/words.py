"""The solitaire's log: a line for every draw and move of the game so far, and the end, in the
words the hints use ("stack 4 (5 of Suns) onto stack 1 (4 of Suns)")."""

from __future__ import annotations

from babel.core.protocol import Event
from babel.games.solitaire.deals import Variant, piece_name
from babel.games.solitaire.model import EventKind
from scenes import wording


def event_line(ev: Event, variant: Variant) -> str | None:
    d = ev.data
    if ev.kind == EventKind.DRAW:
        return f"Drew the {piece_name(d['tile'], variant)} ({d['pile']} left)"
    if ev.kind == EventKind.MOVE:
        what = f"Stack {d['from'] + 1} ({piece_name(d['tile'], variant)}"
        what += f", {wording.count(d['count'], 'piece')})" if d["count"] > 1 else ")"
        onto = f"stack {d['to'] + 1} ({piece_name(d['onto'], variant)})"
        return f"{what} onto {onto}, {wording.count(d['distance'], 'place')} left"
    if ev.kind == EventKind.END:
        return str(d["summary"])
    return None


class MoveLog:
    """The log's lines, worked out again only when the match's events change (a move, an undo)."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._lines: list[str] = []

    def lines(self, events: list[tuple[int, Event]], variant: Variant) -> list[str]:
        key = (len(events), id(events[-1][1]) if events else None)
        if key != self._key:
            self._key = key
            found = (event_line(ev, variant) for _, ev in events)
            self._lines = [f"{i}. {line}" for i, line in enumerate((x for x in found if x), 1)]
        return self._lines
