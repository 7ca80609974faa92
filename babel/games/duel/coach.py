"""The duel's coach: the strongest bot's card for this seat, and why, from the public hands.

Every hand is public knowledge in the duel (only this round's choices are secret), so the reason
can name what the rivals still hold; it never names a card a rival chose this round. Each fact
the reason states is also returned as a ``Claim`` (``explain``) that ``check`` tests against the
true state. Seats are written ``<P1>`` for the scene to fill in names. The bot is reached only
through the registry's roster (its levels may change).
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.core.claims import Claim, Explained, explained
from babel.core.coach import Advice, strongest_choice
from babel.games.duel.actions import Play
from babel.games.duel.model import JOKER, DuelState, DuelView, card_name
from babel.games.duel.rules import RULES as _RULES

Why = tuple[str, tuple[Claim, ...]]


def advise(view: DuelView, legal: Sequence[Play]) -> Advice:
    return explain(view, legal).advice


def explain(view: DuelView, legal: Sequence[Play]) -> Explained:
    action = strongest_choice(_RULES, view, legal)
    return explained(action, f"Play {card_name(action.card)}", reason_claims(view, action.card))


def _best(cards: Sequence[int]) -> int:
    ranked = [c for c in cards if c != JOKER]
    return max(ranked) if ranked else 0


def reason(view: DuelView, card: int) -> str:
    """One line on why ``card`` is a good play now, from the view only."""
    return reason_claims(view, card)[0]


def reason_claims(view: DuelView, card: int) -> Why:
    """The reason for ``card`` and the facts it states, all computed from the view."""
    me = view.seat
    rivals = [s for s in range(view.players) if s != me]
    top = max(rivals, key=lambda s: _best(view.hands[s]))
    top_card = _best(view.hands[top])
    builder, die = view.builder, view.die
    holds = Claim("best_left", top, top_card, f"<P{top}> still holds {card_name(top_card)}")
    if card == JOKER:
        if builder is not None and builder != me:
            words = f"<P{builder}>'s die, showing {die}"
            return (
                f"one Joker sends {words}, back to the centre",
                (Claim("builder", None, builder, words), Claim("die", None, die, f"showing {die}")),
            )
        if builder is None:
            return "a single Joker cancels the round: nobody takes the die from the centre", (
                Claim("builder", None, None, "from the centre"),
            )
        return _builder_joker(view, rivals)
    hand = [c for c in view.hand if c != JOKER]
    jokers = [s for s in rivals if JOKER in view.hands[s]]
    unless = (
        Claim("holds_joker", jokers[0], True, f"<P{jokers[0]}> still holds a Joker")
        if jokers
        else Claim("jokers_left", None, 0, "")
    )
    caveat = f", unless a single Joker is played (<P{jokers[0]}> still holds a Joker)" if jokers else ""
    if builder == me:
        if card >= top_card:
            six = " and wins the game" if die == 6 else ""
            return (
                f"no card the others hold beats it (ties go to you), so it scores your {die}{six}{caveat}",
                (
                    Claim("unbeatable", card, True, "no card the others hold beats it"),
                    Claim("builder", None, me, "ties go to you"),
                    Claim("die", None, die, f"scores your {die}"),
                    unless,
                ),
            )
        if any(c > card for c in hand):
            return (
                f"{holds.words}; keep your stronger cards for the rounds you can hold",
                (holds, Claim("stronger_in_hand", card, True, "keep your stronger cards")),
            )
        return (
            f"{holds.words}, above your best card; the strongest bot mixes its plays here and drew "
            "this one, which keeps you hard to read",
            (holds, Claim("best_in_hand", card, True, "above your best card")),
        )
    if card > top_card:
        return (
            f"no card the others still hold can beat it, so you become the Builder{caveat}",
            (Claim("beats_all", card, True, "no card the others still hold can beat it"), unless),
        )
    if hand and card == min(hand):
        return (
            f"{holds.words}, so throw away your lowest card and save the rest",
            (holds, Claim("lowest_in_hand", card, True, "your lowest card")),
        )
    best = Claim("best_left", top, top_card, f"<P{top}>'s best card left is {card_name(top_card)}")
    return (
        f"{best.words}; the strongest bot mixes its plays here and drew this one, which keeps you "
        "hard to read",
        (best,),
    )


def _builder_joker(view: DuelView, rivals: list[int]) -> Why:
    """The Builder's own Joker: a tie if a rival plays one too, the title lost if it is alone."""
    jokers = [s for s in rivals if JOKER in view.hands[s]]
    builder = Claim("builder", None, view.seat, "you, the Builder")
    if jokers:
        words = f"<P{jokers[0]}> still holds a Joker"
        return (
            f"{words}: two Jokers are a tie that you, the Builder, win; a single Joker sends the "
            "die back to the centre",
            (builder, Claim("holds_joker", jokers[0], True, words)),
        )
    return (
        "no rival holds a Joker, so yours alone sends the die back to the centre: you give up the "
        "title, and nobody scores this round",
        (Claim("jokers_left", None, 0, "no rival holds a Joker"), Claim("builder", None, view.seat, "")),
    )


def check(state: DuelState, seat: int, claim: Claim) -> str | None:
    """None when ``claim`` holds in the true state, else what is wrong. Hands are public in
    the duel; this round's choices are not, and no claim kind may name them."""
    hands = state.hands
    rivals = [s for s in range(state.players) if s != seat]
    own = [c for c in hands[seat] if c != JOKER]
    kind, subject, value = claim.kind, claim.subject, claim.value
    if kind == "best_left":
        truth = _best(hands[subject])
    elif kind == "builder":
        truth = state.builder
    elif kind == "die":
        truth = state.die
    elif kind == "unbeatable":  # the Builder's card: ties go to the Builder
        truth = all(_best(hands[s]) <= subject for s in rivals)
    elif kind == "beats_all":
        truth = all(_best(hands[s]) < subject for s in rivals)
    elif kind == "beats_hand":  # the seat ``subject`` still holds a card above all of ``seat``'s
        truth = _best(hands[subject]) > max(own, default=0)
    elif kind == "holds_joker":
        truth = JOKER in hands[subject]
    elif kind == "jokers_left":  # Jokers the other seats still hold
        truth = sum(1 for s in rivals if JOKER in hands[s])
    elif kind == "ties_hand":
        truth = _best(hands[subject]) == max(own, default=0)
    elif kind == "ranked_left":  # cards other than the Joker in ``seat``'s hand
        truth = len(own)
    elif kind == "stronger_in_hand":
        truth = any(c > subject for c in own)
    elif kind == "best_in_hand":
        truth = subject in own and subject == max(own)
    elif kind == "lowest_in_hand":
        truth = subject in own and subject == min(own)
    else:
        return f"unknown claim kind {kind!r} (it may name something hidden)"
    return None if truth == value else f"{kind} {subject!r}: said {value!r}, true {truth!r}"
