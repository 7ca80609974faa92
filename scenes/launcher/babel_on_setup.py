"""The Babel On! setup extension: the help under Steady hands says what the chosen value does."""

from __future__ import annotations

from typing import Any

from scenes.launcher.setup_extensions import SetupExtension, register_extension

STEADY_HANDS = {
    False: "Off: every move shakes the tower a little: the faster and jerkier your drag, the bigger "
    "the shake (bots shake as their level does).",
    True: "On: no move shakes the tower, for anyone; where a block lands off the centre of its cell "
    "still counts.",
}


def option_help(option_key: str, value: Any) -> str | None:
    if option_key == "steady_hands" and isinstance(value, bool):
        return STEADY_HANDS[value]
    return None


register_extension("babel_on", SetupExtension(help=option_help))
