"""Pictures of public piece faces for the phone page, drawn by the tables' own art code.

A phone seat should see the same cards, dice and discs as the shared table, not a second design
that drifts away from it. So before the server starts, the loop thread paints every face a game
can show with the painters in ``scenes/tables/<game>/art.py`` and encodes each as PNG bytes; the
server only hands those bytes out. Every picture is a face printed in the box (a card, a die
face, a disc): public knowledge, named by what it shows, never by anything a seat keeps secret.

Names (the page builds the same names from the view it receives):

- every game: ``card-back``
- duel: ``duel-card-{seat}-{card}`` (the seat's suit, card 2..15), ``die-{1..6}``
- turmbau: ``turmbau-kind-{k}``, ``turmbau-action-{name}``, ``turmbau-trade-{palette index}``,
  ``turmbau-disc-{kind}-{value}[-{kind}-{value}]``, ``turmbau-disc-back``
- builders: ``builders-card-{id}``, ``builders-role-{role}``, ``builders-role-back``
- babel_on: ``babel-block-{look}`` (a block in a nation look: ``red`` .. ``orange``, as the
  players chose them), ``babel-block-stone`` (the neutral blocks), ``die-{1..6}``
- solitaire: ``solitaire-tile-{code}`` (``solitaire-tile-am``: the ace of Moons),
  ``solitaire-card-{code}`` (``solitaire-card-tc``: the ten of clubs), ``solitaire-tile-back``
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable

import pygame

from babel.core.protocol import Config

CARD_PX = (144, 204)  # card pictures: twice the page's largest card (72 x 102 CSS px)
DIE_PX = 112
DISC_PX = 120
BLOCK_PX = 56  # a Babel On! block: twice the page's cube edge (28 CSS px)
TILE_PX = 96  # a solitaire tile: twice the page's largest tile (48 CSS px)
NAME_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")  # what a picture name may look like

Painter = Callable[[], pygame.Surface]


def png_bytes(surface: pygame.Surface) -> bytes:
    """``surface`` as PNG bytes (works under the dummy video driver: no display needed)."""
    out = io.BytesIO()
    pygame.image.save(surface, out, "picture.png")
    return out.getvalue()


def _duel() -> dict[str, Painter]:
    from babel.games.duel.model import DIE_MAX, SUIT
    from scenes.tables.duel.art import SUITS, painter
    from scenes.widgets.dice import paint_die

    w, h = CARD_PX
    out: dict[str, Painter] = {}
    for seat in range(len(SUITS)):
        paint = painter(seat)
        for card in SUIT:
            out[f"duel-card-{seat}-{card}"] = lambda p=paint, c=card: p(c, w, h)
    for value in range(1, DIE_MAX + 1):
        out[f"die-{value}"] = lambda v=value: paint_die(v, DIE_PX)
    return out


def disc_name(kinds: tuple[int, ...] | list[int], values: tuple[int, ...] | list[int]) -> str:
    """The picture name of a Der Turmbau disc: ``turmbau-disc-3-4`` (kind 3 needing 4)."""
    return "turmbau-disc-" + "-".join(f"{int(k)}-{int(v)}" for k, v in zip(kinds, values))


def _turmbau() -> dict[str, Painter]:
    from babel.games.turmbau import data
    from scenes import theme
    from scenes.tables.turmbau.art import (
        paint_action_card,
        paint_building_card,
        paint_disc,
        paint_disc_back,
        paint_trading_card,
    )

    w, h = CARD_PX
    out: dict[str, Painter] = {}
    for kind in range(data.NKINDS):
        out[f"turmbau-kind-{kind}"] = lambda k=kind: paint_building_card(k, w, h)
    for name in data.ACTION_KINDS:
        out[f"turmbau-action-{name.replace('_', '-')}"] = lambda n=name: paint_action_card(n, w, h)
    for index in range(len(theme.SEAT_COLOURS)):
        out[f"turmbau-trade-{index}"] = lambda i=index: paint_trading_card(i, w, h)
    discs: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    for kind in range(data.NKINDS):
        for value in set(data.DISC_VALUES):
            discs.add(((kind,), (value,)))
    for pair in data.TWO_KIND_DISCS:
        discs.add((tuple(k for k, _ in pair), tuple(v for _, v in pair)))
    for kinds, values in sorted(discs):
        out[disc_name(kinds, values)] = lambda k=kinds, v=values: paint_disc((k, v), DISC_PX)
    out["turmbau-disc-back"] = lambda: paint_disc_back(DISC_PX)
    return out


def _builders() -> dict[str, Painter]:
    from babel.games.builders import cards as C
    from scenes.tables.builders.art import ROLE_STYLE, paint_card_face, paint_role_back, paint_role_card

    w, h = CARD_PX
    out: dict[str, Painter] = {}
    for card in C.CARDS:
        out[f"builders-card-{card.id}"] = lambda c=card.id: paint_card_face(c, w, h)
    for role in ROLE_STYLE:
        out[f"builders-role-{role}"] = lambda r=role: paint_role_card(r, w, h)
    out["builders-role-back"] = lambda: paint_role_back(w, h)
    return out


def _babel_on() -> dict[str, Painter]:
    from scenes import seat_colours, theme
    from scenes.tables.babel_on.art import NEUTRAL_PATTERN
    from scenes.widgets.blocks import paint_cube
    from scenes.widgets.dice import paint_die

    out: dict[str, Painter] = {}
    looks = zip(seat_colours.NATION_NAMES, seat_colours.NATION_RGB, seat_colours.NATION_PATTERN)
    for name, rgb, pattern in looks:
        out[f"babel-block-{name}"] = lambda c=rgb, p=pattern: paint_cube(c, p, BLOCK_PX)
    out["babel-block-stone"] = lambda: paint_cube(theme.NEUTRAL_BLOCK, NEUTRAL_PATTERN, BLOCK_PX)
    for value in range(1, 7):
        out[f"die-{value}"] = lambda v=value: paint_die(v, DIE_PX)
    return out


def piece_name(kind: str, code: str) -> str:
    """The picture name of a solitaire piece: ``solitaire-tile-am`` (the tile ``aM``)."""
    return f"solitaire-{kind}-{code.lower()}"


def _solitaire() -> dict[str, Painter]:
    from babel.games.solitaire.deals import CARDS, TILES
    from scenes.tables.solitaire.art import paint_card, paint_tile, paint_tile_back

    w, h = CARD_PX
    cw, ch = round(w * 2 / 3), round(h * 2 / 3)  # the line's cards are smaller than a hand's
    out: dict[str, Painter] = {}
    for code in TILES:
        out[piece_name("tile", code)] = lambda c=code: paint_tile(c, TILE_PX, TILE_PX)
    for code in CARDS:
        out[piece_name("card", code)] = lambda c=code: paint_card(c, cw, ch)
    out["solitaire-tile-back"] = lambda: paint_tile_back(TILE_PX, TILE_PX)
    return out


GAMES: dict[str, Callable[[], dict[str, Painter]]] = {
    "duel": _duel,
    "turmbau": _turmbau,
    "builders": _builders,
    "babel_on": _babel_on,
    "solitaire": _solitaire,
}


def pictures_for(game_id: str, config: Config | None = None) -> dict[str, bytes]:
    """Every public face the phone page may show for ``game_id``, as PNG bytes by name.

    Runs on the loop thread before the server starts (pygame is not thread-safe). ``config`` is
    accepted so a game whose faces depend on its options can narrow the set; today every face
    of the box is painted, which costs a fraction of a second and keeps the names fixed.
    The solitaire paints both its decks (tiles and cards), whatever the variant.
    """
    del config
    from scenes.widgets.cards import paint_back

    if not pygame.font.get_init():
        pygame.font.init()
    w, h = CARD_PX
    painters: dict[str, Painter] = {"card-back": lambda: paint_back(w, h)}
    painters.update(GAMES.get(game_id, dict)())
    out: dict[str, bytes] = {}
    for name, paint in painters.items():
        if not NAME_RE.match(name):
            raise ValueError(f"bad picture name {name!r}")
        out[name] = png_bytes(paint())
    return out
