"""Learn Der Turmbau zu Babel: a three-player game on a fixed seed where the table points at the
disc to build on, the cards to offer, the offer to invite and the button that completes a step.

Written from babel/games/turmbau/RULES.md. The learner meets, as each happens: a pass, a build
and its secret offers, the reveal, inviting offers and filling up, the disc taken, and a refused
offer scoring its cards; the lesson is complete once the learner has built, invited an offer and
offered, and has seen a pass, a disc taken and a refused offer score. The suggestions are plain
ones that teach the moves (the hint plays for the best; a prompt whose move is not the hint's
says so).
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.core import registry
from babel.core.claims import Claim
from babel.core.match import Match
from babel.core.protocol import Event
from babel.games.turmbau import data
from babel.games.turmbau.actions import Build, Offer, Pass, Select
from babel.games.turmbau.model import EventKind, Phase, TurmbauView
from scenes.tutorials import Lesson, Prompt, key_claim, learner_seats

SEED = 4
RIVALS = ("Ben", "Carla")
KIND = tuple(name.lower() for name in data.KIND_NAMES)


def _cards(n: int, kind: int) -> str:
    word = KIND[kind] + ("s" if n != 1 else "")
    return f"{n} {word}"


def _disc(view: TurmbauView, wonder: int, slot: int) -> str:
    disc = view.wonders[wonder].discs[slot]
    asks = " and ".join(_cards(v, k) for k, v in zip(disc.kinds, disc.values))
    return f"the {data.WONDER_NAMES[wonder]} disc asking for {asks}"


def fill_from_hand(view, seat: int) -> int:
    """Cards the builder adds from hand after inviting ``seat``'s offer (a view or a state)."""
    offer = view.offers[seat]
    invited = sum(offer.cards) if offer is not None else 0
    if view.target is None:
        return 0
    wonder, slot = view.target
    return max(0, sum(view.wonders[wonder].discs[slot].need) - invited)


def _fill_words(view: TurmbauView, seat: int) -> tuple[str, Claim]:
    """What inviting ``seat``'s offer leaves to the learner, from the disc's need and the offer."""
    own = fill_from_hand(view, seat)
    if own == 0:
        words = f"{_whose(seat)} offer covers the whole disc"
        return f"{words}, so nothing comes from your hand this time.", Claim("fill_from_hand", seat, 0, words)
    words = f"You fill up the other {own} from your hand"
    return f"{words}; the invited cards are {_name(seat)}'s share.", Claim("fill_from_hand", seat, own, words)


def _name(seat: int) -> str:
    return "you" if seat == 0 else RIVALS[seat - 1]


def _whose(seat: int) -> str:
    return "Your" if seat == 0 else f"{RIVALS[seat - 1]}'s"


