"""Babel Builders table talk, the bots' side: what a bot says, and how every bot listens.

Speaking (``statement``): a bot chooses among the legal statements (``Talk(kind, subject)`` at
the start of a round, ``Say(suspect)`` in the Seal discussion) from its own view only, so a
statement can carry nothing its speaker does not know. No statement is a role or hand claim
(the menu holds none: ruling 10).

- An Architect (every level: the person's team-mates are sensible) says what its belief says:
  the seat it suspects most ("X's card hurt the tower" when X was in the last round that went
  wrong, "I will not appoint X" when it holds the Master token), or the seat it trusts most when
  nobody stands out, or nothing.
- A shrewd saboteur lies plausibly: it speaks as often and in the same words as an Architect,
  but accuses a seat the table already half suspects that it takes for an Architect, turns the
  talk away from itself when it is the table's top suspect, and never defends a team-mate aloud.
- A plain saboteur frames the seat the table trusts most, and answers an accusation half the time.
- A novice saboteur gives itself away: it accuses whoever accused it, every time (it defends
  itself too loudly), and otherwise points at random.

Listening (``evidence``): a statement is weighed by how statements of its kind turned out in
self-play, per level of the saboteurs at the table (``talk_rates.json``, written by
``tools/builders_talk_rates.py``): for a speaker on either side and a subject who is an
Architect, a Zealot or the Messenger, how often a statement of that kind named such a subject.
The belief (``belief.compute``) multiplies each seat's weight as the Messenger, a Zealot or an
Architect by what its statements and the statements about it say, each statement weighed by
how likely its speaker is to be on either side (its credibility) from the record without talk.
A saboteur may say anything; it is believed only as far as saboteurs' words have turned out
true. Each speaker counts as one voice (its statements share one weight, ``WEIGHT``), since a
bot that repeats a suspicion every round adds an opinion once, not once a round.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from babel.core.rng import Rng
from babel.games.builders import belief as B
from babel.games.builders import cards as C
from babel.games.builders.model import BuildersView, Role

KINDS = ("suspect", "trust", "hurt", "shun", "nothing")
ACCUSING = ("suspect", "hurt", "shun", "say")  # statements that point at a seat as a saboteur
RATES_FILE = Path(__file__).with_name("talk_rates.json")
# How far the talk moves a belief (1: as measured; 0: talk is not heard). Below 1 because the
# rates treat statements as independent, which they are not. At novice tables (7 players, 150
# finales) the public ranking's likeliest Messenger at the Seal had odds of 0.98 and was right
# 40% at 1 with every statement counted; at 0.5, one voice a speaker, 0.82 and 41%; without the
# talk 0.37 and 44%. At shrewd tables at 0.5: 0.48 and 34%. The Architects' win rate barely moves
# with it (docs/builders/balance.md).
WEIGHT = 0.5
SUSPECT_AT = 0.45  # an Architect names the seat it suspects most from this belief on
TRUST_BELOW = 0.2  # ... or, when nobody stands out, the seat it trusts most below this
FLOOR = 1e-3  # no statement is ever impossible: anyone may say anything


# -- reading the talk -------------------------------------------------------------------------
def talk_record(view: BuildersView) -> list[tuple[int, int, str, int]]:
    """Every statement made so far, as (round, speaker, class, subject): the table talk
    (``view.talk``), then the Seal discussion (``view.said``, class "say"). The class is the
    statement's kind, with "_top" when it names the seat the public record suspected most
    (besides the speaker) when the statement was made, so that echoing the record, which every
    seat can do, is told apart from words that add to it, and "_back" when it accuses a seat
    that had accused the speaker before (an answer in kind)."""
    out: list[tuple[int, int, str, int]] = []
    accused: set[tuple[int, int]] = set()  # (accuser, accused)
    for entry in getattr(view, "talk", ()) or ():
        rnd, seat, kind, subject = entry
        earlier = tuple(view.log[: max(0, rnd - 1)])
        out.append(_classed(view, earlier, rnd, seat, kind, subject, accused))
    for seat, suspect in enumerate(view.said or ()):
        if suspect == -2:
            continue
        kind = "say" if suspect >= 0 else "nothing"
        out.append(_classed(view, tuple(view.log), view.round, seat, kind, suspect, accused))
    return out


def _classed(
    view: BuildersView, earlier: tuple, rnd: int, seat: int, kind: str, subject: Any, accused: set
) -> tuple[int, int, str, int]:
    subject = -1 if subject is None or kind == "nothing" else int(subject)
    cls = kind
    if subject >= 0:
        pub = B.public_before(view, earlier, rnd)
        top = max((s for s in range(view.players) if s != seat), key=lambda s: (pub[s], -s))
        if subject == top:
            cls += "_top"
    if kind in ACCUSING and subject >= 0:
        if (subject, seat) in accused:
            cls += "_back"
        accused.add((seat, subject))
    return (rnd, seat, cls, subject)


def accusers(view: BuildersView, seat: int) -> list[int]:
    """The seats that accused ``seat`` aloud, the latest last."""
    out = []
    for entry in getattr(view, "talk", ()) or ():
        if entry[3] == seat and entry[2] in ACCUSING:
            out.append(entry[1])
    out += [s for s, x in enumerate(view.said or ()) if x == seat]
    return out


# -- the measured rates -------------------------------------------------------------------------
@cache
def _load(path: str) -> dict:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


@cache
def rates(level: str) -> dict | None:
    """The measured statement rates for tables whose saboteurs play ``level`` (None: none kept,
    and then talk is not heard). Read as plain JSON and checked, never executed: per class,
    rows for a speaker who is an Architect, a Zealot, the Messenger, and in each row the rate
    at which such a speaker named one given Architect, Zealot or Messenger (per seat it could
    have named); "nothing" is one rate per speaker."""
    table = _load(str(RATES_FILE)).get("levels", {}).get(level)
    if not isinstance(table, dict):
        return None
    out = {}
    for cls, row in table.items():
        if cls == "nothing" and _numbers(row, 3):
            out[cls] = [max(FLOOR, float(x)) for x in row]
        elif isinstance(row, list) and len(row) == 3 and all(_numbers(r, 3) for r in row):
            out[cls] = [[max(FLOOR, float(x)) for x in r] for r in row]
    return out or None


def _numbers(row: Any, n: int) -> bool:
    return isinstance(row, list) and len(row) == n and all(isinstance(x, int | float) and x >= 0 for x in row)


def evidence(
    view: BuildersView, table: dict | None, evil: Sequence[float], messenger: Sequence[float], conv_at: Any
) -> list[tuple[int, float, float, float]]:
    """Per statement, what it says of its speaker and of its subject: (seat, factor as the
    Messenger, as a Zealot, as an Architect). ``evil`` and ``messenger`` are each seat's
    chances from the record without talk (a speaker's credibility, a subject's standing);
    ``conv_at(round)`` is the chance that a Zealot had turned by then (before, it spoke and
    was named as an Architect). The viewer's own statements say nothing to itself."""
    if not table or WEIGHT <= 0:
        return []
    out = []
    n = view.players
    record = [s for s in talk_record(view) if s[1] != view.seat]
    voices = Counter(s[1] for s in record)
    for rnd, speaker, cls, subject in record:
        # Each speaker is one voice: its k statements count 1/k each (a suspicion repeated every
        # round is one opinion, not k pieces of evidence).
        share = WEIGHT / voices[speaker]
        c = conv_at(rnd)
        if cls == "nothing" or subject < 0:
            row = table.get("nothing")
            if row:
                out.append(_weighed(speaker, (row[2], c * row[1] + (1 - c) * row[0], row[0]), share))
            continue
        r = table.get(cls) or table.get(cls.split("_")[0])
        if not r or not 0 <= subject < n:
            continue
        pj, pjm = evil[subject], messenger[subject]
        subj = (1 - pj, max(0.0, pj - pjm), pjm)  # the subject's standing: Architect, Zealot, Messenger
        said = [sum(w * x for w, x in zip(subj, row)) for row in r]
        out.append(_weighed(speaker, (said[2], c * said[1] + (1 - c) * said[0], said[0]), share))
        ps, psm = evil[speaker], messenger[speaker]
        spk = (1 - ps, max(0.0, ps - psm), psm)
        heard = [sum(spk[a] * r[a][b] for a in range(3)) for b in range(3)]
        out.append(_weighed(subject, (heard[2], c * heard[1] + (1 - c) * heard[0], heard[0]), share))
    return out


