"""The command lines explain themselves: plain-text help, the games and their bot levels, a clear
error for every bad value, saves found by their name."""

from __future__ import annotations

import json

import pytest

from babel import cli
from babel.core import registry
from babel.core.match import Match, Seat
from babel.core.saves import SaveStore


def _run(capsys, *argv) -> tuple[int, str, str]:
    try:
        code = cli.main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["sim", "duel", "--option", "nokey"], "--option takes KEY=VALUE, not 'nokey'"),
        (["sim", "duel", "--option", "=3"], "--option takes KEY=VALUE"),
        (["sim", "duel", "--option", "colour=red"], "has no option 'colour'"),
        (["sim", "turmbau", "--option", "two_kind=maybe"], "'maybe' is not one of them"),
        (["sim", "duel", "--players", "0"], "takes 2 to 3 players, not 0"),
        (["sim", "builders", "--players", "11"], "takes 5 to 10 players, not 11"),
        (["sim", "solitaire", "--players", "2"], "takes 1 player, not 2"),
        (["sim", "duel", "--games", "-5"], "--games must be between 1 and 100,000, not -5"),
        (["sim", "duel", "--games", "0"], "--games must be between 1"),
        (["sim", "duel", "--games", str(10**12)], "--games must be between 1"),
        (["sim", "duel", "--seed", "-1"], "--seed must be between"),
        (["sim", "chess"], "there is no game 'chess' (games: duel, solitaire"),
        (["sim", "duel", "--bots", "genius"], "levels: novice, steady, expert"),
        (["sim", "solitaire", "--bots", "expert,expert"], "1 player needs 1 bot level, not 2"),
        (
            ["sim", "duel", "--players", "3", "--bots", "steady,expert"],
            "3 players need 1 or 3 bot levels, not 2",
        ),
        (["sim", "duel", "--bots", "steady,"], "--bots 'steady,': level 2 is empty"),
        (["match", "duel", "--bots", "expert"], "--bots takes 2 levels, one for each seat, not 1"),
        (["match", "duel"], "--bots is required: it takes 2 levels, one for each seat"),
        (["match", "duel", "--players", "3", "--bots", "a,b,c,d"], "or 3 (one per seat), not 4"),
    ],
)
def test_bad_values_are_clear_errors(capsys, argv, words):
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == ""
    assert words in err and "Traceback" not in err


def test_options_are_read_by_their_words(capsys):
    code, out, _err = _run(capsys, "sim", "turmbau", "--option", "two_kind=on", "--games", "1")
    assert code == 0 and json.loads(out)["games"] == 1


def test_help_is_plain_text(capsys):
    for argv in (["--help"], ["sim", "--help"], ["replay", "--help"], ["list", "--help"]):
        code, out, _err = _run(capsys, *argv)
        assert code == 0 and "``" not in out and ":func:" not in out


def test_help_shows_percent_signs_once(capsys):
    """Issue: 'match --help' printed "95%%" (a description is not %-formatted, a help is)."""
    for argv in (["--help"], ["match", "--help"], ["sim", "--help"], ["soak", "--help"], ["replay", "--help"]):
        code, out, _err = _run(capsys, *argv)
        assert code == 0 and "%%" not in out
        assert "95%" in out or argv[0] not in ("--help", "match")


def test_sim_help_explains_every_option_and_lists_games_and_levels(capsys):
    _code, out, _err = _run(capsys, "sim", "--help")
    for option in ("--players", "--games", "--seed", "--bots", "--option"):
        line = next(ln for ln in out.splitlines() if ln.strip().startswith(option))
        assert len(line.split(maxsplit=2)) >= 2, option  # each option has its explanation
    for rules in registry.all_games():
        assert rules.info.id in out
        assert ", ".join(registry.bots(rules.info.id).all_ids) in out


def test_replay_finds_a_save_by_its_name(capsys):
    rules = registry.get("duel")
    match = Match(rules, rules.make_config(2), 3, [Seat("Anna"), Seat("Ben", "random")])
    SaveStore().save(match, "Friday night")
    code, out, _err = _run(capsys, "replay", "Friday night")
    assert code == 0 and json.loads(out)["ok"]
    code, out, _err = _run(capsys, "replay", "friday NIGHT")
    assert code == 0
    code, out, _err = _run(capsys, "replay", "Saturday")
    report = json.loads(out)
    assert code == 1 and "Friday night" in report["error"]


@pytest.mark.parametrize("name", ["", "   "])
def test_replay_without_a_name_says_so(capsys, name):
    """Issue: python -m babel replay '' said the save "is a folder" (the current folder)."""
    code, out, _err = _run(capsys, "replay", name)
    report = json.loads(out)
    assert code == 1 and not report["ok"]
    assert report["error"].startswith("no save was named") and "folder" not in report["error"]


def test_seed_help_says_which_seeds_the_games_use(capsys):
    _code, out, _err = _run(capsys, "sim", "--help")
    assert "the next ones use N+1, N+2" in " ".join(out.split())


@pytest.mark.parametrize("value", ["-5x-5", "0x900", "1600", "axb", "99999x10"])
def test_window_size_errors_name_the_size(capsys, value):
    from scenes import app

    with pytest.raises(SystemExit) as info:
        app.main(["--size", value])
    err = capsys.readouterr().err
    assert info.value.code == 2 and value in err and "--size" in err


def test_window_size_is_parsed():
    from scenes.app import parse_size

    assert parse_size("1600x900") == (1600, 900) and parse_size("1024X640") == (1024, 640)
