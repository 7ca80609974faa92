"""A Babel On! tower's blocks as solid wooden bodies on the screen: where each one is this frame,
the order they are painted in (``depth.painter_plan``: back to front, then the blocks that sink
into each other mended where each is the nearest), the contact shadow each one casts on what
carries it, and the block itself (its cached sprite while upright, else its turned faces).

A block standing still and a moving block that is not turned are the same sprite, so a wobble
starts and ends without a jump. Shadows fall on the block below (clipped to its top) or on the
slab and the felt; those on the table are painted before any block, those on a block right after
that block, so a block in front always covers them (the shadow of a block up in the air no
longer paints over the tower's base).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame
import pygame.gfxdraw

from scenes.tables.babel_on import depth
from scenes.widgets import wood

SHADOW = 96  # alpha of a contact shadow right under a block
STILL_TILT = 0.02  # radians: a moving block turned less than this is drawn as its sprite


def variant(cell: int, floor: int) -> int:
    """Which grain a block shows: neighbours and the blocks above each other differ."""
    return (cell * 3 + floor * 5) % wood.VARIANTS


@dataclass(frozen=True)
class Piece:
    """One block this frame: its body, colour, grain and whether it is turned (drawn by faces)."""

    body: depth.Body
    colour: int
    variant: int
    turned: bool
    key: tuple[int, int] | None = None  # (cell, floor) of a still block, for its outline
    shadow: bool = True  # casts a contact shadow (not a block flying in from afar)


def still_piece(cell: int, floor: int, colour: int, x: float, y: float, z: float, rot: int) -> Piece:
    return Piece(depth.body(x, y, z, 0.0, 0.0, rot), colour, variant(cell, floor), False, (cell, floor))


def moving_piece(colour: int, x, y, z, ax, ay, grain: int, rot: int, shadow: bool = True) -> Piece:
    turned = abs(ax) >= STILL_TILT or abs(ay) >= STILL_TILT
    if not turned:
        ax = ay = 0.0
    return Piece(depth.body(x, y, z, ax, ay, rot), colour, grain, turned, None, shadow)


class Painter:
    """Draws pieces onto ``surf`` for a tower whose centre at table level is at pixel ``origin``
    and whose cube edge is ``cpx`` pixels; ``sprite(colour, px, variant)`` gives a block's
    still picture and ``look(colour)`` its (rgb, pattern)."""

    def __init__(self, surf: pygame.Surface, origin, cpx: float, sprite, look) -> None:
        self.surf, self.origin, self.cpx = surf, origin, cpx
        self.px = max(2, round(cpx))
        self.sprite, self.look = sprite, look
        self.alpha_target = bool(surf.get_flags() & pygame.SRCALPHA)

    def at(self, p: depth.Vec) -> tuple[float, float]:
        sx, sy = depth.screen(p)
        return (self.origin[0] + sx * self.cpx, self.origin[1] + sy * self.cpx)

    def draw(self, pieces: Sequence[Piece], after=None) -> None:
        """All pieces back to front with their shadows; ``after(piece)`` is called after each
        still piece is drawn (for outlines)."""
        plan = depth.painter_plan([p.body for p in pieces])
        order = plan.order
        carried = _supports(pieces)
        on_table = [i for i in order if carried[i] is None]
        self.shadows([pieces[i] for i in on_table], [None] * len(on_table))
        under: dict[int, list[int]] = {}
        for i in order:
            if carried[i] is not None:
                under.setdefault(carried[i], []).append(i)
        for i in order:
            self.block(pieces[i])
            if after is not None:
                after(pieces[i])
            if i in under:
                self.shadows([pieces[k] for k in under[i]], [pieces[i]] * len(under[i]))
        for i, hidden in plan.repairs:
            self.mend(pieces[i], hidden, [pieces[k] for k in under.get(i, ())])

    def mend(self, p: Piece, hidden: Sequence[Sequence[tuple[float, float]]], carried: Sequence[Piece]) -> None:
        """Paint a block again, with the shadows it carries, where it is the nearest block of the
        frame: drawn on a layer of its own, the ``hidden`` pieces (screen, cube edges from the
        origin) cut out of it, laid over what is there (``depth.painter_plan``)."""
        x0, y0, x1, y1 = p.body.box
        ox, oy = self.origin
        left, top = int(ox + x0 * self.cpx) - 3, int(oy + y0 * self.cpx) - 3
        size = (int((x1 - x0) * self.cpx) + 8, int((y1 - y0) * self.cpx) + 8)
        layer = pygame.Surface(size, pygame.SRCALPHA)
        own = Painter(layer, (ox - left, oy - top), self.cpx, self.sprite, self.look)
        own.block(p)
        own.shadows(carried, [p] * len(carried))
        if hidden:
            mask = pygame.Surface(size, pygame.SRCALPHA)
            mask.fill((255, 255, 255, 255))
            for piece in hidden:
                pts = [(ox - left + x * self.cpx, oy - top + y * self.cpx) for x, y in piece]
                pygame.draw.polygon(mask, (0, 0, 0, 0), pts)
            layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self.surf.blit(layer, (left, top))

    def block(self, p: Piece) -> None:
        if not p.turned:
            tx, ty = self.at(p.body.centre)
            ty -= self.cpx * (0.25 + depth.ZH / 2)
            img = self.sprite(p.colour, self.px, p.variant)
            self.surf.blit(img, (round(tx - self.px / 2 - 1), round(ty - 0.5)))
            return
        rgb, pattern = self.look(p.colour)
        pts = [self.at(c) for c in p.body.corners]
        normals = [tuple(s * v for v in p.body.axes[k]) for k, s in _FACE_AXES]
        wood.draw_cube(self.surf, pts, normals, rgb, pattern, p.variant, self.cpx)

    def shadows(self, pieces: Sequence[Piece], supports: Sequence[Piece | None]) -> None:
        """Each piece's contact shadow on its support (None: the slab or the felt, height 0)."""
        for p, s in zip(pieces, supports):
            if not p.shadow:
                continue
            corners = p.body.corners
            bottom = min(c[2] for c in corners)
            top = s.body.centre[2] + 0.5 if s else 0.0
            gap = max(0.0, bottom - top)
            alpha = SHADOW * (1 - gap / 1.8)
            if alpha < 8:
                continue
            x0, x1 = min(c[0] for c in corners), max(c[0] for c in corners)
            y0, y1 = min(c[1] for c in corners), max(c[1] for c in corners)
            shift = 0.05 + 0.3 * gap  # the light comes from the left: shadows fall to the right (+X)
            for grow, share in ((0.05 + 0.25 * gap, 0.45), (0.01 + 0.1 * gap, 0.55)):
                box = [x0 + shift - grow, y0 - grow, x1 + shift + grow, y1 + grow]
                if s is not None:  # only on the carrying block's top
                    cx, cy = s.body.centre[0], s.body.centre[1]
                    box = [
                        max(box[0], cx - 0.5),
                        max(box[1], cy - 0.5),
                        min(box[2], cx + 0.5),
                        min(box[3], cy + 0.5),
                    ]
                if box[0] >= box[2] or box[1] >= box[3]:
                    continue
                poly = [
                    self.at((x, y, top))
                    for x, y in ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))
                ]
                self._dark(poly, round(alpha * share))

    def _dark(self, poly: Sequence[tuple[float, float]], alpha: int) -> None:
        if not self.alpha_target:
            pygame.gfxdraw.filled_polygon(self.surf, poly, (0, 0, 0, alpha))
            return
        # on a surface with its own alpha gfxdraw would thin it: blend a small layer instead
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        r = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2, int(max(ys) - min(ys)) + 2)
        layer = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.polygon(layer, (0, 0, 0, alpha), [(x - r.x, y - r.y) for x, y in poly])
        self.surf.blit(layer, r)


# wood.FACES normals in order: +z, -z, +X, -X, +Y, -Y as (axis index, sign)
_FACE_AXES = ((2, 1), (2, -1), (0, 1), (0, -1), (1, 1), (1, -1))


def _supports(pieces: Sequence[Piece]) -> list[int | None]:
    """For each piece, the still piece whose top carries it (its centre over that top, its
    bottom at or just above it), the highest such; None for the table."""
    still = [i for i, p in enumerate(pieces) if p.key is not None]
    out: list[int | None] = []
    for p in pieces:
        cx, cy, _ = p.body.centre
        bottom = min(c[2] for c in p.body.corners)
        best, best_top = None, -1.0
        for i in still:
            s = pieces[i]
            if s is p:
                continue
            sx, sy, sz = s.body.centre
            top = sz + 0.5
            if top <= bottom + depth.TOUCH and abs(sx - cx) < 0.5 and abs(sy - cy) < 0.5 and top > best_top:
                best, best_top = i, top
        out.append(best)
    return out
