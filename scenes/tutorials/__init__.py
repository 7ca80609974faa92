"""Learn to play: short guided games on a fixed seed where the table points at what to do next.

A tutorial is a ``Lesson``: it starts a match (fixed seed, the learner at seat 0 against a bot),
and for every position says one sentence of what to do next (``prompt``) and, the first time a
rule comes into play, what that rule is (``observe``). The table draws both over itself and
points an arrow at the suggested piece; the learner may follow the suggestion or try anything
legal. Progress is the action list, kept in the config folder after every move, so a lesson can
be left and picked up again; which rules were already explained follows from replaying it.

Every fact a prompt states is also returned as ``Claim`` records (``Prompt.claims``), checked like
the coach's by tools/claim_battery.py; a key a prompt names is read from the table's own binding
(``key_claim``). A suggestion either is the move the coach advises from the learner's view or
the prompt says why the lesson suggests another (``Prompt.differs``, part of its text).

Lessons are listed by hand below (no discovery); a game without one has no "Learn to play".
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

import pygame

from babel.core import keybindings
from babel.core.claims import Claim, Explained, explainer
from babel.core.jsonfile import read_json, write_json_atomic
from babel.core.match import Match, ReplayError, Seat
from babel.core.paths import config_dir
from babel.core.protocol import Event, IllegalAction
from scenes import keymap

FILE = "tutorials.json"
LESSONS = {
    "duel": "scenes.tutorials.duel",
    "solitaire": "scenes.tutorials.solitaire",
    "turmbau": "scenes.tutorials.turmbau",
    "babel_on": "scenes.tutorials.babel_on",
    "builders": "scenes.tutorials.builders",
}


@dataclass(frozen=True)
class Prompt:
    """One sentence of what to do now; ``target`` names what the table points at (a key the
    table understands) and ``action`` is the move that follows the suggestion."""

    text: str
    target: Any = None
    action: Any = None
    claims: tuple[Claim, ...] = ()  # the facts the text states (see babel.core.claims)
    differs: str = ""  # why the suggestion is not the coach's move (in the text), or ""


# What the keys a lesson names do, and the table attribute that binds each (the hint is the
# base table's HINT_KEY; the others are the game's table's own).
TABLE_CLASSES = {
    "duel": "scenes.tables.duel:DuelTable",
    "solitaire": "scenes.tables.solitaire:SolitaireTable",
    "babel_on": "scenes.tables.babel_on:BabelOnTable",
    "turmbau": "scenes.tables.turmbau:TurmbauTable",
    "builders": "scenes.tables.builders:BuildersTable",
}
KEY_ATTRS = {"hint": "HINT_KEY", "talk": "TALK_KEY", "plan": "PLAN_KEY", "leave": "LEAVE_KEY"}


def key_name(game_id: str, what: str) -> str:
    """The key the game's table binds to ``what`` ("hint", "talk", ...) now, as printed: "H"
    (the player's own key where Settings, Keys rebound it)."""
    for action_id in (f"{game_id}.{what}", f"table.{what}"):
        if action_id in keybindings.BY_ID:
            return keymap.label(action_id)
    module, name = TABLE_CLASSES[game_id].split(":")
    table = getattr(importlib.import_module(module), name)  # the tables import the lessons' callers
    code = getattr(table, KEY_ATTRS[what])
    name = pygame.key.name(code)
    return "Esc" if name == "escape" else name.upper()


def key_claim(game_id: str, what: str, label: str) -> tuple[str, Claim]:
    """Words like "the hint, H" for a prompt, and the claim that the key does that."""
    key = key_name(game_id, what)
    words = f"{label}, {key}" if label else key
    return words, Claim("key", what, key, words)


@dataclass
class Lesson:
    """Base class of a game's tutorial; subclasses set the match and write the words."""

    game_id: str = ""
    seed: int = 0
    required: tuple[str, ...] = ()  # rules that must have come up for the lesson to be complete
    learner: str = "Anna"  # the learner's name at the table (the last name typed at setup)
    seen: set[str] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)  # rules explained since the learner's last move
    note_claims: list[Claim] = field(default_factory=list)  # facts the notes state

    def new_match(self) -> Match:
        raise NotImplementedError

    def prompt(self, view: Any, legal: tuple) -> Prompt | None:
        """What to do now, or None while waiting for the others (``suggest``, with the reason
        it differs from the coach's move when it does and the lesson gives one)."""
        found = self.suggest(view, legal)
        if found is None or found.action is None or found.differs:
            return found
        advice = self.advice(view, legal)
        if advice is None or advice.action == found.action or not self.DIFFERS:
            return found
        return Prompt(f"{found.text} {self.DIFFERS}", found.target, found.action, found.claims, self.DIFFERS)

    def suggest(self, view: Any, legal: tuple) -> Prompt | None:
        """The lesson's own suggestion; subclasses write it."""
        raise NotImplementedError

    DIFFERS = ""  # the sentence a prompt adds when its move is not the coach's

    def advice(self, view: Any, legal: tuple) -> Explained | None:
        """The coach's advice from the learner's view (kept for the position: the table asks
        for the prompt every frame)."""
        if not legal:
            return None
        key = (view, legal)
        if getattr(self, "_advice_key", None) != key:
            explain = explainer(self.game_id)
            self._advice = explain(view, legal) if explain is not None else None
            self._advice_key = key
        return self._advice

    def rule_of(self, event: Event) -> tuple[str, str] | None:
        """(rule id, one-paragraph explanation) when ``event`` brings a rule into play."""
        return None

    @property
    def done(self) -> bool:
        return all(r in self.seen for r in self.required)

    def observe(self, events: tuple[Event, ...] | list[Event]) -> None:
        """Explain each rule the first time it happens."""
        for ev in events:
            found = self.rule_of(ev)
            if found is not None and found[0] not in self.seen:
                self.seen.add(found[0])
                self.notes.append(found[1])

    def after_move(self, match: Match, seat: int, events: tuple[Event, ...]) -> None:
        """Follow a move made at the lesson's table (seat 0 is the learner) and keep the
        progress, so Learn to play resumes here."""
        if seat == 0:
            self.learner_moved()
        self.observe([ev for ev in events if ev.visible_to(0)])
        save_progress(self.game_id, None if match.over else match)

    def after_undo(self, match: Match) -> None:
        """Keep the progress after a move was taken back, so Learn to play resumes without it."""
        save_progress(self.game_id, match)

    def learner_moved(self) -> None:
        self.notes.clear()
        self.note_claims.clear()


