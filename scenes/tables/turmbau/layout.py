"""Where things lie on the Turmbau table (logical 1600x900): the board, the wonders and their
discs, the offer zone and its slots, the viewer's hand and cards, the right column (seat plates,
scoring table, supply), the score sheet, and what lies under a point. Pure geometry: no drawing.
"""

from __future__ import annotations

import pygame

from babel.games.turmbau import data
from babel.games.turmbau.model import Phase, TurmbauView
from scenes.theme import LOGICAL_H

FELT = pygame.Rect(18, 12, 1170, 552)
TRACK = pygame.Rect(30, 24, 1146, 528)
TRACK_BAND = 24
TRACK_TOP = 36  # cells along the top and bottom edges (corners included)
TRACK_SIDE = 14  # cells along each side between the corners
TRACK_CELLS = 2 * TRACK_TOP + 2 * TRACK_SIDE  # 100: scores wrap with a "+100" badge
TILE_X, TILE_Y, TILE_W, TILE_H, TILE_GAP = 60, 54, 266, 232, 8
DISC_D = 46
BIG, SMALL_CUBE = 22, 14  # cube widths of value-3 and value-1 parts

OFFER_ZONE = pygame.Rect(18, 574, 1170, 146)
BUILDER_W = 280
HAND_Y = 816
HAND_X0, HAND_X1 = 36, 690
HAND_CARD = (80, 112)
SMALL_CARD = (56, 80)
EXTRA_X0, EXTRA_X1 = 710, 900
RX, RW = 1200, 388
PLATE_H = 60
SEATS_TOP = 12
PROMPT_X = 600  # the prompt line's centre, under the offers
LOG_BOTTOM = 792  # the right column's paper ends here; the tool buttons (Undo, Hint) sit below it
LOG_STYLE = (13, 19)  # the log's text size and row
SHEET_ROW_H = 30
DISCS_DY, DISCS_ROW = 118, 70  # the viewer's discs: their heading under the supply's top, and their row


def tile_rect(index: int) -> pygame.Rect:
    col, row = index % 4, index // 4
    return pygame.Rect(TILE_X + col * (TILE_W + TILE_GAP), TILE_Y + row * (TILE_H + TILE_GAP), TILE_W, TILE_H)


def disc_centre(wonder: int, slot: int) -> tuple[float, float]:
    r = tile_rect(wonder)
    return (r.x + r.w * (0.2 + 0.3 * slot), r.y + 58)


def stack_base(wonder: int, seat: int, players: int) -> tuple[float, float]:
    """Centre of a seat's pile on a wonder's ground strip."""
    r = tile_rect(wonder)
    return (r.x + 6 + (r.w - 12) * (seat + 0.5) / players, r.bottom - 18)


def track_cell(i: int) -> pygame.Rect:
    """The i-th cell of the victory-point track, clockwise from the top-left corner."""
    i %= TRACK_CELLS
    t = TRACK
    cw = t.w / TRACK_TOP
    ch = (t.h - 2 * TRACK_BAND) / TRACK_SIDE
    if i < TRACK_TOP:
        return pygame.Rect(round(t.x + i * cw), t.y, round(cw), TRACK_BAND)
    i -= TRACK_TOP
    if i < TRACK_SIDE:
        return pygame.Rect(t.right - TRACK_BAND, round(t.y + TRACK_BAND + i * ch), TRACK_BAND, round(ch))
    i -= TRACK_SIDE
    if i < TRACK_TOP:
        return pygame.Rect(round(t.right - (i + 1) * cw), t.bottom - TRACK_BAND, round(cw), TRACK_BAND)
    i -= TRACK_TOP
    return pygame.Rect(t.x, round(t.bottom - TRACK_BAND - (i + 1) * ch), TRACK_BAND, round(ch))


# -- the offer zone ------------------------------------------------------------------------------
def offer_slots(view: TurmbauView) -> list[int]:
    """The seats whose offers lie in the zone, in turn order after the builder."""
    n = view.players
    return [(view.active + i) % n for i in range(1, n)]


def slot_rect(view: TurmbauView, seat: int) -> pygame.Rect:
    slots = offer_slots(view)
    x0 = OFFER_ZONE.x + BUILDER_W + 16
    w = min(300, (OFFER_ZONE.right - 8 - x0) / max(1, len(slots)))
    i = slots.index(seat) if seat in slots else 0
    return pygame.Rect(round(x0 + i * w), OFFER_ZONE.y + 6, round(w - 8), OFFER_ZONE.h - 12)


def slot_card_pos(view: TurmbauView, seat: int, i: int, n: int) -> tuple[float, float]:
    r = slot_rect(view, seat)
    step = min(SMALL_CARD[0] + 4, (r.w - 90 - SMALL_CARD[0]) / max(1, n - 1))
    x0 = r.x + 14 + SMALL_CARD[0] / 2
    return (x0 + i * step, r.y + 66)


