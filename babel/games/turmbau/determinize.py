"""Full states consistent with a seat's view, for search bots and the leak test.

What a seat cannot see is redrawn from what it has not seen: the other hands (each keeping the
cards everyone saw returning to it), their face-down offers, the order and make-up of the supply,
the others' action cards and collected discs. Everything on the table is copied from the view.
"""

from __future__ import annotations

from babel.core.rng import Rng
from babel.games.turmbau import data
from babel.games.turmbau.model import ZERO, Counts, Offer, Phase, TurmbauState, TurmbauView
from babel.games.turmbau.rules import TRIPLE, all_action_cards, all_discs, target_disc

OFFER_MAX_CHANCE = 0.5  # a sampled face-down offer offers all it can with this chance
OFFER_TRADE_CHANCE = 0.25
OFFER_TRIPLE_CHANCE = 0.5


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


def determinize(view: TurmbauView, seat: int | None, rng: Rng) -> TurmbauState:
    n = view.players
    others = [s for s in range(n) if s != seat]
    pending = view.phase is Phase.OFFER

    # Building cards --------------------------------------------------------------------
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
    holdings = _deal(
        pool,
        {s: view.hand_sizes[s] for s in others},
        {s: view.known[s] for s in others},
        rng,
    )
    supply = [k for k in range(data.NKINDS) for _ in range(pool[k])]
    rng.shuffle(supply)
    if len(supply) != view.supply_size:
        raise ValueError("the view's supply size does not fit the unseen cards")

    # Action cards ----------------------------------------------------------------------
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
            if pending and view.my_offer is not None and view.my_offer.triple:
                deck_pool.remove(TRIPLE)
        rng.shuffle(deck_pool)
        for s in others:
            take = view.action_counts[s]
            actions[s] = tuple(sorted(deck_pool[len(deck_pool) - take :])) if take else ()
            del deck_pool[len(deck_pool) - take :]
    if len(deck_pool) != view.action_deck_size:
        raise ValueError("the view's action deck size does not fit the unseen action cards")

    # Face-down offers of the others ------------------------------------------------------
    for s in others:
        holding = holdings[s]
        if pending and view.committed[s] and s != view.active:
            need = target_disc(view).need
            cards = [0] * data.NKINDS
            for k in range(data.NKINDS):
                top = min(need[k], holding[k])
                if top:
                    cards[k] = top if rng.random() < OFFER_MAX_CHANCE else rng.randint(0, top)
                    holding[k] -= cards[k]
            size = sum(cards)
            trade = size > 0 and rng.random() < OFFER_TRADE_CHANCE
            triple = size > 0 and TRIPLE in actions[s] and rng.random() < OFFER_TRIPLE_CHANCE
            if triple:
                held = list(actions[s])
                held.remove(TRIPLE)
                actions[s] = tuple(held)
            offers[s] = Offer(tuple(cards), trade, triple)  # type: ignore[arg-type]
        hands[s] = tuple(holding)  # type: ignore[assignment]

    # Collected discs ------------------------------------------------------------------------
    if view.all_discs:
        discs = list(view.all_discs)
    else:
        disc_pool = list(all_discs(view.two_kind))
        for w in view.wonders:
            for d in w.discs:
                if d is not None:
                    disc_pool.remove(d)
        discs = [()] * n
        if seat is not None:
            discs[seat] = view.my_discs
            for d in view.my_discs:
                disc_pool.remove(d)
        rng.shuffle(disc_pool)
        for s in others:
            take = view.disc_counts[s]
            discs[s] = tuple(disc_pool[:take])
            del disc_pool[:take]

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
        discs=tuple(discs),
        action_deck=tuple(deck_pool),
        actions=tuple(actions),
        spent=view.spent,
        final=view.final,
        stalled=view.stalled,
    )