@dataclass
class TurmbauLesson(Lesson):
    def new_match(self) -> Match:
        rules = registry.get("turmbau")
        offered = registry.bots("turmbau").offered
        level = offered[min(1, len(offered) - 1)]  # rivals who play a sound game
        return Match(rules, rules.make_config(3), self.seed, learner_seats(self.learner, level, RIVALS))

    # -- what to do now ------------------------------------------------------------------------
    DIFFERS = (
        "(The hint may suggest another move: this lesson picks plain ones that show every step.)"
    )

    def suggest(self, view: TurmbauView, legal: tuple) -> Prompt | None:
        if not legal:
            return None
        if self.done:
            words, key = key_claim("turmbau", "hint", "the hint")
            esc, leave = key_claim("turmbau", "leave", "")
            return Prompt(
                f"You know a whole turn now. Play on to the end ({words}, helps), or leave "
                f"with {esc}: the lesson is kept.",
                claims=(key, leave),
            )
        if view.phase is Phase.TURN:
            return self._turn(view, legal)
        if view.phase is Phase.OFFER:
            return self._offer(view, legal)
        if view.phase is Phase.SELECT:
            return self._select(view, legal)
        return None

    def _turn(self, view: TurmbauView, legal: tuple) -> Prompt:
        builds = [a for a in legal if isinstance(a, Build)]
        own = [a for a in builds if self._fillable(view, a)]
        if own:
            best = min(
                own, key=lambda a: (sum(view.wonders[a.wonder].discs[a.slot].values), a.wonder, a.slot)
            )
            disc = view.wonders[best.wonder].discs[best.slot]
            words = f"You hold the cards for {_disc(view, best.wonder, best.slot)}"
            return Prompt(
                f"Your turn: build or pass. {words}: click it to build there. The others may offer "
                "you cards for it first.",
                ("disc", best.wonder, best.slot),
                best,
                (Claim("held_toward", (best.wonder, best.slot), disc.total, words),),
            )
        words = "No disc on the board fits your hand yet"
        return Prompt(
            f"Your turn: build or pass. {words}, so pass: you draw a card, then everyone draws one. "
            "Click Pass.",
            ("primary",),
            Pass(),
            (Claim("fillable_builds", None, 0, words),),
        )

    def _offer(self, view: TurmbauView, legal: tuple) -> Prompt:
        wonder, slot = view.target
        disc = view.wonders[wonder].discs[slot]
        who = RIVALS[view.active - 1]
        for kind in disc.kinds:
            one = [0, 0, 0, 0]
            one[kind] = 1
            action = Offer(tuple(one))
            if action in legal:
                return Prompt(
                    f"{who} builds on {_disc(view, wonder, slot)}. Offer one {KIND[kind]}: if {who} "
                    "invites it, you put a part on the wonder; if not, it scores you a point. Click "
                    f"a {KIND[kind]} in your hand, then Offer.",
                    ("offer", kind),
                    action,
                )
        words = "you hold none of the cards it asks for"
        return Prompt(
            f"{who} builds on {_disc(view, wonder, slot)}, but {words}. Click No offer.",
            ("secondary",),
            Offer(),
            (Claim("held_toward", (wonder, slot), 0, words),),
        )

    def _select(self, view: TurmbauView, legal: tuple) -> Prompt:
        selects = [a for a in legal if isinstance(a, Select) and not any(a.wild)]
        single = [a for a in selects if len(a.seats) == 1]
        if single:
            pick = single[0]
            seat = pick.seats[0]
            fill, claim = _fill_words(view, seat)
            return Prompt(
                f"The offers are turned up. Invite {_name(seat)}'s: click the offer, then Complete "
                f"the disc. {fill}",
                ("invite", pick.seats),
                pick,
                (claim,),
            )
        if selects:
            words = "none fits with what you hold"
            return Prompt(
                f"The offers are turned up, but {words}. Complete the disc from "
                "your own hand: the offers go back and score their owners a point a card.",
                ("invite", ()),
                selects[0],
                (Claim("single_invites", None, 0, words),),
            )
        decline = next(a for a in legal if not isinstance(a, Select))
        words = "You cannot complete this disc now"
        return Prompt(
            f"{words}: leave it unfulfilled. Every offer goes back and scores its owner.",
            ("secondary",),
            decline,
            (Claim("completable", None, False, words),),
        )

    @staticmethod
    def _fillable(view: TurmbauView, build: Build) -> bool:
        disc = view.wonders[build.wonder].discs[build.slot]
        return all(view.hand[k] >= n for k, n in enumerate(disc.need))

    # -- rules, the first time they happen -----------------------------------------------------
    def rule_of(self, event: Event) -> tuple[str, str] | None:
        d = event.data
        kind = event.kind
        if kind == EventKind.PASS:
            return ("pass", "A pass: the player draws a building card, then every player draws one.")
        if kind == EventKind.BUILD:
            return (
                "build",
                f"{_name(d['seat']).capitalize()} chose a disc to build on. Each other player now "
                "decides in secret whether to offer cards for it: never more than the disc asks for.",
            )
        if kind == EventKind.REVEAL:
            return (
                "reveal",
                "All offers are turned up at once. The builder invites whole offers (or none) and "
                "fills up the rest from hand so the disc gets exactly the cards it asks for.",
            )
        if kind == EventKind.DISC_TAKEN:
            return (
                "disc",
                f"{_name(d['seat']).capitalize()} took the disc and keeps it face down: at the end, "
                "sets of discs of one kind score a bonus. A wonder whose third disc is taken is scored "
                "at once: the most parts on it scores best.",
            )
        if kind == EventKind.REJECTED:
            return (
                "refused",
                f"{_whose(d['seat'])} offer was not invited: the cards went back to "
                f"the hand and scored {d['points']} point{'s' if d['points'] != 1 else ''}, one a card.",
            )
        if kind == EventKind.WONDER_SCORED:
            return (
                "wonder",
                "A wonder had its third disc taken and was scored: most parts first value, second most "
                "the second, everyone else with a part 3. The marker moves down: later wonders pay more.",
            )
        return None

    def observe(self, events) -> None:
        super().observe(events)
        for ev in events:  # milestones of the learner's own: a build and an offer
            if ev.kind == EventKind.BUILD and ev.data.get("seat") == 0:
                self.seen.add("you_built")
            if ev.kind == EventKind.OFFER_COMMITTED and ev.data.get("seat") == 0:
                self.seen.add("you_offered")
            if ev.kind == EventKind.ACCEPTED and ev.data.get("seat") == 0 and ev.data.get("seats"):
                self.seen.add("you_invited")


def make_lesson() -> TurmbauLesson:
    return TurmbauLesson(
        game_id="turmbau",
        seed=SEED,
        required=("pass", "you_built", "you_offered", "you_invited", "reveal", "disc", "refused"),
    )
