"""Which colour and pattern each seat shows, the same on the setup screen and at the table.

Each game has a palette of looks (colour, pattern, name), colour-blind safe because every colour
comes with its own pattern. A seat shows the look it chose at setup (``Seat.colour``, an index
into its game's palette) or, when it chose none, the look of its seat number. Babel On!'s nation
colours are part of its rules (the blocks in the bag are red, blue ...), so its palette is the
nation palette in seat order and a seat cannot change it.

A table calls ``activate`` when it is shown, so the drawing helpers that only know a seat number
(``look(seat)``) draw the chosen colours; cached surfaces are keyed by the palette index
(``index(seat)``) rather than the seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from scenes import theme

Look = tuple[tuple[int, int, int], str, str]

FIXED_BY_RULES = frozenset({"babel_on"})  # games whose seat colours are part of the rules

_active: tuple[str | None, tuple[int, ...]] = (None, ())


def palette(game_id: str | None) -> tuple[Look, ...]:
    if game_id == "babel_on":
        from scenes.tables.babel_on import art  # the nations in engine order

        return tuple(
            (rgb, pattern, name.capitalize())
            for rgb, pattern, name in zip(art.NATION_RGB, art.NATION_PATTERN, art.NATION_NAMES)
        )
    return theme.SEAT_COLOURS


def choosable(game_id: str | None) -> bool:
    """Whether players pick their colour for this game at setup."""
    return game_id not in FIXED_BY_RULES


def chosen_indices(game_id: str | None, choices: Sequence[int | None]) -> tuple[int, ...]:
    """Each seat's palette index: its valid, unshared choice, else the first free look."""
    size = len(palette(game_id))
    if not choosable(game_id):
        return tuple(i % size for i in range(len(choices)))
    out: list[int] = []
    for seat, choice in enumerate(choices):
        ok = isinstance(choice, int) and 0 <= choice < size and choice not in out
        if not ok:
            choice = next((i for i in range(seat, seat + size) if i % size not in out), seat) % size
        out.append(choice)
    return tuple(out)


def activate(game_id: str | None, seats: Sequence) -> None:
    """The table now on screen: ``look(seat)`` answers with these seats' chosen looks."""
    global _active
    _active = (game_id, chosen_indices(game_id, [getattr(s, "colour", None) for s in seats]))


def index(seat: int) -> int:
    game_id, indices = _active
    if 0 <= seat < len(indices):
        return indices[seat]
    return seat % len(palette(game_id))


def look(seat: int) -> Look:
    game_id, _ = _active
    return palette(game_id)[index(seat)]


def rgb(seat: int) -> tuple[int, int, int]:
    return look(seat)[0]
