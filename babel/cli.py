"""``python -m babel``: the headless command line (list games, bot simulations, replays).

It never imports pygame, so it runs on servers and in CI.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from babel.core import registry
from babel.core.saves import SaveError, read_record, restore
from babel.core.simulate import simulate


def _cmd_list(args: argparse.Namespace) -> int:
    games = registry.all_games()
    if not games:
        print("no games registered")
    for rules in games:
        info = rules.info
        print(f"{info.id:<12} {info.title} ({info.min_players}-{info.max_players} players)")
    return 0


def _cmd_sim(args: argparse.Namespace) -> int:
    try:
        rules = registry.get(args.game)
    except registry.UnknownGame as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    players = args.players or rules.info.default_players or rules.info.min_players
    levels = args.bots.split(",") if args.bots else None
    if levels is not None and len(levels) == 1:
        levels = levels * players
    if levels is not None and len(levels) != players:
        print(f"error: {players} players need 1 or {players} bot levels, not {len(levels)}", file=sys.stderr)
        return 2
    for level in levels or []:
        if level not in rules.info.bot_levels and not _old_level(rules, level):
            print(
                f"error: {rules.info.title} has no bot level '{level}' (levels: {', '.join(rules.info.bot_levels)})",
                file=sys.stderr,
            )
            return 2
    options = dict(kv.split("=", 1) for kv in args.option or [])
    for key, value in list(options.items()):
        if value.lstrip("-").isdigit():
            options[key] = int(value)
    try:
        summary = simulate(rules, players, args.games, args.seed, levels, options)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(summary.to_json(), indent=1))
    return 1 if summary.errors else 0


def _cmd_replay(args: argparse.Namespace) -> int:
    try:
        record = read_record(args.file)
        match = restore(record)
    except SaveError as exc:
        print(json.dumps({"ok": False, "error": str(exc)}, indent=1))
        return 1
    outcome = match.outcome()
    print(
        json.dumps(
            {
                "ok": True,
                "game": record.game,
                "actions": len(record.actions),
                "over": outcome is not None,
                "winners": list(outcome.winners) if outcome else [],
                "digest": record.digest,
            },
            indent=1,
        )
    )
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m babel", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the registered games").set_defaults(func=_cmd_list)
    sim = sub.add_parser("sim", help="bot-vs-bot games, JSON summary on stdout")
    sim.add_argument("game")
    sim.add_argument("--players", type=int, default=0)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bots", default="", help="bot level for all seats, or one per seat, comma-separated")
    sim.add_argument("--option", action="append", metavar="KEY=VALUE", help="a game option")
    sim.set_defaults(func=_cmd_sim)
    rep = sub.add_parser("replay", help="re-apply a saved game and report where it diverges")
    rep.add_argument("file")
    rep.set_defaults(func=_cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


def _old_level(rules, level: str) -> bool:
    """A level id the game still accepts from older saves (e.g. Babel On!'s 'strong')."""
    from babel.core.protocol import ConfigError

    try:
        rules.make_bot(level)
    except ConfigError:
        return False
    return True
