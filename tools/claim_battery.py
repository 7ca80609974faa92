"""The claim battery: every fact the coach and the lessons state, checked against the true state.

python tools/claim_battery.py                       # 200 seeded games per game and every lesson
python tools/claim_battery.py --games 5 --only duel,builders
python tools/claim_battery.py --lessons-only

Seeded games of every game are played by bots at mixed levels; at every decision the coach is
asked for every seat that may act, from that seat's view only (``explain``), and each claim its
sentence makes is checked against the true state with the game's ``check``: a cell said to need
blocks needs them, a card called the lowest is, a count said is the count, and a claim kind that
could name another seat's hidden cards, roles or offers is false by kind. Each claim must also
hold in states the seat cannot tell from the real one (its secrets redrawn by the game's
``resample_hidden``): a claim that changes with them names something hidden. The words of every
claim must stand in the sentence shown. A Builders sentence may name a building card only if the
seat can see one of that name (no card of another seat's hand is ever named).

Every lesson is walked step by step, following its suggestions (the bots play the others): each
prompt's claims are checked the same way, every key a prompt names is pressed on a real table
to see it does what is said (the hint shows the coach's note, table talk turns on, the floor plan
opens, Esc opens the menu), and each suggestion is compared with the coach's advice from the
learner's view: the same move, or the prompt says why it differs.

Printed per game: games, decisions, claims checked by kind, false claims (each with its game,
seed and ply). Exit status 1 if any claim was false.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from babel.core import registry  # noqa: E402
from babel.core.claims import Claim, checker, explainer, words_said  # noqa: E402
from babel.core.match import Match, Seat  # noqa: E402
from babel.core.rng import Rng, seed_state  # noqa: E402

GAMES = ("duel", "solitaire", "babel_on", "turmbau", "builders")
PLAYERS = {"duel": (2, 3), "solitaire": (1,), "babel_on": (2, 3), "turmbau": (3, 4), "builders": (5, 6, 7)}
RESAMPLES = 2  # states with the seat's secrets redrawn, per claim
# Claims computed again from the seat's own view (or all public): redrawing secrets cannot move
# them, and their checks are the dearest (physics, sampled solves).
UNCHANGED_BY_SECRETS = {"knock_risk", "sampled_full_wins", "best_stacks"}
LESSON_STEPS = 400  # the most learner moves one lesson walk makes (past its end, to the game's end)


@dataclass
class Tally:
    """What one game's battery (or one lesson walk) found."""

    games: int = 0
    decisions: int = 0
    kinds: Counter = field(default_factory=Counter)
    false: list[str] = field(default_factory=list)
    agree: int = 0  # lesson steps whose move is the coach's
    differ_said: int = 0  # lesson steps whose prompt says why its move is another
    seconds: float = 0.0
    winners: tuple[int, ...] | None = None  # a lesson walk's game, once over
    notes: int = 0  # lesson notes with claims
    notes_seen: int = 0

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.decisions += other.decisions
        self.kinds.update(other.kinds)
        self.false.extend(other.false)
        self.agree += other.agree
        self.differ_said += other.differ_said
        self.seconds += other.seconds


def _visible_build_names(view: Any) -> set[str]:
    """Builders: names of the building cards ``view``'s seat can see (own hand, the Master's
    tray, the cards turned up)."""
    from babel.games.builders import cards as C

    seen = list(view.hand) + list(view.received) + list(view.face_down) + list(view.resolved)
    seen += [e.card for e in view.effects]
    seen += [d.card for pile in view.discards for d in pile if d.card >= 0]
    if view.current is not None:
        seen += list(view.current.received)
    return {C.card_name(c) for c in seen if c >= 0}


def hidden_names(game_id: str, view: Any, text: str) -> list[str]:
    """Building cards the sentence names that the seat cannot see (Builders; the other games
    have no named secret cards: duel hands are public, Turmbau cards are counted by kind)."""
    if game_id != "builders":
        return []
    from babel.games.builders import cards as C

    visible = _visible_build_names(view)
    names = {C.card_name(c.id) for c in C.CARDS if c.kind == C.BUILD}
    return [f"names the hidden card {n!r}" for n in sorted(names - visible) if n in text]