def slot_card_covered(view: TurmbauView, seat: int, i: int, n: int) -> bool:
    """The ``i``-th of ``n`` cards in a seat's offer lies partly under the next one (then it is
    drawn without its name: a cut word would show)."""
    if i >= n - 1:
        return False
    return slot_card_pos(view, seat, i + 1, n)[0] - slot_card_pos(view, seat, i, n)[0] < SMALL_CARD[0]


def offer_back_pos(view: TurmbauView, seat: int, i: int, n: int, known: bool) -> tuple[float, float]:
    """Where a face-down offer's card lies: fanned for the owner (who knows the count), a neat
    pile for everyone else (the size of someone else's offer is hidden)."""
    if known:
        return slot_card_pos(view, seat, i, max(1, n))
    x, y = slot_card_pos(view, seat, 0, 1)
    return (x + 4 * i, y)


# -- the viewer's hand ---------------------------------------------------------------------------
def hand_cards(view: TurmbauView, chosen: tuple[int, ...]) -> list[tuple[int, tuple[float, float], bool]]:
    """(kind, centre, chosen) of each card in the viewer's hand, left to right; ``chosen`` counts
    the cards lifted out of the hand per kind (an offer, a trade-in, the builder's fill)."""
    if view.seat is None:
        return []
    kinds = [k for k in range(data.NKINDS) for _ in range(view.hand[k])]
    n = len(kinds)
    if not n:
        return []
    seen = [0, 0, 0, 0]
    out = []
    for k, x in zip(kinds, _hand_xs(kinds)):
        lifted = seen[k] < chosen[k]
        seen[k] += 1
        out.append((k, (x, HAND_Y - (20 if lifted else 0)), lifted))
    return out


def _hand_xs(kinds: list[int]) -> list[float]:
    """The centres of the hand's cards: side by side while they fit; else each kind's cards
    overlap one another and the last of each kind shows whole, its name with it."""
    w, gap, room = HAND_CARD[0], 8, HAND_X1 - HAND_X0
    n = len(kinds)
    last = [i == n - 1 or kinds[i + 1] != kinds[i] for i in range(n)]
    runs = sum(last)
    tight = (room - runs * (w + gap) + gap) / max(1, n - runs)
    if (w + gap) * n - gap <= room:
        steps = [w + gap] * n
    elif tight >= 12:
        steps = [w + gap if end else tight for end in last]
    else:  # too many kinds and cards: an even fan
        steps = [(room - w) / max(1, n - 1)] * n
    xs, x = [], HAND_X0 + w / 2
    for step in steps:
        xs.append(x)
        x += step
    return xs


def hand_card_covered(hand, i: int) -> bool:
    """The ``i``-th card of ``hand`` (as ``hand_cards`` gives it) lies partly under the next."""
    return i < len(hand) - 1 and hand[i + 1][1][0] - hand[i][1][0] < HAND_CARD[0]


def extra_cards(
    view: TurmbauView, trade: bool, triple: bool, jokers: int
) -> list[tuple[str, object, tuple[float, float]]]:
    """The viewer's trading card and action cards: (kind, face, centre); the trading card and the
    Triple bonus are lifted while on the offer, ``jokers`` Jokers while the builder uses them."""
    if view.seat is None:
        return []
    items: list[tuple[str, object]] = [("trade", view.seat)]
    items += [("action", data.ACTION_KINDS[a]) for a in view.my_actions]
    w = SMALL_CARD[0]
    step = min(w + 6, (EXTRA_X1 - EXTRA_X0 - w) / max(1, len(items) - 1))
    out = []
    for i, (kind, face) in enumerate(items):
        lifted = (kind == "trade" and trade) or (kind == "action" and face == "triple" and triple)
        if kind == "action" and face == "joker" and jokers:
            lifted, jokers = True, jokers - 1
        out.append((kind, face, (EXTRA_X0 + w / 2 + i * step, HAND_Y + 10 - (18 if lifted else 0))))
    return out


# -- the right column ----------------------------------------------------------------------------
def plate_rect(view: TurmbauView, seat: int) -> pygame.Rect:
    order = [(view.start + i) % view.players for i in range(view.players)]
    i = order.index(seat)
    return pygame.Rect(RX + 6, SEATS_TOP + 34 + i * (PLATE_H + 4), RW - 12, PLATE_H)


def plate_centre(view: TurmbauView, seat: int) -> tuple[float, float]:
    r = plate_rect(view, seat)
    return (r.centerx, r.centery)


def scoring_top(players: int) -> int:
    return SEATS_TOP + 34 + players * (PLATE_H + 4) + 14


def supply_top(players: int) -> int:
    return scoring_top(players) + 112


