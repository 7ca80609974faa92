"""Babel Builders: redrawing what a seat cannot know (the leak test, and belief sampling).

A card's place is hidden from a seat when it is in the deck, in another player's hand, in another
player's secret choice, face down with the Master (unless the seat is the Master), or in another
player's face-down discard area. Those cards are shuffled among those places, with the placement
constraints every player knows: Divine Punishment is never discarded nor left with the Master
after the check. Holding a Seal is secret in the Seal phase too (ruling 9): the holders and the
other seats' choices are redrawn to fit the new hands. Before the Zealots are revealed the
roles are redrawn too: a new Messenger among the seats the viewer cannot rule out, and Zealots are then the non-Messenger holders of Divine
Punishment (exactly how the rules make Zealots).
"""

from __future__ import annotations

from babel.core.protocol import replace
from babel.core.rng import Rng
from babel.games.builders import cards as C
from babel.games.builders.model import BuildersState, BuildersView, Commit, Conversion, Phase, Role

DP, SEAL, OTHER = "dp", "seal", "other"
NONE, NOT_CHOSEN = -1, -2  # no card or target; a choice not made yet (as the state holds them)
SEAL_STEPS = (Phase.SEAL, Phase.DISCUSS, Phase.TARGET)


def _cls(card: int) -> str:
    kind = C.CARDS[card].kind
    return DP if kind == C.PUNISHMENT else SEAL if kind == C.SEAL else OTHER


Slot = tuple[list, int, frozenset[str]]  # (container, index, the card classes allowed there)
ANYWHERE = frozenset({DP, SEAL, OTHER})
NO_DP = frozenset({SEAL, OTHER})


def _get(container: list, index: int) -> int:
    item = container[index]
    return item.card if hasattr(item, "card") else item


def _put(container: list, index: int, card: int) -> None:
    item = container[index]
    container[index] = replace(item, card=card) if hasattr(item, "card") else card


def _hidden_slots(state: BuildersState, seat: int | None, roles_known: bool, places: dict) -> list[Slot]:
    """Every place holding a card ``seat`` cannot see, with the classes that may lie there."""
    slots: list[Slot] = []

    def add(container: list, index: int, allowed: frozenset[str]) -> None:
        if roles_known and _cls(container[index]) == DP:
            return  # Divine Punishment is public from the Zealot reveal on: leave it in place
        slots.append((container, index, allowed))

    deck, hands, discards, commits = places["deck"], places["hands"], places["discards"], places["commits"]
    for i in range(len(deck)):
        add(deck, i, ANYWHERE)
    for s in range(state.players):
        if s == seat:
            continue
        for i in range(len(hands[s])):
            add(hands[s], i, ANYWHERE)
        com = commits[s]
        if state.phase is Phase.SELECT and com is not None:
            if com[0] >= 0:
                add(com, 0, ANYWHERE)
            if com[1] >= 0:
                add(com, 1, NO_DP)
        pile = discards[s]
        slots.extend((pile, i, NO_DP) for i, d in enumerate(pile) if not d.revealed)
    if seat is None or seat != state.master:
        face_down = places["face_down"]
        for i in range(len(face_down)):
            add(face_down, i, NO_DP)
    return slots


def _shuffle_into(slots: list[Slot], rng: Rng, reserved: tuple[int, ...] = ()) -> None:
    """Shuffle the slots' cards among them, constrained classes first (a Seal into each of the
    ``reserved`` slots, then Divine Punishment, then the other Seals), each into slots that allow it."""
    by_cls: dict[str, list[int]] = {DP: [], SEAL: [], OTHER: []}
    for c, i, _ in slots:
        card = _get(c, i)
        by_cls[_cls(card)].append(card)
    free = list(range(len(slots)))
    rng.shuffle(free)
    if reserved:
        seals = by_cls[SEAL]
        rng.shuffle(seals)
        for k in reserved[: len(seals)]:
            _put(slots[k][0], slots[k][1], seals.pop())
        free = [k for k in free if k not in reserved]
    for cls in (DP, SEAL):
        cards_of = by_cls[cls]
        fitting = [k for k in free if cls in slots[k][2]]
        if len(fitting) < len(cards_of):
            fitting = free[:]  # cannot happen in a reachable state; stay total anyway
        chosen = fitting[: len(cards_of)]
        for k, card in zip(chosen, cards_of):
            _put(slots[k][0], slots[k][1], card)
        taken = set(chosen)
        free = [k for k in free if k not in taken]
    others = by_cls[OTHER]
    rng.shuffle(others)
    for k, card in zip(free, others):
        _put(slots[k][0], slots[k][1], card)


