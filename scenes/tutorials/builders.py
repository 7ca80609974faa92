"""Learn Babel Builders: five players on a fixed seed where the learner is dealt an Architect, and
the table points at the plates to appoint, the cards to hand in and discard, the card to reveal,
the cell to build on and the button that completes a step.

Written from babel/games/builders/RULES.md. The learner meets, as each happens: their secret role,
the Master appointing, the secret card selection, the Master's private check and swap, the reveal
and the blocks placed, a Lightning, and the Master's token passing on; the lesson is complete
once the learner has handed in a card as an appointed Architect and has been Master for a whole
construction. The suggestions teach the moves (the hint, H, and table talk, K, play for real).
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.core import registry
from babel.core.match import Match
from babel.core.protocol import Event
from babel.games.builders import actions as A
from babel.games.builders import cards as C
from babel.games.builders.coach import need_words
from babel.games.builders.model import BuildersView, EventKind, Phase
from scenes.tutorials import Lesson, Prompt, learner_seats

SEED = 4
RIVALS = ("Ben", "Carla", "Dev", "Emil")


def _name(seat: int) -> str:
    return "you" if seat == 0 else RIVALS[seat - 1]


def _builds(card: int) -> bool:
    return C.CARDS[card].kind == C.BUILD


def _need(view: BuildersView, cell: int) -> int:
    return view.blueprint.cells[cell] - view.base[cell]


@dataclass
class BuildersLesson(Lesson):
    def new_match(self) -> Match:
        rules = registry.get("builders")
        offered = registry.bots("builders").offered
        level = offered[min(1, len(offered) - 1)]  # plain: open sabotage, easy to follow
        return Match(rules, rules.make_config(5), self.seed, learner_seats(self.learner, level, RIVALS))

    # -- what to do now ------------------------------------------------------------------------
    def prompt(self, view: BuildersView, legal: tuple) -> Prompt | None:
        if not legal:
            return None
        if self.done:
            return Prompt(
                "You know a round now. Build the tower to the blueprint before the deck runs out, "
                "and watch whom the Masters trust: table talk (K) shows what the bots suspect. "
                "Play on, or leave with Esc: the lesson is kept."
            )
        ask = {
            Phase.APPOINT: self._appoint,
            Phase.SELECT: self._select,
            Phase.SWAP: self._swap,
            Phase.REVEAL: self._reveal,
            Phase.PLACE: self._place,
            Phase.STRIKE: self._strike,
            Phase.SEAL: self._declare,
            Phase.DISCUSS: self._say,
        }.get(view.phase, self._seat_choice)
        return ask(view, legal)

    def _appoint(self, view: BuildersView, legal: tuple) -> Prompt:
        move = min(legal, key=lambda a: a.seats)
        who = ", ".join(_name(s) for s in move.seats)
        return Prompt(
            f"You are the Master. Appoint {view.appoint_count} players to build this round ({who} "
            "will do): each hands you one card face down. Click their name plates, then Confirm.",
            ("seats", move.seats),
            move,
        )

    def _select(self, view: BuildersView, legal: tuple) -> Prompt:
        plays = [a for a in legal if a.card is not None and a.discard is not None]
        if not plays:
            return Prompt("You have nothing to hand in: click Confirm.", ("confirm",), legal[0])
        good = [a for a in plays if _builds(a.card)] or plays
        move = max(good, key=lambda a: (_builds(a.card), -_builds(a.discard), -a.card, -a.discard))
        return Prompt(
            f"You were appointed. Hand the Master {C.card_name(move.card)}: click it, then click "
            f"{C.card_name(move.discard)} to discard it face down, then Confirm. Nobody sees who "
            "handed in what.",
            ("play", move.card, move.discard),
            move,
        )

    def _swap(self, view: BuildersView, legal: tuple) -> Prompt:
        move = legal[0]
        give = "nothing" if move.give is None else C.card_name(move.give)
        return Prompt(
            "Your private check as Master: you alone see the cards handed in. Two Divine "
            "Punishments would end the game. Now swap: click "
            f"{C.card_name(move.take)} to take it into your hand, click {give} in your hand to give "
            "it up, then Confirm.",
            ("swap", move.take, move.give),
            move,
        )

    def _reveal(self, view: BuildersView, legal: tuple) -> Prompt:
        move = legal[0]
        return Prompt(
            "Reveal the cards one by one, in the order you choose: click the next card in your tray.",
            ("reveal", move.card),
            move,
        )

    def _place(self, view: BuildersView, legal: tuple) -> Prompt:
        move = max(legal, key=lambda a: (_need(view, a.cell), -a.cell))
        return Prompt(
            f"The card builds on one of the glowing cells: put its blocks on {C.CELL_NAMES[move.cell]} "
            f"({need_words(view, move.cell)}). Click the cell.",
            ("cell", move.cell),
            move,
        )

    def _strike(self, view: BuildersView, legal: tuple) -> Prompt:
        move = legal[0]
        return Prompt(
            f"Lightning strikes the highest tower; towers tie, so you choose: click {C.CELL_NAMES[move.cell]}.",
            ("cell", move.cell),
            move,
        )

    def _declare(self, view: BuildersView, legal: tuple) -> Prompt:
        if len(legal) == 1:
            return Prompt(
                "The Seal phase, step 1: you hold no Seal. Every player takes this turn in secret, "
                "so passing gives nothing away: press Pass.",
                ("alt",),
                legal[0],
            )
        return Prompt(
            "The Seal phase, step 1: say in secret that you use your Seal. The users are named "
            "together; then the table talks, and each user seals a player in secret. A Seal on the "
            "Messenger wins for the Architects. Press Use my Seal.",
            ("confirm",),
            A.Declare(True),
        )

    def _say(self, view: BuildersView, legal: tuple) -> Prompt:
        return Prompt(
            "Step 2, the discussion: you may say whom you take for the Messenger of God (never whom "
            "you will seal). Unsure? Press Say nothing.",
            ("alt",),
            A.Say(None),
        )

    def _seat_choice(self, view: BuildersView, legal: tuple) -> Prompt:
        move = legal[0]
        seat = getattr(move, "seat", None)
        what = {
            A.PassToken: "Pass the Master's token on",
            A.Deliberate: "Turn up an appointed player's discard",
        }.get(type(move), "Choose")
        return Prompt(f"{what}: click {_name(seat)}'s name plate twice.", ("seat", seat), move)

    # -- rules, the first time they happen -----------------------------------------------------
    def rule_of(self, event: Event) -> tuple[str, str] | None:
        d = event.data
        if event.kind == EventKind.APPOINT:
            who = "You" if d["master"] == 0 else RIVALS[d["master"] - 1]
            return (
                "appoint",
                f"{who}, the Master, appointed {len(d['seats'])} players. Each hands the Master one "
                "card face down and discards one; the Master sees them all, swaps one, and reveals "
                "the rest. A Master on the Messenger's side can quietly spoil the round.",
            )
        if event.kind == EventKind.PLACE and d.get("blocks", 0) > 0:
            return (
                "place",
                f"{C.card_name(d['card'])} put {d['blocks']} block(s) on {C.CELL_NAMES[d['cell']]}. The "
                "tower is complete when every cell has the blueprint's number of blocks.",
            )
        if event.kind == EventKind.STRIKE:
            return ("lightning", "Lightning took blocks off the highest tower: a saboteur's favourite card.")
        if event.kind == EventKind.STORM:
            return ("storm", "A Storm was handed in: every instruction card of this round builds nothing.")
        if event.kind == EventKind.PASS_MASTER:
            return (
                "pass",
                "The round is over and the Master's token moved on: the next Master appoints anew. "
                "Remember who built well and whose rounds went wrong.",
            )
        return None

    def observe(self, events) -> None:
        super().observe(events)
        for ev in events:  # the learner's own milestones
            if ev.kind == EventKind.CHOOSE and ev.data.get("seat") == 0 and ev.data.get("plays"):
                self.seen.add("you_handed_in")
            if ev.kind == EventKind.PASS_MASTER and ev.data.get("from") == 0:
                self.seen.add("you_were_master")


def make_lesson() -> BuildersLesson:
    return BuildersLesson(
        game_id="builders",
        seed=SEED,
        required=("appoint", "place", "pass", "you_handed_in", "you_were_master"),
    )
