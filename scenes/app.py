"""``babel-towers``: open the window and show the main menu."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

MAX_SIDE = 16384  # pixels: larger than any screen


def parse_size(text: str) -> tuple[int, int]:
    """``WIDTHxHEIGHT`` as two positive whole numbers; raises ValueError with a message."""
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(f"--size takes WIDTHxHEIGHT in pixels, e.g. 1600x900 (not '{text}')")
    w, h = (int(p) for p in parts)
    if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
        raise ValueError(f"--size: width and height must be between 1 and {MAX_SIDE} pixels (not '{text}')")
    return w, h


def _join_dashed_values(argv: list[str]) -> list[str]:
    """``--size -5x-5``: argparse would take the value for an unknown option; pass it as
    ``--size=-5x-5`` so the error names the size."""
    out = list(argv)
    for i, arg in enumerate(out[:-1]):
        if (
            arg == "--size"
            and out[i + 1].startswith("-")
            and out[i + 1] not in ("--windowed", "-h", "--help")
        ):
            out[i : i + 2] = [f"--size={out[i + 1]}"]
            break
    return out


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="babel-towers", description="Five Tower of Babel games on one table."
    )
    parser.add_argument("--size", help="window size in pixels, WIDTHxHEIGHT, e.g. 1600x900")
    parser.add_argument(
        "--windowed", action="store_true", help="start in a window even if full screen is set"
    )
    return parser


def start(size: tuple[int, int] | None = None, windowed: bool = False):
    """Check the data folders, load the settings, open the window on the main menu; notices
    about damaged or unusable files are shown as toasts over the menu. Returns the App."""
    from babel.core.settings import load_settings
    from babel.core.startup import tidy_folders
    from scenes.core import App
    from scenes.launcher import install_routes
    from scenes.launcher.menu import MainMenu

    notices: list[str] = []
    settings = load_settings(notices)
    notices += tidy_folders(time.time())
    install_routes()
    app = App(settings=settings, size=size, windowed=windowed)
    app.push(MainMenu())
    for message in notices:
        app.toast(message)
    return app


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(_join_dashed_values(list(sys.argv[1:] if argv is None else argv)))
    size = None
    if args.size:
        try:
            size = parse_size(args.size)
        except ValueError as exc:
            parser.error(str(exc))
    start(size, args.windowed).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
