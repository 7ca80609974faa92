"""The history keeps every finished game as its save, with a summary, bounded, untrusted on reading."""

from __future__ import annotations

import json

from babel.core import registry, saves
from babel.core.history import History, HistoryError, parse_game_file
from babel.core.match import Match, Seat


def finished_match(seed: int, game: str = "duel") -> Match:
    rules = registry.get(game)
    match = Match(rules, rules.make_config(2), seed, (Seat("Anna", "novice"), Seat("Ben", "novice")))
    while not match.over:
        seat = match.to_act()[0]
        match.submit(seat, match.bot_action(seat))
    return match


def test_a_finished_game_goes_into_the_history_once_and_replays(tmp_path) -> None:
    store = saves.SaveStore(tmp_path / "saves")
    match = finished_match(3)
    store.autosave(match, 100.0)
    store.autosave(match, 130.0)  # the same game ended is kept once
    kept = store.history.summaries()
    assert len(kept) == 1
    summary = kept[0]
    outcome = match.rules.outcome(match.state)
    assert summary.game == "duel" and summary.plies == match.ply and summary.players == 2
    assert [s.name for s in summary.seats] == ["Anna", "Ben"] and [s.bot for s in summary.seats] == ["novice"] * 2
    assert {i for i, s in enumerate(summary.seats) if s.won} == set(outcome.winners)
    again = saves.restore(saves.parse_record(store.history.record(summary)))
    assert again.over and match.rules.digest(again.state) == match.rules.digest(match.state)


def test_the_history_keeps_the_newest_games_up_to_its_limit(tmp_path) -> None:
    history = History(tmp_path / "history", limit=3)
    for seed in range(5):
        match = finished_match(seed)
        history.add(match, saves.record_of(match).to_json(), 1.0, 1000.0 + 10 * seed)
    kept = history.summaries()
    assert len(kept) == 3 and [s.finished for s in kept] == [1040.0, 1030.0, 1020.0]
    assert len([p for p in (tmp_path / "history").glob("duel-*.json")]) == 3


def test_a_damaged_game_file_costs_that_game_only(tmp_path) -> None:
    history = History(tmp_path / "history")
    for seed in range(3):
        match = finished_match(seed)
        history.add(match, saves.record_of(match).to_json(), 1.0, 50.0)
    victim = sorted((tmp_path / "history").glob("duel-*.json"))[0]
    victim.write_text('{"format": "babel-towers-history", "version": 1, "summary": {"key": 5}}')
    assert len(history.summaries()) == 2  # the index saw the file change: it is read again
    victim.write_text('{"format": "babel-towers-history", "version": 1, "summary": {"key": 6}}')
    (tmp_path / "history" / "index.json").write_text("{not json")  # the cache is rebuilt
    notices: list[str] = []
    kept = history.summaries(notices)
    assert len(kept) == 2 and len(notices) == 1 and "cannot be read" in notices[0]
    assert (tmp_path / "history" / (victim.name + ".bad")).exists() and not victim.exists()
    assert len(history.summaries()) == 2  # the rebuilt cache lists the two that stayed


def test_a_hostile_index_cannot_name_files_outside_the_history(tmp_path) -> None:
    outside = tmp_path / "precious.json"
    outside.write_text("{}")
    folder = tmp_path / "history"
    folder.mkdir()
    entry = {"key": "abc", "game": "../precious", "finished": 1.0, "played": 0, "plies": 1, "options": {},
             "seats": [{"name": "Anna", "bot": None, "won": True, "score": 1}]}
    (folder / "index.json").write_text(json.dumps({"format": "babel-towers-history", "version": 1, "games": [entry]}))
    history = History(folder, limit=1)
    assert history.summaries() == []
    match = finished_match(1)
    history.add(match, saves.record_of(match).to_json(), 1.0, 50.0)
    assert outside.exists()


def test_a_summary_that_does_not_match_its_record_is_refused() -> None:
    match = finished_match(2)
    record = saves.record_of(match).to_json()
    from babel.core.history import summary_of

    summary = summary_of(match, record, 1.0, 5.0).to_json()
    record["actions"] = record["actions"][:-1]
    try:
        parse_game_file({"format": "babel-towers-history", "version": 1, "summary": summary, "record": record})
    except HistoryError as exc:
        assert "does not belong" in str(exc)
    else:
        raise AssertionError("a mismatched summary was accepted")


def test_play_time_counts_a_long_pause_as_a_short_one() -> None:
    clock = saves.PlayClock(5.0)
    for now in (0.0, 30.0, 4000.0, 4010.0):
        clock.tick(now)
    assert clock.played == 5.0 + 30.0 + saves.PlayClock.IDLE + 10.0
