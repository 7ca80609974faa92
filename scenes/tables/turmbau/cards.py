"""What the pointer's notes tell, by keys: Down goes from the discs to the cards in hand (building
cards, the trading card, the action cards), Up from the discs to the players' plates and the
action cards played; Left and Right go along the row, the other of Up and Down goes back to the
discs. The thing pointed at shows the note the pointer shows over it, and Enter on a card does
what a click on it does. The table's ``card`` is (row, index), row 0 the plates, 1 the hand."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from babel.games.turmbau import data
from babel.games.turmbau.model import TurmbauView
from scenes import theme
from scenes.canvas import Canvas
from scenes.tables.turmbau.layout import HAND_CARD, SMALL_CARD, disc_centre, plate_rect, spent_rect

ALONG = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
KEYS = (*ALONG, *ENTER)  # the keys that stay with the row while something in it is pointed at
AWAY = {pygame.K_UP: 0, pygame.K_DOWN: 1}  # the row each key goes to from the discs
Spot = tuple[tuple, pygame.Rect]  # what it is (as ``layout.target_at`` names it) and where


def _card(size, centre) -> pygame.Rect:
    r = pygame.Rect(0, 0, *size)
    r.center = (round(centre[0]), round(centre[1]))
    return r


def spots(view: TurmbauView, hand, extras, row: int) -> list[Spot]:
    """The row's things, left to right: the plates in turn order and the action cards played
    (row 0), or the viewer's cards (row 1)."""
    if row == 0:
        order = [(view.start + i) % view.players for i in range(view.players)]
        out = [(("plate", s), plate_rect(view, s)) for s in order]
        out += [(("spent", data.ACTION_KINDS[a]), spent_rect(view.players, i)) for i, a in enumerate(view.spent[:10])]
        return out
    out = [(("hand", i, k), _card(HAND_CARD, c)) for i, (k, c, _) in enumerate(hand)]
    return out + [((kind, face), _card(SMALL_CARD, c)) for kind, face, c in extras]


def step(at: tuple[int, int] | None, key: int, counts: tuple[int, int]) -> tuple[int, int] | None:
    """Where the keys point after ``key`` (None: back at the discs; Enter stays)."""
    if key in AWAY:
        if at is None:
            row = AWAY[key]
            return (row, 0) if counts[row] else None
        return None if at[0] != AWAY[key] else at
    if at is None or not counts[at[0]]:
        return None
    row, i = at
    return (row, min(max(0, min(i, counts[row] - 1) + ALONG.get(key, 0)), counts[row] - 1))


def current(view: TurmbauView, hand, extras, at: tuple[int, int] | None) -> Spot | None:
    if at is None:
        return None
    row = spots(view, hand, extras, at[0])
    return row[min(at[1], len(row) - 1)] if row else None


def handle(table, key: int, click: Callable[[tuple], None]) -> bool:
    """A key for the rows (Up, Down; Left, Right and Enter while something is pointed at): the
    table's ``card`` moves, or ``click`` acts on a card. False: the key is not the rows'."""
    if key not in AWAY and (table.card is None or key not in KEYS):
        return False
    hand, extras = table.hand_cards(), table.extra_cards()
    counts = (len(spots(table.view, hand, extras, 0)), len(hand) + len(extras))
    table.card = step(table.card, key, counts)
    here = current(table.view, hand, extras, table.card)
    if here is not None and key in ENTER:
        if table.card[0] == 1:
            click(here[0])  # as a click on it (a card played ends the pointing)
        return True
    return table.card is not None or key in AWAY


def pointed(table) -> tuple | None:
    """What the note is about: the hovered thing, else what the keys point at (a disc or not)."""
    if table.hover is not None:
        return table.hover
    here = current(table.view, table.hand_cards(), table.extra_cards(), table.card)
    if here is not None:
        return here[0]
    return ("disc", *table.cursor) if table.cursor is not None and table.mode() == "turn" else None


def note_spot(table) -> tuple[tuple[float, float], bool]:
    """Where the note of what the keys point at hangs from, as from a pointer, and whether under
    it: over a card's top edge (the card stays in sight), left of a plate, or by the disc."""
    here = current(table.view, table.hand_cards(), table.extra_cards(), table.card)
    if here is None:
        return disc_centre(*table.cursor), False
    r = here[1]
    return ((r.centerx, r.top + 4), False) if table.card[0] == 1 else ((r.x, r.top - 8), True)


def draw_focus(canvas: Canvas, view: TurmbauView, hand, extras, at: tuple[int, int] | None) -> None:
    """The focus ring around what the keys point at."""
    here = current(view, hand, extras, at)
    if here is not None:
        canvas.fill_rect(theme.FOCUS, here[1].inflate(12, 12), radius=12, width=4 * theme.OUTLINE)
