"""The rules of Tower of Babel solitaire (piecepack tiles) and of Accordion (52 cards).

A face-down draw pile and a line of face-up stacks, left to right. Drawing puts the next piece
at the right end of the line as a new stack. Any stack may be moved onto the stack one or three
places to its left when their top pieces match (same suit or same rank); the line then closes
up. After the last draw the game ends when the player says so ("finish") or no move is left.

Indices: in ``Move`` actions and in events, stacks are numbered from 0 at the left, exactly as
in ``SolitaireView.line``. The text form counts from 1 as people do: ``Move(4, 3)`` is
``"move 5->4"``. Actions in text: ``draw``, ``move I->J``, ``finish``.

Deal numbers run from 0 to 999,999,999. The deal is ``config.options["deal"]`` when it is 0 or
more; otherwise (the option's default, -1) the seed is the deal number, reduced modulo
1,000,000,000 if it is outside that range. So a match started with seed 1234 plays deal 1234, and
the setup screen can pass the number either way. The deal number is in the view (it is public:
the player chose it or is shown it), and the state's ``deal`` field records it for "replay this
deal".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from babel.core.protocol import (
    Config,
    ConfigError,
    Event,
    GameInfo,
    IllegalAction,
    Option,
    Outcome,
    Rules,
    Step,
    replace,
)
from babel.core.rng import Rng
from babel.games.solitaire.deals import Variant, deal_order, deck, matches, piece_name

DEAL_FROM_SEED = -1  # the `deal` option's default: use the seed as the deal number
DEAL_COUNT = 1_000_000_000  # deal numbers are 0 .. DEAL_COUNT - 1
# A draw shows a piece the player could not know: undoing it would let the player peek at the
# pile and choose again, so undo stops at a draw. Only the practice option lets undo cross it
# (the table asks babel.core.match to), and practice games are counted apart in the statistics.
DRAW_IRREVERSIBLE = True
FULL_WIN = 1  # stacks left for a full win
PARTIAL_WIN_MAX = 3  # at most this many stacks left is a partial win


class Difficulty(Enum):
    STANDARD = "standard"  # any legal move, any time; drawing is always allowed
    STRICT = "strict"  # an optional challenge of this edition: a move must be made, onto the nearest match


class Phase(Enum):
    PLAY = "play"
    OVER = "over"


class Kind(Enum):
    DRAW = "draw"
    MOVE = "move"
    FINISH = "finish"


@dataclass(frozen=True)
class SolitaireAction:
    """``draw``, ``finish``, or a move of stack ``src`` onto stack ``dst`` (0-based indices)."""

    kind: Kind
    src: int = -1
    dst: int = -1

    @property
    def distance(self) -> int:
        return self.src - self.dst


DRAW = SolitaireAction(Kind.DRAW)
FINISH = SolitaireAction(Kind.FINISH)


def move(src: int, dst: int) -> SolitaireAction:
    return SolitaireAction(Kind.MOVE, src, dst)


@dataclass(frozen=True)
class SolitaireState:
    rng: int
    variant: Variant
    difficulty: Difficulty
    deal: int
    phase: Phase
    line: tuple[tuple[str, ...], ...]  # stacks left to right; each bottom first, top last
    pile: tuple[str, ...]  # the draw pile, next piece first (secret)


@dataclass(frozen=True)
class SolitaireView:
    """What the player sees: everything but the order of the draw pile.

    ``line`` holds every stack in full (bottom first, top last): all pieces are face up.
    ``last_draw_done`` is True once the pile is empty (from then on "finish" ends the game).
    ``result`` is "" while playing, then "full", "partial" or "loss".
    """

    variant: Variant
    difficulty: Difficulty
    deal: int
    phase: Phase
    pile_size: int
    line: tuple[tuple[str, ...], ...]
    last_draw_done: bool
    result: str

    @property
    def tops(self) -> tuple[str, ...]:
        return tuple(stack[-1] for stack in self.line)

    @property
    def unseen(self) -> tuple[str, ...]:
        """The pieces still in the pile, in canonical deck order (their order is unknown)."""
        seen = {p for stack in self.line for p in stack}
        return tuple(p for p in deck(self.variant) if p not in seen)


# -- the rules as plain functions over tops (the solver and bots share them) ---------------
def all_moves(tops: Sequence[str]) -> list[tuple[int, int]]:
    """Every (src, dst) with dst one or three to the left of src and matching tops."""
    out = []
    for i in range(1, len(tops)):
        top = tops[i]
        if matches(top, tops[i - 1]):
            out.append((i, i - 1))
        if i >= 3 and matches(top, tops[i - 3]):
            out.append((i, i - 3))
    out.sort()
    return out


def strict_moves(tops: Sequence[str]) -> list[tuple[int, int]]:
    """The moves the strict rule allows: each stack goes onto its nearest match only."""
    out = []
    for i in range(1, len(tops)):
        top = tops[i]
        if matches(top, tops[i - 1]):
            out.append((i, i - 1))
        elif i >= 3 and matches(top, tops[i - 3]):
            out.append((i, i - 3))
    return out


def moves_for(tops: Sequence[str], difficulty: Difficulty) -> list[tuple[int, int]]:
    return strict_moves(tops) if difficulty is Difficulty.STRICT else all_moves(tops)


def result_class(stacks: int) -> str:
    """'full' (one stack), 'partial' (two or three) or 'loss' (four or more)."""
    if stacks <= FULL_WIN:
        return "full"
    if stacks <= PARTIAL_WIN_MAX:
        return "partial"
    return "loss"


SUMMARY = {"full": "Full win", "partial": "Partial win", "loss": "Loss"}


def summary_text(stacks: int) -> str:
    word = "stack" if stacks == 1 else "stacks"
    return f"{SUMMARY[result_class(stacks)]}: {stacks} {word} left"


def deal_number(config: Config, seed: int) -> int:
    """The deal a match plays: the `deal` option when given (0 or more), else the seed
    (modulo DEAL_COUNT, so any seed names a deal)."""
    number = config.get("deal", DEAL_FROM_SEED)
    if number is None or number == DEAL_FROM_SEED:
        return int(seed) % DEAL_COUNT
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < DEAL_COUNT:
        raise ConfigError(f"deal numbers run from 0 to {DEAL_COUNT - 1:,}, not {number!r}")
    return number


def _move_line(line: tuple[tuple[str, ...], ...], src: int, dst: int) -> tuple[tuple[str, ...], ...]:
    stacks = list(line)
    stacks[dst] = stacks[dst] + stacks[src]
    del stacks[src]
    return tuple(stacks)


class SolitaireRules(Rules[SolitaireState, SolitaireAction, SolitaireView]):
    info = GameInfo(
        id="solitaire",
        title="Tower of Babel solitaire",
        blurb="Build the 24 piecepack tiles into one tower, matching suit or value; "
        "or play Accordion with 52 cards.",
        min_players=1,
        max_players=1,
        options=(
            Option(
                "variant",
                "Pieces",
                ("tiles", "cards"),
                "tiles",
                "24 piecepack tiles, or 52 cards (Accordion)",
            ),
            Option(
                "difficulty",
                "Difficulty",
                ("standard", "strict"),
                "standard",
                "Standard: move when you like. Strict, an optional challenge of this edition: "
                "a possible move must be made.",
            ),
            Option(
                "deal",
                "Deal number",
                range(DEAL_FROM_SEED, DEAL_COUNT),
                DEAL_FROM_SEED,
                "The same number deals the same game for everyone",
            ),
            Option(
                "practice",
                "Practice",
                (False, True),
                False,
                "Undo may take back draws (counted apart)",
            ),
        ),
        bot_levels=("random", "greedy", "expert"),
        rules_version=1,
        rules_doc="babel.games.solitaire:RULES.md",
        default_players=1,
    )
    state_type = SolitaireState
    action_type = SolitaireAction
    view_type = SolitaireView

    # -- setup ------------------------------------------------------------------------------
    def initial_state(self, config: Config, seed: int) -> SolitaireState:
        try:
            variant = Variant(config.get("variant", "tiles"))
            difficulty = Difficulty(config.get("difficulty", "standard"))
        except ValueError as exc:
            raise ConfigError(str(exc)) from exc
        number = deal_number(config, seed)
        order, rng_state = deal_order(variant, number)
        # The text: "Draw one tile and place it face up in front of you." The first piece is
        # drawn as part of the setup.
        return SolitaireState(
            rng=rng_state,
            variant=variant,
            difficulty=difficulty,
            deal=number,
            phase=Phase.PLAY,
            line=((order[0],),),
            pile=order[1:],
        )

    @staticmethod
    def from_order(
        order: Sequence[str],
        variant: Variant = Variant.TILES,
        difficulty: Difficulty = Difficulty.STANDARD,
        deal: int = 0,
    ) -> SolitaireState:
        """A game over a given order (tests, analysis, small decks); the first piece is drawn."""
        order = tuple(order)
        state = SolitaireState(0, variant, difficulty, deal, Phase.PLAY, ((order[0],),), order[1:])
        return _settle(state, [])[0]

    # -- the verbs --------------------------------------------------------------------------
    def to_act(self, state: SolitaireState) -> tuple[int, ...]:
        return () if state.phase is Phase.OVER else (0,)

    def legal_actions(self, state: SolitaireState, seat: int) -> tuple[SolitaireAction, ...]:
        if seat != 0 or state.phase is Phase.OVER:
            return ()
        tops = [stack[-1] for stack in state.line]
        moves = [move(s, d) for s, d in moves_for(tops, state.difficulty)]
        out: list[SolitaireAction] = []
        if state.difficulty is Difficulty.STRICT:
            if moves:
                return tuple(moves)
            return (DRAW,) if state.pile else ()
        if state.pile:
            out.append(DRAW)
        out.extend(moves)
        if not state.pile and moves:
            out.append(FINISH)
        return tuple(out)

    def apply(self, state: SolitaireState, seat: int, action: SolitaireAction) -> Step[SolitaireState]:
        if state.phase is Phase.OVER:
            raise IllegalAction("the game is over")
        if seat != 0:
            raise IllegalAction("solitaire has one player")
        if not isinstance(action, SolitaireAction):
            raise IllegalAction("that is not a solitaire action")
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(self._why_illegal(state, action))
        events: list[Event] = []
        if action.kind is Kind.DRAW:
            piece = state.pile[0]
            line = state.line + ((piece,),)
            state = replace(state, line=line, pile=state.pile[1:])
            events.append(
                Event(
                    "draw",
                    {"tile": piece, "to": len(line) - 1, "pile": len(state.pile)},
                    irreversible=DRAW_IRREVERSIBLE,
                )
            )
        elif action.kind is Kind.MOVE:
            moved = state.line[action.src]
            onto = state.line[action.dst][-1]
            line = _move_line(state.line, action.src, action.dst)
            state = replace(state, line=line)
            events.append(
                Event(
                    "move",
                    {
                        "from": action.src,
                        "to": action.dst,
                        "tile": moved[-1],
                        "onto": onto,
                        "count": len(moved),
                        "distance": action.distance,
                        "stacks": len(line),
                    },
                )
            )
        else:
            return Step(*_end(state, events, "finish"))
        return Step(*_settle(state, events))

    def _why_illegal(self, state: SolitaireState, action: SolitaireAction) -> str:
        strict = state.difficulty is Difficulty.STRICT
        tops = [stack[-1] for stack in state.line]
        if action.kind is Kind.DRAW:
            if not state.pile:
                return "the draw pile is empty"
            return "strict rule: a possible move must be made before drawing"
        if action.kind is Kind.FINISH:
            if state.pile:
                return "you may finish only after the last draw"
            return "strict rule: the game ends only when no move is left"
        n = len(tops)
        src, dst = action.src, action.dst
        if not (0 <= src < n and 0 <= dst < n):
            return f"there is no stack {max(src, dst) + 1} (the line has {n})"
        if src - dst not in (1, 3):
            return "a stack moves only onto the stack one or three places to its left"
        if not matches(tops[src], tops[dst]):
            return f"the tops do not match: {tops[src]} and {tops[dst]} share neither suit nor value"
        if strict:
            return "strict rule: a stack must go onto its nearest match (the one just to its left)"
        return "that move is not allowed now"

    def view(self, state: SolitaireState, seat: int | None) -> SolitaireView:
        over = state.phase is Phase.OVER
        return SolitaireView(
            variant=state.variant,
            difficulty=state.difficulty,
            deal=state.deal,
            phase=state.phase,
            pile_size=len(state.pile),
            line=state.line,
            last_draw_done=not state.pile,
            result=result_class(len(state.line)) if over else "",
        )

    def outcome(self, state: SolitaireState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        stacks = len(state.line)
        winners = (0,) if stacks <= PARTIAL_WIN_MAX else ()
        return Outcome(winners, (float(stacks),), summary_text(stacks))

    def resample_hidden(self, state: SolitaireState, seat: int | None, rng: Rng) -> SolitaireState:
        pile = rng.shuffled(state.pile)
        return replace(state, pile=tuple(pile), rng=rng.next64())

    def determinize(self, view: SolitaireView, seat: int, rng: Rng) -> SolitaireState:
        pile = rng.shuffled(view.unseen)
        return SolitaireState(
            rng=rng.next64(),
            variant=view.variant,
            difficulty=view.difficulty,
            deal=view.deal,
            phase=view.phase,
            line=view.line,
            pile=tuple(pile),
        )

    def make_bot(self, level: str):
        from babel.games.solitaire import bots

        return bots.make_bot(level)

    # -- text ------------------------------------------------------------------------------
    def action_text(self, action: SolitaireAction) -> str:
        if action.kind is Kind.MOVE:
            return f"move {action.src + 1}->{action.dst + 1}"
        return action.kind.value

    def parse_action(self, text: str) -> SolitaireAction:
        words = text.strip().lower().split()
        if words == ["draw"]:
            return DRAW
        if words == ["finish"]:
            return FINISH
        if len(words) == 2 and words[0] == "move" and "->" in words[1]:
            a, _, b = words[1].partition("->")
            if a.isdigit() and b.isdigit() and int(a) >= 1 and int(b) >= 1:
                return move(int(a) - 1, int(b) - 1)
        raise IllegalAction(f"cannot read action '{text}' (try 'draw', 'move 5->4' or 'finish')")

    def describe(self, action: SolitaireAction, state_or_view=None) -> str:
        """A sentence for hints and tooltips; names the pieces when a state or view is given."""
        if action.kind is Kind.DRAW:
            return "Draw the next tile" if state_or_view is None else _draw_words(state_or_view)
        if action.kind is Kind.FINISH:
            return "Finish the game with the stacks as they are"
        where = "one place" if action.distance == 1 else "three places"
        if state_or_view is not None:
            line = state_or_view.line
            variant = state_or_view.variant
            a = piece_name(line[action.src][-1], variant)
            b = piece_name(line[action.dst][-1], variant)
            return f"Move stack {action.src + 1} ({a}) onto stack {action.dst + 1} ({b}), {where} to the left"
        return f"Move stack {action.src + 1} onto stack {action.dst + 1}, {where} to the left"


def _draw_words(state_or_view) -> str:
    return "Draw the next card" if state_or_view.variant is Variant.CARDS else "Draw the next tile"


def _settle(state: SolitaireState, events: list[Event]) -> tuple[SolitaireState, tuple[Event, ...]]:
    """End the game when the pile is empty and no move is left."""
    if state.phase is Phase.PLAY and not state.pile:
        tops = [stack[-1] for stack in state.line]
        if not moves_for(tops, state.difficulty):
            return _end(state, events, "no move left")
    return state, tuple(events)


def _end(state: SolitaireState, events: list[Event], why: str) -> tuple[SolitaireState, tuple[Event, ...]]:
    state = replace(state, phase=Phase.OVER)
    stacks = len(state.line)
    events.append(
        Event(
            "end",
            {
                "result": result_class(stacks),
                "stacks": stacks,
                "summary": summary_text(stacks),
                "reason": why,
            },
        )
    )
    return state, tuple(events)
