"""The picture of the Babel On! plausibility table: named test towers and their risk by shake.

    python tools/babel_on_physics_pictures.py --table   (the figures of docs/babel_on/physics.md)

    python tools/babel_on_physics_pictures.py [--out docs/babel_on/plausibility.png]

Each tower of ``tests/test_babel_on_physics.py``'s table is drawn as the table draws it, with
the chance (its ensemble's share of falls) that touching cell a knocks it over, for every shake
level 0..9, as a bar chart under it; the rows are in the order a person would expect.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from babel.games.babel_on import physics  # noqa: E402
from scenes.tables.babel_on import art  # noqa: E402
from tests.test_babel_on_physics import TOWERS  # noqa: E402

PER_ROW, COL, ROW = 5, 300, 330
W = PER_ROW * COL + 20
CUBE = 24
BG = (40, 30, 22)
PAPER = (236, 226, 204)
BAR = (214, 120, 70)


def ladder(places) -> tuple:
    out = []
    for f in range(1, 7):
        cells = tuple(any(p.cell == c and p.floor == f for p in places) for c in range(4))
        out.append((cells, all(cells), False, False))
    return tuple(out)


def draw(out: Path) -> None:
    pygame.init()
    pygame.display.set_mode((1, 1))
    rows = -(-len(TOWERS) // PER_ROW)
    screen = pygame.Surface((W, 60 + rows * ROW))
    screen.fill(BG)
    font = pygame.font.Font(None, 20)
    small = pygame.font.Font(None, 18)
    title = pygame.font.Font(None, 32)
    screen.blit(
        title.render("Named towers: risk of touching cell a, by the hand's shake 0-9", True, PAPER),
        (20, 14),
    )
    for i, (name, places) in enumerate(TOWERS.items()):
        x0, y0 = 20 + (i % PER_ROW) * COL, 50 + (i // PER_ROW) * ROW
        blocks = tuple((p.cell, p.floor, i % 3, p.dx, p.dy) for p in places)
        surf = art.tower_surface(blocks, -1, 0, 1.0, CUBE, ladder(places), frozenset())
        ox, oy = x0 + COL // 2 - 30, y0 + 165
        screen.blit(surf, (ox - art.SURF_LEFT * CUBE, oy - art.SURF_TOP * CUBE))
        screen.blit(font.render(f"{i + 1}. {name}", True, PAPER), (x0, y0 + 190))
        risks = [physics.risk(places, 0, s) for s in range(physics.MAX_SHAKE + 1)]
        base = y0 + 300
        pygame.draw.line(screen, PAPER, (x0, base), (x0 + 250, base))
        for s, r in enumerate(risks):
            h = round(r * 90)
            pygame.draw.rect(screen, BAR, (x0 + 4 + s * 25, base - h, 18, h))
            screen.blit(small.render(str(s), True, PAPER), (x0 + 8 + s * 25, base + 3))
        screen.blit(
            small.render(f"at 5: {round(risks[5] * 100)}%, at 9: {round(risks[-1] * 100)}%", True, PAPER),
            (x0 + 130, y0 + 206),
        )
    pygame.image.save(screen, str(out))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=str(ROOT / "docs" / "babel_on" / "plausibility.png"))
    ap.add_argument("--table", action="store_true", help="print the risks as a Markdown table instead")
    args = ap.parse_args()
    if args.table:
        print("| tower | " + " | ".join(str(s) for s in range(physics.MAX_SHAKE + 1)) + " |")
        print("|---|" + "---|" * (physics.MAX_SHAKE + 1))
        for name, places in TOWERS.items():
            risks = [physics.risk(places, 0, s) for s in range(physics.MAX_SHAKE + 1)]
            print(f"| {name} | " + " | ".join(f"{round(r * 100)}" for r in risks) + " |")
        return 0
    draw(Path(args.out))
    print(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
