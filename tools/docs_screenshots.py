"""Render the screenshots the docs show: the launcher screens and every game's table.

    python tools/docs_screenshots.py                    # every picture, into docs/<name>/*.png
    python tools/docs_screenshots.py babel_on builders  # only these folders

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
from scenes.tutorials import LESSONS  # noqa: E402

SIZE = (1600, 900)


def hold_drag(p: Pilot, a: tuple[float, float], b: tuple[float, float], steps: int = 8) -> None:
    """Press at ``a`` and move to ``b`` without letting go, as a player mid-drag."""
    p.send(pygame.event.Event(pygame.MOUSEMOTION, pos=p.app.canvas.pt(a), rel=(0, 0), buttons=(0, 0, 0)))
    p.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p.app.canvas.pt(a), button=1))
    for i in range(1, steps + 1):
        q = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
        event = pygame.event.Event(pygame.MOUSEMOTION, pos=p.app.canvas.pt(q), rel=(0, 0), buttons=(1, 0, 0))
        p.app.step(0.15, [event])
    p.app.step(0.3, [])  # the hand comes to rest


def bots_until(match: Match, done) -> None:
    """Let every seat's bot play until ``done(match)`` holds or the game is over."""
    match.play_bots(until=done)


def sit_down(table, settle: float) -> Pilot:
    """A pilot at normal animation speed with ``table`` open, after ``settle`` seconds."""
    p = Pilot(size=SIZE, anim_speed="normal")
    p.start(table)
    p.advance(settle)
    return p


def lesson_table(table_cls, game_id: str, prompts: int) -> tuple[Pilot, object]:
    """A pilot with the game's lesson open, after following ``prompts`` of its prompts by
    clicking where the table points."""
    from scenes.tutorials import lesson_for

    lesson = lesson_for(game_id)
    table = table_cls(lesson.new_match(), None, threaded=False)
    table.lesson = lesson
    p = Pilot(size=SIZE, anim_speed="normal")
    p.start(table)
    for _ in range(prompts):
        p.until(lambda: table.lesson_prompt() is not None, 30)
        p.click(table.lesson_target(table.lesson_prompt().target).center)
    p.until(lambda: table.lesson_prompt() is not None, 30)
    return p, table


def launcher(out: Path) -> None:
    from scenes.launcher.menu import MainMenu
    from scenes.launcher.rules_viewer import RulesViewer
    from scenes.launcher.settings import SettingsScene
    from scenes.launcher.setup import SetupScene
    from scenes.widgets.swatch import ColourSwatch

    p = Pilot(size=SIZE, anim_speed="normal")
    p.start(MainMenu())
    p.screenshot(out / "menu.png")
    p.app.push(SetupScene(registry.get("duel")))
    p.frame()
    p.screenshot(out / "setup.png")
    p.app.pop()
    # Choosing colours: Babel On!, Anna takes green (a click on her cube steps to the next free colour).
    p.app.push(SetupScene(registry.get("babel_on")))
    p.frame()
    swatch = next(w for w in p.top.widgets.widgets if isinstance(w, ColourSwatch))
    for _ in range(3):
        p.click(swatch.rect.center)
    p.frame()
    p.screenshot(out / "setup_colours.png")
    p.move((SIZE[0] - 10, SIZE[1] - 10))  # the mouse leaves the seats: no hover in the next pictures
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
        sprite = next(s for s in table.sprites.hands[0] if s.face == card and not s.hidden)
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
    duel_coach(out)
    p, _ = lesson_table(DuelTable, "duel", 3)
    p.advance(0.5)
    p.screenshot(out / "tutorial.png")


def duel_coach(out: Path) -> None:
    """Round 4 of a two-player game: the rival has chosen, the coach advises Anna."""
    from scenes.tables.duel import DuelTable

    rules = registry.get("duel")
    match = Match(rules, rules.make_config(2), 5, [Seat("Anna"), Seat("Ben", "steady")])
    table = DuelTable(match, None, threaded=False)
    p = Pilot(size=SIZE, anim_speed="normal")
    p.start(table)
    while len(match.view(None).history) < 3:
        p.until(lambda: bool(table.legal) and not table.busy(), 20)
        rounds = len(match.view(None).history)
        table.submit(table.legal[-2])
        p.until(lambda n=rounds: len(match.view(None).history) > n, 20)
    p.until(lambda: bool(table.legal) and not table.busy() and all(match.view(None).committed[1:]), 20)
    p.press(pygame.K_h)
    p.advance(0.5)
    p.screenshot(out / "coach.png")


