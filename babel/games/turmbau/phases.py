"""What each move does, as functions over a ``Work`` copy: card actions, passing (and the stalled
end), building, committing and revealing offers, the builder's choice, refusals, wonder scoring,
the end of a turn and the final scoring; plus ``preview_select`` for the table's live preview.

``apply_action`` assumes the move is legal (``legality.why_illegal`` said so).
"""

from __future__ import annotations

from typing import Any

from babel.core.protocol import Step, replace
from babel.games.turmbau import actions as A
from babel.games.turmbau import data
from babel.games.turmbau.data import ZERO
from babel.games.turmbau.model import EventKind, FinalScore, Phase, TurmbauState, TurmbauView
from babel.games.turmbau.pieces import (
    DISC_BONUS,
    DOUBLE,
    DRAW3,
    FIVE_POINTS,
    JOKER,
    REDRAW,
    TRIPLE,
    add,
    disc_json,
    offered,
    remaining_kinds,
    sub,
    target_disc,
)
from babel.games.turmbau.scoring import best_assignment, score_wonder
from babel.games.turmbau.work import Work


def apply_action(state: TurmbauState, seat: int, action: A.Action) -> Step[TurmbauState]:
    """The step a legal ``action`` of ``seat`` makes from ``state``."""
    w = Work(state)
    if isinstance(action, (A.Redraw, A.Draw3, A.Double)):
        _play_card(w, seat, action)
    elif isinstance(action, A.Pass):
        w.ev(EventKind.PASS, seat=seat)
        if not _stall_pass(w, seat):
            w.draw(seat, 1, "pass")
            _end_turn(w)
    elif isinstance(action, A.Build):
        w.stalled = ()
        w.target = (action.wonder, action.slot)
        w.phase = Phase.OFFER
        disc = state.wonders[action.wonder].discs[action.slot]
        assert disc is not None
        w.ev(EventKind.BUILD, seat=seat, wonder=action.wonder, slot=action.slot, disc=disc_json(disc))
    elif isinstance(action, A.Offer):
        _commit(w, seat, action)
    elif isinstance(action, A.Select):
        _resolve(w, action)
    elif isinstance(action, A.Decline):
        _decline(w)
    return Step(w.freeze(), tuple(w.events))


def _play_card(w: Work, seat: int, action: A.Redraw | A.Draw3 | A.Double) -> None:
    """Card trade, Card draw or Double turn: the card is spent and does its work."""
    if isinstance(action, A.Redraw):
        w.take_action_card(seat, REDRAW)
        w.spent.append(REDRAW)
        w.to_discard(seat, action.cards)
        w.ev(EventKind.ACTION_PLAYED, seat=seat, card="redraw", discarded=list(action.cards))
        w.draw(seat, sum(action.cards), "redraw")
    elif isinstance(action, A.Draw3):
        w.take_action_card(seat, DRAW3)
        w.spent.append(DRAW3)
        w.ev(EventKind.ACTION_PLAYED, seat=seat, card="draw3")
        w.draw(seat, data.DRAW3_COUNT, "draw3")
    else:
        w.take_action_card(seat, DOUBLE)
        w.spent.append(DOUBLE)
        w.double = 1
        w.ev(EventKind.ACTION_PLAYED, seat=seat, card="double")


def _commit(w: Work, seat: int, offer: A.Offer) -> None:
    for k in range(data.NKINDS):
        w.hands[seat][k] -= offer.cards[k]
    if offer.triple:
        w.take_action_card(seat, TRIPLE)
    w.offers[seat] = offer
    w.ev(EventKind.OFFER_COMMITTED, seat=seat)
    w.ev(
        EventKind.MY_OFFER,
        to=seat,
        seat=seat,
        cards=list(offer.cards),
        trade=offer.trade,
        triple=offer.triple,
    )
    if all(w.offers[s] is not None for s in range(w.s.players) if s != w.active):
        _reveal(w)


def _reveal(w: Work) -> None:
    need = target_disc(w.s).need
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
        revealed = A.Offer(right, o.trade and sum(right) > 0, o.triple)  # type: ignore[arg-type]
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
    w.ev(EventKind.REVEAL, irreversible=True, active=w.active, offers=shown)


def _refuse(w: Work, seats: list[int]) -> None:
    for s in seats:
        o = w.offers[s]
        assert o is not None
        for k in range(data.NKINDS):
            w.hands[s][k] += o.cards[k]
            w.known[s][k] += o.cards[k]
        factor = data.TRIPLE_FACTOR if o.triple else 1
        points = o.size * factor
        w.scores[s] += points
        w.ev(
            EventKind.REJECTED, seat=s, cards=list(o.cards), triple=o.triple, points=points, score=w.scores[s]
        )


def _decline(w: Work) -> None:
    assert w.target is not None
    wonder, slot = w.target
    offerers = [s for s in range(w.s.players) if offered(w.s, s)]
    w.ev(EventKind.UNFULFILLED, seat=w.active, wonder=wonder, slot=slot)
    _refuse(w, offerers)
    _end_turn(w)


