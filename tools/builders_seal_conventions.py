"""Babel Builders: which convention should the Architects' declared Seal users follow?

In the three-step Seal phase the users are named before anyone points, so the Architect users
can share out the likeliest candidates without naming targets (the rulebook forbids discussing
them). This tool plays seeded shrewd-against-shrewd games up to the Seal phase once, then plays
the same finale (same declarations, same discussion, same Zealots) under each convention, and
reports the Architects' win rate over the finales reached, with a 95% interval:

- all:   every Architect user seals the public record's likeliest Messenger;
- kth:   the k-th user by seat seals the k-th likeliest;
- split: the users go round the likeliest ``sealing.split_width`` (the number that gives the best
         chance from the candidates' odds, the number of users and how many Divine Punishment
         cards tend to land on the Messenger);
- trust: as split, but the users least suspected by the public record take the likeliest
         candidates, and the width counts only the users likely loyal;
- dice:  the one-step phase's rule (each holder picks one of the ``sealing.spread`` likeliest at
         random, not knowing who else seals), for comparison.
``--talk W`` scales how far the talk (the table talk and the discussion, weighed by each
speaker's credibility: ``talk``) moves the shared ranking (``talk.WEIGHT``; 0: not heard).

    .venv/bin/python tools/builders_seal_conventions.py --players 7 --games 300

Measured (shrewd against shrewd, Architects' wins over the finales reached; 1000 seeds at 5 and
7 players, 600 at 10): split 34% / 20% / 17%, all 35% / 19% / 11%, kth 13% / 19% / 18%,
trust 35% / 20% / 12%, dice 35% / 19% / 13%. The bots play split: never clearly behind, and well
ahead of all on one guess at 10 players. (Measured before the talk was weighed by credibility:
lifting every seat named in the discussion by 1.5 gave 34.5% at 5, 22% at 7 and 14% at 10
players over 400 seeds.)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from babel.core.contest import wilson  # noqa: E402
from babel.core.rng import Rng  # noqa: E402
from babel.games.builders import RULES, bots, sealing, talk  # noqa: E402
from babel.games.builders import actions as A  # noqa: E402
from babel.games.builders.model import Phase, Role  # noqa: E402


def _move(bot, state, rng):
    seat = RULES.to_act(state)[0]
    legal = RULES.legal_actions(state, seat)
    return seat, bot.choose(RULES.view(state, seat), legal, rng, None)


def to_seal_phase(players: int, seed: int, bot) -> tuple | None:
    """The state when the Seal phase opens, and the rng then; None when the game ends before."""
    state = RULES.initial_state(RULES.make_config(players), seed)
    rng = Rng(seed)
    while state.phase not in (Phase.OVER, Phase.SEAL):
        seat, action = _move(bot, state, rng)
        state = RULES.apply(state, seat, action).state
    return (state, rng.state) if state.phase is Phase.SEAL else None


class DiceBot(bots.RoleBot):
    """The one-step phase's rule: a random pick among the ``sealing.spread`` likeliest."""

    def _seal(self, view, legal, rng, evil, level):
        if evil:
            return super()._seal(view, legal, rng, evil, level)
        pairs = [(s, o) for s, o in zip(*bots.seal_ranking(view, self.heard)) if s != view.seat]
        ranked, odds = [s for s, _ in pairs], [o for _, o in pairs]
        m = sealing.spread(view.players, odds)
        return A.Seal(ranked[0] if m == 1 else rng.choice(ranked[:m]))


def finale(start, bot) -> bool:
    state, rng_state = start
    rng = Rng(rng_state)
    while state.phase is not Phase.OVER:
        seat, action = _move(bot, state, rng)
        state = RULES.apply(state, seat, action).state
    return state.result.team == "architects"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--games", type=int, default=300, help="seeds played (not all reach the Seal phase)")
    parser.add_argument("--talk", type=float, default=talk.WEIGHT, help="how far the talk moves a belief (talk.WEIGHT)")
    args = parser.parse_args()
    t0 = time.time()
    bot = bots.make_bot("shrewd")
    starts = [s for s in (to_seal_phase(args.players, seed, bot) for seed in range(1, args.games + 1)) if s]
    architect_users = [
        sum(1 for i in range(st.players) if st.roles[i] is Role.ARCHITECT and i in st.seal_holders)
        for st, _ in starts
    ]
    print(
        f"{args.players} players, {args.games} seeds: {len(starts)} reach the Seal phase "
        f"(Architect holders {sum(architect_users) / max(1, len(starts)):.2f} a finale)"
    )
    talk.WEIGHT = args.talk
    for name in ("dice",) + sealing.CONVENTIONS:
        sealing.CONVENTION = "split" if name == "dice" else name
        player = DiceBot("shrewd", "shrewd") if name == "dice" else bot
        wins = sum(finale(s, player) for s in starts)
        lo, hi = wilson(wins, len(starts))
        print(
            f"  {name:6s} Architects win {wins}/{len(starts)} = {wins / max(1, len(starts)):.3f} "
            f"[{lo:.3f}, {hi:.3f}]"
        )
    sealing.CONVENTION = "split"
    print(f"({time.time() - t0:.0f} s)")


if __name__ == "__main__":
    main()
