"""Babel Builders bots, three levels on both sides: novice, plain and shrewd.

A bot reads only its view. Its policy depends on its current role, so an Architect bot that
becomes a Zealot plays for the Messenger's team at once (a plain Zealot plays along until it is
watched, a novice one plays its cards as before and gives itself away in its words).
``RoleBot(good, evil)`` pairs an Architect policy with a Messenger/Zealot policy, which the
match tool uses to pit Architect policies against the same saboteurs. The ids of earlier versions (random, simple, belief) are read as novice, plain, shrewd.

Architects (every level) play the most useful instruction card (blocks it would stack beyond the
blueprint's need count against it: the supply is finite), throw away Storm and Lightning, keep one
Seal (a Master without one keeps a Seal handed in), build where the blueprint needs blocks and let
Lightning hit surplus blocks.
- shrewd, as a team: a belief over every assignment of the Messenger and the Zealots from the
  public record and its own seat (``belief.compute``: the cards revealed each round, what it saw as
  Master, Deliberation reveals, how Masters built and struck, and whom Masters appointed against
  what the table suspected); appoints the set least likely to hold two saboteurs (the joint
  belief), passes the token to the player it trusts most, swaps the most harmful card out of the
  reveal, keeps its best card back from a Master it strongly suspects, aims Deliberation at the
  most suspected; in the Seal phase it declares its Seal, names its own likeliest Messenger in
  the discussion, and the declared Architect users share out the likeliest few of the public
  ranking by their rank among the users (``sealing.pick``).
Messenger and Zealots:
- plain: always play the most harmful card, discard the most useful one, build where it helps
  least and strike needed towers; a Zealot nobody watches yet plays along as an Architect four
  times in five, and sabotages openly once the table suspects it or someone accused it aloud.
- shrewd: sabotage while keeping cover: play a harmful card only while they do not look
  suspicious to a neutral observer, hoard Seals (one handed in may end with an Architect
  Master), build correctly in public but reveal Lightning last and break ties against the
  blueprint, take the best received card in the swap; a Master brings one suspect in only while
  the table is not watching it; in the Seal phase they declare a Seal held (a user the
  Architects count on takes a share and points elsewhere) and in the discussion name one of the
  table's three likeliest that they take for innocent; Zealots point Divine Punishment at the most
  likely Messenger.
- novice: gives itself away as a beginner does: the Messenger sabotages at every chance (the
  plain policy, with a random legal move about one time in three); a Zealot goes on playing its
  cards as the Architect it was (a beginner who has just turned does not know how to hurt the
  tower unseen); it answers every accusation with one (``talk``), and points Divine Punishment
  at random.
Table talk (the game option ``talk``, and the Seal discussion): every bot speaks by
``talk.statement`` from its own view and hears the talk through ``talk.listener``: each
statement weighed by its speaker's credibility, by rates measured in self-play at tables of the
bot's saboteur level (``RoleBot(..., listen=level)`` for a person-like seat at another table).
Architects at the plain and novice levels play the shrewd team game and talk as it does, but
misjudge now and then: one judgment call in thirty (plain) or in fifteen (novice) is a random
choice: whom to appoint, whom to pass the token to, whose discard to reveal, whom to seal.
They are a person's team-mates, so they stay sensible (docs/builders/balance.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, permutations
from typing import Any

from babel.core.bots import BotLevel, BotRoster, Budget
from babel.core.protocol import ConfigError
from babel.core.rng import Rng
from babel.games.builders import actions as A
from babel.games.builders import belief as B
from babel.games.builders import cards as C
from babel.games.builders import sealing
from babel.games.builders import talk as T
from babel.games.builders.model import BuildersView, Role

# Play values for an Architect (higher is better to hand in) and keep values (higher: keep it).
PLAY_VALUE = {C.STORM: -6.0, C.LIGHTNING: -4.0, C.SEAL: -0.5, C.DELIBERATION: 0.6, C.PUNISHMENT: -9.0}
WASTE_COST = 0.3  # per block an instruction card would stack beyond the blueprint's need
SLACK_MARGIN = 3  # blocks of the supply's slack kept for what Lightning and misplays cost
SEAL_KEEP = 4.5  # an Architect's first Seal: its one vote in the Seal phase, above any instruction card
# Handing in that Seal wastes the vote: worse than a Lightning (an Architect Master swaps it out),
# not as bad as a Storm (it voids the whole round).
SEAL_PLAY = -5.0
COVER_THRESHOLD = 0.5  # an evil belief bot stops playing harmful cards above this public suspicion
WATCHED = 0.35  # a saboteur Master this suspected appoints like an Architect


def _play_value(card: int, view: BuildersView) -> float:
    kind = C.CARDS[card].kind
    if kind == C.BUILD:
        return _build_value(card, view)
    return PLAY_VALUE[kind]


def _build_value(card: int, view: BuildersView) -> float:
    """An instruction card's worth to the tower: the blocks it adds where the blueprint needs
    them, less the blocks it would stack beyond the need. The supply holds 25 blocks, so every
    wasted block is one the tower may lack: a waste the supply's slack (blocks beyond what the
    tower still needs) cannot absorb costs more."""
    bp, base = view.blueprint.cells, view.base
    useful = B.usefulness(card, bp, base)
    waste = min(C.CARDS[card].blocks, view.supply) - useful
    if waste <= 0:
        return useful + 0.1 * C.CARDS[card].blocks / 3
    slack = view.supply - sum(B.need_left(bp, base))
    return useful - (WASTE_COST if waste <= slack - SLACK_MARGIN else 2 * WASTE_COST + 0.5) * waste


def _keep_value(card: int, view: BuildersView, hand: Sequence[int]) -> float:
    kind = C.CARDS[card].kind
    if kind == C.SEAL:
        return SEAL_KEEP if C.first_seal(hand) == card else 0.2
    if kind in (C.STORM, C.LIGHTNING):
        return -3.0
    if kind == C.DELIBERATION:
        return 0.5
    return _play_value(card, view)


def _harm(card: int, view: BuildersView) -> float:
    """How much a card hurts the tower when revealed (the saboteur's play value)."""
    kind = C.CARDS[card].kind
    if kind == C.STORM:
        return 6.0
    if kind == C.LIGHTNING:
        return 4.0 + 0.2 * sum(view.base) / 10
    if kind == C.SEAL:
        return 1.0
    if kind == C.DELIBERATION:
        return -0.5
    return 1.5 - B.usefulness(card, view.blueprint.cells, view.base)


# -- simulating a reveal order (the Master knows the face-down cards) ---------------------------
def _progress(base: Sequence[int], bp: Sequence[int]) -> int:
    return sum(min(h, need) for h, need in zip(base, bp))


def _best_cell(card: int, base: Sequence[int], bp: Sequence[int], helpful: bool) -> int:
    need = B.need_left(bp, base)
    cells = C.CARDS[card].cells
    if helpful:
        return max(cells, key=lambda c: (need[c], -c))
    return min(cells, key=lambda c: (need[c], base[c], c))


def _strike_cell(ties: Sequence[int], base: Sequence[int], bp: Sequence[int], helpful: bool) -> int:
    # Helpful: strike where the tower has the most surplus over the blueprint.
    if helpful:
        return max(ties, key=lambda c: (base[c] - bp[c], -c))
    return min(ties, key=lambda c: (base[c] - bp[c], c))


def _simulate(
    order: Sequence[int], view: BuildersView, helpful_place: bool, helpful_strike: bool
) -> list[int]:
    base = list(view.base)
    supply = view.supply
    bp = view.blueprint.cells
    for card in order:
        info = C.CARDS[card]
        if info.kind == C.BUILD and not view.storm:
            cell = _best_cell(card, base, bp, helpful_place)
            blocks = min(info.blocks, supply)
            base[cell] += blocks
            supply -= blocks
        elif info.kind == C.LIGHTNING:
            for _ in range(2):
                top = max(base)
                if top == 0:
                    break
                ties = [i for i, h in enumerate(base) if h == top]
                cell = _strike_cell(ties, base, bp, helpful_strike)
                base[cell] -= 1
                supply += 1
    return base


LEVELS = ("novice", "plain", "shrewd")
# The decision method for each kind of move.
HANDLERS = {
    A.Appoint: "_appoint",
    A.Play: "_play",
    A.Swap: "_swap",
    A.Reveal: "_reveal",
    A.Place: "_place",
    A.Strike: "_strike",
    A.Deliberate: "_deliberate",
    A.PassToken: "_master",
    A.Talk: "_talk",  # table talk at the start of a round (the game option ``talk``)
    A.Declare: "_declare",
    A.Say: "_say",
    A.Seal: "_seal",
    A.Punish: "_punish",
}
# The level ids of earlier versions, still read (saves name the bots by level).
OLD_LEVELS = {"random": "novice", "simple": "plain", "belief": "shrewd"}
NOVICE_SLIPS = 0.35  # a novice saboteur makes a random legal move this often
# How often a plain or novice Architect makes a judgment call at random (the rest is shrewd play).
MISJUDGE = {"novice": 1 / 15, "plain": 1 / 30}
JUDGMENTS = (A.Appoint, A.PassToken, A.Deliberate, A.Seal)
PLAIN_NERVE = 0.2  # a plain Zealot nobody watches yet sabotages this often (else it plays along)
# The moves a Zealot who plays along still makes as a saboteur: the final phases and its words.
FINAL_AND_TALK = (A.Declare, A.Say, A.Seal, A.Punish, A.Talk)
HOLD_BACK = 0.75  # an Architect keeps its best card back from a Master this likely to be a saboteur


def level_id(level: str) -> str:
    """The current id of a bot level (old ids map to their successors)."""
    level = OLD_LEVELS.get(level, level)
    if level not in LEVELS:
        raise ConfigError(f"Babel Builders has no bot level '{level}' (levels: {', '.join(LEVELS)})")
    return level


class RoleBot:
    """A bot that plays the Architect policy or the saboteur policy by its current role.

    Saboteur policies: "plain" (rules of thumb), "shrewd" (cover) and "novice" (plain with slips);
    Architect policies: "shrewd" (belief and team play), and "plain" and "novice", the shrewd
    game with some judgment calls made at random. The old names "simple" and "belief" are read
    as "plain", "shrewd"."""

    def __init__(self, good: str, evil: str, listen: str | None = None) -> None:
        self.good = level_id(good)
        self.evil = level_id(evil)
        # The talk is weighed by how statements turned out at tables whose saboteurs play this
        # level (the level the table was set up with; ``talk.rates``).
        self.listen = level_id(listen or evil)
        self.table = T.rates(self.listen)
        self.heard = T.listener(self.table)

    # the Bot protocol
    def choose(self, view: BuildersView, legal: Sequence[A.Action], rng: Rng, budget: Budget) -> A.Action:
        if len(legal) == 1:
            return legal[0]
        return self._decide(view, legal, rng, view.role in (Role.MESSENGER, Role.ZEALOT))

    def _decide(self, view: BuildersView, legal: Sequence[A.Action], rng: Rng, evil: bool) -> A.Action:
        """The move of the saboteur policy (``evil``) or the Architect policy, at this bot's level
        for that side."""
        level = self.evil if evil else self.good
        if evil and self._plays_along(view, legal, rng, level):
            return self._decide(view, legal, rng, False)
        if not evil and level in MISJUDGE:
            if isinstance(legal[0], JUDGMENTS) and rng.random() < MISJUDGE[level]:
                return rng.choice(legal)
            level = "shrewd"
        if level == "novice":
            move = self._novice(view, legal, rng)
            if move is not None:
                return move
            level = "plain"
        handler = getattr(self, HANDLERS[type(legal[0])])
        action = handler(view, legal, rng, evil, level)
        return action if action in legal else legal[0]

    def _novice(self, view: BuildersView, legal: Sequence[A.Action], rng: Rng) -> A.Action | None:
        """A novice saboteur's move where it differs from the plain one (None: the plain move).
        It gives itself away: the Messenger sabotages at every chance, with random slips, every
        novice saboteur defends itself too loudly (``talk``) and a Zealot points Divine Punishment
        at random."""
        kind = type(legal[0])
        if kind is A.Punish:
            return rng.choice(legal)
        if kind in (A.Say, A.Talk):
            return T.statement(view, legal, "novice", rng, self.table)
        if kind in (A.Declare, A.Seal):
            return None
        return rng.choice(legal) if rng.random() < NOVICE_SLIPS else None

    @staticmethod
    def _plays_along(view: BuildersView, legal: Sequence[A.Action], rng: Rng, level: str) -> bool:
        """Whether a Zealot makes this move as the Architect it was (never in the final phases or
        in its words): at novice always; at plain four moves in five while nobody watches it, and
        never once the table does (its public suspicion above ``WATCHED``, or someone accused it
        aloud)."""
        if view.role is not Role.ZEALOT or isinstance(legal[0], FINAL_AND_TALK):
            return False
        if level == "novice":
            return True
        if level != "plain":
            return False
        watched = B.public_suspicion(view)[view.seat] > WATCHED or T.accusers(view, view.seat)
        return not watched and rng.random() > PLAIN_NERVE

    # -- helpers --------------------------------------------------------------------------------
    def _belief(self, view: BuildersView) -> B.Belief:
        return B.compute(view, self.heard)

    @staticmethod
    def _pick_min(seats: Sequence[int], score: Sequence[float], rng: Rng, k: int) -> tuple[int, ...]:
        noisy = sorted(seats, key=lambda s: (score[s] + 1e-6 * rng.random(), s))
        return tuple(sorted(noisy[:k]))

    @staticmethod
    def _team_appointment(others: Sequence[int], bel: B.Belief, k: int, rng: Rng) -> tuple[int, ...]:
        """The appointment with the least risk under the joint belief: one saboteur among them
        can be swapped out by an Architect Master, two or more rarely can."""
        pool = sorted(others, key=lambda s: (bel.evil[s], s))[: k + 3]
        best, best_risk = None, None
        for combo in combinations(sorted(pool), k):
            one, two, three = bel.evil_count_risk(combo)
            risk = 0.3 * one + two + 0.5 * three + 1e-6 * rng.random()
            if best_risk is None or risk < best_risk:
                best, best_risk = combo, risk
        return tuple(best)

    # -- decisions --------------------------------------------------------------------------------
    def _appoint(self, view, legal, rng, evil, level) -> A.Action:
        k = len(legal[0].seats)
        others = [s for s in range(view.players) if s != view.seat]
        if level == "plain":  # a plain saboteur Master
            return rng.choice(legal)
        if not evil:
            return A.Appoint(self._team_appointment(others, self._belief(view), k, rng))
        # Evil Master: look like a careful Master (trusted players), but bring in one suspect,
        # unless the table is watching: then appoint exactly as an Architect would.
        pub = B.public_suspicion(view)
        if pub[view.seat] > WATCHED:
            return A.Appoint(self._pick_min(others, pub, rng, k))
        trusted = list(self._pick_min(others, pub, rng, k - 1))
        rest = [s for s in others if s not in trusted]
        suspect = max(rest, key=lambda s: (pub[s] + 1e-6 * rng.random(), s))
        return A.Appoint(tuple(sorted(trusted + [suspect])))

    def _play(self, view, legal, rng, evil, level) -> A.Action:
        hand = view.hand
        if not evil:
            hold = False
            if view.seat != view.master:  # every Architect level plays the shrewd game here
                hold = self._belief(view).evil[view.master] > HOLD_BACK

            seal = C.first_seal(hand)

            def score(a: A.Play) -> float:
                p, d = a.card, a.discard
                val = _play_value(p, view) if p is not None else 0.0
                if p is not None and p == seal:
                    val = SEAL_PLAY  # handed in, the Seal does nothing and the vote is gone
                keep = _keep_value(d, view, hand) if d is not None else 0.0
                if hold and p is not None and C.CARDS[p].kind == C.BUILD and val >= 0.5:
                    # A suspected Master would take the best card or waste it: hand in a modest
                    # useful card and keep the best one for a Master the team trusts.
                    val = 1.5 - 0.3 * val
                return val - keep + 1e-6 * rng.random()

            return max(legal, key=score)
        cover = level == "shrewd" and B.public_suspicion(view)[view.seat] > COVER_THRESHOLD

        def evil_score(a: A.Play) -> float:
            p, d = a.card, a.discard
            if p is not None:
                harm = _harm(p, view)
                if cover and C.CARDS[p].kind in (C.STORM, C.LIGHTNING):
                    harm = -2.0  # keep cover: hand in something harmless-looking instead
                if cover and C.CARDS[p].kind == C.BUILD:
                    harm = 1.0 + 0.2 * B.usefulness(p, view.blueprint.cells, view.base)
                if level == "shrewd" and C.CARDS[p].kind == C.SEAL:
                    harm = -1.0  # an Architect Master without a Seal would keep it: hoard it
            else:
                harm = 0.0
            # Throw away the most useful card; keep harmful ones for later.
            denial = _play_value(d, view) if d is not None else 0.0
            if d is not None and C.CARDS[d].kind in (C.STORM, C.LIGHTNING):
                denial = -5.0
            return harm + 0.5 * denial + 1e-6 * rng.random()

        return max(legal, key=evil_score)

    def _swap(self, view, legal, rng, evil, level) -> A.Action:
        hand = view.hand
        sealless = C.first_seal(hand) is None

        def good_score(a: A.Swap) -> float:
            take, give = a.take, a.give
            # Taking a card keeps it from being revealed; giving one throws it out of the game.
            removed = -_play_value(take, view)
            if view.storm and C.CARDS[take].kind == C.BUILD:
                removed = _play_value(take, view)  # void this phase: save it for a later one
            lost = _keep_value(give, view, hand) if give is not None else 0.0
            if sealless and C.CARDS[take].kind == C.SEAL:
                removed += SEAL_KEEP  # a Master without a Seal keeps a Seal handed in for the end
            return removed - lost + 1e-6 * rng.random()

        def evil_score(a: A.Swap) -> float:
            take, give = a.take, a.give
            removed = -_harm(take, view)
            lost = _play_value(give, view) if give is not None else 0.0
            if give is not None and C.CARDS[give].kind in (C.STORM, C.LIGHTNING):
                lost = -5.0
            return removed + 0.5 * lost + 1e-6 * rng.random()

        return max(legal, key=evil_score if evil else good_score)

    def _reveal(self, view, legal, rng, evil, level) -> A.Action:
        cards = [a.card for a in legal]
        bp = view.blueprint.cells
        best_order, best_val = None, None
        for order in permutations(cards):
            if evil:
                helpful_place = level == "shrewd"  # build correctly in public when keeping cover
                base = _simulate(order, view, helpful_place, False)
                val = -_progress(base, bp)
            else:
                base = _simulate(order, view, True, True)
                val = _progress(base, bp)
            if best_val is None or val > best_val:
                best_order, best_val = order, val
        # Reveal Deliberation first among equals (information early); the order is already best.
        return A.Reveal(best_order[0])

    def _place(self, view, legal, rng, evil, level) -> A.Action:
        card = view.pending
        helpful = not evil or level == "shrewd"
        cell = _best_cell(card, view.base, view.blueprint.cells, helpful)
        return A.Place(cell)

    def _strike(self, view, legal, rng, evil, level) -> A.Action:
        ties = [a.cell for a in legal]
        cell = _strike_cell(ties, view.base, view.blueprint.cells, not evil)
        return A.Strike(cell)

    def _deliberate(self, view, legal, rng, evil, level) -> A.Action:
        if evil:
            return rng.choice(legal)
        bel = self._belief(view)
        return max(legal, key=lambda a: (bel.evil[a.seat] + 1e-6 * rng.random(), a.seat))

    def _master(self, view, legal, rng, evil, level) -> A.Action:
        if level == "plain":  # a plain saboteur Master
            return rng.choice(legal)
        if evil:
            pub = B.public_suspicion(view)
            return min(legal, key=lambda a: (pub[a.seat] + 0.05 * rng.random(), a.seat))
        bel = self._belief(view)
        return min(legal, key=lambda a: (bel.evil[a.seat] + 1e-6 * rng.random(), a.seat))

    def _declare(self, view, legal, rng, evil, level) -> A.Action:
        # An Architect always uses its Seal. A saboteur declares too: a user the Architects count
        # on takes a share of the candidates and then points elsewhere.
        return A.Declare(True)

    def _say(self, view, legal, rng, evil, level) -> A.Action:
        """Whom one takes for the Messenger, aloud (``talk.statement``): an Architect says its
        own belief; a saboteur names a seat the table half suspects that it takes for innocent."""
        return T.statement(view, legal, level if evil else "shrewd", rng, self.table)

    def _talk(self, view, legal, rng, evil, level) -> A.Action:
        """A statement at the start of a round (``talk.statement``)."""
        return T.statement(view, legal, level if evil else "shrewd", rng, self.table)

    def _seal(self, view, legal, rng, evil, level) -> A.Action:
        if evil:
            if view.role is Role.MESSENGER or level == "plain":
                return rng.choice(legal)
            bel = self._belief(view)  # a Zealot seals the player least likely to be the Messenger
            return min(legal, key=lambda a: (bel.messenger[a.target] + 1e-6 * rng.random(), a.target))
        # Team play: the users are known, so every Architect user reads the same public record and
        # takes its own share of the likeliest candidates by its rank among the users (``sealing``).
        ranked, odds = seal_ranking(view, self.heard)
        evil = B.public_belief(view, self.heard).evil if sealing.CONVENTION == "trust" else ()
        target = sealing.pick(view.players, ranked, odds, view.seal_users, view.seat, evil=evil, level=self.listen)
        return A.Seal(target)

    def _punish(self, view, legal, rng, evil, level) -> A.Action:
        if level == "plain":
            counts = [0] * view.players
            for entry in view.log:
                if any(e.kind in (C.STORM, C.LIGHTNING) for e in entry.effects):
                    for s in entry.appointed:
                        counts[s] += 1
            return max(legal, key=lambda a: (counts[a.seat] + rng.random() * 0.5, a.seat))
        bel = self._belief(view)
        return max(legal, key=lambda a: (bel.messenger[a.seat] + 1e-6 * rng.random(), a.seat))


def seal_ranking(view: BuildersView, heard: Any = None) -> tuple[list[int], list[float]]:
    """Every seat, likeliest Messenger first by the public record (the same for every viewer),
    and their chances; with ``heard`` (``talk.listener``) the table talk and the Seal
    discussion count too, each statement weighed by its speaker's credibility (``talk``)."""
    pub = list(B.public_belief(view, heard).messenger)
    ranked = sorted(range(view.players), key=lambda s: (-pub[s], s))
    return ranked, [pub[s] for s in ranked]


def make_bot(level: str, evil: str | None = None) -> Any:
    """The bot for a level (``LEVELS``, or an old id); ``evil`` overrides the saboteur policy
    (the talk is heard as at tables of that saboteur level)."""
    return RoleBot(level, evil or level)


BOTS = BotRoster(
    levels=(
        BotLevel(
            "novice",
            "Novice",
            make=lambda: make_bot("novice"),
            blurb="gives itself away as a saboteur (answers every accusation, points at random); as an "
            "Architect it misjudges one call in fifteen.",
        ),
        BotLevel(
            "plain",
            "Plain",
            make=lambda: make_bot("plain"),
            blurb="sabotages openly by rules of thumb; as an Architect it plays the team game but "
            "misjudges one call in thirty.",
        ),
        BotLevel(
            "shrewd",
            "Shrewd",
            make=lambda: make_bot("shrewd"),
            blurb="reads the table and plays with its team: the best team-mates, the hardest saboteurs.",
        ),
    ),
    aliases={**OLD_LEVELS, "heuristic": "plain", "strong": "shrewd"},
)
