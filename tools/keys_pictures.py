"""The pictures of keyboard play in docs/accessibility: Settings, Keys; a Babel On! block aimed
and nudged by keys; the Babel On! key sheet (?); a Der Turmbau card pointed at by keys, with its
note. Each on a 1024x640 window, driven by key presses.

    python tools/keys_pictures.py [folder]     # default: docs/accessibility
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["BABEL_TOWERS_HOME"] = tempfile.mkdtemp(prefix="babel-keys-")

import pygame  # noqa: E402

from babel.core import registry  # noqa: E402
from babel.core.match import Match, Seat  # noqa: E402
from babel.games.babel_on.actions import Add  # noqa: E402
from scenes.launcher.settings import SettingsScene  # noqa: E402
from scenes.pilot import Pilot  # noqa: E402
from scenes.tables import table_for  # noqa: E402

SIZE = (1024, 640)


def keys_screen(out: Path) -> None:
    pilot = Pilot(size=SIZE)
    pilot.start(SettingsScene())
    for _ in range(40):
        pilot.press(pygame.K_TAB)
        here = pilot.top.widgets.focus.focused()
        if here is not None and getattr(here, "label", "") == "Keys…":
            break
    pilot.press(pygame.K_RETURN)
    for _ in range(20):  # down to Babel On!'s Pass, rebound to G, then on to its hint
        pilot.press(pygame.K_TAB)
        if pilot.top.widgets.focus.focused().label == "P" and pilot.top.widgets.focus.focused().rect.x > 400:
            break
    pilot.press(pygame.K_RETURN)
    pilot.press(pygame.K_g)
    pilot.press(pygame.K_DOWN)
    pilot.press(pygame.K_RETURN)  # waiting for the next key
    pilot.screenshot(out / "keys-screen-1024x640.png")
    pygame.display.quit()


def babel_on(out: Path) -> None:
    rules = registry.get("babel_on")
    pilot = Pilot(size=SIZE)
    seats = [Seat("Anna"), Seat("Bruno", bot="novice"), Seat("Carla", bot="novice")]
    table = table_for("babel_on")(Match(rules, rules.make_config(3), 5, seats), None, threaded=False)
    pilot.start(table)
    pilot.press(pygame.K_e)
    pilot.until(lambda: any(isinstance(m, Add) for m in table.legal) and not table.busy(), 20)
    pilot.press(pygame.K_2)
    pilot.press(pygame.K_RIGHT)
    pilot.press(pygame.K_UP, pygame.KMOD_SHIFT)
    pilot.advance(0.05)
    pilot.screenshot(out / "keys-babel_on-1024x640.png")
    pilot.press(pygame.K_SLASH, pygame.KMOD_SHIFT)
    pilot.screenshot(out / "keys-sheet-babel_on-1024x640.png")
    pygame.display.quit()


def turmbau(out: Path) -> None:
    """Down, then Right along the hand to the trading card: its note shows, as under the pointer."""
    rules = registry.get("turmbau")
    pilot = Pilot(size=SIZE)
    seats = [Seat("Anna"), Seat("Bruno", bot="novice"), Seat("Carla", bot="novice")]
    match = Match(rules, rules.make_config(3), 5, seats)
    match.play_bots(until=lambda m: 0 in m.to_act())
    table = table_for("turmbau")(match, None, threaded=False)
    pilot.start(table)
    pilot.press(pygame.K_DOWN)
    for _ in range(sum(table.view.hand)):
        pilot.press(pygame.K_RIGHT)
    pilot.screenshot(out / "keys-turmbau-card-1024x640.png")
    pygame.display.quit()


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "accessibility"
    out.mkdir(parents=True, exist_ok=True)
    keys_screen(out)
    babel_on(out)
    turmbau(out)
    print(f"pictures written to {out}")


if __name__ == "__main__":
    main()
