"""How large the words are on the screen: every line of text the canvas draws on the launcher
screens and at each table (after a few bot moves), by the place in the code that draws it, at
one window size and text size.

python tools/text_sizes.py                          # 1024x640 at 100 %: places under 16 px
python tools/text_sizes.py --size 1024x640 --text-size 200 --below 16 --list
python tools/text_sizes.py --all                    # every place and its smallest size on screen

A "place" is the file and line of the call that asked for the text (the caller of
``Canvas.text``, or of the helper that called it). The smallest on-screen pixel size a place
drew is reported; ``--below N`` counts the places under N pixels.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("BABEL_TOWERS_HOME", tempfile.mkdtemp(prefix="babel-sizes-"))

from babel.core.match import Match, Seat  # noqa: E402
from babel.core.settings import TEXT_SIZES, Settings  # noqa: E402
from scenes import assets  # noqa: E402
from scenes.canvas import Canvas  # noqa: E402
from scenes.pilot import Pilot  # noqa: E402

HELPERS = {"canvas.py", "basic.py"}  # a text drawn by a helper is told by the helper's caller


def _place() -> str:
    frame = sys._getframe(2)
    while frame is not None and Path(frame.f_code.co_filename).name in HELPERS and "scenes" in frame.f_code.co_filename:
        if Path(frame.f_code.co_filename).name == "basic.py" and frame.f_code.co_name in ("draw", "_paint"):
            break  # a widget's own label: the widget is the place
        frame = frame.f_back
    if frame is None:
        return "?"
    name = Path(frame.f_code.co_filename)
    try:
        name = name.relative_to(ROOT)
    except ValueError:
        pass
    return f"{name}:{frame.f_lineno}"


def record(smallest: dict[str, float]) -> None:
    original = Canvas.text

    def text(canvas, s, pos, size=22, *args, **kwargs):
        px = max(6, round(size * canvas.scale))
        where = _place()
        smallest[where] = min(smallest.get(where, 10**6), px)
        return original(canvas, s, pos, size, *args, **kwargs)

    Canvas.text = text


def screens(pilot: Pilot):
    from scenes.launcher.menu import MainMenu
    from scenes.launcher.rules_viewer import RulesViewer
    from scenes.launcher.saved_games import InProgressGames, SavedGames
    from scenes.launcher.settings import SettingsScene
    from scenes.launcher.setup import SetupScene
    from scenes.tables import playable_games, table_for

    yield MainMenu()
    yield SettingsScene()
    yield RulesViewer(None)
    yield SavedGames()
    yield InProgressGames()
    for rules in playable_games():
        yield SetupScene(rules)
    for rules in playable_games():
        n = max(rules.info.min_players, min(4, rules.info.max_players))
        seats = [Seat("Anna")] + [Seat(f"Bot {i}", "random") for i in range(1, n)]
        match = Match(rules, rules.make_config(n), 3, seats)
        for _ in range(12):
            if match.over:
                break
            seat = match.to_act()[0]
            match.submit(seat, match.bot_action(seat))
        yield table_for(rules.info.id)(match, None, threaded=False)
    yield _turmbau_offer()
    yield from more_states()


def more_states():
    """The states the tables above do not reach: Builders with nine bots and the table talk
    sheet showing (its rows scroll), and Der Turmbau's offer and builder's choice with several
    action cards playable (the key line beside the choice line)."""
    yield builders_talk()
    yield turmbau_cards("offer")
    yield turmbau_cards("select")


def builders_talk(bots: int = 9):
    """Babel Builders with Anna and ``bots`` bots after a round, at Anna's move: the table talk
    sheet shows a row per bot (on by default with one person at the table)."""
    from babel.core import registry
    from scenes.tables.builders import BuildersTable

    rules = registry.get("builders")
    names = ["Anna", "Ben", "Carla", "Dev", "Elif", "Farid", "Gwen", "Hiro", "Ines", "Jonas"]
    seats = [Seat(names[0])] + [Seat(n, "plain") for n in names[1 : bots + 1]]
    match = Match(rules, rules.make_config(bots + 1), 3, seats)
    match.play_bots(until=lambda m: len(m.view(None).log) >= 1 and 0 in m.to_act())
    table = BuildersTable(match, None, threaded=False)

    def ready(pilot):
        table.note = None  # the role note, shown at the start, put away

    return table, ready


def turmbau_cards(phase: str):
    """Der Turmbau at Anna's offer ("offer": a card picked, so the choice line shows) or her
    choice as the builder ("select": the offers invited that a Joker completes), holding Card
    trade and Card draw (and a Triple or a Joker), all playable: the longest key lines beside the
    choice line. The held cards are dealt to her from the action deck (or another hand)."""
    import dataclasses

    from babel.core import registry
    from babel.games.turmbau import pieces
    from babel.games.turmbau.actions import Offer, Select
    from babel.games.turmbau.model import Phase
    from scenes.tables.turmbau.table import KIND_KEYS, SEAT_KEYS, TurmbauTable

    rules = registry.get("turmbau")
    want = Phase.OFFER if phase == "offer" else Phase.SELECT
    extra = pieces.TRIPLE if phase == "offer" else pieces.JOKER
    for seed in range(5, 60):
        seats = [Seat("Anna")] + [Seat(f"Bot {i}", "random") for i in range(1, 4)]
        match = Match(rules, rules.make_config(4), seed, seats)
        match.play_bots(until=lambda m: m.over or (m.view(None).phase is want and 0 in m.to_act()))
        if match.over:
            continue
        state = match.state
        deck, held = list(state.action_deck), [list(a) for a in state.actions]
        for card in (pieces.REDRAW, pieces.DRAW3, extra):
            if card in held[0]:
                continue
            if card in deck:
                deck.remove(card)
            else:
                other = next((i for i in range(1, 4) if card in held[i]), None)
                if other is None:
                    break
                held[other].remove(card)
            held[0].append(card)
        else:
            match.state = dataclasses.replace(
                state, action_deck=tuple(deck), actions=tuple(tuple(sorted(a)) for a in held)
            )
            legal = match.legal(0)
            if phase == "offer":
                offer = max((a for a in legal if isinstance(a, Offer)), key=lambda a: sum(a.cards))
                keys = [next(key for key, kind in KIND_KEYS.items() if offer.cards[kind])]
            else:
                wild = [a for a in legal if isinstance(a, Select) and a.seats and sum(a.wild)]
                if not wild:
                    continue
                by_seat = {seat: key for key, seat in SEAT_KEYS.items()}
                keys = [by_seat[seat] for seat in wild[0].seats]
            table = TurmbauTable(match, None, threaded=False)
            return table, lambda pilot, keys=keys: [pilot.press(key) for key in keys]
    raise LookupError(f"no Der Turmbau {phase} with the action cards found")


def _turmbau_offer():
    """Der Turmbau in an offer in progress: the first seat has picked a card of the most it may
    offer, so the choice line under the action cards is drawn; returns (table, what to do once open)."""
    from babel.core import registry
    from babel.games.turmbau.model import Phase
    from scenes.tables.turmbau.table import KIND_KEYS, TurmbauTable

    rules = registry.get("turmbau")
    seats = [Seat("Anna")] + [Seat(f"Bot {i}", "random") for i in range(1, 4)]
    match = Match(rules, rules.make_config(4), 5, seats)
    match.play_bots(until=lambda m: m.view(None).phase is Phase.OFFER and 0 in m.to_act())
    table = TurmbauTable(match, None, threaded=False)
    offer = max((a for a in match.legal(0) if hasattr(a, "trade")), key=lambda a: sum(a.cards))
    key = next(key for key, kind in KIND_KEYS.items() if offer.cards[kind])
    return table, lambda pilot: pilot.press(key)


def _part(where: str) -> str:
    """A place's part of the game: the table's game, or the launcher and the shared widgets."""
    bits = Path(where.split(":")[0]).parts
    return bits[2] if len(bits) > 3 and bits[1] == "tables" else "screens and widgets"


def _parts(smallest: dict[str, float], below: int) -> list[tuple[str, int, int]]:
    parts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for where, px in smallest.items():
        parts[_part(where)][0] += px < below
        parts[_part(where)][1] += 1
    return [(part, n, total) for part, (n, total) in sorted(parts.items())]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--size", default="1024x640")
    p.add_argument("--text-size", type=int, default=100, choices=TEXT_SIZES)
    p.add_argument("--below", type=int, default=16, help="count the places under this many pixels")
    p.add_argument("--list", action="store_true", help="list those places, smallest first")
    p.add_argument("--all", action="store_true", help="list every place and its smallest size, smallest first")
    args = p.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))
    pilot = Pilot(size=(w, h), settings=Settings(phone_address="127.0.0.1", text_size=args.text_size))
    smallest: dict[str, float] = {}
    record(smallest)
    for scene in screens(pilot):
        scene, ready = scene if isinstance(scene, tuple) else (scene, None)
        pilot.start(scene)
        if ready is not None:
            ready(pilot)
        assets.clear()  # cached buttons and layers are painted again, so their words are seen
        pilot.app.draw()
        pilot.app.pop()
    under = sorted((px, where) for where, px in smallest.items() if px < args.below)
    counts: dict[int, int] = defaultdict(int)
    for px, _ in under:
        counts[px] += 1
    print(f"{args.size} at {args.text_size} %: {len(smallest)} places draw text, {len(under)} under {args.below} px")
    print("  by smallest size: " + ", ".join(f"{px} px: {n}" for px, n in sorted(counts.items())))
    print("  by part (under / places): " + ", ".join(f"{part} {n}/{total}" for part, n, total in _parts(smallest, args.below)))
    if args.list or args.all:
        shown = sorted((px, where) for where, px in smallest.items()) if args.all else under
        for px, where in shown:
            print(f"  {px:3d} px  {where}" + ("  (under)" if args.all and px < args.below else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
