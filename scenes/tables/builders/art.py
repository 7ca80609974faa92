"""Babel Builders art: card faces by kind, role cards, tokens and seat swatches.

Every painter returns a fresh surface at the requested pixel size; callers cache them (the
CardSprite and canvas.sprite caches key on the painter's name and the pixel size).
"""

from __future__ import annotations

import math

import pygame

from babel.games.builders import cards as C
from scenes import assets, theme
from scenes.widgets.blocks import _mark, paint_cube
from scenes.widgets.cards import card_blank

KIND_STYLE = {
    # kind: (fill, edge, ink, title)
    C.BUILD: ((246, 238, 218), (92, 70, 40), theme.INK, ""),
    C.LIGHTNING: ((38, 44, 78), (12, 14, 30), (255, 226, 92), "Lightning"),
    C.STORM: ((96, 104, 116), (40, 44, 52), (236, 240, 246), "Storm"),
    C.DELIBERATION: ((226, 214, 240), (80, 60, 110), (60, 40, 90), "Deliberation"),
    C.SEAL: ((240, 226, 200), (110, 30, 30), (140, 24, 28), "Seal"),
    C.PUNISHMENT: ((34, 8, 10), (200, 40, 30), (255, 120, 70), "Divine Punishment"),
}
KIND_HINT = {
    C.LIGHTNING: "2 blocks off the highest",
    C.STORM: "no building this round",
    C.DELIBERATION: "turns a discard face up",
    C.SEAL: "seal a player at the end",
    C.PUNISHMENT: "cannot be discarded",
}
ROLE_STYLE = {
    "architect": ((40, 92, 150), (230, 240, 255), "Architect", "Build to the blueprint."),
    "messenger": ((70, 26, 90), (255, 220, 120), "Messenger of God", "Make the tower fail."),
    "zealot": ((120, 18, 24), (255, 190, 120), "Zealot", "Win with the Messenger."),
}
BLOCK = (196, 164, 120)


def _text(
    surf: pygame.Surface, s: str, px: int, colour, centre, role: str = "sans_bold", max_w=None, fit=False
):
    """Text centred on ``centre``; too wide for ``max_w``, it shrinks (``fit``) or is shortened."""
    px = max(6, int(px))
    if fit and max_w is not None:
        while px > 6 and assets.font(role, px).size(s)[0] > max_w:
            px -= 1
    if max_w is not None:
        s = assets.ellipsize(s, role, px, int(max_w))
    img = assets.font(role, px).render(s, True, colour)
    surf.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))


