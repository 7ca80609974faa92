"""Babel Builders' coach and lesson say a cell still needs blocks only when the blueprint does:
with Corner Keep (A1, B1, A2 five each) both once said "Build on A3: this cell still needs blocks"."""

from __future__ import annotations

from dataclasses import replace

from babel.games.builders import actions as A
from babel.games.builders import cards as C
from babel.games.builders.coach import cell_need, reason
from babel.games.builders.model import Phase, Role
from scenes.tutorials.builders import BuildersLesson

STILL = "still needs"
BASES = [(0,) * 9, (5, 5, 0, 5, 0, 0, 0, 0, 0), (2, 4, 1, 5, 0, 3, 0, 0, 6)]


def _views():
    match = BuildersLesson(game_id="builders").new_match()
    view = match.view(0)
    for blueprint in C.PRINTED_BLUEPRINTS:
        for base in BASES:
            yield replace(view, blueprint=blueprint, base=base, role=Role.ARCHITECT)


def test_architect_place_reason_matches_the_blueprint() -> None:
    for view in _views():
        for cell in range(9):
            said = reason(view, A.Place(cell))
            need = view.blueprint.cells[cell] - view.base[cell]
            assert (STILL in said) == (need > 0), (view.blueprint.name, view.base, cell, said)
            assert C.CELL_NAMES[cell] in said
            if need > 0:
                assert f"{need} block" in said
            assert cell_need(view, cell) == max(0, need)


def test_lesson_place_prompt_matches_the_blueprint() -> None:
    lesson = BuildersLesson(game_id="builders")
    cards = [c.id for c in C.CARDS if c.kind == C.BUILD and len(c.cells) > 1][:4]
    for view in _views():
        for card in cards:
            cells = C.CARDS[card].cells
            placing = replace(view, phase=Phase.PLACE, pending=card)
            prompt = lesson._place(placing, tuple(A.Place(c) for c in cells))
            cell = prompt.action.cell
            need = view.blueprint.cells[cell] - view.base[cell]
            assert (STILL in prompt.text) == (need > 0), (view.blueprint.name, cells, prompt.text)
