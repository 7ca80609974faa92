"""Babel Towers: rule engines, bots and persistence for five Tower of Babel games.

This package is pure Python: it never imports pygame (the desktop front end lives in
``scenes``). Pymunk is used only by the Babel On! physics module.
"""

from __future__ import annotations

__version__ = "0.1.0"
PROJECT_MARKER = "babel-towers"  # lets a test prove `import babel` is this project, not the i18n Babel
