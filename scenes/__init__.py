"""Babel Towers' desktop front end: pygame scenes, widgets and the table scenes of the games.

Everything here speaks to the engines only through ``babel.core`` (a Match and seat views).
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
