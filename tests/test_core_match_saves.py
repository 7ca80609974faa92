"""Match driver, undo, saves (round trip, atomic writes, every kind of bad file) and the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from babel import cli
from babel.core import saves
from babel.core.jsonfile import write_json_atomic
from babel.core.match import Match, ReplayError, Seat
from babel.core.protocol import IllegalAction
from babel.core.saves import SaveError, SaveStore

ROOT = Path(__file__).resolve().parents[1]


def _match(rules, bots=(None, "random")):
    seats = [Seat(f"P{i + 1}", b) for i, b in enumerate(bots)]
    return Match(rules, rules.make_config(len(seats)), 99, seats)


def _play_out(match):
    while not match.over:
        seat = match.to_act()[0]
        match.submit(seat, match.bot_action(seat))


def test_illegal_action_leaves_match_unchanged(example_game):
    match = _match(example_game)
    before = example_game.state_to_json(match.state)
    bad = next(c for c in range(1, 10) if c not in match.state.hands[0])
    with pytest.raises(IllegalAction) as info:
        match.submit(0, example_game.parse_action(f"play {bad}"))
    assert "not in your hand" in info.value.reason
    assert example_game.state_to_json(match.state) == before and match.log == []


def test_undo_takes_back_own_commit_but_not_a_reveal(example_game):
    match = _match(example_game)
    card = match.legal(0)[0]
    match.submit(0, card)
    assert match.undo_point(0) == 0
    assert match.undo(0) and match.ply == 0
    match.submit(0, card)
    match.submit(1, match.bot_action(1))  # completes the round: reveal is irreversible
    assert match.undo_point(0) is None and not match.undo(0)


def test_events_for_hide_other_commitments(example_game):
    match = _match(example_game, bots=(None, None))
    match.submit(0, match.legal(0)[0])
    kinds_1 = [ev.kind for _, ev in match.events_for(1)]
    kinds_0 = [ev.kind for _, ev in match.events_for(0)]
    assert "commit_card" in kinds_0 and "commit_card" not in kinds_1
    assert "commit_card" not in [ev.kind for _, ev in match.events_for(None)]


def test_save_round_trip(example_game, tmp_path):
    store = SaveStore(tmp_path / "saves")
    match = _match(example_game)
    match.submit(0, match.legal(0)[0])
    path = store.save(match, "my game")
    again = saves.load(path)
    assert again.state == match.state and again.seats == match.seats
    assert [e.text for e in again.log] == [e.text for e in match.log]


def test_autosave_and_continue(example_game, tmp_path):
    store = SaveStore(tmp_path / "saves")
    match = _match(example_game)
    match.submit(0, match.legal(0)[0])
    slot = store.autosave(match)
    record = store.continue_record()
    assert record is not None and saves.restore(record).state == match.state
    assert [g.path for g in store.in_progress()] == [slot]
    _play_out(match)
    store.autosave(match)
    assert store.continue_record() is None  # a finished game is not offered to continue
    assert not slot.exists() and store.in_progress() == []  # and leaves the shelf


def test_atomic_write_keeps_old_file_on_failure(tmp_path, monkeypatch):
    path = tmp_path / "x.json"
    write_json_atomic(path, {"a": 1})

    def boom(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_json_atomic(path, {"a": 2})
    assert json.loads(path.read_text()) == {"a": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]  # no temp file left behind


def _good_record(example_game):
    match = _match(example_game)
    match.submit(0, match.legal(0)[0])
    return saves.record_of(match).to_json()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "is empty"),
        ('{"format": "babel-towers-save", "vers', "damaged or cut short"),
        ("[1, 2, 3]", "not a Babel Towers save"),
        ('{"hello": "world"}', "not a Babel Towers save"),
    ],
)
def test_bad_files_give_readable_errors(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(SaveError, match=message):
        saves.load(path)


def test_wrong_version_unknown_game_and_illegal_action(example_game, tmp_path):
    good = _good_record(example_game)
    cases = {
        "version": ({**good, "version": 99}, "format version 99"),
        "game": ({**good, "game": "chess"}, "does not have"),
        "action": ({**good, "actions": [[0, "play 42"]]}, "cannot be replayed"),
        "digest": ({**good, "digest": "0" * 16}, "digest mismatch"),
        "players": ({**good, "config": {"players": 7, "options": {}}}, "settings the game does not allow"),
    }
    for name, (data, message) in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(data))
        with pytest.raises(SaveError, match=message):
            saves.load(path)


@pytest.mark.parametrize(
    ("seat", "words"),
    [
        (
            -1,
            "action 1 names seat -1, which does not exist (the game has 2 seats, numbered 0 and 1 in the file)",
        ),
        (99, "action 1 names seat 99, which does not exist (the game has 2 seats, numbered 0 and 1"),
        (2, "action 1 names seat 2, which does not exist"),
    ],
)
def test_a_seat_out_of_range_is_described_as_it_stands(example_game, tmp_path, seat, words):
    """Issue: seat -1 was called "seat 0 of 2" and seat 99 "seat 100 of 2"."""
    good = _good_record(example_game)
    path = tmp_path / "seat.json"
    path.write_text(json.dumps({**good, "actions": [[seat, good["actions"][0][1]]]}))
    with pytest.raises(SaveError) as info:
        saves.load(path)
    assert words in str(info.value) and "seat 0 " not in str(info.value) and "seat 100" not in str(info.value)
    with pytest.raises(ReplayError) as replayed:
        Match.replay(
            example_game, example_game.make_config(2), 99, _match(example_game).seats, [(seat, "play 1")]
        )
    assert f"action 1 ('play 1') names seat {seat}, which does not exist" in str(replayed.value)


def test_a_refused_action_names_its_seat_counting_from_one(example_game):
    seats = _match(example_game).seats
    with pytest.raises(ReplayError, match=r"action 1 \(seat 2: 'play 42'\) is illegal"):
        Match.replay(example_game, example_game.make_config(2), 99, seats, [(1, "play 42")])


def test_store_lists_bad_files_without_touching_good_ones(example_game, tmp_path):
    store = SaveStore(tmp_path / "saves")
    match = _match(example_game)
    good = store.save(match, "good")
    (store.folder / "broken.json").write_text("{")
    notices: list[str] = []
    entries = {e.path.name: e for e in store.entries(notices)}
    assert entries["good.json"].record is not None
    assert "broken.json" not in entries  # set aside, never offered, never overwritten
    assert (store.folder / "broken.json.bad").read_text() == "{"
    assert len(notices) == 1 and "damaged" in notices[0] and "kept as broken.json.bad" in notices[0]
    assert saves.load(good).state == match.state


def test_cli_sim_and_replay_on_example(example_game, tmp_path, capsys):
    assert cli.main(["sim", "example", "--players", "3", "--games", "20", "--seed", "5"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 20 and summary["errors"] == []
    assert abs(sum(summary["wins"]) - 20) < 1e-6 and summary["mean_length"] == 9

    store = SaveStore(tmp_path / "saves")
    match = _match(example_game)
    _play_out(match)
    path = store.save(match, "done")
    assert cli.main(["replay", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] and report["over"] and report["actions"] == 6

    data = json.loads(path.read_text())
    data["actions"][2][1] = "play 77"
    path.write_text(json.dumps(data))
    assert cli.main(["replay", str(path)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert not report["ok"] and "action 3" in report["error"]


def test_cli_list_runs_headless():
    out = subprocess.run(
        [sys.executable, "-m", "babel", "list"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip()
    assert "pygame" not in out.stderr.lower()


def test_protocol_doc_example_runs(example_game, capsys):
    text = (ROOT / "docs" / "protocol.md").read_text()
    code = text.split("```python", 1)[1].split("```", 1)[0]
    exec(compile(code, "docs/protocol.md", "exec"), {})
    assert capsys.readouterr().out.startswith("play ")
