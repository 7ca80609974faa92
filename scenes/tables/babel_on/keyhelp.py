"""The Babel On! table's help lines, naming the keys that work now (the player's own where
Settings, Keys rebound them): what the mouse and the keys do with nothing in hand, with a block
of the tray held, and with a tower's block chosen."""

from __future__ import annotations

from scenes import keymap


def _k(what: str) -> str:
    return keymap.label(f"babel_on.{what}")


def help_lines(held_kind: str | None, short: bool = False) -> tuple[str, ...]:
    """One or two lines for the foot of the felt; ``held_kind`` is the held block's ("hand",
    "bonus", "block") or None; ``short``: the same keys in fewer words (for large words)."""
    if held_kind in ("hand", "bonus"):
        if short:
            return (
                "Click a glowing cell, or keys: ←/→ next cell · ↑/↓ cell above/below · Shift+arrows nudge · "
                "Enter/Space place",
                "Backspace put back · fast keys shake the hand: rest before placing · right-click cancels · ? all keys",
            )
        return (
            "Click a glowing cell, or by keys: ←/→ next glowing cell · ↑/↓ the cell above or below · "
            "Shift+arrows nudge it · Enter or Space place · Backspace put back",
            "Keys pressed fast make a shaky hand: rest a moment before placing · right-click cancels · ? all keys",
        )
    if held_kind == "block":
        return ("Click the block again (or Space) to take it · right-click cancels · the risk is shown beside the cursor",)
    first = (
        f"Drag a block or click it, then a glowing cell · 1-9 from hand, {_k('bonus')} Bonus Block, "
        f"arrows + Enter a tower's block"
        if short
        else f"Drag a block, or click it then a glowing cell · by keys: 1-9 a block in hand, {_k('bonus')} a Bonus "
        f"Block, arrows a tower's block, Enter take it"
    )
    return (
        first,
        f"{_k('even')}/{_k('odd')} call · {_k('pass')} pass · Enter end · {_k('turn')} turn view · "
        f"{_k('plan')} floor plan · {_k('hand')} hand · {_k('hint')} hint · PgUp/PgDn log · ? all keys",
    )
