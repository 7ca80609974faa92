"""Babel Builders' coach: the strongest bot's choice for this seat, and what it serves.

The bot sees only this seat's view: its own role, hand and conversion, the Master's private
cards only when this seat is Master. The reason speaks for this seat's own side (Architects
build to the blueprint; the Messenger of God and the Zealots want it to fail). Every fact it
states (a cell's need, a card's use, the Seals held) is computed from the view and returned as
a ``Claim`` (``explain``) that ``check`` tests against the true state; no claim is about another
seat's hand or role. Seats are written ``<P1>`` for the scene to fill in names.
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.core.claims import Claim, Explained, explained
from babel.core.coach import Advice, strongest_choice
from babel.games.builders import actions as A
from babel.games.builders import cards as C
from babel.games.builders.belief import public_suspicion, table_talk, usefulness
from babel.games.builders.model import BuildersState, BuildersView, Role
from babel.games.builders.rules import RULES as _RULES

Why = tuple[str, tuple[Claim, ...]]


def advise(view: BuildersView, legal: Sequence[A.Action]) -> Advice:
    return explain(view, legal).advice


def explain(view: BuildersView, legal: Sequence[A.Action]) -> Explained:
    action = strongest_choice(_RULES, view, legal)
    return explained(action, what(action), reason_claims(view, action, legal))


def what(action: A.Action) -> str:
    text = A.describe(action).replace(": ", " ")  # card names like "1 block: B1/B2/B3"
    for seat in range(10, -1, -1):  # "seat 3" -> the player's name (longest numbers first)
        text = text.replace(f"seat {seat + 1}", f"<P{seat}>")
    return text


def cell_need(view: BuildersView, cell: int) -> int:
    """Blocks the blueprint still asks for on ``cell`` (0 once it is met or never asked)."""
    return max(0, view.blueprint.cells[cell] - view.base[cell])


def need_words(view: BuildersView, cell: int) -> str:
    """What the blueprint still asks of ``cell``, in words, from the view's blueprint and tower."""
    need = cell_need(view, cell)
    name = C.CELL_NAMES[cell]
    if need > 0:
        return f"{name} still needs {need} block{'s' if need != 1 else ''} to meet the blueprint"
    return f"the blueprint needs no more blocks on {name}"


def need_claim(view: BuildersView, cell: int) -> Claim:
    return Claim("cell_need", cell, cell_need(view, cell), need_words(view, cell))


def _seals(hand: Sequence[int]) -> int:
    return sum(1 for c in hand if C.CARDS[c].kind == C.SEAL)


def _plays(legal: Sequence[A.Action]) -> list[int]:
    return [a.card for a in legal if isinstance(a, A.Play) and a.card is not None]


def reason(view: BuildersView, action: A.Action, legal: Sequence[A.Action] = ()) -> str:
    return reason_claims(view, action, legal)[0]


def reason_claims(view: BuildersView, action: A.Action, legal: Sequence[A.Action] = ()) -> Why:
    """The reason for ``action`` and the facts it states, all computed from the view."""
    builders = view.role is Role.ARCHITECT
    match action:
        case A.Play(None, _):
            return "no card in your hand may be handed in", (Claim("playable", None, 0, "no card"),)
        case A.Play(card):
            if builders:
                return _play_reason(view, card, legal)
            return "it hurts the tower most without showing your hand", ()
        case A.Place(cell):
            if builders:
                return need_words(view, cell), (need_claim(view, cell),)
            cells = [a.cell for a in legal if isinstance(a, A.Place)] or [cell]
            if cell_need(view, cell) == min(cell_need(view, c) for c in cells):
                words = "a block here helps the blueprint least"
                return words, (Claim("least_need", cell, True, words),)
            return need_words(view, cell), (need_claim(view, cell),)
        case A.Seal(None):
            seals = _seals(view.hand)
            if seals == 0:
                return (
                    "you hold no Seal; every player takes this turn, so passing gives nothing away",
                    (Claim("seals_in_hand", None, 0, "you hold no Seal"),),
                )
            return "no player looks enough like the Messenger of God to spend your Seal on", ()
        case A.Declare(False) if _seals(view.hand) == 0:
            return (
                "you hold no Seal; every player takes this turn, so passing gives nothing away",
                (Claim("seals_in_hand", None, 0, "you hold no Seal"),),
            )
        case A.Talk():
            return talk_reason(view, action)
    return _judgement(view, action, builders), ()


