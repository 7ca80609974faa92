"""Babel On! bots: novice, steady and expert, each with its own steadiness of hand.

A bot sees only its view (which in this game is the whole table except the random stream) and
the legal actions, which are canonical (zero offset, no shake). After choosing a move it makes
it with its *hand*: a placement offset (aligned with the block below; a novice adds noise) and
a shake level drawn from its hand's spread (``preview.PREVIEW_HANDS``) with the bot's seeded
stream. The risk a bot weighs is the chance that the very move it will make falls over that
spread (``preview.hand_risk``): per level, the same ensemble the table shows and ``apply`` draws
from, weighed by how often the hand makes the level.

- "novice" (old id "random"): any legal move, shaky hands.
- "steady" (old id "heuristic"): a greedy builder with a fairly steady hand; it scores towers by
  their progress towards a Perfect Tower (with the blocks still to take down to repair a floor
  that can no longer meet the colour rules, so it repairs over several turns), never makes a
  move whose risk on a rival tower exceeds its tolerance unless nothing else is legal, avoids
  risky moves on its own tower, and attacks the leader a little (mostly it builds).
- "expert" (old id "strong"): a careful hand; it chooses even/odd by expected value over the die
  faces, tolerates no risk on a rival tower (a move none of whose ensemble falls, unless it is
  the only legal move), and weighs every move on its own tower by its risk against the loss a
  fall would cause.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from babel.core.bots import BotLevel, BotRoster, Budget
from babel.core.protocol import replace
from babel.core.rng import Rng
from babel.games.babel_on import physics
from babel.games.babel_on import structure as st
from babel.games.babel_on.actions import (
    Action,
    Add,
    BlockMove,
    Bonus,
    Call,
    End,
    Pass,
    Placement,
    Removal,
    Take,
)
from babel.games.babel_on.model import BabelView, Phase
from babel.games.babel_on.preview import PREVIEW_HANDS, draw_shake, hand_risk
from babel.games.babel_on.structure import ADJACENT, FLOORS, Block, Tower


@dataclass(frozen=True)
class Hand:
    """How steady a hand is: the spread of its shake levels (``preview.PREVIEW_HANDS``: each
    move's level is drawn from the bot's seeded stream) and its placement noise."""

    name: str
    spread: tuple[tuple[int, int], ...]
    offset_noise: int

    @property
    def shake(self) -> int:
        """The level this hand makes most often."""
        return max(self.spread, key=lambda ls: ls[1])[0]


OFFSET_NOISE = {"steady": 0, "careful": 0, "average": 0, "shaky": 4}
HANDS = {name: Hand(name, PREVIEW_HANDS[name], OFFSET_NOISE[name]) for name in PREVIEW_HANDS}
LEVEL_HANDS = {"novice": "shaky", "steady": "average", "expert": "careful"}
OLD_LEVELS = {"random": "novice", "heuristic": "steady", "strong": "expert"}  # ids of older saves
# The highest risk on a rival's tower a level accepts (unless the move is the only legal one).
RIVAL_TOLERANCE = {"steady": 0.05, "expert": 0.0}
OWN_TOLERANCE = 0.25  # the steady bot avoids own-tower moves riskier than this
REPAIR_WEIGHT = 3.0  # value of each block that must come down to repair a floor
# With one rival, a repair's taken blocks can only go onto that rival's tower, so stalls feed
# themselves: a 2-player bot repairs first. 2-player expert games reaching the round limit, 300
# seeded games with a shake-1 hand: 14% at 1.5, 5% at 3.0, 2% at 6.0. With hands that shake
# (falls set towers back), 100 seeded games: 8% at 6.0 and 5% at 10.0; see docs/babel_on/physics.md
# for the expert hand's spread chosen with it.
REPAIR_WEIGHT_2P = 10.0
ATTACK = 0.15  # how much a rival leader's progress counts against a bot's own (attacking pays a little)

ELIMINATION = 1000.0  # the loss of knocking over a rival's tower
DEFAULT_SAMPLES = 6  # draws sampled per die face by the strong bot's call


def with_hand(view: BabelView, move: Action, hand: Hand, rng: Rng | None = None) -> Action:
    """The canonical ``move`` as this hand actually makes it (offset and shake). With an ``rng``
    the shake is drawn from the hand's spread (and a noisy hand's offset jitters); without one the
    move has the hand's usual offset and its most frequent shake, which is the move the bots
    weigh (over the hand's whole spread, ``move_risk``)."""
    if not isinstance(move, BlockMove):
        return move
    if view.steady_hands:
        shake = 0
    else:
        shake = hand.shake if rng is None else draw_shake(hand.spread, rng.below(100))
    if isinstance(move, Removal):
        return replace(move, shake=shake)
    dx = dy = 0
    if isinstance(move, Placement):
        below = st.top_block(view.towers, move.tower, move.cell)
        if below is not None:  # a hand lines a block up with the one below it
            dx, dy = below.dx, below.dy
        if hand.offset_noise and rng is not None:
            dx += rng.randint(-hand.offset_noise, hand.offset_noise)
            dy += rng.randint(-hand.offset_noise, hand.offset_noise)
        dx, dy = physics.clamp_aim(below, dx, dy)
    return replace(move, dx=dx, dy=dy, shake=shake)


# -- tower evaluation ---------------------------------------------------------------------------
def tower_value(tower: Tower, colour: int, players: int) -> float:
    """Progress towards a Perfect Tower: blocks, floors meeting the colour rules, lined-up
    floors, with a penalty for floors that can no longer meet the rule (they need repair)."""
    v = 0.0
    need_pair = players < 5
    for f in range(1, FLOORS + 1):
        own = [len(c) >= f and c[f - 1].colour == colour for c in tower]
        free = [len(c) < f for c in tower]
        n = sum(1 for c in tower if len(c) >= f)
        if n == 0:
            break
        v += n
        if st.floor_meets_colour(tower, f, colour, players):
            v += 4.0
        else:
            if need_pair:
                possible = any((own[a] or free[a]) and (own[b] or free[b]) for a, b in ADJACENT)
            else:
                possible = any(own[i] or free[i] for i in range(4))
            if possible:
                v += 1.5 * sum(own)
        if f >= 2:
            if st.floor_lined_up(tower, f, colour):
                v += 2.0
            elif not any(
                len(c) >= f - 1 and c[f - 2].colour == colour and (len(c) < f or c[f - 1].colour == colour)
                for c in tower
            ):
                v -= 1.0
    v -= (REPAIR_WEIGHT_2P if players == 2 else REPAIR_WEIGHT) * repair_debt(tower, colour, players)
    v += 2.0 * len(st.protected_floors(tower, colour))  # floors nobody can take apart
    if st.is_perfect(tower, colour, players):
        v += 30.0
    return v


def repair_debt(tower: Tower, colour: int, players: int) -> int:
    """How many blocks must come off the top to make the lowest floor that can no longer meet
    the national-colour rule meetable again (0 if every floor still can).

    Fixing floor f in column c means taking down column c from its top to floor f. The debt is
    the cheapest such set of columns that leaves a pair of adjacent cells (one cell with 5-6
    players) able to hold the colour on floor f. Counting it lets a bot value each return that
    brings a repair closer, so it repairs over several turns.
    """
    for f in range(1, FLOORS + 1):
        if not any(len(c) >= f for c in tower):
            return 0
        ok = [len(c) < f or c[f - 1].colour == colour for c in tower]
        cost = [0 if ok[i] else len(tower[i]) - f + 1 for i in range(4)]
        if players >= 5:
            best = min(cost)
        else:
            best = min(cost[a] + cost[b] for a, b in ADJACENT)
        if best:
            return best
    return 0


def _add(tower: Tower, cell: int, block: Block) -> Tower:
    cols = list(tower)
    cols[cell] = tower[cell] + (block,)
    return tuple(cols)  # type: ignore[return-value]


def _take(tower: Tower, cell: int, floor: int) -> Tower:
    cols = list(tower)
    col = list(tower[cell])
    del col[floor - 1]
    cols[cell] = tuple(col)
    return tuple(cols)  # type: ignore[return-value]


def standing(view: BabelView, me: int, towers: Sequence[Tower]) -> float:
    """My tower's value against the leading rival's. Attacking the leader pays only a little
    (``ATTACK``): at 0.6, two bots spent their odd rolls dumping blocks on each other's tops, and
    one 2-player game in ten ran into the round limit; at 0.15, one in twenty (400 seeded games)."""
    mine = tower_value(towers[me], me, view.players)
    rivals = [
        tower_value(towers[p], p, view.players)
        for p in range(view.players)
        if p != me and not view.eliminated[p]
    ]
    return mine - ATTACK * max(rivals, default=0.0)


def move_risk(view: BabelView, move: Action, hand: Hand) -> float:
    """The chance that the canonical ``move``, made with this hand, knocks its tower over: the
    table's own figure for exactly the move the hand makes (its offset), over the spread of
    shakes the hand makes (``preview.hand_risk``): the chance of a fall before the shake is drawn."""
    if not isinstance(move, BlockMove):
        return 0.0
    tower = view.towers[move.tower]
    if isinstance(move, Removal) and move.floor < len(tower[move.cell]):
        return 1.0  # a block with a block above it: pulling it brings the tower down (certain)
    return hand_risk(view, with_hand(view, move, hand), hand.spread)


def fall_loss(view: BabelView, me: int, move: BlockMove) -> float:
    if move.tower == me:
        return tower_value(view.towers[me], me, view.players) + 5.0
    return ELIMINATION


def score_move(view: BabelView, me: int, move: Action) -> float:
    """The standing after a move, ignoring physics (held blocks count for what they will do)."""
    towers = list(view.towers)
    bonus_hold = 0.0
    if isinstance(move, Placement):
        colour = move.colour if isinstance(move, Add) else me
        col = towers[move.tower][move.cell]
        dx, dy = (col[-1].dx, col[-1].dy) if col else (0, 0)
        towers[move.tower] = _add(towers[move.tower], move.cell, Block(colour, dx, dy))
        if isinstance(move, Bonus):
            bonus_hold = -1.0  # a Bonus Block kept is worth something later
    elif isinstance(move, Removal):
        block = towers[move.tower][move.cell][move.floor - 1]
        towers[move.tower] = _take(towers[move.tower], move.cell, move.floor)
        if isinstance(move, Take):
            bonus_hold = 3.0 if block.colour == me else 0.3
    return standing(view, me, towers) + bonus_hold


# -- the bots ------------------------------------------------------------------------------------
class HandRandomBot:
    """Any legal move, made with its hand."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand

    def choose(self, view: BabelView, legal: Sequence[Action], rng: Rng, budget: Budget) -> Action:
        return with_hand(view, rng.choice(legal), self.hand, rng)


class HeuristicBot:
    """A greedy builder: one-step standing (repair debt included), moves made with its hand
    and weighed by the table's own risk: never above its tolerance on a rival's tower (unless
    nothing else is legal), never a risky move on its own tower."""

    def __init__(self, hand: Hand, tolerance: float = RIVAL_TOLERANCE["steady"]) -> None:
        self.hand = hand
        self.tolerance = tolerance

    def choose(self, view: BabelView, legal: Sequence[Action], rng: Rng, budget: Budget) -> Action:
        me = view.seat
        if me is None:
            me = view.holder if view.phase is Phase.RESTORE else view.turn
        if view.phase is Phase.CALL:
            return self.call(view, me, legal, rng, budget)
        best = self.pick(view, me, legal, rng, budget)
        return with_hand(view, best, self.hand, rng)

    def call(self, view: BabelView, me: int, legal: Sequence[Action], rng: Rng, budget: Budget) -> Action:
        gains = _odd_opportunities(view, me)
        parity = "odd" if gains >= 2 else "even"
        return next(m for m in legal if isinstance(m, Call) and m.parity == parity)

    def raw_value(self, view: BabelView, me: int, move: Action, base: float) -> float:
        """The move's value ignoring physics (an upper bound of its value with physics)."""
        if isinstance(move, Pass | End):
            return base + (0.2 if isinstance(move, End) else 0.0)
        value = score_move(view, me, move)
        if isinstance(move, Bonus) and value - base < 1.5:
            value -= 10.0  # keep a Bonus Block for a place where it matters
        return value

    def with_risk(self, view: BabelView, me: int, move: Action, value: float, base: float, p: float) -> float:
        """The move's value once its risk ``p`` is known (never above ``value``)."""
        if p > OWN_TOLERANCE:
            return value - ELIMINATION / 4
        return value

    def pick(self, view: BabelView, me: int, legal: Sequence[Action], rng: Rng, budget: Budget) -> Action:
        """Branch and bound over the moves by their value without physics: risks (the costly
        part) are computed only for moves that could still be the best."""
        base = standing(view, me, view.towers)
        ranked = sorted(
            ((self.raw_value(view, me, m, base), i, m) for i, m in enumerate(legal)), key=lambda t: -t[0]
        )
        best: list[Action] = []
        best_value = -float("inf")
        safest: tuple[float, Action] | None = None
        for raw, _, m in ranked:
            if raw < best_value - 1e-9:
                break
            p = move_risk(view, m, self.hand)
            if isinstance(m, Add | Take) and m.tower != me and p > self.tolerance:
                if safest is None or p < safest[0]:
                    safest = (p, m)
                continue  # too risky for a rival's tower
            v = raw if p <= 0.0 else self.with_risk(view, me, m, raw, base, p)
            if v > best_value + 1e-9:
                best, best_value = [m], v
            elif v >= best_value - 1e-9:
                best.append(m)
        if not best:
            # Every legal move is too risky on a rival's tower: the least risky one.
            assert safest is not None
            return safest[1]
        return best[rng.below(len(best))]


class StrongBot(HeuristicBot):
    """Expected value over the die for the call; no risk at all on a rival's tower; risk on its
    own tower weighed against what a fall would cost."""

    def __init__(self, hand: Hand, samples: int = DEFAULT_SAMPLES) -> None:
        super().__init__(hand, RIVAL_TOLERANCE["expert"])
        self.samples = samples

    def with_risk(self, view: BabelView, me: int, move: Action, value: float, base: float, p: float) -> float:
        return (1.0 - p) * value + p * (base - fall_loss(view, me, move))

    def call(self, view: BabelView, me: int, legal: Sequence[Action], rng: Rng, budget: Budget) -> Action:
        """Budget iterations, when given, set how many draws are sampled per die face."""
        samples = max(1, budget.iterations) if budget.iterations else self.samples
        # Both calls cost the wrong-guess outcome half the time; compare the right halves.
        even = sum(self._even_gain(view, me, k, rng, samples) for k in (2, 4, 6)) / 3
        odd = sum(self._odd_gain(view, me, k) for k in (1, 3, 5)) / 3
        parity = "odd" if odd > even else "even"
        return next(m for m in legal if isinstance(m, Call) and m.parity == parity)

    def _even_gain(self, view: BabelView, me: int, k: int, rng: Rng, samples: int) -> float:
        bag = list(view.bag)
        if sum(bag) == 0:
            return 0.0
        base = tower_value(view.towers[me], me, view.players)
        total = 0.0
        for _ in range(samples):
            b = list(bag)
            tower = view.towers[me]
            for _ in range(min(k, sum(b))):
                pick = rng.below(sum(b))
                colour = 0
                for c, n in enumerate(b):
                    if pick < n:
                        colour = c
                        break
                    pick -= n
                b[colour] -= 1
                tower = _greedy_place(tower, colour, me, view.players)
            total += tower_value(tower, me, view.players) - base
        return total / samples

    def _odd_gain(self, view: BabelView, me: int, k: int) -> float:
        towers = list(view.towers)
        start = standing(view, me, towers)
        held: list[int] = []
        for _ in range(k):
            best = None
            for t in range(view.players):
                if view.eliminated[t]:
                    continue
                tower = towers[t]
                for cell, col in enumerate(tower):
                    if not col:
                        continue
                    floor = len(col)
                    if st.remove_refusal(tower, cell, floor, t, own=t == me):
                        continue
                    after = list(towers)
                    after[t] = _take(tower, cell, floor)
                    colour = col[-1].colour
                    v = standing(view, me, after) + (3.0 if colour == me else 0.3)
                    if best is None or v > best[0]:
                        best = (v, t, cell, floor, colour)
            if best is None:
                break
            _, t, cell, floor, colour = best
            towers[t] = _take(towers[t], cell, floor)
            held.append(colour)
        for colour in held:
            if colour == me:
                towers[me] = _greedy_place(towers[me], colour, me, view.players)
        return standing(view, me, towers) - start


def _greedy_place(tower: Tower, colour: int, me: int, players: int) -> Tower:
    best = None
    for cell in range(4):
        if st.add_refusal(tower, cell) is not None:
            continue
        t2 = _add(tower, cell, Block(colour))
        v = tower_value(t2, me, players)
        if best is None or v > best[0]:
            best = (v, t2)
    return tower if best is None else best[1]


def _odd_opportunities(view: BabelView, me: int) -> int:
    """Blocks an odd roll could usefully move: my colour on rivals' tops, spoilers on mine."""
    n = 0
    for t in range(view.players):
        if view.eliminated[t]:
            continue
        tower = view.towers[t]
        for cell, col in enumerate(tower):
            if not col or st.remove_refusal(tower, cell, len(col), t, own=t == me):
                continue
            if t != me and col[-1].colour == me:
                n += 1
            if t == me and col[-1].colour != me:
                n += 1
    return n


def _maker(level: str):
    hand = HANDS[LEVEL_HANDS[level]]
    kind = {"novice": HandRandomBot, "steady": HeuristicBot, "expert": StrongBot}[level]
    return lambda: kind(hand)


BOTS = BotRoster(
    levels=(
        BotLevel(
            "novice",
            "Novice",
            make=_maker("novice"),
            blurb="plays any legal move, with shaky hands; good for learning the rules.",
        ),
        BotLevel(
            "steady",
            "Steady",
            make=_maker("steady"),
            blurb="builds greedily with a fairly steady hand and takes at most a 5% risk on a rival.",
        ),
        BotLevel(
            "expert",
            "Expert",
            make=_maker("expert"),
            blurb="weighs every risk with a careful hand; a real challenge.",
        ),
    ),
    aliases=OLD_LEVELS,
)
