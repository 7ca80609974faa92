"""The Babel On! rules engine: states, actions, views and the ``Rules`` object.

A turn: the player calls even or odd and rolls the d6 (``call even``). Right and even: the
rolled number of blocks is drawn from the bag and each is placed on the player's tower
(``add red 1b``). Right and odd: that many blocks are first taken off towers (``take 2c3``),
then added to towers. Wrong: ``pass`` or ``return b4`` (one block off your own tower, back to
the bag). After the roll, ``bonus a`` places a Bonus Block; ``end`` ends a turn that has
nothing left to do but Bonus Blocks (the only time they may be placed). A knock-over by another player makes the victim restore the
fallen blocks (``add`` actions by the victim) before play goes on.

Hands and physics: every ``add``, ``take``, ``return`` and ``bonus`` is simulated
(babel.games.babel_on.physics) and may knock the tower over. The action carries the mover's
hand: a placement offset ``@dx,dy`` (units of 1/40 block, each within +-8) and a shake ``~s``
(0..9, the disturbance of the hand; must be 0 with the "steady hands" option). ``legal_actions``
lists each move once, in its canonical form with a zero offset and no shake, which keeps the
list short; ``apply`` also accepts any legal move with an offset and shake within those bounds
(it validates them itself and never calls ``Rules.check``). A placement offset pushing into a
neighbour on the same floor is cut back so the blocks touch (you cannot push a cube into a cube).

The physics outcome is recomputed in ``apply``: the move's ensemble of seeded disturbances
(its share of falls is the risk the table showed) and one member of it drawn with the state's
RNG (``physics_member``), simulated in a fresh space, so replaying an action log reproduces every
fall. Each fall event carries the recorded frames for the table's animation, and a move the tower
stood through while visibly rocking carries its ``wobble`` frames. A fall is irreversible (undo
never takes it back); Bonus Blocks come only once the roll is fully resolved (Ruling 4).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Any

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
from babel.games.babel_on import physics
from babel.games.babel_on import structure as st
from babel.games.babel_on.structure import CELLS, EMPTY_TOWER, Block, Tower

COLOURS = ("red", "blue", "yellow", "green", "purple", "orange")
NATIONS = ("Uruk", "Akkad", "Elam", "Assur", "Mari", "Sumer")
BLOCKS_PER_COLOUR = 24
BONUS_BLOCKS = 2
NEUTRAL_BELOW = 4  # 2- and 3-player games add a neutral colour to the bag
MAX_OFFSET = physics.MAX_OFFSET
MAX_SHAKE = physics.MAX_SHAKE
ROUND_LIMITS = (30, 50, 80)


class Phase(Enum):
    CALL = "call"  # the player to act calls even or odd (and the die is rolled)
    PLACE = "place"  # right and even: place the drawn blocks on your own tower
    REMOVE = "remove"  # right and odd: take blocks off towers
    ADD = "add"  # right and odd: add the taken blocks to towers
    WRONG = "wrong"  # wrong guess: pass, or return one block of your own tower to the bag
    FINISH = "finish"  # the roll is done; Bonus Blocks or end the turn
    RESTORE = "restore"  # a knocked-over player puts the fallen blocks back
    OVER = "over"


KIND_ORDER = {"call": 0, "add": 1, "take": 2, "return": 3, "bonus": 4, "pass": 5, "end": 6}


@dataclass(frozen=True)
class Move:
    """One action. ``kind``: call, add, take, return, bonus, pass, end.

    call: ``parity`` "even"/"odd". add: a held block of ``colour`` onto tower ``tower`` (seat)
    at ``cell``. take: the block at (``cell``, ``floor``) of tower ``tower``. return: the block
    at (``cell``, ``floor``) of your own tower. bonus: a Bonus Block onto your tower at ``cell``.
    ``dx``/``dy``: placement offset; ``shake``: the hand's disturbance.
    """

    kind: str
    parity: str = ""
    colour: int = -1
    tower: int = -1
    cell: int = -1
    floor: int = 0
    dx: int = 0
    dy: int = 0
    shake: int = 0

    def canonical(self) -> Move:
        """The same move with a zero offset and no shake (the form legal_actions lists)."""
        if self.dx or self.dy or self.shake:
            return replace(self, dx=0, dy=0, shake=0)
        return self

    def sort_key(self) -> tuple:
        return (
            KIND_ORDER.get(self.kind, 9),
            self.parity,
            self.tower,
            self.cell,
            self.floor,
            self.colour,
            self.dx,
            self.dy,
            self.shake,
        )


@dataclass(frozen=True)
class BabelState:
    rng: int
    players: int
    steady_hands: bool
    round_limit: int
    neutral: int  # colour index of the neutral blocks (2-3 players), else -1
    bag: tuple[int, ...]  # blocks in the bag per colour index
    towers: tuple[Tower, ...]
    bonus: tuple[int, ...]  # Bonus Blocks left per seat
    hand: tuple[int, ...]  # colours of the blocks held (sorted), by ``holder``
    holder: int  # -1 when nobody holds blocks
    eliminated: tuple[bool, ...]
    first: int  # the first player (won the opening roll)
    start_rolls: tuple[tuple[int, ...], ...]  # opening rolls, one tuple per roll-off (0 = out)
    turn: int  # whose turn it is (during RESTORE: the player who knocked the tower over)
    round: int
    phase: Phase
    call: str  # "even"/"odd" or ""
    roll: int  # the die, 0 before the roll
    to_remove: int  # blocks still to take off in an odd move
    perfect_since: tuple[int, ...]  # ply at which each tower became a Perfect Tower, or -1
    ply: int  # actions applied so far (orders "finished first")
    winners: tuple[int, ...]
    end_reason: str


@dataclass(frozen=True)
class TowerInfo:
    """Per-tower facts a table scene draws without recomputing the rules."""

    partial_floors: tuple[int, ...]
    complete_floors: int
    protected_floors: tuple[int, ...]
    perfect_floors: int
    perfect: bool


@dataclass(frozen=True)
class BabelView:
    """Everything on the table (Babel On! has no secrets except the random stream)."""

    seat: int | None
    players: int
    steady_hands: bool
    round_limit: int
    colour_names: tuple[str, ...]
    nation_names: tuple[str, ...]
    neutral: int
    bag: tuple[int, ...]
    bag_total: int
    towers: tuple[Tower, ...]
    tower_info: tuple[TowerInfo, ...]
    bonus: tuple[int, ...]
    hand: tuple[int, ...]
    holder: int
    eliminated: tuple[bool, ...]
    first: int
    start_rolls: tuple[tuple[int, ...], ...]
    turn: int
    round: int
    phase: Phase
    call: str
    roll: int
    to_remove: int
    perfect_since: tuple[int, ...]
    ply: int
    winners: tuple[int, ...]
    end_reason: str


def colour_name(colour: int) -> str:
    return COLOURS[colour]


def total_blocks(state: BabelState) -> int:
    """Bag + towers + Bonus Blocks + held blocks (constant over a game)."""
    return sum(state.bag) + sum(st.block_count(t) for t in state.towers) + sum(state.bonus) + len(state.hand)


def invariant_errors(state: BabelState, total: int) -> list[str]:
    """Broken invariants of a state (empty when sound): block conservation, Structure, Safety.

    A tower being restored after a knock-over may have more than two partial floors until its
    owner has put the fallen blocks back. Used by the tests and tools/babel_on_soak.py.
    """
    errors = []
    if total_blocks(state) != total:
        errors.append(f"blocks not conserved: {total_blocks(state)} != {total}")
    if any(c < 0 for c in state.bag):
        errors.append("negative bag count")
    for p, tower in enumerate(state.towers):
        if len(tower) != 4 or any(len(col) > st.FLOORS for col in tower):
            errors.append(f"Structure broken on tower {p + 1}")
        restoring = state.phase is Phase.RESTORE and state.holder == p
        if not restoring and st.spread(st.heights(tower)) > 2:
            errors.append(f"Safety broken on tower {p + 1}: heights {st.heights(tower)}")
        if state.eliminated[p] and (st.block_count(tower) or state.bonus[p]):
            errors.append(f"eliminated player {p + 1} still has blocks")
    if state.hand and state.holder < 0:
        errors.append("blocks in hand without a holder")
    return errors


class BabelOn(Rules[BabelState, Move, BabelView]):
    info = GameInfo(
        id="babel_on",
        title="Babel On!",
        blurb=(
            "Call even or odd, roll, and build a six-floor tower in your nation's colour - "
            "or pull blocks off your rivals' towers without knocking them over."
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
        bot_levels=("novice", "steady", "expert"),
        rules_version=2,
        rules_doc="babel.games.babel_on:RULES.md",
        default_players=4,
    )
    state_type = BabelState
    action_type = Move
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
        # Everyone rolls; the highest goes first; those tied for highest roll again.
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
                break
        first = contenders[0]
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
            start_rolls=tuple(rolls),
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

    def legal_actions(self, state: BabelState, seat: int) -> tuple[Move, ...]:
        if seat not in self.to_act(state):
            return ()
        out = [m for m in self._candidates(state, seat) if self._refusal(state, seat, m) is None]
        out.sort(key=Move.sort_key)
        return tuple(out)

    def _active(self, state: BabelState) -> list[int]:
        return [s for s in range(state.players) if not state.eliminated[s]]

    def _candidates(self, state: BabelState, seat: int) -> list[Move]:
        ph = state.phase
        if ph is Phase.CALL:
            return [Move("call", parity="even"), Move("call", parity="odd")]
        out: list[Move] = []
        if ph in (Phase.PLACE, Phase.ADD, Phase.RESTORE):
            targets = [seat] if ph is not Phase.ADD else self._active(state)
            for colour in sorted(set(state.hand)):
                for t in targets:
                    for cell in range(4):
                        out.append(Move("add", colour=colour, tower=t, cell=cell))
        if ph is Phase.REMOVE:
            for t in self._active(state):
                for cell, col in enumerate(state.towers[t]):
                    for floor in range(1, len(col) + 1):
                        out.append(Move("take", tower=t, cell=cell, floor=floor))
        if ph is Phase.WRONG:
            out.append(Move("pass"))
            for cell, col in enumerate(state.towers[seat]):
                for floor in range(1, len(col) + 1):
                    out.append(Move("return", tower=seat, cell=cell, floor=floor))
        if ph is Phase.FINISH:
            out.append(Move("end"))
        if ph is Phase.FINISH:
            for cell in range(4):
                out.append(Move("bonus", tower=seat, cell=cell))
        return out

    def _refusal(self, state: BabelState, seat: int, m: Move) -> str | None:
        """Why ``seat`` may not make move ``m`` now (the rule that blocks it), or None."""
        if not isinstance(m, Move):
            return "that is not a Babel On! move"
        if state.phase is Phase.OVER:
            return "the game is over"
        if seat not in self.to_act(state):
            return f"it is not player {seat + 1}'s turn"
        ph = state.phase
        if not -MAX_OFFSET <= m.dx <= MAX_OFFSET or not -MAX_OFFSET <= m.dy <= MAX_OFFSET:
            return f"a hand places a block at most {MAX_OFFSET} units off its cell's centre"
        if not 0 <= m.shake <= MAX_SHAKE:
            return f"a hand's shake is 0 to {MAX_SHAKE}"
        if m.shake and state.steady_hands:
            return "Steady hands is on: moves carry no disturbance"
        if (m.dx or m.dy) and m.kind not in ("add", "bonus"):
            return "only a block being placed has a placement offset"
        if m.kind in ("call", "pass", "end") and m.shake:
            return "only moving a block carries a disturbance"
        kind = m.kind
        if kind == "call":
            if ph is not Phase.CALL:
                return "you have already rolled this turn"
            if m.parity not in ("even", "odd"):
                return "call 'even' or 'odd'"
            return None
        if ph is Phase.CALL:
            return "call even or odd and roll first"
        if kind == "add":
            if ph is Phase.REMOVE:
                return (
                    f"Order: remove blocks first, add them second; "
                    f"take {state.to_remove} more {'block' if state.to_remove == 1 else 'blocks'} off towers first"
                )
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
                return "a tower has cells a, b, c and d"
            return st.add_refusal(state.towers[m.tower], m.cell)
        if kind == "take":
            if ph is not Phase.REMOVE:
                if ph is Phase.ADD:
                    return "Order: all blocks are removed first; now add the ones you took"
                return "you may take blocks off towers only after calling and rolling odd"
            if not 0 <= m.tower < state.players or state.eliminated[m.tower]:
                return "that tower is not in the game"
            if not 0 <= m.cell < 4:
                return "a tower has cells a, b, c and d"
            return st.remove_refusal(state.towers[m.tower], m.cell, m.floor, m.tower, own=m.tower == seat)
        if kind == "return":
            if ph is not Phase.WRONG:
                return "a block goes back to the bag only after a wrong guess"
            if m.tower != seat:
                return "after a wrong guess you may return a block of your own tower only"
            if not 0 <= m.cell < 4:
                return "a tower has cells a, b, c and d"
            return st.remove_refusal(state.towers[seat], m.cell, m.floor, seat, own=True)
        if kind == "bonus":
            if ph is not Phase.FINISH:
                if ph in (Phase.PLACE, Phase.REMOVE, Phase.ADD, Phase.WRONG):
                    return (
                        "Bonus Blocks: only once the roll is fully resolved "
                        "(every block of the roll taken off and added)"
                    )
                return "Bonus Blocks are played on your own turn, after the roll"
            if state.bonus[seat] <= 0:
                return "you have no Bonus Blocks left"
            if m.tower != seat:
                return "Bonus Blocks go on your own tower"
            if not 0 <= m.cell < 4:
                return "a tower has cells a, b, c and d"
            return st.add_refusal(state.towers[seat], m.cell)
        if kind == "pass":
            if ph is not Phase.WRONG:
                return "passing is the choice after a wrong guess"
            return None
        if kind == "end":
            if ph is not Phase.FINISH:
                if ph in (Phase.PLACE, Phase.ADD):
                    return "you must first add all the blocks you hold"
                if ph is Phase.REMOVE:
                    return f"you must take {state.to_remove} more {'block' if state.to_remove == 1 else 'blocks'} off towers first"
                return "finish the roll first"
            return None
        return f"unknown move '{kind}'"

    # -- apply ------------------------------------------------------------------------------
    def apply(self, state: BabelState, seat: int, action: Move) -> Step[BabelState]:
        reason = self._refusal(state, seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        events: list[Event] = []
        s = replace(state, ply=state.ply + 1)
        kind = action.kind
        if kind == "call":
            s = self._roll(s, seat, action.parity, events)
        elif kind in ("add", "bonus"):
            s = self._add(s, seat, action, events)
        elif kind in ("take", "return"):
            s = self._take(s, seat, action, events)
        elif kind == "pass":
            events.append(Event("pass", {"seat": seat}))
            s = self._roll_done(s, seat, events)
        elif kind == "end":
            s = self._end_turn(s, seat, events)
        return Step(s, tuple(events))

    def _roll(self, s: BabelState, seat: int, parity: str, events: list[Event]) -> BabelState:
        rng = Rng(s.rng)
        roll = rng.randint(1, 6)
        right = (roll % 2 == 0) == (parity == "even")
        s = replace(s, rng=rng.state, call=parity, roll=roll)
        events.append(
            Event(
                "roll",
                {"seat": seat, "call": parity, "roll": roll, "right": right},
                irreversible=True,
            )
        )
        if not right:
            return replace(s, phase=Phase.WRONG)
        if parity == "even":
            bag = list(s.bag)
            drawn = []
            for _ in range(min(roll, sum(bag))):
                pick = rng.below(sum(bag))
                for colour, count in enumerate(bag):
                    if pick < count:
                        bag[colour] -= 1
                        drawn.append(colour)
                        break
                    pick -= count
            s = replace(s, rng=rng.state, bag=tuple(bag), hand=tuple(sorted(drawn)), holder=seat)
            events.append(
                Event(
                    "draw",
                    {"seat": seat, "colours": [COLOURS[c] for c in drawn], "bag": sum(bag)},
                    irreversible=True,
                )
            )
            s = replace(s, phase=Phase.PLACE)
            return self._after_hand_change(s, seat, events)
        s = replace(s, phase=Phase.REMOVE, to_remove=roll)
        return self._after_removal(s, seat, events)

    def _unplaceable_to_bag(self, s: BabelState, seat: int, events: list[Event]) -> BabelState:
        """A held block that cannot go anywhere legally goes back to the bag (Ruling 2)."""
        if not s.hand:
            return s
        targets = [seat] if s.phase in (Phase.PLACE, Phase.RESTORE) else self._active(s)
        if any(st.add_refusal(s.towers[t], c) is None for t in targets for c in range(4)):
            return s
        bag = list(s.bag)
        for c in s.hand:
            bag[c] += 1
        events.append(
            Event(
                "to_bag",
                {"seat": seat, "colours": [COLOURS[c] for c in s.hand], "why": "no legal place"},
            )
        )
        return replace(s, bag=tuple(bag), hand=(), holder=-1)

    def _after_hand_change(self, s: BabelState, seat: int, events: list[Event]) -> BabelState:
        """After an add (or a draw): continue placing, or the roll is done."""
        s = self._unplaceable_to_bag(s, seat, events)
        if s.hand:
            return s
        s = replace(s, holder=-1)
        if s.phase is Phase.RESTORE:
            return self._end_turn(replace(s, phase=Phase.FINISH), s.turn, events)
        return self._roll_done(s, seat, events)

    def _after_removal(self, s: BabelState, seat: int, events: list[Event]) -> BabelState:
        """In an odd move: keep taking while blocks must and can be taken, then add."""
        if s.to_remove > 0:
            can = any(
                self._refusal(s, seat, m) is None for m in self._candidates(s, seat) if m.kind == "take"
            )
            if can:
                return s
            if s.to_remove:
                events.append(Event("no_more_removals", {"seat": seat, "short": s.to_remove}))
        s = replace(s, phase=Phase.ADD, to_remove=0)
        if not s.hand:
            return self._roll_done(s, seat, events)
        return self._after_hand_change(s, seat, events)

    def _roll_done(self, s: BabelState, seat: int, events: list[Event]) -> BabelState:
        """The roll is resolved: the turn ends unless Bonus Blocks could still be played."""
        if s.bonus[seat] > 0 and any(st.add_refusal(s.towers[seat], c) is None for c in range(4)):
            return replace(s, phase=Phase.FINISH, hand=(), holder=-1)
        return self._end_turn(s, seat, events)

    def _simulate(
        self, s: BabelState, tower: Tower, m: Move, placed: Block | None
    ) -> tuple[physics.Report, float]:
        """The move's outcome: one member of its ensemble, drawn with the state's RNG.

        The draw uses a stream forked from the state's RNG by the ply, so the die's stream is
        not advanced (a standing move stays undoable) and replays draw the same member."""
        pl = move_places(tower, m, placed)
        ens = physics.ensemble(pl, m.cell, m.shake)
        member = physics_member(s.rng, s.ply)
        report = physics.outcome(pl, m.cell, m.shake, member)
        return report, ens.risk

    def _add(self, s: BabelState, seat: int, m: Move, events: list[Event]) -> BabelState:
        t = m.tower
        tower = s.towers[t]
        dx, dy = st.clamp_offset(tower, m.cell, m.dx, m.dy)
        if m.kind == "bonus":
            block = Block(seat, dx, dy)
            s = replace(s, bonus=_set(s.bonus, seat, s.bonus[seat] - 1))
        else:
            block = Block(m.colour, dx, dy)
            hand = list(s.hand)
            hand.remove(m.colour)
            s = replace(s, hand=tuple(hand))
        floor = len(tower[m.cell]) + 1
        report, risk = self._simulate(s, tower, m, block)
        cols = list(tower)
        cols[m.cell] = tower[m.cell] + (block,)
        new_tower: Tower = tuple(cols)  # type: ignore[assignment]
        events.append(
            Event(
                "bonus" if m.kind == "bonus" else "add",
                {
                    "seat": seat,
                    "tower": t,
                    "cell": m.cell,
                    "floor": floor,
                    "colour": COLOURS[block.colour],
                    "dx": dx,
                    "dy": dy,
                    "shake": m.shake,
                    "risk": risk,
                    "stands": report.stands,
                    **_wobble_data(report),
                },
            )
        )
        s = replace(s, towers=_set(s.towers, t, new_tower))
        if not report.stands:
            return self._knocked(s, seat, t, report, m, events)
        s = self._track_perfect(s, t)
        if s.phase is Phase.FINISH:
            return self._roll_done(s, seat, events)
        if s.phase is Phase.REMOVE:
            return self._after_removal(s, seat, events)
        if s.phase is Phase.WRONG:
            return s
        return self._after_hand_change(s, seat, events)

    def _take(self, s: BabelState, seat: int, m: Move, events: list[Event]) -> BabelState:
        t = m.tower
        tower = s.towers[t]
        block = tower[m.cell][m.floor - 1]
        report, risk = self._simulate(s, tower, m, None)
        cols = list(tower)
        # The taken block leaves; blocks above it (if any) stay in place for the verdict.
        col = list(tower[m.cell])
        del col[m.floor - 1]
        events.append(
            Event(
                m.kind,
                {
                    "seat": seat,
                    "tower": t,
                    "cell": m.cell,
                    "floor": m.floor,
                    "colour": COLOURS[block.colour],
                    "shake": m.shake,
                    "risk": risk,
                    "stands": report.stands,
                    **_wobble_data(report),
                },
            )
        )
        if not report.stands:
            # The blocks above a pulled-out block are among the fallen, so the tower with
            # the block gone (keeping the others at their floors) is what the report describes.
            return self._knocked_after_take(s, seat, t, m, block, report, events)
        cols[m.cell] = tuple(col)
        s = replace(s, towers=_set(s.towers, t, tuple(cols)))
        s = self._track_perfect(s, t)
        if m.kind == "return":
            bag = list(s.bag)
            bag[block.colour] += 1
            s = replace(s, bag=tuple(bag))
            return self._roll_done(s, seat, events)
        s = replace(s, hand=tuple(sorted(s.hand + (block.colour,))), holder=seat, to_remove=s.to_remove - 1)
        return self._after_removal(s, seat, events)

    def _knocked_after_take(
        self,
        s: BabelState,
        seat: int,
        t: int,
        m: Move,
        block: Block,
        report: physics.Report,
        events: list[Event],
    ) -> BabelState:
        """A take that knocked the tower over: the taken block is in the mover's hand (or goes
        back to the bag for a ``return``); the rest of the tower is judged by the report."""
        tower = s.towers[t]
        # Rebuild the tower as simulated: floors keep their numbers, with a hole at the taken
        # block; _knocked removes every fallen block and everything left above a hole.
        cols: list[list[Block | None]] = [list(c) for c in tower]
        cols[m.cell][m.floor - 1] = None
        if m.kind == "return":
            bag = list(s.bag)
            bag[block.colour] += 1
            s = replace(s, bag=tuple(bag))
        else:
            s = replace(s, hand=tuple(sorted(s.hand + (block.colour,))), holder=seat)
        return self._knocked(s, seat, t, report, m, events, holes=cols)

    def _knocked(
        self,
        s: BabelState,
        seat: int,
        t: int,
        report: physics.Report,
        m: Move,
        events: list[Event],
        holes: list[list[Block | None]] | None = None,
    ) -> BabelState:
        """Apply a knock-over of tower ``t`` caused by ``seat``."""
        grid: list[list[Block | None]] = holes if holes is not None else [list(c) for c in s.towers[t]]
        fallen_places = set(report.fallen)
        fallen: list[tuple[int, int, int]] = []
        standing: list[tuple[Block, ...]] = []
        for c, col in enumerate(grid):
            keep: list[Block] = []
            broken = False
            for f, b in enumerate(col, start=1):
                if b is None:
                    broken = True
                    continue
                if broken or (c, f) in fallen_places:
                    broken = True
                    fallen.append((c, f, b.colour))
                else:
                    keep.append(b)
            standing.append(tuple(keep))
        fall_data = {
            "seat": seat,
            "tower": t,
            "move": self.action_text(m),
            "fallen": [[c, f, COLOURS[col]] for c, f, col in fallen],
            "frames": report.to_data()["frames"],
            "frame_dt": physics.FRAME_EVERY * physics.DT,
        }
        # A fall is never taken back: it is the outcome of a chance draw (Ruling 6).
        bag = list(s.bag)
        if t == seat:
            # Knocking over your own tower: it is destroyed; its blocks and those in hand go
            # back to the bag; on your turn, the turn ends.
            for col in grid:
                for b in col:
                    if b is not None:
                        bag[b.colour] += 1
            for c in s.hand:
                bag[c] += 1
            fall_data["result"] = "destroyed"
            events.append(Event("fall", fall_data, irreversible=True))
            s = replace(
                s,
                bag=tuple(bag),
                towers=_set(s.towers, t, EMPTY_TOWER),
                hand=(),
                holder=-1,
                to_remove=0,
            )
            s = self._track_perfect(s, t)
            if s.phase is Phase.RESTORE:
                return self._end_turn(replace(s, phase=Phase.FINISH), s.turn, events)
            return self._end_turn(s, seat, events)
        # Knocking over an opponent's tower: the mover is eliminated; the mover's tower, held
        # blocks and Bonus Blocks go back to the bag; the victim restores the fallen blocks.
        for col in s.towers[seat]:
            for b in col:
                bag[b.colour] += 1
        for c in s.hand:
            bag[c] += 1
        bag[seat] += s.bonus[seat]
        fall_data["result"] = "eliminated"
        events.append(Event("fall", fall_data, irreversible=True))
        events.append(Event("eliminated", {"seat": seat, "victim": t}))
        s = replace(
            s,
            bag=tuple(bag),
            towers=_set(_set(s.towers, seat, EMPTY_TOWER), t, tuple(standing)),
            bonus=_set(s.bonus, seat, 0),
            eliminated=_set(s.eliminated, seat, True),
            hand=(),
            holder=-1,
            to_remove=0,
            perfect_since=_set(s.perfect_since, seat, -1),
        )
        s = self._track_perfect(s, t)
        active = self._active(s)
        if len(active) == 1:
            # The game is won; the victim's fallen blocks go back where they stood
            # (Ruling, this edition: nobody is left to play the restoration out).
            rebuilt = tuple(tuple(b for b in col if b is not None) for col in grid)
            s = replace(s, towers=_set(s.towers, t, rebuilt))
            return self._game_over(s, tuple(active), "last player standing", events)
        if fallen:
            events.append(Event("restore", {"seat": t, "colours": [COLOURS[c] for _, _, c in fallen]}))
            s = replace(
                s,
                phase=Phase.RESTORE,
                hand=tuple(sorted(c for _, _, c in fallen)),
                holder=t,
            )
            s = self._unplaceable_to_bag(s, t, events)
            if s.hand:
                return s
        return self._end_turn(replace(s, phase=Phase.FINISH), seat, events)

    def _track_perfect(self, s: BabelState, t: int) -> BabelState:
        perfect = not s.eliminated[t] and st.is_perfect(s.towers[t], t, s.players)
        since = s.perfect_since[t]
        if perfect and since < 0:
            return replace(s, perfect_since=_set(s.perfect_since, t, s.ply))
        if not perfect and since >= 0:
            return replace(s, perfect_since=_set(s.perfect_since, t, -1))
        return s

    def _end_turn(self, s: BabelState, seat: int, events: list[Event]) -> BabelState:
        """Pass the die to the next player still in the game; check for a win at round end."""
        n = s.players
        pos = (seat - s.first) % n
        nxt = seat
        for k in range(1, n + 1):
            cand = (seat + k) % n
            if not s.eliminated[cand]:
                nxt = cand
                break
        s = replace(s, hand=(), holder=-1, call="", roll=0, to_remove=0, phase=Phase.CALL, turn=nxt)
        if (nxt - s.first) % n <= pos:
            s = self._round_end(s, events)
            if s.phase is Phase.OVER:
                return s
        events.append(Event("turn", {"seat": nxt, "round": s.round}))
        return s

    def _round_end(self, s: BabelState, events: list[Event]) -> BabelState:
        done = [(s.perfect_since[p], p) for p in self._active(s) if s.perfect_since[p] >= 0]
        events.append(Event("round_end", {"round": s.round}))
        if done:
            winner = min(done)[1]
            reason = "Perfect Tower"
            if len(done) > 1:
                reason = "Perfect Tower (finished first)"
            return self._game_over(s, (winner,), reason, events)
        if s.round >= s.round_limit:
            scores = self._scores(s)
            best = max(scores[p] for p in self._active(s))
            winners = tuple(p for p in self._active(s) if scores[p] == best)
            return self._game_over(s, winners, "round limit: best tower", events)
        return replace(s, round=s.round + 1)

    def _scores(self, s: BabelState) -> tuple[float, ...]:
        """Round-limit standing: perfect floors from the bottom, then blocks of your colour,
        then all blocks (as a fraction, so the order is lexicographic)."""
        out = []
        for p in range(s.players):
            if s.eliminated[p]:
                out.append(-1.0)
                continue
            tower = s.towers[p]
            own = sum(1 for col in tower for b in col if b.colour == p)
            out.append(st.perfect_floors(tower, p, s.players) + own / 100 + st.block_count(tower) / 10000)
        return tuple(out)

    def _game_over(
        self, s: BabelState, winners: tuple[int, ...], reason: str, events: list[Event]
    ) -> BabelState:
        events.append(Event("game_over", {"winners": list(winners), "reason": reason}))
        return replace(
            s,
            phase=Phase.OVER,
            winners=winners,
            end_reason=reason,
            hand=(),
            holder=-1,
            bag=_bag_with(s.bag, s.hand),
        )

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
        return BabelView(
            seat=seat,
            players=state.players,
            steady_hands=state.steady_hands,
            round_limit=state.round_limit,
            colour_names=COLOURS,
            nation_names=NATIONS,
            neutral=state.neutral,
            bag=state.bag,
            bag_total=sum(state.bag),
            towers=state.towers,
            tower_info=infos,
            bonus=state.bonus,
            hand=state.hand,
            holder=state.holder,
            eliminated=state.eliminated,
            first=state.first,
            start_rolls=state.start_rolls,
            turn=state.turn,
            round=state.round,
            phase=state.phase,
            call=state.call,
            roll=state.roll,
            to_remove=state.to_remove,
            perfect_since=state.perfect_since,
            ply=state.ply,
            winners=state.winners,
            end_reason=state.end_reason,
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
        return Outcome(state.winners, self._scores(state), state.end_reason, ending=ending, stats=stats)

    def resample_hidden(self, state: BabelState, seat: int | None, rng: Rng) -> BabelState:
        # Nothing on the table is secret: the bag's contents follow from what is visible.
        # Only the random stream (future rolls and draws) is unknown.
        return replace(state, rng=rng.next64())

    def determinize(self, view: BabelView, seat: int, rng: Rng) -> BabelState:
        fields = {f: getattr(view, f) for f in BabelState.__dataclass_fields__ if f != "rng"}
        return BabelState(rng=rng.next64(), **fields)

    # -- text forms ---------------------------------------------------------------------------
    def action_text(self, action: Move) -> str:
        m = action
        hand = ""
        if m.dx or m.dy:
            hand += f" @{m.dx},{m.dy}"
        if m.shake:
            hand += f" ~{m.shake}"
        if m.kind == "call":
            return f"call {m.parity}"
        if m.kind == "add":
            return f"add {COLOURS[m.colour]} {m.tower + 1}{CELLS[m.cell]}{hand}"
        if m.kind == "take":
            return f"take {m.tower + 1}{CELLS[m.cell]}{m.floor}{hand}"
        if m.kind == "return":
            return f"return {m.tower + 1}{CELLS[m.cell]}{m.floor}{hand}"
        if m.kind == "bonus":
            return f"bonus {m.tower + 1}{CELLS[m.cell]}{hand}"
        return m.kind

    def parse_action(self, text: str) -> Move:
        words = text.split()
        try:
            return _parse(words)
        except (ValueError, IndexError, KeyError):
            raise IllegalAction(f"cannot read action '{text}'") from None

    def describe(self, action: Move) -> str:
        m = action
        if m.kind == "call":
            return f"Call {m.parity} and roll the die"
        if m.kind == "add":
            return f"Add a {COLOURS[m.colour]} block to player {m.tower + 1}'s tower, cell {CELLS[m.cell]}"
        if m.kind == "take":
            return f"Take the block at {CELLS[m.cell]}{m.floor} off player {m.tower + 1}'s tower"
        if m.kind == "return":
            return f"Return the block at {CELLS[m.cell]}{m.floor} of your tower to the bag"
        if m.kind == "bonus":
            return f"Place a Bonus Block on cell {CELLS[m.cell]} of your tower"
        if m.kind == "pass":
            return "Do nothing this turn"
        return "End your turn"

    def make_bot(self, level: str) -> Any:
        """Levels novice, steady and expert (the ids random, heuristic and strong of older
        saves name the same bots)."""
        from babel.games.babel_on import bots

        return bots.make_bot(level)


_HAND_RE = re.compile(r"^@(-?\d+),(-?\d+)$")


def _parse(words: list[str]) -> Move:
    if not words:
        raise ValueError("empty")
    kind = words[0]
    rest = words[1:]
    dx = dy = shake = 0
    tail = []
    for w in rest:
        mt = _HAND_RE.match(w)
        if mt:
            dx, dy = int(mt.group(1)), int(mt.group(2))
            if not (dx or dy):
                raise ValueError("zero offset is written by leaving it out")
        elif w.startswith("~") and w[1:].isdigit():
            shake = int(w[1:])
            if not shake:
                raise ValueError("zero shake is written by leaving it out")
        else:
            tail.append(w)
    if kind == "call" and tail in (["even"], ["odd"]) and not (dx or dy or shake):
        return Move("call", parity=tail[0])
    if kind in ("pass", "end") and not tail and not (dx or dy or shake):
        return Move(kind)
    if kind == "add" and len(tail) == 2:
        colour = COLOURS.index(tail[0])
        tower, cell = _tower_cell(tail[1])
        return Move("add", colour=colour, tower=tower, cell=cell, dx=dx, dy=dy, shake=shake)
    if kind in ("take", "return") and len(tail) == 1:
        mt = re.fullmatch(r"(\d)([abcd])(\d)", tail[0])
        if not mt:
            raise ValueError(tail[0])
        return Move(
            kind,
            tower=int(mt.group(1)) - 1,
            cell=CELLS.index(mt.group(2)),
            floor=int(mt.group(3)),
            dx=dx,
            dy=dy,
            shake=shake,
        )
    if kind == "bonus" and len(tail) == 1:
        tower, cell = _tower_cell(tail[0])
        return Move("bonus", tower=tower, cell=cell, dx=dx, dy=dy, shake=shake)
    raise ValueError(kind)


def _tower_cell(word: str) -> tuple[int, int]:
    mt = re.fullmatch(r"(\d)([abcd])", word)
    if not mt:
        raise ValueError(word)
    return int(mt.group(1)) - 1, CELLS.index(mt.group(2))


def move_places(tower: Tower, m: Move, placed: Block | None) -> list[physics.Placed]:
    """The tower as simulated right after move ``m``: with the ``placed`` block on top of its
    cell (an add), or without the block at (cell, floor) (a take or return)."""
    if placed is not None:
        pl = st.places(tower)
        pl.append(physics.Placed(m.cell, len(tower[m.cell]) + 1, placed.dx, placed.dy))
        return pl
    return st.places(tower, skip=(m.cell, m.floor))


def physics_member(rng: int, ply: int) -> int:
    """Which member of a move's ensemble happens: drawn from the state's RNG ``rng`` forked by
    the move's ``ply`` (the ply count after it), so the die's stream is untouched."""
    return Rng(rng).fork(f"physics {ply}").below(physics.MEMBERS)


def _wobble_data(report: physics.Report) -> dict:
    """For a move the tower stood through but visibly rocked: the frames of the sway."""
    if not (report.stands and report.wobble):
        return {}
    return {
        "wobble": report.to_data()["frames"],
        "frame_dt": physics.FRAME_EVERY * physics.DT,
    }


def _set(tup: tuple, i: int, value: Any) -> tuple:
    return tup[:i] + (value,) + tup[i + 1 :]


def _bag_with(bag: tuple[int, ...], hand: tuple[int, ...]) -> tuple[int, ...]:
    if not hand:
        return bag
    out = list(bag)
    for c in hand:
        out[c] += 1
    return tuple(out)
