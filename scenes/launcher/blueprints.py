"""The Babel Builders setup extension: the blueprint stepper's choices, the "Edit blueprints…"
button (the blueprint editor lives with the Builders table), the small preview, and table talk,
which follows from the seats: on at a table with bots, off when people play alone together (they
talk for themselves)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scenes.launcher.setup_extensions import SetupExtension, register_extension
from scenes.tables.builders.blueprints import (
    GAME,
    OPTION,
    draw_setup_preview,
    open_editor,
    setup_blueprint_choices,
)

# The rules' own help names the option's values as typed on the command line (custom:<nine
# digits>); the setup screen lists blueprints by name.
BLUEPRINT_HELP = (
    "Random draws one of the nine printed blueprints (the published one and this edition's own "
    "eight). Blueprints you make with Edit blueprints… are listed by their names."
)


def option_help(option_key: str, value: Any) -> str | None:
    return BLUEPRINT_HELP if option_key == OPTION else None


def talk_from_seats(seats: Sequence[Any]) -> dict[str, Any]:
    """Table talk is on when a bot sits at the table."""
    return {"talk": any(seat.bot for seat in seats)}


register_extension(
    GAME,
    SetupExtension(
        choices=setup_blueprint_choices,
        buttons=(("Edit blueprints…", open_editor),),
        draw_preview=draw_setup_preview,
        help=option_help,
        derived=("talk",),
        from_seats=talk_from_seats,
    ),
)
