"""The rules of the Tower of Babel card duel, through the common protocol.

Two or three players each hold one full suit (2..A) and a Joker: 14 cards, 14 rounds. Every
round each seat commits one card face down; when the last seat has committed, all cards are
revealed together and the round is resolved (``resolve_round``): the Builder title, the die in
the centre or in front of the Builder, its value, the points, the instant win on a six.

Cards are plain ints: ranks 2..14 (J=11, Q=12, K=13, A=14) and ``JOKER`` = 15. An action is
``Play(card)``; its text form is ``play 7``, ``play 10``, ``play J``, ``play A``, ``play JK``.

State layout: ``hands`` hold every card not yet *revealed* (a committed card stays in its hand
until the reveal, because until then the others only know it is one of those cards);
``committed`` holds this round's secret choices. The game uses no chance at all; ``rng`` is kept
only because the protocol asks every state to carry one.

Events (``data`` is JSON-friendly; a seat is an int, the centre of the table is ``None``):

- ``commit`` (public): ``{"round", "seat"}``: a card went face down in front of ``seat``.
- ``commit_card`` (only to that seat): ``{"round", "seat", "card", "text"}``.
- ``reveal`` (public, irreversible): ``{"round", "cards", "texts"}``, one card per seat.
- ``round`` (public): ``{"round", "kind", "winner", "builder_before", "builder_after",
  "die_before", "die_after", "points", "text"}``: how the round was decided (``kind`` is a
  ``RoundKind`` value, ``winner`` the seat that won the round or ``None``).
- ``builder`` (public): ``{"from", "to"}`` when the title changes hands (``None`` = nobody).
- ``die_move`` (public): ``{"from", "to", "value_before", "value_after"}`` when the die moves
  between the centre and a player (``None`` = the centre).
- ``die_turn`` (public): ``{"seat", "value_before", "value_after"}`` when the Builder turns it up.
- ``score`` (public): ``{"seat", "points", "total", "scores"}``.
- ``game_over`` (public): ``{"reason": "six" | "rounds", "winners", "scores", "text"}``.
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
    Outcome,
    Rules,
    Step,
    replace,
)
from babel.core.rng import Rng, seed_state

ROUNDS = 14
JOKER = 15
RANKS = tuple(range(2, 15))
SUIT = (*RANKS, JOKER)  # one player's 14 cards, lowest first
DIE_START = 1
DIE_MAX = 6
RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A", JOKER: "JK"}
RANK_NAME = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace", JOKER: "Joker"}
TEXT_RANK = {
    **{str(r): r for r in range(2, 11)},
    "J": 11,
    "Q": 12,
    "K": 13,
    "A": 14,
    "JK": JOKER,
    "T": 10,
    "JACK": 11,
    "QUEEN": 12,
    "KING": 13,
    "ACE": 14,
    "JOKER": JOKER,
    "X": JOKER,
}


def card_text(card: int) -> str:
    """The short text of a card: '7', '10', 'J', 'A', 'JK'."""
    return RANK_TEXT.get(card, str(card))


def card_name(card: int) -> str:
    """A card in words for messages: 'the 7', 'the Ace', 'the Joker'."""
    return "the " + RANK_NAME.get(card, str(card))


def parse_card(text: str) -> int | None:
    return TEXT_RANK.get(text.strip().upper())


class Phase(Enum):
    CHOOSE = "choose"
    OVER = "over"


class RoundKind(Enum):
    """How a round was decided (the order of the ruling's cases)."""

    JOKER = "joker"  # exactly one Joker: the Builder (if any) loses the title, die to the centre
    JOKERS_TIE = "jokers_tie"  # two or more Jokers: a tie, the Builder (if any) wins
    BUILDER_WINS = "builder_wins"  # the Builder is among the highest
    NEW_BUILDER = "new_builder"  # one non-Builder played the single highest card
    TIE_ABOVE = "tie_above_builder"  # two or more non-Builders tie above the Builder
    CENTRE_TIE = "centre_tie"  # die in the centre and a tie for highest: nobody


class EndReason(Enum):
    SIX = "six"
    ROUNDS = "rounds"


@dataclass(frozen=True)
class Play:
    card: int


@dataclass(frozen=True)
class RoundRecord:
    """One resolved round: the cards per seat and what came of them (after-values)."""

    cards: tuple[int, ...]
    kind: RoundKind
    winner: int | None
    builder: int | None
    die: int
    points: int


@dataclass(frozen=True)
class Resolution:
    kind: RoundKind
    winner: int | None  # the seat that won the round (Builder or new Builder), if any
    builder: int | None  # Builder after the round (None: the die is in the centre)
    die: int  # die value after the round
    points: int  # points scored by ``winner`` (only a winning Builder scores)
    game_won: bool  # a Builder won with the six showing


def resolve_round(cards: Sequence[int], builder: int | None, die: int) -> Resolution:
    """Decide one round from the revealed cards (RULINGS.md, card duel, ruling 2-4)."""
    jokers = sum(1 for c in cards if c == JOKER)
    if jokers == 1:
        return Resolution(RoundKind.JOKER, None, None, DIE_START, 0, False)
    if jokers >= 2:
        if builder is None:
            return Resolution(RoundKind.JOKERS_TIE, None, None, die, 0, False)
        return _builder_wins(RoundKind.JOKERS_TIE, builder, die)
    top = max(cards)
    best = [i for i, c in enumerate(cards) if c == top]
    if builder is not None and builder in best:
        return _builder_wins(RoundKind.BUILDER_WINS, builder, die)
    if len(best) == 1:
        return Resolution(RoundKind.NEW_BUILDER, best[0], best[0], DIE_START, 0, False)
    if builder is not None:
        return Resolution(RoundKind.TIE_ABOVE, None, None, DIE_START, 0, False)
    return Resolution(RoundKind.CENTRE_TIE, None, None, die, 0, False)


def _builder_wins(kind: RoundKind, builder: int, die: int) -> Resolution:
    if die >= DIE_MAX:
        return Resolution(kind, builder, builder, die, die, True)
    return Resolution(kind, builder, builder, die + 1, die, False)


@dataclass(frozen=True)
class DuelState:
    rng: int
    phase: Phase
    hands: tuple[tuple[int, ...], ...]  # cards not yet revealed, lowest first
    committed: tuple[int | None, ...]  # this round's secret choices
    builder: int | None  # who has the die; None = the die is in the centre
    die: int
    scores: tuple[int, ...]
    history: tuple[RoundRecord, ...]
    end: EndReason | None = None

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def round(self) -> int:
        """The round being played (1..14), or the number of rounds played once over."""
        return len(self.history) + (0 if self.phase is Phase.OVER else 1)


@dataclass(frozen=True)
class DuelView:
    """What one seat may know (``seat`` None: a spectator). All hands are public knowledge;
    only this round's choices are secret, so ``committed`` says just who has chosen."""

    seat: int | None
    players: int
    phase: Phase
    round: int
    rounds: int
    hands: tuple[tuple[int, ...], ...]
    committed: tuple[bool, ...]
    my_choice: int | None
    builder: int | None
    die: int
    scores: tuple[int, ...]
    history: tuple[RoundRecord, ...]
    winners: tuple[int, ...] = ()
    end: EndReason | None = None

    @property
    def hand(self) -> tuple[int, ...]:
        return self.hands[self.seat] if self.seat is not None else ()


class DuelRules(Rules[DuelState, Play, DuelView]):
    info = GameInfo(
        id="duel",
        title="Tower of Babel: the card duel",
        blurb="Play one card at a time, all at once. Win rounds as Builder while the die climbs to six.",
        min_players=2,
        max_players=3,
        bot_levels=("novice", "steady", "expert"),
        extra_bot_levels=(
            "lowest",
            "highest",
            "die",
            "above",
            "joker6",
            "random",
            "thumb",
            "heuristic",
            "strong",
        ),
        rules_doc="babel.games.duel:RULES.md",
        default_players=2,
    )
    state_type = DuelState
    action_type = Play
    view_type = DuelView

    # -- the verbs --------------------------------------------------------------------
    def initial_state(self, config: Config, seed: int) -> DuelState:
        n = config.players
        if n not in self.info.player_counts:
            raise ConfigError(f"the card duel is for 2 or 3 players, not {n}")
        return DuelState(
            rng=seed_state(seed, "duel"),
            phase=Phase.CHOOSE,
            hands=(SUIT,) * n,
            committed=(None,) * n,
            builder=None,
            die=DIE_START,
            scores=(0,) * n,
            history=(),
        )

    def to_act(self, state: DuelState) -> tuple[int, ...]:
        if state.phase is Phase.OVER:
            return ()
        return tuple(i for i, c in enumerate(state.committed) if c is None)

    def legal_actions(self, state: DuelState, seat: int) -> tuple[Play, ...]:
        if state.phase is Phase.OVER or not 0 <= seat < state.players or state.committed[seat] is not None:
            return ()
        return tuple(Play(c) for c in state.hands[seat])

    def apply(self, state: DuelState, seat: int, action: Play) -> Step[DuelState]:
        if state.phase is Phase.OVER:
            raise IllegalAction("the game is over: no more cards can be played")
        if not isinstance(seat, int) or not 0 <= seat < state.players:
            raise IllegalAction(f"there is no seat {seat} in this {state.players}-player game")
        if not isinstance(action, Play) or not isinstance(action.card, int):
            raise IllegalAction("in the card duel the only action is playing a card")
        rnd = state.round
        if state.committed[seat] is not None:
            raise IllegalAction(
                f"you have already chosen your card for round {rnd}: each player plays one card a round"
            )
        card = action.card
        if card not in SUIT:
            raise IllegalAction(f"'{card}' is not a card of the duel (2-10, J, Q, K, A or JK)")
        if card not in state.hands[seat]:
            raise IllegalAction(f"{card_name(card)} is not in your hand: it was played in an earlier round")
        committed = list(state.committed)
        committed[seat] = card
        events = [
            Event("commit", {"round": rnd, "seat": seat}),
            Event(
                "commit_card",
                {"round": rnd, "seat": seat, "card": card, "text": card_text(card)},
                frozenset({seat}),
            ),
        ]
        if any(c is None for c in committed):
            return Step(replace(state, committed=tuple(committed)), tuple(events))
        return self._reveal(state, tuple(committed), events)

    def _reveal(self, state: DuelState, cards: tuple[int, ...], events: list[Event]) -> Step[DuelState]:
        rnd = state.round
        events.append(
            Event(
                "reveal",
                {"round": rnd, "cards": list(cards), "texts": [card_text(c) for c in cards]},
                irreversible=True,
            )
        )
        res = resolve_round(cards, state.builder, state.die)
        scores = list(state.scores)
        if res.points:
            scores[res.winner] += res.points
        events.append(
            Event(
                "round",
                {
                    "round": rnd,
                    "kind": res.kind.value,
                    "winner": res.winner,
                    "builder_before": state.builder,
                    "builder_after": res.builder,
                    "die_before": state.die,
                    "die_after": res.die,
                    "points": res.points,
                    "text": describe_round(cards, state.builder, res),
                },
            )
        )
        if res.builder != state.builder:
            events.append(Event("builder", {"from": state.builder, "to": res.builder}))
            if state.builder is not None or res.builder is not None:
                events.append(
                    Event(
                        "die_move",
                        {
                            "from": state.builder,
                            "to": res.builder,
                            "value_before": state.die,
                            "value_after": res.die,
                        },
                    )
                )
        if res.points:
            events.append(
                Event(
                    "score",
                    {"seat": res.winner, "points": res.points, "total": scores[res.winner], "scores": scores},
                )
            )
        if res.builder is not None and res.builder == state.builder and res.die != state.die:
            events.append(
                Event("die_turn", {"seat": res.builder, "value_before": state.die, "value_after": res.die})
            )
        record = RoundRecord(cards, res.kind, res.winner, res.builder, res.die, res.points)
        hands = tuple(tuple(c for c in hand if c != card) for hand, card in zip(state.hands, cards))
        new = replace(
            state,
            hands=hands,
            committed=(None,) * len(cards),
            builder=res.builder,
            die=res.die,
            scores=tuple(scores),
            history=(*state.history, record),
        )
        end = EndReason.SIX if res.game_won else EndReason.ROUNDS if len(new.history) >= ROUNDS else None
        if end is not None:
            new = replace(new, phase=Phase.OVER, end=end)
            out = self.outcome(new)
            assert out is not None
            events.append(
                Event(
                    "game_over",
                    {
                        "reason": end.value,
                        "winners": list(out.winners),
                        "scores": scores,
                        "text": out.summary,
                    },
                )
            )
        return Step(new, tuple(events))

    def view(self, state: DuelState, seat: int | None) -> DuelView:
        out = self.outcome(state)
        return DuelView(
            seat=seat,
            players=state.players,
            phase=state.phase,
            round=state.round,
            rounds=ROUNDS,
            hands=state.hands,
            committed=tuple(c is not None for c in state.committed),
            my_choice=state.committed[seat] if seat is not None else None,
            builder=state.builder,
            die=state.die,
            scores=state.scores,
            history=state.history,
            winners=out.winners if out else (),
            end=state.end,
        )

    def outcome(self, state: DuelState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        scores = tuple(float(s) for s in state.scores)
        if state.end is EndReason.SIX:
            w = state.builder
            assert w is not None
            return Outcome((w,), scores, f"Player {w + 1} won a round with the six showing and wins at once")
        top = max(state.scores)
        winners = tuple(i for i, s in enumerate(state.scores) if s == top)
        if len(winners) > 1:
            names = " and ".join(f"player {w + 1}" for w in winners)
            return Outcome(winners, scores, f"After 14 rounds {names} share the win with {top} points")
        return Outcome(winners, scores, f"After 14 rounds player {winners[0] + 1} wins with {top} points")

    def resample_hidden(self, state: DuelState, seat: int | None, rng: Rng) -> DuelState:
        """Redraw the other seats' current choices among their hands (all else is public)."""
        committed = list(state.committed)
        for i, c in enumerate(committed):
            if i != seat and c is not None:
                committed[i] = rng.choice(state.hands[i])
        return replace(state, committed=tuple(committed), rng=rng.next64())

    def determinize(self, view: DuelView, seat: int, rng: Rng) -> DuelState:
        """A full state consistent with ``view``: the others' hidden choices drawn at random."""
        committed = []
        for i, has in enumerate(view.committed):
            if not has:
                committed.append(None)
            elif i == seat:
                committed.append(view.my_choice)
            else:
                committed.append(rng.choice(view.hands[i]))
        return DuelState(
            rng=rng.next64(),
            phase=view.phase,
            hands=view.hands,
            committed=tuple(committed),
            builder=view.builder,
            die=view.die,
            scores=view.scores,
            history=view.history,
            end=view.end,
        )

    # -- text -------------------------------------------------------------------------
    def action_text(self, action: Play) -> str:
        return f"play {card_text(action.card)}"

    def parse_action(self, text: str) -> Play:
        parts = text.split()
        if len(parts) == 1:
            parts = ["play", parts[0]]
        card = parse_card(parts[1]) if len(parts) == 2 and parts[0].lower() == "play" else None
        if card is None:
            raise IllegalAction(
                f"cannot read action '{text}': write 'play 7', 'play 10', 'play A' or 'play JK'"
            )
        return Play(card)

    def describe(self, action: Play) -> str:
        return f"Play {card_name(action.card)}"

    def make_bot(self, level: str):
        from babel.games.duel import bots

        return bots.make_bot(level)


def describe_round(cards: Sequence[int], builder: int | None, res: Resolution) -> str:
    """One log line for a resolved round."""
    shown = ", ".join(f"P{i + 1} {card_text(c)}" for i, c in enumerate(cards))
    k = res.kind
    if k is RoundKind.JOKER:
        what = (
            "one Joker: the die returns to the centre"
            if builder is not None
            else "one Joker: nothing happens"
        )
    elif k is RoundKind.CENTRE_TIE:
        what = "a tie with the die in the centre: nobody becomes Builder"
    elif k is RoundKind.TIE_ABOVE:
        what = f"a tie above the Builder: player {builder + 1} loses the title, the die returns to the centre"
    elif k is RoundKind.NEW_BUILDER:
        what = f"player {res.winner + 1} becomes Builder, the die set to 1"
    elif k is RoundKind.JOKERS_TIE and res.winner is None:
        what = "two Jokers: a tie, the die stays in the centre"
    else:
        why = "two Jokers tie, so the Builder" if k is RoundKind.JOKERS_TIE else "the Builder"
        what = f"{why} player {res.winner + 1} wins and scores {res.points}"
        if res.game_won:
            what += " with the six showing, and wins the game"
    return f"{shown}: {what}"
