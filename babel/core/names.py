"""Player names and labels: what may be typed, remembered and loaded.

A name comes from the keyboard, the settings file or a save, so it is untrusted: control and
format characters (NUL, zero-width spaces and joiners, U+2060, U+FEFF, soft hyphens, direction
overrides) are dropped, spaces are collapsed, the length is bounded, and what is left must hold
at least one visible character. A name that passes can always be drawn.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

DEFAULT_NAMES = ("Anna", "Ben", "Carla", "Dev", "Elif", "Farid", "Gwen", "Hiro", "Ines", "Jonas")
MAX_NAME = 20
MAX_LABEL = 80
_HIDDEN = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}  # controls, format, surrogates, unassigned
_VISIBLE = ("L", "N", "P", "S")  # letters, digits, punctuation, symbols


def clean_text(text: str, limit: int) -> str:
    """``text`` without hidden characters, with runs of spaces collapsed, cut to ``limit``."""
    kept = "".join(" " if c.isspace() else c for c in str(text) if unicodedata.category(c) not in _HIDDEN)
    return " ".join(kept.split())[:limit].strip()


def visible(text: str) -> bool:
    """Whether ``text`` shows at least one letter, digit, punctuation mark or symbol."""
    return any(unicodedata.category(c)[0] in _VISIBLE for c in text)


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a player's name as it stands, or None when it can."""
    if not isinstance(name, str):
        return "a name must be text"
    if len(name) > MAX_NAME:
        return f"a name has at most {MAX_NAME} characters"
    if clean_text(name, MAX_NAME) != name:
        return "a name may not hold control or invisible characters"
    if not visible(name):
        return "a name needs at least one visible letter or sign"
    return None


def clean_name(text: str) -> str:
    """A typed name made fit to use; "" when nothing visible is left."""
    name = clean_text(text, MAX_NAME)
    return name if visible(name) else ""


def clean_label(text: object) -> str:
    """A save's label made fit to show (bounded, hidden characters dropped); "" if none left."""
    label = clean_text(str(text)[: MAX_LABEL * 4], MAX_LABEL)
    return label if visible(label) else ""


def distinct_names(names: Sequence[str], fallback: Iterable[str]) -> list[str]:
    """``names`` cleaned, with every repeat (ignoring case) and every empty or invisible name
    replaced by the first unused ``fallback`` name; the order of the seats is kept."""
    spare = [n for n in fallback]
    used: set[str] = set()
    out: list[str] = []
    for raw in names:
        name = clean_name(raw) if isinstance(raw, str) else ""
        if not name or name.casefold() in used:
            name = next((n for n in spare if n.casefold() not in used and n not in names), "")
            if not name:
                name = next((n for n in spare if n.casefold() not in used), "")
            if not name:
                k = len(out) + 1
                while f"Player {k}".casefold() in used:
                    k += 1
                name = f"Player {k}"
        used.add(name.casefold())
        out.append(name)
    return out


def repeated_name(names: Sequence[str]) -> str | None:
    """The first name that two seats share (ignoring case), or None."""
    seen: set[str] = set()
    for name in names:
        key = name.casefold()
        if key in seen:
            return name
        seen.add(key)
    return None
