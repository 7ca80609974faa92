"""Statistics of the history: wins, streaks, rates by level and player count, scores, renaming."""

from __future__ import annotations

from babel.core.history import GameSummary, History, SeatResult
from babel.core.statistics import (
    MIXED,
    NO_BOTS,
    histogram,
    people,
    person_stats,
    resolve,
    win_rate_over_time,
)


def game(n: int, game_id: str, seats: list[tuple[str, str | None, bool, float | None]], **options) -> GameSummary:
    return GameSummary(
        key=f"k{n:04d}",
        game=game_id,
        finished=1000.0 + n,
        played=60.0,
        plies=10,
        options=options,
        seats=tuple(SeatResult(name, bot, None, False, won, score) for name, bot, won, score in seats),
    )


HISTORY = [
    game(1, "duel", [("Anna", None, True, 5), ("Ben", "novice", False, 2)]),
    game(2, "duel", [("Anna", None, True, 7), ("Ben", "expert", False, 3)]),
    game(3, "duel", [("Anna", None, False, 1), ("Ben", "expert", True, 5), ("Carla", "novice", False, 0)]),
    game(4, "duel", [("Anna", None, True, 6), ("Ben", None, False, 1)]),
    game(5, "solitaire", [("Anna", None, True, 1)]),
    game(6, "solitaire", [("Anna", None, False, 4)], practice=True),
    game(7, "babel_on", [("Anna", None, False, -1.0), ("Ben", None, True, 2.0503)]),
]


def test_a_persons_record_at_one_game() -> None:
    s = person_stats(HISTORY, "Anna", "duel")
    assert (s.games, s.wins, s.current_streak, s.best_streak) == (4, 3, 1, 2)
    assert s.by_level["novice"].games == 1 and s.by_level["expert"].wins == 1
    assert s.by_level[MIXED].games == 1 and s.by_level[NO_BOTS].wins == 1
    assert s.by_players[3].games == 1 and s.by_players[2].rate == 1.0
    assert (s.best_score, s.average_score, s.played) == (7, 19 / 4, 240.0)


def test_scores_read_as_each_game_means_them() -> None:
    assert person_stats(HISTORY, "Anna", "solitaire").best_score == 1  # fewer stacks left is better
    assert person_stats(HISTORY, "Ben", "babel_on").scores == [2.0]  # perfect floors
    assert person_stats(HISTORY, "Anna", "babel_on").scores == []  # eliminated: no score


def test_practice_games_are_counted_apart() -> None:
    assert person_stats(HISTORY, "Anna", "solitaire").games == 1
    assert person_stats(HISTORY, "Anna", "solitaire", practice=True).games == 1
    assert person_stats(HISTORY, "Anna").games == 6


def test_only_people_are_people_and_renaming_merges() -> None:
    assert people(HISTORY) == ["Anna", "Ben"]  # Ben played twice as a person
    assert person_stats(HISTORY, "Annie", "duel", aliases={"Anna": "Annie"}).games == 4
    assert resolve("a", {"a": "b", "b": "a"}) in {"a", "b"}  # a loop stops


def test_charts() -> None:
    assert win_rate_over_time([(1, True), (2, False), (3, True)], window=2) == [1.0, 0.5, 0.5]
    assert histogram([1, 1, 3]) == [(1, 1, 2), (2, 2, 0), (3, 3, 1)]
    assert sum(c for _, _, c in histogram([0.5, 2.25, 9.0, 100.0])) == 4


def test_renaming_is_kept_and_a_damaged_names_file_renames_nobody(tmp_path) -> None:
    history = History(tmp_path / "h")
    history.rename("Anna", "Annie")
    history.rename("Annie", "Anna")  # and back: no loop
    assert resolve("Anna", history.aliases()) == "Anna" and resolve("Annie", history.aliases()) == "Anna"
    (tmp_path / "h" / "names.json").write_bytes(b"\xff\x00garbage")
    notices: list[str] = []
    assert history.aliases(notices) == {} and notices and (tmp_path / "h" / "names.json.bad").exists()
