"""The Builders blueprint editor and the blueprint choice on the setup screen, driven by the pilot
(clicks, keys, typing) in a private data folder (tests/conftest.py sets BABEL_TOWERS_HOME)."""

from __future__ import annotations

import pygame
import pytest

from babel.core.jsonfile import read_json
from babel.games.builders import RULES
from babel.games.builders import blueprints as BP
from scenes.core import Scene
from scenes.launcher.setup import SetupScene
from scenes.launcher.setup_extensions import extension_for
from scenes.pilot import Pilot
from scenes.tables import register_table, table_for, unregister_table
from scenes.tables.builders.blueprints import (
    LIST_X,
    LIST_Y,
    ROW_H,
    BlueprintEditor,
    ConfirmDialog,
    cell_rect,
    minus_rect,
    plus_rect,
    tile_rect,
)
from scenes.widgets.basic import Button, Stepper


class RecordingTable(Scene):
    """Stands in for the Builders table (built elsewhere): it only keeps the match it was given."""

    def __init__(self, match, store) -> None:
        self.match = match


@pytest.fixture
def builders_table():
    try:
        before = table_for("builders")
    except KeyError:
        before = None
    register_table("builders", RecordingTable)
    yield
    if before is None:
        unregister_table("builders")
    else:
        register_table("builders", before)


def button(scene, label: str) -> Button:
    return next(w for w in scene.widgets.widgets if isinstance(w, Button) and w.label == label)


def toasts(p: Pilot) -> str:
    return " | ".join(m for m, _ in p.app.toasts)


def blueprint_stepper(setup: SetupScene) -> Stepper:
    return next(w for w in setup.widgets.widgets if isinstance(w, Stepper) and "published" in w.choices)


def name_it(p: Pilot, editor: BlueprintEditor, name: str) -> None:
    p.click(editor.name_input.rect.center)
    for _ in range(len(editor.name_input.text)):
        p.press(pygame.K_BACKSPACE)
    p.type(name)
    p.press(pygame.K_RETURN)  # leaves the field


def test_design_by_clicks_and_keys(pilot):
    pilot.start(BlueprintEditor())
    ed = pilot.top
    for _ in range(3):
        pilot.click(cell_rect(4).center)  # B2 +3
    pilot.click(cell_rect(0).center)  # A1 +1
    pilot.click(cell_rect(0).center, button=3)  # right-click: A1 -1
    pilot.click(plus_rect(8).center)
    pilot.click(plus_rect(8).center)
    pilot.click(minus_rect(8).center)  # C3 = 1
    assert ed.cells == [0, 0, 0, 0, 3, 0, 0, 0, 1]
    pilot.press(pygame.K_3)  # select C1
    assert ed.selected == 2
    pilot.press(pygame.K_EQUALS, mod=pygame.KMOD_SHIFT)  # '+'
    pilot.press(pygame.K_KP_PLUS)
    pilot.press(pygame.K_MINUS)
    pilot.press(pygame.K_7)
    pilot.press(pygame.K_5, mod=pygame.KMOD_LSHIFT)  # Shift+5 sets A3 to 5
    pilot.press(pygame.K_DOWN)  # A3 -> A1 (wraps)
    pilot.press(pygame.K_RIGHT)  # B1
    pilot.press(pygame.K_4, mod=pygame.KMOD_SHIFT)
    assert ed.cells == [0, 4, 1, 0, 3, 0, 5, 0, 1] and ed.total == 14
    pilot.press(pygame.K_0)  # empties B1
    assert ed.cells[1] == 0 and ed.selected == 1
    pilot.click(minus_rect(1).center)  # nothing to take: stays 0, no error
    assert ed.cells[1] == 0 and not pilot.app.toasts


