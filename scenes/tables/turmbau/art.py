"""Painted pieces of Der Turmbau zu Babel: building cards, action cards, the trading card, building
discs, the wonder silhouettes, the board with its track, and the parts as isometric blocks, all
drawn at screen pixel size and cached (card faces through CardSprite's cache, the rest through
``assets.surface``); plus the small helpers that put a piece on the canvas.
"""

from __future__ import annotations

import pygame

from babel.games.turmbau import data
from scenes import assets, seat_colours, theme
from scenes.canvas import Canvas
from scenes.tables.turmbau.layout import (
    BIG,
    DISC_D,
    FELT,
    SMALL_CUBE,
    TRACK_CELLS,
    tile_rect,
    track_cell,
)
from scenes.widgets.blocks import paint_cube
from scenes.widgets.cards import card_blank, paint_back

KIND_COLOURS = (
    (200, 146, 58),  # camel: desert ochre
    (168, 62, 48),  # crane: brick red
    (44, 104, 168),  # ship: sea blue
    (96, 112, 100),  # stone mason: slate
)
KIND_SHORT = ("Camel", "Crane", "Ship", "Mason")
ACTION_GLYPHS = {
    "redraw": "⇄",
    "joker": "★",
    "disc_bonus": "◎",
    "draw3": "+3",
    "triple": "×3",
    "double": "2×",
    "five_points": "5",
    "any": "✦",  # the plate icon for "action cards held"
}
ACTION_HELP = {
    "redraw": "Card trade: discard 1 to 5 building cards and draw as many. Any time on your turn "
    "or before committing an offer.",
    "joker": "Joker: when you complete a disc as builder, it stands for 2 cards of the kinds the "
    "disc still needs and places 2 parts.",
    "disc_bonus": "Disc bonus: 1 extra point per disc you hold at the final scoring. Never played.",
    "draw3": "Card draw: draw 3 building cards. Any time on your turn or before committing an offer.",
    "triple": "Triple bonus: add it to an offer; if the offer is refused it scores 3 points per card.",
    "double": "Double turn: at the start of your turn, take two turns in a row.",
    "five_points": "5 victory points at the final scoring. Never played.",
}
TRADE_HELP = (
    "Trading card: put it on an offer (with at least one building card). If the builder invites "
    "it, you take the disc and the builder places the parts for your cards."
)


def _shade(c, f: float):
    return tuple(max(0, min(255, round(v * f))) for v in c[:3])


