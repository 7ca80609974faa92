"""What a screen over a table shows of it: F1's rules over the curtain, and no tooltip of a
covered scene through a dialog's dimming."""

from __future__ import annotations

import pygame

from babel.core.match import Match, Seat
from scenes.core import Scene
from scenes.launcher.rules_viewer import RulesViewer
from scenes.widgets import basic
from scenes.widgets.confirm import ConfirmDialog
from scenes.widgets.curtain import PrivacyCurtain
from tests.example_table import ExampleTable


def test_f1_on_the_curtain_opens_the_games_rules_and_closing_them_returns_to_the_curtain(
    example_playable, pilot
):
    rules = example_playable
    table = ExampleTable(
        Match(rules, rules.make_config(2), 9, [Seat("Ann"), Seat("Ben")]), None, threaded=False
    )
    pilot.start(table)
    curtain = pilot.top
    assert isinstance(curtain, PrivacyCurtain) and table.viewer is None
    pilot.advance(0.5)
    pilot.press(pygame.K_F1)
    assert isinstance(pilot.top, RulesViewer) and pilot.top.game_id == "example"  # not the general keys
    pilot.press(pygame.K_ESCAPE)
    assert pilot.top is curtain and table.viewer is None and table.view.hand == ()
    pilot.press(pygame.K_F1)
    back = next(w for w in pilot.top.buttons.widgets if getattr(w, "label", "") == "Back")
    pilot.click(back.rect.center)  # the click that closes the rules does not lift the curtain
    pilot.click(back.rect.center)  # nor one at once after it
    assert pilot.top is curtain and table.viewer is None
    pilot.advance(0.5)
    pilot.press(pygame.K_SPACE)
    assert pilot.top is table and table.viewer == 0


def test_f1_elsewhere_still_opens_the_general_keys(pilot):
    from scenes.launcher.menu import MainMenu

    pilot.start(MainMenu())
    pilot.press(pygame.K_F1)
    assert isinstance(pilot.top, RulesViewer) and pilot.top.game_id is None


class Toolbar(Scene):
    """A scene with one button that has hover help, like a table's Undo."""

    def __init__(self) -> None:
        self.widgets = basic.WidgetGroup(
            [basic.Button((600, 400, 200, 60), "Undo", lambda: None, tooltip="Take back")]
        )

    def draw(self, canvas) -> None:
        canvas.table()
        self.widgets.draw(canvas, self.app.mouse)


def test_no_tooltip_of_the_scene_under_a_dialog_is_drawn(pilot, monkeypatch):
    drawn: list[str] = []
    real = basic.tooltip

    def tooltip(canvas, text, *args, **kwargs):
        drawn.append(text)
        real(canvas, text, *args, **kwargs)

    monkeypatch.setattr(basic, "tooltip", tooltip)
    pilot.start(Toolbar())
    pilot.move((700, 430))
    pilot.frame()
    assert drawn and set(drawn) == {"Take back"}  # its own tooltip, while it is on top
    pilot.app.push(ConfirmDialog("Leave this game?", "Nothing is lost.", "Leave", lambda: None))
    drawn.clear()
    pilot.move((700, 430))  # the pointer rests where the button is, under the dimming
    pilot.frame()
    assert drawn == [] and pilot.app.mouse == (700, 430)
    pilot.press(pygame.K_ESCAPE)  # the dialog closes: the tooltip is back
    pilot.move((700, 430))
    pilot.frame()
    assert drawn and drawn[-1] == "Take back"