def test_limit_of_20_and_an_empty_name_are_refused_with_the_reason(pilot):
    pilot.start(BlueprintEditor([9, 9, 2, 0, 0, 0, 0, 0, 0]))
    ed = pilot.top
    assert ed.total == 20
    pilot.click(cell_rect(4).center)
    assert ed.cells[4] == 0 and ed.total == 20
    assert "at most 20 blocks in all, not 21" in toasts(pilot)
    assert ed.notice is not None and "limit is 20 blocks" in ed.notice[0]
    pilot.press(pygame.K_3)
    pilot.press(pygame.K_9, mod=pygame.KMOD_SHIFT)  # C1 2 -> 9 would make 27
    assert ed.cells[2] == 2 and "not 27" in toasts(pilot)
    pilot.press(pygame.K_1)
    pilot.press(pygame.K_KP_PLUS)  # A1 already 9
    assert ed.cells[0] == 9 and "at most 9 blocks" in toasts(pilot)
    pilot.press(pygame.K_RETURN)  # save with no name
    assert "A blueprint needs a name" in toasts(pilot)
    assert not BP.storage_path().exists()
    ed.cells = [0] * 9
    name_it(pilot, ed, "Nothing")
    pilot.click(button(ed, "Save").rect.center)
    assert "at least one block" in toasts(pilot) and not BP.storage_path().exists()


def test_saved_blueprint_reaches_setup_and_starts_a_game(pilot, builders_table):
    pilot.start(SetupScene(RULES))
    setup = pilot.top
    assert len(blueprint_stepper(setup).choices) == 10  # random and the nine printed
    pilot.click(button(setup, "Edit blueprints…").rect.center)
    ed = pilot.top
    assert isinstance(ed, BlueprintEditor)
    pilot.click(tile_rect(0).center)  # start from The Tower: C1 3, B2 8, A3 3
    assert ed.cells == [0, 0, 3, 0, 8, 0, 3, 0, 0]
    pilot.press(pygame.K_5)
    for _ in range(3):
        pilot.press(pygame.K_MINUS)
    pilot.press(pygame.K_7)
    pilot.press(pygame.K_0)
    name_it(pilot, ed, "Short  tower")
    pilot.click(button(ed, "Save").rect.center)
    assert "Saved 'Short tower'" in toasts(pilot)
    assert [(b.name, b.cells) for b in BP.load_custom()] == [("Short tower", (0, 0, 3, 0, 5, 0, 0, 0, 0))]
    pilot.press(pygame.K_ESCAPE)  # back to setup, which lists and selects the new one
    assert pilot.top is setup
    stepper = blueprint_stepper(setup)
    assert "custom:003050000" in stepper.choices and stepper.value == "custom:003050000"
    assert setup.options["blueprint"] == "custom:003050000"
    assert stepper.label(stepper.value).startswith("Short tower: C1 x3, B2 x5")
    pilot.press(pygame.K_RETURN)  # Start game
    table = pilot.top
    assert isinstance(table, RecordingTable)
    assert table.match.config.options["blueprint"] == "custom:003050000"
    assert table.match.view(None).blueprint.cells == (0, 0, 3, 0, 5, 0, 0, 0, 0)


def test_stepper_steps_through_the_dynamic_list(pilot):
    BP.save_custom("Needle", [0, 0, 0, 0, 9, 0, 0, 0, 0])
    BP.save_custom("Same needle", [0, 0, 0, 0, 9, 0, 0, 0, 0])  # same value: listed once
    pilot.start(SetupScene(RULES))
    stepper = blueprint_stepper(pilot.top)
    assert stepper.choices[-1] == "custom:000090000" and len(stepper.choices) == 11
    left, _ = stepper._arrows()
    pilot.click(left.center)  # from random back to the last entry
    assert pilot.top.options["blueprint"] == "custom:000090000"
    pilot.frame()  # the preview draws the custom blueprint