def mini_grid(surf: pygame.Surface, rect: pygame.Rect, lit: tuple[int, ...], colour, ink) -> None:
    """A 3x3 grid in ``rect`` with the cells in ``lit`` filled (A1 top left)."""
    cw = rect.w / 3
    ch = rect.h / 3
    for i in range(9):
        r = pygame.Rect(round(rect.x + (i % 3) * cw), round(rect.y + (i // 3) * ch), round(cw), round(ch))
        if i in lit:
            pygame.draw.rect(surf, colour, r.inflate(-2, -2), 0, max(1, r.w // 6))
        pygame.draw.rect(surf, ink, r, max(1, rect.w // 60))


def _bolt(surf, cx, top, h, w, colour, width) -> None:
    pts = [
        (cx + w * 0.15, top),
        (cx - w * 0.25, top + h * 0.5),
        (cx + w * 0.05, top + h * 0.5),
        (cx - w * 0.2, top + h),
        (cx + w * 0.3, top + h * 0.38),
        (cx, top + h * 0.38),
        (cx + w * 0.25, top),
    ]
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(surf, (30, 20, 0), pts, width)


def _paint_build(surf: pygame.Surface, info, w: int, h: int, ink, pad: int) -> None:
    """The blocks as little cubes across the top, the allowed cells on a 3x3 below."""
    cx = w / 2
    cube_px = max(6, int(w * 0.24))
    cube = paint_cube(BLOCK, "plain", cube_px)
    n = info.blocks
    total = n * cube_px * 0.8
    for i in range(n):
        x = cx - total / 2 + i * cube_px * 0.8
        surf.blit(cube, (round(x), pad))
    side = min(w - 2 * pad, h * 0.5)
    grid = pygame.Rect(0, 0, round(side), round(side))
    grid.center = (round(cx), round(h * 0.56))
    mini_grid(surf, grid, info.cells, (214, 160, 60), (92, 70, 40))
    label = f"{n} block" + ("s" if n > 1 else "")
    _text(surf, label, h * 0.1, ink, (cx, h - h * 0.16), max_w=w - 2 * pad)
    names = "/".join(C.CELL_NAMES[i] for i in info.cells)
    _text(surf, names, h * 0.075, theme.INK_SOFT, (cx, h - h * 0.065), "sans", max_w=w - 2 * pad)


def _paint_storm(surf: pygame.Surface, w: int, h: int) -> None:
    cx = w / 2
    cloud = (210, 216, 226)
    for dx, dy, r in ((-0.18, 0.02, 0.17), (0.02, -0.06, 0.22), (0.22, 0.03, 0.16)):
        pygame.draw.circle(surf, cloud, (round(cx + dx * w), round(h * 0.32 + dy * w)), round(r * w))
    pygame.draw.rect(surf, cloud, (round(cx - 0.32 * w), round(h * 0.32), round(0.66 * w), round(0.14 * w)))
    for i in range(6):
        x = cx - 0.3 * w + i * 0.12 * w
        pygame.draw.line(surf, (150, 200, 255), (x, h * 0.5), (x - 0.08 * w, h * 0.68), max(1, w // 36))


def _paint_eye(surf: pygame.Surface, w: int, h: int, ink) -> None:
    ew, eh = w * 0.62, h * 0.2
    eye = pygame.Rect(0, 0, round(ew), round(eh))
    eye.center = (round(w / 2), round(h * 0.45))
    pygame.draw.ellipse(surf, (250, 248, 255), eye)
    pygame.draw.ellipse(surf, ink, eye, max(1, w // 30))
    pygame.draw.circle(surf, ink, eye.center, round(eh * 0.38))
    pygame.draw.circle(
        surf,
        (250, 248, 255),
        (eye.centerx - round(eh * 0.12), eye.centery - round(eh * 0.12)),
        max(1, round(eh * 0.1)),
    )


def _paint_seal(surf: pygame.Surface, w: int, h: int) -> None:
    cx, cy = w / 2, h * 0.45
    r = round(w * 0.26)
    pygame.draw.circle(surf, (170, 26, 30), (round(cx), round(cy)), r)
    for i in range(10):
        a = i * math.pi / 5
        pygame.draw.circle(
            surf,
            (170, 26, 30),
            (round(cx + math.cos(a) * r), round(cy + math.sin(a) * r)),
            max(2, r // 4),
        )
    pygame.draw.circle(surf, (120, 14, 18), (round(cx), round(cy)), round(r * 0.7), max(1, w // 40))
    _text(surf, "S", r * 1.0, (250, 210, 190), (cx, cy), "title_bold")


def _paint_punishment(surf: pygame.Surface, w: int, h: int, ink, pad: int) -> None:
    """A tower split by a falling sword of fire."""
    cx = w / 2
    for i in range(4):
        bw = w * (0.5 - i * 0.08)
        r = pygame.Rect(0, 0, round(bw), round(h * 0.07))
        r.midbottom = (round(cx + (i % 2) * w * 0.04), round(h * 0.68 - i * h * 0.075))
        pygame.draw.rect(surf, (120, 60, 40), r)
        pygame.draw.rect(surf, (20, 6, 6), r, max(1, w // 60))
    pts = [(cx, h * 0.1), (cx + w * 0.07, h * 0.5), (cx, h * 0.62), (cx - w * 0.07, h * 0.5)]
    pygame.draw.polygon(surf, (255, 160, 60), pts)
    pygame.draw.polygon(
        surf, (255, 236, 150), [(cx, h * 0.16), (cx + w * 0.03, h * 0.48), (cx - w * 0.03, h * 0.48)]
    )
    pygame.draw.rect(surf, ink, surf.get_rect().inflate(-2 * pad, -2 * pad), max(1, w // 40), max(2, w // 10))


def paint_card_face(card: int, w: int, h: int) -> pygame.Surface:
    """The face of card ``card``: its kind art, big enough to read at hand size and small sizes."""
    info = C.CARDS[card]
    fill, edge, ink, title = KIND_STYLE[info.kind]
    surf = card_blank(w, h, fill, edge)
    pad = max(2, w // 12)
    cx = w / 2
    if info.kind == C.BUILD:
        _paint_build(surf, info, w, h, ink, pad)
        return surf
    if info.kind == C.LIGHTNING:
        _bolt(surf, cx, h * 0.12, h * 0.58, w * 0.6, ink, max(1, w // 50))
    elif info.kind == C.STORM:
        _paint_storm(surf, w, h)
    elif info.kind == C.DELIBERATION:
        _paint_eye(surf, w, h, ink)
    elif info.kind == C.SEAL:
        _paint_seal(surf, w, h)
    elif info.kind == C.PUNISHMENT:
        _paint_punishment(surf, w, h, ink, pad)
    title_px = h * (0.085 if info.kind == C.PUNISHMENT else 0.1)
    hint_y = 0.92
    if info.kind == C.PUNISHMENT:
        # inside the card's inner frame, which ends at ``pad`` from the edge
        _text(surf, "Divine", title_px, ink, (cx, h * 0.74), "title_bold", max_w=w - 2 * pad)
        _text(surf, "Punishment", title_px, ink, (cx, h * 0.815), "title_bold", max_w=w - 2 * pad)
        hint_y = 0.885
    else:
        _text(surf, title, title_px * 1.05, ink, (cx, h * 0.8), "title_bold", max_w=w - 2 * pad)
    if w >= 90:
        _text(surf, KIND_HINT[info.kind], h * 0.058, ink, (cx, h * hint_y), "sans", w - 2.5 * pad, True)
    return surf


paint_card_face.__name__ = "builders-face"


def paint_role_card(role: str, w: int, h: int) -> pygame.Surface:
    """A role card: Architect (blue, a tower), Messenger of God (purple, a star), Zealot (crimson, a flame)."""
    fill, ink, title, motto = ROLE_STYLE[role]
    surf = card_blank(w, h, fill, (20, 12, 8))
    pad = max(3, w // 12)
    pygame.draw.rect(surf, ink, surf.get_rect().inflate(-2 * pad, -2 * pad), max(1, w // 50), max(2, w // 12))
    cx, cy = w / 2, h * 0.42
    if role == "architect":
        for i in range(5):
            bw = w * (0.56 - i * 0.09)
            r = pygame.Rect(0, 0, round(bw), round(h * 0.07))
            r.midbottom = (round(cx), round(cy + h * 0.16 - i * h * 0.072))
            pygame.draw.rect(surf, ink, r, 0, 2)
            pygame.draw.rect(surf, fill, r, max(1, w // 60), 2)
    elif role == "messenger":
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rad = w * (0.26 if i % 2 == 0 else 0.11)
            pts.append((cx + math.cos(a) * rad, cy + math.sin(a) * rad))
        pygame.draw.polygon(surf, ink, pts)
        for side in (-1, 1):
            wing = [
                (cx + side * w * 0.1, cy),
                (cx + side * w * 0.4, cy - h * 0.12),
                (cx + side * w * 0.3, cy + h * 0.04),
            ]
            pygame.draw.polygon(surf, ink, wing, max(1, w // 50))
    else:
        flame = [
            (cx, cy - h * 0.2),
            (cx + w * 0.18, cy),
            (cx + w * 0.12, cy + h * 0.14),
            (cx, cy + h * 0.18),
            (cx - w * 0.12, cy + h * 0.14),
            (cx - w * 0.18, cy),
        ]
        pygame.draw.polygon(surf, (255, 140, 40), flame)
        pygame.draw.polygon(
            surf, ink, [(cx, cy - h * 0.06), (cx + w * 0.07, cy + h * 0.1), (cx - w * 0.07, cy + h * 0.1)]
        )
    _text(
        surf,
        title,
        h * 0.1 if len(title) < 12 else h * 0.075,
        ink,
        (cx, h * 0.72),
        "title_bold",
        max_w=w - 2 * pad,
        fit=True,
    )
    _wrapped(surf, motto, h * 0.05, ink, (cx, h * 0.84), "sans", w - 2 * pad - 4)
    return surf


def _wrapped(surf: pygame.Surface, s: str, px: float, colour, centre, role: str, max_w: float) -> None:
    """Text centred on ``centre`` in at most two lines of ``max_w``, smaller if it needs to be."""
    px = max(6, int(px))
    while True:
        font = assets.font(role, px)
        lines: list[str] = []
        for word in s.split():
            if lines and font.size(f"{lines[-1]} {word}")[0] <= max_w:
                lines[-1] += f" {word}"
            else:
                lines.append(word)
        if px <= 6 or (len(lines) <= 2 and all(font.size(line)[0] <= max_w for line in lines)):
            break
        px -= 1
    step = font.get_linesize()
    y = centre[1] - step * (len(lines) - 1) / 2
    for line in lines:
        _text(surf, line, px, colour, (centre[0], y), role, max_w=max_w)
        y += step


def paint_role_back(w: int, h: int) -> pygame.Surface:
    """The back of a role card: dark with a gold question mark."""
    surf = card_blank(w, h, (52, 40, 30), (20, 12, 8))
    pad = max(3, w // 12)
    pygame.draw.rect(
        surf, theme.GOLD_DARK, surf.get_rect().inflate(-2 * pad, -2 * pad), max(1, w // 50), max(2, w // 12)
    )
    _text(surf, "?", h * 0.4, theme.GOLD, (w / 2, h * 0.42), "title_bold")
    _text(surf, "your role", h * 0.09, theme.PAPER, (w / 2, h * 0.74), "sans", max_w=w - 2 * pad)
    return surf


def paint_swatch(seat: int, px: int) -> pygame.Surface:
    """A seat's colour disc with its pattern mark (colour-blind safe); ``seat`` is its palette
    index (scenes.seat_colours)."""
    colour, pattern, _ = theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)]
    surf = pygame.Surface((px, px), pygame.SRCALPHA)
    r = px // 2
    pygame.draw.circle(surf, colour, (r, r), r)
    pygame.draw.circle(surf, (20, 14, 8), (r, r), r, max(1, px // 14))
    if pattern != "plain":
        mark = (40, 30, 20) if sum(colour) > 300 else (240, 236, 226)
        _mark(surf, pattern, (r, r), px / 3, mark)
    return surf


def paint_master_token(px: int) -> pygame.Surface:
    """The Master token: a gold disc with a crown."""
    surf = pygame.Surface((px, px), pygame.SRCALPHA)
    r = px // 2
    pygame.draw.circle(surf, (90, 60, 10), (r, r + max(1, px // 16)), r - 1)
    pygame.draw.circle(surf, theme.GOLD, (r, r), r - max(1, px // 16))
    pygame.draw.circle(surf, theme.GOLD_DARK, (r, r), r - max(1, px // 16), max(1, px // 16))
    s = px / 40
    pts = [(10, 27), (10, 14), (15, 20), (20, 11), (25, 20), (30, 14), (30, 27)]
    pygame.draw.polygon(surf, (96, 60, 8), [(x * s, y * s) for x, y in pts])
    return surf


def paint_architect_token(px: int) -> pygame.Surface:
    """The Architect token: a blue hexagon with a small stepped tower."""
    surf = pygame.Surface((px, px), pygame.SRCALPHA)
    r = px / 2
    hexa = [
        (r + math.cos(a) * (r - 1), r + math.sin(a) * (r - 1))
        for a in (i * math.pi / 3 + math.pi / 6 for i in range(6))
    ]
    pygame.draw.polygon(surf, (56, 110, 170), hexa)
    pygame.draw.polygon(surf, (16, 30, 60), hexa, max(1, px // 16))
    for i in range(3):
        bw = px * (0.46 - i * 0.12)
        rr = pygame.Rect(0, 0, round(bw), max(2, round(px * 0.13)))
        rr.midbottom = (round(r), round(px * 0.76 - i * px * 0.15))
        pygame.draw.rect(surf, (236, 240, 250), rr)
    return surf


def paint_wax_seal(px: int) -> pygame.Surface:
    surf = pygame.Surface((px, px), pygame.SRCALPHA)
    r = px // 2
    pygame.draw.circle(surf, (170, 26, 30), (r, r), r - 1)
    pygame.draw.circle(surf, (110, 12, 16), (r, r), round(r * 0.66), max(1, px // 14))
    _text(surf, "S", px * 0.5, (250, 210, 190), (r, r), "title_bold")
    return surf
