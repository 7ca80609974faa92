"""Which colour and pattern each seat shows, the same on the setup screen and at the table.

Each game has a palette of looks (colour, pattern, name), colour-blind safe because every colour
comes with its own pattern. A seat shows the look it chose at setup (``Seat.colour``, an index
into its game's palette) or, when it chose none, the first look no other seat has. In Babel On!
the palette is the six nation looks: a seat's choice becomes its nation's colour, blocks and all
(the engine's nation names stay inside the rules).

A table calls ``activate`` when it is shown, so the drawing helpers that only know a seat number
(``look(seat)``) draw the chosen colours; cached surfaces are keyed by the palette index
(``index(seat)``) rather than the seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from scenes import theme

Look = tuple[tuple[int, int, int], str, str]

FIXED_BY_RULES: frozenset[str] = frozenset()  # games whose seat colours the rules fix

# Babel On!'s nation looks, in the engine's nation order (red, blue, yellow, green, purple, orange).
NATION_RGB = (
    (200, 58, 48),
    (44, 104, 196),
    (236, 200, 56),
    (58, 150, 82),
    (138, 82, 176),
    (232, 132, 36),
)
NATION_NAMES = ("red", "blue", "yellow", "green", "purple", "orange")
NATION_PATTERN = ("plain", "dots", "stripes", "cross", "diamond", "ring")

_active: tuple[str | None, tuple[int, ...]] = (None, ())


def palette(game_id: str | None) -> tuple[Look, ...]:
    if game_id == "babel_on":
        return tuple(
            (rgb, pattern, name.capitalize())
            for rgb, pattern, name in zip(NATION_RGB, NATION_PATTERN, NATION_NAMES)
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


def draw_dot(canvas, seat: int, centre: tuple[float, float], radius: float) -> None:
    """The seat's token: its colour with its pattern mark (never the colour alone)."""
    from scenes import assets
    from scenes.widgets.blocks import paint_dot

    colour, pattern, _ = look(seat)
    px = canvas.px(2 * radius)
    key = ("seat-dot", colour, pattern, px, theme.CONTRAST)
    canvas.blit(assets.surface(key, lambda: paint_dot(colour, pattern, px).convert_alpha()), centre, anchor="center")
