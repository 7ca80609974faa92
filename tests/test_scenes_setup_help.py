"""The setup screen's words: an option's help says what the chosen value does, and a blueprint
is named, never shown as its option value (custom:<nine digits>)."""

from __future__ import annotations

from babel.core import registry
from scenes.launcher.setup import SetupScene
from scenes.widgets.basic import Stepper


def _texts(pilot) -> list[str]:
    """Every text the next frame draws."""
    canvas = pilot.app.canvas
    drawn: list[str] = []
    real = canvas.text

    def text(words, *args, **kwargs):
        drawn.append(str(words))
        return real(words, *args, **kwargs)

    canvas.text = text
    try:
        pilot.frame()
    finally:
        del canvas.text
    return drawn


def test_builders_setup_names_a_custom_blueprint_and_never_shows_its_value(pilot):
    from babel.games.builders.blueprints import save_custom

    stairs = save_custom("Stairs", (1, 2, 3, 0, 1, 2, 0, 0, 1))
    setup = SetupScene(registry.get("builders"))
    pilot.start(setup)
    setup.options["blueprint"] = stairs.key
    setup._build()
    shown = " ".join(_texts(pilot))
    assert "Stairs" in shown and "custom:" not in shown and stairs.key[len("custom:") :] not in shown


def test_babel_on_steady_hands_help_describes_the_chosen_value(pilot):
    setup = SetupScene(registry.get("babel_on"))
    pilot.start(setup)
    assert setup.options["steady_hands"] is False
    off = " ".join(_texts(pilot))
    assert "Off: every move shakes the tower" in off and "no move shakes" not in off
    switch = next(w for w in setup.widgets.widgets if isinstance(w, Stepper) and w.value is False)
    pilot.click((switch.rect.right - 20, switch.rect.centery))
    assert setup.options["steady_hands"] is True
    on = " ".join(_texts(pilot))
    assert "On: no move shakes the tower" in on and "every move shakes" not in on
