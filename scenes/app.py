"""``babel-towers``: open the window and show the main menu."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="babel-towers", description="Five Tower of Babel games on one table."
    )
    parser.add_argument("--size", help="window size, e.g. 1600x900")
    parser.add_argument(
        "--windowed", action="store_true", help="start in a window even if full screen is set"
    )
    args = parser.parse_args(argv)
    size = None
    if args.size:
        try:
            w, h = (int(v) for v in args.size.lower().split("x"))
            size = (w, h)
        except ValueError:
            parser.error("--size takes WIDTHxHEIGHT, e.g. 1600x900")
    from scenes.core import App
    from scenes.launcher.menu import MainMenu

    app = App(size=size)
    if args.windowed and app.fullscreen:
        app.toggle_fullscreen()
    app.push(MainMenu())
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