def draw_symbol(surf: pygame.Surface, kind: int, centre, size: float, colour) -> None:
    """The kind's picture, drawn with primitives in a box of ``size`` around ``centre``."""
    cx, cy = centre
    s = size / 2
    lw = max(1, round(size / 14))
    if kind == 0:  # camel: body, two humps, neck, head, legs
        pygame.draw.ellipse(surf, colour, (cx - s * 0.7, cy - s * 0.25, s * 1.3, s * 0.6))
        pygame.draw.circle(surf, colour, (round(cx - s * 0.3), round(cy - s * 0.2)), round(s * 0.28))
        pygame.draw.circle(surf, colour, (round(cx + s * 0.15), round(cy - s * 0.2)), round(s * 0.28))
        pygame.draw.line(surf, colour, (cx + s * 0.5, cy), (cx + s * 0.75, cy - s * 0.6), lw * 2)
        pygame.draw.ellipse(surf, colour, (cx + s * 0.6, cy - s * 0.78, s * 0.42, s * 0.24))
        for dx in (-0.55, -0.3, 0.2, 0.42):
            pygame.draw.line(surf, colour, (cx + s * dx, cy + s * 0.2), (cx + s * dx, cy + s * 0.85), lw)
    elif kind == 1:  # crane: mast, jib, counterweight, rope and hook
        pygame.draw.line(surf, colour, (cx - s * 0.3, cy + s * 0.85), (cx - s * 0.3, cy - s * 0.8), lw * 2)
        pygame.draw.line(surf, colour, (cx - s * 0.75, cy - s * 0.65), (cx + s * 0.85, cy - s * 0.65), lw * 2)
        pygame.draw.line(surf, colour, (cx - s * 0.3, cy - s * 0.2), (cx + s * 0.5, cy - s * 0.65), lw)
        pygame.draw.rect(surf, colour, (cx - s * 0.8, cy - s * 0.62, s * 0.3, s * 0.3))
        pygame.draw.line(surf, colour, (cx + s * 0.7, cy - s * 0.65), (cx + s * 0.7, cy + s * 0.1), lw)
        pygame.draw.rect(surf, colour, (cx + s * 0.52, cy + s * 0.1, s * 0.36, s * 0.3))
        pygame.draw.line(surf, colour, (cx - s * 0.7, cy + s * 0.85), (cx + s * 0.1, cy + s * 0.85), lw * 2)
    elif kind == 2:  # ship: hull, mast, sail, waves
        hull = [
            (cx - s * 0.85, cy + s * 0.25),
            (cx + s * 0.85, cy + s * 0.25),
            (cx + s * 0.55, cy + s * 0.6),
            (cx - s * 0.55, cy + s * 0.6),
        ]
        pygame.draw.polygon(surf, colour, hull)
        pygame.draw.line(surf, colour, (cx, cy + s * 0.25), (cx, cy - s * 0.85), lw * 2)
        pygame.draw.polygon(
            surf,
            colour,
            [(cx + s * 0.08, cy - s * 0.8), (cx + s * 0.7, cy + s * 0.12), (cx + s * 0.08, cy + s * 0.12)],
        )
        pygame.draw.polygon(
            surf,
            colour,
            [(cx - s * 0.08, cy - s * 0.6), (cx - s * 0.55, cy + s * 0.12), (cx - s * 0.08, cy + s * 0.12)],
        )
        for i in range(3):
            x0 = cx - s * 0.8 + i * s * 0.55
            pygame.draw.arc(surf, colour, (x0, cy + s * 0.66, s * 0.5, s * 0.3), 0, 3.14, lw)
    else:  # stone mason: a brick wall and a chisel
        bw, bh = s * 0.56, s * 0.3
        for row in range(3):
            off = 0 if row % 2 == 0 else bw / 2
            y = cy + s * 0.5 - row * (bh + lw)
            for i in range(-2, 2):
                x = cx + i * (bw + lw) + off - bw / 2
                r = pygame.Rect(round(max(cx - s * 0.9, x)), round(y), 0, round(bh))
                r.w = round(min(cx + s * 0.9, x + bw) - r.x)
                if r.w > 2:
                    pygame.draw.rect(surf, colour, r)
        pygame.draw.line(surf, colour, (cx - s * 0.2, cy - s * 0.4), (cx + s * 0.6, cy - s * 0.9), lw * 2)
        pygame.draw.polygon(
            surf,
            colour,
            [(cx - s * 0.3, cy - s * 0.3), (cx - s * 0.1, cy - s * 0.5), (cx - s * 0.05, cy - s * 0.3)],
        )


def paint_building_card(kind, w: int, h: int) -> pygame.Surface:
    """A building card: a coloured field with the kind's picture, its name, and corner marks."""
    return _building_card(kind, w, h, True)


def paint_building_card_covered(kind, w: int, h: int) -> pygame.Surface:
    """A building card whose right part lies under the next card of a fan: without its name
    (a cut word would show), the picture and the corner mark tell its kind."""
    return _building_card(kind, w, h, False)


def building_painter(covered: bool):
    return paint_building_card_covered if covered else paint_building_card