def solitaire(out: Path) -> None:
    from babel.games.solitaire import hints
    from babel.games.solitaire.actions import Move
    from scenes.tables.solitaire import SolitaireTable

    rules = registry.get("solitaire")
    match = Match(rules, rules.make_config(1), 3, [Seat("Anna")])
    table = SolitaireTable(match, None, threaded=False)
    p = Pilot(size=SIZE, anim_speed="normal")
    p.start(table)
    shot = False
    while not match.over:
        action = hints.bot_choice(table.view, table.legal, samples=4)
        if not shot and match.ply >= 28 and isinstance(action, Move):
            p.press(pygame.K_h)
            mid = table.geo.centre(action.src)
            hold_drag(p, mid, (mid[0] - 50, mid[1] + 30), steps=1)
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
    p, table = lesson_table(SolitaireTable, "solitaire", 4)
    p.click(table.lesson_target(table.lesson_prompt().target).center)  # select the stack to move
    p.advance(0.5)
    p.screenshot(out / "tutorial.png")


def babel_on(out: Path) -> None:
    from babel.core.bots import Budget
    from babel.core.rng import Rng
    from babel.games.babel_on.actions import Add, Take
    from babel.games.babel_on.model import Phase
    from scenes.tables.babel_on import BabelOnTable

    rules = registry.get("babel_on")
    anna = registry.make_bot("babel_on", "steady")

    def bots_until(match: Match, done) -> None:  # Anna's moves up to the picture: a steady bot's
        while not match.over and not done(match):
            seat = match.to_act()[0]
            if seat == 0:
                action = anna.choose(rules.view(match.state, 0), match.legal(0), Rng(match.ply), Budget())
            else:
                action = match.bot_action(seat)
            match.submit(seat, action)

    # Mid-game: four nations, Anna dragging a drawn block onto her tower with the risk shown.
    seats = [Seat("Anna"), Seat("Bashir", "expert"), Seat("Chen", "steady"), Seat("Dana", "expert")]
    match = Match(rules, rules.make_config(4), 3, seats)
    bots_until(
        match, lambda m: m.ply >= 60 and 0 in m.to_act() and any(isinstance(a, Add) for a in m.legal(0))
    )
    table = BabelOnTable(match, None, threaded=False)
    p = sit_down(table, 1.0)
    move = next(m for m in table.legal if isinstance(m, Add))
    src = table.tray_point(move.colour)
    dst = table.top_point(move.tower, move.cell)
    hold_drag(p, src, (dst[0] + 4, dst[1]))
    p.screenshot(out / "table_midgame.png")

    # A wobble: a bot's move that its tower stood through while its top blocks rocked.
    def wobbles(m: Match) -> bool:
        seat = m.to_act()[0] if not m.over else 0
        if seat == 0 or m.ply < 60:
            return False
        step = rules.apply(m.state, seat, m.bot_action(seat))
        tilt = [
            max(abs(e[5]), abs(e[6]))
            for ev in step.events
            for _, entries in ev.data.get("wobble", ())
            for e in entries
        ]
        return bool(tilt) and max(tilt) > 0.06

    match = Match(rules, rules.make_config(4), 5, seats)
    bots_until(match, wobbles)
    table = BabelOnTable(match, None, threaded=False)
    p = sit_down(table, 0.0)
    for _ in range(400):
        p.advance(1 / 30)
        fall = table.motion.fall
        if fall and fall.result == "wobble" and fall.tween and fall.tween.t > 0.2:
            break
    p.screenshot(out / "wobble.png")

    # A fall: Anna pulls a block from under others on a rival's tower.
    seats = [Seat("Anna"), Seat("Bashir", "steady"), Seat("Chen", "steady"), Seat("Dana", "steady")]
    match = Match(rules, rules.make_config(4), 3, seats)

    def can_pull(m: Match) -> bool:
        v = m.view(None)
        return (
            0 in m.to_act()
            and v.phase is Phase.REMOVE
            and any(
                isinstance(a, Take) and a.tower != 0 and a.floor < len(v.towers[a.tower][a.cell])
                for a in m.legal(0)
            )
        )

    bots_until(match, lambda m: m.ply >= 60 and can_pull(m))
    table = BabelOnTable(match, None, threaded=False)
    p = sit_down(table, 0.3)
    v = table.view
    pulls = [
        m
        for m in table.legal
        if isinstance(m, Take) and m.tower != 0 and m.floor < len(v.towers[m.tower][m.cell])
    ]
    move = max(pulls, key=lambda m: len(v.towers[m.tower][m.cell]) - m.floor)
    point = table.block_point((move.tower, move.cell, move.floor))
    while point is None:  # hidden behind its neighbours: turn the view until it shows
        p.press(pygame.K_r)
        point = table.block_point((move.tower, move.cell, move.floor))
    p.drag(point, (point[0] + 160, point[1] + 50), steps=12, seconds=1.2)
    p.advance(0.7)
    p.screenshot(out / "fall.png")

    # Learn to play: Anna called even, rolled right and picked a drawn block; the arrow shows the cell.
    p, _ = lesson_table(BabelOnTable, "babel_on", 2)
    p.advance(0.3)
    p.screenshot(out / "tutorial.png")


