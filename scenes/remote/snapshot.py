"""What one seat may see, as plain JSON-ready data: the only thing the phone server ever holds.

The server thread must never touch a ``Match``; the loop thread builds these dicts and hands them
over. Everything in a seat's snapshot comes from ``rules.view(state, seat)``, that seat's own
legal actions and the events ``visible_to`` it (and whether the table's coach is on, a setting
everyone may know), so the leak battery's definition of a secret
(``resample_hidden`` never changes the view) covers every byte a phone receives. Pure: no
aiohttp, no pygame.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from babel.core import serial
from babel.core.match import Match, Seat
from babel.core.protocol import Event, Outcome, Rules

# Recorded motion (the frames of a Babel On! fall or wobble): the table animates it, the page
# never draws it, and it made a watched game's update up to 372 KB instead of a few.
MOTION_KEYS = frozenset({"frames", "wobble"})
EVENT_WINDOW = 60  # the last events a snapshot carries: enough for a log on a phone, bounded bytes


def _seat_info(seat: Seat) -> dict[str, Any]:
    place = getattr(seat, "place", None) or ("bot" if seat.bot is not None else "screen")
    return {"name": seat.name, "bot": seat.bot, "colour": seat.colour, "place": place}


def _event_json(ply: int, event: Event, cache: dict[int, dict[str, Any]] | None) -> dict[str, Any]:
    """An event as JSON data; ``cache`` (keyed by the event object, alive for one call of
    ``snapshots``) lets every seat of one publish share the encoding."""
    if cache is None:
        return _encoded(ply, event)
    key = id(event)
    if key not in cache:
        cache[key] = _encoded(ply, event)
    return cache[key]


def _encoded(ply: int, event: Event) -> dict[str, Any]:
    data = {k: v for k, v in event.data.items() if k not in MOTION_KEYS}
    return {"ply": ply, "kind": str(event.kind), "data": serial.encode(data)}


def _outcome_json(outcome: Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {
        "winners": list(outcome.winners),
        "scores": [serial.encode(s) for s in outcome.scores],
        "summary": outcome.summary,
    }


def seat_snapshot(
    rules: Rules,
    state: Any,
    seat: int | None,
    *,
    seats: Sequence[Seat],
    ply: int,
    events: Sequence[tuple[int, Event]],
    cache: dict[int, dict[str, Any]] | None = None,
    coach: bool = False,
) -> dict[str, Any]:
    """The snapshot of ``state`` for ``seat`` (None: the public one). ``events`` are the match's
    (ply, event) pairs; only those ``visible_to(seat)`` are kept, the last ``EVENT_WINDOW``.
    ``coach``: the seat may ask the coach (the public page never may)."""
    to_act = list(rules.to_act(state))
    visible = [(p, ev) for p, ev in events if ev.visible_to(seat)][-EVENT_WINDOW:]
    snap: dict[str, Any] = {
        "game": rules.info.id,
        "title": rules.info.title,
        "seat": seat,
        "seats": [_seat_info(s) for s in seats],
        "ply": ply,
        "to_act": to_act,
        "view": rules.view_to_json(rules.view(state, seat)),
        "legal": [],
        "events": [_event_json(p, ev, cache) for p, ev in visible],
        "over": rules.outcome(state) is not None,
        "outcome": _outcome_json(rules.outcome(state)),
        "coach": coach and seat is not None,
    }
    if seat is not None and seat in to_act:
        snap["legal"] = [
            {"text": rules.action_text(a), "label": rules.describe(a)} for a in rules.legal_actions(state, seat)
        ]
    return snap


def snapshot_for(match: Match, seat: int, coach: bool = False) -> dict[str, Any]:
    """What ``seat`` may see of ``match`` now (call on the match's thread)."""
    return seat_snapshot(
        match.rules, match.state, seat, seats=match.seats, ply=match.ply, events=match.events, coach=coach
    )


def public_snapshot(match: Match) -> dict[str, Any]:
    """What anyone in the room may see of ``match`` now: the public view, no legal actions."""
    return seat_snapshot(
        match.rules, match.state, None, seats=match.seats, ply=match.ply, events=match.events
    )


def snapshots(match: Match, seats: Iterable[int], coach: bool = False) -> dict[int | None, dict[str, Any]]:
    """What ``publish`` takes: each of ``seats``' snapshot and the public one (key None), built in
    one pass that encodes each event once for all of them (call on the match's thread);
    ``coach``: the seats may ask the coach."""
    cache: dict[int, dict[str, Any]] = {}
    common = {"seats": match.seats, "ply": match.ply, "events": match.events, "cache": cache, "coach": coach}
    out: dict[int | None, dict[str, Any]] = {
        seat: seat_snapshot(match.rules, match.state, seat, **common) for seat in seats
    }
    out[None] = seat_snapshot(match.rules, match.state, None, **common)
    return out
