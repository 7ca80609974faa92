"""Babel On! by keys: a block taken up with 1-9 or B, aimed with the arrows, nudged with
Shift+arrows and placed with Enter; a tower's block pulled with the arrows and Enter. The hand's
shake comes from how the keys were used: placed after a rest it is as calm as a careful drag (no
shake), hammered and let go at once it shakes; with steady hands nothing does."""

from __future__ import annotations

import pygame
import pytest

from babel.core import registry
from babel.core.match import Match, Seat
from babel.games.babel_on import preview
from babel.games.babel_on.actions import Add, Call, Take, parse_action
from scenes.pilot import Pilot
from scenes.tables.babel_on import BabelOnTable

SHIFT = pygame.KMOD_SHIFT


def _placing(seed: int = 5, **options) -> tuple[Pilot, BabelOnTable]:
    """Anna's first turn, called right: six drawn blocks to place on her own tower."""
    rules = registry.get("babel_on")
    seats = [Seat("Anna"), Seat("B", bot="novice"), Seat("C", bot="novice")]
    match = Match(rules, rules.make_config(3, **options), seed, seats)
    pilot = Pilot(size=(1024, 640))
    table = BabelOnTable(match, None, threaded=False)
    pilot.start(table)
    pilot.press(pygame.K_e)
    assert pilot.until(lambda: any(isinstance(m, Add) for m in table.legal) and not table.busy(), 20)
    return pilot, table


def _placed(table: BabelOnTable, ply: int) -> Add:
    moves = [parse_action(e.text) for e in table.match.log[ply:] if e.seat == 0]
    assert moves and isinstance(moves[0], Add), moves
    return moves[0]


@pytest.fixture
def placing():
    pilot, table = _placing()
    yield pilot, table
    pygame.display.quit()


def test_a_careful_key_placement_is_as_calm_as_a_careful_drag(placing) -> None:
    pilot, table = placing
    colour = table.motion.tray_hand(table.view)[1]
    pilot.press(pygame.K_2)  # the second block of the tray
    assert table.hand.selected is not None and table.hand.selected.colour == colour and table.aim.on
    first = table.aim.cell
    pilot.press(pygame.K_RIGHT)
    assert table.aim.cell != first and table.target == table.aim.cell  # the glowing cell aimed at
    pilot.press(pygame.K_UP, SHIFT)
    pilot.press(pygame.K_UP, SHIFT)
    assert table.aim.nudge != (0, 0) and table.drop_offset == table.aim.nudge
    pilot.advance(0.7)  # rest a moment
    assert table.key_verdict()[0].endswith("calm, no shake")
    cell, nudge, ply = table.aim.cell, table.aim.nudge, table.match.ply
    pilot.press(pygame.K_RETURN)
    move = _placed(table, ply)
    assert (move.colour, move.tower, move.cell, (move.dx, move.dy), move.shake) == (colour, *cell, nudge, 0)


def test_keys_hammered_and_let_go_at_once_shake_the_block(placing) -> None:
    pilot, table = placing
    pilot.press(pygame.K_1)
    pilot.advance(0.7)
    for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT):
        pilot.press(key)  # a frame apart
    assert "too quick" in table.key_verdict()[0]
    ply = table.match.ply
    pilot.press(pygame.K_RETURN)
    assert _placed(table, ply).shake >= 3


def test_one_key_then_a_placement_at_once_shakes_a_little_and_a_rest_calms_it() -> None:
    pilot, table = _placing()
    try:
        pilot.press(pygame.K_1)
        now = table.hand.clock
        assert table.aim.shake(now, False) >= 2  # lifted from the tray and let go at once
        pilot.advance(0.7)
        pilot.press(pygame.K_RIGHT)
        one = table.aim.shake(table.hand.clock, False)
        assert 0 < one <= 2
        pilot.advance(0.7)
        assert table.aim.shake(table.hand.clock, False) == 0
        assert table.aim.shake(table.hand.clock, True) == 0  # steady hands
    finally:
        pygame.display.quit()


def test_steady_hands_never_shake_and_backspace_puts_the_block_back() -> None:
    pilot, table = _placing(steady_hands=True)
    try:
        pilot.press(pygame.K_1)
        pilot.press(pygame.K_BACKSPACE)
        assert table.hand.selected is None and not table.aim.on and table.target is None
        pilot.press(pygame.K_1)
        for _ in range(5):
            pilot.press(pygame.K_RIGHT)
        ply = table.match.ply
        pilot.press(pygame.K_SPACE)
        assert _placed(table, ply).shake == 0
    finally:
        pygame.display.quit()


def test_the_mouse_takes_the_block_back_from_the_keys(placing) -> None:
    pilot, table = placing
    pilot.press(pygame.K_1)
    pilot.move((600, 300))
    assert not table.aim.on
    pilot.press(pygame.K_RETURN)  # Enter is no placement now
    assert not any(e.seat == 0 and e.text.startswith("add") for e in table.match.log)


def test_a_block_with_no_place_to_go_is_explained(placing) -> None:
    pilot, table = placing
    pilot.press(pygame.K_9)
    assert table.hand.selected is None and any("no block 9" in t[0] for t in pilot.app.toasts)


def test_a_towers_block_is_pulled_by_the_arrows_and_enter() -> None:
    rules = registry.get("babel_on")
    match = Match(rules, rules.make_config(2), 3, [Seat("Anna"), Seat("B", bot="novice")])
    for _ in range(400):  # play on until Anna, right and odd, may take blocks off towers
        if match.over or (match.to_act()[0] == 0 and any(isinstance(m, Take) for m in match.legal(0))):
            break
        seat = match.to_act()[0]
        action = match.bot_action(seat)
        if seat == 0 and isinstance(action, Call):
            action = Call("odd")
        match.submit(seat, action)
    assert any(isinstance(m, Take) for m in match.legal(0))
    pilot = Pilot(size=(1024, 640))
    try:
        table = BabelOnTable(match, None, threaded=False)
        pilot.start(table)
        assert pilot.until(lambda: not table.busy(), 20)
        pilot.press(pygame.K_RIGHT)
        block = table.aim.block
        assert block is not None and table.hover_block == block and preview.block_moves(table.legal, *block)
        assert table.risk() is not None  # the odds of pulling it, at the block
        pilot.advance(0.7)
        ply = table.match.ply
        pilot.press(pygame.K_RETURN)
        made = [parse_action(e.text) for e in table.match.log[ply:] if e.seat == 0]
        assert made and (made[0].tower, made[0].cell, made[0].floor) == block and made[0].shake == 0
    finally:
        pygame.display.quit()
