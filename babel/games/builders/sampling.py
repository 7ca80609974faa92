"""Babel Builders: redrawing what a seat cannot know (the leak test, and belief sampling).

A card's place is hidden from a seat when it is in the deck, in another player's hand, in another
player's secret choice, face down with the Master (unless the seat is the Master), or in another
player's face-down discard area. Those cards are shuffled among those places, with the placement
constraints every player knows: Divine Punishment is never discarded nor left with the Master
after the check. Holding a Seal is secret in the Seal phase too (ruling 9): the holders and the
other seats' choices are redrawn to fit the new hands. Before the Zealots are revealed the roles are redrawn too: a new Messenger among
the seats the viewer cannot rule out, and Zealots are then the non-Messenger holders of Divine
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


def resample(state: BuildersState, seat: int | None, rng: Rng) -> BuildersState:
    n = state.players
    roles_known = state.phase in (Phase.PUNISH, Phase.OVER)
    deck = list(state.deck)
    hands = [list(h) for h in state.hands]
    discards = [list(p) for p in state.discards]
    face_down = list(state.face_down)
    commits = [list((c.play, c.discard)) if c is not None else None for c in state.commits]

    # (container, index, allowed classes)
    slots: list[tuple[list, int, frozenset[str]]] = []
    anywhere = frozenset({DP, SEAL, OTHER})
    no_dp = frozenset({SEAL, OTHER})

    def add(container: list, index: int, allowed: frozenset[str]) -> None:
        if roles_known and _cls(container[index]) == DP:
            return  # Divine Punishment is public from the Zealot reveal on: leave it in place
        slots.append((container, index, allowed))

    for i in range(len(deck)):
        add(deck, i, anywhere)
    for s in range(n):
        if s == seat:
            continue
        hand = hands[s]
        for i in range(len(hand)):
            add(hand, i, anywhere)
        if state.phase is Phase.SELECT and commits[s] is not None:
            com = commits[s]
            if com[0] >= 0:
                add(com, 0, anywhere)
            if com[1] >= 0:
                add(com, 1, no_dp)
        pile = discards[s]
        for i, d in enumerate(pile):
            if not d.revealed:
                slots.append((pile, i, no_dp))
    if seat is None or seat != state.master:
        for i in range(len(face_down)):
            add(face_down, i, no_dp)

    def get(container: list, index: int) -> int:
        item = container[index]
        return item.card if hasattr(item, "card") else item

    def put(container: list, index: int, card: int) -> None:
        item = container[index]
        container[index] = replace(item, card=card) if hasattr(item, "card") else card

    pool = [get(c, i) for c, i, _ in slots]
    by_cls: dict[str, list[int]] = {DP: [], SEAL: [], OTHER: []}
    for card in pool:
        by_cls[_cls(card)].append(card)
    free = list(range(len(slots)))
    rng.shuffle(free)
    # Constrained classes first (Divine Punishment, then Seal), each into slots that allow it.
    for cls in (DP, SEAL):
        cards_of = by_cls[cls]
        fitting = [k for k in free if cls in slots[k][2]]
        if len(fitting) < len(cards_of):
            fitting = free[:]  # cannot happen in a reachable state; stay total anyway
        chosen = fitting[: len(cards_of)]
        for k, card in zip(chosen, cards_of):
            put(slots[k][0], slots[k][1], card)
        taken = set(chosen)
        free = [k for k in free if k not in taken]
    others = by_cls[OTHER]
    rng.shuffle(others)
    for k, card in zip(free, others):
        put(slots[k][0], slots[k][1], card)

    roles = list(state.roles)
    conversions = list(state.conversions)
    if not roles_known:
        if seat is not None and roles[seat] is Role.MESSENGER:
            messenger = seat
        else:
            messenger = rng.choice([s for s in range(n) if s != seat])
        if state.phase is Phase.SEAL:
            _an_architect_holds_a_seal(hands, messenger, seat, slots, get, put)
    hands_t = tuple(tuple(sorted(h)) for h in hands)
    new_commits = tuple(Commit(c[0], c[1]) if c is not None else None for c in commits)
    if not roles_known:
        old = {c.seat: c for c in conversions}
        conversions = [c for c in conversions if c.seat == seat]
        for s in range(n):
            if s == seat:
                continue
            holds = any(_cls(c) == DP for c in hands_t[s])
            com = new_commits[s] if state.phase is Phase.SELECT else None
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
    seal_holders, seal_choice = state.seal_holders, state.seal_choice
    if state.phase is Phase.SEAL:
        seal_holders = tuple(s for s in range(n) if any(_cls(c) == SEAL for c in hands_t[s]))
        seal_choice = tuple(
            c if (s == seat or c < 0 or s in seal_holders) else -1 for s, c in enumerate(seal_choice)
        )
    return replace(
        state,
        rng=rng.next64(),
        deck=tuple(deck),
        hands=hands_t,
        discards=tuple(tuple(p) for p in discards),
        face_down=tuple(sorted(face_down)),
        commits=new_commits,
        roles=tuple(roles),
        conversions=tuple(conversions),
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
