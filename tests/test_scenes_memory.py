"""Memory stays bounded: dialog shades make no surface, and the texture cache keeps to its
byte budget however often the window is resized."""

from __future__ import annotations

import pygame
import pytest

from babel.core import registry
from babel.core.match import Match, Seat
from scenes import assets
from scenes.launcher.pause import PauseMenu
from scenes.pilot import Pilot
from scenes.tables import table_for
from scenes.tables.builders.blueprints import ConfirmDialog


@pytest.fixture
def pilot_size():
    return (1024, 640)


def _resize(pilot: Pilot, w: int, h: int) -> None:
    pilot.send(pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h))
    pilot.frame()


def test_the_game_menu_shade_makes_no_surface_larger_than_the_window(pilot):
    rules = registry.get("duel")
    match = Match(rules, rules.make_config(2), 1, [Seat("Anna"), Seat("Bot", "random")])
    table = table_for("duel")(match, None)
    pilot.start(table)
    pilot.app.push(PauseMenu(table))
    pilot.frame()
    assets.clear()
    for size in ((2560, 1440), (2400, 1350), (1280, 800)):
        _resize(pilot, *size)
        for surf in assets._surfaces.values():  # nothing bigger than the largest window so far
            assert surf.get_width() <= 2560 + 64 and surf.get_height() <= 1440 + 64


def test_the_confirm_dialog_shade_is_drawn_in_place(pilot):
    from scenes.launcher.menu import MainMenu

    pilot.start(MainMenu())
    pilot.app.push(ConfirmDialog("Delete?", "Delete it?", "Delete", lambda: None))
    assets.clear()
    _resize(pilot, 2560, 1440)
    assert all(s.get_width() <= 2560 + 64 for s in assets._surfaces.values())
    before = pilot.app.canvas.surface.get_at((2, 2))
    assert before[0] < 200  # darkened by the shade, drawn straight onto the window


def test_the_texture_cache_keeps_its_byte_budget_across_resizes(pilot):
    from scenes.launcher.menu import MainMenu

    pilot.start(MainMenu())
    assets.clear()
    for i in range(14):
        _resize(pilot, 2560 - 37 * i, 1440 - 19 * i)
    cache = assets._surfaces
    assert cache.bytes == sum(assets.surface_bytes(s) for s in cache.values())
    assert cache.bytes <= cache.max_bytes
