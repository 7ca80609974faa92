"""The wire protocol's client messages, read strictly: exact keys, exact types, bounded values.

A phone's message is untrusted text. ``read_message`` turns it into one of the protocol's small
frozen values or raises ``BadMessage`` with a reason a person can read; it never lets through an extra
key (a forged ``seat``), a duplicate key, a boolean posing as a number, NaN, a huge integer or
deep nesting. The server's replies are built here too, so their shapes live in one place
(``docs/remote.md`` describes both directions).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from scenes.remote.limits import MAX_ACTION_CHARS, MAX_PLY, MAX_REQUEST_ID
from scenes.remote.tokens import MAX_TOKEN_CHARS


class BadMessage(ValueError):
    """A client message that is not one of the protocol's, with the reason."""


@dataclass(frozen=True)
class Hello:
    token: str


@dataclass(frozen=True)
class Watch:
    pass


@dataclass(frozen=True)
class Act:
    ply: int
    action: str
    request_id: int


@dataclass(frozen=True)
class Ping:
    pass


@dataclass(frozen=True)
class HintAsk:
    """The seat asks the coach about ply ``ply``; ``request_id`` is echoed in the answer."""

    ply: int
    request_id: int


Message = Hello | Watch | Act | Ping | HintAsk

SHAPES: dict[str, frozenset[str]] = {
    "hello": frozenset({"type", "token"}),
    "watch": frozenset({"type"}),
    "act": frozenset({"type", "ply", "action", "id"}),
    "ping": frozenset({"type"}),
    "hint": frozenset({"type", "ply", "id"}),
}


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise BadMessage(f"the key '{key[:20]}' appears twice")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise BadMessage(f"{name} is not a number this server reads")


def _bounded_int(data: dict[str, Any], key: str, high: int) -> int:
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadMessage(f"'{key}' must be a whole number")
    if not 0 <= value <= high:
        raise BadMessage(f"'{key}' is out of range")
    return value


def _text(data: dict[str, Any], key: str, limit: int) -> str:
    value = data[key]
    if not isinstance(value, str):
        raise BadMessage(f"'{key}' must be text")
    if not 0 < len(value) <= limit:
        raise BadMessage(f"'{key}' must be 1 to {limit} characters")
    return value


def read_message(text: str) -> Message:
    """The message ``text`` holds, or BadMessage saying why it is none."""
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except BadMessage:
        raise
    except (ValueError, RecursionError) as exc:
        raise BadMessage("the message is not valid JSON") from exc
    if not isinstance(data, dict):
        raise BadMessage("a message must be a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in SHAPES:
        raise BadMessage("unknown message type")
    if set(data) != SHAPES[kind]:
        raise BadMessage(f"a '{kind}' message has exactly the keys {', '.join(sorted(SHAPES[kind]))}")
    if kind == "hello":
        return Hello(_text(data, "token", MAX_TOKEN_CHARS))
    if kind == "act":
        return Act(
            _bounded_int(data, "ply", MAX_PLY),
            _text(data, "action", MAX_ACTION_CHARS),
            _bounded_int(data, "id", MAX_REQUEST_ID),
        )
    if kind == "hint":
        return HintAsk(_bounded_int(data, "ply", MAX_PLY), _bounded_int(data, "id", MAX_REQUEST_ID))
    return Watch() if kind == "watch" else Ping()


def dump(message: dict[str, Any]) -> str:
    """A server message as compact JSON text."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def error(reason: str) -> str:
    return dump({"type": "error", "reason": reason})


def bye(reason: str) -> str:
    return dump({"type": "bye", "reason": reason})


def hint(request_id: int, ply: int, title: str, text: str) -> str:
    """The coach's answer to a seat's ``hint``: a title and one line."""
    return dump({"type": "hint", "id": request_id, "ply": ply, "title": title, "text": text})


def no_hint(request_id: int, ply: int, reason: str) -> str:
    """A ``hint`` asked for when the coach has nothing to say, with why."""
    return dump({"type": "hint", "id": request_id, "ply": ply, "text": None, "reason": reason})