def test_replacing_a_saved_name_asks_first(pilot):
    BP.save_custom("Keep", [1, 0, 0, 0, 0, 0, 0, 0, 0])
    pilot.start(BlueprintEditor([0, 2, 0, 0, 0, 0, 0, 0, 0]))
    ed = pilot.top
    name_it(pilot, ed, "keep")
    pilot.click(button(ed, "Save").rect.center)
    dialog = pilot.top
    assert isinstance(dialog, ConfirmDialog) and "Keep" in dialog.message
    pilot.press(pygame.K_ESCAPE)  # cancel
    assert pilot.top is ed and BP.load_custom()[0].cells[0] == 1
    pilot.press(pygame.K_RETURN)  # save again, confirm with Enter
    assert isinstance(pilot.top, ConfirmDialog)
    pilot.press(pygame.K_RETURN)
    assert pilot.top is ed
    assert [(b.name, b.cells) for b in BP.load_custom()] == [("keep", (0, 2, 0, 0, 0, 0, 0, 0, 0))]


def test_load_and_delete_with_confirmation(pilot):
    BP.save_custom("First", [1, 1, 1, 0, 0, 0, 0, 0, 0])
    BP.save_custom("Second", [0, 0, 0, 0, 0, 0, 4, 4, 4])
    pilot.start(BlueprintEditor())
    ed = pilot.top
    pilot.click((LIST_X + 120, LIST_Y + ROW_H + 18))  # the second row: load it
    assert ed.cells == [0, 0, 0, 0, 0, 0, 4, 4, 4] and ed.name_input.text == "Second"
    deletes = [w for w in ed.widgets.widgets if isinstance(w, Button) and w.label == "Delete"]
    assert len(deletes) == 2
    pilot.click(deletes[0].rect.center)
    dialog = pilot.top
    assert isinstance(dialog, ConfirmDialog) and "First" in dialog.message
    pilot.click(button(dialog, "Cancel").rect.center)
    assert [b.name for b in BP.load_custom()] == ["First", "Second"]
    pilot.click(deletes[0].rect.center)
    pilot.click(button(pilot.top, "Delete").rect.center)
    assert pilot.top is ed and [b.name for b in BP.load_custom()] == ["Second"]
    assert "Deleted 'First'" in toasts(pilot)
    assert len([w for w in ed.widgets.widgets if isinstance(w, Button) and w.label == "Delete"]) == 1


def test_many_saved_blueprints_page(pilot):
    for k in range(7):
        BP.save_custom(f"Plan {k}", [k + 1, 0, 0, 0, 0, 0, 0, 0, 0])
    pilot.start(BlueprintEditor())
    ed = pilot.top
    assert [b.name for b in ed.visible_saved()] == [f"Plan {k}" for k in range(5)]
    pilot.click(button(ed, "›").rect.center)
    assert [b.name for b in ed.visible_saved()] == ["Plan 5", "Plan 6"]


def test_a_damaged_file_gives_a_readable_message_and_is_kept(pilot):
    path = BP.storage_path()
    path.write_text('{"format": "babel-builders-blueprints", "blueprints": [ {"name": "x", "cel')
    pilot.start(SetupScene(RULES))
    setup = pilot.top
    assert len(blueprint_stepper(setup).choices) == 10  # setup still works: the printed ones
    pilot.click(button(setup, "Edit blueprints…").rect.center)
    ed = pilot.top
    assert "damaged" in toasts(pilot) and "damaged" in (ed.problem or "")
    pilot.frame()
    pilot.click(cell_rect(4).center)
    name_it(pilot, ed, "Fresh")
    pilot.click(button(ed, "Save").rect.center)
    assert [b.name for b in BP.load_custom()] == ["Fresh"] and ed.problem is None
    kept = path.with_name("builders_blueprints.damaged.json")
    assert kept.exists() and "cel" in kept.read_text()
    assert "kept as builders_blueprints.damaged.json" in toasts(pilot)
    assert read_json(path)["blueprints"][0]["cells"][4] == 1


def test_a_file_with_bad_entries_names_them(pilot):
    path = BP.storage_path()
    path.write_text(
        '{"format": "babel-builders-blueprints", "version": 1, "blueprints": ['
        '{"name": "Good", "cells": [1,0,0,0,0,0,0,0,0]}, {"name": "Bad", "cells": [99]}]}'
    )
    pilot.start(BlueprintEditor())
    ed = pilot.top
    assert [b.name for b in ed.saved] == ["Good"]
    assert ed.problem == "1 saved blueprint could not be read and is left out."
    assert ed.rows_y > LIST_Y  # the message stands above the rows, not over them
    pilot.click((LIST_X + 120, ed.rows_y + 18))
    assert ed.cells == [1, 0, 0, 0, 0, 0, 0, 0, 0] and ed.loaded == "Good"


