"""Babel Builders balance: Architect policies against the same saboteurs over a seeded series.

Every seat runs ``RoleBot(good, evil)``: the Architect policy while its role is Architect and the
saboteur policy once it is the Messenger or a Zealot (levels: novice, plain, shrewd). Each
configuration plays the same seeds (so the same roles, decks and first Masters), and the report
gives the Architects' win rate with a 95% interval, how the games ended, the seal accuracy, and
where the rounds went (share of rounds with a Storm, share with a saboteur Master, saboteurs
appointed per Architect Master, and the final tower's progress towards the blueprint).

``--oracle seal|play|all`` measures what the Architects lose to not knowing the roles: the
Architects (and only they) are told the true roles, for the Seal (whom to seal), for play
(appointing, passing the token, holding back, Deliberation) or for both; the saboteurs are
unchanged. It is a measuring device, never a bot the table offers.

``--quiet`` measures the other end: the Messenger and the Zealots never sabotage (they play the
Architect policy at every move before the final phases, then seal and punish as usual), so the
record holds almost nothing about who the Messenger is; ``--guess-seals`` makes the Architects
seal a random other seat instead of converging. Together they show what any Architect policy
could win against saboteurs who simply hide. Both are measuring devices.

``--hero`` measures what a person meets: seat 1 is dealt the Architect role (the first such
seeds) and plays the shrewd Architect policy, every other seat is a bot of ``--others``; the
report gives how often the hero ends on the winning side. ``--table`` runs the balance table
(shrewd against shrewd at 5, 7 and 10 players, plain Architects against shrewd saboteurs at 7,
and the hero at 7) and prints it in Markdown.

    .venv/bin/python tools/builders_match.py --players 7 --games 1000
    .venv/bin/python tools/builders_match.py --games 200 --pairs shrewd/shrewd,plain/shrewd
    .venv/bin/python tools/builders_match.py --hero --games 1000
    .venv/bin/python tools/builders_match.py --oracle seal --games 1000 --pairs shrewd/shrewd
    .venv/bin/python tools/builders_match.py --quiet --guess-seals --pairs shrewd/shrewd
    .venv/bin/python tools/builders_match.py --table --games 1000
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from babel.core.contest import wilson  # noqa: E402
from babel.core.simulate import play_game  # noqa: E402
from babel.games.builders import RULES  # noqa: E402
from babel.games.builders import belief as B  # noqa: E402
from babel.games.builders import cards as C  # noqa: E402
from babel.games.builders.bots import FINAL_AND_TALK, RoleBot, level_id  # noqa: E402
from babel.games.builders.model import Role  # noqa: E402

ORACLES = ("seal", "play", "all")
# A quiet saboteur makes only the final phases' moves and its words as a saboteur
# (``FINAL_AND_TALK``: it talks as a shrewd saboteur does; hiding is in the play).


@dataclass(frozen=True)
class Devices:
    """A run's measuring devices (none: plain play). ``oracle``: the Architects are told the true
    roles for "seal", "play" or "all"; ``quiet``: the saboteurs never sabotage; ``guess``: the
    Architects seal a random other seat."""

    oracle: str = ""
    quiet: bool = False
    guess: bool = False

    def __bool__(self) -> bool:
        return bool(self.oracle or self.quiet or self.guess)


class OracleBot(RoleBot):
    """A ``RoleBot`` with measuring ``Devices`` (``roles`` is kept current by the playout loop, for
    an oracle): what the public record cannot tell, and what hiding saboteurs leave."""

    def __init__(self, good: str, evil: str, roles: dict, devices: Devices, listen: str | None = None) -> None:
        super().__init__(good, evil, listen)
        self.roles, self.oracle = roles, devices.oracle
        self.quiet, self.guess = devices.quiet, devices.guess

    def choose(self, view, legal, rng, budget):
        evil = view.role in (Role.MESSENGER, Role.ZEALOT)
        if self.quiet and evil and len(legal) > 1 and not isinstance(legal[0], FINAL_AND_TALK):
            return self._decide(view, legal, rng, False)  # the Architect policy's move
        return super().choose(view, legal, rng, budget)

    def _truth(self) -> B.Belief:
        roles = self.roles["now"]
        evil = [0.0 if r is Role.ARCHITECT else 1.0 for r in roles]
        messenger = [1.0 if r is Role.MESSENGER else 0.0 for r in roles]
        mask = sum(1 << i for i, r in enumerate(roles) if r is not Role.ARCHITECT)
        return B.Belief(evil, messenger, [(1.0, mask)])

    def _belief(self, view):
        if self.oracle in ("play", "all") and view.role is Role.ARCHITECT:
            return self._truth()
        return super()._belief(view)

    def _seal(self, view, legal, rng, evil, level):
        if self.guess and not evil:
            return rng.choice([a for a in legal if a.target is not None])
        if evil or self.oracle not in ("seal", "all"):
            return super()._seal(view, legal, rng, evil, level)
        truth = self._truth().messenger
        return max((a for a in legal if a.target is not None), key=lambda a: truth[a.target])


def play(
    players: int,
    seed: int,
    good: str,
    evil: str,
    hero: bool = False,
    devices: Devices = Devices(),
    talk: bool = False,
) -> dict:
    """One seeded game through the common playout loop, every seat a ``RoleBot`` (seat 1 the
    shrewd hero in a hero run, who hears the talk as at a table of ``evil`` saboteurs; an
    ``OracleBot`` with any measuring ``devices``), with table talk on or off, and what the
    balance table measures of it."""
    config = RULES.make_config(players, talk=True) if talk else RULES.make_config(players)
    roles = {"now": RULES.initial_state(config, seed).roles}
    bot = OracleBot(good, evil, roles, devices) if devices else RoleBot(good, evil)
    if devices:  # the hero is told what the other Architects are told
        hero_bot = OracleBot("shrewd", "shrewd", roles, devices, listen=evil)
    else:
        hero_bot = RoleBot("shrewd", "shrewd", listen=evil)
    agents = [hero_bot if hero and s == 0 else bot for s in range(players)]

    def follow(_state, _seat, _action, step) -> None:
        roles["now"] = step.state.roles

    state = play_game(RULES, config, seed, (), agents=agents, on_step=follow).state
    messenger = state.roles.index(Role.MESSENGER)
    turned = {c.seat: c.round for c in state.conversions}

    def evil_at(seat: int, rnd: int) -> bool:
        return seat == messenger or (seat in turned and turned[seat] < rnd)

    storms = evil_masters = good_rounds = evil_appointed = 0
    for entry in state.log:
        storms += any(e.kind == C.STORM for e in entry.effects)
        if evil_at(entry.master, entry.round):
            evil_masters += 1
        else:
            good_rounds += 1
            evil_appointed += sum(evil_at(a, entry.round) for a in entry.appointed)
    bp = state.blueprint.cells
    sealed_right = sum(1 for t in state.seal_choice if t == messenger)
    holders = len(state.seal_holders)
    outcome = RULES.outcome(state)
    return {
        "architects": state.result.team == "architects",
        "ending": outcome.ending,
        "team": outcome.team,
        "hero_won": 0 in outcome.winners,
        "hero_turned": state.roles[0] is Role.ZEALOT,
        "reason": state.result.reason,
        "rounds": state.round,
        "zealots": sum(r is Role.ZEALOT for r in state.roles),
        "seals_right": sealed_right,
        "holders": holders,
        "log_rounds": len(state.log),
        "storm_rounds": storms,
        "evil_master_rounds": evil_masters,
        "good_master_rounds": good_rounds,
        "evil_appointed_by_good": evil_appointed,
        "progress": sum(min(h, need) for h, need in zip(state.base, bp)) / sum(bp),
    }


def hero_seeds(players: int, games: int, seed: int) -> list[int]:
    """The first ``games`` seeds from ``seed`` on where seat 1 is dealt the Architect role (the
    deal is the same with talk on or off)."""
    out, s = [], seed
    config = RULES.make_config(players)
    while len(out) < games:
        if RULES.initial_state(config, s).roles[0] is Role.ARCHITECT:
            out.append(s)
        s += 1
    return out


def interval(wins: int, games: int) -> list[float]:
    """A 95% interval for a win rate (Wilson's, sound near 0 and 1 too)."""
    return [round(x, 4) for x in wilson(wins, games)] if games else [0.0, 0.0]


def series(
    players: int,
    games: int,
    seed: int,
    good: str,
    evil: str,
    hero: bool = False,
    devices: Devices = Devices(),
    talk: bool = False,
) -> dict:
    wins = hero_wins = hero_turned = 0
    reasons: Counter[str] = Counter()
    teams: Counter[str] = Counter()
    rounds = zealots = seals_right = holders = 0
    detail: Counter[str] = Counter()
    t0 = time.perf_counter()
    seeds = hero_seeds(players, games, seed) if hero else [seed + g for g in range(games)]
    for game_seed in seeds:
        r = play(players, game_seed, good, evil, hero, devices, talk)
        wins += r["architects"]
        teams[r["team"]] += 1
        hero_wins += r["hero_won"]
        hero_turned += r["hero_turned"]
        reasons[r["reason"]] += 1
        rounds += r["rounds"]
        zealots += r["zealots"]
        for key in ("log_rounds", "storm_rounds", "evil_master_rounds", "good_master_rounds"):
            detail[key] += r[key]
        detail["evil_appointed_by_good"] += r["evil_appointed_by_good"]
        detail["progress"] += r["progress"]
        if r["reason"] in ("sealed", "punishment"):
            seals_right += r["seals_right"]
            holders += r["holders"]
        done = sum(teams.values())
        if done % 50 == 0:  # progress on stderr: a long series can be cut short and still read
            progress = {
                "games": done,
                "architect_wins": wins,
                "endings": dict(reasons),
                "hero_wins": hero_wins,
            }
            print(json.dumps(progress), file=sys.stderr, flush=True)
    rate = wins / games
    out = {
        "players": players,
        "architects": good,
        "saboteurs": evil,
        "games": games,
        "architect_wins": wins,
        "talk": talk,
        "architect_win_rate": round(rate, 4),
        "ci95": interval(wins, games),
        "teams": dict(sorted(teams.items())),
        "endings": dict(sorted(reasons.items())),
        "mean_rounds": round(rounds / games, 2),
        "mean_zealots_at_end": round(zealots / games, 2),
        "seals_on_messenger_per_holder": round(seals_right / holders, 3) if holders else 0.0,
        # Where the rounds went: Storms, saboteur Masters, saboteurs appointed by Architect Masters.
        "storm_round_share": round(detail["storm_rounds"] / max(1, detail["log_rounds"]), 3),
        "evil_master_share": round(detail["evil_master_rounds"] / max(1, detail["log_rounds"]), 3),
        "evil_appointed_per_architect_master": round(
            detail["evil_appointed_by_good"] / max(1, detail["good_master_rounds"]), 2
        ),
        "mean_tower_progress": round(detail["progress"] / games, 3),
        "seconds": round(time.perf_counter() - t0, 1),
    }
    if devices.oracle:
        out["oracle"] = devices.oracle  # the Architects were told the true roles for this part
    if devices.quiet or devices.guess:
        out["device"] = " ".join(
            name for name, on in (("quiet", devices.quiet), ("guess", devices.guess)) if on
        )
    if hero:
        out["hero"] = "seat 1 dealt Architect, shrewd Architect policy; others " + f"{good}/{evil}"
        out["hero_win_rate"] = round(hero_wins / games, 4)
        out["hero_ci95"] = interval(hero_wins, games)
        out["hero_turned_zealot"] = round(hero_turned / games, 4)
    return out


def table(games: int, seed: int) -> list[dict]:
    """The balance table: what the issue asks to hold, measured on the same seeds."""
    runs = [(5, "shrewd", "shrewd", False, ""), (7, "shrewd", "shrewd", False, "")]
    runs += [(10, "shrewd", "shrewd", False, ""), (7, "plain", "shrewd", False, "")]
    runs += [(7, "shrewd", "shrewd", True, ""), (7, "shrewd", "shrewd", False, "seal")]
    runs += [(7, "shrewd", "shrewd", False, "play"), (7, "shrewd", "shrewd", False, "all")]
    results = []
    for players, good, evil, hero, oracle in runs:
        res = series(players, games, seed, good, evil, hero, Devices(oracle=oracle))
        results.append(res)
        print(json.dumps(res), flush=True)
    print()
    print(
        "| players | Architects | saboteurs | games | Architects win (95%) | depletion | confirmation | punishment | sealed |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for r in results:
        e = r["endings"]
        who = "hero + " + r["architects"] if "hero" in r else r["architects"]
        if "oracle" in r:
            who += f" told the roles ({r['oracle']})"
        rate = f"{100 * r['architect_win_rate']:.1f}% ({100 * r['ci95'][0]:.1f}-{100 * r['ci95'][1]:.1f})"
        cells = [str(e.get(k, 0)) for k in ("depletion", "confirmation", "punishment", "sealed")]
        print(
            f"| {r['players']} | {who} | {r['saboteurs']} | {r['games']} | {rate} | "
            + " | ".join(cells)
            + " |"
        )
        if "hero" in r:
            h = r["hero_ci95"]
            print(
                f"|  | hero (seat 1, dealt Architect) on the winning side | | | "
                f"{100 * r['hero_win_rate']:.1f}% ({100 * h[0]:.1f}-{100 * h[1]:.1f}) | | | | |"
            )
    return results


def _pct(rate: float, ci: list[float]) -> str:
    return f"{100 * rate:.1f}% ({100 * ci[0]:.1f}-{100 * ci[1]:.1f})"


def hero_table(games: int, seed: int, talk: bool, players_list=(5, 7, 10)) -> list[dict]:
    """A person's seat at each level: the hero (seat 1, dealt Architect, the shrewd Architect
    policy, talking and listening as the bots do) among bots of one level on both sides."""
    results = []
    for players in players_list:
        for level in ("novice", "plain", "shrewd"):
            res = series(players, games, seed, level, level, hero=True, talk=talk)
            results.append(res)
            print(json.dumps(res), flush=True)
    print()
    print("| players | bots | games | Architects win (95%) | hero on the winning side | depletion | confirmation | punishment | sealed |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in results:
        e = r["endings"]
        cells = [str(e.get(k, 0)) for k in ("depletion", "confirmation", "punishment", "sealed")]
        print(
            f"| {r['players']} | {r['architects']} | {r['games']} | {_pct(r['architect_win_rate'], r['ci95'])} | "
            f"{_pct(r['hero_win_rate'], r['hero_ci95'])} | " + " | ".join(cells) + " |"
        )
    return results


def bound_table(games: int, seed: int, players_list=(5, 7, 10)) -> list[dict]:
    """The strongest saboteur policy against the shipped (shrewd) Architects, without and with
    talk: the shrewd saboteurs and the quiet ones (who hide: ``--quiet``); the lower Architect
    win rate of the two is the bound that policy sets."""
    results = []
    for players in players_list:
        for talk in (False, True):
            for quiet in (False, True):
                res = series(players, games, seed, "shrewd", "shrewd", devices=Devices(quiet=quiet), talk=talk)
                results.append(res)
                print(json.dumps(res), flush=True)
    print()
    print("| players | talk | shrewd saboteurs | quiet saboteurs | strongest: Architects win (95%) |")
    print("|---|---|---|---|---|")
    for i in range(0, len(results), 2):
        shrewd, quiet = results[i], results[i + 1]
        low = min(shrewd, quiet, key=lambda r: r["architect_win_rate"])
        name = "quiet" if low is quiet else "shrewd"
        print(
            f"| {shrewd['players']} | {'on' if shrewd['talk'] else 'off'} | "
            f"{_pct(shrewd['architect_win_rate'], shrewd['ci95'])} | {_pct(quiet['architect_win_rate'], quiet['ci95'])} | "
            f"{name}: {_pct(low['architect_win_rate'], low['ci95'])} |"
        )
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--pairs",
        default="plain/shrewd,shrewd/shrewd,plain/plain,shrewd/plain",
        help="comma-separated architects/saboteurs level pairs (novice, plain, shrewd)",
    )
    parser.add_argument("--hero", action="store_true", help="seat 1 a shrewd Architect (dealt), others bots")
    parser.add_argument("--others", default="shrewd", help="the other seats' level in a hero run")
    parser.add_argument("--table", action="store_true", help="the balance table (see above)")
    parser.add_argument("--oracle", choices=ORACLES, help="tell the Architects the true roles (a measure)")
    parser.add_argument("--quiet", action="store_true", help="saboteurs never sabotage (a measure)")
    parser.add_argument("--guess-seals", action="store_true", help="Architects seal a random other seat")
    parser.add_argument("--talk", action="store_true", help="table talk on (the game option)")
    parser.add_argument("--hero-table", action="store_true", help="the hero at every level, 5, 7, 10 players")
    parser.add_argument("--bound", action="store_true", help="the strongest saboteurs, talk off and on")
    parser.add_argument("--player-counts", default="5,7,10", help="player counts of --hero-table and --bound")
    args = parser.parse_args(argv)
    counts = tuple(int(x) for x in args.player_counts.split(","))
    if args.table:
        table(args.games, args.seed)
        return 0
    if args.hero_table:
        hero_table(args.games, args.seed, args.talk, counts)
        return 0
    if args.bound:
        bound_table(args.games, args.seed, counts)
        return 0
    if args.hero:
        level = level_id(args.others)
        devices = Devices(args.oracle or "", args.quiet, args.guess_seals)
        res = series(args.players, args.games, args.seed, level, level, hero=True, devices=devices, talk=args.talk)
        print(json.dumps(res))
        return 0
    results = []
    for pair in args.pairs.split(","):
        good, evil = (level_id(x) for x in pair.split("/"))
        devices = Devices(args.oracle or "", args.quiet, args.guess_seals)
        res = series(args.players, args.games, args.seed, good, evil, devices=devices, talk=args.talk)
        results.append(res)
        print(json.dumps(res), flush=True)
    by = {(r["architects"], r["saboteurs"]): r for r in results}
    for evil in ("shrewd", "plain"):
        if ("shrewd", evil) in by and ("plain", evil) in by:
            b, s = by[("shrewd", evil)], by[("plain", evil)]
            diff = b["architect_win_rate"] - s["architect_win_rate"]
            se = math.sqrt(
                b["architect_win_rate"] * (1 - b["architect_win_rate"]) / b["games"]
                + s["architect_win_rate"] * (1 - s["architect_win_rate"]) / s["games"]
            )
            print(
                f"vs {evil} saboteurs: shrewd Architects {b['architect_win_rate']:.3f}, "
                f"plain Architects {s['architect_win_rate']:.3f}, difference {diff:+.3f} "
                f"(z = {diff / se if se else 0:.1f})"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
