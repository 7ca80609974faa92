"""Babel Builders bots' table talk: what a bot says in a table-talk step (option "talk").

``statement(view, legal, level, rng)`` picks one of the legal ``Talk`` moves. This first policy
speaks from the public record alone, so a statement carries nothing the speaker's view does not
hold and gives no role away: every seat says what a neutral observer would, its top public
suspect when the public belief singles one out clearly, and otherwise nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.core.rng import Rng
from babel.games.builders import actions as A
from babel.games.builders import belief as B
from babel.games.builders.model import BuildersView

CLEAR = 0.5  # the top public suspect is named only when this likely to be a saboteur...
MARGIN = 0.15  # ...and this much likelier than the next seat


def statement(view: BuildersView, legal: Sequence[A.Talk], level: str, rng: Rng) -> A.Talk:
    """The statement a bot at ``level`` makes: its top public suspect if the public belief is
    clear, else nothing."""
    nothing = A.Talk(A.TALK_NOTHING, None)
    suspects = [a.subject for a in legal if a.kind == "suspect"]
    if not suspects:
        return nothing if nothing in legal else legal[0]
    evil = B.public_suspicion(view)
    ranked = sorted(suspects, key=lambda s: (-evil[s], s))
    top = ranked[0]
    second = evil[ranked[1]] if len(ranked) > 1 else 0.0
    if evil[top] >= CLEAR and evil[top] - second >= MARGIN:
        return A.Talk("suspect", top)
    return nothing if nothing in legal else legal[0]
