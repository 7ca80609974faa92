"""The rules of Tower of Babel solitaire (piecepack tiles) and of Accordion (52 cards).

A face-down draw pile and a line of face-up stacks, left to right. Drawing puts the next piece
at the right end of the line as a new stack. Any stack may be moved onto the stack one or three
places to its left when their top pieces match (same suit or same rank); the line then closes
up. After the last draw the game ends when the player says so ("finish") or no move is left.

Indices: in ``Move`` actions and in events, stacks are numbered from 0 at the left, exactly as
in ``SolitaireView.line``. The text form (``actions``) counts from 1 as people do.

Deal numbers run from 0 to 999,999,999. The deal is ``config.options["deal"]`` when it is 0 or
more; otherwise (the option's default, -1) the seed is the deal number, reduced modulo
1,000,000,000 if it is outside that range. So a match started with seed 1234 plays deal 1234, and
the setup screen can pass the number either way. The deal number is in the view (it is public:
the player chose it or is shown it), and the state's ``deal`` field records it for "replay this
deal".
"""

from __future__ import annotations

from collections.abc import Sequence

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
from babel.games.solitaire import actions, invariants, sampling
from babel.games.solitaire.actions import DRAW, FINISH, Action, Draw, Finish, Move
from babel.games.solitaire.deals import Variant, deal_order, matches, piece_name
from babel.games.solitaire.model import (
    DEAL_COUNT,
    DEAL_FROM_SEED,
    PARTIAL_WIN_MAX,
    Difficulty,
    EventKind,
    Phase,
    SolitaireState,
    SolitaireView,
    moves_for,
    result_class,
    summary_text,
)

# A draw shows a piece the player could not know: undoing it would let the player peek at the
# pile and choose again, so undo stops at a draw. Only the practice option lets undo cross it
# (the table asks babel.core.match to), and practice games are counted apart in the statistics.
DRAW_IRREVERSIBLE = True


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


class SolitaireRules(Rules[SolitaireState, Action, SolitaireView]):
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
        rules_version=1,
        rules_doc="babel.games.solitaire:RULES.md",
        default_players=1,
    )
    state_type = SolitaireState
    action_type = Action  # the union of the three move classes
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

    def legal_actions(self, state: SolitaireState, seat: int) -> tuple[Action, ...]:
        if seat != 0 or state.phase is Phase.OVER:
            return ()
        tops = [stack[-1] for stack in state.line]
        moves = [Move(s, d) for s, d in moves_for(tops, state.difficulty)]
        out: list[Action] = []
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

    def why_illegal(self, state: SolitaireState, seat: int, action: Action) -> str | None:
        if state.phase is Phase.OVER:
            return "the game is over"
        if seat != 0:
            return "solitaire has one player"
        if not isinstance(action, (Draw, Move, Finish)):
            return "that is not a solitaire action"
        if action in self.legal_actions(state, seat):
            return None
        return refusal(state, action)

    def apply(self, state: SolitaireState, seat: int, action: Action) -> Step[SolitaireState]:
        reason = self.why_illegal(state, seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        events: list[Event] = []
        if isinstance(action, Draw):
            piece = state.pile[0]
            line = state.line + ((piece,),)
            state = replace(state, line=line, pile=state.pile[1:])
            events.append(
                Event(
                    EventKind.DRAW,
                    {"tile": piece, "to": len(line) - 1, "pile": len(state.pile)},
                    irreversible=DRAW_IRREVERSIBLE,
                )
            )
        elif isinstance(action, Move):
            moved = state.line[action.src]
            onto = state.line[action.dst][-1]
            line = _move_line(state.line, action.src, action.dst)
            state = replace(state, line=line)
            events.append(
                Event(
                    EventKind.MOVE,
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

    def invariant_errors(self, state: SolitaireState) -> tuple[str, ...]:
        return invariants.invariant_errors(state)

    def resample_hidden(self, state: SolitaireState, seat: int | None, rng: Rng) -> SolitaireState:
        return sampling.resample_hidden(state, seat, rng)

    def determinize(self, view: SolitaireView, seat: int, rng: Rng) -> SolitaireState:
        return sampling.determinize(view, seat, rng)

    # -- text ------------------------------------------------------------------------------
    def action_text(self, action: Action) -> str:
        return actions.action_text(action)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def describe(self, action: Action, state_or_view=None) -> str:
        """A sentence for hints and tooltips; names the pieces when a state or view is given."""
        if isinstance(action, Draw):
            return "Draw the next tile" if state_or_view is None else _draw_words(state_or_view)
        if isinstance(action, Finish):
            return "Finish the game with the stacks as they are"
        where = "one place" if action.distance == 1 else "three places"
        if state_or_view is not None:
            line = state_or_view.line
            variant = state_or_view.variant
            a = piece_name(line[action.src][-1], variant)
            b = piece_name(line[action.dst][-1], variant)
            return f"Move stack {action.src + 1} ({a}) onto stack {action.dst + 1} ({b}), {where} to the left"
        return f"Move stack {action.src + 1} onto stack {action.dst + 1}, {where} to the left"


def refusal(state: SolitaireState, action: Action) -> str:
    """Why a well-formed action is not legal now, naming the rule it breaks."""
    strict = state.difficulty is Difficulty.STRICT
    tops = [stack[-1] for stack in state.line]
    if isinstance(action, Draw):
        if not state.pile:
            return "the draw pile is empty"
        return "strict rule: a possible move must be made before drawing"
    if isinstance(action, Finish):
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
            EventKind.END,
            {
                "result": result_class(stacks),
                "stacks": stacks,
                "summary": summary_text(stacks),
                "reason": why,
            },
        )
    )
    return state, tuple(events)


RULES = SolitaireRules()
