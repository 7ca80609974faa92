"""Where things lie on the Turmbau table (logical 1600x900), the cached board (felt, victory-point
track around it, the eight building sites) and the part stacks drawn as isometric blocks."""

from __future__ import annotations

import pygame

from babel.games.turmbau import data
from scenes import assets, seat_colours
from scenes.canvas import Canvas
from scenes.tables.turmbau_art import paint_wonder_tile
from scenes.widgets.blocks import paint_cube

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


def _paint_board(w: int, h: int) -> pygame.Surface:
    """The track and the eight building sites over the felt, at pixel size (w, h)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    sx, sy = w / FELT.w, h / FELT.h

    def r_px(r: pygame.Rect) -> pygame.Rect:
        x0, y0 = round((r.x - FELT.x) * sx), round((r.y - FELT.y) * sy)
        x1, y1 = round((r.right - FELT.x) * sx), round((r.bottom - FELT.y) * sy)
        return pygame.Rect(x0, y0, x1 - x0, y1 - y0)

    font = assets.font("sans_bold", max(6, round(11 * sy)))
    for i in range(TRACK_CELLS):
        cr = r_px(track_cell(i))
        fill = (226, 210, 172) if i % 2 == 0 else (206, 186, 146)
        if i % 10 == 0:
            fill = (236, 200, 120)
        pygame.draw.rect(surf, fill, cr)
        pygame.draw.rect(surf, (120, 92, 56), cr, 1)
        if i % 5 == 0:
            img = font.render(str(i), True, (70, 50, 30))
            surf.blit(img, img.get_rect(center=cr.center))
    for k in range(data.NWONDERS):
        tr = r_px(tile_rect(k))
        surf.blit(paint_wonder_tile(k, tr.w, tr.h), tr.topleft)
    return surf


def draw_board(canvas: Canvas) -> None:
    canvas.table(felt=FELT)
    canvas.sprite("turmbau-board", FELT, lambda w, h: _paint_board(w, h).convert_alpha())


def cube_image(canvas: Canvas, seat: int, size: float) -> pygame.Surface:
    colour, pattern, _ = seat_colours.look(seat)
    px = canvas.px(size)
    return assets.surface(
        ("cube", colour, pattern, px), lambda: paint_cube(colour, pattern, px).convert_alpha()
    )


def draw_cube(canvas: Canvas, seat: int, size: float, top: tuple[float, float], alpha: int = 255) -> None:
    """A cube whose top corner is at logical ``top``."""
    img = cube_image(canvas, seat, size)
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    canvas.surface.blit(img, canvas.pt((top[0] - size / 2, top[1])))


def draw_stack(
    canvas: Canvas,
    seat: int,
    base: tuple[float, float],
    ones: int,
    threes: int,
    drop: tuple[int, int, float, bool] | None = None,
    ghost: bool = False,
) -> float:
    """A seat's parts on a wonder: value-3 blocks in one column, value-1 blocks in two thin
    columns beside it. ``drop`` = (new ones, new threes, t, started) lets the newest blocks fall
    in; with ``ghost`` they are drawn translucent instead (a preview). Returns the top y."""
    bx, by = base
    new_ones, new_threes, t, started = drop if drop else (0, 0, 1.0, True)
    fall = (1 - t) * 80
    top_y = by
    columns = [(bx - 9, BIG, threes, new_threes)]
    left_ones = (ones + 1) // 2
    columns.append((bx + 9, SMALL_CUBE, left_ones, 0))
    columns.append((bx + 21, SMALL_CUBE, ones - left_ones, 0))
    # the newest ones are the highest of both thin columns
    new_left = (new_ones + 1) // 2
    columns[1] = (bx + 9, SMALL_CUBE, left_ones, min(left_ones, new_left))
    columns[2] = (bx + 21, SMALL_CUBE, ones - left_ones, min(ones - left_ones, new_ones - new_left))
    for cx, size, count, fresh in columns:
        step = size * 0.62
        for k in range(count):
            y = by - size * (0.5 + 0.62) - k * step
            is_new = k >= count - fresh
            if is_new and not started:
                continue
            if ghost and is_new:
                draw_cube(canvas, seat, size, (cx, y), alpha=120)
            else:
                draw_cube(canvas, seat, size, (cx, y - (fall if is_new else 0)))
            top_y = min(top_y, y)
    return top_y
