"""A tiny built-in example game that exercises the protocol (tests only; never in the menu).

"Three-card draw": 2-3 players are dealt 3 cards each from the cards 1-9. Each round every
player commits one card face down at the same time; when all have committed the cards are
revealed and the highest scores its value. After three rounds the highest score wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from babel.core.bots import BotLevel, BotRoster, RandomBot
from babel.core.protocol import ActionTextError, Event, GameInfo, Outcome, Rules, Step, replace
from babel.core.rng import Rng, seed_state

ROUNDS = 3


class Phase(Enum):
    CHOOSE = "choose"
    OVER = "over"


@dataclass(frozen=True)
class Play:
    card: int


@dataclass(frozen=True)
class DrawState:
    rng: int
    phase: Phase
    hands: tuple[tuple[int, ...], ...]
    committed: tuple[int | None, ...]
    scores: tuple[int, ...]
    round: int
    stock: tuple[int, ...]


@dataclass(frozen=True)
class DrawView:
    seat: int | None
    phase: Phase
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    committed: tuple[bool, ...]
    my_commit: int | None
    scores: tuple[int, ...]
    round: int
    stock_size: int


class ThreeCardDraw(Rules[DrawState, Play, DrawView]):
    info = GameInfo(
        id="example",
        title="Three-card draw",
        blurb="A protocol exercise.",
        min_players=2,
        max_players=3,
    )
    state_type = DrawState
    action_type = Play
    view_type = DrawView

    def initial_state(self, config, seed):
        rng = Rng(seed_state(seed))
        deck = rng.shuffled(range(1, 10))
        n = config.players
        hands = tuple(tuple(sorted(deck[i * 3 : i * 3 + 3])) for i in range(n))
        return DrawState(rng.state, Phase.CHOOSE, hands, (None,) * n, (0,) * n, 1, tuple(deck[n * 3 :]))

    def to_act(self, state):
        if state.phase is Phase.OVER:
            return ()
        return tuple(i for i, c in enumerate(state.committed) if c is None)

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return ()
        return tuple(Play(c) for c in state.hands[seat])

    def why_illegal(self, state, seat, action):
        if state.phase is Phase.OVER:
            return "the game is over"
        if not 0 <= seat < len(state.hands):
            return f"there is no seat {seat + 1}"
        if state.committed[seat] is not None:
            return "you have already chosen a card this round"
        if not isinstance(action, Play) or action.card not in state.hands[seat]:
            return "that card is not in your hand"
        return None

    def invariant_errors(self, state):
        cards = [c for hand in state.hands for c in hand] + [c for c in state.committed if c is not None]
        return () if len(cards) == len(set(cards)) else ("a card is in two places",)

    def apply(self, state, seat, action):
        self.check(state, seat, action)
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != action.card)
        committed = list(state.committed)
        committed[seat] = action.card
        events = [
            Event("commit", {"seat": seat}),
            Event("commit_card", {"seat": seat, "card": action.card}, frozenset({seat})),
        ]
        state = replace(state, hands=tuple(hands), committed=tuple(committed))
        if all(c is not None for c in committed):
            best = max(committed)
            winner = committed.index(best)
            scores = list(state.scores)
            scores[winner] += best
            events.append(Event("reveal", {"cards": list(committed), "winner": winner}, irreversible=True))
            over = state.round >= ROUNDS
            state = replace(
                state,
                committed=(None,) * len(committed),
                scores=tuple(scores),
                round=state.round + (0 if over else 1),
                phase=Phase.OVER if over else Phase.CHOOSE,
            )
        return Step(state, tuple(events))

    def view(self, state, seat):
        return DrawView(
            seat=seat,
            phase=state.phase,
            hand=state.hands[seat] if seat is not None else (),
            hand_sizes=tuple(len(h) for h in state.hands),
            committed=tuple(c is not None for c in state.committed),
            my_commit=state.committed[seat] if seat is not None else None,
            scores=state.scores,
            round=state.round,
            stock_size=len(state.stock),
        )

    def outcome(self, state):
        if state.phase is not Phase.OVER:
            return None
        top = max(state.scores)
        return Outcome(
            tuple(i for i, s in enumerate(state.scores) if s == top), tuple(map(float, state.scores))
        )

    def resample_hidden(self, state, seat, rng):
        # Everything outside seat's hand and commitment is redrawn from the unseen cards.
        n = len(state.hands)
        unseen = [c for i in range(n) if i != seat for c in state.hands[i]]
        unseen += [c for i, c in enumerate(state.committed) if i != seat and c is not None]
        unseen += list(state.stock)
        rng.shuffle(unseen)
        hands, committed = list(state.hands), list(state.committed)
        for i in range(n):
            if i == seat:
                continue
            k = len(state.hands[i])
            hands[i] = tuple(sorted(unseen[:k]))
            unseen = unseen[k:]
            if committed[i] is not None:
                committed[i] = unseen.pop()
        return replace(
            state, hands=tuple(hands), committed=tuple(committed), stock=tuple(unseen), rng=rng.next64()
        )

    def action_text(self, action):
        return f"play {action.card}"

    def parse_action(self, text):
        parts = text.split()
        if len(parts) != 2 or parts[0] != "play" or not parts[1].isdigit():
            raise ActionTextError(f"cannot read action '{text[:40]}'")
        return Play(int(parts[1]))


EXAMPLE = ThreeCardDraw()
EXAMPLE_BOTS = BotRoster((BotLevel("random", "Random", RandomBot),))
