"""Seat colours: chosen at setup, the same at the table, kept in saves, colour-blind safe."""

from __future__ import annotations

import json

import pygame
import pytest

from babel.core import registry, saves
from babel.core.match import Match, Seat
from scenes import seat_colours, theme
from scenes.launcher.setup import SetupScene
from scenes.table import TableScene
from scenes.tables import table_for
from scenes.widgets.swatch import ColourSwatch


@pytest.fixture
def pilot_size():
    return (1024, 640)


def _swatches(scene) -> list[ColourSwatch]:
    return [w for w in scene.widgets.widgets if isinstance(w, ColourSwatch)]


def test_babel_on_setup_shows_each_seat_in_its_table_colour(pilot):
    """Anna was blue at setup and red at the table: the setup shows the nation colours, in seat
    order until someone chooses another."""
    from scenes.tables.babel_on import art

    pilot.start(SetupScene(registry.get("babel_on")))
    for seat, swatch in enumerate(_swatches(pilot.top)):
        assert swatch.look()[0] == art.NATION_RGB[seat]


def test_a_chosen_babel_on_colour_is_the_nations_colour_everywhere(pilot):
    """Anna picks green: her nation's blocks, plate and words are green at the table, and the
    stone blocks of a two-player game stay stone (the engine's own nation names stay inside)."""
    from babel.games.babel_on.model import COLOURS
    from scenes.tables.babel_on import art, words

    green = art.NATION_NAMES.index("green")
    rules = registry.get("babel_on")
    match = Match(rules, rules.make_config(2), 3, [Seat("Anna", None, green), Seat("Ben", "steady")])
    pilot.start(table_for("babel_on")(match, None))
    view = match.view(0)
    assert seat_colours.rgb(0) == art.NATION_RGB[green]
    assert art.block_look(0, view.neutral)[0] == art.NATION_RGB[green]
    assert art.colour_name(0, view.neutral) == "green"
    assert art.colour_name(view.neutral, view.neutral) == "stone"
    assert art.colour_name(1, view.neutral) != "green"  # Ben takes a free colour
    line = words._placed(
        {"seat": 0, "tower": 0, "cell": 0, "floor": 1, "colour": COLOURS[0]}, "Anna", str, view.neutral
    )
    assert line == "Anna added a green block to their own tower at a1"


def test_a_chosen_colour_reaches_the_table_and_the_save(pilot):
    rules = registry.get("duel")
    pilot.start(SetupScene(rules))
    setup = pilot.top
    first, second = _swatches(setup)[:2]
    assert first.look() == theme.SEAT_COLOURS[0] and second.look() == theme.SEAT_COLOURS[1]
    pilot.click(first.rect.center)  # Anna takes the second colour; Ben gets hers
    assert first.look() == theme.SEAT_COLOURS[1] and second.look() == theme.SEAT_COLOURS[0]
    pilot.press(pygame.K_RETURN)
    table = pilot.top
    assert isinstance(table, TableScene)
    assert [s.colour for s in table.match.seats] == [1, 0]
    assert seat_colours.rgb(0) == theme.SEAT_COLOURS[1][0]
    assert seat_colours.look(1) == theme.SEAT_COLOURS[0]
    record = saves.parse_record(saves.record_of(table.match).to_json())
    assert [s.colour for s in record.seats] == [1, 0]


def test_every_colour_keeps_its_own_pattern():
    for game in ("duel", "babel_on"):
        looks = seat_colours.palette(game)
        assert len({pattern for _, pattern, _ in looks}) == len(looks)
        assert len({rgb for rgb, _, _ in looks}) == len(looks)


def test_seats_never_share_a_colour():
    assert seat_colours.chosen_indices("duel", [2, 2, None]) == (
        2,
        1,
        3,
    )  # a clash falls back to a free colour
    assert seat_colours.chosen_indices("duel", [99, -1]) == (0, 1)
    assert seat_colours.chosen_indices("babel_on", [3, 3]) == (3, 1)


def test_a_save_with_a_bad_colour_is_refused_with_a_message(tmp_path):
    rules = registry.get("duel")
    match = Match(rules, rules.make_config(2), 1, [Seat("Ann", None, 3), Seat("Bot", "random", 0)])
    store = saves.SaveStore()
    path = store.save(match, "colours")
    data = json.loads(path.read_text())
    record = data.get("record", data)
    assert record["seats"][0]["colour"] == 3
    record["seats"][0]["colour"] = "blue"
    path.write_text(json.dumps(data))
    with pytest.raises(saves.SaveError):
        saves.load(path)
