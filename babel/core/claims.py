"""Claims: the facts behind the coach's and the lessons' sentences, as records a checker can test.

A reason is built from facts computed from the seat's view (the cell's remaining need, the
card's rank in the hand, the chance the tower falls), and each fact is also returned as a
``Claim``: what kind of fact it is, what it is about, the value said, and the words of the
sentence that say it. ``explain(view, legal)`` in each game's coach returns the advice with its
claims; ``check(state, seat, claim)`` in the same module tests one claim against the true state
(and that it names nothing hidden from the seat). tools/claim_battery.py runs both over seeded
games; ``words_said`` ties every claim to the sentence shown.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from babel.core.coach import ADVISERS, sentence


@dataclass(frozen=True)
class Claim:
    """One fact a sentence asserts: ``kind`` of fact, its ``subject`` (a cell, a card, a seat,
    a move), the ``value`` said, and the ``words`` of the sentence that say it."""

    kind: str
    subject: Any
    value: Any
    words: str = ""


@dataclass(frozen=True)
class Explained:
    """The coach's advice with the claims its sentence makes."""

    action: Any
    text: str
    claims: tuple[Claim, ...] = ()

    @property
    def advice(self) -> tuple[Any, str]:
        return self.action, self.text


Checker = Callable[[Any, int, Claim], "str | None"]


def explainer(game_id: str) -> Callable[[Any, Sequence[Any]], Explained] | None:
    """The game's ``explain`` (advice with its claims), or None for a game without a coach."""
    module = ADVISERS.get(game_id)
    return importlib.import_module(module).explain if module else None


def checker(game_id: str) -> Checker | None:
    """The game's ``check(state, seat, claim)``: None when the claim holds, else what is wrong."""
    module = ADVISERS.get(game_id)
    return importlib.import_module(module).check if module else None


def words_said(text: str, claims: Sequence[Claim]) -> list[str]:
    """Claims whose words the sentence does not contain (the words and the fact went apart)."""
    return [f"{c.kind}: {c.words!r} not in the sentence" for c in claims if c.words and c.words not in text]


def explained(action: Any, what: str, why: tuple[str, tuple[Claim, ...]]) -> Explained:
    """'What: why.' (see ``coach.sentence``) with the reason's claims."""
    return Explained(action, sentence(what, why[0]), why[1])
