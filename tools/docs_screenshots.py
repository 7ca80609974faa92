"""Render the screenshots the docs show (launcher screens, duel and solitaire tables).

    python tools/docs_screenshots.py            # writes docs/screens/*.png, docs/duel/*.png, docs/solitaire/*.png

Every picture is a real scene driven headless by the pilot, from fixed seeds.
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
os.environ["BABEL_TOWERS_HOME"] = tempfile.mkdtemp(prefix="babel-docs-")

import pygame  # noqa: E402

from babel.core import registry  # noqa: E402
from babel.core.match import Match, Seat  # noqa: E402
from scenes.pilot import Pilot  # noqa: E402

SIZE = (1600, 900)


def launcher(out: Path) -> None:
    from scenes.launcher.menu import MainMenu
    from scenes.launcher.rules_viewer import RulesViewer
    from scenes.launcher.settings import SettingsScene
    from scenes.launcher.setup import SetupScene

    p = Pilot(size=SIZE, anim_speed="normal")
    p.start(MainMenu())
    p.screenshot(out / "menu.png")
    p.app.push(SetupScene(registry.get("duel")))
    p.frame()
    p.screenshot(out / "setup.png")
    p.app.push(SettingsScene())
    p.frame()
    p.screenshot(out / "settings.png")
    p.app.push(RulesViewer("duel"))
    p.frame()
    p.screenshot(out / "rules.png")


def duel(out: Path) -> None:
    from scenes.tables.duel import DuelTable

    rules = registry.get("duel")
    seats = [Seat("Anna"), Seat("Ben", "strong"), Seat("Carla", "heuristic")]
    match = Match(rules, rules.make_config(3), 11, seats)
    table = DuelTable(match, None, threaded=False)
    p = Pilot(size=SIZE, anim_speed="normal")
    p.start(table)
    for _ in range(5):
        p.until(lambda: bool(table.legal), 10)
        p.until(lambda: not table.busy(), 10)
        card = max(a.card for a in table.legal if a.card != 15)
        sprite = next(s for s in table.hands[0] if s.face == card and not s.hidden)
        rounds = len(table.match.view(None).history)
        p.click(sprite.pos)
        p.until(lambda n=rounds: len(table.match.view(None).history) > n, 10)
    p.advance(0.85)  # the cards of round 5 just revealed
    p.screenshot(out / "table_reveal.png")
    while not table.match.over:
        p.until(lambda: bool(table.legal) or table.match.over, 20)
        if table.match.over:
            break
        table.submit(table.legal[0])
    p.until(lambda: table._end_shown, 20)
    p.screenshot(out / "end.png")


def solitaire(out: Path) -> None:
    from babel.games.solitaire import hints
    from babel.games.solitaire.engine import Kind
    from scenes.tables.solitaire import SolitaireTable

    rules = registry.get("solitaire")
    match = Match(rules, rules.make_config(1), 3, [Seat("Anna")])
    table = SolitaireTable(match, None, threaded=False)
    p = Pilot(size=SIZE, anim_speed="normal")
    p.start(table)
    shot = False
    while not match.over:
        action = hints.bot_choice(table.view, table.legal, samples=4)
        if not shot and match.ply >= 28 and action.kind is Kind.MOVE:
            p.press(pygame.K_h)
            p.move(table.geo.centre(action.src))
            p.send(
                pygame.event.Event(
                    pygame.MOUSEBUTTONDOWN, pos=p.app.canvas.pt(table.geo.centre(action.src)), button=1
                )
            )
            mid = table.geo.centre(action.src)
            p.send(
                pygame.event.Event(
                    pygame.MOUSEMOTION,
                    pos=p.app.canvas.pt((mid[0] - 50, mid[1] + 30)),
                    rel=(0, 0),
                    buttons=(1, 0, 0),
                )
            )
            p.frame()
            p.screenshot(out / "table_drag.png")
            p.send(
                pygame.event.Event(
                    pygame.MOUSEBUTTONUP, pos=p.app.canvas.pt((mid[0] - 50, mid[1] + 30)), button=1
                )
            )
            shot = True
            continue
        table._act(action)
        p.advance(0.05)
    p.until(lambda: table._end_shown, 10)
    p.screenshot(out / "end.png")
    p.click(next(w for w in table.end_widgets.widgets if w.label == "Analysis").rect.center)
    scene = p.top
    p.until(lambda: scene.analysis is not None, 30)
    scene.goto(18)
    p.frame()
    p.screenshot(out / "analysis.png")


def main() -> int:
    for name, fn in (("screens", launcher), ("duel", duel), ("solitaire", solitaire)):
        out = ROOT / "docs" / name
        out.mkdir(parents=True, exist_ok=True)
        fn(out)
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
