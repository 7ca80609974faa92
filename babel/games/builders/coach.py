"""Babel Builders' coach: the strongest bot's choice for this seat, and what it serves.

The bot sees only this seat's view: its own role, hand and conversion, the Master's private
cards only when this seat is Master. The reason speaks for this seat's own side (Architects
build to the blueprint; the Messenger of God and the Zealots want it to fail). Seats are written
``<P1>`` for the scene to fill in names.
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.core.coach import Advice, sentence, strongest_choice
from babel.games.builders import actions as A
from babel.games.builders import cards as C
from babel.games.builders.belief import usefulness
from babel.games.builders.model import BuildersView, Role
from babel.games.builders.rules import RULES as _RULES


def advise(view: BuildersView, legal: Sequence[A.Action]) -> Advice:
    action = strongest_choice(_RULES, view, legal)
    return action, sentence(what(action), reason(view, action, legal))


def what(action: A.Action) -> str:
    text = A.describe(action).replace(": ", " ")  # card names like "1 block: B1/B2/B3"
    for seat in range(10, -1, -1):  # "seat 3" -> the player's name (longest numbers first)
        text = text.replace(f"seat {seat + 1}", f"<P{seat}>")
    return text


def cell_need(view: BuildersView, cell: int) -> int:
    """Blocks the blueprint still asks for on ``cell`` (0 once it is met or never asked)."""
    return max(0, view.blueprint.cells[cell] - view.base[cell])


def need_words(view: BuildersView, cell: int) -> str:
    """What the blueprint still asks of ``cell``, in words, from the view's blueprint and tower."""
    need = cell_need(view, cell)
    name = C.CELL_NAMES[cell]
    if need > 0:
        return f"{name} still needs {need} block{'s' if need != 1 else ''} to meet the blueprint"
    return f"the blueprint needs no more blocks on {name}"


def _side(view: BuildersView) -> str:
    if view.role is Role.ARCHITECT:
        return "builders"
    return "saboteurs"


def reason(view: BuildersView, action: A.Action, legal: Sequence[A.Action] = ()) -> str:
    builders = _side(view) == "builders"
    match action:
        case A.Appoint():
            return (
                "these are the players whose cards you trust most to build"
                if builders
                else "these players help your side most without giving you away"
            )
        case A.Play(None, _):
            return "no card in your hand may be handed in"
        case A.Play(card):
            return (
                _play_reason(view, card) if builders else "it hurts the tower most without showing your hand"
            )
        case A.Swap():
            return "the card you keep is worth more to your side than the one you give up"
        case A.Reveal():
            return "revealing this card now serves your side best"
        case A.Place():
            return need_words(view, action.cell) if builders else "a block here helps the blueprint least"
        case A.Strike():
            return "the strike does the least harm here" if builders else "the strike does the most harm here"
        case A.Deliberate(seat):
            return f"<P{seat}>'s discard tells you most about who is who"
        case A.PassToken(seat):
            return (
                f"<P{seat}> is the player you trust most with the Master token"
                if builders
                else (f"<P{seat}> as Master helps your side most")
            )
        case A.Declare(False):
            if len(legal) <= 1:
                return "you hold no Seal; every player takes this turn, so passing gives nothing away"
            return "a Seal kept back does nothing for your side"
        case A.Declare(True):
            return (
                "a Seal on the Messenger of God wins for the Architects, and the users are named "
                "together so they can share out the likeliest players"
                if builders
                else "a declared Seal looks like an Architect's, and the Architects count on it"
            )
        case A.Say(None):
            return "nobody stands out enough to name"
        case A.Say(seat):
            return (
                f"<P{seat}> is the player you take most for the Messenger of God"
                if builders
                else f"the table already suspects <P{seat}>, who is not the Messenger"
            )
        case A.Seal(None):
            return "no Seal is used"
        case A.Seal(seat):
            return (
                f"<P{seat}> is your share of the likeliest players, by your place among the Seal users"
                if builders
                else f"a Seal on <P{seat}> does not touch the Messenger"
            )
        case A.Punish(seat):
            return f"<P{seat}> is the Architect whose turning helps your side most"
    return ""


def _play_reason(view: BuildersView, card: int) -> str:
    """Why an Architect hands this card to the Master."""
    kind = C.CARDS[card].kind
    if kind == C.BUILD:
        if usefulness(card, view.blueprint.cells, view.base) > 0:
            return "it builds towards the blueprint"
        return "no card you may hand in builds what the blueprint needs; this one wastes the fewest blocks"
    if kind == C.DELIBERATION:
        return "the Master can turn up an appointed player's discard with it: evidence of who is who"
    if kind == C.SEAL:
        return "it is a spare Seal: you keep one for the end, and a Master without one may keep this"
    return "every card you may hand in hurts the tower; this one hurts it least"