def supply_pos(players: int) -> tuple[float, float]:
    return (RX + 40, supply_top(players) + 54)


def spent_rect(players: int, i: int) -> pygame.Rect:
    return pygame.Rect(RX + 262 + (i % 5) * 24, supply_top(players) + 38 + (i // 5) * 26, 20, 24)


# -- the score sheet -----------------------------------------------------------------------------
def sheet_rects(rows: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The end panel and the paper score sheet inside it, sized to ``rows`` rows."""
    sheet_h = 48 + rows * SHEET_ROW_H + 34
    total_h = 104 + sheet_h + 150
    top = max(8, (LOGICAL_H - total_h) / 2)
    outer = pygame.Rect(240, round(top), 1120, total_h)
    return outer, pygame.Rect(outer.x + 30, outer.y + 104, outer.w - 60, sheet_h)


# -- what lies under a point ---------------------------------------------------------------------
def target_at(view: TurmbauView, hand: list, extras: list, pos) -> tuple | None:
    """What the pointer is on: ("action"|"trade", face), ("hand", i, kind), ("offer", seat),
    ("disc", wonder, slot), ("spent", kind) or ("plate", seat); None for nothing."""
    if view.phase is Phase.OVER:
        return None
    for kind, face, c in reversed(extras):
        r = pygame.Rect(0, 0, *SMALL_CARD)
        r.center = (round(c[0]), round(c[1]))
        if r.collidepoint(pos):
            return (kind, face)
    for i, (k, c, _) in reversed(list(enumerate(hand))):
        r = pygame.Rect(0, 0, *HAND_CARD)
        r.center = (round(c[0]), round(c[1]))
        if r.collidepoint(pos):
            return ("hand", i, k)
    if view.phase is Phase.SELECT:
        for s in offer_slots(view):
            if slot_rect(view, s).collidepoint(pos):
                return ("offer", s)
    for w in range(data.NWONDERS):
        for slot in range(data.DISCS_PER_WONDER):
            cx, cy = disc_centre(w, slot)
            if (
                view.wonders[w].discs[slot] is not None
                and (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= (DISC_D / 2 + 2) ** 2
            ):
                return ("disc", w, slot)
    for i, a in enumerate(view.spent[:10]):
        if spent_rect(view.players, i).collidepoint(pos):
            return ("spent", data.ACTION_KINDS[a])
    for s in range(view.players):
        if plate_rect(view, s).collidepoint(pos):
            return ("plate", s)
    return None


def lesson_rect(view: TurmbauView, target: tuple, hand: list, chosen: frozenset | set) -> pygame.Rect | None:
    """What a lesson points at on the board: ("disc", wonder, slot), ("offer", kind) (one card
    of that kind from the hand, until one is picked) or ("invite", seats) (the first offer not yet
    invited); None when it lies elsewhere (a button) or is done."""
    if target[0] == "disc":
        r = pygame.Rect(0, 0, DISC_D + 8, DISC_D + 8)
        r.center = tuple(round(c) for c in disc_centre(target[1], target[2]))
        return r
    if target[0] == "offer":
        picked = any(k == target[1] and lifted for k, _c, lifted in hand)
        spots = [c for k, c, lifted in hand if k == target[1] and not lifted]
        if spots and not picked:
            r = pygame.Rect(0, 0, *HAND_CARD)
            r.center = (round(spots[0][0]), round(spots[0][1]))
            return r
    if target[0] == "invite":
        waiting = [s for s in target[1] if s not in chosen]
        if waiting:
            return slot_rect(view, waiting[0])
    return None


def log_rect(players: int, seated: bool) -> pygame.Rect:
    """The log's lines in the right column: under the supply, the viewer's discs and the title."""
    top = supply_top(players) + DISCS_DY + (DISCS_ROW if seated else 0) + 22
    return pygame.Rect(RX + 14, top, RW - 20, LOG_BOTTOM - 8 - top)


def lesson_clear(hand: list, prompt: str) -> tuple[tuple[pygame.Rect, ...], tuple[pygame.Rect, ...]]:
    """What a lesson's words leave in sight: the offers, the prompt line under them (about as
    wide as its words) and the hand; and where they can, the right column (seats, scoring, the
    discs and what happened)."""
    w = min(OFFER_ZONE.w, 40 + 10 * len(prompt))  # 19 px words: about 10 px a character
    need = [OFFER_ZONE, pygame.Rect(PROMPT_X - w // 2, OFFER_ZONE.bottom, w, 26)]
    cards = [pygame.Rect(0, 0, *HAND_CARD) for _ in hand]
    for r, (_, (x, y), _lifted) in zip(cards, hand):
        r.center = (round(x), round(y))
    if cards:
        need.append(cards[0].unionall(cards[1:]))
    return tuple(need), (pygame.Rect(RX, 12, RW, LOG_BOTTOM - 12),)
