"""Pictures of Babel On!'s painted wooden blocks, for reviewing the look by eye.

    python tools/babel_on_wood_pictures.py [--out docs/babel_on]

Writes ``wood_blocks.png`` (every nation look and the neutral stone at 36, 56 and 110 px, in
the four grain variants; the upper half normal, the lower half high contrast) and
``wood_offsets.png`` (one tower whose blocks sit up to 8 units, a fifth of an edge, off their
cells, in two view turns, normal and high contrast: the offsets and the contact shadows show).
Motion (a wobble and a fall, frame by frame) is ``tools/babel_on_motion_pictures.py``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from scenes import seat_colours, theme  # noqa: E402
from scenes.tables.babel_on import art  # noqa: E402
from scenes.widgets import wood  # noqa: E402

SIZES = (36, 56, 110)
# (cell, floor, colour, dx, dy): a 3-nation tower with stone (colour 3) and offsets up to 8 units
TOWER = (
    (0, 1, 0, 0, 0),
    (1, 1, 1, 3, -2),
    (2, 1, 2, -2, 1),
    (3, 1, 3, 1, 2),
    (0, 2, 1, -5, 3),
    (1, 2, 0, 6, -4),
    (3, 2, 2, -3, -3),
    (0, 3, 3, 4, 2),
    (3, 3, 1, -8, 5),
    (2, 2, 0, 2, -6),
)


def blocks_sheet() -> pygame.Surface:
    looks = list(zip(seat_colours.NATION_RGB, seat_colours.NATION_PATTERN)) + [(theme.NEUTRAL_BLOCK, "bars")]
    row_h = round(max(SIZES) * 1.12) + 20
    width = sum(s + 20 for s in SIZES) * wood.VARIANTS + 10
    sheet = pygame.Surface((width, 2 * len(looks) * row_h))
    for half, mode in enumerate(("normal", "high")):
        theme.set_contrast(mode)
        sheet.fill(theme.FELT, (0, half * len(looks) * row_h, width, len(looks) * row_h))
        for r, (rgb, pattern) in enumerate(looks):
            x, y = 10, (half * len(looks) + r) * row_h + 10
            for px in SIZES:
                for v in range(wood.VARIANTS):
                    sheet.blit(wood.sprite(rgb, pattern, px, v), (x, y))
                    x += px + 20
    theme.set_contrast("normal")
    return sheet


def offsets_sheet() -> pygame.Surface:
    shots = []
    for mode in ("normal", "high"):
        theme.set_contrast(mode)
        for rot in (0, 1):
            surf = art._paint_tower(TOWER, 3, rot, 2.0, 60, (), frozenset(), "all")
            shot = pygame.Surface(surf.get_size())
            shot.fill(theme.FELT)
            shot.blit(surf, (0, 0))
            shots.append(
                shot.subsurface(
                    (0, round(shot.get_height() * 0.3), shot.get_width(), round(shot.get_height() * 0.7))
                )
            )
    theme.set_contrast("normal")
    w, h = shots[0].get_size()
    sheet = pygame.Surface((2 * w, 2 * h))
    for i, shot in enumerate(shots):
        sheet.blit(shot, ((i % 2) * w, (i // 2) * h))
    return sheet


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "babel_on")
    args = ap.parse_args(argv)
    pygame.display.init()
    pygame.display.set_mode((16, 16))
    args.out.mkdir(parents=True, exist_ok=True)
    for name, sheet in (("wood_blocks.png", blocks_sheet()), ("wood_offsets.png", offsets_sheet())):
        pygame.image.save(sheet, str(args.out / name))
        print(args.out / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
