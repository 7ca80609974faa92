"""The Babel On! rules object: set-up, who acts, the legal moves and why a move is refused, apply.

A turn: the player calls even or odd and rolls the d6 (``call even``). Right and even: the
rolled number of blocks is drawn from the bag and each is placed on the player's tower
(``add red 1b``). Right and odd: that many blocks are first taken off towers (``take 2c3``),
then added to towers. Wrong: ``pass`` or ``return 1b4`` (one block off your own tower, back to
the bag). After the roll, ``bonus 1a`` places a Bonus Block; ``end`` ends a turn that has
nothing left to do but Bonus Blocks (the only time they may be placed). A knock-over by another
player makes the victim restore the fallen blocks (``add`` actions by the victim) before play
goes on.

Hands and physics: every ``add``, ``take``, ``return`` and ``bonus`` is simulated
(physics.py, falls.py) and may knock the tower over, or shift blocks, which then stand where
they came to rest (a shifted block's offset may go beyond a hand's +-8). The move carries the
mover's hand: a placement offset ``@dx,dy`` (units of 1/40 block, each within +-8) and a shake
``~s`` (0..9, the disturbance of the hand; must be 0 with the "steady hands" option).
``legal_actions`` lists each move once, in its canonical form with a zero offset and no shake,
which keeps the list short; ``apply`` also accepts any legal move with an offset and shake
within those bounds (it checks them with ``why_illegal`` itself). A placement offset pushing
into a neighbour on the same floor is cut back so the blocks touch (you cannot push a cube
into a cube).

The turn's steps are functions in phases.py (call, add, take), turns.py (the roll done, the
die passed on, the game's end) and falls.py (knock-overs); the text forms are in actions.py.
"""

from __future__ import annotations

from babel.core.protocol import (
    Config,
    Event,
    GameInfo,
    IllegalAction,
    Option,
    Outcome,
    Rules,
    Step,
    replace,
)
from babel.core.rng import Rng, seed_state
from babel.games.babel_on import actions, invariants, phases, physics, sampling
from babel.games.babel_on import structure as st
from babel.games.babel_on.actions import (
    ACTION_TYPES,
    Action,
    Add,
    BlockMove,
    Bonus,
    Call,
    End,
    Pass,
    Placement,
    Removal,
    Return,
    Take,
)
from babel.games.babel_on.model import (
    BLOCKS_PER_COLOUR,
    BONUS_BLOCKS,
    COLOURS,
    MAX_OFFSET,
    MAX_SHAKE,
    NATIONS,
    NEUTRAL_BELOW,
    ROUND_LIMITS,
    BabelState,
    BabelView,
    EventKind,
    Phase,
    TowerInfo,
)
from babel.games.babel_on.structure import EMPTY_TOWER
from babel.games.babel_on.turns import active, end_turn, roll_done, scores

CELL_NAMES = "a tower has cells a, b, c and d"