def _resolve(w: Work, sel: A.Select) -> None:
    """The builder completes the disc with the invited offers, cards from hand and Jokers."""
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
    refused = [s for s in range(state.players) if offered(state, s) and s not in sel.seats]
    w.ev(
        EventKind.ACCEPTED,
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
        w.ev(EventKind.ACTION_PLAYED, seat=p, card="joker", count=sel.jokers, wild=list(sel.wild))
    _refuse(w, refused)
    own = sum(fill) + sum(sel.wild)
    swapped = state.offers[trader].size if trader is not None else 0  # type: ignore[union-attr]
    w.place(p, wonder, own + swapped, "builder" if trader is None else "builder+trade")
    for s in sel.seats:
        if s != trader:
            w.place(s, wonder, state.offers[s].size, "invited")  # type: ignore[union-attr]
    _take_disc(w, p if trader is None else trader, trader is not None)


def _take_disc(w: Work, taker: int, traded: bool) -> None:
    """The disc goes to ``taker``; a completed wonder scores; the last disc of a kind ends the game."""
    assert w.s.target is not None
    wonder, slot = w.s.target
    disc = target_disc(w.s)
    w.discs[taker] = (*w.discs[taker], disc)
    wd = w.wonders[wonder]
    discs = list(wd.discs)
    discs[slot] = None
    w.wonders[wonder] = replace(wd, discs=tuple(discs))
    w.ev(EventKind.DISC_TAKEN, seat=taker, wonder=wonder, slot=slot, disc=disc_json(disc), traded=traded)
    if w.wonders[wonder].discs_left == 0:
        _score_wonder(w, wonder)
    left = remaining_kinds(tuple(w.wonders))
    if min(left) == 0:
        ended = [data.KINDS[k] for k in range(data.NKINDS) if left[k] == 0]
        w.ev(EventKind.GAME_END, seat=w.active, kinds=ended)
        _final_scoring(w)
        return
    _end_turn(w)


def _score_wonder(w: Work, wonder: int) -> None:
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
        EventKind.WONDER_SCORED,
        wonder=wonder,
        row=w.row,
        values=list(values),
        breakdown=[{"seat": r.seat, "units": r.units, "rank": r.rank, "points": r.points} for r in result],
        scores=list(w.scores),
    )
    w.row += 1
    w.ev(EventKind.MARKER_MOVED, row=w.row, values=list(data.scoring_row(w.row)))
    if w.action_deck:
        card = w.action_deck.pop()
        w.actions[w.active] = tuple(sorted((*w.actions[w.active], card)))
        w.ev(EventKind.ACTION_DRAWN, seat=w.active, deck=len(w.action_deck))
        w.ev(
            EventKind.ACTION_CARD, to=w.active, irreversible=True, seat=w.active, card=data.ACTION_KINDS[card]
        )


def _final_scores(w: Work) -> tuple[FinalScore, ...]:
    """Each player's final scoring: unfinished wonders on the light row, disc sets, bonus cards."""
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
        finals.append(
            FinalScore(
                s, before[s], tuple(per_wonder[s]), discs, assignment, sets, pts, disc_card, five, total
            )
        )
    return tuple(finals)


def _final_scoring(w: Work) -> None:
    finals = _final_scores(w)
    for f in finals:
        w.scores[f.seat] = f.total
    w.final = finals
    w.phase = Phase.OVER
    w.target = None
    w.offers = [None] * w.s.players
    w.revealed = False
    w.ev(
        EventKind.FINAL_SCORING,
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


def _stall_pass(w: Work, seat: int) -> bool:
    """Count a pass made with no building card left anywhere (RULINGS Turmbau 9); True when it
    was the last seat's and the game ended. The first such pass warns the table a round ahead."""
    if w.supply or any(w.discard):
        w.stalled = ()
        return False
    w.stalled = tuple(sorted({*w.stalled, seat}))
    left = w.s.players - len(w.stalled)
    if left == 0:
        w.ev(EventKind.GAME_END, seat=seat, kinds=[], stalled=True)
        _final_scoring(w)
        return True
    w.ev(EventKind.STALL_WARNING, seat=seat, left=left)
    return False


def _end_turn(w: Work) -> None:
    n = w.s.players
    w.target = None
    w.offers = [None] * n
    w.revealed = False
    w.phase = Phase.TURN
    if w.double == 1:
        # Double turn: nobody receives building cards after the first of the two turns.
        w.double = 2
        w.ev(EventKind.TURN, seat=w.active, turn=w.turn, second=True)
        return
    for i in range(n):
        w.draw((w.active + i) % n, 1, "end_of_turn")
    w.double = 0
    w.active = (w.active + 1) % n
    w.turn += 1
    w.ev(EventKind.TURN, seat=w.active, turn=w.turn, second=False)


def preview_select(view: TurmbauView, select: A.Select) -> dict[str, Any]:
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
