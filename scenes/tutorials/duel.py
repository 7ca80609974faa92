"""Learn the card duel: a short game against Ben where the table points at the card to play.

Written from babel/games/duel/RULES.md. The learner meets, as each happens: choosing at the
same time, becoming the Builder, scoring the die and its climb to the six, and the Joker. The
lesson is complete once the learner has become the Builder and scored as the Builder (the Joker
is explained when it is played; whether the rival plays it depends on the rival's bot).
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.core import registry
from babel.core.claims import Claim
from babel.core.match import Match
from babel.core.protocol import Event
from babel.games.duel.actions import Play
from babel.games.duel.model import JOKER, DuelView, EventKind, card_name
from scenes.tutorials import Lesson, Prompt, key_claim, learner_seats

SEED = 32  # Ben's draws (he moves first each round, as at the table) in which the plain plan wins
RIVAL = "Ben"


@dataclass
class DuelLesson(Lesson):
    def new_match(self) -> Match:
        rules = registry.get("duel")
        offered = registry.bots("duel").offered
        level = offered[min(1, len(offered) - 1)]  # a plain-playing rival
        return Match(rules, rules.make_config(2), self.seed, learner_seats(self.learner, level, (RIVAL,)))

    # -- what to do now ------------------------------------------------------------------------
    DIFFERS = (
        "(The hint may name another card: the strongest bot mixes its cards; this lesson keeps "
        "to one plain plan.)"
    )

    def suggest(self, view: DuelView, legal: tuple) -> Prompt | None:
        if not legal or view.my_choice is not None:
            return None
        card, text, claims = self._plan(view)
        if self.done:
            words, key = key_claim("duel", "hint", "the hint")
            esc, leave = key_claim("duel", "leave", "")
            text = (
                f"You know the duel now. Play on to the end ({words}, helps), or leave with {esc}. "
                f"The plain plan says: {text}"
            )
            claims = (*claims, key, leave)
        return Prompt(text, card, Play(card), claims)

    def _plan(self, view: DuelView) -> tuple[int, str, tuple[Claim, ...]]:
        """The plain plan's card, why, and the facts it states: every one from the learner's
        view (both hands are known: everyone starts with the same 14 cards and every card played
        is shown; only the card Ben chooses this round is secret)."""
        hand = [c for c in view.hand if c != JOKER]
        rival_best = max((c for c in view.hands[1] if c != JOKER), default=0)
        best = Claim("best_left", 1, rival_best, f"{RIVAL}'s best card left is {card_name(rival_best)}")
        if not hand:
            return JOKER, "Only your Joker is left: play it.", (Claim("ranked_left", None, 0, ""),)
        if view.round == 1:
            card = max(hand)
            return card, (
                f"Each round you and {RIVAL} choose a card at the same time; both are turned up "
                f"together. The single highest card takes the die. Play {card_name(card)}: click it."
            ), ()
        if view.builder == 0:
            match = [c for c in hand if c >= rival_best]
            if match:
                card = min(match)
                safe = f"no card of his beats {card_name(card)}"
                joker = JOKER in view.hands[1]
                only = f" (only {RIVAL}'s Joker could still send the die back)" if joker else ""
                return card, (
                    f"You are the Builder: ties go to you. Every card played is shown, so you know "
                    f"{best.words}; {safe}{only}. Play it."
                ), (
                    best,
                    Claim("builder", None, 0, "You are the Builder"),
                    Claim("unbeatable", card, True, safe),
                    Claim("holds_joker", 1, joker, only),
                )
            card = min(hand) if hand else JOKER
            above = f"{RIVAL} still holds {card_name(rival_best)}, above every card you hold"
            return card, (
                f"You are the Builder, but {above} (every card played is shown, so you can tell). "
                f"Throw away your lowest, {card_name(card)}, and keep your good cards for later."
            ), (
                Claim("best_left", 1, rival_best, above),
                Claim("beats_hand", 1, True, above),
                Claim("lowest_in_hand", card, True, "your lowest"),
            )
        if view.builder == 1:
            return self._rival_builder(view, hand, rival_best, best)
        card = max(hand) if hand else JOKER
        return card, (
            f"The die is in the centre: the single highest card takes it. Play {card_name(card)}, "
            "your best."
        ), (Claim("best_in_hand", card, True, "your best"),)

    def _rival_builder(
        self, view: DuelView, hand: list[int], rival_best: int, best: Claim
    ) -> tuple[int, str, tuple[Claim, ...]]:
        die = Claim("die", None, view.die, f"his die shows {view.die}")
        if JOKER in view.hand and view.die >= 2:
            return JOKER, (
                f"{RIVAL} is the Builder and {die.words}. Play your Joker: a single Joker sends the "
                "die back to the centre."
            ), (Claim("builder", None, 1, f"{RIVAL} is the Builder"), die)
        higher = [c for c in hand if c > rival_best]
        card = min(higher) if higher else (min(hand) if hand else JOKER)
        if higher:
            why = f"{best.words}, and only a card higher than all of his takes the die"
            claims: tuple[Claim, ...] = (best, Claim("beats_all", card, True, ""))
        else:
            mine = max(hand, default=0)
            above = "above every card you hold" if rival_best > mine else "as high as your best card"
            why = f"{best.words}, {above}, so give up your lowest"
            claims = (best, Claim("beats_hand" if rival_best > mine else "ties_hand", 1, True, above))
            claims += (Claim("lowest_in_hand", card, True, "your lowest"),)
        return card, f"{RIVAL} is the Builder. Play {card_name(card)}: {why}.", claims

    # -- rules, the first time they happen -----------------------------------------------------
    def observe(self, events) -> None:
        super().observe(events)
        for ev in events:  # a milestone rather than a rule: the learner's own first points
            if ev.kind == EventKind.ROUND and ev.data.get("winner") == 0 and ev.data.get("points", 0) > 0:
                if "your_score" not in self.seen:
                    self.seen.add("your_score")
                    self.notes.append(
                        f"You scored {ev.data['points']} as the Builder. Keep winning and the die climbs "
                        "2, 3, ... up to 6, and the points with it."
                    )

    def rule_of(self, event: Event) -> tuple[str, str] | None:
        if event.kind != EventKind.ROUND:
            return None
        d = event.data
        kind, winner = d["kind"], d.get("winner")
        who = "You" if winner == 0 else RIVAL
        if kind == "new_builder":
            return (
                "builder",
                f"{who} played the single highest card and became the Builder: the die goes in "
                "front of the Builder, turned to 1. Becoming Builder scores nothing yet.",
            )
        if kind == "builder_wins" and d.get("points", 0) > 0:
            return (
                "score",
                f"{'You' if winner == 0 else RIVAL}, the Builder, won the round and scored the "
                f"{d['points']} showing; then the die turned up by one. A Builder who wins with the 6 "
                "showing wins the game at once.",
            )
        if kind == "joker":
            return (
                "joker",
                "Exactly one Joker was played: the Builder lost the title and the die went back to "
                "the centre. Nobody scores that round.",
            )
        if kind == "jokers_tie":
            return ("jokers", "Two Jokers are a tie: the Builder, if any, wins the round.")
        if kind == "tie_above_builder":
            return ("tie", "A tie above the Builder's card: the Builder loses the title, the die goes back.")
        if kind == "centre_tie":
            return ("centre_tie", "A tie for the highest card with the die in the centre: nobody takes it.")
        return None


def make_lesson() -> DuelLesson:
    return DuelLesson(game_id="duel", seed=SEED, required=("builder", "your_score"))
