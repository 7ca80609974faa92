"""Learn the card duel: a short game against Ben where the table points at the card to play.

Written from babel/games/duel/RULES.md. The learner meets, as each happens: choosing at the
same time, becoming the Builder, scoring the die and its climb to the six, and the Joker. The
lesson is complete once the learner has become the Builder and scored as the Builder (the Joker
is explained when it is played; whether the rival plays it depends on the rival's bot).
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.core import registry
from babel.core.match import Match
from babel.core.protocol import Event
from babel.games.duel.engine import JOKER, DuelView, Play, card_name
from scenes.tutorials import Lesson, Prompt, learner_seats

SEED = 1
RIVAL = "Ben"


@dataclass
class DuelLesson(Lesson):
    def new_match(self) -> Match:
        rules = registry.get("duel")
        offered = registry.bots("duel").offered
        level = offered[min(1, len(offered) - 1)]  # a plain-playing rival
        return Match(rules, rules.make_config(2), self.seed, learner_seats(self.learner, level, (RIVAL,)))

    # -- what to do now ------------------------------------------------------------------------
    def prompt(self, view: DuelView, legal: tuple) -> Prompt | None:
        if not legal or view.my_choice is not None:
            return None
        hand = [c for c in view.hand if c != JOKER]
        rival_best = max((c for c in view.hands[1] if c != JOKER), default=0)
        if self.done:
            return Prompt(
                "You know the duel now. Play on to the end (the hint, H, helps), or leave with Esc."
            )
        if view.round == 1:
            card = max(hand)
            return Prompt(
                "Each round you and Ben choose a card at the same time; both are turned up "
                f"together. The higher card takes the die. Play {card_name(card)}: click it.",
                card,
                Play(card),
            )
        if view.builder == 0:
            match = [c for c in hand if c >= rival_best]
            if match:
                card = min(match)
                return Prompt(
                    f"You are the Builder: ties go to you. Ben's best card left is "
                    f"{card_name(rival_best)}, so {card_name(card)} cannot lose. Play it.",
                    card,
                    Play(card),
                )
            card = min(hand) if hand else JOKER
            return Prompt(
                f"Ben's {card_name(rival_best)[4:]} beats all you hold: throw away {card_name(card)} and "
                "keep your good cards for later.",
                card,
                Play(card),
            )
        if view.builder == 1:
            higher = [c for c in hand if c > rival_best]
            if JOKER in view.hand and view.die >= 2:
                return Prompt(
                    f"Ben is the Builder and his die shows {view.die}. Play your Joker: a single "
                    "Joker sends the die back to the centre.",
                    JOKER,
                    Play(JOKER),
                )
            card = min(higher) if higher else (min(hand) if hand else JOKER)
            why = (
                "only a card higher than all of Ben's takes the die from him"
                if higher
                else "none of your cards can beat Ben's best, so give up a low one"
            )
            return Prompt(f"Ben is the Builder. Play {card_name(card)}: {why}.", card, Play(card))
        card = max(hand) if hand else JOKER
        return Prompt(
            f"The die is in the centre: the single highest card takes it. Play {card_name(card)}.",
            card,
            Play(card),
        )

    # -- rules, the first time they happen -----------------------------------------------------
    def observe(self, events) -> None:
        super().observe(events)
        for ev in events:  # a milestone rather than a rule: the learner's own first points
            if ev.kind == "round" and ev.data.get("winner") == 0 and ev.data.get("points", 0) > 0:
                if "your_score" not in self.seen:
                    self.seen.add("your_score")
                    self.notes.append(
                        f"You scored {ev.data['points']} as the Builder. Keep winning and the die climbs "
                        "2, 3, ... up to 6, and the points with it."
                    )

    def rule_of(self, event: Event) -> tuple[str, str] | None:
        if event.kind != "round":
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
