"""How many numbered deals are won by perfect play, by a greedy player, and under the strict rule.

    .venv/bin/python tools/solitaire_winnable.py                      # 100,000 tile + 1,000 card deals
    .venv/bin/python tools/solitaire_winnable.py --tiles 20000 --cards 300 --jobs 2

Writes docs/solitaire/winnable.md (or --out) with the table and the command that produced it.
For each deck and each of four players it counts full wins (1 stack), partial wins (2-3) and
losses (4+) over deals 0 .. N-1:

- perfect play, standard rules: babel.games.solitaire.solver on the whole deal. With the standard
  rules this needs no foresight (drawing everything first never loses anything), so a player
  who draws first and then solves the puzzle achieves it.
- greedy player, standard rules: solver.play_greedy (moves whenever it can, most follow-ups).
- perfect play, strict rules: the strict solver, knowing the order (an upper bound for players).
- greedy player, strict rules.

A capped search counts as its best line found and is listed as "not proven".
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from babel.games.solitaire import solver  # noqa: E402
from babel.games.solitaire.deals import Variant, deal_order  # noqa: E402
from babel.games.solitaire.model import Difficulty, result_class  # noqa: E402

FULL_TILES = 100_000
FULL_CARDS = 1_000
PLAYERS = ("perfect/standard", "greedy/standard", "perfect/strict", "greedy/strict")
LABELS = {
    "perfect/standard": "Perfect play, standard rules",
    "greedy/standard": "Greedy player, standard rules",
    "perfect/strict": "Perfect play, strict rule (knows the order)",
    "greedy/strict": "Greedy player, strict rule",
}


def judge(job: tuple[str, int, int, int]) -> list[tuple[str, int, int, bool, float]]:
    """(player, number, stacks, proven, seconds) for every player over deals [lo, hi)."""
    variant_name, lo, hi, cap = job
    variant = Variant(variant_name)
    out = []
    for number in range(lo, hi):
        order, _ = deal_order(variant, number)
        t0 = time.perf_counter()
        sol = solver.solve_position(order[:1], order[1:], variant, Difficulty.STANDARD, cap)
        out.append(("perfect/standard", number, sol.stacks, sol.proven, time.perf_counter() - t0))
        out.append(("greedy/standard", number, solver.play_greedy(order, Difficulty.STANDARD), True, 0.0))
        t0 = time.perf_counter()
        sol = solver.solve_position(order[:1], order[1:], variant, Difficulty.STRICT, cap)
        out.append(("perfect/strict", number, sol.stacks, sol.proven, time.perf_counter() - t0))
        out.append(("greedy/strict", number, solver.play_greedy(order, Difficulty.STRICT), True, 0.0))
    return out


def survey(variant: Variant, deals: int, cap: int, jobs: int, chunk: int) -> dict:
    tasks = [(variant.value, lo, min(deals, lo + chunk), cap) for lo in range(0, deals, chunk)]
    stacks: dict[str, Counter] = {p: Counter() for p in PLAYERS}
    unproven: dict[str, list[int]] = {p: [] for p in PLAYERS}
    seconds: dict[str, float] = {p: 0.0 for p in PLAYERS}
    done = 0
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = pool.map(judge, tasks)
            for rows in results:
                done += _collect(rows, stacks, unproven, seconds)
                _progress(variant, done, deals)
    else:
        for task in tasks:
            done += _collect(judge(task), stacks, unproven, seconds)
            _progress(variant, done, deals)
    return {"deals": deals, "stacks": stacks, "unproven": unproven, "seconds": seconds}


def _collect(rows, stacks, unproven, seconds) -> int:
    for player, number, left, proven, secs in rows:
        stacks[player][left] += 1
        seconds[player] += secs
        if not proven:
            unproven[player].append(number)
    return len(rows) // len(PLAYERS)


def _progress(variant: Variant, done: int, total: int) -> None:
    print(f"\r{variant.value}: {done}/{total} deals", end="", file=sys.stderr, flush=True)
    if done == total:
        print(file=sys.stderr)


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.2f}%" if whole else "-"


def table(result: dict) -> list[str]:
    n = result["deals"]
    lines = [
        "| player | full win (1) | partial win (2-3) | loss (4+) | mean stacks left | not proven |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for player in PLAYERS:
        counts = result["stacks"][player]
        by_class = Counter()
        for left, games in counts.items():
            by_class[result_class(left)] += games
        mean = sum(left * games for left, games in counts.items()) / n
        unproven = result["unproven"][player]
        lines.append(
            f"| {LABELS[player]} | {_pct(by_class['full'], n)} | {_pct(by_class['partial'], n)} | "
            f"{_pct(by_class['loss'], n)} | {mean:.2f} | {len(unproven)} |"
        )
    return lines


def distribution(result: dict) -> list[str]:
    lines = ["| player | stacks left: deals |", "|---|---|"]
    for player in PLAYERS:
        counts = result["stacks"][player]
        text = ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))
        lines.append(f"| {LABELS[player]} | {text} |")
    return lines


def write(out: Path, command: str, results: dict, args: argparse.Namespace, wall: float) -> None:
    tiles, cards = results.get("tiles"), results.get("cards")
    md = [
        "# How often can a deal be won?",
        "",
        "Produced by:",
        "",
        f"    {command}",
        "",
        f"Deals are the numbered deals from 0 (the same deal numbers players see). Solver node cap "
        f"per deal: {args.cap:,}. Wall time {wall / 60:.1f} min with {args.jobs} process(es).",
        "",
    ]
    if args.tiles < FULL_TILES or args.cards < FULL_CARDS:
        md += [
            f"**A smaller run than the full survey** ({FULL_TILES:,} tile deals and {FULL_CARDS:,} card "
            "deals), to spare the shared machine; run the tool without options for the full table.",
            "",
        ]
    for label, result in (("24 piecepack tiles", tiles), ("52 cards (Accordion)", cards)):
        if not result:
            continue
        md += [f"## {label}: deals 0 to {result['deals'] - 1:,}", ""]
        md += table(result)
        md += ["", "Distribution of stacks left:", ""]
        md += distribution(result)
        unproven = result["unproven"]["perfect/standard"] + result["unproven"]["perfect/strict"]
        if unproven:
            shown = ", ".join(str(x) for x in sorted(set(unproven))[:20])
            md += [
                "",
                f"Deals whose search hit the cap (counted at the best line found): {shown}"
                + (" ..." if len(set(unproven)) > 20 else ""),
            ]
        secs = result["seconds"]
        md += [
            "",
            f"Solver time: {secs['perfect/standard'] / result['deals'] * 1e3:.1f} ms per deal on average "
            f"(standard), {secs['perfect/strict'] / result['deals'] * 1e3:.2f} ms (strict).",
            "",
        ]
    md += [
        "## Reading the table",
        "",
        "- **Perfect play, standard rules** needs no foresight: moves may wait until after the last "
        "draw, so a player can draw every tile first and then solve the line as a puzzle. The skill "
        "is in finding the line (the hint and the analysis use the same solver).",
        "- **Greedy player**: after each draw it moves while it can, choosing the move that leaves "
        "the most moves open (ties: three-step moves, then the rightmost stack). It never looks at "
        "the pile.",
        '- **Strict rule** (difficulty "strict"): a possible move must be made, onto the nearest '
        "match, before drawing. Perfect play there knows the order of the pile, so it is an upper "
        "bound for a real player.",
        "",
    ]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(md))


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tiles", type=int, default=FULL_TILES, help="24-tile deals (0 .. N-1)")
    parser.add_argument("--cards", type=int, default=FULL_CARDS, help="52-card deals (0 .. N-1)")
    parser.add_argument("--cap", type=int, default=2_000_000, help="solver node cap per deal")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--chunk", type=int, default=0, help="deals per task (default: automatic)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "solitaire" / "winnable.md")
    args = parser.parse_args()
    command = " ".join([".venv/bin/python", "tools/solitaire_winnable.py", *map(shlex.quote, sys.argv[1:])])
    t0 = time.perf_counter()
    results = {}
    for variant, deals in ((Variant.TILES, args.tiles), (Variant.CARDS, args.cards)):
        if deals > 0:
            chunk = args.chunk or (500 if variant is Variant.TILES else 10)
            results[variant.value] = survey(variant, deals, args.cap, args.jobs, chunk)
    write(args.out, command, results, args, time.perf_counter() - t0)
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
