"""The rules engine of Der Turmbau zu Babel: pure functions over ``TurmbauState``.

A turn: the active player passes (draws one card, then everyone draws one) or builds: they name a
disc on a wonder, every other player commits a secret offer, the offers are revealed, wrong-kind
cards go back, and the active player invites whole offers and fills up from hand. Invited players
place parts; refused offers score a point per card. A wonder whose third disc is taken is scored
on the current row of the scoring table. The game ends when the last disc of a kind is taken.

This class wires the protocol to the game's modules: ``legality`` (who acts, the legal list and
the reasons), ``phases`` (what each move does), ``model.seat_view`` (what a seat sees),
``sampling`` (hidden-state redraws), ``invariants`` and ``actions`` (the text form).
"""

from __future__ import annotations

from babel.core.protocol import (
    Config,
    GameInfo,
    IllegalAction,
    Option,
    Outcome,
    Rules,
    Step,
)
from babel.core.rng import Rng, seed_state
from babel.games.turmbau import actions, data, legality, phases, sampling
from babel.games.turmbau.actions import Action
from babel.games.turmbau.data import ZERO
from babel.games.turmbau.invariants import invariant_errors
from babel.games.turmbau.model import Phase, TurmbauState, TurmbauView, Wonder, seat_view
from babel.games.turmbau.pieces import all_action_cards, all_discs
from babel.games.turmbau.text import describe


class TurmbauRules(Rules[TurmbauState, Action, TurmbauView]):
    info = GameInfo(
        id="turmbau",
        title="Der Turmbau zu Babel",
        blurb="Build the eight wonders of the ancient world: offer cards in secret, win majorities, "
        "collect discs (Reiner Knizia).",
        min_players=3,
        max_players=5,
        options=(
            Option(
                "two_kind",
                "Two-kind discs",
                (False, True),
                False,
                "Replace one 5-disc of each kind by the four discs that ask for two kinds.",
            ),
        ),
        rules_version=1,
        rules_doc="babel.games.turmbau:RULES.md",
        default_players=4,
    )
    state_type = TurmbauState
    action_type = Action
    view_type = TurmbauView

    # -- setup ---------------------------------------------------------------------------
    def initial_state(self, config: Config, seed: int) -> TurmbauState:
        n = config.players
        two_kind = bool(config.get("two_kind", False))
        rng = Rng(seed_state(seed, "turmbau"))
        discs = rng.shuffled(all_discs(two_kind))
        per = data.DISCS_PER_WONDER
        wonders = tuple(
            Wonder(tuple(discs[i * per : (i + 1) * per]), ((0, 0),) * n) for i in range(data.NWONDERS)
        )
        supply = rng.shuffled([k for k in range(data.NKINDS) for _ in range(data.CARDS_PER_KIND)])
        start = rng.below(n)
        hands = [[0] * data.NKINDS for _ in range(n)]
        for i in range(n):
            for _ in range(data.HAND_SIZE):
                hands[(start + i) % n][supply.pop()] += 1
        deck = rng.shuffled(all_action_cards())
        return TurmbauState(
            rng=rng.state,
            players=n,
            two_kind=two_kind,
            phase=Phase.TURN,
            start=start,
            active=start,
            turn=1,
            double=0,
            row=0,
            wonders=wonders,
            target=None,
            supply=tuple(supply),
            discard=ZERO,
            hands=tuple(tuple(h) for h in hands),  # type: ignore[misc]
            known=(ZERO,) * n,
            offers=(None,) * n,
            revealed=False,
            parts=((data.PARTS_ONES, data.PARTS_THREES),) * n,
            scores=(0,) * n,
            discs=((),) * n,
            action_deck=tuple(deck),
            actions=((),) * n,
            spent=(),
        )

    # -- who acts, what is legal, what a move does -----------------------------------------
    def to_act(self, state: TurmbauState) -> tuple[int, ...]:
        return legality.to_act(state)

    def legal_actions(self, state: TurmbauState, seat: int) -> tuple[Action, ...]:
        return legality.legal_actions(state, seat)

    def why_illegal(self, state: TurmbauState, seat: int, action: Action) -> str | None:
        return legality.why_illegal(state, seat, action)

    def apply(self, state: TurmbauState, seat: int, action: Action) -> Step[TurmbauState]:
        reason = legality.why_illegal(state, seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        return phases.apply_action(state, seat, action)

    def invariant_errors(self, state: TurmbauState) -> tuple[str, ...]:
        return invariant_errors(state)

    # -- views and the end -----------------------------------------------------------------
    def view(self, state: TurmbauState, seat: int | None) -> TurmbauView:
        return seat_view(state, seat)

    def outcome(self, state: TurmbauState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        top = max(state.scores)
        winners = tuple(s for s, v in enumerate(state.scores) if v == top)
        summary = ", ".join(f"P{s + 1} {v}" for s, v in enumerate(state.scores))
        return Outcome(winners, tuple(float(v) for v in state.scores), summary)

    # -- hidden information --------------------------------------------------------------
    def resample_hidden(self, state: TurmbauState, seat: int | None, rng: Rng) -> TurmbauState:
        return sampling.resample_hidden(state, seat, rng)

    def determinize(self, view: TurmbauView, seat: int | None, rng: Rng) -> TurmbauState:  # type: ignore[override]
        """A full state consistent with ``view``: the hidden hands (respecting the cards known
        to be in them), face-down offers, supply order, others' action cards and collected
        discs are drawn at random from what ``seat`` has not seen."""
        return sampling.determinize(view, seat, rng)

    # -- text ----------------------------------------------------------------------------
    def action_text(self, action: Action) -> str:
        return actions.action_text(action)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def describe(self, action: Action) -> str:
        return describe(action)


RULES = TurmbauRules()