def _weighed(seat: int, factors: tuple[float, float, float], share: float) -> tuple[int, float, float, float]:
    """A seat's factors as the Messenger, a Zealot, an Architect, raised to its voice's share."""
    m, z, g = factors
    return (seat, m**share, z**share, g**share)


class Listener:
    """What a belief hears of the talk with a rates ``table`` (``belief.compute(view, heard)``)."""

    def __init__(self, table: dict | None) -> None:
        self.table = table

    def __call__(
        self, view: BuildersView, evil: Sequence[float], messenger: Sequence[float], conv_at: Any
    ) -> list:
        return evidence(view, self.table, evil, messenger, conv_at)

    def __bool__(self) -> bool:
        return bool(self.table) and WEIGHT > 0


_LISTENERS: dict[int, Listener] = {}


def listener(table: dict | None) -> Listener | None:
    """The listener for a rates table (None when there is none: talk is not heard)."""
    if not table:
        return None
    hit = _LISTENERS.get(id(table))
    if hit is None or hit.table is not table:
        hit = _LISTENERS[id(table)] = Listener(table)
    return hit


# -- speaking ---------------------------------------------------------------------------------------
def statement(
    view: BuildersView, legal: Sequence[Any], level: str, rng: Rng, table: dict | None = None
) -> Any:
    """The bot's statement among ``legal`` (Talk or Say actions), from its view alone."""
    options = {_key(a): a for a in legal}
    nothing = next((a for k, a in options.items() if k[0] == "nothing"), legal[0])
    evil = view.role in (Role.MESSENGER, Role.ZEALOT)
    if evil:
        want = _saboteur_words(view, level, rng, table, options)
    else:
        want = _architect_words(view, rng, table, options)
    return options.get(want, nothing) if want else nothing