def lesson_for(game_id: str) -> Lesson | None:
    module = LESSONS.get(game_id)
    return importlib.import_module(module).make_lesson() if module else None


def has_lesson(game_id: str) -> bool:
    return game_id in LESSONS


# -- progress --------------------------------------------------------------------------------
def _read() -> dict:
    try:
        data = read_json(config_dir() / FILE)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def saved_actions(game_id: str) -> list[tuple[int, str]]:
    entry = _read().get(game_id)
    if not isinstance(entry, list):
        return []
    out = []
    for item in entry:
        if (
            isinstance(item, list)
            and len(item) == 2
            and isinstance(item[0], int)
            and isinstance(item[1], str)
        ):
            out.append((item[0], item[1]))
    return out


def save_progress(game_id: str, match: Match | None) -> None:
    """Keep the lesson's moves (None forgets them: the lesson was finished or restarted)."""
    data = _read()
    if match is None:
        data.pop(game_id, None)
    else:
        data[game_id] = [[e.seat, e.text] for e in match.log]
    try:
        write_json_atomic(config_dir() / FILE, data)
    except OSError:
        pass  # a lesson that cannot be kept is still a lesson


def resume_match(lesson: Lesson) -> Match:
    """The lesson's match with its kept moves replayed (a damaged record starts over)."""
    match = lesson.new_match()
    actions = saved_actions(lesson.game_id)
    if actions:
        try:
            match = Match.replay(match.rules, match.config, match.seed, match.seats, actions)
        except (ReplayError, IllegalAction):  # an unreadable record must not stop the lesson
            save_progress(lesson.game_id, None)
            return lesson.new_match()
        lesson.observe([ev for _, ev in match.events if ev.visible_to(0)])
        lesson.notes.clear()
    return match


def learner_seats(name: str, bot_level: str, rivals: tuple[str, ...]) -> list[Seat]:
    return [Seat(name)] + [Seat(r, bot_level) for r in rivals]


# -- starting one ------------------------------------------------------------------------------
def start_lesson(app, game_id: str) -> None:
    """Open the game's lesson over the current screen; a kept lesson may be resumed."""
    from scenes.widgets.confirm import ConfirmDialog

    def begin(resume: bool) -> None:
        from scenes.tables import table_for

        lesson = lesson_for(game_id)
        names = [n for n in app.settings.last_names if n.strip()]
        if names:
            lesson.learner = names[0].strip()
        if not resume:
            save_progress(game_id, None)
        match = resume_match(lesson)
        table = table_for(game_id)(match, None)
        table.lesson = lesson
        app.push(table)

    if saved_actions(game_id):
        app.push(
            ConfirmDialog(
                "Resume the lesson?",
                "You left this lesson before: pick it up where you were, or start it again.",
                "Resume",
                lambda: begin(True),
                no="Start over",
                on_no=lambda: begin(False),
            )
        )
    else:
        begin(False)
