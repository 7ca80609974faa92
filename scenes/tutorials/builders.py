"""Learn Babel Builders: five players on a fixed seed where the learner is dealt an Architect, and
the table points at the plates to appoint, the cards to hand in and discard, the card to reveal,
the cell to build on and the button that completes a step.

Written from babel/games/builders/RULES.md. The learner meets, as each happens: their secret role,
the Master appointing, the secret card selection, the Master's private check and swap, the reveal
and the blocks placed, a Lightning, and the Master's token passing on; the lesson is complete
once the learner has handed in a card as an appointed Architect and has been Master for a whole
construction. Every suggestion is the coach's move from the learner's view, with the coach's
reason; when the table comes to suspect the learner more, a note says which public facts did it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from babel.core import registry
from babel.core.claims import Claim
from babel.core.match import Match
from babel.core.protocol import Event
from babel.games.builders import actions as A
from babel.games.builders import cards as C
from babel.games.builders.coach import bad_effects, need_claim, need_words, reason_claims, talk_suspicion
from babel.games.builders.model import BuildersView, EventKind, Phase
from scenes.tutorials import Lesson, Prompt, key_claim, learner_seats

SEED = 4
RIVALS = ("Ben", "Carla", "Dev", "Emil")


def _name(seat: int) -> str:
    return "you" if seat == 0 else RIVALS[seat - 1]


@dataclass
class BuildersLesson(Lesson):
    def new_match(self) -> Match:
        rules = registry.get("builders")
        offered = registry.bots("builders").offered
        level = offered[min(1, len(offered) - 1)]  # plain: open sabotage, easy to follow
        return Match(rules, rules.make_config(5), self.seed, learner_seats(self.learner, level, RIVALS))

    # -- what to do now ------------------------------------------------------------------------
    def suggest(self, view: BuildersView, legal: tuple) -> Prompt | None:
        if not legal:
            return None
        if self.done:
            talk, claim = key_claim("builders", "talk", "table talk")
            esc, leave = key_claim("builders", "leave", "")
            return Prompt(
                "You know a round now. Build the tower to the blueprint before the deck runs out, "
                f"and watch whom the Masters trust: {talk}, shows what the bots suspect. "
                f"Play on, or leave with {esc}: the lesson is kept.",
                claims=(claim, leave),
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

    def _coach(self, view: BuildersView, legal: tuple) -> tuple[A.Action, str, tuple[Claim, ...]]:
        """The coach's move from the learner's view, its reason with names put in, and the
        reason's claims: every suggestion of this lesson is the coach's."""
        advice = self.advice(view, legal)
        move = advice.action if advice is not None else legal[0]
        why, claims = reason_claims(view, move, legal)
        why = self._names(why)
        claims = tuple(replace(c, words=self._names(c.words)) for c in claims)
        return move, f"(The coach: {why}.)" if why else "", claims

    def _names(self, text: str) -> str:
        for seat in range(len(RIVALS), 0, -1):
            text = text.replace(f"<P{seat}>", RIVALS[seat - 1])
        return text.replace("<P0>", "you")

    def _appoint(self, view: BuildersView, legal: tuple) -> Prompt:
        move, why, claims = self._coach(view, legal)
        who = ", ".join(_name(s) for s in move.seats)
        return Prompt(
            f"You are the Master. Appoint {view.appoint_count} players to build this round: {who}. "
            f"{why} Each hands you one card face down. Click their name plates, then Confirm.",
            ("seats", move.seats),
            move,
            claims,
        )

    def _select(self, view: BuildersView, legal: tuple) -> Prompt:
        move, why, claims = self._coach(view, legal)
        if move.card is None or move.discard is None:
            return Prompt(f"You have nothing to hand in: click Confirm. {why}", ("confirm",), move, claims)
        return Prompt(
            f"You were appointed. Hand the Master {C.card_name(move.card)} {why} Click it, then "
            f"click {C.card_name(move.discard)} to discard it face down, then Confirm. Nobody sees "
            "who handed in what.",
            ("play", move.card, move.discard),
            move,
            claims,
        )

    def _swap(self, view: BuildersView, legal: tuple) -> Prompt:
        move, why, claims = self._coach(view, legal)
        give = "nothing" if move.give is None else C.card_name(move.give)
        return Prompt(
            "Your private check as Master: you alone see the cards handed in. Two Divine "
            "Punishments would end the game. Now swap: click "
            f"{C.card_name(move.take)} to take it into your hand, click {give} in your hand to give "
            f"it up, then Confirm. {why}",
            ("swap", move.take, move.give),
            move,
            claims,
        )

    def _reveal(self, view: BuildersView, legal: tuple) -> Prompt:
        move, why, claims = self._coach(view, legal)
        return Prompt(
            "Reveal the cards one by one, in the order you choose: click "
            f"{C.card_name(move.card)} in your tray. {why}",
            ("reveal", move.card),
            move,
            claims,
        )

    def _place(self, view: BuildersView, legal: tuple) -> Prompt:
        move, why, claims = self._coach(view, legal)
        return Prompt(
            f"The card builds on one of the glowing cells: put its blocks on {C.CELL_NAMES[move.cell]} "
            f"({need_words(view, move.cell)}). Click the cell.",
            ("cell", move.cell),
            move,
            (*claims, need_claim(view, move.cell)),
        )

    def _strike(self, view: BuildersView, legal: tuple) -> Prompt:
        move, why, claims = self._coach(view, legal)
        tie = "towers tie, so you choose: " if len(legal) > 1 else ""
        return Prompt(
            f"Lightning strikes the highest tower; {tie}click {C.CELL_NAMES[move.cell]}. {why}",
            ("cell", move.cell),
            move,
            claims,
        )

    def _declare(self, view: BuildersView, legal: tuple) -> Prompt:
        move, why, claims = self._coach(view, legal)
        if len(legal) == 1:
            return Prompt(
                "The Seal phase, step 1: you hold no Seal. Every player takes this turn in secret, "
                "so passing gives nothing away: press Pass.",
                ("alt",),
                move,
                claims,
            )
        if move == A.Declare(True):
            text = "say in secret that you use your Seal. Press Use my Seal."
        else:
            text = "keep your Seal back this time: press Pass."
        return Prompt(
            "The Seal phase, step 1: " + text + " The users are named together; then the table "
            "talks, and each user seals a player in secret. A Seal on the Messenger wins for the "
            f"Architects. {why}",
            ("confirm",) if move == A.Declare(True) else ("alt",),
            move,
            claims,
        )

    def _say(self, view: BuildersView, legal: tuple) -> Prompt:
        move, why, claims = self._coach(view, legal)
        seat = getattr(move, "seat", None)
        if seat is None:
            return Prompt(
                "Step 2, the discussion: you may say whom you take for the Messenger of God (never "
                f"whom you will seal). Nobody stands out yet: press Say nothing. {why}",
                ("alt",),
                move,
                claims,
            )
        return Prompt(
            "Step 2, the discussion: you may say whom you take for the Messenger of God (never whom "
            f"you will seal): click {_name(seat)}'s name plate twice. {why}",
            ("seat", seat),
            move,
            claims,
        )

    def _seat_choice(self, view: BuildersView, legal: tuple) -> Prompt:
        move, why, claims = self._coach(view, legal)
        if isinstance(move, A.Seal) and move.target is None:
            return Prompt(
                "The Seal phase: a Seal on the Messenger wins for the Architects, one on an "
                f"Architect does not. Keep yours: click None. {why}",
                ("alt",),
                move,
                claims,
            )
        seat = getattr(move, "seat", getattr(move, "target", None))
        what = {
            A.PassToken: "Pass the Master's token on",
            A.Deliberate: "Turn up an appointed player's discard",
            A.Seal: "The Seal phase: seal a player",
        }.get(type(move), "Choose")
        return Prompt(
            f"{what}: click {_name(seat)}'s name plate twice. {why}", ("seat", seat), move, claims
        )

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

    talk_level: float | None = None  # the table talk's suspicion of the learner after the last round
    RISE = 0.15  # a rise of the table talk's suspicion of the learner that a note explains

    def after_move(self, match: Match, seat: int, events: tuple[Event, ...]) -> None:
        super().after_move(match, seat, events)
        if any(ev.kind == EventKind.PASS_MASTER for ev in events):
            self.explain_suspicion(match.view(0))

    def explain_suspicion(self, view: BuildersView) -> None:
        """When a round's end makes the bots suspect the learner more, say so and why, from the
        public record of that round only (nobody saw which cards the learner handed in)."""
        if not view.log:
            return
        entry = view.log[-1]
        before = self.talk_level
        if before is None:  # resumed: the record without this round
            before = talk_suspicion(replace(view, log=view.log[:-1], current=None), 0)
        after = self.talk_level = talk_suspicion(view, 0)
        if after - before < self.RISE:
            return
        bad = bad_effects(entry)
        if entry.master == 0:
            role = f"you were the Master of round {entry.round}"
        elif 0 in entry.appointed:
            role = f"you were one of the {len(entry.appointed)} players appointed in round {entry.round}"
        else:
            return
        shown = f"the revealed cards included {_listed(bad)}" if bad else "its cards built little"
        rise = f"{before:.0%} to {after:.0%}"
        unseen = "the cards handed to you" if entry.master == 0 else "which card you handed in"
        self.notes.append(
            f"Table talk: the bots suspect you more now (from {rise}). What they saw: {role}, and "
            f"{shown}. Nobody else saw {unseen}: they judge by what was revealed."
        )
        self.note_claims += [
            Claim("talk_suspicion", 0, after, f"to {after:.0%}"),
            Claim("round_master", entry.round, entry.master, role if entry.master == 0 else ""),
            Claim("round_bad", entry.round, len(bad), _listed(bad) if bad else ""),
        ]

    def observe(self, events) -> None:
        super().observe(events)
        for ev in events:  # the learner's own milestones
            if ev.kind == EventKind.CHOOSE and ev.data.get("seat") == 0 and ev.data.get("plays"):
                self.seen.add("you_handed_in")
            if ev.kind == EventKind.PASS_MASTER and ev.data.get("from") == 0:
                self.seen.add("you_were_master")


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def make_lesson() -> BuildersLesson:
    return BuildersLesson(
        game_id="builders",
        seed=SEED,
        required=("appoint", "place", "pass", "you_handed_in", "you_were_master"),
    )