class BabelOnRules(Rules[BabelState, Action, BabelView]):
    info = GameInfo(
        id="babel_on",
        title="Babel On!",
        blurb=(
            "Call even or odd and roll: build a six-floor tower in your colour, or pull "
            "blocks off rival towers without knocking them over."
        ),
        min_players=2,
        max_players=6,
        has_secrets=False,
        options=(
            Option(
                "steady_hands",
                "Steady hands",
                (False, True),
                False,
                "Moves carry no hand disturbance (placement offsets still count).",
            ),
            Option(
                "round_limit",
                "Round limit",
                ROUND_LIMITS,
                50,
                "If nobody has won after this many rounds, the best tower wins.",
            ),
        ),
        # 3: risk is the share of members whose own simulated jolt knocks the tower over, a
        # push model of the hand, and blocks that slide but stay supported are shifted, not
        # fallen. Version-2 games replay to other positions, so they are refused.
        rules_version=3,
        rules_doc="babel.games.babel_on:RULES.md",
        default_players=4,
    )
    state_type = BabelState
    action_type = Action  # type: ignore[assignment]  # a union: the text form is actions.py's
    view_type = BabelView

    # -- setup ----------------------------------------------------------------------------
    def initial_state(self, config: Config, seed: int) -> BabelState:
        n = config.players
        if n not in self.info.player_counts:
            raise IllegalAction(f"Babel On! is for 2-6 players, not {n}")
        rng = Rng(seed_state(seed, "babel_on"))
        bag = [0] * len(COLOURS)
        for c in range(n):
            bag[c] = BLOCKS_PER_COLOUR - BONUS_BLOCKS
        neutral = -1
        if n < NEUTRAL_BELOW:
            neutral = n  # the first colour no player uses
            bag[neutral] = BLOCKS_PER_COLOUR
        rolls = _opening_rolls(rng, n)
        first = max(range(n), key=lambda s: rolls[-1][s])
        return BabelState(
            rng=rng.state,
            players=n,
            steady_hands=bool(config.get("steady_hands", False)),
            round_limit=int(config.get("round_limit", 50)),
            neutral=neutral,
            bag=tuple(bag),
            towers=tuple(EMPTY_TOWER for _ in range(n)),
            bonus=(BONUS_BLOCKS,) * n,
            hand=(),
            holder=-1,
            eliminated=(False,) * n,
            first=first,
            start_rolls=rolls,
            turn=first,
            round=1,
            phase=Phase.CALL,
            call="",
            roll=0,
            to_remove=0,
            perfect_since=(-1,) * n,
            ply=0,
            winners=(),
            end_reason="",
        )

    # -- who acts, what is legal ------------------------------------------------------------
    def to_act(self, state: BabelState) -> tuple[int, ...]:
        if state.phase is Phase.OVER:
            return ()
        if state.phase is Phase.RESTORE:
            return (state.holder,)
        return (state.turn,)

    def legal_actions(self, state: BabelState, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act(state):
            return ()
        out = [m for m in candidates(state, seat) if self.why_illegal(state, seat, m) is None]
        out.sort(key=actions.sort_key)
        return tuple(out)

    def why_illegal(self, state: BabelState, seat: int, action: Action) -> str | None:
        """Why ``seat`` may not make ``action`` now (the rule that blocks it), or None."""
        if not isinstance(action, ACTION_TYPES):
            return "that is not a Babel On! move"
        if state.phase is Phase.OVER:
            return "the game is over"
        if seat not in self.to_act(state):
            return f"it is not player {seat + 1}'s turn"
        if isinstance(action, BlockMove):
            reason = _hand_refusal(state, action)
            if reason is not None:
                return reason
        if isinstance(action, Call):
            return _call_refusal(state, action)
        if state.phase is Phase.CALL:
            return "call even or odd and roll first"
        return _REFUSALS[type(action)](state, seat, action)

    def invariant_errors(self, state: BabelState) -> tuple[str, ...]:
        return invariants.invariant_errors(state)

    # -- apply ------------------------------------------------------------------------------
    def apply(self, state: BabelState, seat: int, action: Action) -> Step[BabelState]:
        reason = self.why_illegal(state, seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        events: list[Event] = []
        s = replace(state, ply=state.ply + 1)
        if isinstance(action, Call):
            s = phases.roll(s, seat, action.parity, events)
        elif isinstance(action, Placement):
            s = phases.add(s, seat, action, events)
        elif isinstance(action, Removal):
            s = phases.take(s, seat, action, events)
        elif isinstance(action, Pass):
            events.append(Event(EventKind.PASS, {"seat": seat}))
            s = roll_done(s, seat, events)
        else:
            s = end_turn(s, seat, events)
        return Step(s, tuple(events))

    # -- views and outcome -------------------------------------------------------------------
    def view(self, state: BabelState, seat: int | None) -> BabelView:
        infos = tuple(
            TowerInfo(
                partial_floors=st.partial_floors(t),
                complete_floors=st.complete_floors(t),
                protected_floors=st.protected_floors(t, p),
                perfect_floors=st.perfect_floors(t, p, state.players),
                perfect=st.is_perfect(t, p, state.players),
            )
            for p, t in enumerate(state.towers)
        )
        shared = {f: getattr(state, f) for f in BabelState.__dataclass_fields__ if f != "rng"}
        return BabelView(
            seat=seat,
            colour_names=COLOURS,
            nation_names=NATIONS,
            bag_total=sum(state.bag),
            tower_info=infos,
            **shared,
        )

    def outcome(self, state: BabelState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        if state.end_reason.startswith("Perfect Tower"):
            ending = "perfect tower"
        elif state.end_reason.startswith("round limit"):
            ending = "round limit"
        else:
            ending = "last standing"
        eliminations = sum(state.eliminated)
        stats = {"eliminations": eliminations, "games with an elimination": int(eliminations > 0)}
        return Outcome(state.winners, scores(state), state.end_reason, ending=ending, stats=stats)

    def resample_hidden(self, state: BabelState, seat: int | None, rng: Rng) -> BabelState:
        return sampling.resample_hidden(state, seat, rng)

    def determinize(self, view: BabelView, seat: int, rng: Rng) -> BabelState:
        return sampling.determinize(view, seat, rng)

    # -- text forms ---------------------------------------------------------------------------
    def action_text(self, action: Action) -> str:
        return actions.action_text(action)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def describe(self, action: Action) -> str:
        return actions.describe(action)


def _opening_rolls(rng: Rng, n: int) -> tuple[tuple[int, ...], ...]:
    """Everyone rolls; the highest goes first; those tied for highest roll again (0 = out)."""
    rolls: list[tuple[int, ...]] = []
    contenders = list(range(n))
    while True:
        this = [0] * n
        for s in contenders:
            this[s] = rng.randint(1, 6)
        rolls.append(tuple(this))
        top = max(this[s] for s in contenders)
        contenders = [s for s in contenders if this[s] == top]
        if len(contenders) == 1:
            return tuple(rolls)


def candidates(state: BabelState, seat: int) -> list[Action]:
    """Every move that might be legal now, in canonical form (why_illegal sorts them out)."""
    ph = state.phase
    if ph is Phase.CALL:
        return [Call("even"), Call("odd")]
    out: list[Action] = []
    if ph in (Phase.PLACE, Phase.ADD, Phase.RESTORE):
        targets = [seat] if ph is not Phase.ADD else active(state)
        for colour in sorted(set(state.hand)):
            out += [Add(colour, t, cell) for t in targets for cell in range(4)]
    if ph is Phase.REMOVE:
        for t in active(state):
            for cell, col in enumerate(state.towers[t]):
                out += [Take(t, cell, floor) for floor in range(1, len(col) + 1)]
    if ph is Phase.WRONG:
        out.append(Pass())
        for cell, col in enumerate(state.towers[seat]):
            out += [Return(seat, cell, floor) for floor in range(1, len(col) + 1)]
    if ph is Phase.FINISH:
        out.append(End())
        out += [Bonus(seat, cell) for cell in range(4)]
    return out


def _hand_refusal(state: BabelState, m: BlockMove) -> str | None:
    """A hand out of bounds: the offset of a placement, the shake of any block move."""
    if isinstance(m, Placement):
        lo_x, hi_x, lo_y, hi_y = physics.aim_bounds(st.top_block(state.towers, m.tower, m.cell))
        if not (lo_x <= m.dx <= hi_x and lo_y <= m.dy <= hi_y):
            return (
                f"a hand places a block at most {MAX_OFFSET} units off its cell's centre, "
                "or square on a shifted block below it"
            )
    if not 0 <= m.shake <= MAX_SHAKE:
        return f"a hand's shake is 0 to {MAX_SHAKE}"
    if m.shake and state.steady_hands:
        return "Steady hands is on: moves carry no disturbance"
    return None


def _call_refusal(state: BabelState, m: Call) -> str | None:
    if state.phase is not Phase.CALL:
        return "you have already rolled this turn"
    if m.parity not in ("even", "odd"):
        return "call 'even' or 'odd'"
    return None


def _still_to_take(state: BabelState) -> str:
    """The blocks still to take: "3 blocks off towers" before any was taken, then "2 more ..."."""
    more = " more" if state.to_remove < state.roll else ""
    return f"{state.to_remove}{more} {'block' if state.to_remove == 1 else 'blocks'} off towers"


def _tower_refusal(state: BabelState, tower: int, cell: int) -> str | None:
    if not 0 <= tower < state.players or state.eliminated[tower]:
        return "that tower is not in the game"
    if not 0 <= cell < 4:
        return CELL_NAMES
    return None


def _add_refusal(state: BabelState, seat: int, m: Add) -> str | None:
    ph = state.phase
    if ph is Phase.REMOVE:
        return f"Order: remove blocks first, add them second; take {_still_to_take(state)} first"
    if ph not in (Phase.PLACE, Phase.ADD, Phase.RESTORE):
        return "you hold no blocks to add now"
    if m.colour not in state.hand:
        return "you hold no block of that colour"
    if not 0 <= m.tower < state.players or state.eliminated[m.tower]:
        return "that tower is not in the game"
    if ph is Phase.PLACE and m.tower != seat:
        return "Even: drawn blocks go on your own tower"
    if ph is Phase.RESTORE and m.tower != seat:
        return "fallen blocks go back on your own tower"
    if not 0 <= m.cell < 4:
        return CELL_NAMES
    return st.add_refusal(state.towers[m.tower], m.cell)


def _take_refusal(state: BabelState, seat: int, m: Take) -> str | None:
    if state.phase is not Phase.REMOVE:
        if state.phase is Phase.ADD:
            return "Order: all blocks are removed first; now add the ones you took"
        return "you may take blocks off towers only after calling and rolling odd"
    reason = _tower_refusal(state, m.tower, m.cell)
    if reason is not None:
        return reason
    return st.remove_refusal(state.towers[m.tower], m.cell, m.floor, m.tower, own=m.tower == seat)


def _return_refusal(state: BabelState, seat: int, m: Return) -> str | None:
    if state.phase is not Phase.WRONG:
        return "a block goes back to the bag only after a wrong guess"
    if m.tower != seat:
        return "after a wrong guess you may return a block of your own tower only"
    if not 0 <= m.cell < 4:
        return CELL_NAMES
    return st.remove_refusal(state.towers[seat], m.cell, m.floor, seat, own=True)


def _bonus_refusal(state: BabelState, seat: int, m: Bonus) -> str | None:
    ph = state.phase
    if ph is not Phase.FINISH:
        first = {
            Phase.PLACE: "place the drawn blocks first",
            Phase.REMOVE: f"take {_still_to_take(state)} and add them first",
            Phase.ADD: "add the taken blocks first",
            Phase.WRONG: "after a wrong guess, pass or send a block back first",
        }.get(ph)
        if first is not None:
            return f"Bonus Blocks: only once the roll is fully resolved ({first})"
        return "Bonus Blocks are played on your own turn, after the roll"
    if state.bonus[seat] <= 0:
        return "you have no Bonus Blocks left"
    if m.tower != seat:
        return "Bonus Blocks go on your own tower"
    if not 0 <= m.cell < 4:
        return CELL_NAMES
    return st.add_refusal(state.towers[seat], m.cell)


def _pass_refusal(state: BabelState, seat: int, m: Pass) -> str | None:
    if state.phase is not Phase.WRONG:
        return "passing is the choice after a wrong guess"
    return None


def _end_refusal(state: BabelState, seat: int, m: End) -> str | None:
    ph = state.phase
    if ph is Phase.FINISH:
        return None
    if ph in (Phase.PLACE, Phase.ADD):
        return "you must first add all the blocks you hold"
    if ph is Phase.REMOVE:
        return f"you must take {_still_to_take(state)} first"
    return "finish the roll first"


_REFUSALS = {
    Add: _add_refusal,
    Take: _take_refusal,
    Return: _return_refusal,
    Bonus: _bonus_refusal,
    Pass: _pass_refusal,
    End: _end_refusal,
}

RULES = BabelOnRules()
