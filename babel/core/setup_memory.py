"""What each game's setup screen was set to last: the number of players and each seat's kind
(a person at the screen, a person on a phone, or a bot level), name and colour.

It is kept in the settings file (``Settings.setups``), so it is untrusted like everything read
from disk. ``checked_setups`` keeps every usable value and drops each unusable one, saying what
was wrong with the first; whether a kept value suits the game (a player count in its range, a bot
level it has) is for the setup screen to decide, which ignores what does not fit.

The stored shape, per game id::

    {"players": 3, "seats": [{"kind": "human", "name": "Anna", "colour": 2}, ...]}

A seat's value that is missing or unusable is None.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from babel.core.names import name_problem

MAX_GAMES = 20  # games remembered (the five built-in ones and room to spare)
MAX_SEATS = 10  # the most seats any game has
MAX_ID = 40  # the longest game id or seat kind (bot level id) kept
MAX_COLOUR = 63  # palette indices are small; a larger one is damage


def _id_problem(text: object, what: str) -> str | None:
    if not isinstance(text, str):
        return f"{what} is not a word"
    if not text or len(text) > MAX_ID:
        return f"{what} has {len(text)} characters"
    if not all(c.isascii() and (c.isalnum() or c in "_-") for c in text):
        return f"{what} holds characters ids never hold"
    return None


def _players(raw: object) -> tuple[int | None, str | None]:
    if isinstance(raw, bool) or not isinstance(raw, int):
        return None, "the number of players is not a whole number"
    if not 1 <= raw <= MAX_SEATS:
        return None, f"the number of players is not between 1 and {MAX_SEATS}"
    return raw, None


def _seat(raw: object, number: int) -> tuple[dict[str, Any], str | None]:
    """One seat's kind, name and colour; each unusable value becomes None."""
    seat: dict[str, Any] = {"kind": None, "name": None, "colour": None}
    if not isinstance(raw, dict):
        return seat, f"seat {number} is not a group of values"
    problem = None
    if "kind" in raw:
        why = _id_problem(raw["kind"], "its kind")
        seat["kind"] = raw["kind"] if why is None else None
        problem = problem or (why and f"seat {number}: {why}")
    if "name" in raw:
        why = name_problem(raw["name"])
        seat["name"] = raw["name"] if why is None else None
        problem = problem or (why and f"seat {number}: {why}")
    if "colour" in raw and raw["colour"] is not None:
        colour = raw["colour"]
        ok = isinstance(colour, int) and not isinstance(colour, bool) and 0 <= colour <= MAX_COLOUR
        seat["colour"] = colour if ok else None
        problem = problem or (None if ok else f"seat {number}: the colour is not a palette number")
    return seat, problem


def _game(raw: object) -> tuple[dict[str, Any], str | None]:
    out: dict[str, Any] = {"seats": []}
    if not isinstance(raw, dict):
        return out, "not a group of values"
    problem = None
    if "players" in raw:
        players, problem = _players(raw["players"])
        if players is not None:
            out["players"] = players
    seats = raw.get("seats", [])
    if not isinstance(seats, list):
        return out, problem or "its seats are not a list"
    if len(seats) > MAX_SEATS:
        problem = problem or f"{len(seats)} seats, only the first {MAX_SEATS} are kept"
    for number, seat in enumerate(seats[:MAX_SEATS], start=1):
        kept, why = _seat(seat, number)
        out["seats"].append(kept)
        problem = problem or why
    return out, problem


def checked_setups(raw: object) -> tuple[dict[str, dict[str, Any]], str]:
    """The usable part of remembered setups and what was wrong with the first bad value ("" if
    nothing was)."""
    if not isinstance(raw, dict):
        return {}, "not a group of games"
    out: dict[str, dict[str, Any]] = {}
    problem = ""
    for game, entry in list(raw.items())[:MAX_GAMES]:
        why = _id_problem(game, "a game's id")
        if why is not None:
            problem = problem or why
            continue
        kept, why = _game(entry)
        out[game] = kept
        problem = problem or (why and f"{game}: {why}") or ""
    if len(raw) > MAX_GAMES:
        problem = problem or f"{len(raw)} games, only the first {MAX_GAMES} are kept"
    return out, problem


def remember(
    setups: Mapping[str, Any],
    game: str,
    players: int,
    kinds: Sequence[str],
    names: Sequence[str],
    colours: Sequence[int | None],
) -> dict[str, dict[str, Any]]:
    """``setups`` with ``game``'s setup as given (every seat row, so a larger count later finds
    its rows as they were); the game remembered last comes last, the oldest past MAX_GAMES goes."""
    seats = [
        {"kind": kind, "name": name, "colour": colour}
        for kind, name, colour in list(zip(kinds, names, colours))[:MAX_SEATS]
    ]
    out = {g: entry for g, entry in setups.items() if g != game}
    out[game] = {"players": players, "seats": seats}
    return dict(list(out.items())[-MAX_GAMES:])
