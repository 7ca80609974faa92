"""The Babel Builders setup extension: the blueprint stepper's choices, the "Edit blueprints…"
button (the blueprint editor lives with the Builders table) and the small preview."""

from __future__ import annotations

from scenes.launcher.setup_extensions import SetupExtension, register_extension
from scenes.tables.builders.blueprints import (
    GAME,
    draw_setup_preview,
    open_editor,
    setup_blueprint_choices,
)

register_extension(
    GAME,
    SetupExtension(
        choices=setup_blueprint_choices,
        buttons=(("Edit blueprints…", open_editor),),
        draw_preview=draw_setup_preview,
    ),
)