def _key(action: Any) -> tuple[str, int]:
    if hasattr(action, "kind"):
        subject = getattr(action, "subject", None)
        return (action.kind, -1 if subject is None else int(subject))
    suspect = getattr(action, "suspect", None)
    return ("nothing", -1) if suspect is None else ("say", int(suspect))


def _is_say(options: dict) -> bool:
    return any(k[0] == "say" for k in options)


def _accuse_kind(view: BuildersView, seat: int, options: dict) -> str:
    """How to accuse ``seat``: "I will not appoint X" from the Master, "X's card hurt the tower"
    when X was appointed in the last round and a Storm or Lightning came out, else "I suspect X"."""
    if _is_say(options):
        return "say"
    if view.master == view.seat and ("shun", seat) in options:
        return "shun"
    last = view.log[-1] if view.log else None
    if (
        last is not None
        and seat in last.appointed
        and any(e.kind in (C.STORM, C.LIGHTNING) for e in last.effects)
        and ("hurt", seat) in options
    ):
        return "hurt"
    return "suspect"


def _architect_words(view: BuildersView, rng: Rng, table: dict | None, options: dict) -> tuple | None:
    bel = B.compute(view, listener(table))
    others = [s for s in range(view.players) if s != view.seat]
    if _is_say(options):
        top = max(others, key=lambda s: (bel.messenger[s] + 1e-6 * rng.random(), -s))
        return ("say", top)
    top = max(others, key=lambda s: (bel.evil[s] + 1e-6 * rng.random(), -s))
    if bel.evil[top] >= SUSPECT_AT:
        return (_accuse_kind(view, top, options), top)
    low = min(others, key=lambda s: (bel.evil[s] + 1e-6 * rng.random(), s))
    if bel.evil[low] < TRUST_BELOW:
        return ("trust", low)
    return None


def _saboteur_words(
    view: BuildersView, level: str, rng: Rng, table: dict | None, options: dict
) -> tuple | None:
    others = [s for s in range(view.players) if s != view.seat]
    if level == "novice":  # defends itself too loudly; otherwise points at random
        mine = accusers(view, view.seat)
        if mine:
            return (_accuse_kind(view, mine[-1], options), mine[-1])
        if _is_say(options):
            return ("say", rng.choice(others))
        return rng.choice([k for k in options if k[0] != "nothing"] or [None])
    pub = B.compute(B.public_view(view), listener(table))
    own = B.compute(view, listener(table))
    if level == "plain":  # frames the seat the table trusts most; answers an accusation with one
        mine = accusers(view, view.seat)
        if mine and rng.random() < 0.5:
            return (_accuse_kind(view, mine[-1], options), mine[-1])
        target = min(others, key=lambda s: (pub.evil[s] + 1e-6 * rng.random(), s))
        return (_accuse_kind(view, target, options), target)
    # Shrewd: the Architects' words, aimed where they serve the team: at a seat the table already
    # half suspects that it takes for an Architect (never a defence of a team-mate).
    if _is_say(options):
        score = [pub.messenger[s] * (1 - own.evil[s]) for s in range(view.players)]
        return ("say", max(others, key=lambda s: (score[s] + 1e-6 * rng.random(), -s)))
    score = [pub.evil[s] * (1 - own.evil[s]) for s in range(view.players)]
    top = max(others, key=lambda s: (score[s] + 1e-6 * rng.random(), -s))
    if pub.evil[top] >= 0.6 * SUSPECT_AT or pub.evil[view.seat] >= SUSPECT_AT:
        return (_accuse_kind(view, top, options), top)
    low = min(others, key=lambda s: (pub.evil[s] + 1e-6 * rng.random(), s))
    if pub.evil[low] < TRUST_BELOW and own.evil[low] < 0.5:
        return ("trust", low)
    return None