def _judgement(view: BuildersView, action: A.Action, builders: bool) -> str:
    """Reasons that weigh trust and harm (the bot's judgement, no fact about the state)."""
    match action:
        case A.Appoint():
            return (
                "these are the players whose cards you trust most to build"
                if builders
                else "these players help your side most without giving you away"
            )
        case A.Swap():
            return "the card you keep is worth more to your side than the one you give up"
        case A.Reveal():
            return "revealing this card now serves your side best"
        case A.Strike():
            return "the strike does the least harm here" if builders else "the strike does the most harm here"
        case A.Deliberate(seat):
            return f"<P{seat}>'s discard tells you most about who is who"
        case A.PassToken(seat):
            return (
                f"<P{seat}> is the player you trust most with the Master token"
                if builders
                else (f"<P{seat}> as Master helps your side most")
            )
        case A.Declare(False):
            return "a Seal kept back does nothing for your side"
        case A.Declare(True):
            return (
                "a Seal on the Messenger of God wins for the Architects, and the users are named "
                "together so they can share out the likeliest players"
                if builders
                else "a declared Seal looks like an Architect's, and the Architects count on it"
            )
        case A.Say(None):
            return "nobody stands out enough to name"
        case A.Say(seat):
            return (
                f"<P{seat}> is the player you take most for the Messenger of God"
                if builders
                else f"the table already suspects <P{seat}>, who is not the Messenger"
            )
        case A.Seal(seat):  # Seal(None) is answered with its facts in reason_claims
            return (
                f"<P{seat}> is your share of the likeliest players, by your place among the Seal users"
                if builders
                else f"a Seal on <P{seat}> does not touch the Messenger"
            )
        case A.Punish(seat):
            return f"<P{seat}> is the Architect whose turning helps your side most"
    return ""


def _play_reason(view: BuildersView, card: int, legal: Sequence[A.Action]) -> Why:
    """Why an Architect hands this card to the Master, from the hand and the blueprint."""
    kind = C.CARDS[card].kind
    cells, base = view.blueprint.cells, view.base
    if kind == C.BUILD:
        if usefulness(card, cells, base) > 0:
            words = "it builds towards the blueprint"
            return words, (Claim("builds", card, True, words),)
        plays = _plays(legal) or list(view.hand)
        if any(usefulness(c, cells, base) > 0 for c in plays):
            words = "it builds nothing the blueprint needs now"
            return words, (Claim("builds", card, False, words),)
        words = "no card you may hand in builds what the blueprint needs"
        claims = (Claim("none_builds", None, True, words),)
        blocks = [C.CARDS[c].blocks for c in plays if C.CARDS[c].kind == C.BUILD]
        if C.CARDS[card].blocks <= min(blocks, default=0):
            fewest = "this one wastes the fewest blocks"
            return f"{words}; {fewest}", (*claims, Claim("fewest_blocks", card, True, fewest))
        return f"{words}; this one wastes {C.CARDS[card].blocks}", claims
    if kind == C.DELIBERATION:
        return "the Master can turn up an appointed player's discard with it: evidence of who is who", ()
    if kind == C.SEAL:
        seals = _seals(view.hand)
        if seals >= 2:
            words = "it is a spare Seal: you keep one for the end"
            return f"{words}, and a Master without one may keep this", (Claim("seals_in_hand", None, seals, words),)
        words = "it is your only Seal"
        return f"{words}; a Master who keeps it can use it at the end", (Claim("seals_in_hand", None, 1, words),)
    plays = _plays(legal) or list(view.hand)
    if all(C.CARDS[c].kind in (C.STORM, C.LIGHTNING, C.PUNISHMENT) for c in plays):
        words = "every card you may hand in hurts the tower"
        return f"{words}; this one hurts it least", (Claim("all_hurt", None, True, words),)
    return "it hurts the tower, and keeps your better cards for a round you can trust", ()


def public_percent(view: BuildersView, seat: int) -> int:
    """How likely ``seat`` is a saboteur by the public record alone (what everyone can work
    out alike), in whole percent."""
    return round(100 * public_suspicion(view)[seat])


def _public_rank(view: BuildersView, speaker: int, seat: int) -> tuple[bool, bool]:
    """Whether ``seat`` is the most and the least suspected of the speaker's others by the
    public record (ties count for both)."""
    pub = public_suspicion(view)
    others = [pub[s] for s in range(view.players) if s != speaker]
    return pub[seat] >= max(others), pub[seat] <= min(others)


def _bad_rounds(view: BuildersView, seat: int) -> int:
    """Rounds in which ``seat`` handed a card to the Master and a revealed card worked against
    the tower (public)."""
    return sum(1 for entry in view.log if seat in entry.handed and bad_effects(entry))


