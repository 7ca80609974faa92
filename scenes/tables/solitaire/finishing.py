"""The question the solitaire's Finish asks first: what finishing now would give away.

Finish is offered only after the last draw, so nothing is hidden any more and the solver's answer
about the real position is fair to show (the hint says the same). The words claim only what a
search established: the deal "can still" end with fewer stacks only along a line the solver found,
and while a search is capped or still running they say "perhaps fewer". The result named is the
one the statistics will count.

A 52-card line can take the full search seconds, so the dialog opens at once with a short
search's answer and the full one (the hint's own budget) replaces it when it is ready.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future

from babel.games.solitaire import solver
from babel.games.solitaire.model import SolitaireView, result_class
from scenes import wording
from scenes.core import wake
from scenes.match_controller import bot_executor
from scenes.widgets.confirm import ConfirmDialog

QUICK_NODES = 5_000  # a few tens of milliseconds on a 52-card line: the first answer
RESULT_WORDS = {"full": "a full win", "partial": "a partial win", "loss": "a loss"}


def finish_words(now: int, best: solver.Solution, counted: str, searching: bool = False) -> str | None:
    """The question's paragraph, or None when finishing loses nothing (the search proved that no
    fewer than ``now`` stacks can be reached). ``counted`` says where the result goes ("in your
    statistics"; "" when it is not counted, as in a lesson); ``searching``: a fuller search runs."""
    if best.stacks >= now and best.proven:
        return None
    ends = f"Finishing now ends it with {wording.count(now, 'stack')}" + (
        f", {RESULT_WORDS[result_class(now)]} {counted}" if counted else ""
    )
    if best.stacks >= now:
        return f"Moves remain, and the search could not settle whether fewer stacks can be reached. {ends}."
    unsure = (
        ""
        if best.proven or best.stacks == 1
        else ", perhaps fewer" + (" (still searching)" if searching else "")
    )
    return f"This deal can still {_reach(best.stacks)}{unsure}. {ends}."


def _reach(stacks: int) -> str:
    if stacks == 1:
        return "be won in full (one tower)"
    if result_class(stacks) == "partial":
        return f"end with {wording.count(stacks, 'stack')}, a partial win"
    return f"end with {wording.count(stacks, 'stack')}"


def _solve(view: SolitaireView, nodes: int) -> solver.Solution:
    return solver.solve_position(view.tops, (), view.variant, view.difficulty, nodes)


class FinishQuestion(ConfirmDialog):
    """ "Finish this deal?" with what would be lost; the words sharpen when the full search ends."""

    def __init__(self, view: SolitaireView, counted: str, detail: str, on_yes: Callable[[], None]) -> None:
        super().__init__("Finish this deal?", detail, "Finish", on_yes, no="Play on")
        self.view = view
        self.counted = counted
        self.search: Future | None = bot_executor().submit(_solve, view, solver.NODE_CAP)
        self.search.add_done_callback(lambda _f: wake())  # the answer wakes a waiting loop

    def next_wake(self) -> float | None:
        return 0.0 if self.search is not None and self.search.done() else None

    def update(self, dt: float) -> None:
        if self.search is None or not self.search.done():
            return
        best, self.search = self.search.result(), None
        self.detail = finish_words(len(self.view.line), best, self.counted) or self.detail
        self.app.redraw()


def ask_before_finishing(app, view: SolitaireView, counted: str, finish: Callable[[], None]) -> None:
    """Finish at once when nothing can be lost; otherwise ask, saying what would be."""
    quick = _solve(view, QUICK_NODES)
    settled = quick.proven or quick.stacks == 1
    detail = finish_words(len(view.line), quick, counted, searching=not settled)
    if detail is None:
        finish()
    elif settled:
        app.push(ConfirmDialog("Finish this deal?", detail, "Finish", finish, no="Play on"))
    else:
        app.push(FinishQuestion(view, counted, detail, finish))
