"""The headless command line, python -m babel: list games, bot simulations, level matches, soaks, replays.

It never imports pygame, so it runs on servers and in CI.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from babel.core import registry
from babel.core.contest import contest
from babel.core.jsonfile import display_name
from babel.core.saves import SaveError, SaveStore, read_record, restore
from babel.core.simulate import simulate
from babel.core.soak import soak


def _cmd_list(args: argparse.Namespace) -> int:
    games = registry.all_games()
    if not games:
        print("no games registered")
    for rules in games:
        info = rules.info
        print(f"{info.id:<12} {info.title} ({info.min_players}-{info.max_players} players)")
    return 0


MAX_GAMES = 100_000  # a bigger run is a mistake (at a few games a second it would take days)
MAX_SEED = 2**63 - 1


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def _known_games() -> str:
    return ", ".join(r.info.id for r in registry.all_games())


def _option_value(opt, text: str):
    """The option value a command-line word stands for (numbers, on/off, choice names)."""
    for choice in opt.choices if not isinstance(opt.choices, range) else ():
        if str(choice).lower() == text.lower() or (
            isinstance(choice, bool) and text.lower() in _BOOL_WORDS[choice]
        ):
            return choice
    try:
        return int(text)
    except ValueError:
        return text


_BOOL_WORDS = {True: ("on", "yes", "true", "1"), False: ("off", "no", "false", "0")}


def _lineup_text(players: int) -> str:
    """What match's --bots takes for a game of ``players`` seats."""
    if players == 1:
        return "1 level (the game has 1 seat)"
    if players == 2:
        return "2 levels, one for each seat"
    return f"2 levels (the first in one seat, the second in all others) or {players} (one per seat)"


def _players_text(info) -> str:
    if info.min_players == info.max_players:
        return "1 player" if info.max_players == 1 else f"{info.max_players} players"
    return f"{info.min_players} to {info.max_players} players"


def _word(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _describe_option(opt) -> str:
    if isinstance(opt.choices, range):
        values = f"{opt.choices.start} to {opt.choices.stop - 1}"
    else:
        values = ", ".join(_word(c) for c in opt.choices)
    return f"{opt.key}={values} (default {_word(opt.default)})"


class _Refused(Exception):
    """A command-line value that cannot be used; the message says which values can."""


def _game_setup(args: argparse.Namespace, level_counts: str = "seats") -> tuple:
    """The game, player count, bot levels and options the common arguments ask for."""
    try:
        rules = registry.get(args.game)
    except registry.UnknownGame:
        raise _Refused(f"there is no game '{args.game}' (games: {_known_games()})") from None
    info = rules.info
    roster = registry.bots(info.id)
    players = args.players if args.players is not None else info.default_players or info.min_players
    if players not in info.player_counts:
        raise _Refused(f"{info.title} takes {_players_text(info)}, not {players}")
    if not 1 <= args.games <= MAX_GAMES:
        raise _Refused(f"--games must be between 1 and {MAX_GAMES:,}, not {args.games}")
    if not 0 <= args.seed <= MAX_SEED:
        raise _Refused(f"--seed must be between 0 and {MAX_SEED}, not {args.seed}")
    levels = [lv.strip() for lv in args.bots.split(",")] if args.bots else None
    if level_counts == "seats":
        if levels is not None and len(levels) == 1:
            levels = levels * players
        if levels is not None and len(levels) != players:
            wanted = "1 bot level" if players == 1 else f"1 or {players} bot levels"
            who = "1 player needs" if players == 1 else f"{players} players need"
            raise _Refused(f"{who} {wanted}, not {len(levels)}")
    elif levels is None or len(levels) not in (2, players):
        if levels is None:
            raise _Refused(f"--bots is required: it takes {_lineup_text(players)}")
        raise _Refused(f"--bots takes {_lineup_text(players)}, not {len(levels)}")
    for number, level in enumerate(levels or [], start=1):
        if not level:
            raise _Refused(f"--bots '{args.bots}': level {number} is empty")
        if not roster.knows(level):
            raise _Refused(f"{info.title} has no bot level '{level}' (levels: {', '.join(roster.all_ids)})")
    return rules, players, levels, _options(info, args.option or [])


def _options(info, items: Sequence[str]) -> dict:
    known = {o.key: o for o in info.options}
    options = {}
    for item in items:
        key, eq, text = item.partition("=")
        if not eq or not key.strip():
            raise _Refused(f"--option takes KEY=VALUE, not '{item}'")
        key = key.strip()
        if key not in known:
            keys = ", ".join(known) or "none"
            raise _Refused(f"{info.title} has no option '{key}' (options: {keys})")
        options[key] = _option_value(known[key], text.strip())
        if options[key] not in known[key].choices:
            raise _Refused(f"option {_describe_option(known[key])}; '{text}' is not one of them")
    return options


def _cmd_sim(args: argparse.Namespace) -> int:
    try:
        rules, players, levels, options = _game_setup(args)
        summary = simulate(rules, players, args.games, args.seed, levels, options)
    except (_Refused, ValueError) as exc:
        return _fail(str(exc))
    print(json.dumps(summary.to_json(), indent=1))
    return 1 if summary.errors else 0


def _cmd_match(args: argparse.Namespace) -> int:
    try:
        rules, players, levels, options = _game_setup(args, level_counts="lineup")
        summary = contest(rules, players, args.games, args.seed, levels, options)
    except (_Refused, ValueError) as exc:
        return _fail(str(exc))
    print(json.dumps(summary.to_json(), indent=1))
    return 1 if summary.errors else 0


def _cmd_soak(args: argparse.Namespace) -> int:
    try:
        rules, players, levels, options = _game_setup(args)
        if not 0 <= args.leak_every <= MAX_GAMES:
            raise _Refused(f"--leak-every must be between 0 and {MAX_GAMES:,}, not {args.leak_every}")
        levels = levels or [registry.bots(rules.info.id).offered[0]] * players
        summary = soak(rules, players, args.games, args.seed, levels, options, leak_every=args.leak_every)
    except (_Refused, ValueError) as exc:
        return _fail(str(exc))
    print(json.dumps(summary.to_json(), indent=1))
    return 1 if summary.errors else 0


def _find_save(name: str) -> Path | None:
    """A save named on the command line: a file path, or a save's name as the saved-games
    screen shows it (its label, else its file name), newest first; None if there is none."""
    path = Path(name)
    if os.path.lexists(path):
        return path
    store = SaveStore()
    wanted = name.strip().casefold()
    for entry in store.entries():
        if wanted in (
            entry.title.casefold(),
            entry.name.casefold(),
            display_name(entry.path.stem).casefold(),
        ):
            return entry.path
    return None


def _cmd_replay(args: argparse.Namespace) -> int:
    path = _find_save(args.file) if args.file.strip() else None
    if path is None:
        titles = [e.title for e in SaveStore().entries()][:10]
        known = f" (saves: {', '.join(titles)})" if titles else " (there are no saves)"
        if args.file.strip():
            error = f"no save file or saved game called '{args.file}'{known}"
        else:
            error = f"no save was named: give a save file's path or a saved game's name{known}"
        print(json.dumps({"ok": False, "error": error}, indent=1))
        return 1
    try:
        record = read_record(path)
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


def _games_epilog() -> str:
    lines = ["games, their player counts, bot levels (weakest first) and options:"]
    for rules in registry.all_games():
        info = rules.info
        lines.append(f"  {info.id:<10} {info.title}, {_players_text(info)}")
        lines.append(f"  {'':<10} bot levels: {', '.join(registry.bots(info.id).all_ids)}")
        for opt in info.options:
            lines.append(f"  {'':<10} --option {_describe_option(opt)}")
    return "\n".join(lines)


DESCRIPTION = """The headless command line of Babel Towers: list the games, run bot-vs-bot
simulations, pit bot levels against each other, soak a game with every check at every step,
check saved games. It never opens a window."""


def _game_arguments(cmd: argparse.ArgumentParser, bots_help: str, games: int) -> None:
    """The arguments sim, match and soak share: game, players, games, seed, bots, options."""
    cmd.add_argument("game", help="the game's id, as listed below")
    cmd.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help="number of seats (default: the game's usual number)",
    )
    cmd.add_argument(
        "--games",
        type=int,
        default=games,
        metavar="N",
        help=f"how many games to play, 1 to {MAX_GAMES:,} (default {games})",
    )
    cmd.add_argument(
        "--seed",
        type=int,
        default=1,
        metavar="N",
        help="seed of the first game; the next ones use N+1, N+2, ... (default 1)",
    )
    cmd.add_argument("--bots", default="", metavar="LEVEL[,LEVEL...]", help=bots_help)
    cmd.add_argument(
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="set a game option; repeat for several (the options of each game are listed below)",
    )