def builders(out: Path) -> None:
    from babel.games.builders.model import Phase
    from scenes.tables.builders import BuildersTable
    from scenes.tables.builders.timeline import TimelineScreen

    rules = registry.get("builders")
    names = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn", "Gus"]
    seats = [Seat(names[0])] + [Seat(n, "shrewd") for n in names[1:]]

    def table_at(match: Match) -> tuple[Pilot, BuildersTable]:
        table = BuildersTable(match, None, threaded=False)
        p = sit_down(table, 0.0)
        p.click((1590, 890))  # a click on the wood puts away the role reminder a seat gets on sitting down
        p.advance(1.5)
        return p, table

    # Construction: round 3 of a seven-player game, the Master placing an instruction card.
    match = Match(rules, rules.make_config(7), 4, seats)
    bots_until(match, lambda m: m.view(None).round >= 3 and m.view(None).phase is Phase.PLACE)
    p, table = table_at(match)
    p.screenshot(out / "construction.png")

    # Table talk: late in a game, whom each bot suspects from the public record (the side sheet).
    match = Match(rules, rules.make_config(7), 4, seats)
    bots_until(match, lambda m: m.view(None).round >= 5 and m.view(None).phase is Phase.SELECT)
    p, table = table_at(match)
    p.screenshot(out / "table_talk.png")

    # The blueprint editor, with a design under way.
    from scenes.tables.builders.blueprints import BlueprintEditor

    p = Pilot(size=SIZE, anim_speed="normal")
    p.start(BlueprintEditor([2, 0, 2, 0, 6, 0, 2, 0, 2]))
    p.advance(0.3)
    p.screenshot(out / "blueprint_editor.png")

    # The coach: Anna is appointed and asks what to hand in (H).
    match = Match(rules, rules.make_config(7), 4, seats)
    bots_until(match, lambda m: m.view(None).phase is Phase.SELECT and 0 in m.to_act())
    p, table = table_at(match)
    p.press(pygame.K_h)
    p.advance(0.5)
    p.screenshot(out / "coach.png")

    # The Master's private check: Anna is Master and chooses what to take and what to give up.
    for seed in range(1, 200):
        match = Match(rules, rules.make_config(7), seed, seats)
        bots_until(match, lambda m: m.view(None).phase is Phase.SWAP)
        if not match.over and match.to_act() == (0,) and match.view(0).received_count >= 3:
            break
    p, table = table_at(match)
    p.screenshot(out / "master_check.png")

    # The end-of-game timeline: who was what, and when each conversion happened.
    bots_until(match, lambda m: False)
    p, table = table_at(match)
    p.until(lambda: isinstance(p.top, TimelineScreen), 30)  # it opens by itself when the game ends
    p.advance(0.5)
    p.screenshot(out / "timeline.png")

    # Learn to play: Anna, the first Master, has read her role and appointed Ben; the arrow shows
    # the next plate to click.
    p, table = lesson_table(BuildersTable, "builders", 0)
    p.press(pygame.K_SPACE)  # the role note closes
    p.click(table.lesson_target(table.lesson_prompt().target).center)
    p.advance(0.3)
    p.screenshot(out / "tutorial.png")
    talk_pictures(out)


