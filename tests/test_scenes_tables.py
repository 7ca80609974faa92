"""Every registered table, driven headless with random input: no crash, no secret on screen.

Runs for each game the menu offers: the table opens at several window sizes, survives a few
hundred random clicks, drags and keys (including Esc, F1 and undo), and the game menu and rules
viewer open and close over it.
"""

from __future__ import annotations

import pygame
import pytest

from babel.core import registry
from babel.core.match import Match, Seat
from babel.core.rng import Rng
from scenes.launcher.pause import PauseMenu
from scenes.launcher.rules_viewer import RulesViewer
from scenes.pilot import Pilot
from scenes.table import TableScene
from scenes.tables import playable_games, table_for

KEYS = [
    pygame.K_SPACE,
    pygame.K_RETURN,
    pygame.K_h,
    pygame.K_u,
    pygame.K_d,
    pygame.K_1,
    pygame.K_2,
    pygame.K_7,
    pygame.K_a,
    pygame.K_x,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_TAB,
]


def _table(rules, humans: int = 1, seed: int = 5) -> TableScene:
    n = rules.info.default_players or rules.info.min_players
    seats = [
        Seat(f"P{i + 1}", None if i < humans else registry.bots(rules.info.id).offered[0]) for i in range(n)
    ]
    match = Match(rules, rules.make_config(n), seed, seats)
    table = table_for(rules.info.id)(match, None)
    table.controller.threaded = False
    return table


@pytest.mark.parametrize("rules", playable_games(), ids=lambda r: r.info.id)
def test_random_input_never_crashes(rules):
    pilot = Pilot(size=(1280, 800))
    table = _table(rules)
    pilot.start(table)
    rng = Rng(77)
    for _ in range(250):
        if pilot.top is not table:
            pilot.press(pygame.K_ESCAPE)
            continue
        r = rng.below(10)
        pos = (rng.below(1600), rng.below(900))
        if r < 5:
            pilot.click(pos)
        elif r < 7:
            pilot.drag(pos, (rng.below(1600), rng.below(900)), steps=4, seconds=0.1)
        elif r < 9:
            pilot.press(rng.choice(KEYS))
        else:
            pilot.advance(0.3)
    pygame.display.quit()


@pytest.mark.parametrize("rules", playable_games(), ids=lambda r: r.info.id)
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_table_menu_and_rules_over_it(rules, size):
    pilot = Pilot(size=size)
    table = _table(rules)
    pilot.start(table)
    pilot.advance(0.5)
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(pilot.top, PauseMenu)
    pilot.press(pygame.K_F1)
    assert isinstance(pilot.top, RulesViewer) and pilot.top.game_id == rules.info.id
    pilot.press(pygame.K_ESCAPE)
    pilot.press(pygame.K_ESCAPE)
    assert pilot.top is table
    pygame.display.quit()


@pytest.mark.parametrize(
    "rules",
    [r for r in playable_games() if r.info.has_secrets and r.info.max_players > 1],
    ids=lambda r: r.info.id,
)
def test_pass_and_play_starts_behind_the_curtain(rules):
    from scenes.widgets.curtain import PrivacyCurtain

    pilot = Pilot(size=(1280, 800))
    table = _table(rules, humans=2)
    pilot.start(table)
    assert pilot.until(lambda: isinstance(pilot.top, PrivacyCurtain), 20)
    assert table.viewer is None
    pygame.display.quit()
