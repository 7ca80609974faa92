"""Babel Builders: the rules engine (rulebook 1.0 and RULINGS.md "Babel Builders").

Pure functions over ``BuildersState``. Flow of a round: APPOINT (Master) -> SELECT (appointed
players, secret and simultaneous) -> the Master's check (automatic: Storms revealed, two or more
Divine Punishment cards confirm it) -> SWAP (Master, private) -> REVEAL/PLACE/STRIKE/DELIBERATE
(Master, one card at a time) -> victory check (automatic) -> refill (automatic) -> PASS (Master).
On completion: SEAL (holders, secret) -> PUNISH (Zealots, secret) -> OVER.

Secrets: roles, hands, the deck, face-down discards, the cards handed to the Master, the swap,
and conversions. ``view`` projects what a seat may know; ``resample_hidden`` redraws the rest.
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
from babel.games.builders import cards as C
from babel.games.builders.model import (
    Action,
    BuildersState,
    BuildersView,
    Commit,
    Conversion,
    Discard,
    Effect,
    Phase,
    Result,
    Role,
    RoundLog,
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
NOT_CHOSEN = -2
NONE = -1


def _seat_text(seat: int) -> str:
    return f"seat {seat + 1}"


class _Ctx:
    """A mutable working copy of a state used inside ``apply`` (the input is never touched)."""

    def __init__(self, s: BuildersState) -> None:
        self.s = s
        self.hands = [list(h) for h in s.hands]
        self.deck = list(s.deck)
        self.discards = [list(d) for d in s.discards]
        self.resolved = list(s.resolved)
        self.roles = list(s.roles)
        self.conversions = list(s.conversions)
        self.base = list(s.base)
        self.supply = s.supply
        self.events: list[Event] = []
        self.changes: dict[str, Any] = {}

    def event(self, event_kind: str, to: int | None = None, irreversible: bool = False, **data: Any) -> None:
        self.events.append(Event(event_kind, data, None if to is None else frozenset({to}), irreversible))

    def receive_card(self, seat: int, card: int, how: str, round_no: int) -> None:
        """Put a card in a hand; an Architect receiving Divine Punishment becomes a Zealot (ruling 5)."""
        self.hands[seat].append(card)
        self.hands[seat].sort()
        if C.is_punishment(card) and self.roles[seat] is Role.ARCHITECT:
            self.roles[seat] = Role.ZEALOT
            self.conversions.append(Conversion(seat, round_no, how))
            self.event("convert", to=seat, irreversible=True, seat=seat, round=round_no, how=how)

    def build(self, **more: Any) -> BuildersState:
        fields = dict(
            hands=tuple(tuple(h) for h in self.hands),
            deck=tuple(self.deck),
            discards=tuple(tuple(d) for d in self.discards),
            resolved=tuple(self.resolved),
            roles=tuple(self.roles),
            conversions=tuple(self.conversions),
            base=tuple(self.base),
            supply=self.supply,
        )
        fields.update(self.changes)
        fields.update(more)
        return replace(self.s, **fields)


class BuildersRules(Rules[BuildersState, Action, BuildersView]):
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
        ),
        bot_levels=("novice", "plain", "shrewd"),  # the old ids random, simple, belief still load
        rules_doc="babel.games.builders:RULES.md",
        default_players=7,
    )
    state_type = BuildersState
    action_type = Action
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
        )

    def opening_events(self, state: BuildersState) -> tuple[Event, ...]:
        """What each seat learns at the deal (for scenes that animate the setup)."""
        events = [
            Event(
                "setup",
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
                    "role",
                    {"seat": seat, "role": role.value, "hand": list(state.hands[seat])},
                    frozenset({seat}),
                )
            )
        for conv in state.conversions:
            events.append(
                Event("convert", {"seat": conv.seat, "round": 0, "how": "deal"}, frozenset({conv.seat}))
            )
        return tuple(events)

    # -- who acts, and what they may do ------------------------------------------------------
    def to_act(self, state: BuildersState) -> tuple[int, ...]:
        phase = state.phase
        if phase in MASTER_PHASES:
            return (state.master,)
        if phase is Phase.SELECT:
            return tuple(s for s in state.appointed if state.commits[s] is None)
        if phase is Phase.SEAL:  # every seat, so that nobody's turn gives a Seal holder away
            return tuple(s for s in range(state.players) if state.seal_choice[s] == NOT_CHOSEN)
        if phase is Phase.PUNISH:
            return tuple(s for s in state.zealots_revealed if state.punish_choice[s] == NOT_CHOSEN)
        return ()

    def legal_actions(self, state: BuildersState, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act(state):
            return ()
        phase = state.phase
        n = state.players
        if phase is Phase.APPOINT:
            others = [s for s in range(n) if s != state.master]
            k = C.appoint_count(n)
            return tuple(Action("appoint", combo) for combo in combinations(others, k))
        if phase is Phase.SELECT:
            return tuple(sorted(Action("play", (p, d)) for p, d in self.select_options(state, seat)))
        if phase is Phase.SWAP:
            takes = self.swap_takes(state)
            gives = [c for c in state.hands[seat] if not C.is_punishment(c)] or [NONE]
            return tuple(sorted(Action("swap", (t, g)) for t in takes for g in gives))
        if phase is Phase.REVEAL:
            return tuple(Action("reveal", (c,)) for c in sorted(state.face_down))
        if phase is Phase.PLACE:
            return tuple(Action("place", (cell,)) for cell in sorted(C.CARDS[state.pending].cells))
        if phase is Phase.STRIKE:
            return tuple(Action("strike", (cell,)) for cell in self.tallest(state.base))
        if phase is Phase.DELIBERATE:
            return tuple(Action("deliberate", (s,)) for s in self.deliberation_targets(state))
        if phase is Phase.PASS:
            return tuple(Action("master", (s,)) for s in range(n) if s != state.master)
        if phase is Phase.SEAL:
            if not any(C.CARDS[c].kind == C.SEAL for c in state.hands[seat]):
                return (Action("seal", (NONE,)),)  # no Seal: pass, as every seat does
            return (Action("seal", (NONE,)),) + tuple(Action("seal", (s,)) for s in range(n) if s != seat)
        if phase is Phase.PUNISH:
            zealots = set(state.zealots_revealed)
            return tuple(Action("punish", (s,)) for s in range(n) if s != seat and s not in zealots)
        return ()

    @staticmethod
    def select_options(state: BuildersState, seat: int) -> list[tuple[int, int]]:
        """(play, discard) pairs under the Divine Punishment obligations (ruling 5)."""
        hand = state.hands[seat]
        dps = [c for c in hand if C.is_punishment(c)]
        rest = [c for c in hand if not C.is_punishment(c)]
        role = state.roles[seat]
        forced = (role is Role.MESSENGER and len(dps) >= 1) or (role is Role.ZEALOT and len(dps) >= 2)
        plays = dps if forced else rest
        out = []
        if not plays:
            return [(NONE, NONE)]
        for p in plays:
            left = [c for c in rest if c != p]
            for d in left or [NONE]:
                out.append((p, d))
        return out

    @staticmethod
    def swap_takes(state: BuildersState) -> list[int]:
        dps = [c for c in state.face_down if C.is_punishment(c)]
        return dps if dps else sorted(state.face_down)

    @staticmethod
    def tallest(base: tuple[int, ...] | list[int]) -> tuple[int, ...]:
        top = max(base)
        if top == 0:
            return ()
        return tuple(i for i, h in enumerate(base) if h == top)

    @staticmethod
    def deliberation_targets(state: BuildersState) -> tuple[int, ...]:
        """Appointed players of this phase whose discard of this phase is still face down."""
        out = []
        for s in state.appointed:
            if any(d.round == state.round and not d.swap and not d.revealed for d in state.discards[s]):
                out.append(s)
        return tuple(out)

    # -- apply ---------------------------------------------------------------------------------
    def apply(self, state: BuildersState, seat: int, action: Action) -> Step[BuildersState]:
        if state.phase is Phase.OVER:
            raise IllegalAction("the game is over")
        if not isinstance(action, Action):
            raise IllegalAction("that is not a Babel Builders action")
        if seat not in self.to_act(state):
            if state.phase in MASTER_PHASES:
                raise IllegalAction(f"only the Master ({_seat_text(state.master)}) acts now")
            raise IllegalAction(f"{_seat_text(seat)} is not to act now")
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(self._why_illegal(state, seat, action))
        ctx = _Ctx(state)
        handler = getattr(self, f"_do_{state.phase.value}")
        new_state = handler(ctx, seat, action)
        return Step(new_state, tuple(ctx.events))

    def _why_illegal(self, state: BuildersState, seat: int, action: Action) -> str:
        phase = state.phase
        expected = {
            Phase.APPOINT: "appoint",
            Phase.SELECT: "play",
            Phase.SWAP: "swap",
            Phase.REVEAL: "reveal",
            Phase.PLACE: "place",
            Phase.STRIKE: "strike",
            Phase.DELIBERATE: "deliberate",
            Phase.PASS: "master",
            Phase.SEAL: "seal",
            Phase.PUNISH: "punish",
        }[phase]
        if action.verb != expected:
            return f"now is the time to {expected}, not to {action.verb}"
        if phase is Phase.APPOINT:
            k = C.appoint_count(state.players)
            return f"the Master appoints {k} other players (3 at 6 players or fewer, 4 at 7 or more)"
        if phase is Phase.SELECT:
            hand = state.hands[seat]
            if any(c not in hand for c in action.args if c >= 0):
                return "that card is not in your hand"
            if any(C.is_punishment(c) for c in action.args[1:]):
                return "nobody may discard a Divine Punishment card"
            role = state.roles[seat]
            dps = sum(C.is_punishment(c) for c in hand)
            if role is Role.MESSENGER and dps:
                return "the Messenger of God must play a Divine Punishment card"
            if role is Role.ZEALOT and dps >= 2:
                return "a Zealot holding two or more Divine Punishment cards must play one"
            if action.args and action.args[0] >= 0 and C.is_punishment(action.args[0]):
                return "a Divine Punishment card stays in hand"
            return "play one card and discard one other card if you can"
        if phase is Phase.SWAP:
            if any(C.is_punishment(c) for c in self.swap_takes(state)):
                return "a Divine Punishment card received must be taken in the swap"
            return "take one of the received cards and give up a card from your hand that is not Divine Punishment"
        if phase is Phase.STRIKE:
            return "Lightning strikes one of the highest towers"
        if phase is Phase.DELIBERATE:
            return "Deliberation reveals the discard of a player appointed this phase"
        if phase is Phase.PASS:
            return "the Master passes the token to another player"
        if phase is Phase.PUNISH:
            return "point at another player who is not a revealed Zealot"
        if phase is Phase.SEAL:
            if not any(C.CARDS[c].kind == C.SEAL for c in state.hands[seat]):
                return "you hold no Seal: pass (seal none)"
            return "seal another player, or none"
        return f"'{self.action_text(action)}' is not allowed now"

    # each handler returns the next state
    def _do_appoint(self, ctx: _Ctx, seat: int, action: Action) -> BuildersState:
        s = ctx.s
        appointed = tuple(action.args)
        ctx.event("appoint", master=s.master, seats=list(appointed), round=s.round)
        cur = replace(s.cur, appointed=appointed, hand_sizes=tuple(len(h) for h in s.hands))
        return ctx.build(phase=Phase.SELECT, appointed=appointed, commits=(None,) * s.players, cur=cur)

    def _do_select(self, ctx: _Ctx, seat: int, action: Action) -> BuildersState:
        s = ctx.s
        play, discard = action.args
        for c in (play, discard):
            if c >= 0:
                ctx.hands[seat].remove(c)
        commits = list(s.commits)
        commits[seat] = Commit(play, discard)
        ctx.event("choose", seat=seat, plays=play >= 0, discards=discard >= 0)
        ctx.event("choose_cards", to=seat, seat=seat, play=play, discard=discard)
        if any(commits[a] is None for a in s.appointed):
            return ctx.build(commits=tuple(commits))
        # Everyone has chosen: discards go face down to each player's area, the plays to the Master.
        received = []
        handed, discarded = [], []
        for a in s.appointed:
            com = commits[a]
            if com.play >= 0:
                received.append(com.play)
                handed.append(a)
            if com.discard >= 0:
                ctx.discards[a].append(Discard(com.discard, s.round))
                discarded.append(a)
        received.sort()  # shuffled by the Master: nothing links a card to its player
        ctx.event("handed", master=s.master, seats=handed, count=len(received), discarded=discarded)
        ctx.event("received", to=s.master, irreversible=True, master=s.master, cards=received)
        cur = replace(
            s.cur,
            handed=tuple(handed),
            discarded=tuple(discarded),
            received_count=len(received),
            received=tuple(received),
        )
        ctx.changes.update(commits=tuple(commits), cur=cur)
        return self._check(ctx, received)

    def _check(self, ctx: _Ctx, received: list[int]) -> BuildersState:
        """The Master's check: Storms at once, Divine Punishment confirmation, then the swap."""
        s = ctx.s
        cur = ctx.changes["cur"]
        storms = [c for c in received if C.CARDS[c].kind == C.STORM]
        effects = list(cur.effects)
        for c in storms:
            ctx.resolved.append(c)
            effects.append(Effect(c, C.STORM))
            ctx.event("storm", irreversible=True, card=c, master=s.master, round=s.round)
        cur = replace(cur, effects=tuple(effects))
        ctx.changes.update(cur=cur, storm=bool(storms))
        dps = [c for c in received if C.is_punishment(c)]
        rest = [c for c in received if c not in storms]
        ctx.changes["face_down"] = tuple(sorted(rest))  # with the Master, face down
        if len(dps) >= 2:
            return self._confirm(ctx, dps, "two or more Divine Punishment cards reached the Master")
        if not rest:
            ctx.event("no_swap", master=s.master)
            return self._next_reveal(ctx, [])
        hand = ctx.hands[s.master]
        if hand and all(C.is_punishment(c) for c in hand):
            shown = dps + hand
            return self._confirm(ctx, shown, "the Master holds only Divine Punishment cards and must swap")
        return ctx.build(phase=Phase.SWAP, face_down=tuple(sorted(rest)))

    def _confirm(self, ctx: _Ctx, cards: list[int], why: str) -> BuildersState:
        ctx.event("confirmation", irreversible=True, cards=sorted(cards), master=ctx.s.master, reason=why)
        return self._finish(ctx, Result("messenger", "confirmation"))

    def _do_swap(self, ctx: _Ctx, seat: int, action: Action) -> BuildersState:
        s = ctx.s
        take, give = action.args
        if give >= 0:
            ctx.hands[seat].remove(give)
            ctx.discards[seat].append(Discard(give, s.round, swap=True))
        ctx.receive_card(seat, take, "swap", s.round)
        ctx.event("swap", master=seat, gave=give >= 0)
        ctx.event("swap_cards", to=seat, master=seat, take=take, give=give)
        face_down = [c for c in s.face_down if c != take]
        cur = replace(s.cur, swapped=True)
        ctx.changes.update(swap=(take, give), cur=cur)
        return self._next_reveal(ctx, face_down)

    def _next_reveal(self, ctx: _Ctx, face_down: list[int]) -> BuildersState:
        if not face_down:
            ctx.changes.update(face_down=(), pending=-1, strikes_left=0)
            return self._end_construction(ctx)
        if len(face_down) == 1:
            return self._reveal(ctx, face_down[0], [])
        ctx.changes.update(face_down=tuple(sorted(face_down)), pending=-1, strikes_left=0)
        return ctx.build(phase=Phase.REVEAL)

    def _do_reveal(self, ctx: _Ctx, seat: int, action: Action) -> BuildersState:
        card = action.args[0]
        face_down = [c for c in ctx.s.face_down if c != card]
        return self._reveal(ctx, card, face_down)

    def _add_effect(self, ctx: _Ctx, effect: Effect, update_last: bool = False) -> None:
        cur = ctx.changes.get("cur", ctx.s.cur)
        effects = list(cur.effects)
        if update_last:
            effects[-1] = effect
        else:
            effects.append(effect)
        ctx.changes["cur"] = replace(cur, effects=tuple(effects))

    def _reveal(self, ctx: _Ctx, card: int, face_down: list[int]) -> BuildersState:
        s = ctx.s
        storm = ctx.changes.get("storm", s.storm)
        info = C.CARDS[card]
        ctx.changes.update(face_down=tuple(face_down), pending=-1, strikes_left=0)
        ctx.resolved.append(card)
        ctx.event(
            "reveal",
            irreversible=True,
            card=card,
            kind=info.kind,
            master=s.master,
            void=storm and info.kind == C.BUILD,
        )
        if info.kind == C.BUILD:
            if storm:
                self._add_effect(ctx, Effect(card, info.kind, void=True))
                return self._next_reveal(ctx, face_down)
            if ctx.supply == 0 or len(info.cells) == 1:
                self._add_effect(ctx, Effect(card, info.kind))
                if ctx.supply == 0:
                    ctx.event("place", card=card, cell=-1, blocks=0, height=-1, supply=0)
                    return self._next_reveal(ctx, face_down)
                return self._place(ctx, card, info.cells[0], face_down)
            self._add_effect(ctx, Effect(card, info.kind))
            ctx.changes.update(pending=card)
            return ctx.build(phase=Phase.PLACE)
        if info.kind == C.LIGHTNING:
            self._add_effect(ctx, Effect(card, info.kind))
            ctx.changes.update(pending=card, strikes_left=2)
            return self._strike_loop(ctx, face_down)
        if info.kind == C.DELIBERATION:
            self._add_effect(ctx, Effect(card, info.kind))
            targets = self.deliberation_targets(ctx.build())
            if not targets:
                ctx.event("deliberate", card=card, seat=-1, shown=-1)
                return self._next_reveal(ctx, face_down)
            if len(targets) == 1:
                return self._deliberate(ctx, card, targets[0], face_down)
            ctx.changes.update(pending=card)
            return ctx.build(phase=Phase.DELIBERATE)
        # Seal cards played in construction have no effect (ruling 6).
        self._add_effect(ctx, Effect(card, info.kind))
        return self._next_reveal(ctx, face_down)

    def _place(self, ctx: _Ctx, card: int, cell: int, face_down: list[int]) -> BuildersState:
        blocks = min(C.CARDS[card].blocks, ctx.supply)  # ruling 7
        ctx.base[cell] += blocks
        ctx.supply -= blocks
        cur = ctx.changes.get("cur", ctx.s.cur)
        self._add_effect(ctx, replace(cur.effects[-1], cells=(cell,), blocks=blocks), update_last=True)
        ctx.event("place", card=card, cell=cell, blocks=blocks, height=ctx.base[cell], supply=ctx.supply)
        return self._next_reveal(ctx, face_down)

    def _do_place(self, ctx: _Ctx, seat: int, action: Action) -> BuildersState:
        return self._place(ctx, ctx.s.pending, action.args[0], list(ctx.s.face_down))

    def _strike_loop(self, ctx: _Ctx, face_down: list[int]) -> BuildersState:
        while ctx.changes["strikes_left"] > 0:
            tall = self.tallest(ctx.base)
            if not tall:
                ctx.changes["strikes_left"] = 0
                break
            if len(tall) > 1:
                return ctx.build(phase=Phase.STRIKE)
            self._strike(ctx, tall[0])
        return self._next_reveal(ctx, face_down)

    def _strike(self, ctx: _Ctx, cell: int) -> None:
        ctx.base[cell] -= 1
        ctx.supply += 1
        ctx.changes["strikes_left"] -= 1
        cur = ctx.changes.get("cur", ctx.s.cur)
        last = cur.effects[-1]
        self._add_effect(ctx, replace(last, cells=last.cells + (cell,)), update_last=True)
        card = ctx.changes.get("pending", ctx.s.pending)
        ctx.event("strike", card=card, cell=cell, height=ctx.base[cell], supply=ctx.supply)

    def _do_strike(self, ctx: _Ctx, seat: int, action: Action) -> BuildersState:
        ctx.changes["strikes_left"] = ctx.s.strikes_left
        self._strike(ctx, action.args[0])
        return self._strike_loop(ctx, list(ctx.s.face_down))

    def _deliberate(self, ctx: _Ctx, card: int, target: int, face_down: list[int]) -> BuildersState:
        s = ctx.s
        pile = ctx.discards[target]
        shown = -1
        for i, d in enumerate(pile):
            if d.round == s.round and not d.swap and not d.revealed:
                pile[i] = replace(d, revealed=True)
                shown = d.card
                break
        cur = ctx.changes.get("cur", s.cur)
        self._add_effect(ctx, replace(cur.effects[-1], target=target, shown=shown), update_last=True)
        ctx.event("deliberate", irreversible=True, card=card, seat=target, shown=shown)
        return self._next_reveal(ctx, face_down)

    def _do_deliberate(self, ctx: _Ctx, seat: int, action: Action) -> BuildersState:
        return self._deliberate(ctx, ctx.s.pending, action.args[0], list(ctx.s.face_down))

    def _end_construction(self, ctx: _Ctx) -> BuildersState:
        """Victory check (blueprint met, deck depleted), then refill, then the token passes."""
        s = ctx.s
        met = all(h >= need for h, need in zip(ctx.base, s.blueprint.cells))
        if met:
            ctx.event("complete", irreversible=True, base=list(ctx.base), round=s.round)
            return self._start_seal(ctx)
        if not ctx.deck:
            ctx.event("depleted", irreversible=True, round=s.round)
            return self._finish(ctx, Result("messenger", "depletion"))
        # Refill: appointed players, clockwise from the Master's left, as far as the deck allows.
        order = sorted(s.appointed, key=lambda a: (a - s.master) % s.players)
        for a in order:
            drawn = []
            while len(ctx.hands[a]) < C.HAND_LIMIT and ctx.deck:
                card = ctx.deck.pop(0)
                drawn.append(card)
                ctx.receive_card(a, card, "draw", s.round)
            ctx.event("draw", seat=a, count=len(drawn), deck=len(ctx.deck))
            if drawn:
                ctx.event("draw_cards", to=a, irreversible=True, seat=a, cards=drawn)
        return ctx.build(phase=Phase.PASS, pending=-1, strikes_left=0, face_down=())

    def _do_pass(self, ctx: _Ctx, seat: int, action: Action) -> BuildersState:
        s = ctx.s
        new_master = action.args[0]
        ctx.event("pass_master", irreversible=False, **{"from": s.master, "new_master": new_master})
        done = replace(s.cur, next_master=new_master)
        return ctx.build(
            phase=Phase.APPOINT,
            round=s.round + 1,
            master=new_master,
            appointed=(),
            commits=(None,) * s.players,
            face_down=(),
            storm=False,
            swap=(),
            pending=-1,
            strikes_left=0,
            cur=RoundLog(s.round + 1, new_master),
            log=s.log + (done,),
        )

    # -- the finale --------------------------------------------------------------------------
    def _start_seal(self, ctx: _Ctx) -> BuildersState:
        """Ruling 9: skipped unless an Architect holds a Seal; holding one stays secret, so every
        seat takes a turn (a seat without a Seal, or not using it, passes)."""
        s = ctx.s
        ctx.changes.update(face_down=(), pending=-1, strikes_left=0)
        holders = tuple(i for i in range(s.players) if any(C.CARDS[c].kind == C.SEAL for c in ctx.hands[i]))
        if not any(ctx.roles[h] is Role.ARCHITECT for h in holders):
            ctx.event("seal_phase", skipped=True)
            return self._start_punish(ctx, (NOT_CHOSEN,) * s.players)
        ctx.event("seal_phase", skipped=False)
        return ctx.build(phase=Phase.SEAL, seal_holders=holders)

    def _do_seal(self, ctx: _Ctx, seat: int, action: Action) -> BuildersState:
        s = ctx.s
        choice = list(s.seal_choice)
        choice[seat] = action.args[0]
        ctx.event("seal_chosen", seat=seat)
        ctx.event("seal_choice", to=seat, seat=seat, target=action.args[0])
        if any(c == NOT_CHOSEN for c in choice):
            return ctx.build(seal_choice=tuple(choice))
        # Revealed together; only the players who used a Seal are named (one Seal each).
        targets = {str(h): choice[h] for h in range(s.players) if choice[h] >= 0}
        for h in range(s.players):
            if choice[h] >= 0:
                seal = next(c for c in ctx.hands[h] if C.CARDS[c].kind == C.SEAL)
                ctx.hands[h].remove(seal)
                ctx.resolved.append(seal)
        ctx.event("seals", irreversible=True, targets=targets)
        return self._start_punish(ctx, tuple(choice))

    def _start_punish(self, ctx: _Ctx, seal_choice: tuple[int, ...]) -> BuildersState:
        s = ctx.s
        zealots = tuple(i for i in range(s.players) if ctx.roles[i] is Role.ZEALOT)
        counts = [sum(C.is_punishment(c) for c in ctx.hands[z]) for z in zealots]
        ctx.event("zealots", irreversible=True, zealots=list(zealots), cards=counts)
        ctx.changes.update(seal_choice=seal_choice, zealots_revealed=zealots)
        if not zealots:
            return self._resolve_finale(ctx, (NOT_CHOSEN,) * s.players)
        return ctx.build(phase=Phase.PUNISH)

    def _do_punish(self, ctx: _Ctx, seat: int, action: Action) -> BuildersState:
        s = ctx.s
        choice = list(s.punish_choice)
        choice[seat] = action.args[0]
        ctx.event("punish_chosen", seat=seat)
        ctx.event("punish_choice", to=seat, seat=seat, target=action.args[0])
        if any(choice[z] == NOT_CHOSEN for z in s.zealots_revealed):
            return ctx.build(punish_choice=tuple(choice))
        return self._resolve_finale(ctx, tuple(choice))

    def _resolve_finale(self, ctx: _Ctx, punish_choice: tuple[int, ...]) -> BuildersState:
        s = ctx.s
        seal_choice = ctx.changes.get("seal_choice", s.seal_choice)
        zealots = ctx.changes.get("zealots_revealed", s.zealots_revealed)
        messenger = ctx.roles.index(Role.MESSENGER)
        given = {}
        for z in zealots:
            cards = [c for c in ctx.hands[z] if C.is_punishment(c)]
            given[str(z)] = {"target": punish_choice[z], "cards": cards}
        if zealots:
            ctx.event("punishments", irreversible=True, given=given)
        seals = sum(1 for h in range(s.players) if seal_choice[h] == messenger)
        dps = sum(len(g["cards"]) for g in given.values() if g["target"] == messenger)
        ctx.event("messenger", irreversible=True, seat=messenger)
        team = "messenger" if dps >= seals else "architects"  # ruling 9
        reason = "punishment" if team == "messenger" else "sealed"
        ctx.changes.update(punish_choice=punish_choice)
        return self._finish(ctx, Result(team, reason, seals, dps))

    def _finish(self, ctx: _Ctx, result: Result) -> BuildersState:
        s = ctx.s
        winners = self._team(ctx.roles, result.team)
        ctx.event(
            "result",
            irreversible=True,
            team=result.team,
            reason=result.reason,
            winners=winners,
            seals_on_messenger=result.seals_on_messenger,
            punishment_on_messenger=result.punishment_on_messenger,
        )
        ctx.event(
            "timeline",
            irreversible=True,
            roles=[r.value for r in ctx.roles],
            conversions=[{"seat": c.seat, "round": c.round, "how": c.how} for c in ctx.conversions],
            rounds=s.round,
        )
        cur = ctx.changes.get("cur", s.cur)
        log = s.log + ((cur,) if cur is not None and cur.appointed else ())
        return ctx.build(phase=Phase.OVER, result=result, log=log, cur=None, pending=-1, strikes_left=0)

    @staticmethod
    def _team(roles: Any, team: str) -> list[int]:
        evil = (Role.MESSENGER, Role.ZEALOT)
        if team == "messenger":
            return [i for i, r in enumerate(roles) if r in evil]
        return [i for i, r in enumerate(roles) if r not in evil]

    # -- outcome -------------------------------------------------------------------------------
    def outcome(self, state: BuildersState) -> Outcome | None:
        if state.phase is not Phase.OVER or state.result is None:
            return None
        winners = tuple(self._team(state.roles, state.result.team))
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
            seal_committed=tuple(state.seal_choice[i] != NOT_CHOSEN for i in range(n)),
            my_seal=state.seal_choice[me] if me is not None else NOT_CHOSEN,
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
        )

    # -- the leak test's other half -------------------------------------------------------------
    def resample_hidden(self, state: BuildersState, seat: int | None, rng: Rng) -> BuildersState:
        """Redraw the deck, other hands, others' secret choices and face-down cards, and (before
        the Zealots are revealed) who is the Messenger and who are Zealots; keep all ``seat`` knows.

        Divine Punishment cards only go where they could be (never a discard); Zealots are then the
        non-Messenger holders of Divine Punishment, as the rules make them.
        """
        from babel.games.builders.sampling import resample

        return resample(state, seat, rng)

    # -- text ------------------------------------------------------------------------------------
    def action_text(self, action: Action) -> str:
        v, a = action.verb, action.args
        if v == "appoint":
            return "appoint " + " ".join(str(s + 1) for s in a)
        if v == "play":
            if a[0] < 0:
                return "pass"
            return f"play {a[0]}" + (f" discard {a[1]}" if a[1] >= 0 else "")
        if v == "swap":
            return f"take {a[0]}" + (f" give {a[1]}" if a[1] >= 0 else "")
        if v == "reveal":
            return f"reveal {a[0]}"
        if v in ("place", "strike"):
            return f"{v} {C.CELL_NAMES[a[0]]}"
        if v in ("deliberate", "master", "punish"):
            return f"{v} {a[0] + 1}"
        if v == "seal":
            return "seal none" if a[0] < 0 else f"seal {a[0] + 1}"
        return f"{v} " + " ".join(map(str, a))

    def parse_action(self, text: str) -> Action:
        parts = text.strip().split()
        try:
            if not parts:
                raise ValueError
            v = parts[0]
            nums = parts[1:]
            if v == "appoint" and nums:
                return Action("appoint", tuple(int(x) - 1 for x in nums))
            if v == "pass" and not nums:
                return Action("play", (NONE, NONE))
            if v == "play" and len(nums) in (1, 3):
                discard = NONE
                if len(nums) == 3:
                    if nums[1] != "discard":
                        raise ValueError
                    discard = int(nums[2])
                return Action("play", (int(nums[0]), discard))
            if v == "take" and len(nums) in (1, 3):
                give = NONE
                if len(nums) == 3:
                    if nums[1] != "give":
                        raise ValueError
                    give = int(nums[2])
                return Action("swap", (int(nums[0]), give))
            if v == "reveal" and len(nums) == 1:
                return Action("reveal", (int(nums[0]),))
            if v in ("place", "strike") and len(nums) == 1:
                return Action(v, (C.cell_index(nums[0]),))
            if v in ("deliberate", "master", "punish") and len(nums) == 1:
                return Action(v, (int(nums[0]) - 1,))
            if v == "seal" and len(nums) == 1:
                return Action("seal", (NONE if nums[0] == "none" else int(nums[0]) - 1,))
        except ValueError:
            pass
        raise IllegalAction(f"cannot read action '{text}'")

    def describe(self, action: Action) -> str:
        v, a = action.verb, action.args
        if v == "appoint":
            return "Appoint " + ", ".join(_seat_text(s) for s in a)
        if v == "play":
            if a[0] < 0:
                return "Play nothing (no card you may play)"
            text = f"Play {C.card_name(a[0])}"
            return text + (f", discard {C.card_name(a[1])}" if a[1] >= 0 else ", discard nothing")
        if v == "swap":
            text = f"Take {C.card_name(a[0])}"
            return text + (f", give up {C.card_name(a[1])}" if a[1] >= 0 else "")
        if v == "reveal":
            return f"Reveal {C.card_name(a[0])}"
        if v == "place":
            return f"Build on {C.CELL_NAMES[a[0]]}"
        if v == "strike":
            return f"Lightning strikes {C.CELL_NAMES[a[0]]}"
        if v == "deliberate":
            return f"Reveal the discard of {_seat_text(a[0])}"
        if v == "master":
            return f"Pass the Master token to {_seat_text(a[0])}"
        if v == "seal":
            return "Use no Seal" if a[0] < 0 else f"Seal {_seat_text(a[0])}"
        if v == "punish":
            return f"Give Divine Punishment to {_seat_text(a[0])}"
        return self.action_text(action)

    # -- bots -------------------------------------------------------------------------------------
    def make_bot(self, level: str):
        from babel.games.builders.bots import make_bot

        return make_bot(level)


# -- helpers for tests and tools -----------------------------------------------------------------
def card_locations(state: BuildersState) -> list[int]:
    """Every card id in the game, wherever it is (the conservation invariant counts these)."""
    out = list(state.deck)
    for h in state.hands:
        out.extend(h)
    for pile in state.discards:
        out.extend(d.card for d in pile)
    out.extend(state.resolved)
    out.extend(state.face_down)
    if state.phase is Phase.SELECT:
        for com in state.commits:
            if com is not None:
                out.extend(c for c in (com.play, com.discard) if c >= 0)
    return out
