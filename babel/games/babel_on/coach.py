"""Babel On!'s coach: the strongest bot's move for this seat, and what it does to the towers.

Everything in Babel On! is on the table, so the reason may use the whole view, including the
chance the physics gives the move with a careful hand (``preview.knock_risk``, the figure the
table shows). Seats are written
``<P1>`` for the scene to fill in names.
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.core.coach import Advice, sentence, strongest_choice
from babel.games.babel_on import preview
from babel.games.babel_on.engine import COLOURS, BabelOn, BabelView, Move
from babel.games.babel_on.structure import CELLS

_RULES = BabelOn()


def advise(view: BabelView, legal: Sequence[Move]) -> Advice:
    chosen = strongest_choice(_RULES, view, legal)
    m = _canonical(chosen, legal)
    return m, sentence(what(view, m), reason(view, m))


def _canonical(m: Move, legal: Sequence[Move]) -> Move:
    """The legal move the bot's choice stands for: a bot adds its hand's offset and shake, the
    advice names the calm move a player makes by dropping the block on its cell."""
    key = (m.kind, m.parity, m.colour, m.tower, m.cell, m.floor)
    return next((a for a in legal if (a.kind, a.parity, a.colour, a.tower, a.cell, a.floor) == key), m)


def _whose(view: BabelView, tower: int) -> str:
    return "your" if tower == view.seat else f"<P{tower}>'s"


def what(view: BabelView, m: Move) -> str:
    if m.kind == "call":
        return f"Call {m.parity}"
    if m.kind == "add":
        return f"Add the {COLOURS[m.colour]} block to {_whose(view, m.tower)} tower at {CELLS[m.cell]}"
    if m.kind == "take":
        return f"Take block {CELLS[m.cell]}{m.floor} off {_whose(view, m.tower)} tower"
    if m.kind == "return":
        return f"Return block {CELLS[m.cell]}{m.floor} of your tower to the bag"
    if m.kind == "bonus":
        return f"Place a Bonus Block at {CELLS[m.cell]} on your tower"
    if m.kind == "pass":
        return "Pass"
    return "End your turn"


def reason(view: BabelView, m: Move) -> str:
    if m.kind == "call":
        return "even and odd are equally likely on the die, so either call is a fair guess"
    if m.kind in ("add", "take", "return", "bonus"):
        risk = preview.knock_risk(view, m)
        if risk >= 0.5:
            return (
                f"every other choice is worse, though this one brings the tower down {risk:.0%} of the time"
            )
        if risk > 0:
            return f"it is the best choice left, with a {risk:.0%} chance that the tower falls"
        if m.kind in ("add", "bonus") and m.tower == view.seat:
            return "your tower grows and stands steady"
        if m.kind == "add":
            return f"the block has to go somewhere, and <P{m.tower}>'s tower still stands with it"
        if m.kind == "take" and m.tower != view.seat:
            return f"it slows <P{m.tower}>'s tower down and the tower still stands"
        return "the tower stands afterwards"
    if m.kind == "pass":
        return "nothing you may do now helps you"
    return "nothing more you may do this turn helps you"