def _building_card(kind, w: int, h: int, named: bool) -> pygame.Surface:
    kind = int(kind)
    colour = KIND_COLOURS[kind]
    surf = card_blank(w, h)
    pad = max(3, w // 12)
    field = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
    rad = max(2, w // 14)
    pygame.draw.rect(surf, _shade(colour, 1.0), field, 0, rad)
    inner = field.inflate(-max(2, w // 16) * 2, -max(2, w // 16) * 2)
    pygame.draw.rect(surf, _shade(colour, 1.25), inner, 0, rad)
    pygame.draw.rect(surf, _shade(colour, 0.7), inner, max(1, w // 60), rad)
    draw_symbol(surf, kind, (w / 2, h * 0.47), min(w, h) * 0.58, _shade(colour, 0.42))
    f = assets.font("sans_bold", max(6, round(h * 0.11)))
    label = f.render(KIND_SHORT[kind].upper(), True, theme.WHITE)
    if w < 30:
        return surf  # an icon: the picture is enough
    inset = max(2, w // 20)
    if label.get_width() > field.w - 2 * inset:
        label = pygame.transform.smoothscale(label, (field.w - 2 * inset, label.get_height()))
    band = pygame.Rect(field.x, field.bottom - label.get_height() - pad // 2, field.w, label.get_height() + 2)
    if named:
        pygame.draw.rect(surf, _shade(colour, 0.55), band, 0, rad)
        surf.blit(label, label.get_rect(midleft=(band.x + inset, band.centery)))
    corner = max(4, w // 9)
    draw_symbol(surf, kind, (pad + corner + 1, pad + corner + 1), corner * 1.6, theme.WHITE)
    return surf


def paint_action_card(name, w: int, h: int) -> pygame.Surface:
    """An action card: parchment, a gold glyph and the card's title."""
    surf = card_blank(w, h, (236, 222, 186), (92, 64, 30))
    pad = max(3, w // 12)
    inner = surf.get_rect().inflate(-2 * pad, -2 * pad)
    pygame.draw.rect(surf, theme.GOLD_DARK, inner, max(1, w // 40), max(2, w // 14))
    glyph = ACTION_GLYPHS.get(str(name), "?")
    g = assets.font("sans_bold", max(8, round(h * 0.3))).render(glyph, True, (120, 40, 30))
    surf.blit(g, g.get_rect(center=(w // 2, round(h * 0.42))))
    if w < 30:
        return surf  # an icon: the glyph is enough
    title = data.ACTION_TITLES.get(str(name), str(name))
    f = assets.font("condensed", max(6, round(h * 0.105)))
    words = title.split()
    lines = [title] if f.size(title)[0] <= inner.w - 4 or len(words) == 1 else [words[0], " ".join(words[1:])]
    y = round(h * 0.68)
    for line in lines:
        img = f.render(line, True, theme.INK)
        if img.get_width() > inner.w - 2:
            img = pygame.transform.smoothscale(img, (inner.w - 2, img.get_height()))
        surf.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += img.get_height()
    return surf


def paint_trading_card(seat, w: int, h: int) -> pygame.Surface:
    """The trading card in a seat's colour (``seat`` is its palette index, see
    scenes.seat_colours): two arrows around a disc."""
    colour = theme.SEAT_COLOURS[int(seat)][0]
    surf = card_blank(w, h, (240, 232, 214), _shade(colour, 0.5))
    pad = max(3, w // 12)
    inner = surf.get_rect().inflate(-2 * pad, -2 * pad)
    pygame.draw.rect(surf, colour, inner, max(2, w // 20), max(2, w // 14))
    cx, cy = w // 2, round(h * 0.42)
    r = round(w * 0.22)
    pygame.draw.circle(surf, theme.GOLD_DARK, (cx, cy), r)
    pygame.draw.circle(surf, theme.GOLD, (cx, cy), r - max(2, w // 30))
    g = assets.font("sans_bold", max(8, round(h * 0.22))).render("⇄", True, _shade(colour, 0.6))
    surf.blit(g, g.get_rect(center=(cx, cy)))
    f = assets.font("condensed", max(6, round(h * 0.1)))
    for i, word in enumerate(("Trading", "card")):
        img = f.render(word, True, theme.INK)
        surf.blit(img, img.get_rect(midtop=(w // 2, round(h * 0.66) + i * img.get_height())))
    return surf


def paint_disc(disc_key, px: int) -> pygame.Surface:
    """A building disc seen from slightly above: a thick wooden token with the kind and number.
    ``disc_key`` is (kinds, values); a two-kind disc is split in two halves."""
    kinds, values = disc_key
    d = px
    thick = max(2, d // 9)
    surf = pygame.Surface((d + 2, d + thick + 2), pygame.SRCALPHA)
    rect = pygame.Rect(1, 1, d, d)
    pygame.draw.ellipse(surf, (60, 40, 22), rect.move(0, thick))
    pygame.draw.ellipse(surf, (232, 214, 172), rect)
    inner = rect.inflate(-max(4, d // 7), -max(4, d // 7))
    if len(kinds) == 1:
        pygame.draw.ellipse(surf, KIND_COLOURS[kinds[0]], inner)
    else:
        left = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        pygame.draw.ellipse(left, KIND_COLOURS[kinds[0]], inner)
        right = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        pygame.draw.ellipse(right, KIND_COLOURS[kinds[1]], inner)
        surf.blit(left, (0, 0), pygame.Rect(0, 0, 1 + d // 2, surf.get_height()))
        surf.blit(right, (1 + d // 2, 0), pygame.Rect(1 + d // 2, 0, surf.get_width(), surf.get_height()))
    pygame.draw.ellipse(surf, (70, 48, 26), rect, max(1, d // 30))
    f = assets.font("sans_bold", max(7, round(d * (0.42 if len(kinds) == 1 else 0.3))))
    if len(kinds) == 1:
        draw_symbol(surf, kinds[0], (1 + d * 0.5, 1 + d * 0.33), d * 0.34, theme.WHITE)
        num = f.render(str(values[0]), True, theme.WHITE)
        surf.blit(num, num.get_rect(center=(1 + d // 2, 1 + round(d * 0.68))))
    else:
        for i, (k, v) in enumerate(zip(kinds, values)):
            x = 1 + d * (0.3 if i == 0 else 0.7)
            draw_symbol(surf, k, (x, 1 + d * 0.36), d * 0.24, theme.WHITE)
            num = f.render(str(v), True, theme.WHITE)
            surf.blit(num, num.get_rect(center=(round(x), 1 + round(d * 0.66))))
    return surf


def paint_disc_back(px: int) -> pygame.Surface:
    d = px
    thick = max(2, d // 9)
    surf = pygame.Surface((d + 2, d + thick + 2), pygame.SRCALPHA)
    rect = pygame.Rect(1, 1, d, d)
    pygame.draw.ellipse(surf, (60, 40, 22), rect.move(0, thick))
    pygame.draw.ellipse(surf, (150, 110, 66), rect)
    pygame.draw.ellipse(surf, (110, 78, 44), rect.inflate(-d // 4, -d // 4), max(1, d // 16))
    pygame.draw.ellipse(surf, (70, 48, 26), rect, max(1, d // 30))
    return surf


# -- wonder silhouettes -----------------------------------------------------------------------
def _silhouette(surf: pygame.Surface, key: str, box: pygame.Rect, colour) -> None:
    """A flat silhouette of the wonder, drawn faintly behind its building site."""
    x, y, w, h = box
    bx, by = x + w / 2, y + h  # base centre

    def poly(points):
        pygame.draw.polygon(surf, colour, [(x + px * w, y + py * h) for px, py in points])

    if key == "pyramids":
        poly([(0.05, 1), (0.38, 0.25), (0.7, 1)])
        poly([(0.45, 1), (0.7, 0.45), (0.97, 1)])
    elif key == "colossus":
        poly(
            [
                (0.42, 1),
                (0.44, 0.55),
                (0.4, 0.3),
                (0.46, 0.2),
                (0.54, 0.2),
                (0.6, 0.3),
                (0.58, 0.55),
                (0.6, 1),
            ]
        )
        poly([(0.56, 0.3), (0.72, 0.05), (0.76, 0.08), (0.6, 0.35)])
        pygame.draw.circle(surf, colour, (round(x + 0.5 * w), round(y + 0.15 * h)), max(2, round(w * 0.05)))
        poly([(0.25, 1), (0.75, 1), (0.72, 0.92), (0.28, 0.92)])
    elif key == "zeus":
        poly([(0.15, 1), (0.85, 1), (0.85, 0.9), (0.15, 0.9)])
        poly([(0.3, 0.9), (0.3, 0.5), (0.38, 0.3), (0.5, 0.22), (0.62, 0.3), (0.7, 0.5), (0.7, 0.9)])
        pygame.draw.circle(surf, colour, (round(x + 0.5 * w), round(y + 0.16 * h)), max(2, round(w * 0.06)))
    elif key == "gardens":
        for i in range(4):
            poly(
                [
                    (0.1 + i * 0.08, 1 - i * 0.22),
                    (0.9 - i * 0.08, 1 - i * 0.22),
                    (0.9 - i * 0.08, 0.84 - i * 0.22),
                    (0.1 + i * 0.08, 0.84 - i * 0.22),
                ]
            )
    elif key == "mausoleum":
        poly([(0.12, 1), (0.88, 1), (0.88, 0.82), (0.12, 0.82)])
        for i in range(5):
            px = 0.2 + i * 0.15
            poly([(px - 0.03, 0.82), (px + 0.03, 0.82), (px + 0.03, 0.45), (px - 0.03, 0.45)])
        poly([(0.14, 0.45), (0.86, 0.45), (0.5, 0.1)])
    elif key == "lighthouse":
        poly([(0.3, 1), (0.7, 1), (0.64, 0.62), (0.36, 0.62)])
        poly([(0.38, 0.62), (0.62, 0.62), (0.58, 0.32), (0.42, 0.32)])
        poly([(0.44, 0.32), (0.56, 0.32), (0.55, 0.12), (0.45, 0.12)])
        pygame.draw.circle(surf, colour, (round(x + 0.5 * w), round(y + 0.08 * h)), max(2, round(w * 0.04)))
    elif key == "artemis":
        poly([(0.08, 1), (0.92, 1), (0.92, 0.9), (0.08, 0.9)])
        for i in range(7):
            px = 0.14 + i * 0.12
            poly([(px - 0.025, 0.9), (px + 0.025, 0.9), (px + 0.025, 0.45), (px - 0.025, 0.45)])
        poly([(0.06, 0.45), (0.94, 0.45), (0.5, 0.2)])
    else:  # babel: a stepped, tapering tower
        for i in range(6):
            poly(
                [
                    (0.15 + i * 0.055, 1 - i * 0.155),
                    (0.85 - i * 0.055, 1 - i * 0.155),
                    (0.85 - i * 0.055, 0.87 - i * 0.155),
                    (0.15 + i * 0.055, 0.87 - i * 0.155),
                ]
            )
    del bx, by


def paint_wonder_tile(index: int, w: int, h: int) -> pygame.Surface:
    """One wonder's building site: a stone plate with the silhouette and the name."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(4, w // 22)
    pygame.draw.rect(surf, (0, 0, 0, 70), surf.get_rect().move(max(2, w // 90), max(3, w // 70)), 0, rad)
    plate = surf.get_rect().inflate(-max(2, w // 90), -max(3, w // 70))
    plate.topleft = (0, 0)
    pygame.draw.rect(surf, (196, 178, 142), plate, 0, rad)
    pygame.draw.rect(surf, (214, 198, 164), plate.inflate(-max(4, w // 40), -max(4, w // 40)), 0, rad)
    pygame.draw.rect(surf, (120, 98, 66), plate, max(1, w // 140), rad)
    sil = pygame.Rect(0, 0, round(w * 0.8), round(h * 0.55))
    sil.midbottom = (plate.centerx, plate.bottom - round(h * 0.05))
    _silhouette(surf, data.WONDER_KEYS[index], sil, (190, 170, 132))
    # the building ground: a flagstone strip where the parts stand
    ground = pygame.Rect(
        plate.x + w // 30, plate.bottom - round(h * 0.12), plate.w - w // 15, round(h * 0.08)
    )
    pygame.draw.rect(surf, (170, 150, 112), ground, 0, max(2, rad // 2))
    f = assets.font("title_bold", max(8, round(h * 0.085)))
    name = data.WONDER_NAMES[index]
    img = f.render(name, True, theme.INK)
    if img.get_width() > plate.w - 12:
        img = pygame.transform.smoothscale(img, (plate.w - 12, img.get_height()))
    surf.blit(img, img.get_rect(midtop=(plate.centerx, round(h * 0.02))))
    return surf


# -- the board and the parts -------------------------------------------------------------------
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


# -- pieces on the canvas ------------------------------------------------------------------------
def draw_card(
    canvas: Canvas, face, painter, centre, size, face_up=True, glow=False, dim=False, lift=0.0
) -> None:
    w, h = size
    x, y = centre[0], centre[1] - lift
    r = pygame.Rect(0, 0, round(w), round(h))
    r.center = (round(x), round(y))
    if w >= 30:
        canvas.shadow_rect(
            r, radius=theme.CARD_RADIUS * w / theme.CARD_W, offset=(3 + lift / 3, 4 + lift / 2)
        )
    if glow:
        canvas.glow(r, theme.HIGHLIGHT, radius=theme.CARD_RADIUS * w / theme.CARD_W)
    sr = canvas.rect(r)
    if face_up:
        key = ("card", painter.__name__, face, sr.w, sr.h)
        img = assets.surface(key, lambda: painter(face, sr.w, sr.h).convert_alpha())
    else:
        img = assets.surface(("card-back", sr.w, sr.h), lambda: paint_back(sr.w, sr.h).convert_alpha())
    if dim:
        key = ("dim", key if face_up else ("card-back", sr.w, sr.h))
        base = img
        img = assets.surface(key, lambda: _dimmed(base))
    canvas.surface.blit(img, sr.topleft)


def _dimmed(img: pygame.Surface) -> pygame.Surface:
    out = img.copy()
    out.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def draw_disc(canvas: Canvas, key, centre, d: float = DISC_D, face_up: bool = True) -> None:
    px = canvas.px(d)
    if face_up:
        img = assets.surface(("tb-disc", key, px), lambda: paint_disc(key, px).convert_alpha())
    else:
        img = assets.surface(("tb-disc-back", px), lambda: paint_disc_back(px).convert_alpha())
    canvas.surface.blit(img, canvas.pt((centre[0] - d / 2, centre[1] - d / 2)))


def alpha_rect(canvas: Canvas, colour, r, radius: float) -> None:
    """A translucent rounded rectangle, its layer cached per pixel size."""
    sr = canvas.rect(r)
    rad = canvas.px(radius)

    def paint() -> pygame.Surface:
        layer = pygame.Surface(sr.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, colour, layer.get_rect(), 0, rad)
        return layer

    canvas.surface.blit(assets.surface(("tb-alpha", tuple(colour), sr.size, rad), paint), sr.topleft)


def disc_key(disc) -> tuple:
    return (tuple(disc.kinds), tuple(disc.values))


def seat_dot(canvas: Canvas, seat: int, centre, size: float = 20) -> None:
    draw_cube(canvas, seat, size, (centre[0], centre[1] - size * 0.55))


def outlined(canvas: Canvas, text: str, pos, size, colour, anchor="center") -> None:
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        canvas.text(text, (pos[0] + dx, pos[1] + dy), size, (20, 14, 8), role="sans_bold", anchor=anchor)
    canvas.text(text, pos, size, colour, role="sans_bold", anchor=anchor)