def test_other_games_have_no_extension_and_unchanged_setup(pilot):
    from babel.core import registry

    assert extension_for("duel") is None and extension_for("builders") is not None
    duel = registry.get("duel")
    pilot.start(SetupScene(duel))
    labels = [w.label for w in pilot.top.widgets.widgets if isinstance(w, Button)]
    assert [x for x in labels if x != "Learn to play"] == ["Start game", "Back", "Rules"]  # no extension


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_editor_and_setup_draw_at_any_size(size):
    BP.save_custom("A name long enough to need an ellipsis", [2, 2, 2, 2, 2, 2, 2, 2, 2])
    p = Pilot(size=size)
    for scene in (BlueprintEditor([9, 0, 0, 0, 9, 0, 0, 0, 2]), SetupScene(RULES)):
        p.app.reset(scene)
        p.move((700, 400))
        p.frame()
    setup = p.top
    blueprint_stepper(setup).step(-1)
    p.frame()
    pygame.display.quit()


def test_editor_starts_from_the_setup_choice(pilot):
    BP.save_custom("Needle", [0, 0, 0, 0, 9, 0, 0, 0, 0])
    pilot.start(SetupScene(RULES))
    setup = pilot.top
    setup.options["blueprint"] = "custom:000090000"
    pilot.click(button(setup, "Edit blueprints…").rect.center)
    ed = pilot.top
    assert (
        ed.cells == [0, 0, 0, 0, 9, 0, 0, 0, 0] and ed.name_input.text == "Needle" and ed.loaded == "Needle"
    )
    pilot.click(button(ed, "Back").rect.center)
    assert pilot.top is setup and setup.options["blueprint"] == "custom:000090000"
    setup.options["blueprint"] = "edition-7"
    pilot.click(button(setup, "Edit blueprints…").rect.center)
    assert pilot.top.cells == [0, 0, 0, 0, 0, 0, 4, 4, 4] and pilot.top.loaded is None
    pilot.press(pygame.K_ESCAPE)
    assert pilot.top is setup and setup.options["blueprint"] == "edition-7"


def test_random_clicks_and_keys_never_crash(pilot):
    import random

    BP.save_custom("One", [1, 0, 0, 0, 0, 0, 0, 0, 0])
    pilot.start(SetupScene(RULES))
    pilot.click(button(pilot.top, "Edit blueprints…").rect.center)
    rng = random.Random(7)
    keys = [pygame.K_0 + d for d in range(10)] + [
        pygame.K_EQUALS,
        pygame.K_MINUS,
        pygame.K_KP_PLUS,
        pygame.K_DELETE,
        pygame.K_LEFT,
        pygame.K_UP,
        pygame.K_TAB,
        pygame.K_RETURN,
        pygame.K_a,
    ]
    steps = 0
    for _ in range(250):
        if not isinstance(pilot.top, (BlueprintEditor, ConfirmDialog)):
            pilot.click(button(pilot.top, "Edit blueprints…").rect.center)  # back in setup: reopen
        steps += 1
        roll = rng.random()
        if roll < 0.55:
            pilot.click((rng.uniform(0, 1600), rng.uniform(0, 900)), button=rng.choice((1, 1, 3)))
        elif roll < 0.65:
            pilot.wheel(rng.choice((-1, 1)))
        else:
            mod = pygame.KMOD_SHIFT if rng.random() < 0.3 else 0
            pilot.press(rng.choice(keys), mod=mod)
        if isinstance(pilot.top, BlueprintEditor):
            assert 0 <= pilot.top.total <= 20 and all(0 <= n <= 9 for n in pilot.top.cells)
    assert steps == 250
