"""The Babel On! table: table (the scene: input to moves), layout (where things lie), draw (the
painters), animate (events to motion), hand (the block held and its shake), panel (the side
panel's buttons), words (log lines, prompt, end panel), art (the cubes and towers)."""

from scenes.tables.babel_on.table import BabelOnTable

__all__ = ["BabelOnTable"]
