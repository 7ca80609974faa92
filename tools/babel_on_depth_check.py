"""The painter's order of Babel On! blocks in motion, checked by ray casting on simulated frames.

    python tools/babel_on_depth_check.py [--members 40] [--shakes 3 6 9]
    python tools/babel_on_depth_check.py --record tests/data/babel_on_motion_frames.json

For each named tower, touched cell, shake and ensemble member whose move wobbles or falls, every
recorded frame is planned by ``depth.painter_plan`` (order, then mending) and the picture it
paints checked with ``depth.misshown`` in all four turns of the view; the report gives, per
tower, the frames checked, the frames where a farther block shows over a nearer one, and the
largest such area (cube edges squared, and pixels at a 60 px cube), beside the same figures for
the old order (floor, then depth, checked with ``depth.misordered``).

``--record`` writes the small set of motions the tests check (the strongest-shake member with
the most moving blocks of each named tower's falls and wobbles, every third frame).
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.games.babel_on import physics as ph  # noqa: E402
from scenes.tables.babel_on import art, depth  # noqa: E402

P = ph.Placed
TOWERS = {
    "column6": [P(0, f) for f in range(1, 7)],
    "wall": [P(c, f, (f * 3) % 5 - 2, (f * 2) % 5 - 2) for c in (0, 1) for f in range(1, 5)],
    "full3": [
        P(c, f, ((c + f) * 3) % 7 - 3, ((c * 2 + f) * 5) % 7 - 3) for c in range(4) for f in range(1, 4)
    ]
    + [P(3, 4, 5, -4), P(0, 4, -3, 2)],
    "stack": [P(0, 1), P(1, 1), P(2, 1), P(3, 1), P(1, 2, 4, 2), P(1, 3, -3, 5), P(1, 4, 6, 0)],
}
GRID = 5


def motions(members, shakes):
    for name, places in TOWERS.items():
        for touched in (0, 3):
            for shake in shakes:
                for member in members:
                    r = ph.outcome(places, touched, shake, member)
                    if r.frames:
                        yield {
                            "tower": name,
                            "kind": "wobble" if r.stands else "fall",
                            "touched": touched,
                            "shake": shake,
                            "member": member,
                            "places": [(p.cell, p.floor, p.dx, p.dy) for p in places],
                            "frames": [[t, [list(e) for e in entries]] for t, entries in r.frames],
                        }


def bodies(motion, entries, rot):
    moving = {(e[0], e[1]) for e in motion["frames"][0][1]}
    out, old = [], []
    for cell, floor, dx, dy in motion["places"]:
        if (cell, floor) not in moving:
            x, y, z = art.block_centre(cell, floor, dx, dy)
            out.append(depth.body(x, y, z, 0.0, 0.0, rot))
            old.append((floor, sum(depth.view_xy(x, y, rot))))
    for e in entries:
        out.append(depth.body(*e[2:7], rot))
        old.append((max(0, round(e[4] + 0.5)), sum(depth.view_xy(e[2], e[3], rot))))
    return out, old


def wrong_area(bs, order) -> float:
    return sum(area for _, _, area in depth.misordered(bs, order, GRID))


def record(path: Path) -> None:
    found = list(motions(range(0, 40, 7), (3, 6, 9)))
    picked = []
    for tower, kind in (
        ("column6", "fall"),
        ("stack", "fall"),
        ("full3", "fall"),
        ("full3", "wobble"),
        ("wall", "wobble"),
        ("stack", "wobble"),
    ):
        cands = [m for m in found if (m["tower"], m["kind"]) == (tower, kind)]
        if not cands:
            continue
        m = max(cands, key=lambda m: (m["shake"], len(m["frames"][0][1])))
        frames = m["frames"]
        m["frames"] = [f for i, f in enumerate(frames) if i % 3 == 0 or i == len(frames) - 1]
        picked.append(m)
    note = f"recorded by tools/babel_on_depth_check.py --record from physics.outcome (pymunk {ph.pymunk.version})"
    path.write_text(json.dumps({"note": note, "motions": picked}, separators=(",", ":")))
    print(f"{path}: {len(picked)} motions")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--members", type=int, default=40)
    ap.add_argument("--every", type=int, default=1, help="check members 0, every, 2*every, ...")
    ap.add_argument("--shakes", type=int, nargs="+", default=[3, 6, 9])
    ap.add_argument("--record", type=Path)
    args = ap.parse_args(argv)
    if args.record:
        record(args.record)
        return 0
    stats: dict = collections.defaultdict(lambda: [0, 0, 0.0, 0, 0.0])
    for m in motions(range(0, args.members, args.every), args.shakes):
        for _, entries in m["frames"]:
            for rot in range(4):
                bs, old = bodies(m, entries, rot)
                new = sum(area for _, _, area in depth.misshown(bs, depth.painter_plan(bs), GRID))
                was = wrong_area(bs, sorted(range(len(bs)), key=lambda i: (old[i], i)))
                s = stats[m["tower"]]
                s[0] += 1
                s[1] += new > 0
                s[2] = max(s[2], new)
                s[3] += was > 0
                s[4] = max(s[4], was)
    print(
        f"painter's order against ray casting, members 0..{args.members - 1}, shakes {args.shakes}, 4 view turns"
    )
    print(
        f"  {'tower':<8} {'frames':>7}   {'now: wrong frames, worst area':<34} old: wrong frames, worst area"
    )
    for tower, (n, bad, worst, old_bad, old_worst) in stats.items():
        print(
            f"  {tower:<8} {n:>7}   {bad:>6} ({bad / n:5.1%})  {worst:.3f} ({worst * 3600:5.0f} px)"
            f"        {old_bad:>6} ({old_bad / n:5.1%})  {old_worst:.3f} ({old_worst * 3600:5.0f} px)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