def check_claims(game_id: str, match: Match, seat: int, text: str, claims: tuple[Claim, ...]) -> list[str]:
    """What is false among ``claims`` (and the words that carry them) for ``seat`` now."""
    check = checker(game_id)
    wrong = words_said(text, claims)
    wrong += hidden_names(game_id, match.view(seat), text)
    for claim in claims:
        if claim.kind == "key":
            if not key_does(game_id, claim.subject, claim.value):
                wrong.append(f"key {claim.value!r} does not do {claim.subject!r} at the {game_id} table")
            continue
        found = check(match.state, seat, claim)
        if found:
            wrong.append(found)
        elif claim.kind not in UNCHANGED_BY_SECRETS:
            wrong += _depends_on_secrets(match, seat, claim, check)
    return wrong


def _depends_on_secrets(match: Match, seat: int, claim: Claim, check: Any) -> list[str]:
    """A claim true in the real state must stay true in every state the seat cannot tell from
    it (its secrets redrawn by the game's own ``resample_hidden``): else it names something
    hidden from the seat."""
    for k in range(RESAMPLES):
        other = match.rules.resample_hidden(match.state, seat, Rng(seed_state("claims", match.ply, seat, k)))
        found = check(other, seat, claim)
        if found:
            return [f"{claim.kind} depends on what seat {seat + 1} cannot see ({found})"]
    return []


# -- seeded games -------------------------------------------------------------------------------
def play_game(game_id: str, seed: int, plies: int | None = None) -> Tally:
    """One seeded game by bots at mixed levels, the coach asked for every seat at every decision
    (the first ``plies`` moves only, when given: the cheap test's size)."""
    started = time.process_time()
    rules, roster = registry.get(game_id), registry.bots(game_id)
    explain = explainer(game_id)
    sizes = PLAYERS[game_id]
    players = sizes[seed % len(sizes)]
    levels = roster.offered
    seats = [Seat(f"Bot {i + 1}", levels[(seed + i) % len(levels)]) for i in range(players)]
    match = Match(rules, rules.make_config(players), seed, seats)
    tally = Tally(games=1)
    while not match.over and (plies is None or match.ply < plies):
        for seat in match.to_act():
            legal = match.legal(seat)
            if not legal:
                continue
            said = explain(match.view(seat), legal)
            tally.decisions += 1
            tally.kinds.update(c.kind for c in said.claims)
            for wrong in check_claims(game_id, match, seat, said.text, said.claims):
                tally.false.append(f"{game_id} seed {seed} ply {match.ply} seat {seat + 1}: {wrong} | {said.text}")
        seat = match.to_act()[0]
        match.submit(seat, match.bot_action(seat))
    tally.seconds = time.process_time() - started
    return tally


# -- lessons ------------------------------------------------------------------------------------
def walk_lesson(game_id: str, steps: int = LESSON_STEPS, until_done: bool = False) -> Tally:
    """Follow the lesson's every suggestion (the coach's move once it suggests none), checking
    each prompt's claims and its agreement with the coach; ``winners`` is the game's end."""
    from scenes.tutorials import lesson_for

    started = time.process_time()
    lesson = lesson_for(game_id)
    match = lesson.new_match()
    tally = Tally(games=1)
    made = 0
    past_end = 0  # learner moves after the lesson was complete (its closing prompt names keys)
    while not match.over and made < steps and not (until_done and past_end > 1):
        bots = [s for s in match.to_act() if s != 0 and match.legal(s)]
        seat = bots[0] if bots else 0  # the table lets the bots move first, as soon as they may
        if seat != 0:
            step = match.submit(seat, match.bot_action(seat))
            lesson.after_move(match, seat, step.events)  # as the lesson's table does
            _check_notes(game_id, match, lesson, tally)
            continue
        view, legal = match.view(0), match.legal(0)
        prompt = lesson.prompt(view, legal)
        advice = lesson.advice(view, legal)
        move = advice.action
        if prompt is not None:
            tally.decisions += 1
            tally.kinds.update(c.kind for c in prompt.claims)
            where = f"{game_id} lesson ply {match.ply}"
            tally.false += [f"{where}: {w} | {prompt.text}" for w in check_claims(game_id, match, 0, prompt.text, prompt.claims)]
            if prompt.action is not None:
                move = prompt.action
                if move == advice.action:
                    tally.agree += 1
                elif prompt.differs and prompt.differs in prompt.text:
                    tally.differ_said += 1
                else:
                    tally.false.append(f"{where}: the move is not the coach's and no reason is given | {prompt.text}")
        step = match.submit(0, move)
        lesson.after_move(match, 0, step.events)
        _check_notes(game_id, match, lesson, tally)
        made += 1
        past_end += lesson.done
    tally.seconds = time.process_time() - started
    tally.winners = match.outcome().winners if match.over else None
    return tally


