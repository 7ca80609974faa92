"""What is legal: who acts, every legal action built directly, and ``why_illegal``, the one
check that names the rule a move breaks. The tests check that the list and the check agree, so
the refusal reasons and the legal list can never drift apart."""

from __future__ import annotations

from itertools import combinations

from babel.games.turmbau import actions as A
from babel.games.turmbau import data
from babel.games.turmbau.data import ZERO
from babel.games.turmbau.model import Phase, TurmbauState
from babel.games.turmbau.pieces import (
    DOUBLE,
    DRAW3,
    JOKER,
    REDRAW,
    TRIPLE,
    add,
    bounded_counts,
    counts_words,
    offered,
    sub,
    target_disc,
)

ANY_TIME = "it is played on your own turn, or while making an offer before committing it (Ruling)"
_ORDER = {A.Pass: 0, A.Build: 1, A.Offer: 2, A.Select: 3, A.Decline: 4, A.Redraw: 5, A.Draw3: 6, A.Double: 7}


def to_act(state: TurmbauState) -> tuple[int, ...]:
    if state.phase is Phase.OFFER:
        return tuple(s for s in range(state.players) if s != state.active and state.offers[s] is None)
    if state.phase is Phase.OVER:
        return ()
    return (state.active,)


def _sort_key(a: A.Action) -> tuple:
    """A cheap total order on actions (type, then fields) for ``legal_actions``."""
    if isinstance(a, A.Build):
        return (1, a.wonder, a.slot)
    if isinstance(a, A.Offer):
        return (2, a.cards, a.trade, a.triple)
    if isinstance(a, A.Select):
        return (3, a.seats, a.wild)
    if isinstance(a, A.Redraw):
        return (5, a.cards)
    return (_ORDER[type(a)],)


# -- the legal list ----------------------------------------------------------------------------
def legal_actions(state: TurmbauState, seat: int) -> tuple[A.Action, ...]:
    """Every legal action, built directly (each one passes ``why_illegal``), in a fixed order."""
    if seat not in to_act(state):
        return ()
    out: list[A.Action] = []
    held = state.actions[seat]
    if state.phase is Phase.TURN:
        out.append(A.Pass())
        for w, wonder in enumerate(state.wonders):
            out.extend(A.Build(w, s) for s, d in enumerate(wonder.discs) if d is not None)
        if DOUBLE in held and state.double == 0:
            out.append(A.Double())
    elif state.phase is Phase.OFFER:
        out.extend(_offers(state, seat))
    elif state.phase is Phase.SELECT:
        out.append(A.Decline())
        out.extend(_selects(state, seat))
    if REDRAW in held:
        out.extend(A.Redraw(c) for c in bounded_counts(state.hands[seat], data.REDRAW_MAX) if sum(c))
    if DRAW3 in held:
        out.append(A.Draw3())
    out.sort(key=_sort_key)
    return tuple(out)


def _offers(state: TurmbauState, seat: int) -> list[A.Action]:
    hand = state.hands[seat]
    disc = target_disc(state)
    need = disc.need
    limits = tuple(min(hand[k], need[k]) if need[k] else hand[k] for k in range(data.NKINDS))
    triples = (False, True) if TRIPLE in state.actions[seat] else (False,)
    out: list[A.Action] = []
    for c in bounded_counts(limits, disc.total):  # type: ignore[arg-type]
        if c == ZERO:
            out.append(A.Offer())
            continue
        for trade in (False, True):
            for triple in triples:
                out.append(A.Offer(c, trade, triple))
    return out


def _selects(state: TurmbauState, seat: int) -> list[A.Action]:
    hand = state.hands[seat]
    offerers = [s for s in range(state.players) if offered(state, s)]
    jokers = state.actions[seat].count(JOKER)
    need = target_disc(state).need
    out: list[A.Action] = []
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
                            out.append(A.Select(seats, wild))
    return out


# -- the reasons -----------------------------------------------------------------------------
def why_illegal(state: TurmbauState, seat: int, action: A.Action) -> str | None:
    """Why ``action`` is refused for ``seat`` now, in a player's words; None when it is legal."""
    if state.phase is Phase.OVER:
        return "the game is over"
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        return f"there is no seat {seat + 1 if isinstance(seat, int) else seat}"
    if isinstance(action, (A.Redraw, A.Draw3)):
        return _card_reason(state, seat, action)
    if isinstance(action, A.Double):
        return _double_reason(state, seat)
    if seat not in to_act(state):
        return _not_your_move(state, seat)
    if isinstance(action, (A.Pass, A.Build)):
        return _turn_reason(state, action)
    if isinstance(action, A.Offer):
        return _offer_reason(state, seat, action)
    if isinstance(action, A.Decline):
        return None if state.phase is Phase.SELECT else "there are no revealed offers to choose from"
    if isinstance(action, A.Select):
        return _select_reason(state, seat, action)
    return "that is not an action of this game"


