"""Babel Builders table geometry: where seats, the base, the tray and the piles sit.

Pure functions of the seat order, so the drawing code and the hit tests agree on every spot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from scenes.theme import CARD_H, CARD_W
from scenes.widgets.blocks import IsoGrid

FELT = pygame.Rect(16, 16, 1214, 868)
PANEL_X, PANEL_W = 1244, 340
LESSON_BOX = (420, 24, 420, 0)  # a lesson's words: the felt's top, between the top seats
CENTRE = (623, 430)
RX, RY = 505, 335
HAND_Y = 806
HAND_X = 623
OWN_PLATE = (212, 772)  # the bottom seat: its discard box and caption must end inside the felt
BOTTOM_FRONT = (623, 690)
PLATE_W, PLATE_H = 196, 40
HAND_DY = 50  # a seat's hand backs and discards under its plate, below the status line
EDGE = 24  # the least room between a seat's plate and the felt's edge
SMALL = (28, 40)
TRAY_CARD = (46, 64)
TRAY_FACE = (72, 100)
SPOT = (812, 400)
SPOT_SIZE = (112, 158)
PILE = (330, 578)
PILE_SIZE = (70, 98)
DECK = (470, 580)
SUPPLY = (846, 600)
ROLE_CARD = (1138, 800)
ROLE_SIZE = (86, 120)
BASE_ORIGIN = (623, 390)


def seat_order(players: int, bottom: int) -> list[int]:
    """Seats clockwise from the bottom seat (the screen's owner)."""
    return [(bottom + i) % players for i in range(players)]


def seat_anchors(players: int, bottom: int) -> dict[int, tuple[float, float]]:
    """The centre of each seat's name plate; the bottom seat sits at the front left."""
    order = seat_order(players, bottom)
    out = {bottom: OWN_PLATE}
    others = order[1:]
    m = len(others)
    for k, seat in enumerate(others):
        theta = math.radians(205 - k * (230 / max(1, m - 1)))
        x = CENTRE[0] + RX * math.cos(theta)
        # the seats at the far left and right (9-10 players) stay clear of the table's rim
        x = min(max(x, FELT.left + EDGE + PLATE_W / 2), FELT.right - EDGE - PLATE_W / 2)
        out[seat] = (x, CENTRE[1] - RY * math.sin(theta))
    return out


def front(anchor: tuple[float, float], bottom: bool) -> tuple[float, float]:
    """The table edge in front of a seat (where its pieces go toward the centre)."""
    return BOTTOM_FRONT if bottom else anchor


def tray_pos(anchor: tuple[float, float], bottom: bool) -> tuple[float, float]:
    """Where the cards handed to a Master lie, between the Master and the base."""
    if bottom:
        return (BOTTOM_FRONT[0], BOTTOM_FRONT[1] - 88)
    x, y = anchor
    dx, dy = x - CENTRE[0], y - CENTRE[1]
    d = max(1.0, math.hypot(dx, dy))
    return (CENTRE[0] + dx / d * 300, CENTRE[1] + dy / d * 215)


def plate_rect(anchor: tuple[float, float]) -> pygame.Rect:
    r = pygame.Rect(0, 0, PLATE_W, PLATE_H)
    r.center = (round(anchor[0]), round(anchor[1]))
    return r


def hand_backs_pos(anchor: tuple[float, float], i: int) -> tuple[float, float]:
    x, y = anchor
    return (x - PLATE_W / 2 + 16 + i * 14, y + HAND_DY)


def discard_pos(anchor: tuple[float, float], i: int, count: int) -> tuple[float, float]:
    """Discard ``i`` of ``count`` in a seat's face-down discard area, right of the hand backs."""
    x, y = anchor
    step = 30 if count <= 3 else max(8, 84 / max(1, count - 1))
    return (x - PLATE_W / 2 + 94 + i * step, y + HAND_DY)


def discard_area(anchor: tuple[float, float]) -> pygame.Rect:
    """A seat's face-down discard area: right of its hand backs, under its name plate."""
    x0, y0 = discard_pos(anchor, 0, 1)
    return pygame.Rect(round(x0 - 18), round(y0 - 4), round(plate_rect(anchor).right - x0 + 18), 44)


def hand_pos(i: int, n: int) -> tuple[float, float]:
    step = 112 if n <= 4 else 448 / max(1, n - 1)
    return (HAND_X + (i - (n - 1) / 2) * step, HAND_Y)


def make_grid(max_height: int) -> IsoGrid:
    """The base's isometric grid; cubes shrink a little when a tower grows very tall."""
    cube = 64 if max_height <= 8 else max(36, 64 * 8 / max_height)
    return IsoGrid(BASE_ORIGIN, cube)


def cell_xy(cell: int) -> tuple[int, int]:
    """Cell index (A1 top left) to iso (gx, gy): columns run down-right, rows down-left."""
    return (cell % 3, cell // 3)


def cell_outline(grid: IsoGrid, cell: int, height: int) -> list[tuple[float, float]]:
    """The silhouette of a cell's tower (floor rhombus to top rhombus), for hit tests."""
    gx, gy = cell_xy(cell)
    floor = grid.cell_polygon(gx, gy, 0)
    top_y = grid.project(gx, gy, max(0, height - 1))[1] if height else floor[0][1]
    lift = floor[0][1] - top_y
    top = [(x, y - lift) for x, y in floor]
    if lift <= 0:
        return floor
    return [top[0], top[1], floor[1], floor[2], floor[3], top[3]]


def point_in_poly(p: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xi = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xi > x:
                inside = not inside
    return inside


def role_rect() -> pygame.Rect:
    """The viewer's face-down role card (hold it, or R, to look)."""
    w, h = ROLE_SIZE
    return pygame.Rect(round(ROLE_CARD[0] - w / 2), round(ROLE_CARD[1] - h / 2), w, h)


def hand_layout(hand: tuple[int, ...]) -> list[tuple[int, tuple[float, float]]]:
    """The viewer's own hand: each card and its centre."""
    return [(c, hand_pos(i, len(hand))) for i, c in enumerate(hand)]


def received_rects(received: tuple[int, ...]) -> list[tuple[int, pygame.Rect]]:
    """The cards handed to the Master, on the private-check sheet."""
    out = []
    for i, c in enumerate(received):
        r = pygame.Rect(0, 0, CARD_W, CARD_H)
        r.center = (round(623 + (i - (len(received) - 1) / 2) * 116), 330)
        out.append((c, r))
    return out


def reveal_rects(face_down: tuple[int, ...], tray: tuple[float, float]) -> list[tuple[int, pygame.Rect]]:
    """The Master's face-down cards still to reveal, face up in the tray for the Master."""
    cards = sorted(face_down)
    tx, ty = tray
    w, h = TRAY_FACE
    out = []
    for i, c in enumerate(cards):
        r = pygame.Rect(0, 0, w, h)
        r.center = (round(tx + (i - (len(cards) - 1) / 2) * (w + 8)), round(ty))
        out.append((c, r))
    return out


def ready_pos(anchors: dict[int, tuple[float, float]], bottom: int, seat: int) -> tuple[float, float]:
    """Where an appointed seat's chosen cards wait, between the seat and the base."""
    x, y = anchors[seat]
    if seat == bottom:
        return (BOTTOM_FRONT[0] - 150, BOTTOM_FRONT[1])
    dx, dy = CENTRE[0] - x, CENTRE[1] - y
    d = max(1.0, (dx * dx + dy * dy) ** 0.5)
    return (x + dx / d * 128, y + 20 + dy / d * 110)


def tray_of(anchors: dict[int, tuple[float, float]], master: int, bottom: int) -> tuple[float, float]:
    """The tray of the Master shown on the table."""
    return tray_pos(anchors[master], master == bottom)


def cell_at(pos: tuple[float, float], heights: list[int] | tuple[int, ...]) -> int | None:
    """The cell of the base under ``pos`` (front towers first)."""
    grid = make_grid(max(heights))
    for cell in sorted(range(9), key=lambda c: -(cell_xy(c)[0] + cell_xy(c)[1])):
        if point_in_poly(pos, cell_outline(grid, cell, heights[cell])):
            return cell
    return None


def target_at(
    pos: tuple[float, float],
    received: tuple[int, ...],
    reveal: list[tuple[int, pygame.Rect]],
    hand: tuple[int, ...],
    heights: list[int] | tuple[int, ...],
    anchors: dict[int, tuple[float, float]],
) -> tuple[str, int] | None:
    """What lies under ``pos``, top first: a received card on the check sheet, a card to reveal,
    a card of the own hand, a cell of the base, a seat. ``received`` and ``reveal`` are empty
    unless the check or the reveal is on screen."""
    for card, rect in received_rects(received):
        if rect.collidepoint(pos):
            return ("received", card)
    for card, rect in reveal:
        if rect.collidepoint(pos):
            return ("reveal", card)
    for card, (x, y) in reversed(hand_layout(hand)):
        r = pygame.Rect(0, 0, CARD_W, CARD_H)
        r.center = (round(x), round(y))
        if r.collidepoint(pos):
            return ("hand", card)
    cell = cell_at(pos, heights)
    if cell is not None:
        return ("cell", cell)
    for seat, anchor in anchors.items():
        if plate_rect(anchor).inflate(8, 58).move(0, 20).collidepoint(pos):
            return ("seat", seat)
    return None


def discards_at(
    pos: tuple[float, float], discards: tuple, anchors: dict[int, tuple[float, float]]
) -> int | None:
    """The seat whose discard area is under ``pos`` (hovering it shows the cards larger)."""
    for seat, anchor in anchors.items():
        if discards[seat] and discard_area(anchor).collidepoint(pos):
            return seat
    return None


def lesson_rect(target: tuple, lay: LessonPlaces) -> pygame.Rect | None:
    """What a lesson points at: the next thing to click for the move it suggests (a plate, a
    card of the hand, a received or face-down card, a cell), or None for the Confirm button."""
    kind, *rest = target
    if kind in ("seats", "seat"):
        seats = rest[0] if kind == "seats" else (rest[0],)
        waiting = [s for s in seats if s not in lay.choice.picked or kind == "seat"]
        return plate_rect(lay.anchors[waiting[0]]) if waiting else None
    if kind == "play":
        card, discard = rest
        todo = (
            card if lay.choice.sel_play != card else (discard if lay.choice.sel_discard != discard else None)
        )
        return None if todo is None else _hand_rect(lay.hand, todo)
    if kind == "swap":
        take, give = rest
        if lay.choice.sel_take != take:
            return next((r for c, r in received_rects(lay.received) if c == take), None)
        return _hand_rect(lay.hand, give) if give is not None and lay.choice.sel_give != give else None
    if kind == "reveal":
        return next((r for c, r in lay.reveal if c == rest[0]), None)
    if kind == "cell":
        poly = cell_outline(make_grid(max(lay.heights)), rest[0], lay.heights[rest[0]])
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        return pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys)))
    return None


def _hand_rect(hand: tuple[int, ...], card: int) -> pygame.Rect | None:
    for c, (x, y) in hand_layout(hand):
        if c == card:
            r = pygame.Rect(0, 0, CARD_W, CARD_H)
            r.center = (round(x), round(y))
            return r
    return None


@dataclass(frozen=True)
class LessonPlaces:
    """What a lesson's pointer needs to know of the table: where things lie and what is picked."""

    anchors: dict
    hand: tuple[int, ...]
    received: tuple[int, ...]
    reveal: list
    heights: tuple[int, ...]
    choice: Any  # the table's Choice: what is picked so far
