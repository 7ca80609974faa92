"""Babel Builders: what each move does, as functions over a working copy of the state.

Flow of a round: APPOINT (Master) -> SELECT (appointed players, secret and simultaneous) -> the
Master's check (automatic: Storms revealed, two or more Divine Punishment cards confirm it) ->
SWAP (Master, private) -> REVEAL/PLACE/STRIKE/DELIBERATE (Master, one card at a time) -> victory
check (automatic) -> refill (automatic) -> PASS (Master) -> with the option "talk", TALK (every seat
in turn from the new Master, one public statement each) -> APPOINT. On completion, the Seal phase in the
rulebook's three steps: SEAL (every seat declares secretly; the users named together) -> DISCUSS
(one public statement a seat) -> TARGET (users, secret; revealed together) -> PUNISH (Zealots,
secret) -> OVER. ``do_move`` runs one legal move; the rules class
checks legality first.
"""

from __future__ import annotations

from typing import Any

from babel.core.protocol import Event, replace
from babel.games.builders import actions as A
from babel.games.builders import cards as C
from babel.games.builders.model import (
    BuildersState,
    Commit,
    Conversion,
    Discard,
    Effect,
    EventKind,
    Phase,
    Result,
    Role,
    RoundLog,
)

NOT_CHOSEN = -2  # a Seal or Divine Punishment choice not made yet (state field value)
NONE = -1  # no card, no target (state field value)


# -- what the rules ask about a state -----------------------------------------------------------
def select_options(state: BuildersState, seat: int) -> list[tuple[int, int]]:
    """(play, discard) pairs under the Divine Punishment obligations (ruling 5); NONE for none."""
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


def swap_takes(state: BuildersState) -> list[int]:
    dps = [c for c in state.face_down if C.is_punishment(c)]
    return dps if dps else sorted(state.face_down)


