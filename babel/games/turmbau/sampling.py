"""Full states consistent with a seat's view, for search bots and the leak test.

What a seat cannot see is redrawn from what it has not seen: the other hands (each keeping the
cards everyone saw returning to it), their face-down offers, the order and make-up of the supply,
the others' action cards and collected discs. Everything on the table is copied from the view.
"""

from __future__ import annotations

from babel.core.rng import Rng
from babel.games.turmbau import data
from babel.games.turmbau.actions import Offer
from babel.games.turmbau.data import ZERO, Counts
from babel.games.turmbau.model import Phase, TurmbauState, TurmbauView, seat_view
from babel.games.turmbau.pieces import TRIPLE, all_action_cards, all_discs, target_disc

OFFER_MAX_CHANCE = 0.5  # a sampled face-down offer offers all it can with this chance
OFFER_TRADE_CHANCE = 0.25
OFFER_TRIPLE_CHANCE = 0.5


def resample_hidden(state: TurmbauState, seat: int | None, rng: Rng) -> TurmbauState:
    """``state`` with everything ``seat`` cannot see drawn afresh."""
    return determinize(seat_view(state, seat), seat, rng)


def determinize(view: TurmbauView, seat: int | None, rng: Rng) -> TurmbauState:
    """A full state consistent with ``view``, the hidden parts drawn at random with ``rng``."""
    n = view.players
    others = [s for s in range(n) if s != seat]
    hands, offers, holdings, supply = _building_cards(view, seat, others, rng)
    actions, deck = _action_cards(view, seat, others, rng)
    pending = view.phase is Phase.OFFER
    for s in others:
        if pending and view.committed[s] and s != view.active:
            offers[s], actions[s] = _face_down_offer(view, holdings[s], actions[s], rng)
        hands[s] = tuple(holdings[s])  # type: ignore[assignment]
    discs = _collected_discs(view, seat, others, rng)  # drawn before the state's own seed
    return TurmbauState(
        rng=rng.next64(),
        players=n,
        two_kind=view.two_kind,
        phase=view.phase,
        start=view.start,
        active=view.active,
        turn=view.turn,
        double=view.double,
        row=view.row,
        wonders=view.wonders,
        target=view.target,
        supply=tuple(supply),
        discard=view.discard,
        hands=tuple(hands),
        known=view.known,
        offers=tuple(offers),
        revealed=view.phase is Phase.SELECT,
        parts=view.parts,
        scores=view.scores,
        discs=discs,
        action_deck=tuple(deck),
        actions=tuple(actions),
        spent=view.spent,
        final=view.final,
        stalled=view.stalled,
    )


def _deal(
    pool: list[int], sizes: dict[int, int], floors: dict[int, Counts], rng: Rng
) -> dict[int, list[int]]:
    """Deal count vectors of the given sizes from ``pool`` (counts per kind, changed in place),
    each at least its floor per kind."""
    out = {}
    for s, floor in floors.items():
        out[s] = list(floor)
        for k in range(data.NKINDS):
            pool[k] -= floor[k]
            if pool[k] < 0:
                raise ValueError("the view's known cards exceed the unseen cards")
    cards = [k for k in range(data.NKINDS) for _ in range(pool[k])]
    rng.shuffle(cards)
    for s, size in sizes.items():
        extra = size - sum(out[s])
        if extra < 0 or extra > len(cards):
            raise ValueError("the view's hand sizes do not fit the unseen cards")
        for _ in range(extra):
            k = cards.pop()
            out[s][k] += 1
            pool[k] -= 1
    return out


