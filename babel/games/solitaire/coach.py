"""The solitaire's coach: the fair hint (judged over sampled orders of the unseen pieces).

``explain`` returns the hint with the facts its sentence states as ``Claim`` records: the pieces
named on top of the stacks, that they match, and the count of sampled orders (or, with the pile
empty, the exact best result) said; ``check`` tests them against the true state, judging the
sampled figure again from the state's own view (the hint never reads the pile).
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.core.claims import Claim, Explained
from babel.core.coach import Advice
from babel.games.solitaire import hints, solver
from babel.games.solitaire.actions import Action, Move
from babel.games.solitaire.deals import matches, piece_name
from babel.games.solitaire.model import SolitaireState, SolitaireView
from babel.games.solitaire.rules import RULES


def advise(view: SolitaireView, legal: Sequence[Action]) -> Advice:
    return explain(view, legal).advice


def explain(view: SolitaireView, legal: Sequence[Action]) -> Explained:
    h = hints.hint(view)
    claims: list[Claim] = []
    if isinstance(h.action, Move):
        for stack in (h.action.src, h.action.dst):
            name = piece_name(view.line[stack][-1], view.variant)
            claims.append(Claim("top", stack, name, f"stack {stack + 1} ({name})"))
        claims.append(Claim("matches", (h.action.src, h.action.dst), True, ""))
    if not h.judgements and h.action is not None:
        claims.append(Claim("legal_count", None, 1, ""))
    j = next((j for j in h.judgements if j.action == h.action), None)
    if j is not None and h.exact and j.samples == 0 and view.pile_size == 0:
        stacks = round(j.mean_stacks)
        words = "a full win" if stacks == 1 else f"{stacks} stacks"
        claims.append(Claim("best_stacks", h.action, stacks, words))
    elif j is not None and j.samples:
        words = f"in {j.full_wins} of {j.samples} sampled orders"
        claims.append(Claim("sampled_full_wins", h.action, j.full_wins, words))
    return Explained(h.action, h.text, tuple(claims))


def check(state: SolitaireState, seat: int, claim: Claim) -> str | None:
    """None when ``claim`` holds in the true state, else what is wrong."""
    kind, subject, value = claim.kind, claim.subject, claim.value
    line = state.line
    if kind == "top":
        truth = piece_name(line[subject][-1], state.variant)
    elif kind == "matches":
        truth = matches(line[subject[0]][-1], line[subject[1]][-1])
    elif kind == "best_stacks":
        if state.pile:
            return "an exact result claimed while pieces are unseen"
        tops = tuple(stack[-1] for stack in line)
        sol = solver.solve_position(tops, (), state.variant, state.difficulty, solver.NODE_CAP)
        truth = sol.stacks if sol.proven else value  # a capped solve settles nothing
    elif kind == "move_count":
        truth = sum(1 for a in RULES.legal_actions(state, seat) if isinstance(a, Move))
    elif kind == "legal_count":
        truth = len(RULES.legal_actions(state, seat))
    elif kind == "sampled_full_wins":
        judged = hints.hint(RULES.view(state, seat))
        truth = next((j.full_wins for j in judged.judgements if j.action == subject), None)
    else:
        return f"unknown claim kind {kind!r}"
    return None if truth == value else f"{kind} {subject!r}: said {value!r}, true {truth!r}"
