"""The painted wooden blocks of Babel On!: every nation's pattern mark stays seen on the wood for
every colour vision (as ``tools/colour_check.py`` requires of the flat cubes), the marks stay
apart from each other, a turned block keeps its mark, the grain is made once, and a block's
placement offset shows on the screen."""

from __future__ import annotations

import math

import pygame
import pytest

from scenes import colour_vision as cv
from scenes import seat_colours, theme
from scenes.tables.babel_on import art, depth
from scenes.widgets import wood

LOOKS = list(zip(seat_colours.NATION_RGB, seat_colours.NATION_PATTERN, seat_colours.NATION_NAMES))
PX = 48


def _pixels(surf):
    w, h = surf.get_size()
    return {
        (x, y): tuple(surf.get_at((x, y)))[:3]
        for y in range(h)
        for x in range(w)
        if surf.get_at((x, y)).a > 200
    }


def _mask(rgb, pattern, vision, draw):
    plain, marked = _pixels(draw(rgb, "plain")), _pixels(draw(rgb, pattern))
    return frozenset(
        p
        for p, c in marked.items()
        if p in plain and plain[p] != c and cv.delta_e(plain[p], c, vision) >= cv.MARK_SEEN
    )


def _still(rgb, pattern):
    return wood.sprite(rgb, pattern, PX, 1)


def _turned(rgb, pattern):
    """A block tilted in both planes, drawn by its faces as a moving block is."""
    surf = pygame.Surface((2 * PX, 2 * PX), pygame.SRCALPHA)
    pts, normals = [], []
    for c in wood.CORNERS:
        x, y, z = depth.tilted(c, 0.5, 0.3, 0)
        pts.append((PX + (x - y) * PX / 2, PX + ((x + y) / 4 - z * wood.ZH) * PX))
    for _, n in wood.FACES:
        normals.append(depth.tilted(n, 0.5, 0.3, 0))
    wood.draw_cube(surf, pts, normals, rgb, pattern, 2, PX)
    return surf


@pytest.mark.parametrize("vision", ["normal", *cv.VISIONS])
def test_each_mark_is_seen_on_the_wood_and_the_marks_differ(vision):
    for draw in (_still, _turned) if vision == "normal" else (_still,):
        masks = {name: _mask(rgb, pattern, vision, draw) for rgb, pattern, name in LOOKS}
        for _, pattern, name in LOOKS:
            if pattern != "plain":
                assert len(masks[name]) >= 12, (draw.__name__, name, vision, len(masks[name]))
        for i, a in enumerate(LOOKS):
            for b in LOOKS[i + 1 :]:
                union = masks[a[2]] | masks[b[2]]
                if union:
                    apart = 1 - len(masks[a[2]] & masks[b[2]]) / len(union)
                    assert apart >= cv.SHAPES_APART, (draw.__name__, a[2], b[2], vision)


def test_the_grain_is_fixed_per_variant_and_varies_between_variants():
    assert wood.grain(1, False) is wood.grain(1, False)  # made once
    assert wood.grain(0, False) != wood.grain(1, False)
    assert all(0 <= u <= 1 and 0 <= v <= 1.1 for line in wood.grain(2, True) for u, v in line)
    a = pygame.image.tobytes(wood.sprite((200, 58, 48), "plain", 40, 0), "RGBA")
    b = pygame.image.tobytes(wood.sprite((200, 58, 48), "plain", 40, 1), "RGBA")
    assert a != b


def test_high_contrast_blocks_have_black_outlines(pilot):
    theme.set_contrast("high")
    try:
        img = art.cube_sprite(0, -1, 60)
        w, h = img.get_size()
        column = [tuple(img.get_at((w // 2, y)))[:3] for y in range(h) if img.get_at((w // 2, y)).a > 200]
        assert min(sum(c) for c in column) < 60  # the edge between the side faces is near black
    finally:
        theme.set_contrast("normal")


def test_a_blocks_offset_shows_and_its_contact_shadow_marks_the_step(pilot):
    """A block set 4 units (a tenth of an edge) off the one under it is drawn that far off, and
    the strip of the lower block's top it leaves bare carries its shadow."""
    c, scale = 60.0, 1.0
    straight = art._paint_tower(((0, 1, 1, 0, 0), (0, 2, 1, 0, 0)), -1, 0, scale, c, (), frozenset(), "cubes")
    shifted = art._paint_tower(((0, 1, 1, 0, 0), (0, 2, 1, -4, 0)), -1, 0, scale, c, (), frozenset(), "cubes")
    assert pygame.image.tobytes(straight, "RGBA") != pygame.image.tobytes(shifted, "RGBA")
    ox, oy = art.SURF_LEFT * c, art.SURF_TOP * c
    x, y, _ = art.block_centre(0, 1)
    # the lower block's top near its right corner (+x), left bare by the upper block moved to -x
    sx, sy = art.project(x + 0.42, y, 1.0, c, 0)
    p = (math.floor(ox + sx), math.floor(oy + sy))
    alone = art._paint_tower(((0, 1, 1, 0, 0),), -1, 0, scale, c, (), frozenset(), "cubes")
    lit, bare = alone.get_at(p), shifted.get_at(p)
    assert lit.a > 200 and bare.a > 200
    assert sum(tuple(bare)[:3]) < sum(tuple(lit)[:3]) - 30  # the same top, in the upper block's shadow
