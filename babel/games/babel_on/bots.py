"""Babel On! bots: random, heuristic and strong, each with its own steadiness of hand.

A bot sees only its view (which in this game is the whole table except the random stream) and
the legal actions, which are canonical (zero offset, no shake). After choosing a move it applies
its *hand*: a placement offset (aligned with the block below, plus a little noise) and a shake
drawn from the hand's distribution with the bot's rng. The hand is part of the level:

- "random": any legal move, shaky hands.
- "heuristic": a greedy builder with average hands; it scores towers by their progress towards
  a Perfect Tower, protects its floors (never pulls a block it knows is load-bearing, avoids risky
  pulls from rival towers), and attacks the leader (takes blocks that spoil the leader's floors
  and dumps spoiling blocks on the leader's tower).
- "strong": careful hands; it chooses even/odd by expected value over the die faces (sampled
  draws from the bag, a greedy plan of the odd move, the wrong-guess fallback), and weighs every
  move by its sampled physics risk (``physics.risk`` over the shake distribution of its hand)
  against the loss a fall would cause (its own tower, or elimination).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from babel.core.bots import Budget
from babel.core.protocol import ConfigError, replace
from babel.core.rng import Rng
from babel.games.babel_on import physics
from babel.games.babel_on import structure as st
from babel.games.babel_on.engine import BabelView, Move, Phase
from babel.games.babel_on.preview import PREVIEW_HANDS
from babel.games.babel_on.structure import ADJACENT, FLOORS, Block, Tower


@dataclass(frozen=True)
class Hand:
    """How steady a hand is: weights of shake levels 0.. and the spread of placement noise."""

    name: str
    shake_weights: tuple[float, ...]
    offset_noise: int

    def shake(self, rng: Rng) -> int:
        total = sum(self.shake_weights)
        x = rng.random() * total
        for level, w in enumerate(self.shake_weights):
            if x < w:
                return level
            x -= w
        return len(self.shake_weights) - 1


OFFSET_NOISE = {"steady": 0, "careful": 1, "average": 2, "shaky": 4}
HANDS = {name: Hand(name, PREVIEW_HANDS[name], OFFSET_NOISE[name]) for name in PREVIEW_HANDS}
LEVEL_HANDS = {"random": "shaky", "heuristic": "average", "strong": "careful"}

ELIMINATION = 1000.0  # the loss of knocking over a rival's tower
DEFAULT_SAMPLES = 6  # draws sampled per die face by the strong bot's call


def with_hand(view: BabelView, move: Move, hand: Hand, rng: Rng) -> Move:
    """The canonical ``move`` as this hand actually makes it (offset and shake)."""
    if move.kind not in ("add", "bonus", "take", "return"):
        return move
    shake = 0 if view.steady_hands else hand.shake(rng)
    dx = dy = 0
    if move.kind in ("add", "bonus"):
        col = view.towers[move.tower][move.cell]
        if col:  # a hand lines a block up with the one below it, more or less
            dx, dy = col[-1].dx, col[-1].dy
        if hand.offset_noise:
            dx += rng.randint(-hand.offset_noise, hand.offset_noise)
            dy += rng.randint(-hand.offset_noise, hand.offset_noise)
        dx = max(-physics.MAX_OFFSET, min(physics.MAX_OFFSET, dx))
        dy = max(-physics.MAX_OFFSET, min(physics.MAX_OFFSET, dy))
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
            else:
                v -= 6.0
        if f >= 2:
            if st.floor_lined_up(tower, f, colour):
                v += 2.0
            elif not any(
                len(c) >= f - 1 and c[f - 2].colour == colour and (len(c) < f or c[f - 1].colour == colour)
                for c in tower
            ):
                v -= 1.0
    v += 2.0 * len(st.protected_floors(tower, colour))  # floors nobody can take apart
    if st.is_perfect(tower, colour, players):
        v += 30.0
    return v


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
    """My tower's value against the leading rival's (attacking the leader pays)."""
    mine = tower_value(towers[me], me, view.players)
    rivals = [
        tower_value(towers[p], p, view.players)
        for p in range(view.players)
        if p != me and not view.eliminated[p]
    ]
    return mine - 0.6 * max(rivals, default=0.0)


def move_risk(view: BabelView, move: Move, hand: Hand) -> float:
    """The chance that the canonical ``move`` knocks its tower over with this hand."""
    if move.kind not in ("add", "bonus", "take", "return"):
        return 0.0
    tower = view.towers[move.tower]
    weights = (1.0,) if view.steady_hands else hand.shake_weights
    if move.kind in ("take", "return"):
        if move.floor < len(tower[move.cell]):
            return 1.0  # a block with a block above it: pulling it brings the tower down
        pl = st.places(tower, skip=(move.cell, move.floor))
    else:
        pl = st.places(tower)
        col = tower[move.cell]
        dx, dy = (col[-1].dx, col[-1].dy) if col else (0, 0)
        dx, dy = st.clamp_offset(tower, move.cell, dx, dy)
        pl.append(physics.Placed(move.cell, len(col) + 1, dx, dy))
    return physics.risk(pl, move.cell, weights, quick=True)


def fall_loss(view: BabelView, me: int, move: Move) -> float:
    if move.tower == me:
        return tower_value(view.towers[me], me, view.players) + 5.0
    return ELIMINATION


def score_move(view: BabelView, me: int, move: Move) -> float:
    """The standing after a move, ignoring physics (held blocks count for what they will do)."""
    towers = list(view.towers)
    bonus_hold = 0.0
    if move.kind in ("add", "bonus"):
        colour = me if move.kind == "bonus" else move.colour
        col = towers[move.tower][move.cell]
        dx, dy = (col[-1].dx, col[-1].dy) if col else (0, 0)
        towers[move.tower] = _add(towers[move.tower], move.cell, Block(colour, dx, dy))
        if move.kind == "bonus":
            bonus_hold = -1.0  # a Bonus Block kept is worth something later
    elif move.kind in ("take", "return"):
        block = towers[move.tower][move.cell][move.floor - 1]
        towers[move.tower] = _take(towers[move.tower], move.cell, move.floor)
        if move.kind == "take":
            bonus_hold = 3.0 if block.colour == me else 0.3
    return standing(view, me, towers) + bonus_hold


# -- the bots ------------------------------------------------------------------------------------
class HandRandomBot:
    """Any legal move, made with its hand."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand

    def choose(self, view: BabelView, legal: Sequence[Move], rng: Rng, budget: Budget) -> Move:
        return with_hand(view, rng.choice(legal), self.hand, rng)