def _redraw_roles(
    state: BuildersState, seat: int | None, messenger: int, hands: tuple, commits: tuple
) -> tuple[tuple[Role, ...], tuple[Conversion, ...]]:
    """Roles as the rules make them: the Messenger, and Zealots the other Divine Punishment holders."""
    roles = list(state.roles)
    old = {c.seat: c for c in state.conversions}
    conversions = [c for c in state.conversions if c.seat == seat]
    for s in range(state.players):
        if s == seat:
            continue
        holds = any(_cls(c) == DP for c in hands[s])
        com = commits[s] if state.phase is Phase.SELECT else None
        if com is not None and com.play >= 0 and _cls(com.play) == DP:
            holds = True
        if s == messenger:
            roles[s] = Role.MESSENGER
        elif holds:
            roles[s] = Role.ZEALOT
            conversions.append(old.get(s, Conversion(s, state.round, "draw")))
        else:
            roles[s] = Role.ARCHITECT
    conversions.sort(key=lambda c: (c.round, c.seat))
    return tuple(roles), tuple(conversions)


def resample_hidden(state: BuildersState, seat: int | None, rng: Rng) -> BuildersState:
    """Redraw the deck, other hands, others' secret choices and face-down cards, and (before the
    Zealots are revealed) who is the Messenger and who are Zealots; keep all ``seat`` knows."""
    n = state.players
    roles_known = state.phase in (Phase.PUNISH, Phase.OVER)
    places = {
        "deck": list(state.deck),
        "hands": [list(h) for h in state.hands],
        "discards": [list(p) for p in state.discards],
        "face_down": list(state.face_down),
        "commits": [list((c.play, c.discard)) if c is not None else None for c in state.commits],
    }
    slots = _hidden_slots(state, seat, roles_known, places)
    hands = places["hands"]
    users = state.seal_users if state.phase in SEAL_STEPS else ()
    _shuffle_into(slots, rng, _user_slots(slots, hands, users, seat))
    roles, conversions = state.roles, state.conversions
    messenger = -1
    if not roles_known:
        if seat is not None and roles[seat] is Role.MESSENGER:
            messenger = seat
        else:
            messenger = rng.choice([s for s in range(n) if s != seat])
        if state.phase in SEAL_STEPS:
            _an_architect_holds_a_seal(hands, messenger, seat, slots, users)
    hands_t = tuple(tuple(sorted(h)) for h in hands)
    commits = tuple(Commit(c[0], c[1]) if c is not None else None for c in places["commits"])
    if not roles_known:
        roles, conversions = _redraw_roles(state, seat, messenger, hands_t, commits)
    seal_holders, declare = state.seal_holders, state.seal_declare
    if state.phase in SEAL_STEPS:
        seal_holders = tuple(s for s in range(n) if any(_cls(c) == SEAL for c in hands_t[s]))
        declare = tuple(d if (s == seat or d != 1 or s in seal_holders) else 0 for s, d in enumerate(declare))
    return replace(
        state,
        rng=rng.next64(),
        deck=tuple(places["deck"]),
        hands=hands_t,
        discards=tuple(tuple(p) for p in places["discards"]),
        face_down=tuple(sorted(places["face_down"])),
        commits=commits,
        roles=roles,
        conversions=conversions,
        seal_holders=seal_holders,
        seal_declare=declare,
    )


def _user_slots(slots: list[Slot], hands: list, users: tuple[int, ...], seat: int | None) -> tuple[int, ...]:
    """The declared users are public, and each holds a Seal: one slot of each other user's hand
    is kept for a Seal in the redraw."""
    out = []
    for u in users:
        if u != seat:
            k = next((k for k, (c, _i, _a) in enumerate(slots) if c is hands[u]), None)
            if k is not None:
                out.append(k)
    return tuple(out)


def _an_architect_holds_a_seal(
    hands: list, messenger: int, seat: int | None, slots: list, users: tuple[int, ...] = ()
) -> None:
    """The Seal phase is open, so everyone knows an Architect holds a Seal (ruling 9): if the
    redraw left none with one, swap a hidden Seal (not a declared user's) with a card of another
    Architect's hand."""
    get, put = _get, _put

    def architect(s: int) -> bool:
        return s != messenger and not any(_cls(c) == DP for c in hands[s])

    if any(architect(s) and any(_cls(c) == SEAL for c in hands[s]) for s in range(len(hands))):
        return
    for s in range(len(hands)):
        if s == seat or not architect(s):
            continue
        mine = next((i for i, c in enumerate(hands[s]) if _cls(c) == OTHER), None)
        seal = next(
            (
                k
                for k, (c, i, _) in enumerate(slots)
                if _cls(get(c, i)) == SEAL and not any(c is hands[v] for v in users)
            ),
            None,
        )
        if mine is None or seal is None:
            continue
        container, index, _ = slots[seal]
        card = get(container, index)
        put(container, index, hands[s][mine])
        hands[s][mine] = card
        return