def talk_pictures(out: Path) -> None:
    """Table talk with bots, at the smallest window and at 4K: Anna's turn to speak in round 4,
    the bots' words over their seats, "I suspect..." chosen in the menu and a player picked."""
    from babel.games.builders.model import Phase
    from scenes.tables.builders import BuildersTable

    rules = registry.get("builders")
    names = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn", "Gus"]
    seats = [Seat(names[0])] + [Seat(n, "shrewd") for n in names[1:]]
    for size, name in (((1024, 640), "talk_1024x640.png"), ((3840, 2160), "talk_3840x2160.png")):
        match = Match(rules, rules.make_config(7, talk=True), 4, seats)
        bots_until(match, lambda m: m.state.round >= 4 and m.state.phase is Phase.TALK and 0 in m.to_act())
        table = BuildersTable(match, None, threaded=False)
        p = Pilot(size=size, anim_speed="normal")
        p.start(table)
        p.click((1590, 890))  # puts away the role reminder
        p.advance(1.0)
        p.press(pygame.K_s)
        seat = max(a.subject for a in table.legal if a.kind == "suspect")
        p.click(table.anchors[seat])
        p.advance(0.3)
        p.screenshot(out / name)


def turmbau(out: Path) -> None:
    from babel.games.turmbau.model import Phase
    from scenes.tables.turmbau.table import KIND_KEYS, SEAT_KEYS, TurmbauTable

    rules = registry.get("turmbau")
    seats = [Seat("Anna"), Seat("Ben", "strong"), Seat("Carla", "heuristic"), Seat("Dieter", "strong")]

    def table_at(match: Match) -> tuple[Pilot, TurmbauTable]:
        table = TurmbauTable(match, None, threaded=False)
        return sit_down(table, 1.5), table

    # The offer phase: Carla builds; Anna drafts her offer while the others' lie face down.
    match = Match(rules, rules.make_config(4), 5, seats)
    bots_until(match, lambda m: m.ply >= 30 and m.view(None).phase is Phase.OFFER and 0 in m.to_act())
    p, table = table_at(match)
    offer = max((a for a in table.legal if hasattr(a, "trade") and not a.triple), key=lambda a: sum(a.cards))
    keys = {kind: key for key, kind in KIND_KEYS.items()}
    for kind, n in enumerate(offer.cards):
        for _ in range(n):
            p.press(keys[kind])
    p.advance(0.3)
    p.screenshot(out / "offer_phase.png")

    # The builder's choice: Anna invites an offer and sees who places what and who takes the disc.
    match = Match(rules, rules.make_config(4), 9, seats)
    bots_until(
        match,
        lambda m: (
            m.view(None).phase is Phase.SELECT
            and m.to_act() == (0,)
            and any(getattr(a, "seats", ()) for a in m.legal(0))
        ),
    )
    p, table = table_at(match)
    invite = next(a.seats for a in table.legal if getattr(a, "seats", ()))
    keys = {seat: key for key, seat in SEAT_KEYS.items()}
    for seat in invite:
        p.press(keys[seat])
    p.advance(0.3)
    p.screenshot(out / "select_preview.png")

    # The final score sheet.
    bots_until(match, lambda m: False)
    p, table = table_at(match)
    p.until(lambda: table._end_shown, 30)
    p.advance(0.5)
    p.screenshot(out / "final_scoring.png")

    # Learn to play: Anna has passed and picked a ship for Carla's build; the arrow shows Offer.
    p, _ = lesson_table(TurmbauTable, "turmbau", 2)
    p.advance(0.3)
    p.screenshot(out / "tutorial.png")


def lessons(out: Path) -> None:
    """Each lesson's busiest click at 1024x640 (docs/lessons.md shows them)."""
    sys.path.insert(0, str(ROOT / "tools"))
    from lesson_walk import busiest_picture, walk_one

    for game in LESSONS:
        busiest_picture(game, walk_one(game, (1024, 640), None), out)


SHOTS = {
    "screens": launcher,
    "duel": duel,
    "solitaire": solitaire,
    "babel_on": babel_on,
    "turmbau": turmbau,
    "builders": builders,
    "lessons": lessons,
}


def main() -> int:
    names = sys.argv[1:] or list(SHOTS)
    for name in names:
        fn = SHOTS[name]
        out = ROOT / "docs" / name
        out.mkdir(parents=True, exist_ok=True)
        fn(out)
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
