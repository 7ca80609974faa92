"""Setup remembers, per game, how it was last started: players, each seat's kind, name, colour."""

from __future__ import annotations

import pygame

from babel.core import registry
from babel.core.settings import Settings, load_settings
from scenes.launcher.setup import HUMAN, SetupScene
from scenes.table import TableScene


def _open(pilot, rules) -> SetupScene:
    pilot.start(SetupScene(rules))
    return pilot.top


def test_setup_shows_what_was_chosen_last_for_that_game(example_playable, pilot):
    setup = _open(pilot, example_playable)
    setup._set_players(3)
    setup._set_kind(0, "random")
    setup._set_kind(1, HUMAN)
    setup._set_name(1, "Zoë")
    setup._next_colour(2)
    chosen = list(setup.colours[:3])
    pilot.press(pygame.K_RETURN)
    assert isinstance(pilot.top, TableScene)
    kept = load_settings().setups["example"]
    assert kept["players"] == 3 and [s["kind"] for s in kept["seats"][:3]] == ["random", HUMAN, "random"]

    pilot.app.reset(SetupScene(example_playable))
    again = pilot.top
    assert again.players == 3 and again.kinds[:3] == ["random", HUMAN, "random"]
    assert again.names[1] == "Zoë" and again.colours[:3] == chosen
    # another game's seats are its own (the names are shared: the same people at the table)
    duel = registry.get("duel")
    other = SetupScene(duel)
    pilot.app.push(other)
    assert other.kinds[:2] == [HUMAN, registry.bots("duel").strongest] and other.names[1] == "Zoë"


def test_a_remembered_setup_that_does_not_fit_the_game_is_ignored(example_playable, pilot):
    seats = [
        {"kind": "godlike", "name": "Ann", "colour": 40},
        {"kind": "grandmaster", "name": None, "colour": None},
        {"kind": HUMAN, "name": "Bo", "colour": 1},
    ]
    settings = pilot.app.settings.with_(setups={"example": {"players": 9, "seats": seats}})
    pilot.app.apply_settings(settings, persist=False)
    setup = _open(pilot, example_playable)
    fresh = SetupScene(example_playable)
    assert setup.players == fresh.players  # 9 players: not this game's
    assert setup.kinds[:3] == [HUMAN, fresh.kinds[1], HUMAN]
    assert setup.names[:3] == ["Ann", "Ben", "Bo"]
    assert len(set(setup.colours[:3])) == 3 and setup.colours[2] == 1
    setup.start()  # and it starts
    assert isinstance(pilot.top, TableScene)


def test_remembered_setups_round_trip_through_the_settings_file(private_home):
    from babel.core.settings import save_settings

    setups = {"duel": {"players": 2, "seats": [{"kind": "strong", "name": "Zoë", "colour": 3}]}}
    save_settings(Settings(setups=setups))
    assert load_settings().setups == setups
