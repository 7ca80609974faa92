"""Babel Builders: the rules (rulebook 1.0 and RULINGS.md "Babel Builders").

Pure functions over ``BuildersState``; what each move does is in ``phases``, the moves and their
text in ``actions``, the invariants in ``invariants`` and the redraw of hidden information in
``sampling``. Secrets: roles, hands, the deck, face-down discards, the cards handed to the Master,
the swap, and conversions. ``view`` projects what a seat may know.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

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
from babel.core.rng import Rng, seed_state
from babel.games.builders import actions as A
from babel.games.builders import cards as C
from babel.games.builders import invariants, sampling
from babel.games.builders.model import (
    BuildersState,
    BuildersView,
    Conversion,
    EventKind,
    Phase,
    Role,
    RoundLog,
)
from babel.games.builders.phases import (
    NONE,
    NOT_CHOSEN,
    deliberation_targets,
    discussion_order,
    do_move,
    holds_seal,
    hurt_subjects,
    select_options,
    swap_takes,
    talk_speaker,
    tallest,
    team,
)

MASTER_PHASES = (
    Phase.APPOINT,
    Phase.SWAP,
    Phase.REVEAL,
    Phase.PLACE,
    Phase.STRIKE,
    Phase.DELIBERATE,
    Phase.PASS,
)
BLUEPRINT_CHOICES = ("random",) + tuple(bp.key for bp in C.PRINTED_BLUEPRINTS)
# The move each phase asks for, and its word in the reasons the rules give.
PHASE_MOVE = {
    Phase.TALK: (A.Talk, "talk"),
    Phase.APPOINT: (A.Appoint, "appoint"),
    Phase.SELECT: (A.Play, "play"),
    Phase.SWAP: (A.Swap, "swap"),
    Phase.REVEAL: (A.Reveal, "reveal"),
    Phase.PLACE: (A.Place, "place"),
    Phase.STRIKE: (A.Strike, "strike"),
    Phase.DELIBERATE: (A.Deliberate, "deliberate"),
    Phase.PASS: (A.PassToken, "master"),
    Phase.SEAL: (A.Declare, "declare"),
    Phase.DISCUSS: (A.Say, "suspect"),
    Phase.TARGET: (A.Seal, "seal"),
    Phase.PUNISH: (A.Punish, "punish"),
}
MOVE_WORD = {cls: word for cls, word in PHASE_MOVE.values()}
# Why a move of the right kind is refused, by phase (where one sentence says it).
REFUSALS = {
    Phase.APPOINT: "the Master appoints {k} other players (3 at 6 players or fewer, 4 at 7 or more)",
    Phase.STRIKE: "Lightning strikes one of the highest towers",
    Phase.DELIBERATE: "Deliberation reveals the discard of a player appointed this phase",
    Phase.PASS: "the Master passes the token to another player",
    Phase.PUNISH: "point at another player who is not a revealed Zealot",
    Phase.DISCUSS: "name another player you take for the Messenger, or say nothing",
    Phase.TARGET: "seal another player (a declared Seal must be used)",
    Phase.TALK: "say one statement about another player (who handed a card, for 'hurt'), or nothing",
}


def _card(value: int) -> int | None:
    return None if value < 0 else value


def talk_moves(state: BuildersState, seat: int) -> tuple[A.Talk, ...]:
    """What a seat may say in a table-talk step: nothing, or one statement naming another seat
    ("hurt" only of a seat that has handed a card to a Master)."""
    others = [s for s in range(state.players) if s != seat]
    hurt = hurt_subjects(state.log, seat)
    out = [A.Talk(A.TALK_NOTHING, None)]
    for kind in A.TALK_KINDS:
        out += [A.Talk(kind, s) for s in (hurt if kind == "hurt" else others)]
    return tuple(out)


def _without_talk(data: dict) -> dict:
    """A state's or view's JSON without the table-talk fields when the option is off."""
    if not data.get("talk_on") and not data.get("talk"):
        data.pop("talk_on", None)
        data.pop("talk", None)
    return data


class BuildersRules(Rules[BuildersState, A.Action, BuildersView]):
    info = GameInfo(
        id="builders",
        title="Babel Builders",
        blurb="Hidden roles for 5-10: build the tower to the blueprint while the Messenger of God "
        "and the Zealots work against you.",
        min_players=5,
        max_players=10,
        options=(
            Option(
                "blueprint",
                "Blueprint",
                BLUEPRINT_CHOICES,
                "random",
                "random: one of the nine printed blueprints (the published one and the edition's "
                "own eight); custom blueprints are named custom:<nine digits>.",
            ),
            Option(
                "talk",
                "Table talk",
                (False, True),
                False,
                "Every round from the second, each seat in turn from the Master says one thing "
                "aloud (I suspect / I trust / X's card hurt the tower / I will not appoint X) or "
                "nothing. On for tables with bots; people at one table talk for themselves.",
            ),
        ),
        rules_doc="babel.games.builders:RULES.md",
        default_players=7,
        rules_version=2,  # 2: the Seal phase in the rulebook's three steps (declare, discuss, target)
    )
    state_type = BuildersState
    action_type = A.Action  # a union of one class per kind of move (actions.py)
    view_type = BuildersView

    # -- setup ------------------------------------------------------------------------------
    def make_config(self, players: int | None = None, **options: Any) -> Config:
        """As the base class, but a custom blueprint value (``custom:`` + 9 digits) is accepted."""
        bp = options.get("blueprint")
        if isinstance(bp, str) and bp.startswith(C.CUSTOM_PREFIX):
            try:
                C.blueprint_for_key(bp)
            except ValueError as exc:
                raise ConfigError(str(exc)) from None
            rest = {k: v for k, v in options.items() if k != "blueprint"}
            config = super().make_config(players, **rest)
            return Config(config.players, {**config.options, "blueprint": bp})
        return super().make_config(players, **options)

    def initial_state(self, config: Config, seed: int) -> BuildersState:
        n = config.players
        if n not in self.info.player_counts:
            raise ConfigError(f"Babel Builders is for 5-10 players, not {n}")
        rng = Rng(seed_state(seed, "builders"))
        key = config.get("blueprint", "random")
        if key == "random":
            blueprint = rng.choice(C.PRINTED_BLUEPRINTS)
        else:
            try:
                blueprint = C.blueprint_for_key(key)
            except ValueError as exc:
                raise ConfigError(str(exc)) from None
        roles = [Role.MESSENGER] + [Role.ARCHITECT] * (n - 1)
        rng.shuffle(roles)
        dp_count, seal_count = C.SPECIAL_TABLE[n]
        dps = list(C.PUNISHMENT_IDS[:dp_count])
        deck = list(C.BASE_DECK_IDS + C.SEAL_IDS[:seal_count])
        rng.shuffle(deck)
        opening = deck[: 3 * n - 1] + [dps[0]]
        deck = deck[3 * n - 1 :]
        rng.shuffle(opening)
        if n >= 6:
            top = deck[: 2 * n] + dps[1:]
            deck = deck[2 * n :]
            rng.shuffle(top)
            deck = top + deck
        master = rng.below(n)
        hands = [sorted(opening[3 * i : 3 * i + 3]) for i in range(n)]
        conversions = []
        for seat in range(n):
            if roles[seat] is Role.ARCHITECT and any(C.is_punishment(c) for c in hands[seat]):
                roles[seat] = Role.ZEALOT
                conversions.append(Conversion(seat, 0, "deal"))
        return BuildersState(
            rng=rng.state,
            players=n,
            phase=Phase.APPOINT,
            round=1,
            master=master,
            roles=tuple(roles),
            conversions=tuple(conversions),
            blueprint=blueprint,
            base=(0,) * 9,
            supply=C.SUPPLY_BLOCKS,
            deck=tuple(deck),
            hands=tuple(tuple(h) for h in hands),
            discards=((),) * n,
            resolved=(),
            commits=(None,) * n,
            cur=RoundLog(1, master),
            seal_choice=(NOT_CHOSEN,) * n,
            punish_choice=(NOT_CHOSEN,) * n,
            talk_on=bool(config.get("talk", False)),
        )

    def opening_events(self, state: BuildersState) -> tuple[Event, ...]:
        """What each seat learns at the deal (for scenes that animate the setup)."""
        events = [
            Event(
                EventKind.SETUP,
                {
                    "players": state.players,
                    "blueprint": state.blueprint.key,
                    "cells": list(state.blueprint.cells),
                    "master": state.master,
                    "deck": len(state.deck),
                    "supply": state.supply,
                },
            )
        ]
        for seat in range(state.players):
            role = state.roles[seat]
            events.append(
                Event(
                    EventKind.ROLE,
                    {"seat": seat, "role": role.value, "hand": list(state.hands[seat])},
                    frozenset({seat}),
                )
            )
        for conv in state.conversions:
            events.append(
                Event(
                    EventKind.CONVERT, {"seat": conv.seat, "round": 0, "how": "deal"}, frozenset({conv.seat})
                )
            )
        return tuple(events)

    # -- who acts, and what they may do ------------------------------------------------------
    def to_act(self, state: BuildersState) -> tuple[int, ...]:
        phase = state.phase
        if phase in MASTER_PHASES:
            return (state.master,)
        if phase is Phase.SELECT:
            return tuple(s for s in state.appointed if state.commits[s] is None)
        if phase is Phase.TALK:  # one statement a seat, in turn from the Master
            speaker = talk_speaker(state)
            return () if speaker is None else (speaker,)
        if phase is Phase.SEAL:  # every seat declares, so that nobody's turn gives a Seal holder away
            return tuple(s for s in range(state.players) if state.seal_declare[s] == NOT_CHOSEN)
        if phase is Phase.DISCUSS:  # one statement a seat, in turn
            order = discussion_order(state.players, state.master)
            return next(((s,) for s in order if state.said[s] == NOT_CHOSEN), ())
        if phase is Phase.TARGET:
            return tuple(s for s in state.seal_users if state.seal_choice[s] == NOT_CHOSEN)
        if phase is Phase.PUNISH:
            return tuple(s for s in state.zealots_revealed if state.punish_choice[s] == NOT_CHOSEN)
        return ()

    def legal_actions(self, state: BuildersState, seat: int) -> tuple[A.Action, ...]:
        if seat not in self.to_act(state):
            return ()
        phase = state.phase
        others = [s for s in range(state.players) if s != seat]
        if phase is Phase.APPOINT:
            return tuple(A.Appoint(combo) for combo in combinations(others, C.appoint_count(state.players)))
        if phase is Phase.SELECT:
            return tuple(A.Play(_card(p), _card(d)) for p, d in sorted(select_options(state, seat)))
        if phase is Phase.SWAP:
            gives = [c for c in state.hands[seat] if not C.is_punishment(c)] or [NONE]
            pairs = sorted((t, g) for t in swap_takes(state) for g in gives)
            return tuple(A.Swap(t, _card(g)) for t, g in pairs)
        if phase is Phase.REVEAL:
            return tuple(A.Reveal(c) for c in sorted(state.face_down))
        if phase is Phase.PLACE:
            return tuple(A.Place(cell) for cell in sorted(C.CARDS[state.pending].cells))
        if phase is Phase.STRIKE:
            return tuple(A.Strike(cell) for cell in tallest(state.base))
        if phase is Phase.DELIBERATE:
            return tuple(A.Deliberate(s) for s in deliberation_targets(state))
        if phase is Phase.PASS:
            return tuple(A.PassToken(s) for s in others)
        if phase is Phase.TALK:
            return talk_moves(state, seat)
        if phase is Phase.SEAL:
            if not holds_seal(state.hands[seat]):
                return (A.Declare(False),)  # no Seal: declare none, as every seat does
            return (A.Declare(False), A.Declare(True))
        if phase is Phase.DISCUSS:
            return (A.Say(None),) + tuple(A.Say(s) for s in others)
        if phase is Phase.TARGET:
            return tuple(A.Seal(s) for s in others)
        if phase is Phase.PUNISH:
            return tuple(A.Punish(s) for s in others if s not in state.zealots_revealed)
        return ()

    # -- apply ---------------------------------------------------------------------------------
    def why_illegal(self, state: BuildersState, seat: int, action: A.Action) -> str | None:
        """The reason ``apply`` refuses ``action`` by ``seat`` with, or None when it is legal."""
        if state.phase is Phase.OVER:
            return "the game is over"
        if not isinstance(action, A.ACTION_TYPES):
            return "that is not a Babel Builders action"
        if seat not in self.to_act(state):
            if state.phase in MASTER_PHASES:
                return f"only the Master ({A.seat_text(state.master)}) acts now"
            return f"{A.seat_text(seat)} is not to act now"
        if action in self.legal_actions(state, seat):
            return None
        kind, word = PHASE_MOVE[state.phase]
        if not isinstance(action, kind):
            return f"now is the time to {word}, not to {MOVE_WORD[type(action)]}"
        if state.phase is Phase.SELECT:
            return self._why_not_play(state, seat, action)
        if state.phase is Phase.SWAP:
            if any(C.is_punishment(c) for c in swap_takes(state)):
                return "a Divine Punishment card received must be taken in the swap"
            return "take one of the received cards and give up a card from your hand that is not Divine Punishment"
        if state.phase is Phase.SEAL:
            return "you hold no Seal: declare none"
        if state.phase in REFUSALS:
            return REFUSALS[state.phase].format(k=C.appoint_count(state.players))
        return f"'{self.action_text(action)}' is not allowed now"

    @staticmethod
    def _why_not_play(state: BuildersState, seat: int, action: A.Play) -> str:
        hand = state.hands[seat]
        if any(c is not None and c not in hand for c in (action.card, action.discard)):
            return "that card is not in your hand"
        if action.discard is not None and C.is_punishment(action.discard):
            return "nobody may discard a Divine Punishment card"
        role = state.roles[seat]
        dps = sum(C.is_punishment(c) for c in hand)
        if role is Role.MESSENGER and dps:
            return "the Messenger of God must play a Divine Punishment card"
        if role is Role.ZEALOT and dps >= 2:
            return "a Zealot holding two or more Divine Punishment cards must play one"
        if action.card is not None and C.is_punishment(action.card):
            return "a Divine Punishment card stays in hand"
        return "play one card and discard one other card if you can"

    def apply(self, state: BuildersState, seat: int, action: A.Action) -> Step[BuildersState]:
        why = self.why_illegal(state, seat, action)
        if why is not None:
            raise IllegalAction(why)
        new_state, events = do_move(state, seat, action)
        return Step(new_state, events)

    # -- outcome -------------------------------------------------------------------------------
    def outcome(self, state: BuildersState) -> Outcome | None:
        if state.phase is not Phase.OVER or state.result is None:
            return None
        winners = tuple(team(state.roles, state.result.team))
        scores = tuple(1.0 if i in winners else 0.0 for i in range(state.players))
        names = {
            "sealed": "the tower stands and the Messenger of God is sealed: the Architects win",
            "punishment": "the tower stands, but Divine Punishment overturns it: the Messenger's team wins",
            "depletion": "the deck ran out before the tower was complete: the Messenger's team wins",
            "confirmation": "Divine Punishment was confirmed: the Messenger's team wins",
        }
        return Outcome(winners, scores, names[state.result.reason], state.result.reason, state.result.team)

    # -- views -------------------------------------------------------------------------------
    def view(self, state: BuildersState, seat: int | None) -> BuildersView:
        n = state.players
        over = state.phase is Phase.OVER
        me = seat if seat is not None and 0 <= seat < n else None
        is_master = me is not None and me == state.master
        cur = state.cur
        conv = None
        if me is not None:
            conv = next((c for c in state.conversions if c.seat == me), None)
        discards = tuple(
            tuple(d if (d.revealed or i == me) else replace(d, card=-1) for d in pile)
            for i, pile in enumerate(state.discards)
        )
        log = tuple(
            entry if (entry.master == me or over) else replace(entry, received=()) for entry in state.log
        )
        seals_public = state.phase in (Phase.PUNISH, Phase.OVER)
        if state.phase is Phase.TARGET:
            seal_committed = tuple(
                i in state.seal_users and state.seal_choice[i] != NOT_CHOSEN for i in range(n)
            )
        else:
            seal_committed = tuple(
                bool(state.seal_declare) and state.seal_declare[i] != NOT_CHOSEN for i in range(n)
            )
        return BuildersView(
            seat=seat,
            players=n,
            phase=state.phase,
            round=state.round,
            master=state.master,
            appoint_count=C.appoint_count(n),
            blueprint=state.blueprint,
            base=state.base,
            supply=state.supply,
            deck_size=len(state.deck),
            hand_sizes=tuple(len(h) for h in state.hands),
            hand=state.hands[me] if me is not None else (),
            role=state.roles[me] if me is not None else None,
            my_conversion=conv,
            appointed=state.appointed,
            committed=tuple(state.commits[i] is not None for i in range(n))
            if state.commits
            else (False,) * n,
            my_commit=state.commits[me] if me is not None and state.commits else None,
            received_count=cur.received_count if cur is not None else 0,
            received=cur.received if (cur is not None and is_master) else (),
            face_down=state.face_down if is_master else (),
            face_down_count=len(state.face_down),
            storm=state.storm,
            swapped=bool(state.swap),
            my_swap=state.swap if is_master else (),
            pending=state.pending,
            strikes_left=state.strikes_left,
            effects=cur.effects if cur is not None else (),
            current=(cur if is_master else replace(cur, received=())) if cur is not None else None,
            discards=discards,
            resolved=state.resolved,
            log=log,
            seal_committed=seal_committed,
            my_seal=state.seal_choice[me] if me is not None else NOT_CHOSEN,
            my_declare=state.seal_declare[me] if me is not None and state.seal_declare else NOT_CHOSEN,
            seal_users=state.seal_users,
            said=state.said,
            seals=state.seal_choice if seals_public else (),
            zealots=state.zealots_revealed,
            zealot_cards=tuple(
                sum(C.is_punishment(c) for c in state.hands[z]) for z in state.zealots_revealed
            ),
            punish_committed=tuple(state.punish_choice[i] != NOT_CHOSEN for i in range(n)),
            my_punish=state.punish_choice[me] if me is not None else NOT_CHOSEN,
            punishments=state.punish_choice if over else (),
            roles=state.roles if over else (),
            conversions=state.conversions if over else (),
            result=state.result,
            talk_on=state.talk_on,
            talk=state.talk,
        )

    # -- JSON -----------------------------------------------------------------------------------
    def state_to_json(self, state: BuildersState) -> Any:
        """As the base class, but without the table-talk fields while the option is off, so a game
        without talk keeps the digest (and its views the JSON) it had before the option existed."""
        return _without_talk(super().state_to_json(state))

    def view_to_json(self, view: BuildersView) -> Any:
        return _without_talk(super().view_to_json(view))

    # -- the leak test's other half, invariants -------------------------------------------------
    def resample_hidden(self, state: BuildersState, seat: int | None, rng: Rng) -> BuildersState:
        """Redraw what ``seat`` cannot know (``sampling.resample_hidden``)."""
        return sampling.resample_hidden(state, seat, rng)

    def determinize(self, view: BuildersView, seat: int, rng: Rng) -> BuildersState:
        """A full state consistent with ``view`` (``sampling.determinize``)."""
        return sampling.determinize(view, seat, rng)

    def invariant_errors(self, state: BuildersState) -> tuple[str, ...]:
        return invariants.invariant_errors(state)

    # -- text ------------------------------------------------------------------------------------
    def action_text(self, action: A.Action) -> str:
        return A.action_text(action)

    def parse_action(self, text: str) -> A.Action:
        return A.parse_action(text)

    def describe(self, action: A.Action) -> str:
        return A.describe(action)


RULES = BuildersRules()
