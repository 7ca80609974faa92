"""Calm motion (the reduce-motion setting): bots play seeded games at every table and nothing
travels along a path: every tween that moves a piece takes no time (pieces jump to where they
land), the only tweens with a length are still ones whose value stays 0 (a banner, a number or
a flash shown in place, a hold); no block flies, no tower sways under a drag, no win cascade.
What a motion told is still told in words: a wobble writes its log line."""

from __future__ import annotations

import pygame
import pytest

from babel.core import registry
from babel.core.match import Match, Seat
from babel.core.settings import Settings
from scenes import anim
from scenes.pilot import Pilot

GAMES = ["duel", "solitaire", "babel_on", "turmbau", "builders"]


def _table(game: str, seed: int, pilot: Pilot):
    from scenes.tables import table_for

    rules = registry.get(game)
    n = rules.info.default_players or rules.info.max_players
    seats = [Seat(f"P{i + 1}", registry.bots(game).offered[0]) for i in range(n)]
    table = table_for(game)(Match(rules, rules.make_config(n), seed, seats), None, threaded=False)
    pilot.start(table)
    return table


@pytest.fixture
def made(monkeypatch):
    """Every tween any animator makes: (its length, its ease)."""
    tweens: list[tuple[float, object]] = []
    add = anim.Animator.add

    def recording(self, *args, **kwargs):
        tween = add(self, *args, **kwargs)
        tweens.append((tween.duration, tween.ease, self.calm))
        return tween

    monkeypatch.setattr(anim.Animator, "add", recording)
    return tweens


@pytest.mark.parametrize("game", GAMES)
def test_with_reduce_motion_nothing_travels(game, made):
    pilot = Pilot(size=(1024, 640), anim_speed="normal", settings=Settings(reduce_motion=True))
    table = _table(game, 5, pilot)
    assert table.animator.calm
    for _ in range(45):
        pilot.advance(0.2)
        pilot.app.draw()
        motion = getattr(table, "motion", None)
        if game == "babel_on":
            assert not motion.flying and (motion.fall is None or motion.fall.settled)
        if game == "solitaire":
            assert not motion.particles
        if table.match.over:
            break
    assert made and all(calm for _, _, calm in made)
    moving = [(d, e) for d, e, _ in made if d > 0 and e is not anim.stay]
    assert not moving, moving[:3]
    pygame.display.quit()


def test_a_calm_wobble_is_told_in_the_log():
    """Seed 11 of Babel On! (bots) has a tower wobble and stand in its first moves: with calm
    motion it does not sway, and the log line of the move says it wobbled."""
    pilot = Pilot(size=(1024, 640), anim_speed="normal", settings=Settings(reduce_motion=True))
    table = _table("babel_on", 11, pilot)
    told = False
    for _ in range(40):
        pilot.advance(0.2)
        assert table.motion.fall is None or table.motion.fall.result != "wobble"
        told = any("wobbled and settled" in line for line in table.log_lines)
        if told:
            break
    assert told
    pilot.app.draw()
    shown = " ".join(text for text, _, _ in table.log_view.shown())  # a long line wraps
    assert "wobbled and settled" in shown
    pygame.display.quit()


def test_both_settings_apply_from_the_game_menu_at_once():
    """Esc at a table, Settings, one click on Reduce motion and one on Contrast: the look changes
    while the Settings screen is still up, the table's motion is calm once it is back."""
    from scenes import theme
    from scenes.launcher.pause import PauseMenu
    from scenes.launcher.settings import SettingsScene

    pilot = Pilot(size=(1024, 640), anim_speed="normal")
    table = _table("duel", 2, pilot)
    assert not table.animator.calm
    pilot.press(pygame.K_ESCAPE)
    assert isinstance(pilot.top, PauseMenu)
    settings = next(w for w in pilot.top.widgets.widgets if getattr(w, "label", "") == "Settings")
    pilot.click(settings.rect.center)
    assert isinstance(pilot.top, SettingsScene)
    motion, contrast = pilot.top.widgets.widgets[9], pilot.top.widgets.widgets[10]
    pilot.click((motion.rect.right - 20, motion.rect.centery))
    pilot.click((contrast.rect.right - 20, contrast.rect.centery))
    assert pilot.app.settings.reduce_motion and pilot.app.settings.contrast == "high"
    assert theme.CONTRAST == "high" and theme.PANEL == (0, 0, 0)
    pilot.press(pygame.K_ESCAPE)  # Settings closes
    pilot.press(pygame.K_ESCAPE)  # the game menu resumes the table
    assert pilot.top is table and table.animator.calm
    pilot.app.apply_settings(pilot.app.settings.with_(contrast="normal"), persist=False)
    pygame.display.quit()
