"""Learn the Tower of Babel solitaire: one deal of the 24 tiles where the table points at the
pile to draw from and at the stack to move, then at where it goes.

Written from babel/games/solitaire/RULES.md. The learner meets, as each happens: drawing a tile
onto the right end of the line, a stack moving onto its neighbour, and a stack moving three
places to the left; the lesson is complete once all three have happened. The moves suggested
are the first legal ones (the lesson teaches how moves work; the hint plays for the best, and a
prompt whose move is not the hint's says so).
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.core import registry
from babel.core.claims import Claim
from babel.core.match import Match, Seat
from babel.core.protocol import Event
from babel.games.solitaire.actions import DRAW, Move
from babel.games.solitaire.deals import Variant, piece_name
from babel.games.solitaire.model import EventKind, SolitaireView
from scenes.tutorials import Lesson, Prompt, key_claim

DEAL = 4


@dataclass
class SolitaireLesson(Lesson):
    def new_match(self) -> Match:
        rules = registry.get("solitaire")
        config = rules.make_config(1, variant="tiles", difficulty="standard", deal=self.seed)
        return Match(rules, config, self.seed, [Seat(self.learner)])

    DIFFERS = (
        "(The hint may pick another move: it weighs which keeps a full win open; this lesson "
        "shows the first legal one, to teach how moves work.)"
    )

    def suggest(self, view: SolitaireView, legal: tuple) -> Prompt | None:
        if not legal:
            return None
        moves = [a for a in legal if isinstance(a, Move)]
        tops = view.tops
        name = lambda i: piece_name(tops[i], Variant.TILES)  # noqa: E731 - a short local helper
        if self.done:
            words, key = key_claim("solitaire", "hint", "The hint")
            return Prompt(
                "You know the moves now. Play the deal out: one tower is a full win, two or three "
                f"stacks a partial win. {words}, shows a fair move.",
                claims=(key,),
            )
        if moves:
            one = [a for a in moves if a.src - a.dst == 1]
            three = [a for a in moves if a.src - a.dst == 3]
            if "one" not in self.seen and one:
                a = one[0]
            elif "three" not in self.seen and three:
                a = three[0]
            else:
                a = moves[0]
            how = "just to its left" if a.src - a.dst == 1 else "three places to its left"
            claims = (
                Claim("top", a.src, name(a.src), f"The {name(a.src)}"),
                Claim("top", a.dst, name(a.dst), f"the {name(a.dst)} {how}"),
                Claim("matches", (a.src, a.dst), True, "matches"),
            )
            return Prompt(
                f"The {name(a.src)} matches the {name(a.dst)} {how}: same suit or same value. Click "
                "the stack, then the stack it goes onto (or drag it there).",
                ("move", a.src, a.dst),
                a,
                claims,
            )
        return Prompt(
            "No tile can move, so draw: click the pile. The new tile joins the right end of the line.",
            ("pile",),
            DRAW,
            (Claim("move_count", None, 0, "No tile can move"),),
        )

    def rule_of(self, event: Event) -> tuple[str, str] | None:
        d = event.data
        if event.kind == EventKind.DRAW:
            return (
                "draw",
                "Tiles are drawn one at a time onto the right end of the line. The goal: build all "
                "24 into one tower by moving stacks onto matching ones.",
            )
        if event.kind == EventKind.MOVE and d.get("distance") == 1:
            return (
                "one",
                "A stack moves onto the stack just to its left when their top tiles share a suit or "
                "a value; the whole stack goes, and only its top tile counts from now on.",
            )
        if event.kind == EventKind.MOVE and d.get("distance") == 3:
            return (
                "three",
                "A stack may also jump three places to the left onto a match, over the two stacks "
                "between. Gaps close up, so new matches appear.",
            )
        return None


def make_lesson() -> SolitaireLesson:
    return SolitaireLesson(game_id="solitaire", seed=DEAL, required=("draw", "one", "three"))