# -- a full state from a view (for search bots and tests) ------------------------------------------
def _seen_cards(view: BuildersView) -> set[int]:
    """Every card whose place the view shows."""
    seen = set(view.hand) | set(view.resolved) | set(view.face_down)
    seen |= {d.card for pile in view.discards for d in pile if d.card >= 0}
    if view.phase is Phase.SELECT and view.my_commit is not None:
        seen |= {c for c in (view.my_commit.play, view.my_commit.discard) if c >= 0}
    return seen


def _handed(view: BuildersView, s: int) -> int:
    """How many cards ``s`` put down this construction phase (its play and its discard)."""
    before = view.current.hand_sizes if view.current is not None and view.current.hand_sizes else ()
    return before[s] - view.hand_sizes[s] if before else 0


def _places(view: BuildersView, me: int | None) -> dict:
    """The state's card containers, with -1 where the view hides a card."""
    n = view.players
    hands = [list(view.hand) if s == me else [NONE] * view.hand_sizes[s] for s in range(n)]
    commits: list[list[int] | None] = [None] * n
    for s in range(n):
        if s == me and view.my_commit is not None:
            commits[s] = [view.my_commit.play, view.my_commit.discard]
        elif view.committed[s]:
            k = _handed(view, s) if view.phase is Phase.SELECT else 0
            commits[s] = [NONE if k < 1 else -3, NONE if k < 2 else -3]  # -3: a hidden card
    face_down = list(view.face_down) if view.face_down or me == view.master else [NONE] * view.face_down_count
    return {
        "deck": [NONE] * view.deck_size,
        "hands": hands,
        "discards": [list(pile) for pile in view.discards],
        "face_down": face_down,
        "commits": commits,
    }


def _empty_slots(view: BuildersView, me: int | None, places: dict, evil: set[int] | None) -> list[Slot]:
    """The hidden places and what may lie there; with the roles known (``evil``), Divine
    Punishment only in the deck and the hands of the Messenger's team."""
    slots: list[Slot] = [(places["deck"], i, ANYWHERE) for i in range(len(places["deck"]))]
    for s in range(view.players):
        if s != me:
            # a revealed Zealot's Divine Punishment cards are counted in public: none more
            hand_ok = ANYWHERE if evil is None or (s in evil and s not in view.zealots) else NO_DP
            slots += [(places["hands"][s], i, hand_ok) for i in range(len(places["hands"][s]))]
        com = places["commits"][s]
        if s != me and com is not None:
            slots += [(com, i, ANYWHERE if i == 0 else NO_DP) for i in (0, 1) if com[i] == -3]
        pile = places["discards"][s]
        slots += [(pile, i, NO_DP) for i, d in enumerate(pile) if d.card < 0]
    if me != view.master:
        slots += [(places["face_down"], i, NO_DP) for i in range(len(places["face_down"]))]
    return slots


def _known_roles(view: BuildersView, me: int | None, rng: Rng) -> tuple[list[Role], list[Conversion]]:
    """From the Divine Punishment phase on: the roles (a Messenger drawn when still unknown)."""
    if view.roles:
        return list(view.roles), list(view.conversions)
    n = view.players
    if view.role is Role.MESSENGER:
        messenger = me
    else:
        messenger = rng.choice([s for s in range(n) if s != me and s not in view.zealots])
    roles = [Role.ZEALOT if s in view.zealots else Role.ARCHITECT for s in range(n)]
    roles[messenger] = Role.MESSENGER
    conversions = [view.my_conversion] if view.my_conversion is not None else []
    conversions += [Conversion(z, view.round, "draw") for z in view.zealots if z != me]
    return roles, sorted(conversions, key=lambda c: (c.round, c.seat))


def _deal_hidden(
    view: BuildersView, me: int | None, places: dict, roles: list[Role] | None, rng: Rng
) -> None:
    """Put the cards the view does not place into its hidden places, within the rules."""
    evil = None if roles is None else {s for s, r in enumerate(roles) if r is not Role.ARCHITECT}
    slots = _empty_slots(view, me, places, evil)
    pool = sorted(set(C.game_card_ids(view.players)) - _seen_cards(view))
    if len(pool) != len(slots):
        raise ValueError("the view does not account for every card of the game")
    dps = [c for c in pool if _cls(c) == DP]
    if roles is not None:  # the revealed Zealots' Divine Punishment cards are public
        for z, count in zip(view.zealots, view.zealot_cards):
            if z == me:
                continue
            fixed = [k for k, (c, _i, _a) in enumerate(slots) if c is places["hands"][z]][:count]
            for k in fixed:
                container, index, _ = slots[k]
                container[index] = dps.pop()
            slots = [sl for k, sl in enumerate(slots) if k not in fixed]
    rest = dps + [c for c in pool if _cls(c) != DP]
    for (container, index, _), card in zip(slots, rest):
        _put(container, index, card)
    _shuffle_into(slots, rng)


