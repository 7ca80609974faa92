"""Babel On! calibration: is the risk the table shows the chance that a move falls?

    python tools/babel_on_calibration.py [--positions 400] [--per 5] [--monotonic 500] [--seed 1]

Builds seeded legal towers (random heights within the Safety rule, random placement offsets),
picks a move on each (a block added on a legal cell, or a top block taken off) and a hand's shake,
and asks the table's preview for the risk. Each move is then applied by the rules engine from a
state with a freshly seeded RNG, ``--per`` times per position with different shakes and seeds,
and whether it fell is counted. Prints, per risk decile, the moves, the mean predicted risk and
the observed fall frequency, and checks every decile with 100+ moves is within 5 points.

``--monotonic N``: for N seeded positions, checks that no ensemble member that falls at some
shake stands at a higher one (the verdict is monotonic in shake). Exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.core.protocol import replace  # noqa: E402
from babel.core.rng import Rng, seed_state  # noqa: E402
from babel.games.babel_on import RULES, physics, preview  # noqa: E402
from babel.games.babel_on import structure as st  # noqa: E402
from babel.games.babel_on.actions import Add, Take  # noqa: E402
from babel.games.babel_on.model import EventKind, Phase  # noqa: E402
from babel.games.babel_on.structure import Block  # noqa: E402

TOLERANCE = 0.05
MIN_MOVES = 100


def random_tower(rng: Rng) -> st.Tower:
    """A legal tower: column heights within two floors of each other, offsets a hand might leave."""
    low = rng.randint(0, 4)
    heights = [rng.randint(low, min(6, low + 2)) for _ in range(4)]
    cols = []
    for h in heights:
        col = []
        dx = dy = 0
        for _ in range(h):
            dx = max(-8, min(8, dx + rng.randint(-3, 3)))
            dy = max(-8, min(8, dy + rng.randint(-3, 3)))
            col.append(Block(rng.randint(0, 2), dx, dy))
        cols.append(tuple(col))
    return tuple(cols)  # type: ignore[return-value]


def position(rng: Rng):
    """A state where seat 0 makes one move on its own tower, and that (canonical) move."""
    base = RULES.initial_state(RULES.make_config(2), rng.randint(0, 10**6))
    for _ in range(50):
        tower = random_tower(rng)
        base = replace(base, towers=(tower, st.EMPTY_TOWER), turn=0, bonus=(0, 0))
        if rng.random() < 0.5:
            s = replace(base, phase=Phase.PLACE, hand=(0,), holder=0)
            moves = [m for m in RULES.legal_actions(s, 0) if isinstance(m, Add)]
        else:
            s = replace(base, phase=Phase.REMOVE, to_remove=1, call="odd", roll=1)
            moves = [
                m
                for m in RULES.legal_actions(s, 0)
                if isinstance(m, Take) and m.floor == len(tower[m.cell]) and m.tower == 0
            ]
        if moves:
            return s, rng.choice(moves)
    raise RuntimeError("no position found")


def calibrate(positions: int, per: int, seed: int, shake_min: int = 1) -> dict:
    rng = Rng(seed_state("babel_on calibration", seed))
    rows = []
    for _ in range(positions):
        s, m = position(rng)
        view = RULES.view(s, 0)
        for _ in range(per):
            made = preview.hand_move(
                view, m, rng.randint(-3, 3), rng.randint(-3, 3), rng.randint(shake_min, 9)
            )
            risk = preview.knock_risk(view, made)
            step = RULES.apply(replace(s, rng=rng.next64()), 0, made)
            fell = any(e.kind == EventKind.FALL for e in step.events)
            rows.append((risk, fell))
    deciles = []
    ok = True
    for d in range(10):
        lo, hi = d / 10, (d + 1) / 10
        sel = [(r, f) for r, f in rows if lo <= r < hi or (d == 9 and r == 1.0)]
        if not sel:
            continue
        predicted = sum(r for r, _ in sel) / len(sel)
        observed = sum(f for _, f in sel) / len(sel)
        checked = len(sel) >= MIN_MOVES
        good = abs(predicted - observed) <= TOLERANCE
        ok &= good or not checked
        deciles.append(
            {
                "decile": f"{d * 10}-{d * 10 + 10}%",
                "moves": len(sel),
                "predicted": round(predicted, 3),
                "observed": round(observed, 3),
                "checked": checked,
                "within_5_points": good,
            }
        )
    return {"moves": len(rows), "deciles": deciles, "ok": ok}


def monotonic(positions: int, seed: int) -> dict:
    rng = Rng(seed_state("babel_on monotonic", seed))
    broken = 0
    for _ in range(positions):
        s, m = position(rng)
        view = RULES.view(s, 0)
        made = preview.hand_move(view, m, rng.randint(-3, 3), rng.randint(-3, 3), 0)
        previous = (False,) * physics.MEMBERS
        for shake in range(physics.MAX_SHAKE + 1):
            falls = preview.move_ensemble(view, made, shake).falls
            if any(a and not b for a, b in zip(previous, falls)):
                broken += 1
                break
            previous = falls
    return {"positions": positions, "not_monotonic": broken, "ok": broken == 0}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=400)
    ap.add_argument("--per", type=int, default=5, help="moves (shake, RNG) per position")
    ap.add_argument("--monotonic", type=int, default=0, help="positions for the monotonic check")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--shake-min", type=int, default=1, help="hands from this shake to 9 (higher: riskier moves)"
    )
    args = ap.parse_args()
    out = {"calibration": calibrate(args.positions, args.per, args.seed, args.shake_min)}
    if args.monotonic:
        out["monotonic_in_shake"] = monotonic(args.monotonic, args.seed)
    print(json.dumps(out, indent=1))
    return 0 if all(v["ok"] for v in out.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