def _check_notes(game_id: str, match: Match, lesson: Any, tally: Tally) -> None:
    """The claims of the notes the last move brought (checked once, when they appear)."""
    fresh = lesson.note_claims[tally.notes_seen :] if len(lesson.note_claims) >= tally.notes_seen else lesson.note_claims
    if fresh:
        text = " ".join(lesson.notes)
        tally.kinds.update(c.kind for c in fresh)
        where = f"{game_id} lesson note ply {match.ply}"
        tally.false += [f"{where}: {w} | {text}" for w in check_claims(game_id, match, 0, text, tuple(fresh))]
        tally.notes += 1
    tally.notes_seen = len(lesson.note_claims)


_KEYS: dict[tuple[str, str, str], bool] = {}


def key_does(game_id: str, what: str, key: str) -> bool:
    """Press ``key`` at the game's lesson table, headless, and see whether it does ``what``."""
    found = _KEYS.get((game_id, what, key))
    if found is None:
        found = _KEYS[(game_id, what, key)] = _press(game_id, what, key)
    return found


def _press(game_id: str, what: str, key: str) -> bool:
    import pygame

    from scenes.pilot import Pilot
    from scenes.tables import table_for
    from scenes.tutorials import lesson_for

    os.environ.setdefault("BABEL_TOWERS_HOME", tempfile.mkdtemp(prefix="claims-"))
    pilot = Pilot()
    lesson = lesson_for(game_id)
    table = table_for(game_id)(lesson.new_match(), None, threaded=False)
    table.lesson = lesson
    pilot.start(table)
    pilot.until(lambda: bool(table.legal) and not table.busy(), 30)
    code = pygame.K_ESCAPE if key == "Esc" else pygame.key.key_code(key.lower())
    pilot.press(code)
    pilot.frame()
    if what == "hint":
        pilot.until(lambda: table.coach.note is not None and table.coach.job is None, 30)
        return table.coach.note is not None and table.coach.note[1] != "Thinking…"
    if what == "talk":
        return bool(getattr(table, "talk_on", False))
    if what == "plan":
        return getattr(table, "plan_for", None) is not None
    if what == "leave":
        return pilot.top is not table
    return False


# -- the report ---------------------------------------------------------------------------------
def report(name: str, t: Tally, lesson: bool = False) -> str:
    kinds = ", ".join(f"{k} {n}" for k, n in sorted(t.kinds.items())) or "none"
    head = f"{name}: games {t.games}, decisions {t.decisions}" if not lesson else f"{name} lesson: steps {t.decisions}"
    extra = (
        f", suggestions as the coach's {t.agree}, other with a reason {t.differ_said}, notes with facts {t.notes}"
        if lesson
        else ""
    )
    return f"{head}{extra}; claims checked {sum(t.kinds.values())} ({kinds}); false claims {len(t.false)}; {t.seconds:.0f} s CPU"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="seeded games per game")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--only", default=",".join(GAMES), help="games, comma separated")
    parser.add_argument("--lessons-only", action="store_true")
    args = parser.parse_args(argv)
    os.environ.setdefault("BABEL_TOWERS_HOME", tempfile.mkdtemp(prefix="claims-"))
    games = [g for g in args.only.split(",") if g]
    false: list[str] = []
    for game_id in games:
        t = walk_lesson(game_id)
        print(report(game_id, t, lesson=True), flush=True)
        false += t.false
    if not args.lessons_only:
        for game_id in games:
            total = Tally()
            for seed in range(args.first_seed, args.first_seed + args.games):
                total.add(play_game(game_id, seed))
            print(report(game_id, total), flush=True)
            false += total.false
    for line in false[:50]:
        print("FALSE", line)
    return 1 if false else 0


if __name__ == "__main__":
    sys.exit(main())