def talk_reason(view: BuildersView, action: A.Talk) -> Why:
    """Why to say this at the table, in facts of the public record only (every seat can check
    them; none is about a hand or a role)."""
    speaker = view.seat if view.seat is not None else -1
    others = [s for s in range(view.players) if s != speaker]
    if action.subject is None:
        top = max(others, key=lambda s: (public_suspicion(view)[s], -s))
        pct = public_percent(view, top)
        words = f"the likeliest saboteur by the public record, <P{top}>, is {pct}%"
        return f"{words}, and a guess said aloud gives the saboteurs a story to tell", (
            Claim("public_percent", top, pct, words),
        )
    x = action.subject
    pct = public_percent(view, x)
    most, least = _public_rank(view, speaker, x)
    claims = [Claim("public_percent", x, pct, f"<P{x}> is {pct}%")]
    if action.kind == "suspect" and most:
        words = "the most suspected player by the public record"
        claims.append(Claim("public_most", x, True, words))
        return f"<P{x}> is {pct}%, {words}", tuple(claims)
    if action.kind == "trust" and least:
        words = "the least suspected player by the public record"
        claims.append(Claim("public_least", x, True, words))
        return f"<P{x}> is {pct}%, {words}", tuple(claims)
    if action.kind == "hurt":
        bad = _bad_rounds(view, x)
        words = f"handed a card in {bad} round{'s' if bad != 1 else ''} that turned up a harmful card"
        claims.append(Claim("bad_rounds", x, bad, words))
        return f"<P{x}> is {pct}% by the public record and {words}", tuple(claims)
    return f"<P{x}> is {pct}% by the public record", tuple(claims)


def talk_suspicion(view: BuildersView, seat: int) -> float:
    """How much the most suspicious other seat's table talk (public record only) suspects
    ``seat``: what the learner sees with table talk on."""
    others = [s for s in range(view.players) if s != seat]
    talk = table_talk(view, others, top=view.players)
    return round(max(dict(ranked).get(seat, 0.0) for ranked in talk.values()), 3)


def bad_effects(entry) -> list[str]:
    """The revealed cards of a round that worked against the tower, in words (public)."""
    out = []
    for e in entry.effects:
        if e.kind in (C.STORM, C.LIGHTNING):
            out.append(f"a {C.card_name(e.card)}")
        elif e.kind == C.BUILD and (e.void or e.blocks == 0):
            out.append("a building card that built nothing")
    return out


def check(state: BuildersState, seat: int, claim: Claim) -> str | None:
    """None when ``claim`` holds in the true state, else what is wrong (a claim about a card
    this seat cannot see, or about another seat, is wrong by kind)."""
    cells, base, hand = state.blueprint.cells, state.base, state.hands[seat]
    kind, subject, value = claim.kind, claim.subject, claim.value
    plays = _plays(_RULES.legal_actions(state, seat))
    if kind == "cell_need":
        truth = max(0, cells[subject] - base[subject])
    elif kind == "least_need":
        places = [a.cell for a in _RULES.legal_actions(state, seat) if isinstance(a, A.Place)]
        need = [max(0, cells[c] - base[c]) for c in places]
        truth = bool(need) and max(0, cells[subject] - base[subject]) == min(need)
    elif kind == "seals_in_hand":
        truth = _seals(hand)
    elif kind == "playable":
        truth = len(plays)
    elif kind == "builds":
        if subject not in hand:
            return f"card {subject} is not in seat {seat + 1}'s hand"
        truth = usefulness(subject, cells, base) > 0
    elif kind == "none_builds":
        truth = not any(usefulness(c, cells, base) > 0 for c in plays)
    elif kind in ("public_percent", "public_most", "public_least", "bad_rounds"):
        view = _RULES.view(state, seat)
        if kind == "public_percent":
            truth = public_percent(view, subject)
        elif kind == "bad_rounds":
            truth = _bad_rounds(view, subject)
        else:
            truth = _public_rank(view, seat, subject)[0 if kind == "public_most" else 1]
    elif kind == "talk_suspicion":  # the most a bot's table talk suspects ``subject``
        truth = talk_suspicion(_RULES.view(state, seat), subject)
    elif kind in ("round_master", "round_bad"):
        entry = next((e for e in state.log if e.round == subject), None)
        if entry is None:
            return f"no round {subject} in the record"
        truth = entry.master if kind == "round_master" else len(bad_effects(entry))
    elif kind == "fewest_blocks":
        blocks = [C.CARDS[c].blocks for c in plays if C.CARDS[c].kind == C.BUILD]
        truth = C.CARDS[subject].blocks <= min(blocks, default=0)
    elif kind == "all_hurt":
        truth = all(C.CARDS[c].kind in (C.STORM, C.LIGHTNING, C.PUNISHMENT) for c in plays)
    else:
        return f"unknown claim kind {kind!r} (it may name something hidden)"
    return None if truth == value else f"{kind} {subject!r}: said {value!r}, true {truth!r}"
