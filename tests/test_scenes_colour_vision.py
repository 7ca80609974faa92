"""Colour never alone: under simulated protanopia, deuteranopia and tritanopia the seat and
nation colours that come close always differ by pattern, every mark stays seen on its block and
the marks differ in shape; each table's frame goes through the simulation with the looks of its
seats; and the high-contrast look applies at once, also over a table."""

from __future__ import annotations

import pygame
import pytest

from babel.core import registry
from babel.core.match import Match, Seat
from babel.core.settings import Settings
from scenes import colour_vision as cv
from scenes import seat_colours, theme
from scenes.pilot import Pilot

GAMES = ["duel", "solitaire", "babel_on", "turmbau", "builders"]


def test_the_simulations_keep_greys_and_merge_red_with_green():
    for vision in cv.VISIONS:
        for v in (0, 128, 255):
            assert all(abs(a - v) <= 2 for a in cv.simulate((v, v, v), vision))
    red, green = (200, 58, 48), (58, 150, 82)
    assert cv.delta_e(red, green) > 50
    assert cv.delta_e(red, green, "deuteranopia") < cv.delta_e(red, green) / 2


@pytest.mark.parametrize("game", ["duel", "babel_on"])
def test_close_colours_differ_by_a_mark_that_stays_seen(game):
    looks = seat_colours.palette(game)
    found = cv.check_palette(game, looks)
    assert [f.text for f in found if not f.ok] == []
    # the checks see something: some pairs do come close for a colour-blind eye
    assert any(cv.close_pairs(looks, vision) for vision in cv.VISIONS)


def test_a_mark_drawn_in_its_own_colour_would_be_caught(monkeypatch):
    from scenes.widgets import blocks

    monkeypatch.setattr(blocks, "_shade", lambda c, f: tuple(c))  # marks and faces alike
    found = cv.check_palette("seats", theme.SEAT_COLOURS[:3], visions=("normal",))
    assert any("is not seen" in f.text for f in found if not f.ok)


@pytest.mark.parametrize("game", GAMES)
def test_each_table_frame_through_the_simulations(game):
    """A seeded table: its frame as each vision sees it stays a picture of the same size with
    the colours changed, and the looks its seats show pass the pattern checks under every vision."""
    from scenes.tables import table_for

    rules = registry.get(game)
    n = rules.info.default_players or rules.info.min_players
    seats = [Seat(f"P{i + 1}", None if i == 0 else registry.bots(game).offered[0]) for i in range(n)]
    match = Match(rules, rules.make_config(n), 3, seats)
    match.play_bots(plies=3)
    pilot = Pilot(size=(1024, 640))
    pilot.start(table_for(game)(match, None, threaded=False))
    pilot.app.draw()
    small = pygame.transform.smoothscale(pygame.display.get_surface(), (96, 60))
    for vision in cv.VISIONS:
        seen = cv.simulate_surface(small, vision)
        assert seen.get_size() == small.get_size()
        assert pygame.image.tobytes(seen, "RGB") != pygame.image.tobytes(small, "RGB")  # the felt alone changes
    looks = [seat_colours.look(s) for s in range(n)]
    assert [f.text for f in cv.check_palette(game, looks) if not f.ok] == []
    pygame.display.quit()


def test_high_contrast_applies_at_once_over_a_table():
    from scenes.tables import table_for

    rules = registry.get("duel")
    match = Match(rules, rules.make_config(2), 3, [Seat("A", None), Seat("B", registry.bots("duel").offered[0])])
    pilot = Pilot(size=(1024, 640), settings=Settings(phone_address="127.0.0.1"))
    pilot.start(table_for("duel")(match, None, threaded=False))
    pilot.app.draw()
    screen = pygame.display.get_surface()
    felt = screen.get_at(pilot.app.canvas.pt((300, 450)))
    pilot.app.apply_settings(pilot.app.settings.with_(contrast="high"), persist=False)
    pilot.app.draw()
    assert theme.PANEL == (0, 0, 0) and theme.OUTLINE == 2
    high = screen.get_at(pilot.app.canvas.pt((300, 450)))
    assert sum(high[:3]) < sum(felt[:3])  # the darker plain felt, painted again at once
    pilot.app.apply_settings(pilot.app.settings.with_(contrast="normal"), persist=False)
    pilot.app.draw()
    assert screen.get_at(pilot.app.canvas.pt((300, 450))) == felt and theme.OUTLINE == 1
    pygame.display.quit()