def _not_your_move(state: TurmbauState, seat: int) -> str:
    if state.phase is Phase.OFFER and seat == state.active:
        return "you are the builder: the other players are making their offers"
    if state.phase is Phase.OFFER:
        return "you have already made your offer for this disc"
    return f"it is player {state.active + 1}'s turn"


def _card_reason(state: TurmbauState, seat: int, action: A.Redraw | A.Draw3) -> str | None:
    """Card trade and Card draw: held, played at a moment the seat acts, and (trade) a fair hand."""
    card = REDRAW if isinstance(action, A.Redraw) else DRAW3
    name = data.ACTION_TITLES[data.ACTION_KINDS[card]]
    if card not in state.actions[seat]:
        return f"you hold no {name} card"
    if seat not in to_act(state):
        return f"{name} cannot be played now: {ANY_TIME}"
    if isinstance(action, A.Redraw):
        c = action.cards
        hand = state.hands[seat]
        if len(c) != data.NKINDS or min(c) < 0:
            return "name the cards to trade in by kind"
        if not 1 <= sum(c) <= data.REDRAW_MAX:
            return f"Card trade exchanges 1 to {data.REDRAW_MAX} building cards"
        if any(c[k] > hand[k] for k in range(data.NKINDS)):
            return f"you cannot trade in {counts_words(c)}: your hand holds {counts_words(hand)}"
    return None


def _double_reason(state: TurmbauState, seat: int) -> str | None:
    if DOUBLE not in state.actions[seat]:
        return "you hold no Double turn card"
    if state.phase is not Phase.TURN or seat != state.active:
        return "Double turn is played at the start of your own turn, before you pass or build"
    if state.double:
        return "you are already taking a double turn"
    return None


def _turn_reason(state: TurmbauState, action: A.Pass | A.Build) -> str | None:
    if state.phase is not Phase.TURN:
        return "you have already chosen this turn's action"
    if isinstance(action, A.Build):
        if not (0 <= action.wonder < data.NWONDERS and 0 <= action.slot < data.DISCS_PER_WONDER):
            return "there is no such wonder or disc"
        if state.wonders[action.wonder].discs[action.slot] is None:
            return "that disc has already been taken"
    return None


def _offer_reason(state: TurmbauState, seat: int, action: A.Offer) -> str | None:
    if state.phase is not Phase.OFFER:
        return "offers are made only when another player builds"
    disc = target_disc(state)
    need = disc.need
    hand = state.hands[seat]
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
        if TRIPLE not in state.actions[seat]:
            return "you hold no Triple bonus card"
        if not sum(c):
            return "Triple bonus goes with an offer of building cards"
    return None


def _select_reason(state: TurmbauState, seat: int, action: A.Select) -> str | None:
    if state.phase is not Phase.SELECT:
        return "there are no revealed offers to choose from"
    seats = action.seats
    if list(seats) != sorted(set(seats)):
        return "name each invited player once, in seat order"
    acc = ZERO
    traders = 0
    for s in seats:
        if not (0 <= s < state.players) or not offered(state, s):
            return f"player {s + 1} has made no offer"
        o = state.offers[s]
        assert o is not None
        acc = add(acc, o.cards)
        traders += o.trade
    if traders > 1:
        return "you may invite only one player who offered a trading card"
    need = target_disc(state).need
    for k in range(data.NKINDS):
        if acc[k] > need[k]:
            return (
                f"the invited offers hold {acc[k]} {data.KINDS[k]} cards but the disc asks for "
                f"{need[k]}: invited cards may not exceed the disc's number"
            )
    return _fill_reason(state, seat, action, sub(need, acc))


def _fill_reason(state: TurmbauState, seat: int, action: A.Select, rem: tuple) -> str | None:
    """The Jokers and the builder's own cards must complete what the invitations leave open."""
    wild = action.wild
    if len(wild) != data.NKINDS or min(wild) < 0 or sum(wild) % data.JOKER_UNITS:
        return f"each Joker stands for exactly {data.JOKER_UNITS} cards"
    if action.jokers > state.actions[seat].count(JOKER):
        return "you do not hold that many Joker cards"
    fill = sub(rem, wild)
    hand = state.hands[seat]
    for k in range(data.NKINDS):
        if fill[k] < 0:
            return f"the Joker would stand for more {data.KINDS[k]} cards than the disc still needs"
        if fill[k] > hand[k]:
            return (
                f"you would need {fill[k]} {data.KINDS[k]} cards from your hand to complete the "
                f"disc and hold {hand[k]}; invite other offers or leave the disc unfulfilled"
            )
    return None