class HeuristicBot:
    """A greedy builder: one-step standing, with a risk veto on dangerous moves."""

    risk_veto = 0.15

    def __init__(self, hand: Hand) -> None:
        self.hand = hand

    def choose(self, view: BabelView, legal: Sequence[Move], rng: Rng, budget: Budget) -> Move:
        me = view.seat
        if me is None:
            me = view.holder if view.phase is Phase.RESTORE else view.turn
        if view.phase is Phase.CALL:
            return self.call(view, me, legal, rng, budget)
        best = self.pick(view, me, legal, rng, budget)
        return with_hand(view, best, self.hand, rng)

    def call(self, view: BabelView, me: int, legal: Sequence[Move], rng: Rng, budget: Budget) -> Move:
        gains = _odd_opportunities(view, me)
        parity = "odd" if gains >= 2 else "even"
        return next(m for m in legal if m.parity == parity)

    def evaluate(self, view: BabelView, me: int, move: Move, base: float) -> float:
        value = score_move(view, me, move)
        if move.kind in ("take", "return") and move.floor < len(view.towers[move.tower][move.cell]):
            return -ELIMINATION  # never pull a load-bearing block
        if move.kind in ("take", "add") and move.tower != me:
            if move_risk(view, move, self.hand) > self.risk_veto:
                return -ELIMINATION / 2
        if move.kind == "bonus" and value - base < 1.5:
            value -= 10.0  # keep a Bonus Block for a place where it matters
        return value

    def pick(self, view: BabelView, me: int, legal: Sequence[Move], rng: Rng, budget: Budget) -> Move:
        base = standing(view, me, view.towers)
        scored = []
        for m in legal:
            if m.kind in ("pass", "end"):
                scored.append((base + (0.2 if m.kind == "end" else 0.0), m))
            else:
                scored.append((self.evaluate(view, me, m, base), m))
        top = max(v for v, _ in scored)
        ties = [m for v, m in scored if v >= top - 1e-9]
        return ties[rng.below(len(ties))]


class StrongBot(HeuristicBot):
    """Expected value over the die for the call; risk-weighted expected value for moves."""

    def __init__(self, hand: Hand, samples: int = DEFAULT_SAMPLES) -> None:
        super().__init__(hand)
        self.samples = samples

    def evaluate(self, view: BabelView, me: int, move: Move, base: float) -> float:
        value = score_move(view, me, move)
        if move.kind == "bonus" and value - base < 1.5:
            value -= 10.0
        p = move_risk(view, move, self.hand)
        if p <= 0.0:
            return value
        return (1.0 - p) * value + p * (base - fall_loss(view, me, move))

    def call(self, view: BabelView, me: int, legal: Sequence[Move], rng: Rng, budget: Budget) -> Move:
        """Budget iterations, when given, set how many draws are sampled per die face."""
        samples = max(1, budget.iterations) if budget.iterations else self.samples
        # Both calls cost the wrong-guess outcome half the time; compare the right halves.
        even = sum(self._even_gain(view, me, k, rng, samples) for k in (2, 4, 6)) / 3
        odd = sum(self._odd_gain(view, me, k) for k in (1, 3, 5)) / 3
        parity = "odd" if odd > even else "even"
        return next(m for m in legal if m.parity == parity)

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


def make_bot(level: str) -> HandRandomBot | HeuristicBot:
    hand = HANDS[LEVEL_HANDS[level]] if level in LEVEL_HANDS else None
    if level == "random":
        return HandRandomBot(hand)
    if level == "heuristic":
        return HeuristicBot(hand)
    if level == "strong":
        return StrongBot(hand)
    raise ConfigError(f"Babel On! has no bot level '{level}'")
