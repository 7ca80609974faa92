"""Saves written before the games took one shape still load, replay to their digest, keep their
action text and event kinds, and give the same views: refactoring a game must not break a save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from babel.core import registry, saves

DATA = Path(__file__).parent / "data"
FILES = sorted((DATA / "saves").glob("*.json"))
EXPECTED = json.loads((DATA / "saves_expected.json").read_text())
# Saves of an older rules version. Babel Builders 1 had a one-step Seal phase (every seat chose a
# target or none at once); version 2 plays the rulebook's three steps. A version-1 game that had not
# reached the Seal phase goes on under version 2 (its moves all replay); one that had is refused with
# a message naming both versions, never replayed wrongly.
# Babel On! 2 had other physics (a move's outcome may differ under version 3): a game whose moves
# still replay goes on under the new physics (the player is told so); one whose moves no longer
# replay (a seat acts out of turn once a tower stands that fell) is refused naming both versions.
RETIRED = {  # name: (version, goes on)
    "builders_5p_finished": (1, True),  # ended by the tower falling, before any Seal
    "builders_5p_midgame": (1, True),
    "builders_7p_finished": (1, True),
    "builders_7p_midgame": (1, True),
    "babel_on_2p_finished": (2, True),
    "babel_on_2p_midgame": (2, True),
    "babel_on_4p_finished": (2, False),
    "babel_on_4p_midgame": (2, True),
}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_old_save_loads_to_the_same_position(path: Path) -> None:
    if path.stem in RETIRED:
        record = saves.read_record(path)
        version, goes_on = RETIRED[path.stem]
        assert record.rules_version == version
        if not goes_on:
            rules = registry.get(record.game)
            said = f"version {version} of the {rules.info.title} rules"
            with pytest.raises(saves.SaveError, match=said):
                saves.load(path)
            return
        match = saves.load(path)
        assert match.ply == len(record.actions) and match.over == record.over
        assert [e.text for e in match.log] == [text for _, text in record.actions]
        return
    match = saves.load(path)  # replays every action and checks the recorded digest
    record = saves.read_record(path)
    rules = match.rules
    for _seat, text in record.actions:
        assert rules.action_text(rules.parse_action(text)) == text
    expected = EXPECTED[path.stem]
    assert [str(ev.kind) for _, ev in match.events] == expected["events"]
    assert json.loads(json.dumps(rules.view_to_json(match.view(0)))) == expected["view0"]
    assert json.loads(json.dumps(rules.view_to_json(match.view(None)))) == expected["public"]


def test_every_game_has_old_saves() -> None:
    games = {json.loads(p.read_text())["game"] for p in FILES}
    assert games == {r.info.id for r in registry.all_games()}


def test_an_old_game_whose_moves_no_longer_replay_is_refused_with_both_versions() -> None:
    """A version-1 Babel Builders game with a one-step Seal move is refused, naming both versions."""
    import dataclasses

    record = saves.read_record(DATA / "saves" / "builders_5p_midgame.json")
    sealed = dataclasses.replace(record, actions=(*record.actions, (0, "seal 2")))
    with pytest.raises(saves.SaveError, match=r"version 1 of the Babel Builders rules and its moves do not replay under version 2"):
        saves.restore(sealed)

