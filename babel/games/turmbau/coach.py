"""Der Turmbau's coach: the strongest bot's move for this seat, and what it is for.

The bot sees only this seat's view (its own hand, discs and action cards; the others' hands
only by size and by the cards seen returning), so the advice cannot use anyone's secrets. Every
fact the reason states (the cards in hand, the cards an invitation takes, whether a disc can be
completed) is computed from the view and returned as a ``Claim`` (``explain``) that ``check``
tests against the true state; the only offers named are revealed ones.
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.core.claims import Claim, Explained, explained
from babel.core.coach import Advice, strongest_choice
from babel.games.turmbau import data
from babel.games.turmbau.actions import Build, Decline, Double, Draw3, Offer, Pass, Redraw, Select
from babel.games.turmbau.model import TurmbauState, TurmbauView
from babel.games.turmbau.rules import RULES
from babel.games.turmbau.text import describe

Why = tuple[str, tuple[Claim, ...]]


def advise(view: TurmbauView, legal: Sequence) -> Advice:
    return explain(view, legal).advice


def explain(view: TurmbauView, legal: Sequence) -> Explained:
    action = strongest_choice(RULES, view, legal)
    return explained(action, describe(action), reason_claims(view, action, legal))


def reason(view: TurmbauView, action, legal: Sequence = ()) -> str:
    return reason_claims(view, action, legal)[0]


def _held_toward(hand: Sequence[int], need: Sequence[int]) -> int:
    return sum(min(h, n) for h, n in zip(hand, need))


def _invited(offers: Sequence, seats: Sequence[int]) -> int:
    return sum(sum(offers[s].cards) for s in seats if offers[s] is not None)


def _fits(wonders, hand: Sequence[int]) -> bool:
    """Some open disc asks for no more of any kind than ``hand`` holds."""
    return any(
        disc is not None and all(h >= n for h, n in zip(hand, disc.need)) for w in wonders for disc in w.discs
    )


def reason_claims(view: TurmbauView, action, legal: Sequence = ()) -> Why:
    """The reason for ``action`` and the facts it states, all computed from the view."""
    if isinstance(action, Pass):
        n = sum(view.hand)
        words = f"your {n} card{'s' if n != 1 else ''}"
        return (
            f"{words} are worth more on a later disc; you draw a card, then everyone draws one",
            (Claim("hand_size", None, n, words),),
        )
    if isinstance(action, Build):
        disc = view.wonders[action.wonder].discs[action.slot]
        held = _held_toward(view.hand, disc.need)
        words = f"you hold {held} of the {disc.total} cards it asks for"
        return (
            f"the {data.WONDER_NAMES[action.wonder]} disc suits your hand best ({words}): the others "
            "may offer cards, and you choose whom to invite",
            (Claim("held_toward", (action.wonder, action.slot), held, words),),
        )
    if isinstance(action, Offer):
        if action.empty and not action.triple:
            return "sharing this disc gains you less than your cards are worth later", ()
        return "if the builder invites you, these cards win you a share of the disc's points", ()
    if isinstance(action, Select):
        return _select(view, action, legal)
    if isinstance(action, Decline):
        if any(isinstance(a, Select) for a in legal):
            words = "you could complete the disc"
            return (
                f"{words}, but it would gain you less than it costs; left unfulfilled, every offer "
                "goes back and scores its owner a point a card",
                (Claim("completable", None, True, words),),
            )
        words = "no choice of offers completes the disc"
        return words, (Claim("completable", None, False, words),)
    if isinstance(action, Redraw):
        if _fits(view.wonders, view.hand):
            return "fresh cards may fill a bigger disc than the ones your hand fits now", (
                Claim("hand_fits", None, True, "the ones your hand fits now"),
            )
        words = "these cards fit no disc on the board"
        return f"{words}; fresh ones may", (Claim("hand_fits", None, False, words),)
    if isinstance(action, Draw3):
        return "three more building cards let you fill a bigger disc", ()
    if isinstance(action, Double):
        return "two turns in a row let you build twice before the others can answer", ()
    return "", ()


def _select(view: TurmbauView, action: Select, legal: Sequence) -> Why:
    if not action.seats:
        words = "your own cards complete the disc"
        return f"{words}, so you keep all its points", (Claim("own_complete", action, True, words),)
    took = _invited(view.offers, action.seats)
    options = [_invited(view.offers, a.seats) for a in legal if isinstance(a, Select) and a.seats]
    words = f"{took} of your rivals' cards"
    if took <= min(options, default=took):
        return (
            f"these offers complete the disc with the fewest cards of your rivals' ({words})",
            (Claim("invited_cards", action.seats, took, words), Claim("fewest_invited", action, True, "")),
        )
    return (
        f"these offers complete the disc with {words}, and their parts suit you best",
        (Claim("invited_cards", action.seats, took, words),),
    )


def check(state: TurmbauState, seat: int, claim: Claim) -> str | None:
    """None when ``claim`` holds in the true state, else what is wrong. Offers may be named
    only once revealed; other hands never."""
    kind, subject, value = claim.kind, claim.subject, claim.value
    hand = state.hands[seat]
    legal = RULES.legal_actions(state, seat)
    selects = [a for a in legal if isinstance(a, Select)]
    if kind in ("invited_cards", "fewest_invited") and not state.revealed:
        return f"{kind} names offers before they are revealed"
    if kind == "hand_size":
        truth = sum(hand)
    elif kind == "held_toward":
        disc = state.wonders[subject[0]].discs[subject[1]]
        truth = _held_toward(hand, disc.need)
    elif kind == "completable":
        truth = bool(selects)
    elif kind == "hand_fits":
        truth = _fits(state.wonders, hand)
    elif kind == "fillable_builds":
        builds = [a for a in legal if isinstance(a, Build)]
        truth = sum(
            1 for b in builds if all(h >= n for h, n in zip(hand, state.wonders[b.wonder].discs[b.slot].need))
        )
    elif kind == "single_invites":
        truth = sum(1 for a in selects if len(a.seats) == 1 and not any(a.wild))
    elif kind == "fill_from_hand":
        if not state.revealed:
            return "fill_from_hand names an offer before it is revealed"
        wonder, slot = state.target
        offer = state.offers[subject]
        truth = max(0, sum(state.wonders[wonder].discs[slot].need) - (sum(offer.cards) if offer else 0))
    elif kind == "own_complete":
        truth = subject in selects and not subject.seats
    elif kind == "invited_cards":
        truth = _invited(state.offers, subject)
    elif kind == "fewest_invited":
        truth = subject in selects and _invited(state.offers, subject.seats) == min(
            _invited(state.offers, a.seats) for a in selects if a.seats
        )
    else:
        return f"unknown claim kind {kind!r} (it may name something hidden)"
    return None if truth == value else f"{kind} {subject!r}: said {value!r}, true {truth!r}"
