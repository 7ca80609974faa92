"""Render any scene headless to a PNG, for reviewing screens and for the docs.

python tools/screenshot.py menu --out docs/screens/menu.png
python tools/screenshot.py setup --game duel --out setup.png --size 1920x1080 [--players 5]
python tools/screenshot.py settings | rules | saves | in-progress
python tools/screenshot.py history --game duel --moves 40   # statistics after 40 bot-played games
python tools/screenshot.py game --game duel --seed 3 --moves 10 --seats human,strong --out duel.png
python tools/screenshot.py game --game builders --seats phone,phone,phone,phone,human,plain,plain
python tools/screenshot.py game --game builders --seats human,plain,plain,plain,plain --option talk=on --moves 40
python tools/screenshot.py game --game turmbau --moves 24 --text-size 200 --size 1024x640
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
os.environ.setdefault("BABEL_TOWERS_HOME", tempfile.mkdtemp(prefix="babel-shot-"))

from babel.core import registry  # noqa: E402
from babel.core.match import Match, Seat  # noqa: E402
from babel.core.settings import TEXT_SIZES, Settings  # noqa: E402
from scenes.launcher.setup import DEFAULT_NAMES  # noqa: E402
from scenes.pilot import Pilot  # noqa: E402


def build_game(game: str, seed: int, moves: int, seats_spec: str, players: int | None, options: dict):
    """A table scene for ``game`` after ``moves`` bot moves from ``seed``."""
    from scenes.tables import table_for

    rules = registry.get(game)
    kinds = seats_spec.split(",") if seats_spec else []
    n = players or (len(kinds) if kinds else rules.info.default_players or rules.info.min_players)
    kinds = (kinds + [registry.bots(rules.info.id).strongest] * n)[:n]
    seats = [
        Seat(DEFAULT_NAMES[i], None if k in ("human", "phone") else k, device=k == "phone")
        for i, k in enumerate(kinds)
    ]
    match = Match(rules, rules.make_config(n, **options), seed, seats)
    match.play_bots(plies=moves)
    return table_for(game)(match, None)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument(
        "scene",
        choices=["menu", "setup", "settings", "rules", "saves", "in-progress", "history", "game", "curtain"],
    )
    p.add_argument("--game", default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--moves", type=int, default=0)
    p.add_argument("--players", type=int, default=None)
    p.add_argument(
        "--seats",
        default="",
        help="comma-separated: human, phone (a seat on a phone: the table shows its code) or a bot level",
    )
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--size", default="1600x900")
    p.add_argument("--text-size", type=int, default=100, choices=TEXT_SIZES, help="percent, as in Settings")
    p.add_argument("--settle", type=float, default=1.5, help="seconds of simulated time before the shot")
    p.add_argument("--out", default="screenshot.png")
    args = p.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))
    settings = Settings(phone_address="127.0.0.1", text_size=args.text_size)
    pilot = Pilot(size=(w, h), anim_speed="normal", settings=settings)
    options = {}
    for kv in args.option:
        k, v = kv.split("=", 1)
        switch = {"on": True, "true": True, "off": False, "false": False}.get(v.lower())
        options[k] = switch if switch is not None else int(v) if v.lstrip("-").isdigit() else v

    from scenes.launcher.menu import MainMenu

    if args.scene == "menu":
        pilot.start(MainMenu())
    elif args.scene == "setup":
        from scenes.launcher.setup import SetupScene
        from scenes.tables import playable_games

        games = {r.info.id: r for r in playable_games()} or {r.info.id: r for r in registry.all_games()}
        rules = games[args.game] if args.game else next(iter(games.values()))
        pilot.start(MainMenu())
        scene = SetupScene(rules)
        pilot.app.push(scene)
        if args.players:
            scene._set_players(args.players)
    elif args.scene == "settings":
        from scenes.launcher.settings import SettingsScene

        pilot.start(MainMenu())
        pilot.app.push(SettingsScene())
    elif args.scene == "rules":
        from scenes.launcher.rules_viewer import RulesViewer

        pilot.start(RulesViewer(args.game))
    elif args.scene == "saves":
        from scenes.launcher.saved_games import SavedGames

        pilot.start(SavedGames())
    elif args.scene == "in-progress":
        from scenes.launcher.saved_games import InProgressGames

        pilot.start(InProgressGames())
    elif args.scene == "history":  # --moves: how many bot-played games fill the history first
        from history_fill import real_games

        from babel.core.saves import SaveStore
        from scenes.launcher.history_screen import StatisticsScreen

        real_games(SaveStore().history, args.moves or 30, args.seed)
        pilot.start(StatisticsScreen(args.game))
    elif args.scene == "curtain":
        from scenes.widgets.curtain import PrivacyCurtain

        pilot.start(PrivacyCurtain("Anna", "Choose your card for this round."))
    else:
        if not args.game:
            p.error("game needs --game")
        pilot.start(build_game(args.game, args.seed, args.moves, args.seats, args.players, options))
    pilot.advance(args.settle)
    out = pilot.screenshot(args.out)
    pilot.app.close_scenes()  # a table with phone seats stops its server
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
