"""Babel On!'s coach: the strongest bot's move for this seat, and what it does to the towers.

Everything in Babel On! is on the table, so the reason may use the whole view, including the
chance the physics gives the move with a careful hand (``preview.knock_risk``, the figure the
table shows). That chance is the fact each block move's reason states; ``explain`` returns it as a
``Claim`` that ``check`` computes again from the true state. Seats are written ``<P1>`` for the
scene to fill in names.
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.core.claims import Claim, Explained, explained
from babel.core.coach import Advice, strongest_choice
from babel.games.babel_on import preview
from babel.games.babel_on.actions import (
    Action,
    Add,
    BlockMove,
    Bonus,
    Call,
    Pass,
    Placement,
    Return,
    Take,
    canonical,
)
from babel.games.babel_on.model import COLOURS, BabelState, BabelView
from babel.games.babel_on.rules import RULES
from babel.games.babel_on.structure import CELLS


def advise(view: BabelView, legal: Sequence[Action]) -> Advice:
    return explain(view, legal).advice


def explain(view: BabelView, legal: Sequence[Action]) -> Explained:
    chosen = strongest_choice(RULES, view, legal)
    m = _canonical(chosen, legal)
    return explained(m, what(view, m), reason_claims(view, m))


def _canonical(m: Action, legal: Sequence[Action]) -> Action:
    """The legal move the bot's choice stands for: a bot adds its hand's offset and shake, the
    advice names the calm move a player makes by dropping the block on its cell."""
    calm = canonical(m)
    return next((a for a in legal if a == calm), m)


def _whose(view: BabelView, tower: int) -> str:
    return "your" if tower == view.seat else f"<P{tower}>'s"


def what(view: BabelView, m: Action) -> str:
    if isinstance(m, Call):
        return f"Call {m.parity}"
    if isinstance(m, Add):
        return f"Add the {COLOURS[m.colour]} block to {_whose(view, m.tower)} tower at {CELLS[m.cell]}"
    if isinstance(m, Take):
        return f"Take block {CELLS[m.cell]}{m.floor} off {_whose(view, m.tower)} tower"
    if isinstance(m, Return):
        return f"Return block {CELLS[m.cell]}{m.floor} of your tower to the bag"
    if isinstance(m, Bonus):
        return f"Place a Bonus Block at {CELLS[m.cell]} on your tower"
    if isinstance(m, Pass):
        return "Pass"
    return "End your turn"


def reason(view: BabelView, m: Action) -> str:
    return reason_claims(view, m)[0]


def reason_claims(view: BabelView, m: Action) -> tuple[str, tuple[Claim, ...]]:
    """The reason for ``m`` and the chance it states, computed from the view."""
    if isinstance(m, Call):
        return "even and odd are equally likely on the die, so either call is a fair guess", ()
    if not isinstance(m, BlockMove):
        if isinstance(m, Pass):
            return "nothing you may do now helps you", ()
        return "nothing more you may do this turn helps you", ()
    risk = preview.knock_risk(view, m)
    if risk >= 0.5:
        words = f"brings the tower down {risk:.0%} of the time"
        return f"every other choice is worse, though this one {words}", (Claim("knock_risk", m, risk, words),)
    if risk > 0:
        words = f"a {risk:.0%} chance that the tower falls"
        return f"it is the best choice left, with {words}", (Claim("knock_risk", m, risk, words),)
    if isinstance(m, Placement) and m.tower == view.seat:
        words = "stands steady"
        text = "your tower grows and stands steady"
    elif isinstance(m, Add):
        words = f"<P{m.tower}>'s tower still stands with it"
        text = f"the block has to go somewhere, and {words}"
    elif isinstance(m, Take) and m.tower != view.seat:
        words = "the tower still stands"
        text = f"it slows <P{m.tower}>'s tower down and {words}"
    else:
        text = words = "the tower stands afterwards"
    return text, (Claim("knock_risk", m, 0.0, words),)


def check(state: BabelState, seat: int, claim: Claim) -> str | None:
    """None when ``claim`` holds in the true state, else what is wrong (everything in Babel On!
    is on the table, so the chance is computed again from the state's own view)."""
    if claim.kind == "floor":  # the floor a block put on (tower, cell) would stand on
        tower, cell = claim.subject
        truth = len(state.towers[tower][cell]) + 1
    elif claim.kind == "to_remove":
        truth = state.to_remove
    elif claim.kind == "bonus_left":
        truth = state.bonus[claim.subject]
    elif claim.kind == "knock_risk":
        truth = preview.knock_risk(RULES.view(state, seat), claim.subject)
    else:
        return f"unknown claim kind {claim.kind!r}"
    if claim.kind != "knock_risk":
        return None if truth == claim.value else f"{claim.kind} {claim.subject!r}: said {claim.value}, true {truth}"
    return None if truth == claim.value else f"knock_risk {claim.subject!r}: said {claim.value}, true {truth}"
