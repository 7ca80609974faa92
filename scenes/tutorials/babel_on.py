"""Learn Babel On!: a two-player game on a fixed seed with Steady hands (no hand ever shakes, so
a learner cannot knock a tower over by accident), where the table points at the button to
press, the block to pick up and the cell to put it on.

Written from babel/games/babel_on/RULES.md. The learner meets, as each happens: calling even or
odd and the roll, drawing blocks on an even roll and placing them, taking blocks off a tower on
an odd roll and adding them, a wrong guess, a Bonus Block, and the end of a round; the lesson is
complete once the learner has placed drawn blocks, moved blocks on an odd roll, guessed wrong
and placed a Bonus Block. The suggestions teach the moves (the hint plays for the best; a prompt
whose move is not the hint's says so).
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.core import registry
from babel.core.claims import Claim
from babel.core.match import Match
from babel.core.protocol import Event
from babel.games.babel_on.actions import Add, Bonus, Call, End, Pass, Take
from babel.games.babel_on.model import BabelView, EventKind, Phase
from scenes.tables.babel_on.art import colour_name
from scenes.tutorials import Lesson, Prompt, key_claim, key_name, learner_seats

SEED = 18
RIVAL = "Ben"
CELL = "abcd"


def hint_key_name() -> str:
    """The key the Babel On! table binds to the hint (H there switches the hand), as printed."""
    return key_name("babel_on", "hint")


def _cell(view: BabelView, tower: int, cell: int) -> tuple[str, Claim]:
    """Where a block goes, in words, and the floor it says (the blocks on the cell, plus one)."""
    whose = "your tower" if tower == 0 else f"{RIVAL}'s tower"
    floor = len(view.towers[tower][cell]) + 1
    words = f"cell {CELL[cell]} of {whose}, floor {floor}"
    return words, Claim("floor", (tower, cell), floor, words)


@dataclass
class BabelOnLesson(Lesson):
    def new_match(self) -> Match:
        rules = registry.get("babel_on")
        offered = registry.bots("babel_on").offered
        level = offered[min(1, len(offered) - 1)]  # a rival with a fairly steady hand
        config = rules.make_config(2, steady_hands=True)
        return Match(rules, config, self.seed, learner_seats(self.learner, level, (RIVAL,)))

    # -- what to do now ------------------------------------------------------------------------
    DIFFERS = "(The hint may differ: this lesson builds low.)"

    def suggest(self, view: BabelView, legal: tuple) -> Prompt | None:
        if not legal:
            return None
        if self.done:
            plan, plan_claim = key_claim("babel_on", "plan", "the floor plan")
            hint, hint_claim = key_claim("babel_on", "hint", "the hint")
            esc, leave = key_claim("babel_on", "leave", "")
            return Prompt(
                "You know the turn now. Build your six floors to the pattern of a Perfect Tower "
                f"({plan}, shows it; {hint}, helps), or leave with {esc}: the lesson is kept.",
                claims=(plan_claim, hint_claim, leave),
            )
        ask = {
            Phase.CALL: self._call,
            Phase.PLACE: self._place,
            Phase.REMOVE: self._remove,
            Phase.ADD: self._add,
            Phase.WRONG: self._wrong,
            Phase.FINISH: self._finish,
        }.get(view.phase)
        return ask(view, legal) if ask is not None else None

    def _call(self, view: BabelView, legal: tuple) -> Prompt:
        parity = "odd" if "drew" in self.seen and "took" not in self.seen else "even"
        what = (
            "on an even roll you draw that many blocks for your own tower"
            if parity == "even"
            else "on an odd roll you move that many blocks between the towers"
        )
        return Prompt(
            f"Call even or odd; the die is rolled at once. Call {parity}: {what}. A wrong guess "
            f"lets you take one block of your own back, or pass. Click {parity.capitalize()}.",
            ("button", parity),
            Call(parity),
        )

    def _place(self, view: BabelView, legal: tuple) -> Prompt:
        move = self._lowest(view, [a for a in legal if isinstance(a, Add)])
        colour = colour_name(move.colour, view.neutral)
        where, claim = _cell(view, move.tower, move.cell)
        return Prompt(
            f"You drew blocks for your own tower: click the {colour} block in the tray, "
            f"then the glowing {where} (or drag it). At most two floors may be under way.",
            ("place", "hand", move.colour, move.tower, move.cell),
            move,
            (claim,),
        )

    def _remove(self, view: BabelView, legal: tuple) -> Prompt:
        takes = [a for a in legal if isinstance(a, Take)]
        rival = [a for a in takes if a.tower != 0] or takes
        move = max(rival, key=lambda a: (a.floor, -a.cell))
        whose = "your" if move.tower == 0 else f"{RIVAL}'s"
        to_go = f"{view.to_remove} to go"
        return Prompt(
            f"Right, and odd: take blocks off the towers one at a time ({to_go}), then add them all. "
            f"Take the top block of {whose} tower at cell {CELL[move.cell]}: click it twice (or drag "
            "it off). A rival's own colour may be taken only from a top floor with no other colour.",
            ("take", move.tower, move.cell, move.floor),
            move,
            (Claim("to_remove", None, view.to_remove, to_go),),
        )

    def _add(self, view: BabelView, legal: tuple) -> Prompt:
        adds = [a for a in legal if isinstance(a, Add)]
        move = self._lowest(view, [a for a in adds if a.tower == 0] or adds)
        colour = colour_name(move.colour, view.neutral)
        where, claim = _cell(view, move.tower, move.cell)
        return Prompt(
            f"Now add what you took, to any tower. Put the {colour} block on {where}: click it in "
            "the tray, then the glowing cell.",
            ("place", "hand", move.colour, move.tower, move.cell),
            move,
            (claim,),
        )

    def _wrong(self, view: BabelView, legal: tuple) -> Prompt:
        return Prompt(
            "A wrong guess: you may take one block of your own tower back to the bag (to mend a "
            "badly built floor), or pass. Keep your blocks this time: click Pass.",
            ("button", "pass"),
            next(a for a in legal if isinstance(a, Pass)),
        )

    def _finish(self, view: BabelView, legal: tuple) -> Prompt:
        bonus = [a for a in legal if isinstance(a, Bonus)]
        if bonus and "your_bonus" not in self.seen:
            move = min(bonus, key=lambda a: (len(view.towers[0][a.cell]), a.cell))
            where, claim = _cell(view, move.tower, move.cell)
            left = view.bonus[0]
            words = f"one of your {left} Bonus Block{'s' if left != 1 else ''}"
            return Prompt(
                f"The roll is done. You may now add {words} to your tower, once per block, any turn: "
                f"click the Bonus Block under the tray, then the glowing {where}.",
                ("place", "bonus", 0, move.tower, move.cell),
                move,
                (claim, Claim("bonus_left", 0, left, words)),
            )
        return Prompt(
            "Your turn is over: click End turn. Keep your Bonus Blocks for a floor that needs them.",
            ("button", "end"),
            next(a for a in legal if isinstance(a, End)),
        )

    @staticmethod
    def _lowest(view: BabelView, moves: list) -> Add:
        """The placement on the lowest floor (then the first cell): a steady, even tower."""
        return min(moves, key=lambda a: (len(view.towers[a.tower][a.cell]), a.tower, a.cell, a.colour))

    # -- rules, the first time they happen -----------------------------------------------------
    def rule_of(self, event: Event) -> tuple[str, str] | None:
        d = event.data
        if event.kind == EventKind.ROLL and not d.get("right"):
            who = "You" if d["seat"] == 0 else RIVAL
            return (
                "wrong",
                f"{who} called {d['call']} and rolled {d['roll']}: a wrong guess. Then the choice is "
                "to take one block of one's own tower back to the bag, or to do nothing.",
            )
        if event.kind == EventKind.DRAW:
            return (
                "draw",
                "Right, and even: as many blocks as the die shows come out of the bag at random, and "
                "all of them go on the roller's own tower (a block with no legal place goes back).",
            )
        if event.kind == EventKind.TAKE:
            return (
                "take",
                "On a right odd roll all the blocks are first taken off towers, then all are added. "
                "Touching a rival's tower is risky: knock it over and you are out of the game.",
            )
        if event.kind == EventKind.BONUS:
            return ("bonus", "A Bonus Block, once placed, is an ordinary block of your tower.")
        if event.kind == EventKind.ROUND_END:
            return (
                "round",
                "A round ended. At the end of a round a Perfect Tower wins: six complete floors, each "
                "with your colour twice side by side, and your colour stacked from floor to floor.",
            )
        return None

    def observe(self, events) -> None:
        super().observe(events)
        for ev in events:  # the learner's own milestones
            if ev.kind == EventKind.DRAW and ev.data.get("seat") == 0:
                self.seen.add("drew")
            if ev.kind == EventKind.TAKE and ev.data.get("seat") == 0:
                self.seen.add("took")
            if ev.kind == EventKind.ADD and ev.data.get("seat") == 0 and "took" in self.seen:
                self.seen.add("moved")  # an odd roll's blocks taken off and added again
            if ev.kind == EventKind.ROLL and ev.data.get("seat") == 0 and not ev.data.get("right"):
                self.seen.add("guessed_wrong")
            if ev.kind == EventKind.BONUS and ev.data.get("seat") == 0:
                self.seen.add("your_bonus")


def make_lesson() -> BabelOnLesson:
    return BabelOnLesson(
        game_id="babel_on",
        seed=SEED,
        required=("drew", "moved", "guessed_wrong", "your_bonus", "round"),
    )
