"""The rules engine of Der Turmbau zu Babel: pure functions over ``TurmbauState``.

A turn: the active player passes (draws one card, then everyone draws one) or builds: they name a
disc on a wonder, every other player commits a secret offer, the offers are revealed, wrong-kind
cards go back, and the active player invites whole offers and fills up from hand. Invited players
place parts; refused offers score a point per card. A wonder whose third disc is taken is scored
on the current row of the scoring table. The game ends when the last disc of a kind is taken.

Validation lives in one place (``_reason``), and ``legal_actions`` is that check applied to an
enumeration, so the refusal reasons and the legal list can never disagree.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

from babel.core.protocol import (
    Config,
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
from babel.games.turmbau import data
from babel.games.turmbau.model import (
    ZERO,
    Action,
    Build,
    Counts,
    Decline,
    Disc,
    Double,
    Draw3,
    FinalScore,
    Offer,
    Pass,
    Phase,
    Redraw,
    Select,
    TurmbauState,
    TurmbauView,
    Wonder,
)
from babel.games.turmbau.scoring import best_assignment, score_wonder

REDRAW, JOKER, DISC_BONUS, DRAW3, TRIPLE, DOUBLE, FIVE_POINTS = (
    data.ACTION_KINDS.index(k)
    for k in ("redraw", "joker", "disc_bonus", "draw3", "triple", "double", "five_points")
)
ANY_TIME = "it is played on your own turn, or while making an offer before committing it (Ruling)"


# -- small helpers ----------------------------------------------------------------------------
def all_discs(two_kind: bool) -> tuple[Disc, ...]:
    """The 24 discs of a game: per kind the listed values, with one of each kind's
    ``TWO_KIND_REPLACES`` discs replaced by the two-kind discs in the variant."""
    out: list[Disc] = []
    for k in range(data.NKINDS):
        values = list(data.DISC_VALUES)
        if two_kind:
            values.remove(data.TWO_KIND_REPLACES)
        out.extend(Disc((k,), (v,)) for v in values)
    if two_kind:
        for spec in data.TWO_KIND_DISCS:
            out.append(Disc(tuple(k for k, _ in spec), tuple(v for _, v in spec)))
    return tuple(sorted(out))


def all_action_cards() -> tuple[int, ...]:
    return tuple(i for i, c in enumerate(data.ACTION_COUNTS) for _ in range(c))


def add(a: Counts, b: Counts) -> Counts:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def sub(a: Counts, b: Counts) -> Counts:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def counts_text(c: Counts) -> str:
    return " ".join(f"{data.KINDS[k]}:{n}" for k, n in enumerate(c) if n)


def counts_words(c: Counts) -> str:
    parts = [f"{n} {data.KINDS[k]}" for k, n in enumerate(c) if n]
    return ", ".join(parts) if parts else "no cards"


def disc_json(d: Disc) -> dict[str, Any]:
    return {"kinds": [data.KINDS[k] for k in d.kinds], "values": list(d.values)}


def bounded_counts(limits: Counts, total: int) -> Iterator[Counts]:
    """Every count vector c with 0 <= c[k] <= limits[k] and sum(c) <= total."""
    for a in range(min(limits[0], total) + 1):
        for b in range(min(limits[1], total - a) + 1):
            for c in range(min(limits[2], total - a - b) + 1):
                for d in range(min(limits[3], total - a - b - c) + 1):
                    yield (a, b, c, d)


def remaining_kinds(wonders: tuple[Wonder, ...]) -> Counts:
    """Discs still on the board that carry each kind (two-kind discs count for both)."""
    out = [0] * data.NKINDS
    for w in wonders:
        for d in w.discs:
            if d is not None:
                for k in d.kinds:
                    out[k] += 1
    return tuple(out)  # type: ignore[return-value]


def target_disc(state: TurmbauState | TurmbauView) -> Disc:
    assert state.target is not None
    w, s = state.target
    disc = state.wonders[w].discs[s]
    assert disc is not None
    return disc


def place_units(supply: tuple[int, int], units: int) -> tuple[int, int]:
    """The parts (ones, threes) a player places for ``units`` cards: value-3 parts first, then
    value-1 parts; a player short of parts places what fits without exceeding (Ruling, this
    edition). Using threes first keeps the most value-1 parts for later remainders."""
    ones, threes = supply
    t = min(units // 3, threes)
    o = min(units - 3 * t, ones)
    return o, t


_ORDER = {Pass: 0, Build: 1, Offer: 2, Select: 3, Decline: 4, Redraw: 5, Draw3: 6, Double: 7}


def _sort_key(a: Action) -> tuple:
    """A cheap total order on actions (type, then fields) for ``legal_actions``."""
    if isinstance(a, Build):
        return (1, a.wonder, a.slot)
    if isinstance(a, Offer):
        return (2, a.cards, a.trade, a.triple)
    if isinstance(a, Select):
        return (3, a.seats, a.wild)
    if isinstance(a, Redraw):
        return (5, a.cards)
    return (_ORDER[type(a)],)


# -- a mutable working copy used inside apply -----------------------------------------------
class _Work:
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

    def ev(self, kind: str, to: int | None = None, irreversible: bool = False, **data_: Any) -> None:
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
                self.ev("reshuffle", cards=len(pile))
                self.discard = [0] * data.NKINDS
            card = self.supply.pop()
            self.hands[seat][card] += 1
            got[card] += 1
        self.ev("draw", seat=seat, count=sum(got), why=why, supply=len(self.supply))
        if sum(got):
            self.ev("drew", to=seat, irreversible=True, seat=seat, cards=got)

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
            "parts_placed",
            seat=seat,
            wonder=wonder,
            units=o + 3 * t,
            ones=o,
            threes=t,
            wanted=units,
            why=why,
            total=self.wonders[wonder].units(seat),
        )


# -- the rules ------------------------------------------------------------------------------
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
        bot_levels=("novice", "steady", "expert"),
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

    # -- who acts, what is legal ---------------------------------------------------------
    def to_act(self, state: TurmbauState) -> tuple[int, ...]:
        if state.phase is Phase.OFFER:
            return tuple(s for s in range(state.players) if s != state.active and state.offers[s] is None)
        if state.phase is Phase.OVER:
            return ()
        return (state.active,)

    def legal_actions(self, state: TurmbauState, seat: int) -> tuple[Action, ...]:
        """Every legal action, built directly (each one passes ``_reason``; the tests check
        that the two agree), in a fixed order."""
        if seat not in self.to_act(state):
            return ()
        out: list[Action] = []
        hand = state.hands[seat]
        held = state.actions[seat]
        if state.phase is Phase.TURN:
            out.append(Pass())
            for w, wonder in enumerate(state.wonders):
                for s, d in enumerate(wonder.discs):
                    if d is not None:
                        out.append(Build(w, s))
            if DOUBLE in held and state.double == 0:
                out.append(Double())
        elif state.phase is Phase.OFFER:
            disc = target_disc(state)
            need = disc.need
            limits = tuple(min(hand[k], need[k]) if need[k] else hand[k] for k in range(data.NKINDS))
            triples = (False, True) if TRIPLE in held else (False,)
            for c in bounded_counts(limits, disc.total):  # type: ignore[arg-type]
                if c == ZERO:
                    out.append(Offer())
                    continue
                for trade in (False, True):
                    for triple in triples:
                        out.append(Offer(c, trade, triple))
        elif state.phase is Phase.SELECT:
            out.append(Decline())
            offerers = [s for s in range(state.players) if self._offered(state, s)]
            jokers = held.count(JOKER)
            need = target_disc(state).need
            for r in range(len(offerers) + 1):
                for seats in combinations(offerers, r):
                    acc = ZERO
                    traders = 0
                    for s in seats:
                        o = state.offers[s]
                        assert o is not None
                        acc = add(acc, o.cards)
                        traders += o.trade
                    rem = sub(need, acc)
                    if min(rem) < 0 or traders > 1:
                        continue
                    for j in range(jokers + 1):
                        for wild in bounded_counts(rem, data.JOKER_UNITS * j):
                            if sum(wild) == data.JOKER_UNITS * j:
                                fill = sub(rem, wild)
                                if all(fill[k] <= hand[k] for k in range(data.NKINDS)):
                                    out.append(Select(seats, wild))
        if REDRAW in held:
            for c in bounded_counts(hand, data.REDRAW_MAX):
                if sum(c):
                    out.append(Redraw(c))
        if DRAW3 in held:
            out.append(Draw3())
        out.sort(key=_sort_key)
        return tuple(out)

    @staticmethod
    def _offered(state: TurmbauState, seat: int) -> bool:
        o = state.offers[seat]
        return seat != state.active and o is not None and o.size > 0

    def _reason(self, state: TurmbauState, seat: int, action: Action) -> str | None:
        """Why ``action`` is refused for ``seat`` now, or None when it is legal."""
        if state.phase is Phase.OVER:
            return "the game is over"
        if not 0 <= seat < state.players:
            return f"there is no seat {seat + 1}"
        phase = state.phase
        hand = state.hands[seat]
        held = state.actions[seat]
        if isinstance(action, (Redraw, Draw3)):
            card = REDRAW if isinstance(action, Redraw) else DRAW3
            name = data.ACTION_TITLES[data.ACTION_KINDS[card]]
            if card not in held:
                return f"you hold no {name} card"
            if seat not in self.to_act(state):
                return f"{name} cannot be played now: {ANY_TIME}"
            if isinstance(action, Redraw):
                c = action.cards
                if len(c) != data.NKINDS or min(c) < 0:
                    return "name the cards to trade in by kind"
                if not 1 <= sum(c) <= data.REDRAW_MAX:
                    return f"Card trade exchanges 1 to {data.REDRAW_MAX} building cards"
                if any(c[k] > hand[k] for k in range(data.NKINDS)):
                    return f"you cannot trade in {counts_words(c)}: your hand holds {counts_words(hand)}"
            return None
        if isinstance(action, Double):
            name = data.ACTION_TITLES["double"]
            if DOUBLE not in held:
                return "you hold no Double turn card"
            if phase is not Phase.TURN or seat != state.active:
                return "Double turn is played at the start of your own turn, before you pass or build"
            if state.double:
                return "you are already taking a double turn"
            return None
        if seat not in self.to_act(state):
            if phase is Phase.OFFER and seat == state.active:
                return "you are the builder: the other players are making their offers"
            if phase is Phase.OFFER:
                return "you have already made your offer for this disc"
            return f"it is player {state.active + 1}'s turn"
        if isinstance(action, (Pass, Build)):
            if phase is not Phase.TURN:
                return "you have already chosen this turn's action"
            if isinstance(action, Build):
                if not (0 <= action.wonder < data.NWONDERS and 0 <= action.slot < data.DISCS_PER_WONDER):
                    return "there is no such wonder or disc"
                if state.wonders[action.wonder].discs[action.slot] is None:
                    return "that disc has already been taken"
            return None
        if isinstance(action, Offer):
            if phase is not Phase.OFFER:
                return "offers are made only when another player builds"
            disc = target_disc(state)
            need = disc.need
            c = action.cards
            if len(c) != data.NKINDS or min(c) < 0:
                return "name the offered cards by kind"
            if any(c[k] > hand[k] for k in range(data.NKINDS)):
                return f"you cannot offer {counts_words(c)}: your hand holds {counts_words(hand)}"
            if sum(c) > disc.total:
                return (
                    f"you may offer at most {disc.total} cards, the number on the disc "
                    "(only the trading card may go beyond it)"
                )
            for k in disc.kinds:
                if c[k] > need[k]:
                    return f"you may offer at most {need[k]} {data.KINDS[k]} cards, the number on the disc"
            if action.trade and not sum(c):
                return "the trading card can only go with at least one building card"
            if action.triple:
                if TRIPLE not in held:
                    return "you hold no Triple bonus card"
                if not sum(c):
                    return "Triple bonus goes with an offer of building cards"
            return None
        if isinstance(action, (Select, Decline)):
            if phase is not Phase.SELECT:
                return "there are no revealed offers to choose from"
            if isinstance(action, Decline):
                return None
            seats = action.seats
            if list(seats) != sorted(set(seats)):
                return "name each invited player once, in seat order"
            acc = ZERO
            traders = 0
            for s in seats:
                if not (0 <= s < state.players) or not self._offered(state, s):
                    return f"player {s + 1} has made no offer"
                o = state.offers[s]
                assert o is not None
                acc = add(acc, o.cards)
                traders += o.trade
            if traders > 1:
                return "you may invite only one player who offered a trading card"
            disc = target_disc(state)
            need = disc.need
            for k in range(data.NKINDS):
                if acc[k] > need[k]:
                    return (
                        f"the invited offers hold {acc[k]} {data.KINDS[k]} cards but the disc asks for "
                        f"{need[k]}: invited cards may not exceed the disc's number"
                    )
            wild = action.wild
            if len(wild) != data.NKINDS or min(wild) < 0 or sum(wild) % data.JOKER_UNITS:
                return f"each Joker stands for exactly {data.JOKER_UNITS} cards"
            if action.jokers > held.count(JOKER):
                return "you do not hold that many Joker cards"
            fill = sub(sub(need, acc), wild)
            for k in range(data.NKINDS):
                if fill[k] < 0:
                    return f"the Joker would stand for more {data.KINDS[k]} cards than the disc still needs"
                if fill[k] > hand[k]:
                    return (
                        f"you would need {fill[k]} {data.KINDS[k]} cards from your hand to complete the "
                        f"disc and hold {hand[k]}; invite other offers or leave the disc unfulfilled"
                    )
            return None
        return "that is not an action of this game"

    # -- apply ---------------------------------------------------------------------------
    def apply(self, state: TurmbauState, seat: int, action: Action) -> Step[TurmbauState]:
        reason = self._reason(state, seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        w = _Work(state)
        if isinstance(action, Redraw):
            w.take_action_card(seat, REDRAW)
            w.spent.append(REDRAW)
            w.to_discard(seat, action.cards)
            w.ev("action_played", seat=seat, card="redraw", discarded=list(action.cards))
            w.draw(seat, sum(action.cards), "redraw")
        elif isinstance(action, Draw3):
            w.take_action_card(seat, DRAW3)
            w.spent.append(DRAW3)
            w.ev("action_played", seat=seat, card="draw3")
            w.draw(seat, data.DRAW3_COUNT, "draw3")
        elif isinstance(action, Double):
            w.take_action_card(seat, DOUBLE)
            w.spent.append(DOUBLE)
            w.double = 1
            w.ev("action_played", seat=seat, card="double")
        elif isinstance(action, Pass):
            w.ev("pass", seat=seat)
            if self._stall_pass(w, seat):
                return Step(w.freeze(), tuple(w.events))
            w.draw(seat, 1, "pass")
            self._end_turn(w)
        elif isinstance(action, Build):
            w.stalled = ()
            w.target = (action.wonder, action.slot)
            w.phase = Phase.OFFER
            disc = state.wonders[action.wonder].discs[action.slot]
            assert disc is not None
            w.ev("build", seat=seat, wonder=action.wonder, slot=action.slot, disc=disc_json(disc))
        elif isinstance(action, Offer):
            self._commit(w, seat, action)
        elif isinstance(action, Select):
            self._resolve(w, action)
        elif isinstance(action, Decline):
            self._decline(w)
        return Step(w.freeze(), tuple(w.events))

    def _commit(self, w: _Work, seat: int, offer: Offer) -> None:
        for k in range(data.NKINDS):
            w.hands[seat][k] -= offer.cards[k]
        if offer.triple:
            w.take_action_card(seat, TRIPLE)
        w.offers[seat] = offer
        w.ev("offer_committed", seat=seat)
        w.ev(
            "my_offer",
            to=seat,
            seat=seat,
            cards=list(offer.cards),
            trade=offer.trade,
            triple=offer.triple,
        )
        if all(w.offers[s] is not None for s in range(w.s.players) if s != w.active):
            self._reveal(w)

    def _reveal(self, w: _Work) -> None:
        disc = target_disc(w.s)
        need = disc.need
        shown = []
        for s in range(w.s.players):
            o = w.offers[s]
            if s == w.active or o is None:
                continue
            right = tuple(o.cards[k] if need[k] else 0 for k in range(data.NKINDS))
            wrong = sub(o.cards, right)
            for k in range(data.NKINDS):
                w.hands[s][k] += wrong[k]
                if need[k]:
                    w.known[s][k] = max(0, w.known[s][k] - right[k])
                else:
                    w.known[s][k] = max(w.known[s][k], wrong[k])
            if o.triple:
                w.spent.append(TRIPLE)
            revealed = Offer(right, o.trade and sum(right) > 0, o.triple)  # type: ignore[arg-type]
            w.offers[s] = revealed
            shown.append(
                {
                    "seat": s,
                    "cards": list(right),
                    "trade": revealed.trade,
                    "triple": o.triple,
                    "returned": list(wrong),
                }
            )
        w.revealed = True
        w.phase = Phase.SELECT
        w.ev("reveal", irreversible=True, active=w.active, offers=shown)

    def _refuse(self, w: _Work, seats: list[int]) -> None:
        for s in seats:
            o = w.offers[s]
            assert o is not None
            for k in range(data.NKINDS):
                w.hands[s][k] += o.cards[k]
                w.known[s][k] += o.cards[k]
            factor = data.TRIPLE_FACTOR if o.triple else 1
            points = o.size * factor
            w.scores[s] += points
            w.ev("rejected", seat=s, cards=list(o.cards), triple=o.triple, points=points, score=w.scores[s])

    def _decline(self, w: _Work) -> None:
        assert w.target is not None
        wonder, slot = w.target
        offerers = [s for s in range(w.s.players) if self._offered(w.s, s)]
        w.ev("unfulfilled", seat=w.active, wonder=wonder, slot=slot)
        self._refuse(w, offerers)
        self._end_turn(w)

    def _resolve(self, w: _Work, sel: Select) -> None:
        state = w.s
        assert state.target is not None
        wonder, slot = state.target
        disc = target_disc(state)
        p = w.active
        acc = ZERO
        trader = None
        for s in sel.seats:
            o = state.offers[s]
            assert o is not None
            acc = add(acc, o.cards)
            if o.trade:
                trader = s
            for k in range(data.NKINDS):
                w.discard[k] += o.cards[k]
        fill = sub(sub(disc.need, acc), sel.wild)
        w.to_discard(p, fill)
        for _ in range(sel.jokers):
            w.take_action_card(p, JOKER)
            w.spent.append(JOKER)
        refused = [s for s in range(state.players) if self._offered(state, s) and s not in sel.seats]
        w.ev(
            "accepted",
            seat=p,
            wonder=wonder,
            slot=slot,
            seats=list(sel.seats),
            trader=trader,
            fill=list(fill),
            jokers=sel.jokers,
            wild=list(sel.wild),
        )
        if sel.jokers:
            w.ev("action_played", seat=p, card="joker", count=sel.jokers, wild=list(sel.wild))
        self._refuse(w, refused)
        own = sum(fill) + sum(sel.wild)
        swapped = state.offers[trader].size if trader is not None else 0  # type: ignore[union-attr]
        w.place(p, wonder, own + swapped, "builder" if trader is None else "builder+trade")
        for s in sel.seats:
            if s != trader:
                w.place(s, wonder, state.offers[s].size, "invited")  # type: ignore[union-attr]
        taker = p if trader is None else trader
        w.discs[taker] = (*w.discs[taker], disc)
        wd = w.wonders[wonder]
        discs = list(wd.discs)
        discs[slot] = None
        w.wonders[wonder] = replace(wd, discs=tuple(discs))
        w.ev(
            "disc_taken",
            seat=taker,
            wonder=wonder,
            slot=slot,
            disc=disc_json(disc),
            traded=trader is not None,
        )
        if w.wonders[wonder].discs_left == 0:
            self._score_wonder(w, wonder)
        left = remaining_kinds(tuple(w.wonders))
        if min(left) == 0:
            ended = [data.KINDS[k] for k in range(data.NKINDS) if left[k] == 0]
            w.ev("game_end", seat=p, kinds=ended)
            self._final_scoring(w)
            return
        self._end_turn(w)

    def _score_wonder(self, w: _Work, wonder: int) -> None:
        wd = w.wonders[wonder]
        values = data.scoring_row(w.row)
        result = score_wonder(wd, values)
        for r in result:
            w.scores[r.seat] += r.points
        for s in range(w.s.players):
            so, st = w.parts[s]
            po, pt = wd.parts[s]
            w.parts[s] = (so + po, st + pt)
        w.wonders[wonder] = replace(wd, parts=((0, 0),) * w.s.players, scored=True)
        w.ev(
            "wonder_scored",
            wonder=wonder,
            row=w.row,
            values=list(values),
            breakdown=[
                {"seat": r.seat, "units": r.units, "rank": r.rank, "points": r.points} for r in result
            ],
            scores=list(w.scores),
        )
        w.row += 1
        w.ev("marker_moved", row=w.row, values=list(data.scoring_row(w.row)))
        if w.action_deck:
            card = w.action_deck.pop()
            w.actions[w.active] = tuple(sorted((*w.actions[w.active], card)))
            w.ev("action_drawn", seat=w.active, deck=len(w.action_deck))
            w.ev("action_card", to=w.active, irreversible=True, seat=w.active, card=data.ACTION_KINDS[card])

    def _final_scoring(self, w: _Work) -> None:
        n = w.s.players
        before = list(w.scores)
        per_wonder: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for i, wd in enumerate(w.wonders):
            if wd.scored or not any(wd.units(s) for s in range(n)):
                continue
            for r in score_wonder(wd, data.LIGHT_ROW):
                if r.units:
                    per_wonder[r.seat].append((i, r.points))
        finals = []
        for s in range(n):
            discs = tuple(w.discs[s])
            assignment, sets, pts = best_assignment(discs)
            disc_card = w.actions[s].count(DISC_BONUS) * data.DISC_CARD_PER_DISC * len(discs)
            five = w.actions[s].count(FIVE_POINTS) * data.FIVE_POINTS
            total = before[s] + sum(p for _, p in per_wonder[s]) + sum(pts) + disc_card + five
            w.scores[s] = total
            finals.append(
                FinalScore(
                    s, before[s], tuple(per_wonder[s]), discs, assignment, sets, pts, disc_card, five, total
                )
            )
        w.final = tuple(finals)
        w.phase = Phase.OVER
        w.target = None
        w.offers = [None] * n
        w.revealed = False
        w.ev(
            "final_scoring",
            irreversible=True,
            players=[
                {
                    "seat": f.seat,
                    "before": f.before,
                    "wonders": [{"wonder": i, "points": p} for i, p in f.wonders],
                    "discs": [disc_json(d) for d in f.discs],
                    "assignment": [data.KINDS[k] for k in f.assignment],
                    "sets": list(f.sets),
                    "set_points": list(f.set_points),
                    "disc_card": f.disc_card,
                    "five_points": f.five_points,
                    "actions": [data.ACTION_KINDS[a] for a in w.actions[f.seat]],
                    "total": f.total,
                }
                for f in finals
            ],
        )

    def _stall_pass(self, w: _Work, seat: int) -> bool:
        """Count a pass made with no building card left anywhere (RULINGS Turmbau 9); True when it
        was the last seat's and the game ended. The first such pass warns the table a round ahead."""
        if w.supply or any(w.discard):
            w.stalled = ()
            return False
        w.stalled = tuple(sorted({*w.stalled, seat}))
        left = w.s.players - len(w.stalled)
        if left == 0:
            w.ev("game_end", seat=seat, kinds=[], stalled=True)
            self._final_scoring(w)
            return True
        w.ev("stall_warning", seat=seat, left=left)
        return False

    def _end_turn(self, w: _Work) -> None:
        n = w.s.players
        w.target = None
        w.offers = [None] * n
        w.revealed = False
        w.phase = Phase.TURN
        if w.double == 1:
            # Double turn: nobody receives building cards after the first of the two turns.
            w.double = 2
            w.ev("turn", seat=w.active, turn=w.turn, second=True)
            return
        for i in range(n):
            w.draw((w.active + i) % n, 1, "end_of_turn")
        w.double = 0
        w.active = (w.active + 1) % n
        w.turn += 1
        w.ev("turn", seat=w.active, turn=w.turn, second=False)

    # -- views ---------------------------------------------------------------------------
    def view(self, state: TurmbauState, seat: int | None) -> TurmbauView:
        n = state.players
        pending = [
            o if (o is not None and not state.revealed) else None for o in state.offers
        ]  # face-down offers
        hand_sizes = tuple(sum(state.hands[s]) + (pending[s].size if pending[s] else 0) for s in range(n))
        action_counts = tuple(
            len(state.actions[s]) + (1 if pending[s] is not None and pending[s].triple else 0)
            for s in range(n)
        )
        over = state.phase is Phase.OVER
        return TurmbauView(
            seat=seat,
            players=n,
            two_kind=state.two_kind,
            phase=state.phase,
            start=state.start,
            active=state.active,
            turn=state.turn,
            double=state.double,
            row=state.row,
            wonders=state.wonders,
            target=state.target,
            supply_size=len(state.supply),
            discard=state.discard,
            hand=state.hands[seat] if seat is not None else ZERO,
            hand_sizes=hand_sizes,
            known=state.known,
            committed=tuple(o is not None for o in state.offers),
            my_offer=state.offers[seat] if seat is not None else None,
            offers=state.offers if state.revealed else (None,) * n,
            parts=state.parts,
            scores=state.scores,
            my_discs=state.discs[seat] if seat is not None else (),
            disc_counts=tuple(len(d) for d in state.discs),
            my_actions=state.actions[seat] if seat is not None else (),
            action_counts=action_counts,
            action_deck_size=len(state.action_deck),
            spent=state.spent,
            all_discs=state.discs if over else (),
            all_actions=state.actions if over else (),
            final=state.final,
            stalled=state.stalled,
        )

    def outcome(self, state: TurmbauState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        top = max(state.scores)
        winners = tuple(s for s, v in enumerate(state.scores) if v == top)
        summary = ", ".join(f"P{s + 1} {v}" for s, v in enumerate(state.scores))
        return Outcome(winners, tuple(float(v) for v in state.scores), summary)

    # -- hidden information --------------------------------------------------------------
    def resample_hidden(self, state: TurmbauState, seat: int | None, rng: Rng) -> TurmbauState:
        return self.determinize(self.view(state, seat), seat, rng)  # type: ignore[arg-type]

    def determinize(self, view: TurmbauView, seat: int | None, rng: Rng) -> TurmbauState:  # type: ignore[override]
        """A full state consistent with ``view``: the hidden hands (respecting the cards known
        to be in them), face-down offers, supply order, others' action cards and collected
        discs are drawn at random from what ``seat`` has not seen."""
        from babel.games.turmbau.determinize import determinize

        return determinize(view, seat, rng)

    # -- text ----------------------------------------------------------------------------
    def action_text(self, action: Action) -> str:
        from babel.games.turmbau.text import action_text

        return action_text(action)

    def parse_action(self, text: str) -> Action:
        from babel.games.turmbau.text import parse_action

        return parse_action(text)

    def describe(self, action: Action) -> str:
        from babel.games.turmbau.text import describe

        return describe(action)

    def make_bot(self, level: str):  # type: ignore[override]
        from babel.games.turmbau.bots import make_bot

        return make_bot(level)


RULES = TurmbauRules()


def preview_select(view: TurmbauView, select: Select) -> dict[str, Any]:
    """What a Select would do, for a table scene to preview before the builder confirms: the
    cards the builder plays from hand, the units each player places, who takes the disc, and
    the points each refused offer scores. Uses only the builder's view."""
    assert view.target is not None
    wonder, slot = view.target
    disc = view.wonders[wonder].discs[slot]
    assert disc is not None
    acc = ZERO
    trader = None
    units = [0] * view.players
    for s in select.seats:
        o = view.offers[s]
        assert o is not None
        acc = add(acc, o.cards)
        if o.trade:
            trader = s
            units[view.active] += o.size
        else:
            units[s] += o.size
    fill = sub(sub(disc.need, acc), select.wild)
    units[view.active] += sum(fill) + sum(select.wild)
    refused = {}
    for s, o in enumerate(view.offers):
        if o is not None and o.size and s != view.active and s not in select.seats:
            refused[s] = o.size * (data.TRIPLE_FACTOR if o.triple else 1)
    completes = view.wonders[wonder].discs_left == 1
    return {
        "wonder": wonder,
        "slot": slot,
        "fill": list(fill),
        "jokers": select.jokers,
        "units": units,
        "disc_to": view.active if trader is None else trader,
        "refused_points": refused,
        "completes_wonder": completes,
        "ends_game": any(remaining_kinds(view.wonders)[k] == 1 for k in disc.kinds),
    }
