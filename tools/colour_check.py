"""Colour never alone: the seat and nation colours, their pattern marks and the table's key
contrasts as protanopia, deuteranopia and tritanopia see them (scenes/colour_vision.py), and
pictures of every table in high contrast, with their simulated views for a look by eye.

python tools/colour_check.py                      # the checks; exit 1 if one fails
python tools/colour_check.py --pictures docs/accessibility [--simulated /tmp/cvd] [--size 1280x800]

The report lists every pair of colours closer than deltaE 12 under a simulation (with their
patterns: they must differ), any mark that an eye would not see on its block, any two marks that
look alike, and the contrast of legal-target outlines on the felt, words on panels and ink on
paper in both the normal and the high-contrast look.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("BABEL_TOWERS_HOME", tempfile.mkdtemp(prefix="babel-colour-"))

import pygame  # noqa: E402

from babel.core import registry  # noqa: E402
from babel.core.match import Match, Seat  # noqa: E402
from babel.core.settings import Settings  # noqa: E402
from scenes import colour_vision as cv  # noqa: E402
from scenes import seat_colours, theme  # noqa: E402
from scenes.pilot import Pilot  # noqa: E402

GAMES = ("duel", "solitaire", "babel_on", "turmbau", "builders")
MOVES = {"duel": 4, "solitaire": 6, "babel_on": 6, "turmbau": 8, "builders": 10}  # bot moves before the picture
CONTRAST_LIMIT = 25.0  # deltaE a legal-target outline, panel words or ink keep from their ground


def key_pairs() -> list[tuple[str, tuple, tuple]]:
    """The contrasts that carry meaning, in the theme's current colours."""
    look = theme.CONTRAST
    return [
        (f"{look}: legal-target outline on felt", theme.HIGHLIGHT, theme.FELT),
        (f"{look}: words on panels", theme.BUTTON_TEXT, theme.PANEL),
        (f"{look}: ink on paper", theme.INK, theme.PAPER),
        (f"{look}: focus edge on panels", theme.FOCUS, theme.PANEL),
    ]


def checks() -> list[cv.Finding]:
    found = []
    for name, looks in (("seat colours", theme.SEAT_COLOURS), ("nations", seat_colours.palette("babel_on"))):
        found += cv.check_palette(name, looks)
    for mode in ("normal", "high"):
        theme.set_contrast(mode)
        found += cv.check_contrast(key_pairs(), CONTRAST_LIMIT)
    theme.set_contrast("normal")
    return found


def table_picture(game: str, contrast: str, size: tuple[int, int], seed: int = 3) -> pygame.Surface:
    """The table of ``game`` after a few seeded bot moves, seen from seat 0 (a person) at its turn."""
    from scenes.tables import table_for

    rules = registry.get(game)
    n = rules.info.default_players or rules.info.min_players
    bot = registry.bots(game).strongest
    seats = [Seat(f"P{i + 1}", None if i == 0 else bot) for i in range(n)]
    match = Match(rules, rules.make_config(n), seed, seats)
    match.play_bots(plies=MOVES[game])
    pilot = Pilot(size=size, anim_speed="instant", settings=Settings(phone_address="127.0.0.1", contrast=contrast))
    pilot.start(table_for(game)(match, None, threaded=False))
    if game == "builders":
        pilot.press(pygame.K_SPACE)  # the role note over the table: closed, as a player would
    pilot.advance(0.5)
    pilot.app.draw()
    return pygame.display.get_surface().copy()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--pictures", default=None, help="folder for contrast-<game>.png (high contrast tables)")
    p.add_argument("--simulated", default=None, help="folder for each table as the three visions see it")
    p.add_argument("--size", default="1280x800")
    args = p.parse_args(argv)
    pygame.init()
    found = checks()
    for f in found:
        print(("ok    " if f.ok else "FAIL  ") + f.text)
    size = tuple(int(v) for v in args.size.split("x"))
    for game in GAMES if (args.pictures or args.simulated) else ():
        shot = table_picture(game, "high", size)
        if args.pictures:
            Path(args.pictures).mkdir(parents=True, exist_ok=True)
            pygame.image.save(shot, str(Path(args.pictures) / f"contrast-{game}.png"))
        if args.simulated:
            out = Path(args.simulated)
            out.mkdir(parents=True, exist_ok=True)
            normal = table_picture(game, "normal", size)
            small = pygame.transform.smoothscale(normal, (size[0] // 2, size[1] // 2))
            for vision in cv.VISIONS:
                pygame.image.save(cv.simulate_surface(small, vision), str(out / f"{game}-{vision}.png"))
        print(f"pictured {game}")
    failed = [f for f in found if not f.ok]
    print(f"{len(found)} findings, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
