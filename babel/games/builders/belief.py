"""Babel Builders: a belief over who is on the Messenger's side, from what a seat may know.

Reads only a ``BuildersView`` (so bots cannot cheat) and replays the rounds in its log:

- the cards revealed in a round are the cards its appointed players handed in, minus one card the
  Master swapped away (unseen unless the viewer was that Master); harmful cards (Storm, Lightning)
  point at the appointed players, helpful instruction cards point away;
- a Master who received Divine Punishment knows one of the appointed holds it (only the Messenger
  and Zealots ever hand it in); a player who handed nothing in, or who discarded nothing while
  holding two or more cards, could only be holding Divine Punishment;
- Deliberation reveals: a helpful card thrown away is suspicious, a Storm or Lightning discarded
  is reassuring;
- Masters: building where the blueprint needs nothing while a needed cell was allowed, striking a
  needed tower when a tie offered a harmless one, revealing Lightning after the round's building.

Each seat's probability of being evil is updated by mean-field Bayes (the other appointed players
at their current probabilities). ``messenger`` keeps the evidence round by round: the Messenger
is evil from the first round, while a Zealot turns only at some round, so evidence spread over the
whole game points at the Messenger and late evidence at a Zealot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import product

from babel.games.builders import cards as C
from babel.games.builders.model import BuildersView, Role, RoundLog

# Card categories seen in a round: harmful, weak (useless instruction, Seal), good, Divine Punishment.
BAD, WEAK, GOOD, DPC = 0, 1, 2, 3
# P(category | evil), P(category | good) for a card an appointed player hands in; measured over
# belief-vs-belief bot games at 7 players (tools/builders_match.py) and smoothed.
P_EVIL = (0.30, 0.47, 0.19, 0.04)
P_GOOD = (0.01, 0.19, 0.80, 0.0)
# Deliberation reveals: P(discarded category | evil/good), measured the same way.
D_EVIL = (0.03, 0.20, 0.77)
D_GOOD = (0.35, 0.42, 0.23)
# Master behaviour: P(misplay | evil), P(misplay | good).
MASTER_MISPLACE = (0.45, 0.04)
MASTER_BAD_STRIKE = (0.55, 0.08)
MASTER_LATE_LIGHTNING = (0.5, 0.25)
CLAMP = 0.995


def need_left(blueprint: tuple[int, ...], base: tuple[int, ...] | list[int]) -> list[int]:
    return [max(0, need - h) for need, h in zip(blueprint, base)]


def usefulness(card: int, blueprint: tuple[int, ...], base: tuple[int, ...] | list[int]) -> float:
    """Blocks an instruction card could add towards the blueprint now (0 for other cards)."""
    info = C.CARDS[card]
    if info.kind != C.BUILD:
        return 0.0
    need = need_left(blueprint, base)
    return float(max(min(info.blocks, need[c]) for c in info.cells))


def category(card: int, blueprint: tuple[int, ...], base: tuple[int, ...] | list[int]) -> int:
    kind = C.CARDS[card].kind
    if kind in (C.STORM, C.LIGHTNING):
        return BAD
    if kind == C.PUNISHMENT:
        return DPC
    if kind == C.DELIBERATION:
        return GOOD
    if kind == C.SEAL:
        return WEAK
    return GOOD if usefulness(card, blueprint, base) > 0 else WEAK


@dataclass
class Belief:
    evil: list[float]  # P(seat is the Messenger or a Zealot)
    messenger: list[float]  # P(seat is the Messenger), normalised over candidates


def _prior(view: BuildersView) -> list[float]:
    n = view.players
    me = view.seat
    expected_zealots = 0.6 * C.MAX_ZEALOTS[n]
    p = [(1 + expected_zealots) / n] * n
    if me is not None:
        others = n - 1
        if view.role is Role.ARCHITECT:
            q = (1 + expected_zealots) / others
        elif view.role is Role.MESSENGER:
            q = expected_zealots / others
        else:
            q = (1 + expected_zealots - 1) / others
        p = [min(0.9, q)] * n
        p[me] = 1.0 if view.role in (Role.MESSENGER, Role.ZEALOT) else 0.0
    for z in view.zealots:
        p[z] = 1.0
    return p


def _update(p: float, l_evil: float, l_good: float) -> float:
    num = p * l_evil
    den = num + (1 - p) * l_good
    if den <= 0:
        return p
    return min(CLAMP, max(1 - CLAMP, num / den))


def _cat_prob(pe: float, cat: int) -> float:
    return pe * P_EVIL[cat] + (1 - pe) * P_GOOD[cat]


def _match_factor(cats: tuple[int, ...], obs: tuple[int, ...], hidden_one: bool) -> float:
    """P(the revealed categories are ``obs`` | the handed-in categories are ``cats``)."""
    if not hidden_one:
        return 1.0 if tuple(sorted(cats)) == obs else 0.0
    k = len(cats)
    hits = sum(1 for i in range(k) if tuple(sorted(cats[:i] + cats[i + 1 :])) == obs)
    return hits / k if k else 0.0


def _round_likelihoods(
    members: list[int], targets: list[int], probs: list[float], observed: list[int], hidden_one: bool
) -> dict[int, tuple[float, float]]:
    """For each target j: P(observed | j evil), P(observed | j good), others at ``probs``."""
    obs = tuple(sorted(observed))
    combos = []
    for combo in product(range(4), repeat=len(members)):
        f = _match_factor(combo, obs, hidden_one)
        if f > 0:
            combos.append((combo, f))
    out: dict[int, tuple[float, float]] = {}
    for j in targets:
        res = []
        for pj in (1.0, 0.0):
            total = 0.0
            for combo, f in combos:
                w = f
                for m, cat in zip(members, combo):
                    w *= _cat_prob(pj if m == j else probs[m], cat)
                    if w == 0.0:
                        break
                total += w
            res.append(total)
        out[j] = (res[0], res[1])
    return out


def _replay_base(entry: RoundLog, base: list[int]) -> None:
    for eff in entry.effects:
        if eff.kind == C.BUILD and not eff.void and eff.cells:
            base[eff.cells[0]] += eff.blocks
        elif eff.kind == C.LIGHTNING:
            for cell in eff.cells:
                base[cell] -= 1


def _messenger_weight(llr: list[float], z_prior: float) -> float:
    """P(evidence | Messenger) / P(evidence | not the Messenger), both relative to no evil at all.

    The Messenger is evil in every round; a Zealot only from an unknown round of conversion on
    (uniform over the rounds, the deal included); an Architect never. Evidence spread over the
    whole game therefore points at the Messenger, evidence only late in the game at a Zealot.
    """
    total = sum(llr)
    as_messenger = math.exp(max(-30.0, min(30.0, total)))
    tails = []
    acc = 0.0
    for x in reversed(llr):
        acc += x
        tails.append(math.exp(max(-30.0, min(30.0, acc))))
    tails.append(1.0)  # converted only after the last round seen
    as_zealot = sum(tails) / len(tails)
    return as_messenger / ((1 - z_prior) + z_prior * as_zealot)


def compute(view: BuildersView) -> Belief:
    """The seat's belief, from its view alone."""
    n = view.players
    me = view.seat
    p = _prior(view)
    per_round: list[list[float]] = [[] for _ in range(n)]  # evidence of evil, round by round
    bp = view.blueprint.cells
    base = [0] * 9
    entries = list(view.log)
    if view.current is not None and view.current.effects and view.phase.value in ("pass", "seal", "punish"):
        entries.append(view.current)
    known_fixed = set(view.zealots)
    if me is not None:
        known_fixed.add(me)
    for entry in entries:
        for row in per_round:
            row.append(0.0)
        members = [a for a in entry.appointed if a in entry.handed]
        passes = [a for a in entry.appointed if a not in entry.handed]
        for a in passes:  # holding cards but handing none in: only Divine Punishment, a Zealot
            if a not in known_fixed and (not entry.hand_sizes or entry.hand_sizes[a] >= 1):
                p[a] = CLAMP
        for a in members:
            # Everyone discards when they can; a player who kept two or more cards back without
            # discarding could only be holding Divine Punishment cards.
            if a not in entry.discarded and entry.hand_sizes and entry.hand_sizes[a] >= 2:
                if a not in known_fixed:
                    p[a] = CLAMP
                per_round[a][-1] += 3.0
        i_was_master = me is not None and entry.master == me and entry.received
        if i_was_master:
            observed = [category(c, bp, base) for c in entry.received]
            hidden_one = False
        else:
            observed = [category(e.card, bp, base) for e in entry.effects]
            hidden_one = entry.swapped
        targets = [m for m in members if m not in known_fixed]
        lik = _round_likelihoods(members, targets, list(p), observed, hidden_one) if members else {}
        for j, (le, lg) in lik.items():
            if j in known_fixed:
                continue
            if le > 0 and lg > 0:
                per_round[j][-1] += max(-3.0, min(3.0, math.log(le / lg)))
                p[j] = _update(p[j], le, lg)
            elif le > 0 and lg == 0:
                p[j] = CLAMP
        # Deliberation reveals and the Master's building choices.
        board = list(base)
        built_before_lightning = False
        m = entry.master
        for eff in entry.effects:
            if eff.kind == C.BUILD and not eff.void and eff.cells and eff.blocks:
                cell = eff.cells[0]
                need = need_left(bp, board)
                allowed = C.CARDS[eff.card].cells
                if need[cell] == 0 and any(need[c] > 0 for c in allowed) and m not in known_fixed:
                    p[m] = _update(p[m], *MASTER_MISPLACE)
                board[cell] += eff.blocks
                built_before_lightning = True
            elif eff.kind == C.LIGHTNING:
                if built_before_lightning and eff.cells and m not in known_fixed:
                    need_hit = any(bp[c] > 0 and board[c] <= bp[c] for c in eff.cells)
                    if need_hit:
                        p[m] = _update(p[m], *MASTER_LATE_LIGHTNING)
                for cell in eff.cells:
                    tall = max(board)
                    ties = [i for i, h in enumerate(board) if h == tall]
                    if len(ties) > 1 and m not in known_fixed:
                        harmless = [i for i in ties if board[i] > bp[i]]
                        if harmless and cell not in harmless:
                            p[m] = _update(p[m], *MASTER_BAD_STRIKE)
                    board[cell] -= 1
            elif eff.kind == C.DELIBERATION and eff.target >= 0 and eff.shown >= 0:
                t = eff.target
                if t not in known_fixed:
                    cat = category(eff.shown, bp, board)
                    cat = min(cat, GOOD)
                    p[t] = _update(p[t], D_EVIL[cat], D_GOOD[cat])
                    per_round[t][-1] += math.log(D_EVIL[cat] / D_GOOD[cat])
        _replay_base(entry, base)
    # Messenger: among candidates (not me unless I am it, not revealed Zealots).
    if me is not None and view.role is Role.MESSENGER:
        mess = [1.0 if i == me else 0.0 for i in range(n)]
    else:
        cands = [i for i in range(n) if i != me and i not in view.zealots]
        if me is not None and view.role is Role.MESSENGER:
            cands = [me]
        weights = [0.0] * n
        z_prior = min(0.9, 0.6 * C.MAX_ZEALOTS[n] / max(1, n - 1))
        for i in cands:
            weights[i] = _messenger_weight(per_round[i], z_prior)
        total = sum(weights) or 1.0
        mess = [w / total for w in weights]
    return Belief(p, mess)


def public_suspicion(view: BuildersView) -> list[float]:
    """How suspicious each seat looks to a neutral observer (bots use it to keep cover)."""
    from dataclasses import replace

    neutral = replace(
        view,
        seat=None,
        role=None,
        hand=(),
        log=tuple(replace(e, received=()) for e in view.log),
        current=replace(view.current, received=()) if view.current is not None else None,
    )
    return compute(neutral).evil


__all__ = ["Belief", "compute", "public_suspicion", "usefulness", "category", "need_left"]
