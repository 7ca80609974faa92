"""The duel table driven like a player: mouse and keys, a full game against bots, pass-and-play."""

from __future__ import annotations

import pygame
import pytest

from babel.core import registry
from babel.core.match import Match, Seat
from scenes.pilot import Pilot
from scenes.tables.duel import DuelTable
from scenes.tables.duel.table import KEYS
from scenes.widgets.curtain import PrivacyCurtain

KEY_FOR = {card: key for key, card in KEYS.items() if key != pygame.K_1 and key != pygame.K_t}


@pytest.fixture
def rules():
    return registry.get("duel")


def _table(rules, seats, seed=3):
    match = Match(rules, rules.make_config(len(seats)), seed, seats)
    return DuelTable(match, None, threaded=False)


def test_full_game_against_bots_by_mouse(rules, pilot):
    table = _table(rules, [Seat("Anna"), Seat("Bot", "heuristic")])
    pilot.start(table)
    for _ in range(40):
        if table.match.over:
            break
        assert pilot.until(lambda: bool(table.legal) or table.match.over, 10)
        if table.match.over:
            break
        card = table.legal[0].card
        sprite = next(s for s in table.sprites.hands[0] if s.face == card and not s.hidden)
        pilot.click(sprite.pos)
    assert table.match.over
    pilot.until(lambda: table._end_shown, 5)
    assert table._end_shown and "wins" in table.result_title() or "Shared" in table.result_title()
    rematch = table.end_widgets.widgets[0]
    pilot.click(rematch.rect.center)
    assert isinstance(pilot.top, DuelTable) and pilot.top is not table and pilot.top.match.ply <= 1


def test_keys_choose_cards(rules, pilot):
    table = _table(rules, [Seat("Anna"), Seat("Bot", "random")])
    pilot.start(table)
    pilot.press(pygame.K_a)
    assert table.match.view(0).my_choice == 14 or table.match.view(0).history[0].cards[0] == 14


def test_animated_round_at_normal_speed(rules):
    p = Pilot(size=(1280, 800), anim_speed="normal")
    table = _table(rules, [Seat("Anna"), Seat("Bot", "random")])
    p.start(table)
    p.press(pygame.K_7)
    assert p.until(lambda: table.match.view(None).history, 5)
    assert table.busy()  # the reveal is being animated
    assert p.until(lambda: not table.busy(), 10)
    assert len(table.log_lines) == 1
    pygame.display.quit()


def test_three_humans_pass_and_play_never_show_a_secret(rules, pilot):
    seats = [Seat("Anna"), Seat("Ben"), Seat("Carla")]
    table = _table(rules, seats)
    pilot.start(table)
    seen_curtains = []
    for _ in range(3 * 14 * 3):
        if table.match.over:
            break
        top = pilot.top
        if isinstance(top, PrivacyCurtain):
            seen_curtains.append(top.name)
            assert table.viewer is None and table.view.my_choice is None
            pilot.advance(0.3)
            pilot.press(pygame.K_SPACE)
            continue
        if table.legal:
            seat = table.viewer
            assert table.view.seat == seat  # the screen belongs to the seat choosing
            card = min(a.card for a in table.legal)
            pilot.press(KEY_FOR[card])
            continue
        pilot.advance(0.1)
    assert table.match.over
    assert seen_curtains[:3] == ["Anna", "Ben", "Carla"]
    rounds = len(table.match.view(None).history)
    assert len(seen_curtains) == 3 * rounds  # every secret choice is made behind the curtain


def test_the_panel_names_the_new_builder_when_the_cards_have_turned(rules):
    """A round that makes a new Builder: the scores panel and the plates keep the old Builder,
    die, scores and round number while the cards are still face down and turning, and show the new ones
    once they have turned (what the table shows follows what has been shown)."""
    from scenes import theme

    p = Pilot(size=(1280, 800), anim_speed="normal")
    table = _table(rules, [Seat("Anna"), Seat("Bot", "random")], seed=3)
    p.start(table)
    before = (table.view.builder, table.view.scores, table.view.die, table.view.round)
    for card in (14, 13, 12, 11, 10):  # a high card: the round most likely makes a Builder
        if any(a.card == card for a in table.legal):
            break
    p.press(KEY_FOR[card])
    assert p.until(lambda: bool(table.match.view(None).history), 5)
    v = table.view
    now = (v.builder, v.scores, v.die, v.round)
    assert now != before, "the round changed nothing on the board"
    p.frame()
    assert table.ui().shown(v) == before  # the cards are still turning over
    p.advance(theme.SLIDE + 0.12 * v.players + theme.FLIP + 0.1)
    assert table.ui().shown(table.view) == now
    pygame.display.quit()