def _building_cards(view: TurmbauView, seat: int | None, others: list[int], rng: Rng) -> tuple:
    """The seat's own hand and offer, the others' holdings (hand plus face-down offer, to split
    later) and the shuffled supply, all from the cards this seat has not seen."""
    n = view.players
    pending = view.phase is Phase.OFFER
    pool = [data.CARDS_PER_KIND - view.discard[k] for k in range(data.NKINDS)]
    hands: list[Counts] = [ZERO] * n
    offers: list[Offer | None] = list(view.offers) if not pending else [None] * n
    if seat is not None:
        hands[seat] = view.hand
        for k in range(data.NKINDS):
            pool[k] -= view.hand[k]
        if pending and view.my_offer is not None:
            offers[seat] = view.my_offer
            for k in range(data.NKINDS):
                pool[k] -= view.my_offer.cards[k]
    if not pending:
        for o in view.offers:  # revealed offers lie on the table
            if o is not None:
                for k in range(data.NKINDS):
                    pool[k] -= o.cards[k]
    holdings = _deal(pool, {s: view.hand_sizes[s] for s in others}, {s: view.known[s] for s in others}, rng)
    supply = [k for k in range(data.NKINDS) for _ in range(pool[k])]
    rng.shuffle(supply)
    if len(supply) != view.supply_size:
        raise ValueError("the view's supply size does not fit the unseen cards")
    return hands, offers, holdings, supply


def _action_cards(view: TurmbauView, seat: int | None, others: list[int], rng: Rng) -> tuple:
    """Everyone's held action cards (the others' drawn from the unseen ones) and the deck."""
    n = view.players
    if view.phase is Phase.OVER and view.all_actions:
        actions = list(view.all_actions)
        deck_pool = list(all_action_cards())
        for held in actions:
            for a in held:
                deck_pool.remove(a)
        for a in view.spent:
            deck_pool.remove(a)
        rng.shuffle(deck_pool)
    else:
        deck_pool = list(all_action_cards())
        for a in view.spent:
            deck_pool.remove(a)
        actions = [()] * n
        if seat is not None:
            actions[seat] = view.my_actions
            for a in view.my_actions:
                deck_pool.remove(a)
            if view.phase is Phase.OFFER and view.my_offer is not None and view.my_offer.triple:
                deck_pool.remove(TRIPLE)
        rng.shuffle(deck_pool)
        for s in others:
            take = view.action_counts[s]
            actions[s] = tuple(sorted(deck_pool[len(deck_pool) - take :])) if take else ()
            del deck_pool[len(deck_pool) - take :]
    if len(deck_pool) != view.action_deck_size:
        raise ValueError("the view's action deck size does not fit the unseen action cards")
    return actions, deck_pool


def _face_down_offer(
    view: TurmbauView, holding: list[int], held: tuple[int, ...], rng: Rng
) -> tuple[Offer, tuple[int, ...]]:
    """A plausible face-down offer out of ``holding`` (changed in place) and the action cards
    left in hand once a sampled Triple bonus went onto it."""
    need = target_disc(view).need
    cards = [0] * data.NKINDS
    for k in range(data.NKINDS):
        top = min(need[k], holding[k])
        if top:
            cards[k] = top if rng.random() < OFFER_MAX_CHANCE else rng.randint(0, top)
            holding[k] -= cards[k]
    size = sum(cards)
    trade = size > 0 and rng.random() < OFFER_TRADE_CHANCE
    triple = size > 0 and TRIPLE in held and rng.random() < OFFER_TRIPLE_CHANCE
    if triple:
        rest = list(held)
        rest.remove(TRIPLE)
        held = tuple(rest)
    return Offer(tuple(cards), trade, triple), held  # type: ignore[arg-type]


def _collected_discs(view: TurmbauView, seat: int | None, others: list[int], rng: Rng) -> tuple[tuple, ...]:
    """Everyone's collected discs: the others' drawn from the discs no longer on the board."""
    if view.all_discs:
        return tuple(view.all_discs)
    disc_pool = list(all_discs(view.two_kind))
    for w in view.wonders:
        for d in w.discs:
            if d is not None:
                disc_pool.remove(d)
    discs: list[tuple] = [()] * view.players
    if seat is not None:
        discs[seat] = view.my_discs
        for d in view.my_discs:
            disc_pool.remove(d)
    rng.shuffle(disc_pool)
    for s in others:
        take = view.disc_counts[s]
        discs[s] = tuple(disc_pool[:take])
        del disc_pool[:take]
    return tuple(discs)
