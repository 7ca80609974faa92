"""A mutable working copy of a ``TurmbauState`` used inside one ``apply``: the phase functions
change it in place, record events, and ``freeze`` turns it back into an immutable state."""

from __future__ import annotations

from typing import Any

from babel.core.protocol import Event, replace
from babel.core.rng import Rng
from babel.games.turmbau import data
from babel.games.turmbau.data import Counts
from babel.games.turmbau.model import EventKind, FinalScore, TurmbauState
from babel.games.turmbau.pieces import place_units


class Work:
    def __init__(self, s: TurmbauState) -> None:
        self.s = s
        self.rng = Rng(s.rng)
        self.phase = s.phase
        self.active = s.active
        self.turn = s.turn
        self.double = s.double
        self.row = s.row
        self.target = s.target
        self.revealed = s.revealed
        self.supply = list(s.supply)
        self.discard = list(s.discard)
        self.hands = [list(h) for h in s.hands]
        self.known = [list(k) for k in s.known]
        self.offers = list(s.offers)
        self.parts = list(s.parts)
        self.scores = list(s.scores)
        self.discs = list(s.discs)
        self.action_deck = list(s.action_deck)
        self.actions = list(s.actions)
        self.spent = list(s.spent)
        self.wonders = list(s.wonders)
        self.final: tuple[FinalScore, ...] = s.final
        self.stalled = s.stalled
        self.events: list[Event] = []

    def ev(self, kind: EventKind, to: int | None = None, irreversible: bool = False, **data_: Any) -> None:
        self.events.append(Event(kind, data_, None if to is None else frozenset({to}), irreversible))

    def freeze(self) -> TurmbauState:
        return replace(
            self.s,
            rng=self.rng.state,
            phase=self.phase,
            active=self.active,
            turn=self.turn,
            double=self.double,
            row=self.row,
            target=self.target,
            revealed=self.revealed,
            supply=tuple(self.supply),
            discard=tuple(self.discard),
            hands=tuple(tuple(h) for h in self.hands),
            known=tuple(tuple(k) for k in self.known),
            offers=tuple(self.offers),
            parts=tuple(self.parts),
            scores=tuple(self.scores),
            discs=tuple(self.discs),
            action_deck=tuple(self.action_deck),
            actions=tuple(self.actions),
            spent=tuple(self.spent),
            wonders=tuple(self.wonders),
            final=self.final,
            stalled=self.stalled,
        )

    # cards ---------------------------------------------------------------------------------
    def draw(self, seat: int, n: int, why: str) -> None:
        got = [0] * data.NKINDS
        for _ in range(n):
            if not self.supply:
                if not sum(self.discard):
                    break  # every card is in a hand or an offer: nothing to draw (Ruling)
                pile = [k for k in range(data.NKINDS) for _ in range(self.discard[k])]
                self.rng.shuffle(pile)
                self.supply = pile
                self.ev(EventKind.RESHUFFLE, cards=len(pile))
                self.discard = [0] * data.NKINDS
            card = self.supply.pop()
            self.hands[seat][card] += 1
            got[card] += 1
        self.ev(EventKind.DRAW, seat=seat, count=sum(got), why=why, supply=len(self.supply))
        if sum(got):
            self.ev(EventKind.DREW, to=seat, irreversible=True, seat=seat, cards=got)

    def to_discard(self, seat: int, cards: Counts) -> None:
        for k in range(data.NKINDS):
            self.hands[seat][k] -= cards[k]
            self.discard[k] += cards[k]
            self.known[seat][k] = max(0, self.known[seat][k] - cards[k])

    def take_action_card(self, seat: int, card: int) -> None:
        held = list(self.actions[seat])
        held.remove(card)
        self.actions[seat] = tuple(held)

    def place(self, seat: int, wonder: int, units: int, why: str) -> None:
        if units <= 0:
            return
        o, t = place_units(self.parts[seat], units)
        so, st = self.parts[seat]
        self.parts[seat] = (so - o, st - t)
        w = self.wonders[wonder]
        wp = list(w.parts)
        po, pt = wp[seat]
        wp[seat] = (po + o, pt + t)
        self.wonders[wonder] = replace(w, parts=tuple(wp))
        self.ev(
            EventKind.PARTS_PLACED,
            seat=seat,
            wonder=wonder,
            units=o + 3 * t,
            ones=o,
            threes=t,
            wanted=units,
            why=why,
            total=self.wonders[wonder].units(seat),
        )