def tallest(base: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    top = max(base)
    if top == 0:
        return ()
    return tuple(i for i, h in enumerate(base) if h == top)


def deliberation_targets(state: BuildersState) -> tuple[int, ...]:
    """Appointed players of this phase whose discard of this phase is still face down."""
    out = []
    for s in state.appointed:
        if any(d.round == state.round and not d.swap and not d.revealed for d in state.discards[s]):
            out.append(s)
    return tuple(out)


def talk_order(players: int, master: int) -> tuple[int, ...]:
    """Who speaks in a table-talk step, in turn: the Master first, then clockwise."""
    return tuple((master + k) % players for k in range(players))


def talk_speaker(state: BuildersState) -> int | None:
    """The seat to speak next in this round's table-talk step (None outside it, or when all spoke)."""
    if state.phase is not Phase.TALK:
        return None
    spoken = sum(1 for st in state.talk if st[0] == state.round)
    order = talk_order(state.players, state.master)
    return order[spoken] if spoken < len(order) else None


def hurt_subjects(log: tuple[RoundLog, ...], seat: int) -> tuple[int, ...]:
    """The seats one may say hurt the tower: those who handed a card to a Master in a past round
    (the public record), other than the speaker."""
    return tuple(sorted({s for entry in log for s in entry.handed if s != seat}))


def holds_seal(hand: tuple[int, ...] | list[int]) -> bool:
    return C.first_seal(hand) is not None


def team(roles: Any, side: str) -> list[int]:
    """The seats of a side ("messenger": the Messenger and the Zealots; else the Architects)."""
    evil = (Role.MESSENGER, Role.ZEALOT)
    if side == "messenger":
        return [i for i, r in enumerate(roles) if r in evil]
    return [i for i, r in enumerate(roles) if r not in evil]


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


# -- the working copy -----------------------------------------------------------------------------
class Ctx:
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

    def event(
        self, event_kind: EventKind, to: int | None = None, irreversible: bool = False, **data: Any
    ) -> None:
        self.events.append(Event(event_kind, data, None if to is None else frozenset({to}), irreversible))

    def receive_card(self, seat: int, card: int, how: str, round_no: int) -> None:
        """Put a card in a hand; an Architect receiving Divine Punishment becomes a Zealot (ruling 5)."""
        self.hands[seat].append(card)
        self.hands[seat].sort()
        if C.is_punishment(card) and self.roles[seat] is Role.ARCHITECT:
            self.roles[seat] = Role.ZEALOT
            self.conversions.append(Conversion(seat, round_no, how))
            self.event(EventKind.CONVERT, to=seat, irreversible=True, seat=seat, round=round_no, how=how)

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


def _do_appoint(ctx: Ctx, seat: int, action: A.Appoint) -> BuildersState:
    s = ctx.s
    appointed = tuple(action.seats)
    ctx.event(EventKind.APPOINT, master=s.master, seats=list(appointed), round=s.round)
    cur = replace(s.cur, appointed=appointed, hand_sizes=tuple(len(h) for h in s.hands))
    return ctx.build(phase=Phase.SELECT, appointed=appointed, commits=(None,) * s.players, cur=cur)


def _do_select(ctx: Ctx, seat: int, action: A.Play) -> BuildersState:
    s = ctx.s
    play = NONE if action.card is None else action.card
    discard = NONE if action.discard is None else action.discard
    for c in (play, discard):
        if c >= 0:
            ctx.hands[seat].remove(c)
    commits = list(s.commits)
    commits[seat] = Commit(play, discard)
    ctx.event(EventKind.CHOOSE, seat=seat, plays=play >= 0, discards=discard >= 0)
    ctx.event(EventKind.CHOOSE_CARDS, to=seat, seat=seat, play=play, discard=discard)
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
    ctx.event(EventKind.HANDED, master=s.master, seats=handed, count=len(received), discarded=discarded)
    ctx.event(EventKind.RECEIVED, to=s.master, irreversible=True, master=s.master, cards=received)
    cur = replace(
        s.cur,
        handed=tuple(handed),
        discarded=tuple(discarded),
        received_count=len(received),
        received=tuple(received),
    )
    ctx.changes.update(commits=tuple(commits), cur=cur)
    return _check(ctx, received)


def _check(ctx: Ctx, received: list[int]) -> BuildersState:
    """The Master's check: Storms at once, Divine Punishment confirmation, then the swap."""
    s = ctx.s
    cur = ctx.changes["cur"]
    storms = [c for c in received if C.CARDS[c].kind == C.STORM]
    effects = list(cur.effects)
    for c in storms:
        ctx.resolved.append(c)
        effects.append(Effect(c, C.STORM))
        ctx.event(EventKind.STORM, irreversible=True, card=c, master=s.master, round=s.round)
    cur = replace(cur, effects=tuple(effects))
    ctx.changes.update(cur=cur, storm=bool(storms))
    dps = [c for c in received if C.is_punishment(c)]
    rest = [c for c in received if c not in storms]
    ctx.changes["face_down"] = tuple(sorted(rest))  # with the Master, face down
    if len(dps) >= 2:
        return _confirm(ctx, dps, "two or more Divine Punishment cards reached the Master")
    if not rest:
        ctx.event(EventKind.NO_SWAP, master=s.master)
        return _next_reveal(ctx, [])
    hand = ctx.hands[s.master]
    if hand and all(C.is_punishment(c) for c in hand):
        shown = dps + hand
        return _confirm(ctx, shown, "the Master holds only Divine Punishment cards and must swap")
    return ctx.build(phase=Phase.SWAP, face_down=tuple(sorted(rest)))


def _confirm(ctx: Ctx, cards: list[int], why: str) -> BuildersState:
    ctx.event(EventKind.CONFIRMATION, irreversible=True, cards=sorted(cards), master=ctx.s.master, reason=why)
    return _finish(ctx, Result("messenger", "confirmation"))


def _do_swap(ctx: Ctx, seat: int, action: A.Swap) -> BuildersState:
    s = ctx.s
    take, give = action.take, NONE if action.give is None else action.give
    if give >= 0:
        ctx.hands[seat].remove(give)
        ctx.discards[seat].append(Discard(give, s.round, swap=True))
    ctx.receive_card(seat, take, "swap", s.round)
    ctx.event(EventKind.SWAP, master=seat, gave=give >= 0)
    ctx.event(EventKind.SWAP_CARDS, to=seat, master=seat, take=take, give=give)
    face_down = [c for c in s.face_down if c != take]
    cur = replace(s.cur, swapped=True)
    ctx.changes.update(swap=(take, give), cur=cur)
    return _next_reveal(ctx, face_down)


def _next_reveal(ctx: Ctx, face_down: list[int]) -> BuildersState:
    if not face_down:
        ctx.changes.update(face_down=(), pending=-1, strikes_left=0)
        return _end_construction(ctx)
    if len(face_down) == 1:
        return _reveal(ctx, face_down[0], [])
    ctx.changes.update(face_down=tuple(sorted(face_down)), pending=-1, strikes_left=0)
    return ctx.build(phase=Phase.REVEAL)


def _do_reveal(ctx: Ctx, seat: int, action: A.Reveal) -> BuildersState:
    card = action.card
    face_down = [c for c in ctx.s.face_down if c != card]
    return _reveal(ctx, card, face_down)


def _add_effect(ctx: Ctx, effect: Effect, update_last: bool = False) -> None:
    cur = ctx.changes.get("cur", ctx.s.cur)
    effects = list(cur.effects)
    if update_last:
        effects[-1] = effect
    else:
        effects.append(effect)
    ctx.changes["cur"] = replace(cur, effects=tuple(effects))


def _reveal(ctx: Ctx, card: int, face_down: list[int]) -> BuildersState:
    s = ctx.s
    storm = ctx.changes.get("storm", s.storm)
    info = C.CARDS[card]
    ctx.changes.update(face_down=tuple(face_down), pending=-1, strikes_left=0)
    ctx.resolved.append(card)
    ctx.event(
        EventKind.REVEAL,
        irreversible=True,
        card=card,
        kind=info.kind,
        master=s.master,
        void=storm and info.kind == C.BUILD,
    )
    if info.kind == C.BUILD:
        if storm:
            _add_effect(ctx, Effect(card, info.kind, void=True))
            return _next_reveal(ctx, face_down)
        if ctx.supply == 0 or len(info.cells) == 1:
            _add_effect(ctx, Effect(card, info.kind))
            if ctx.supply == 0:
                ctx.event(EventKind.PLACE, card=card, cell=-1, blocks=0, height=-1, supply=0)
                return _next_reveal(ctx, face_down)
            return _place(ctx, card, info.cells[0], face_down)
        _add_effect(ctx, Effect(card, info.kind))
        ctx.changes.update(pending=card)
        return ctx.build(phase=Phase.PLACE)
    if info.kind == C.LIGHTNING:
        _add_effect(ctx, Effect(card, info.kind))
        ctx.changes.update(pending=card, strikes_left=2)
        return _strike_loop(ctx, face_down)
    if info.kind == C.DELIBERATION:
        _add_effect(ctx, Effect(card, info.kind))
        targets = deliberation_targets(ctx.build())
        if not targets:
            ctx.event(EventKind.DELIBERATE, card=card, seat=-1, shown=-1)
            return _next_reveal(ctx, face_down)
        if len(targets) == 1:
            return _deliberate(ctx, card, targets[0], face_down)
        ctx.changes.update(pending=card)
        return ctx.build(phase=Phase.DELIBERATE)
    # Seal cards played in construction have no effect (ruling 6).
    _add_effect(ctx, Effect(card, info.kind))
    return _next_reveal(ctx, face_down)


def _place(ctx: Ctx, card: int, cell: int, face_down: list[int]) -> BuildersState:
    blocks = min(C.CARDS[card].blocks, ctx.supply)  # ruling 7
    ctx.base[cell] += blocks
    ctx.supply -= blocks
    cur = ctx.changes.get("cur", ctx.s.cur)
    _add_effect(ctx, replace(cur.effects[-1], cells=(cell,), blocks=blocks), update_last=True)
    ctx.event(EventKind.PLACE, card=card, cell=cell, blocks=blocks, height=ctx.base[cell], supply=ctx.supply)
    return _next_reveal(ctx, face_down)


def _do_place(ctx: Ctx, seat: int, action: A.Place) -> BuildersState:
    return _place(ctx, ctx.s.pending, action.cell, list(ctx.s.face_down))


def _strike_loop(ctx: Ctx, face_down: list[int]) -> BuildersState:
    while ctx.changes["strikes_left"] > 0:
        tall = tallest(ctx.base)
        if not tall:
            ctx.changes["strikes_left"] = 0
            break
        if len(tall) > 1:
            return ctx.build(phase=Phase.STRIKE)
        _strike(ctx, tall[0])
    return _next_reveal(ctx, face_down)


def _strike(ctx: Ctx, cell: int) -> None:
    ctx.base[cell] -= 1
    ctx.supply += 1
    ctx.changes["strikes_left"] -= 1
    cur = ctx.changes.get("cur", ctx.s.cur)
    last = cur.effects[-1]
    _add_effect(ctx, replace(last, cells=last.cells + (cell,)), update_last=True)
    card = ctx.changes.get("pending", ctx.s.pending)
    ctx.event(EventKind.STRIKE, card=card, cell=cell, height=ctx.base[cell], supply=ctx.supply)


def _do_strike(ctx: Ctx, seat: int, action: A.Strike) -> BuildersState:
    ctx.changes["strikes_left"] = ctx.s.strikes_left
    _strike(ctx, action.cell)
    return _strike_loop(ctx, list(ctx.s.face_down))


def _deliberate(ctx: Ctx, card: int, target: int, face_down: list[int]) -> BuildersState:
    s = ctx.s
    pile = ctx.discards[target]
    shown = -1
    for i, d in enumerate(pile):
        if d.round == s.round and not d.swap and not d.revealed:
            pile[i] = replace(d, revealed=True)
            shown = d.card
            break
    cur = ctx.changes.get("cur", s.cur)
    _add_effect(ctx, replace(cur.effects[-1], target=target, shown=shown), update_last=True)
    ctx.event(EventKind.DELIBERATE, irreversible=True, card=card, seat=target, shown=shown)
    return _next_reveal(ctx, face_down)


def _do_deliberate(ctx: Ctx, seat: int, action: A.Deliberate) -> BuildersState:
    return _deliberate(ctx, ctx.s.pending, action.seat, list(ctx.s.face_down))


def _end_construction(ctx: Ctx) -> BuildersState:
    """Victory check (blueprint met, deck depleted), then refill, then the token passes."""
    s = ctx.s
    met = all(h >= need for h, need in zip(ctx.base, s.blueprint.cells))
    if met:
        ctx.event(EventKind.COMPLETE, irreversible=True, base=list(ctx.base), round=s.round)
        return _start_seal(ctx)
    if not ctx.deck:
        ctx.event(EventKind.DEPLETED, irreversible=True, round=s.round)
        return _finish(ctx, Result("messenger", "depletion"))
    # Refill: appointed players, clockwise from the Master's left, as far as the deck allows.
    order = sorted(s.appointed, key=lambda a: (a - s.master) % s.players)
    for a in order:
        drawn = []
        while len(ctx.hands[a]) < C.HAND_LIMIT and ctx.deck:
            card = ctx.deck.pop(0)
            drawn.append(card)
            ctx.receive_card(a, card, "draw", s.round)
        ctx.event(EventKind.DRAW, seat=a, count=len(drawn), deck=len(ctx.deck))
        if drawn:
            ctx.event(EventKind.DRAW_CARDS, to=a, irreversible=True, seat=a, cards=drawn)
    return ctx.build(phase=Phase.PASS, pending=-1, strikes_left=0, face_down=())


def _do_pass(ctx: Ctx, seat: int, action: A.PassToken) -> BuildersState:
    s = ctx.s
    new_master = action.seat
    ctx.event(EventKind.PASS_MASTER, irreversible=False, **{"from": s.master, "new_master": new_master})
    done = replace(s.cur, next_master=new_master)
    return ctx.build(
        phase=Phase.TALK if s.talk_on else Phase.APPOINT,
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


def _do_talk(ctx: Ctx, seat: int, action: A.Talk) -> BuildersState:
    """One public statement in the table-talk step; when every seat has spoken, the Master appoints."""
    s = ctx.s
    statement = (s.round, seat, action.kind, action.subject)
    # Said aloud: public, and past taking back.
    ctx.event(
        EventKind.TALK, irreversible=True, round=s.round, seat=seat, kind=action.kind, subject=action.subject
    )
    talk = s.talk + (statement,)
    spoken = sum(1 for st in talk if st[0] == s.round)
    return ctx.build(talk=talk, phase=Phase.APPOINT if spoken >= s.players else Phase.TALK)


# -- the finale --------------------------------------------------------------------------
def _start_seal(ctx: Ctx) -> BuildersState:
    """Ruling 9: skipped unless an Architect holds a Seal; holding one stays secret, so every
    seat takes a turn to declare (a seat without a Seal, or not using it, declares none)."""
    s = ctx.s
    ctx.changes.update(face_down=(), pending=-1, strikes_left=0)
    holders = tuple(i for i in range(s.players) if holds_seal(ctx.hands[i]))
    if not any(ctx.roles[h] is Role.ARCHITECT for h in holders):
        ctx.event(EventKind.SEAL_PHASE, skipped=True)
        return _start_punish(ctx, (NOT_CHOSEN,) * s.players)
    ctx.event(EventKind.SEAL_PHASE, skipped=False)
    return ctx.build(phase=Phase.SEAL, seal_holders=holders, seal_declare=(NOT_CHOSEN,) * s.players)


def discussion_order(players: int, master: int) -> tuple[int, ...]:
    """Who speaks in the Seal discussion, in turn: clockwise from the last Master's left."""
    return tuple((master + 1 + k) % players for k in range(players))


def _do_declare(ctx: Ctx, seat: int, action: A.Declare) -> BuildersState:
    """Step 1: a secret declaration; when every seat has declared, the users are named together."""
    s = ctx.s
    declare = list(s.seal_declare)
    declare[seat] = 1 if action.use else 0
    ctx.event(EventKind.SEAL_CHOSEN, seat=seat)
    ctx.event(EventKind.SEAL_DECLARE, to=seat, seat=seat, use=action.use)
    if any(d == NOT_CHOSEN for d in declare):
        return ctx.build(seal_declare=tuple(declare))
    users = tuple(i for i in range(s.players) if declare[i] == 1)
    ctx.event(EventKind.SEAL_USERS, irreversible=True, users=list(users))
    choice = tuple(NOT_CHOSEN if i in users else NONE for i in range(s.players))
    ctx.changes.update(seal_declare=tuple(declare), seal_users=users, seal_choice=choice)
    if not users:  # nobody seals: nothing to discuss or point at
        ctx.event(EventKind.SEALS, irreversible=True, targets={})
        return _start_punish(ctx, choice)
    return ctx.build(phase=Phase.DISCUSS, said=(NOT_CHOSEN,) * s.players)


def _do_say(ctx: Ctx, seat: int, action: A.Say) -> BuildersState:
    """Step 2: one public statement a seat, in turn: whom it takes for the Messenger, or nothing."""
    s = ctx.s
    said = list(s.said)
    said[seat] = NONE if action.suspect is None else action.suspect
    ctx.event(EventKind.SAID, seat=seat, suspect=said[seat])
    if any(x == NOT_CHOSEN for x in said):
        return ctx.build(said=tuple(said))
    return ctx.build(phase=Phase.TARGET, said=tuple(said))


def _do_seal(ctx: Ctx, seat: int, action: A.Seal) -> BuildersState:
    """Step 3: every declared user points at a target secretly; all are revealed together."""
    s = ctx.s
    choice = list(s.seal_choice)
    choice[seat] = action.target
    ctx.event(EventKind.TARGET_CHOSEN, seat=seat)
    ctx.event(EventKind.SEAL_CHOICE, to=seat, seat=seat, target=choice[seat])
    if any(c == NOT_CHOSEN for c in choice):
        return ctx.build(seal_choice=tuple(choice))
    # Revealed together; only the players who used a Seal are named (one Seal each).
    targets = {str(h): choice[h] for h in range(s.players) if choice[h] >= 0}
    for h in range(s.players):
        if choice[h] >= 0:
            seal = C.first_seal(ctx.hands[h])
            ctx.hands[h].remove(seal)
            ctx.resolved.append(seal)
    ctx.event(EventKind.SEALS, irreversible=True, targets=targets)
    return _start_punish(ctx, tuple(choice))


def _start_punish(ctx: Ctx, seal_choice: tuple[int, ...]) -> BuildersState:
    s = ctx.s
    zealots = tuple(i for i in range(s.players) if ctx.roles[i] is Role.ZEALOT)
    counts = [sum(C.is_punishment(c) for c in ctx.hands[z]) for z in zealots]
    ctx.event(EventKind.ZEALOTS, irreversible=True, zealots=list(zealots), cards=counts)
    ctx.changes.update(seal_choice=seal_choice, zealots_revealed=zealots)
    if not zealots:
        return _resolve_finale(ctx, (NOT_CHOSEN,) * s.players)
    return ctx.build(phase=Phase.PUNISH)


def _do_punish(ctx: Ctx, seat: int, action: A.Punish) -> BuildersState:
    s = ctx.s
    choice = list(s.punish_choice)
    choice[seat] = action.seat
    ctx.event(EventKind.PUNISH_CHOSEN, seat=seat)
    ctx.event(EventKind.PUNISH_CHOICE, to=seat, seat=seat, target=action.seat)
    if any(choice[z] == NOT_CHOSEN for z in s.zealots_revealed):
        return ctx.build(punish_choice=tuple(choice))
    return _resolve_finale(ctx, tuple(choice))


def _resolve_finale(ctx: Ctx, punish_choice: tuple[int, ...]) -> BuildersState:
    s = ctx.s
    seal_choice = ctx.changes.get("seal_choice", s.seal_choice)
    zealots = ctx.changes.get("zealots_revealed", s.zealots_revealed)
    messenger = ctx.roles.index(Role.MESSENGER)
    given = {}
    for z in zealots:
        cards = [c for c in ctx.hands[z] if C.is_punishment(c)]
        given[str(z)] = {"target": punish_choice[z], "cards": cards}
    if zealots:
        ctx.event(EventKind.PUNISHMENTS, irreversible=True, given=given)
    seals = sum(1 for h in range(s.players) if seal_choice[h] == messenger)
    dps = sum(len(g["cards"]) for g in given.values() if g["target"] == messenger)
    ctx.event(EventKind.MESSENGER, irreversible=True, seat=messenger)
    team = "messenger" if dps >= seals else "architects"  # ruling 9
    reason = "punishment" if team == "messenger" else "sealed"
    ctx.changes.update(punish_choice=punish_choice)
    return _finish(ctx, Result(team, reason, seals, dps))


def _finish(ctx: Ctx, result: Result) -> BuildersState:
    s = ctx.s
    winners = team(ctx.roles, result.team)
    ctx.event(
        EventKind.RESULT,
        irreversible=True,
        team=result.team,
        reason=result.reason,
        winners=winners,
        seals_on_messenger=result.seals_on_messenger,
        punishment_on_messenger=result.punishment_on_messenger,
    )
    ctx.event(
        EventKind.TIMELINE,
        irreversible=True,
        roles=[r.value for r in ctx.roles],
        conversions=[{"seat": c.seat, "round": c.round, "how": c.how} for c in ctx.conversions],
        rounds=s.round,
    )
    cur = ctx.changes.get("cur", s.cur)
    log = s.log + ((cur,) if cur is not None and cur.appointed else ())
    return ctx.build(phase=Phase.OVER, result=result, log=log, cur=None, pending=-1, strikes_left=0)


def do_move(state: BuildersState, seat: int, action: A.Action) -> tuple[BuildersState, tuple[Event, ...]]:
    """The next state and the events of a legal ``action`` by ``seat`` (the input is never touched)."""
    ctx = Ctx(state)
    match action:
        case A.Appoint():
            new = _do_appoint(ctx, seat, action)
        case A.Play():
            new = _do_select(ctx, seat, action)
        case A.Swap():
            new = _do_swap(ctx, seat, action)
        case A.Reveal():
            new = _do_reveal(ctx, seat, action)
        case A.Place():
            new = _do_place(ctx, seat, action)
        case A.Strike():
            new = _do_strike(ctx, seat, action)
        case A.Deliberate():
            new = _do_deliberate(ctx, seat, action)
        case A.PassToken():
            new = _do_pass(ctx, seat, action)
        case A.Talk():
            new = _do_talk(ctx, seat, action)
        case A.Declare():
            new = _do_declare(ctx, seat, action)
        case A.Say():
            new = _do_say(ctx, seat, action)
        case A.Seal():
            new = _do_seal(ctx, seat, action)
        case A.Punish():
            new = _do_punish(ctx, seat, action)
    return new, tuple(ctx.events)