def build_parser() -> argparse.ArgumentParser:
    fmt = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(prog="python -m babel", description=DESCRIPTION, formatter_class=fmt)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sub.add_parser("list", help="list the games with their player counts").set_defaults(func=_cmd_list)
    epilog = _games_epilog()
    sim = sub.add_parser(
        "sim",
        help="play bot-vs-bot games and print a JSON summary",
        description="Play seeded bot-vs-bot games of one game and print a JSON summary\n"
        "(wins per seat, shared wins, mean length, how games ended, errors) on standard output.",
        epilog=epilog,
        formatter_class=fmt,
    )
    _game_arguments(
        sim,
        "one bot level for every seat, or one per seat, comma-separated (default: the weakest)",
        100,
    )
    sim.set_defaults(func=_cmd_sim)
    match = sub.add_parser(
        "match",
        help="pit bot levels against each other, seats rotating, with 95%% intervals",
        description="Pit bot levels against each other over seeded games and print a JSON report.\n"
        "The seating turns by one seat every game, so no level profits from its seat; each\n"
        "level's win rate comes with a 95% (Wilson) interval and the even share beside it.",
        epilog=epilog,
        formatter_class=fmt,
    )
    _game_arguments(
        match,
        "two levels (the first in one seat, the second in all others) or one per seat (required)",
        200,
    )
    match.set_defaults(func=_cmd_match)
    soak_cmd = sub.add_parser(
        "soak",
        help="play many games checking every invariant at every step",
        description="Play seeded bot games checking at every step the game's invariants, the\n"
        "action text and JSON round trips, legal actions only for seats to act, and that no view\n"
        "depends on what its seat cannot know. Prints a JSON report; exit 1 on any failure.",
        epilog=epilog,
        formatter_class=fmt,
    )
    _game_arguments(
        soak_cmd,
        "one bot level for every seat, or one per seat, comma-separated (default: the weakest)",
        1000,
    )
    soak_cmd.add_argument(
        "--leak-every",
        type=int,
        default=1,
        metavar="N",
        help="run the view-leak check every N steps, 0 never (it redraws the hidden state; default 1)",
    )
    soak_cmd.set_defaults(func=_cmd_soak)
    rep = sub.add_parser(
        "replay",
        help="replay a saved game through the rules and report whether it is sound",
        description="Replay a saved game through the rules and print a JSON report: whether it "
        "replays, its game, number of actions, whether it is over and who won.",
    )
    rep.add_argument(
        "file",
        metavar="SAVE",
        help="a save file's path, or a saved game's name as the Saved games screen shows it",
    )
    rep.set_defaults(func=_cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)
