"""Babel Builders: a belief over who is on the Messenger's side, from what a seat may know.

Reads only a ``BuildersView`` (so bots cannot cheat) and replays the rounds in its log.

``compute`` weighs every assignment of the Messenger and the Zealots that fits the seat's
knowledge (its own role; the revealed Zealots at the end) by how well it explains the evidence:

- each round, the cards its appointed players handed in: the seat's own record when it was the
  Master, otherwise the cards revealed (Storm at the check, the rest after the swap). Masters
  swap in a known way: a Divine Punishment card must be taken; in a calm phase an Architect
  takes the worst card and a saboteur the best; under a Storm both keep the best instruction
  card. The likelihood of a round depends on how many of its players are the Messenger or
  Zealots and on whether its Master is, so "one of these four is evil" is weighed jointly
  (explaining away), not seat by seat;
- a Zealot is evil only from its conversion (mostly the deal, then draws in the first rounds), so
  early evidence counts less against a Zealot than against the Messenger: that separates the two;
- a player who handed nothing in, or kept two or more cards without discarding, can only be
  holding Divine Punishment;
- Deliberation reveals: a helpful card thrown away is suspicious, a Storm or Lightning discarded
  is reassuring;
- Masters: building where the blueprint needs nothing while a needed cell was allowed, striking a
  needed tower when a tie offered a harmless one, revealing Lightning after the round's building;
- Masters' appointments, against what a neutral observer suspected when the round began: bringing
  in the seat everyone suspected is a saboteur Master's habit.

The hypotheses number at most a few thousand (10 players) and the per-round tables are memoised,
so a belief takes milliseconds. ``compute_meanfield`` is the older seat-by-seat approximation,
kept as the fallback when no assignment explains the evidence. ``public_belief`` is the belief of
a neutral observer (saboteurs use it to keep cover).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from itertools import combinations, product
from math import comb
from typing import Any

from babel.games.builders import cards as C
from babel.games.builders.model import BuildersView, Phase, Role, RoundLog

# Card categories seen in a round: harmful, weak (useless instruction, Seal), good, Divine Punishment.
BAD, WEAK, GOOD, DPC = 0, 1, 2, 3
# P(category | evil), P(category | good) for a card an appointed player hands in; measured over
# belief-vs-belief bot games at 7 players (tools/builders_match.py) and smoothed.
P_EVIL = (0.28, 0.41, 0.27, 0.04)
P_GOOD = (0.01, 0.17, 0.82, 0.0)
# Deliberation reveals: P(discarded category | evil/good), measured the same way.
D_EVIL = (0.03, 0.28, 0.69)
D_GOOD = (0.34, 0.45, 0.21)
# Master behaviour: P(misplay | evil), P(misplay | good). Striking a needed tower on a tie and
# revealing Lightning after the building were measured in shrewd self-play at 5 and 7 players:
# a late Lightning is what Architect Masters do too (their best order often puts it last).
MASTER_MISPLACE = (0.45, 0.04)
MASTER_BAD_STRIKE = (0.87, 0.2)
MASTER_LATE_LIGHTNING = (0.93, 0.97)
# Appointments: P(the Master appointed the seat the table suspected most | evil, good Master).
# A saboteur Master likes to bring one suspect in; an Architect Master appoints those it trusts
# (measured: 92-97% against under 1%).
MASTER_APPOINTS_SUSPECT = (0.9, 0.01)
SUSPECT_MARGIN = 0.12  # the most suspected seat must stand this far above the appointment line
JOINT_KEEP = 400  # assignments kept in ``Belief.joint`` (the weightiest)
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
    # The weightiest assignments: (probability, bit mask of the Messenger and the Zealots), for
    # questions about several seats at once ("how likely are two of these four evil?").
    joint: list[tuple[float, int]] = field(default_factory=list)

    def evil_count_risk(self, seats: tuple[int, ...] | list[int]) -> tuple[float, float, float]:
        """P(at least one, two, three of ``seats`` are on the Messenger's side), from ``joint``
        (the marginals, assumed independent, when there is no joint)."""
        if not self.joint:
            dist = [1.0]
            for s in seats:
                p = self.evil[s]
                dist = [a * (1 - p) + b * p for a, b in zip(dist + [0.0], [0.0] + dist)]
            return tuple(sum(dist[k:]) for k in (1, 2, 3))  # type: ignore[return-value]
        mask = 0
        for s in seats:
            mask |= 1 << s
        at = [0.0, 0.0, 0.0]
        for w, evil in self.joint:
            k = (evil & mask).bit_count()
            for i in range(min(k, 3)):
                at[i] += w
        return at[0], at[1], at[2]


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


def _entries(view: BuildersView) -> list[RoundLog]:
    """The rounds a belief reads: the log, and this round once its cards are all revealed."""
    entries = list(view.log)
    if (
        view.current is not None
        and view.current.effects
        and view.phase.value in ("pass", "seal", "discuss", "target", "punish")
    ):
        entries.append(view.current)
    return entries


def _meanfield_hands(
    entry: RoundLog, p: list[float], per_round: list[list[float]], fixed: set[int]
) -> list[int]:
    """What handing in and discarding tell; returns the members (appointed seats that handed in)."""
    members = [a for a in entry.appointed if a in entry.handed]
    passes = [a for a in entry.appointed if a not in entry.handed]
    for a in passes:  # holding cards but handing none in: only Divine Punishment, a Zealot
        if a not in fixed and (not entry.hand_sizes or entry.hand_sizes[a] >= 1):
            p[a] = CLAMP
    for a in members:
        # Everyone discards when they can; a player who kept two or more cards back without
        # discarding could only be holding Divine Punishment cards.
        if a not in entry.discarded and entry.hand_sizes and entry.hand_sizes[a] >= 2:
            if a not in fixed:
                p[a] = CLAMP
            per_round[a][-1] += 3.0
    return members


def _meanfield_effects(
    entry: RoundLog,
    bp: tuple[int, ...],
    board: list[int],
    p: list[float],
    per_round: list[list[float]],
    fixed: set[int],
) -> None:
    """Deliberation reveals and the Master's building choices."""
    built_before_lightning = False
    m = entry.master
    for eff in entry.effects:
        if eff.kind == C.BUILD and not eff.void and eff.cells and eff.blocks:
            cell = eff.cells[0]
            need = need_left(bp, board)
            allowed = C.CARDS[eff.card].cells
            if need[cell] == 0 and any(need[c] > 0 for c in allowed) and m not in fixed:
                p[m] = _update(p[m], *MASTER_MISPLACE)
            board[cell] += eff.blocks
            built_before_lightning = True
        elif eff.kind == C.LIGHTNING:
            if built_before_lightning and eff.cells and m not in fixed:
                need_hit = any(bp[c] > 0 and board[c] <= bp[c] for c in eff.cells)
                if need_hit:
                    p[m] = _update(p[m], *MASTER_LATE_LIGHTNING)
            for cell in eff.cells:
                tall = max(board)
                ties = [i for i, h in enumerate(board) if h == tall]
                if len(ties) > 1 and m not in fixed:
                    harmless = [i for i in ties if board[i] > bp[i]]
                    if harmless and cell not in harmless:
                        p[m] = _update(p[m], *MASTER_BAD_STRIKE)
                board[cell] -= 1
        elif eff.kind == C.DELIBERATION and eff.target >= 0 and eff.shown >= 0:
            t = eff.target
            if t not in fixed:
                cat = category(eff.shown, bp, board)
                cat = min(cat, GOOD)
                p[t] = _update(p[t], D_EVIL[cat], D_GOOD[cat])
                per_round[t][-1] += math.log(D_EVIL[cat] / D_GOOD[cat])


def _meanfield_messenger(view: BuildersView, per_round: list[list[float]]) -> list[float]:
    """Messenger: among candidates (not me unless I am it, not revealed Zealots)."""
    n, me = view.players, view.seat
    if me is not None and view.role is Role.MESSENGER:
        return [1.0 if i == me else 0.0 for i in range(n)]
    cands = [i for i in range(n) if i != me and i not in view.zealots]
    weights = [0.0] * n
    z_prior = min(0.9, 0.6 * C.MAX_ZEALOTS[n] / max(1, n - 1))
    for i in cands:
        weights[i] = _messenger_weight(per_round[i], z_prior)
    total = sum(weights) or 1.0
    return [w / total for w in weights]


def compute_meanfield(view: BuildersView) -> Belief:
    """A quicker approximation of ``compute``: each seat updated on its own (mean-field)."""
    me = view.seat
    p = _prior(view)
    per_round: list[list[float]] = [[] for _ in range(view.players)]  # evidence of evil, by round
    bp = view.blueprint.cells
    base = [0] * 9
    fixed = set(view.zealots)
    if me is not None:
        fixed.add(me)
    for entry in _entries(view):
        for row in per_round:
            row.append(0.0)
        members = _meanfield_hands(entry, p, per_round, fixed)
        if me is not None and entry.master == me and entry.received:
            observed = [category(c, bp, base) for c in entry.received]
            hidden_one = False
        else:
            observed = [category(e.card, bp, base) for e in entry.effects]
            hidden_one = entry.swapped
        targets = [m for m in members if m not in fixed]
        lik = _round_likelihoods(members, targets, list(p), observed, hidden_one) if members else {}
        for j, (le, lg) in lik.items():
            if j in fixed:
                continue
            if le > 0 and lg > 0:
                per_round[j][-1] += max(-3.0, min(3.0, math.log(le / lg)))
                p[j] = _update(p[j], le, lg)
            elif le > 0 and lg == 0:
                p[j] = CLAMP
        _meanfield_effects(entry, bp, list(base), p, per_round, fixed)
        _replay_base(entry, base)
    return Belief(p, _meanfield_messenger(view, per_round))


def public_suspicion(view: BuildersView) -> list[float]:
    """How suspicious each seat looks to a neutral observer (bots use it to keep cover)."""
    return public_belief(view).evil


def public_view(view: BuildersView) -> BuildersView:
    """``view`` with everything private to its seat taken out: what every seat sees alike."""
    return replace(
        view,
        seat=None,
        role=None,
        hand=(),
        my_conversion=None,
        my_commit=None,
        my_swap=(),
        received=(),
        face_down=(),
        my_seal=-2,
        my_declare=-2,
        my_punish=-2,
        log=tuple(replace(e, received=()) for e in view.log),
        current=replace(view.current, received=()) if view.current is not None else None,
    )


def public_belief(view: BuildersView, heard: Any = None) -> Belief:
    """The belief of a neutral observer: what every seat can work out alike (with the talk
    heard through ``heard``, as ``compute``)."""
    return compute(public_view(view), heard)


def table_talk(
    view: BuildersView, seats: list[int] | tuple[int, ...], top: int = 2
) -> dict[int, list[tuple[int, float]]]:
    """What each of ``seats`` would say at a real table: the seats it suspects most, worked out
    from the public record alone as an Architect would (the role everyone claims). Nothing of
    anyone's hand, role or Master's memory goes in, so the answer is the same for every viewer."""
    public = public_view(view)
    out: dict[int, list[tuple[int, float]]] = {}
    for seat in seats:
        bel = compute(replace(public, seat=seat, role=Role.ARCHITECT))
        ranked = sorted((o for o in range(view.players) if o != seat), key=lambda o: (-bel.evil[o], o))
        out[seat] = [(o, round(bel.evil[o], 3)) for o in ranked[:top]]
    return out


# -- the exact version: every assignment of the Messenger and the Zealots, weighed -------------
# Finer categories for a card handed in: Storm, Lightning, weak, good, Divine Punishment (the
# order is the Architect Master's order of preference for the swap, worst first).
ST, LI, WK, GD, DP5 = 0, 1, 2, 3, 4
P5_EVIL = (0.15, 0.13, 0.41, 0.27, 0.04)
P5_GOOD = (0.001, 0.008, 0.17, 0.821, 0.0)


def category5(card: int, blueprint: tuple[int, ...], base: tuple[int, ...] | list[int]) -> int:
    kind = C.CARDS[card].kind
    if kind == C.STORM:
        return ST
    if kind == C.LIGHTNING:
        return LI
    return (WK, WK, GD, DP5)[category(card, blueprint, base)]


def _hidden_match(cats: tuple[int, ...], obs: tuple[int, ...], evil_master: bool) -> bool:
    """Whether the Master's swap leaves ``obs`` revealed. Storms are revealed before the swap; a
    Divine Punishment card must be taken; in a calm phase an Architect Master takes the worst
    card and a saboteur the best one; under a Storm both keep the best instruction card."""
    rest = [j for j in range(len(cats)) if cats[j] != ST]
    if not rest:
        return tuple(sorted(cats)) == obs
    if DP5 in cats:
        i = cats.index(DP5)
    elif evil_master or len(rest) < len(cats):
        i = max(rest, key=lambda j: cats[j])
    else:
        i = min(rest, key=lambda j: cats[j])
    return tuple(sorted(cats[:i] + cats[i + 1 :])) == obs


_TABLES: dict = {}


def _round_table(k: int, obs: tuple[int, ...], hidden: bool, c: float) -> dict[tuple[int, int, int], float]:
    """P(observed | Master kind, Messengers among the k members, Zealots among them).

    Master kind 0: an Architect, 1: a saboteur (they differ only in what the swap hides). A Zealot
    member has already turned with probability ``c``.
    """
    c = round(c, 3)  # the memo key, and the value used: the same answer whatever was asked before
    key = (k, obs, hidden, c)
    if key in _TABLES:
        return _TABLES[key]
    z_cat = [c * e + (1 - c) * g for e, g in zip(P5_EVIL, P5_GOOD)]
    table: dict[tuple[int, int, int], float] = {}
    for master in (0, 1):
        if not hidden and master == 1:
            break
        fits = [
            combo
            for combo in product(range(5), repeat=k)
            if (_hidden_match(combo, obs, master == 1) if hidden else tuple(sorted(combo)) == obs)
        ]
        for nm in (0, 1):
            for nz in range(0, k - nm + 1):
                total = 0.0
                for combo in fits:
                    w = 1.0
                    for i, cat in enumerate(combo):
                        w *= P5_EVIL[cat] if i < nm else z_cat[cat] if i < nm + nz else P5_GOOD[cat]
                        if w == 0.0:
                            break
                    total += w
                table[(master, nm, nz)] = total
                if not hidden:
                    table[(1, nm, nz)] = total
    if len(_TABLES) > 20000:
        _TABLES.clear()
    _TABLES[key] = table
    return table


# When Zealots turn, measured in shrewd self-play (300 games at 5-8 players, 150 at 9 and 10):
# Zealots turned per game in round t (0: the deal, then mostly the Divine Punishment cards put on
# top of the deck, drawn in the first rounds).
CONVERSIONS = {
    5: (0.783, 0.127, 0.04),
    6: (0.837, 0.433, 0.41, 0.153, 0.017),
    7: (0.883, 0.48, 0.413, 0.11, 0.013),
    8: (0.887, 0.713, 0.77, 0.247, 0.1, 0.023),
    9: (0.887, 0.653, 0.647, 0.453, 0.133, 0.027),
    10: (0.92, 0.753, 0.813, 0.753, 0.173, 0.1),
}
# P(k Zealots when round r begins) for r = 1, 2, ..., measured the same way; the last row holds
# for later rounds.
ZEALOT_COUNTS = {
    5: ((0.217, 0.783), (0.09, 0.91), (0.05, 0.95), (0.03, 0.97)),
    6: ((0.163, 0.837), (0.033, 0.663, 0.303), (0.0, 0.32, 0.68), (0.0, 0.164, 0.836), (0.0, 0.13, 0.87)),
    7: ((0.117, 0.883), (0.017, 0.603, 0.38), (0.0, 0.221, 0.779), (0.0, 0.108, 0.892), (0.0, 0.07, 0.93)),
    8: (
        (0.113, 0.887),
        (0.017, 0.427, 0.497, 0.06),
        (0.0, 0.077, 0.466, 0.456),
        (0.0, 0.024, 0.309, 0.667),
        (0.0, 0.011, 0.2, 0.79),
    ),
    9: (
        (0.113, 0.887),
        (0.02, 0.507, 0.387, 0.087),
        (0.013, 0.1, 0.573, 0.313),
        (0.0, 0.021, 0.29, 0.69),
        (0.0, 0.007, 0.17, 0.822),
        (0.0, 0.0, 0.109, 0.891),
    ),
    10: (
        (0.08, 0.92),
        (0.007, 0.44, 0.433, 0.113, 0.007),
        (0.0, 0.113, 0.353, 0.467, 0.067),
        (0.0, 0.0, 0.082, 0.558, 0.361),
        (0.0, 0.0, 0.029, 0.486, 0.486),
        (0.0, 0.0, 0.024, 0.37, 0.606),
    ),
}


def _conv_weights(rounds: int, n: int) -> list[float]:
    """Relative chance that a Zealot turned at round t (0: the deal) for t = 0 .. rounds-1: a
    late convert behaved as an Architect before, so its early record says little against it."""
    table = CONVERSIONS[n]
    return [max(0.01, table[t] if t < len(table) else 0.01) for t in range(max(1, rounds))]


def _zealot_count_prior(n: int, rnd: int) -> list[float]:
    """P(k Zealots now), k = 0 .. the Divine Punishment cards in play (``ZEALOT_COUNTS``; never
    quite zero, so an unusual game still has an explanation)."""
    rows = ZEALOT_COUNTS[n]
    row = rows[min(max(1, rnd), len(rows)) - 1]
    dist = [max(0.005, row[k] if k < len(row) else 0.0) for k in range(C.SPECIAL_TABLE[n][0] + 1)]
    total = sum(dist)
    return [x / total for x in dist]


class _SeatEvidence:
    """Per seat: the likelihood of its own evidence as the Messenger, a Zealot, an Architect."""

    def __init__(self, n: int) -> None:
        self.as_m = [1.0] * n
        self.as_z = [1.0] * n
        self.as_g = [1.0] * n

    def add(self, seat: int, le: float, lg: float, c: float) -> None:
        self.as_m[seat] *= le
        self.as_g[seat] *= lg
        self.as_z[seat] *= c * le + (1 - c) * lg


def _hand_evidence(entry: RoundLog, ev: _SeatEvidence, c: float) -> None:
    for a in entry.appointed:
        if a not in entry.handed and (not entry.hand_sizes or entry.hand_sizes[a] >= 1):
            ev.add(a, 1.0, 0.002, c)  # holding only Divine Punishment
        elif a in entry.handed and a not in entry.discarded and entry.hand_sizes and entry.hand_sizes[a] >= 2:
            ev.add(a, 1.0, 0.002, c)


def _round_record(view: BuildersView, entry: RoundLog, base: list[int], c: float) -> tuple | None:
    """(members mask, master, c, table) of a round whose revealed cards fit its members."""
    members = [a for a in entry.appointed if a in entry.handed]
    if not members:
        return None
    bp = view.blueprint.cells
    if view.seat is not None and entry.master == view.seat and entry.received:
        obs = tuple(sorted(category5(x, bp, base) for x in entry.received))
        hidden = False
    else:
        obs = tuple(sorted(category5(e.card, bp, base) for e in entry.effects if e.kind != C.PUNISHMENT))
        hidden = entry.swapped
    if len(obs) + (1 if hidden else 0) != len(members):
        return None
    mask = 0
    for a in members:
        mask |= 1 << a
    return (mask, entry.master, c, _round_table(len(members), obs, hidden, c))


def _master_evidence(
    entry: RoundLog, bp: tuple[int, ...], board: list[int], ev: _SeatEvidence, c: float
) -> None:
    """The Master's building choices and Deliberation reveals."""
    built = False
    m = entry.master
    for eff in entry.effects:
        if eff.kind == C.BUILD and not eff.void and eff.cells and eff.blocks:
            cell = eff.cells[0]
            need = need_left(bp, board)
            if need[cell] == 0 and any(need[x] > 0 for x in C.CARDS[eff.card].cells):
                ev.add(m, *MASTER_MISPLACE, c)
            board[cell] += eff.blocks
            built = True
        elif eff.kind == C.LIGHTNING:
            if built and eff.cells and any(bp[x] > 0 and board[x] <= bp[x] for x in eff.cells):
                ev.add(m, *MASTER_LATE_LIGHTNING, c)
            for cell in eff.cells:
                tall = max(board)
                ties = [i for i, h in enumerate(board) if h == tall]
                harmless = [i for i in ties if board[i] > bp[i]]
                if len(ties) > 1 and harmless and cell not in harmless:
                    ev.add(m, *MASTER_BAD_STRIKE, c)
                board[cell] -= 1
        elif eff.kind == C.DELIBERATION and eff.target >= 0 and eff.shown >= 0:
            cat = min(category(eff.shown, bp, board), GOOD)
            ev.add(eff.target, D_EVIL[cat], D_GOOD[cat], c)


def _appointment_evidence(
    view: BuildersView, entries: list[RoundLog], conv: list[float], ev: _SeatEvidence
) -> None:
    """The Masters' appointments, against what the table suspected when each was made: bringing
    in the seat everyone suspected is a saboteur Master's habit (``MASTER_APPOINTS_SUSPECT``).

    Whom else a Master brings in or leaves out is not read: rates measured per group (on the
    table's trust line or beyond it) count again what the public suspicion already holds, and
    differ by player count; read at 8 and 10 players they sent the Seals to Architects."""
    k = C.appoint_count(view.players)
    conv_total = sum(conv)
    appointments = list(entries)
    if view.current is not None and view.current.appointed and view.current not in appointments:
        appointments.append(view.current)
    for idx, entry in enumerate(appointments):
        m = entry.master
        if len(entry.appointed) != k or (view.seat is not None and m == view.seat):
            continue
        tell = appointed_suspect(view, tuple(view.log[: min(idx, len(view.log))]), entry)
        if tell is not None:
            le, lg = MASTER_APPOINTS_SUSPECT
            c = sum(conv[: min(entry.round, len(conv))]) / conv_total
            ev.add(m, *((le, lg) if tell else (1 - le, 1 - lg)), c)


def _zealot_sets(view: BuildersView, m: int, k_prior: list[float]) -> list[tuple[int, ...]]:
    """Every set of Zealots possible beside Messenger ``m``."""
    revealed = set(view.zealots)
    if revealed:
        return [tuple(sorted(revealed))] if m not in revealed else []
    me = view.seat
    must = [me] if view.role is Role.ZEALOT else []
    free = [i for i in range(view.players) if i != m and i != me]
    out = []
    for k in range(len(must), len(k_prior)):
        for rest in combinations(free, k - len(must)):
            out.append(tuple(must) + rest)
    return out


def _hypotheses(view: BuildersView, ev: _SeatEvidence, rounds: list) -> list[tuple[float, int, int, tuple]]:
    """(weight, Messenger, evil mask, Zealots) of every assignment with a weight above zero."""
    n, me = view.players, view.seat
    revealed = set(view.zealots)
    m_cands = [me] if view.role is Role.MESSENGER else [i for i in range(n) if i != me and i not in revealed]
    k_prior = _zealot_count_prior(n, max(1, view.round))
    out = []
    as_z, as_g = ev.as_z, ev.as_g  # locals: this is the innermost loop of a bot's decision
    seats = range(n)
    kinds = len(k_prior)
    for m in m_cands:
        base_w = ev.as_m[m]
        for zs in _zealot_sets(view, m, k_prior):
            k = len(zs)
            if k >= kinds and not revealed:
                continue
            w = base_w * (k_prior[k] / comb(n - 1, k) if not revealed else 1.0)
            zmask = 0
            for z in zs:
                zmask |= 1 << z
            for i in seats:
                if i != m:
                    w *= as_z[i] if zmask >> i & 1 else as_g[i]
            if w == 0.0:
                continue
            for mask, master, c, table in rounds:  # the rounds' revealed cards
                nm = mask >> m & 1
                nz = (mask & zmask).bit_count()
                if master == m:
                    w *= table[(1, nm, nz)]
                elif zmask >> master & 1:
                    w *= c * table[(1, nm, nz)] + (1 - c) * table[(0, nm, nz)]
                else:
                    w *= table[(0, nm, nz)]
                if w == 0.0:
                    break
            if w == 0.0:
                continue
            out.append((w, m, zmask | 1 << m, zs))
    return out


def compute(view: BuildersView, heard: Any = None) -> Belief:
    """The seat's belief, from its view alone: every assignment of the Messenger and the
    Zealots consistent with it, weighed by how well it explains what the seat has seen.

    ``heard`` (``talk.listener``) weighs the table talk too: the record without talk gives
    each speaker's credibility, then every statement multiplies its speaker's and its
    subject's weights by how such statements turned out in self-play."""
    n, me = view.players, view.seat
    bp = view.blueprint.cells
    entries = _entries(view)
    conv = _conv_weights(max(1, view.round), n)
    conv_total = sum(conv)
    ev = _SeatEvidence(n)
    rounds = []  # (members mask, master, c, table)
    base = [0] * 9
    for entry in entries:
        c = sum(conv[: min(entry.round, len(conv))]) / conv_total
        _hand_evidence(entry, ev, c)
        record = _round_record(view, entry, base, c)
        if record is not None:
            rounds.append(record)
        _master_evidence(entry, bp, list(base), ev, c)
        _replay_base(entry, base)
    _appointment_evidence(view, entries, conv, ev)
    hyps = _hypotheses(view, ev, rounds)
    if heard:
        hyps = _with_talk(view, ev, rounds, hyps, heard, conv) or hyps
    total = 0.0
    evil = [0.0] * n
    mess = [0.0] * n
    for w, m, _mask, zs in hyps:
        total += w
        mess[m] += w
        evil[m] += w
        for z in zs:
            evil[z] += w
    if total <= 0.0:  # nothing explains the evidence (a rule of thumb was broken): approximate
        return compute_meanfield(view)
    evil = [min(CLAMP, max(1 - CLAMP, e / total)) for e in evil]
    mess = [x / total for x in mess]
    if me is not None:
        evil[me] = 1.0 if view.role in (Role.MESSENGER, Role.ZEALOT) else 0.0
    for z in view.zealots:
        evil[z] = 1.0
    ranked = sorted(((w, mask) for w, _m, mask, _zs in hyps), key=lambda h: -h[0])
    joint = [(w / total, mask) for w, mask in ranked[:JOINT_KEEP]]
    return Belief(evil, mess, joint)


def _with_talk(view: BuildersView, ev: _SeatEvidence, rounds: list, hyps: list, heard: Any, conv: list) -> list:
    """The hypotheses again, with what the talk says of each seat (``talk.evidence``)."""
    total = sum(h[0] for h in hyps)
    if total <= 0.0:
        return []
    evil = [0.0] * view.players
    messenger = [0.0] * view.players
    for w, m, mask, _zs in hyps:
        messenger[m] += w / total
        for i in range(view.players):
            if mask >> i & 1:
                evil[i] += w / total
    conv_total = sum(conv)

    def conv_at(rnd: int) -> float:
        return sum(conv[: min(max(1, rnd), len(conv))]) / conv_total

    said = heard(view, evil, messenger, conv_at)
    if not said:
        return []
    for seat, as_m, as_z, as_g in said:
        top = max(as_m, as_z, as_g)  # only the ratios matter: keep the weights in range
        as_m, as_z, as_g = as_m / top, as_z / top, as_g / top
        ev.as_m[seat] *= as_m
        ev.as_z[seat] *= as_z
        ev.as_g[seat] *= as_g
    return _hypotheses(view, ev, rounds)


_PUBLIC: dict[tuple, list[float]] = {}


def _public_evil_before(view: BuildersView, earlier: tuple[RoundLog, ...], rnd: int) -> list[float]:
    """A neutral observer's suspicion when round ``rnd`` began (memoised: a pure function of the
    public record, asked again and again as the game goes on)."""
    public = tuple(replace(e, received=()) for e in earlier)
    key = (view.players, view.blueprint.cells, rnd, public)
    hit = _PUBLIC.get(key)
    if hit is None:
        neutral = replace(
            view,
            seat=None,
            role=None,
            hand=(),
            my_conversion=None,
            log=public,
            current=None,
            round=rnd,
            phase=Phase.APPOINT,
            zealots=(),
        )
        hit = compute(neutral).evil
        if len(_PUBLIC) > 5000:
            _PUBLIC.clear()
        _PUBLIC[key] = hit
    return hit


def public_before(view: BuildersView, earlier: tuple[RoundLog, ...], rnd: int) -> list[float]:
    """A neutral observer's suspicion of each seat when round ``rnd`` began, from the rounds
    ``earlier`` (memoised)."""
    return _public_evil_before(view, earlier, rnd)


def appointed_suspect(view: BuildersView, earlier: tuple[RoundLog, ...], entry: RoundLog) -> bool | None:
    """Whether the round's Master appointed the seat the table suspected most when the round
    began, although it stood clearly above the appointment line; None when nobody stood out."""
    pub = _public_evil_before(view, earlier, entry.round)
    others = sorted((s for s in range(view.players) if s != entry.master), key=lambda s: pub[s])
    k = len(entry.appointed)
    top = others[-1]
    line = pub[others[k - 1]]
    if pub[top] - line < SUSPECT_MARGIN:
        return None
    return top in entry.appointed


__all__ = [
    "Belief",
    "compute",
    "compute_meanfield",
    "public_belief",
    "public_suspicion",
    "public_view",
    "table_talk",
    "usefulness",
    "category",
    "category5",
    "need_left",
]
