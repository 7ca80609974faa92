"""Pictures of the phone page for the docs: a duel, a Der Turmbau offer, a Builders Master's check,
and the watching page of Babel On! and the solitaire.

    python tools/remote_pictures.py [--out docs/remote] [--scale 2] [--full]

Each picture is a real page: a local phone server (``RemoteHost`` on 127.0.0.1) serves a seeded
game advanced by bots to the moment shown, and headless Chromium opens seat 1's link at 360 x 780
CSS pixels (``--scale`` is the screen's pixel density; ``--full`` captures the whole page height);
the watching pictures open ``/watch`` on a game every seat of which is a bot.
Needs Debian's ``chromium`` and ``chromium-driver`` and the ``selenium`` package.
"""

from __future__ import annotations

import argparse
import base64
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from babel.core.match import Match, Seat  # noqa: E402
from tests.test_scenes_remote_browser import (  # noqa: E402
    WINDOW,
    LocalTable,
    browser_missing,
    open_chromium,
)

NAMES = ("Ada", "Brick", "Cyrus", "Dana", "Emil", "Fay", "Gus", "Hana", "Ivo", "Jun")
SETTLE_SECONDS = 10.0


@dataclass(frozen=True)
class Shot:
    """One picture: the game, its players and seed, and when the position is reached."""

    name: str
    game: str
    players: int
    seed: int
    until: Callable[[Match], bool]
    ready: str  # a CSS selector that is on the page once it shows the position
    taps: tuple[str, ...] = ()  # buttons a person would tap before the picture (JS expressions)
    scroll_to: str | None = None  # a CSS selector brought up under the header
    watch: bool = False  # the public watching page of an all-bot game, not seat 1's page
    level: str = "random"  # the bots' level


def _duel_mid_game(m: Match) -> bool:
    return m.ply >= 8 and m.to_act() == (0, 1)


def _turmbau_offer(m: Match) -> bool:
    view = m.view(0)
    return view.phase.value == "offer" and 0 in m.to_act() and sum(view.hand) >= 5 and m.ply > 20


def _babel_on_adding(m: Match) -> bool:
    view = m.view(None)
    return m.ply >= 120 and view.phase.value == "add" and len(view.hand) >= 2


def _solitaire_midway(m: Match) -> bool:
    return m.view(None).pile_size <= 6


def _builders_check(m: Match) -> bool:
    view = m.view(0)
    return view.phase.value == "swap" and view.master == 0 and len(view.received) >= 3 and view.round >= 2


STEP_UP = (
    "Array.from(document.querySelectorAll('.stepper')).find((s) => s.textContent.includes('{}'))"
    ".querySelectorAll('.btn.step')[1]"
)
FIRST_CARD = "document.querySelector('.composer .card-btn:not(:disabled)')"
SHOTS = (
    Shot("duel", "duel", 2, 7, _duel_mid_game, ".hand .card-btn:not(:disabled)"),
    Shot(
        "turmbau-offer",
        "turmbau",
        4,
        5,
        _turmbau_offer,
        ".composer .btn.primary",
        taps=(STEP_UP.format("Ship"), STEP_UP.format("Ship"), STEP_UP.format("Camel")),
        scroll_to=".composer",
    ),
    Shot(
        "builders-check",
        "builders",
        7,
        4,
        _builders_check,
        ".composer.check img.card",
        taps=(FIRST_CARD,),
        scroll_to=".composer.check",
    ),
    Shot("watch-babel_on", "babel_on", 4, 3, _babel_on_adding, ".bo-tower", watch=True, level="steady"),
    Shot("watch-solitaire", "solitaire", 1, 3, _solitaire_midway, ".sol-stack", watch=True, level="greedy"),
)
HEADER_ROOM = 96  # CSS pixels the sticky header covers


def _settle(table: LocalTable, driver, selector: str, moves: bool = True) -> None:
    deadline = time.monotonic() + SETTLE_SECONDS
    script = (
        "const ok = document.querySelector(arguments[0]);"
        "const imgs = Array.from(document.images);"
        "return !!ok && imgs.every((i) => i.complete && i.naturalWidth > 0);"
    )
    while time.monotonic() < deadline:
        if moves:
            table.pump()
        if driver.execute_script(script, selector):
            return
        time.sleep(0.05)
    raise SystemExit(f"the page never showed {selector}")


def _capture(driver, path: Path, full: bool) -> None:
    if not full:
        driver.save_screenshot(str(path))
        return
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"captureBeyondViewport": True, "format": "png"})
    path.write_bytes(base64.b64decode(shot["data"]))


def take(shot: Shot, out: Path, scale: float, full: bool) -> Path:
    seats = [Seat(NAMES[0], bot=shot.level if shot.watch else None)]
    seats += [Seat(NAMES[i], bot=shot.level) for i in range(1, shot.players)]
    profile = Path(tempfile.mkdtemp(prefix="babel-phone-shot-"))
    with LocalTable(shot.game, seats, shot.seed) as table:
        table.match.play_bots(until=shot.until, plies=2000)
        if not shot.until(table.match):
            raise SystemExit(f"{shot.name}: seed {shot.seed} never reaches the position")
        table.publish()
        driver = open_chromium(profile, WINDOW, scale)
        try:
            driver.get(table.host.base_url() + "/watch" if shot.watch else table.url(0))
            _settle(table, driver, shot.ready, moves=not shot.watch)  # a watched game holds still
            for tap in shot.taps:
                driver.execute_script(f"({tap}).click();")
                _settle(table, driver, shot.ready)
            if shot.scroll_to and not full:
                driver.execute_script(
                    "const el = document.querySelector(arguments[0]);"
                    "window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - arguments[1]);",
                    shot.scroll_to,
                    HEADER_ROOM,
                )
                time.sleep(0.2)
            if full:
                height = driver.execute_script("return document.documentElement.scrollHeight")
                driver.execute_cdp_cmd(
                    "Emulation.setDeviceMetricsOverride",
                    {"width": WINDOW[0], "height": height, "deviceScaleFactor": scale, "mobile": True},
                )
            path = out / f"{shot.name}.png"
            _capture(driver, path, full)
        finally:
            driver.quit()
            shutil.rmtree(profile, ignore_errors=True)
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "remote")
    parser.add_argument("--scale", type=float, default=2.0, help="device pixels per CSS pixel")
    parser.add_argument("--full", action="store_true", help="the whole page, not one screen")
    parser.add_argument("only", nargs="*", help="picture names (default: all)")
    args = parser.parse_args(argv)
    missing = browser_missing()
    if missing:
        print(missing, file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    for shot in SHOTS:
        if args.only and shot.name not in args.only:
            continue
        print(take(shot, args.out, args.scale, args.full))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
