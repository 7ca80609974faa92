"""Der Turmbau zu Babel (Reiner Knizia): wonders, secret offers, majorities and disc sets."""

from __future__ import annotations

from babel.games.turmbau.rules import RULES, TurmbauRules

__all__ = ["RULES", "TurmbauRules"]
