"""The viewer's cards by keys: Down goes from the discs to the cards in hand (building cards, the
trading card, the action cards), Left and Right go along them, Up goes back; the card pointed at
shows the note the pointer shows over it, and Enter does what a click on it does."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes import theme
from scenes.canvas import Canvas
from scenes.tables.turmbau.layout import HAND_CARD, SMALL_CARD, disc_centre

ALONG = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
KEYS = (*ALONG, *ENTER)  # the keys that stay with the cards while one is pointed at


def targets(hand, extras) -> list[tuple]:
    """What each card is, as ``layout.target_at`` names it, left to right."""
    return [("hand", i, k) for i, (k, _, _) in enumerate(hand)] + [(kind, face) for kind, face, _ in extras]


def step(count: int, at: int | None, key: int) -> int | None:
    """The card pointed at after ``key`` (None: back at the discs; Enter keeps it)."""
    if key == pygame.K_UP or not count:
        return None
    if at is None or key == pygame.K_DOWN:
        return min(at or 0, count - 1)
    return min(max(0, min(at, count - 1) + ALONG.get(key, 0)), count - 1)


def centre(hand, extras, at: int) -> tuple[float, float]:
    """Where card ``at`` is."""
    if at < len(hand):
        return hand[at][1]
    return extras[at - len(hand)][2]


def handle(table, key: int, click: Callable[[tuple], None]) -> bool:
    """A key for the cards (Down, Up; Left, Right and Enter while a card is pointed at): the
    table's ``card`` moves, or ``click`` acts on it. False: the key is not the cards'."""
    if key not in (pygame.K_UP, pygame.K_DOWN) and (table.card is None or key not in KEYS):
        return False
    there = targets(table.hand_cards(), table.extra_cards())
    table.card = step(len(there), table.card, key)
    if table.card is not None and key in ENTER:
        click(there[table.card])  # as a click on it (a card played ends the pointing)
        return True
    return table.card is not None or key in (pygame.K_UP, pygame.K_DOWN)


def pointed(table) -> tuple | None:
    """What the note is about: the hovered thing, else the card or the disc the keys point at."""
    there = targets(table.hand_cards(), table.extra_cards()) if table.card is not None else []
    if table.hover is not None or (not there and (table.cursor is None or table.mode() != "turn")):
        return table.hover
    return there[min(table.card, len(there) - 1)] if there else ("disc", *table.cursor)


def note_spot(table) -> tuple[float, float]:
    """Where the note of what the keys point at hangs from, as from a pointer: a card's top edge
    (the card stays in sight under it), or the disc's centre."""
    hand, extras = table.hand_cards(), table.extra_cards()
    if table.card is None or not hand + extras:
        return disc_centre(*table.cursor)
    at = min(table.card, len(hand) + len(extras) - 1)
    x, y = centre(hand, extras, at)
    return (x, y - (HAND_CARD if at < len(hand) else SMALL_CARD)[1] / 2 + 4)


def draw_focus(canvas: Canvas, hand, extras, at: int | None) -> None:
    """The focus ring around the card the keys point at."""
    if at is None or at >= len(hand) + len(extras):
        return
    size = HAND_CARD if at < len(hand) else SMALL_CARD
    r = pygame.Rect(0, 0, *size)
    r.center = tuple(round(v) for v in centre(hand, extras, at))
    canvas.fill_rect(theme.FOCUS, r.inflate(12, 12), radius=12, width=4 * theme.OUTLINE)