def determinize(view: BuildersView, seat: int | None, rng: Rng) -> BuildersState:
    """A full state whose view for ``seat`` is ``view``: the unseen cards dealt where they may
    lie, then redrawn with the roles still secret (``resample_hidden``)."""
    n, me = view.players, seat
    places = _places(view, me)
    roles_known = view.phase in (Phase.PUNISH, Phase.OVER)
    roles, conversions = _known_roles(view, me, rng) if roles_known else (None, [])
    _deal_hidden(view, me, places, roles, rng)
    if roles is None:  # placeholders: resample_hidden draws the Messenger and makes the Zealots
        roles = [view.role if s == me else Role.ARCHITECT for s in range(n)]
        conversions = [view.my_conversion] if view.my_conversion is not None else []
        if view.role is not Role.MESSENGER:
            roles[next(s for s in range(n) if s != me)] = Role.MESSENGER
    state = _skeleton(view, me, places, roles, conversions)
    return resample_hidden(state, seat, rng)


def _choices(view: BuildersView, me: int | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The Seal and Divine Punishment choices: public ones as shown, others' secret ones made up."""
    n = view.players
    if view.phase in (Phase.DISCUSS, Phase.TARGET):  # a user that has chosen points at any other seat
        chosen = view.seal_committed if view.phase is Phase.TARGET else (False,) * n
        seals = tuple(
            view.my_seal
            if s == me
            else (NONE if s not in view.seal_users else (s + 1) % n if chosen[s] else NOT_CHOSEN)
            for s in range(n)
        )
    else:
        seals = view.seals or tuple(view.my_seal if s == me else NOT_CHOSEN for s in range(n))
    if view.punishments:
        return seals, view.punishments
    target = [next(t for t in range(n) if t != z and t not in view.zealots) for z in range(n)]
    punish = tuple(
        view.my_punish if s == me else (target[s] if view.punish_committed[s] else NOT_CHOSEN)
        for s in range(n)
    )
    return seals, punish


def _declarations(view: BuildersView, me: int | None) -> tuple[int, ...]:
    """Step 1's declarations: once the users are named, all of them; before, only one's own."""
    n = view.players
    if view.phase is Phase.SEAL:
        return tuple(
            view.my_declare if s == me else (0 if view.seal_committed[s] else NOT_CHOSEN) for s in range(n)
        )
    held = view.seals and any(t != NOT_CHOSEN for t in view.seals)
    if (
        view.seal_users
        or view.phase in (Phase.DISCUSS, Phase.TARGET)
        or held
        or view.my_declare != NOT_CHOSEN
    ):
        return tuple(1 if s in view.seal_users else 0 for s in range(n))
    return ()


def _skeleton(
    view: BuildersView, me: int | None, places: dict, roles: list, conversions: list
) -> BuildersState:
    seals, punish = _choices(view, me)
    commits = tuple(None if c is None else Commit(c[0], c[1]) for c in places["commits"])
    return BuildersState(
        rng=0,
        players=view.players,
        phase=view.phase,
        round=view.round,
        master=view.master,
        roles=tuple(roles),
        conversions=tuple(conversions),
        blueprint=view.blueprint,
        base=view.base,
        supply=view.supply,
        deck=tuple(places["deck"]),
        hands=tuple(tuple(sorted(h)) for h in places["hands"]),
        discards=tuple(tuple(p) for p in places["discards"]),
        resolved=view.resolved,
        appointed=view.appointed,
        commits=commits,
        face_down=tuple(sorted(places["face_down"])),
        storm=view.storm,
        swap=view.my_swap or ((NONE, NONE) if view.swapped else ()),
        pending=view.pending,
        strikes_left=view.strikes_left,
        cur=view.current,
        log=view.log,
        seal_holders=tuple(s for s, t in enumerate(view.seals) if t >= 0),
        seal_declare=_declarations(view, me),
        seal_users=view.seal_users,
        said=view.said,
        seal_choice=seals,
        zealots_revealed=view.zealots,
        punish_choice=punish,
        result=view.result,
        talk_on=view.talk_on,
        talk=view.talk,
    )
