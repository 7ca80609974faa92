"""Babel On! calibration: is the risk the table shows the simulation's own chance, and does
``apply`` do what the preview says?

    python tools/babel_on_calibration.py [--moves 2000] [--per 5] [--seed 1]

Collects seeded positions from real games (bots of every level, 2-4 players, every few plies a
position where the player to act may touch a block) and on each makes one legal block move with a
seeded hand (a shake 0-9 and, for an add, an offset within 3 units). For every move:

- **exact**: the shown risk (``preview.knock_risk``) against every member of its ensemble simulated
  afresh, with its frames recorded (``physics.recorded_run``, not the memo) and judged: the share of
  members whose own run knocks the tower over must equal the shown risk, member by member;
- **apply**: the move applied ``--per`` times from the real state with freshly seeded random
  streams: the fall must be exactly the verdict of the member the state's stream draws
  (a contradiction otherwise), and the falls are counted per risk decile.

Prints the counts, and per decile the moves, mean shown risk, observed fall rate and its 95%
Wilson interval; a decile with 50+ moves must have its mean shown risk inside that interval.
Exits 1 on any mismatch, contradiction or decile outside.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.core.bots import Budget, bot_rng  # noqa: E402
from babel.core.protocol import replace  # noqa: E402
from babel.core.rng import Rng, seed_state  # noqa: E402
from babel.games.babel_on import RULES, physics, preview  # noqa: E402
from babel.games.babel_on.actions import BlockMove, Placement  # noqa: E402
from babel.games.babel_on.bots import BOTS  # noqa: E402
from babel.games.babel_on.falls import physics_member  # noqa: E402
from babel.games.babel_on.model import EventKind  # noqa: E402

MIN_MOVES = 50
LINEUPS = (
    ("novice",) * 4,
    ("steady",) * 4,
    ("expert", "steady"),
    ("novice", "steady", "expert"),
    ("steady",) * 2,
)
EVERY = 5  # plies between collected positions of a game


def positions(seed: int):
    """Endless (state, seat) positions from seeded bot games where a block may be touched."""
    game = 0
    while True:
        lineup = LINEUPS[game % len(LINEUPS)]
        agents = [BOTS.make(lv) for lv in lineup]
        gseed = seed * 100_000 + game
        state, ply = RULES.initial_state(RULES.make_config(len(lineup)), gseed), 0
        while RULES.outcome(state) is None and ply < 600:
            seat = RULES.to_act(state)[0]
            legal = RULES.legal_actions(state, seat)
            if ply % EVERY == 0 and any(isinstance(m, BlockMove) for m in legal):
                yield state, seat
            action = agents[seat].choose(RULES.view(state, seat), legal, bot_rng(gseed, seat, ply), Budget())
            state, ply = RULES.apply(state, seat, action).state, ply + 1
        game += 1


def fresh_falls(view, made) -> tuple[bool, ...]:
    """Every member of the move's ensemble simulated afresh with frames, judged."""
    places = physics._canonical(preview.move_tower_places(view, made))
    shake = 0 if view.steady_hands else made.shake
    slices = physics._slices(places, made.cell)
    out = []
    for member in physics.ENSEMBLE:
        levels = physics.member_levels(member, slices, shake)
        runs = [physics.recorded_run(sl.spec, sl.direction, lv) for sl, lv in zip(slices, levels)]
        out.append(bool(physics.judge(places, slices, runs).knocked))
    return tuple(out)


def wilson(k: int, n: int) -> tuple[float, float]:
    p, z = k / n, 1.96
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half


def check(moves: int, per: int, seed: int) -> dict:
    rng = Rng(seed_state("babel_on calibration", seed))
    rows: list[tuple[float, bool]] = []
    mismatched = contradictions = applied = 0
    source = positions(seed)
    done = 0
    while done < moves:
        state, seat = next(source)
        view = RULES.view(state, seat)
        legal = [m for m in RULES.legal_actions(state, seat) if isinstance(m, BlockMove)]
        m = rng.choice(legal)
        dx, dy = (rng.randint(-3, 3), rng.randint(-3, 3)) if isinstance(m, Placement) else (0, 0)
        made = preview.hand_move(view, m, dx, dy, rng.randint(0, physics.MAX_SHAKE))
        ens = preview.move_ensemble(view, made)
        shown = preview.knock_risk(view, made)
        falls = fresh_falls(view, made)
        if falls != ens.falls or sum(falls) / physics.MEMBERS != shown:
            mismatched += 1
        for _ in range(per):
            s = replace(state, rng=rng.next64())
            step = RULES.apply(s, seat, made)
            fell = any(e.kind == EventKind.FALL for e in step.events)
            contradictions += fell != ens.falls[physics_member(s.rng, s.ply + 1)]
            applied += 1
            rows.append((shown, fell))
        done += 1
        if done % 100 == 0:
            print(f"{done} moves, {mismatched} mismatched, {contradictions} contradictions", file=sys.stderr)
    return {
        "moves": done,
        "exact_mismatches": mismatched,
        "applied": applied,
        "contradictions": contradictions,
        "shown_zero_applied": sum(1 for r, _ in rows if r == 0),
        "shown_zero_fell": sum(1 for r, f in rows if r == 0 and f),
        "deciles": deciles(rows),
    }


def deciles(rows: list[tuple[float, bool]]) -> list[dict]:
    out = []
    for d in range(10):
        lo, hi = d / 10, (d + 1) / 10
        sel = [(r, f) for r, f in rows if lo <= r < hi or (d == 9 and r == 1.0)]
        if not sel:
            continue
        shown = sum(r for r, _ in sel) / len(sel)
        fell = sum(f for _, f in sel)
        low, high = wilson(fell, len(sel))
        out.append(
            {
                "decile": f"{d * 10}-{d * 10 + 10}%",
                "moves": len(sel),
                "shown": round(shown, 3),
                "observed": round(fell / len(sel), 3),
                "interval95": [round(low, 3), round(high, 3)],
                "checked": len(sel) >= MIN_MOVES,
                "inside": low - 1e-9 <= shown <= high + 1e-9,
            }
        )
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--moves", type=int, default=2000)
    ap.add_argument("--per", type=int, default=5, help="applies (fresh random streams) per move")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    out = check(args.moves, args.per, args.seed)
    print(json.dumps(out, indent=1))
    bad = out["exact_mismatches"] or out["contradictions"]
    bad = bad or any(d["checked"] and not d["inside"] for d in out["deciles"])
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
