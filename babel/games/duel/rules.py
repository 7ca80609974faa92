"""The rules of the Tower of Babel card duel, through the common protocol.

Two or three players each hold one full suit (2..A) and a Joker: 14 cards, 14 rounds. Every
round each seat commits one card face down; when the last seat has committed, all cards are
revealed together and the round is resolved (``model.resolve_round``): the Builder title, the die
in the centre or in front of the Builder, its value, the points, the instant win on a six.

The things (cards, state, views, event kinds) live in ``model``, the move and its text form in
``actions``, the checks in ``invariants`` and the hidden-state redraws in ``sampling``.
"""

from __future__ import annotations

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
from babel.games.duel import actions, invariants, sampling
from babel.games.duel.actions import Action, Play
from babel.games.duel.model import (
    DIE_START,
    ROUNDS,
    SUIT,
    DuelState,
    DuelView,
    EndReason,
    EventKind,
    Phase,
    Resolution,
    RoundRecord,
    card_name,
    card_text,
    describe_round,
    resolve_round,
)


class DuelRules(Rules[DuelState, Action, DuelView]):
    info = GameInfo(
        id="duel",
        title="Tower of Babel: the card duel",
        blurb="Play one card at a time, all at once. Win rounds as Builder while the die climbs to six.",
        min_players=2,
        max_players=3,
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

    def why_illegal(self, state: DuelState, seat: int, action: Action) -> str | None:
        if state.phase is Phase.OVER:
            return "the game is over: no more cards can be played"
        if not isinstance(seat, int) or not 0 <= seat < state.players:
            return f"there is no seat {seat} in this {state.players}-player game"
        if not isinstance(action, Play) or not isinstance(action.card, int):
            return "in the card duel the only action is playing a card"
        if state.committed[seat] is not None:
            return f"you have already chosen your card for round {state.round}: each player plays one card a round"
        card = action.card
        if card not in SUIT:
            return f"'{card}' is not a card of the duel (2-10, J, Q, K, A or JK)"
        if card not in state.hands[seat]:
            return f"{card_name(card)} is not in your hand: it was played in an earlier round"
        return None

    def apply(self, state: DuelState, seat: int, action: Action) -> Step[DuelState]:
        reason = self.why_illegal(state, seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        rnd, card = state.round, action.card
        committed = list(state.committed)
        committed[seat] = card
        events = [
            Event(EventKind.COMMIT, {"round": rnd, "seat": seat}),
            Event(
                EventKind.COMMIT_CARD,
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
                EventKind.REVEAL,
                {"round": rnd, "cards": list(cards), "texts": [card_text(c) for c in cards]},
                irreversible=True,
            )
        )
        res = resolve_round(cards, state.builder, state.die)
        scores = list(state.scores)
        if res.points:
            scores[res.winner] += res.points
        events += round_events(state, rnd, cards, res, scores)
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
            data = {"reason": end.value, "winners": list(out.winners), "scores": scores, "text": out.summary}
            events.append(Event(EventKind.GAME_OVER, data))
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

    def invariant_errors(self, state: DuelState) -> tuple[str, ...]:
        return invariants.invariant_errors(state)

    def resample_hidden(self, state: DuelState, seat: int | None, rng: Rng) -> DuelState:
        return sampling.resample_hidden(state, seat, rng)

    def determinize(self, view: DuelView, seat: int, rng: Rng) -> DuelState:
        return sampling.determinize(view, seat, rng)

    # -- text -------------------------------------------------------------------------
    def action_text(self, action: Action) -> str:
        return actions.action_text(action)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def describe(self, action: Action) -> str:
        return actions.describe(action)


def round_events(
    state: DuelState, rnd: int, cards: tuple[int, ...], res: Resolution, scores: list[int]
) -> list[Event]:
    """The public events of a resolved round: how it went, the title, the die, the points."""
    data = {
        "round": rnd,
        "kind": res.kind.value,
        "winner": res.winner,
        "builder_before": state.builder,
        "builder_after": res.builder,
        "die_before": state.die,
        "die_after": res.die,
        "points": res.points,
        "text": describe_round(cards, state.builder, res),
    }
    events = [Event(EventKind.ROUND, data)]
    if res.builder != state.builder:
        events.append(Event(EventKind.BUILDER, {"from": state.builder, "to": res.builder}))
        if state.builder is not None or res.builder is not None:
            move = {
                "from": state.builder,
                "to": res.builder,
                "value_before": state.die,
                "value_after": res.die,
            }
            events.append(Event(EventKind.DIE_MOVE, move))
    if res.points:
        score = {"seat": res.winner, "points": res.points, "total": scores[res.winner], "scores": scores}
        events.append(Event(EventKind.SCORE, score))
    if res.builder is not None and res.builder == state.builder and res.die != state.die:
        turn = {"seat": res.builder, "value_before": state.die, "value_after": res.die}
        events.append(Event(EventKind.DIE_TURN, turn))
    return events


RULES = DuelRules()
