"""The solitaire table driven like a player: drag-and-drop, click-to-move, undo and redo, hints,
a whole deal to the end with statistics, the analysis view and the statistics screen."""

from __future__ import annotations

import pygame
import pytest

from babel.core import registry
from babel.core.match import Match, Seat
from babel.games.solitaire import hints
from babel.games.solitaire.actions import Draw, Move
from babel.games.solitaire.stats import StatsStore
from scenes.tables.solitaire import SolitaireTable
from scenes.tables.solitaire.analysis import AnalysisScene
from scenes.tables.solitaire.statistics import StatisticsScene


@pytest.fixture
def rules():
    return registry.get("solitaire")


def _table(rules, seed=12, **options):
    match = Match(rules, rules.make_config(1, **options), seed, [Seat("Anna")])
    return SolitaireTable(match, None, threaded=False)


def _drawn_text(pilot) -> list[str]:
    """Every line of text the next frame draws."""
    from scenes.canvas import Canvas

    seen: list[str] = []
    original = Canvas.text

    def spy(self, s, *args, **kwargs):
        seen.append(s)
        return original(self, s, *args, **kwargs)

    Canvas.text = spy
    try:
        pilot.frame()
    finally:
        Canvas.text = original
    return seen


def _do(pilot, table, action) -> None:
    """Perform an action the way a player would: click the pile, drag a stack, press Finish."""
    if isinstance(action, Draw):
        pilot.click(table.geo.pile_rect().center)
    elif isinstance(action, Move):
        pilot.drag(table.geo.centre(action.src), table.geo.centre(action.dst))
    else:
        pilot.click(table.finish_button.rect.center)


def _draw_until_a_move(pilot, table, tries: int = 30) -> list:
    """Draw (clicking the pile) until a move is possible; returns the possible moves."""
    for _ in range(tries):
        moves = [a for a in table.legal if isinstance(a, Move)]
        if moves:
            return moves
        pilot.click(table.geo.pile_rect().center)
    return []


def test_draw_and_drag_a_stack(rules, pilot):
    table = _table(rules)
    pilot.start(table)
    moves = _draw_until_a_move(pilot, table)
    before = len(table.view.line)
    _do(pilot, table, moves[0])
    assert len(table.view.line) == before - 1


def test_click_to_move_and_illegal_drop(rules, pilot):
    table = _table(rules)
    pilot.start(table)
    while not any(isinstance(a, Move) for a in table.legal):
        pilot.press(pygame.K_SPACE)
    move = next(a for a in table.legal if isinstance(a, Move))
    count = len(table.view.line)
    # dropping onto a stack that is not a target changes nothing
    pilot.drag(table.geo.centre(move.src), (table.geo.centre(move.src)[0], 700))
    assert len(table.view.line) == count
    pilot.click(table.geo.centre(move.src))
    assert table.selected == move.src
    pilot.click(table.geo.centre(move.dst))
    assert len(table.view.line) == count - 1


def test_undo_stops_at_a_draw_by_default(rules, pilot):
    """Undo past a draw would let the player peek at the pile and choose again."""
    table = _table(rules)
    pilot.start(table)
    for _ in range(6):
        pilot.press(pygame.K_SPACE)
    pilot.press(pygame.K_u)
    assert table.match.ply == 6
    assert "practice" in pilot.app.toasts[-1][0]


def test_undo_takes_back_a_move_but_not_the_draw_before_it(rules, pilot):
    table = _table(rules)
    pilot.start(table)
    moves = _draw_until_a_move(pilot, table, 40)
    assert moves
    before = table.view.line
    _do(pilot, table, moves[0])
    ply = table.match.ply
    pilot.press(pygame.K_u)
    assert table.match.ply == ply - 1 and table.view.line == before
    pilot.press(pygame.K_u)
    assert table.match.ply == ply - 1


def test_practice_undo_redo_is_unlimited_and_says_so(rules, pilot):
    table = _table(rules, practice=True)
    pilot.start(table)
    assert any("practice" in line for line in _drawn_text(pilot))
    for _ in range(6):
        pilot.press(pygame.K_SPACE)
    start_line = table.view.line
    for _ in range(6):
        pilot.press(pygame.K_u)
    assert table.match.ply == 0 and len(table.view.line) == 1
    for _ in range(6):
        pilot.press(pygame.K_y, mod=pygame.KMOD_CTRL)
    assert table.view.line == start_line


def test_hint_highlights_its_action(rules, pilot):
    table = _table(rules)
    pilot.start(table)
    for _ in range(5):
        pilot.press(pygame.K_SPACE)
    pilot.press(pygame.K_h)
    assert table.hint_glow
    assert table.coach_note is not None and table.coach_note[1]  # shown in the table's note


def test_whole_deal_to_the_end_records_statistics_and_analysis(rules, pilot):
    table = _table(rules, seed=3)
    pilot.start(table)
    for _ in range(200):
        if table.match.over:
            break
        action = hints.bot_choice(table.view, table.legal, samples=4)
        _do(pilot, table, action)
    assert table.match.over
    assert pilot.until(lambda: table._end_shown, 5)
    rec = StatsStore.load().get("tiles", "standard")
    assert rec.played == 1
    pilot.click(next(w for w in table.end_widgets.widgets if w.label == "Analysis").rect.center)
    scene = pilot.top
    assert isinstance(scene, AnalysisScene)
    assert pilot.until(lambda: scene.analysis is not None, 20)
    pilot.press(pygame.K_RIGHT)
    assert scene.step == 1
    scene.goto(len(scene.analysis.line))
    assert len(scene.replay.view(0).line) == scene.analysis.best_stacks
    pilot.press(pygame.K_ESCAPE)
    assert pilot.top is table


def test_cards_variant_wraps_the_line(rules, pilot):
    table = _table(rules, variant="cards")
    pilot.start(table)
    for _ in range(40):
        pilot.press(pygame.K_SPACE)
    rects = [table.geo.rect(i) for i in range(len(table.view.line))]
    assert all(r.right <= 1600 and r.bottom <= 820 for r in rects)


def test_statistics_screen(pilot):
    store = StatsStore.load()
    store.record("tiles", "standard", 1)
    store.record("tiles", "standard", 5)
    pilot.start(StatisticsScene())
    pilot.frame()
    assert pilot.top.store.get("tiles", "standard").played == 2


def test_practice_game_is_counted_apart(rules, pilot):
    table = _table(rules, seed=3, practice=True)
    pilot.start(table)
    for _ in range(200):
        if table.match.over:
            break
        _do(pilot, table, hints.bot_choice(table.view, table.legal, samples=2))
    assert table.match.over
    assert pilot.until(lambda: table._end_shown, 5)
    store = StatsStore.load()
    assert store.get("tiles", "standard").played == 0
    assert store.get("tiles", "standard", practice=True).played == 1
    pilot.start(StatisticsScene("tiles", "standard", practice=True))
    assert pilot.top.store.get("tiles", "standard", practice=True).played == 1
    assert any("Practice games" in line for line in _drawn_text(pilot))
