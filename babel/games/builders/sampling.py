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
from babel.games.builders.model import BuildersState, Commit, Conversion, Phase, Role

DP, SEAL, OTHER = "dp", "seal", "other"


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


def _shuffle_into(slots: list[Slot], rng: Rng) -> None:
    """Shuffle the slots' cards among them, constrained classes first (Divine Punishment, then
    Seal), each into slots that allow it."""
    by_cls: dict[str, list[int]] = {DP: [], SEAL: [], OTHER: []}
    for c, i, _ in slots:
        card = _get(c, i)
        by_cls[_cls(card)].append(card)
    free = list(range(len(slots)))
    rng.shuffle(free)
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
    _shuffle_into(slots, rng)
    hands = places["hands"]
    roles, conversions = state.roles, state.conversions
    messenger = -1
    if not roles_known:
        if seat is not None and roles[seat] is Role.MESSENGER:
            messenger = seat
        else:
            messenger = rng.choice([s for s in range(n) if s != seat])
        if state.phase is Phase.SEAL:
            _an_architect_holds_a_seal(hands, messenger, seat, slots, _get, _put)
    hands_t = tuple(tuple(sorted(h)) for h in hands)
    commits = tuple(Commit(c[0], c[1]) if c is not None else None for c in places["commits"])
    if not roles_known:
        roles, conversions = _redraw_roles(state, seat, messenger, hands_t, commits)
    seal_holders, seal_choice = state.seal_holders, state.seal_choice
    if state.phase is Phase.SEAL:
        seal_holders = tuple(s for s in range(n) if any(_cls(c) == SEAL for c in hands_t[s]))
        seal_choice = tuple(
            c if (s == seat or c < 0 or s in seal_holders) else -1 for s, c in enumerate(seal_choice)
        )
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
        seal_choice=seal_choice,
    )


def _an_architect_holds_a_seal(hands: list, messenger: int, seat: int | None, slots: list, get, put) -> None:
    """The Seal phase is open, so everyone knows an Architect holds a Seal (ruling 9): if the
    redraw left none with one, swap a hidden Seal with a card of another Architect's hand."""

    def architect(s: int) -> bool:
        return s != messenger and not any(_cls(c) == DP for c in hands[s])

    if any(architect(s) and any(_cls(c) == SEAL for c in hands[s]) for s in range(len(hands))):
        return
    for s in range(len(hands)):
        if s == seat or not architect(s):
            continue
        mine = next((i for i, c in enumerate(hands[s]) if _cls(c) == OTHER), None)
        seal = next((k for k, (c, i, _) in enumerate(slots) if _cls(get(c, i)) == SEAL), None)
        if mine is None or seal is None:
            continue
        container, index, _ = slots[seal]
        card = get(container, index)
        put(container, index, hands[s][mine])
        hands[s][mine] = card
        return
