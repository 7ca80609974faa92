"""Tower of Babel solitaire: statistics kept in the user data folder."""

from __future__ import annotations

import json

from babel.core.paths import data_dir
from babel.games.solitaire.stats import FILE_NAME, Record, StatsStore


def test_new_store_is_empty_and_records_are_per_variant_and_difficulty():
    store = StatsStore.load()
    assert store.path == data_dir() / FILE_NAME
    assert store.get("tiles", "standard") == Record()
    store.record("tiles", "standard", 1)
    store.record("tiles", "standard", 3)
    store.record("tiles", "standard", 7)
    store.record("cards", "strict", 12)
    tiles = store.get("tiles", "standard")
    assert (tiles.played, tiles.full_wins, tiles.partial_wins, tiles.losses) == (3, 1, 1, 1)
    assert tiles.stacks_left == {1: 1, 3: 1, 7: 1}
    assert store.get("cards", "strict").losses == 1
    assert store.get("tiles", "strict") == Record()


def test_streaks_current_and_best():
    store = StatsStore.load()
    for stacks in (1, 1, 2, 1, 5, 1):
        store.record("tiles", "standard", stacks)
    rec = store.get("tiles", "standard")
    assert (rec.win_streak, rec.best_win_streak) == (1, 4)  # 1,1,2,1 then a loss, then 1
    assert (rec.full_streak, rec.best_full_streak) == (1, 2)


def test_statistics_survive_a_restart():
    store = StatsStore.load()
    store.record("tiles", "standard", 2)
    store.record("cards", "standard", 1)
    again = StatsStore.load()
    assert again.records == store.records
    assert again.recovered_from is None
    data = json.loads((data_dir() / FILE_NAME).read_text())
    assert data["records"]["tiles/standard"]["stacks_left"] == {"2": 1}


def test_corrupt_file_starts_fresh_and_keeps_the_bad_file():
    path = data_dir() / FILE_NAME
    path.write_text("{ this is not json")
    store = StatsStore.load()
    assert store.records == {}
    assert store.recovered_from == path.with_name(FILE_NAME + ".bad")
    assert store.recovered_from.read_text() == "{ this is not json"
    store.record("tiles", "standard", 1)
    assert StatsStore.load().get("tiles", "standard").full_wins == 1
    # a second bad file does not overwrite the first one kept aside
    path.write_text('{"format": "babel-towers-solitaire-stats", "version": 1, "records": {"x": 5}}')
    again = StatsStore.load()
    assert again.records == {} and again.recovered_from.name == FILE_NAME + ".bad1"
    assert (path.parent / (FILE_NAME + ".bad")).exists()


def test_inconsistent_counts_are_treated_as_corrupt():
    path = data_dir() / FILE_NAME
    bad = {
        "format": "babel-towers-solitaire-stats",
        "version": 1,
        "records": {"tiles/standard": {"played": 3, "full_wins": 1, "partial_wins": 0, "losses": 0}},
    }
    path.write_text(json.dumps(bad))
    store = StatsStore.load()
    assert store.records == {} and store.recovered_from is not None


def test_reset():
    store = StatsStore.load()
    store.record("tiles", "standard", 1)
    store.record("cards", "standard", 1)
    store.reset("tiles", "standard")
    assert StatsStore.load().get("tiles", "standard") == Record()
    assert StatsStore.load().get("cards", "standard").played == 1
    store.reset()
    assert StatsStore.load().records == {}
