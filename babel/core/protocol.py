"""The one rules protocol every game implements, and the small values it speaks in.

A game is a ``Rules`` object: pure functions over immutable states. Bots, tests, saves, replays
and scenes all go through these verbs, so anything written against them works for every game.
"""

from __future__ import annotations

import dataclasses
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from babel.core import serial
from babel.core.rng import Rng

if TYPE_CHECKING:
    pass

S = TypeVar("S")  # state
A = TypeVar("A")  # action
V = TypeVar("V")  # per-seat view


class IllegalAction(Exception):
    """An action the rules refuse; ``reason`` says why in words a player understands."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class ActionTextError(ValueError):
    """Text that is not an action of this game at all (unreadable), as opposed to a readable
    action the rules refuse now (``IllegalAction``): a save with the first is damaged, one with
    the second does not replay."""


class ConfigError(ValueError):
    """A player count or option the game does not offer."""


@dataclass(frozen=True)
class Event:
    """Something that happened, for scenes to animate and logs to tell.

    ``to`` names the seats that may see it; None means everyone (and spectators).
    ``irreversible`` marks events that reveal a secret, so undo never crosses them.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    to: frozenset[int] | None = None
    irreversible: bool = False

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)


@dataclass(frozen=True)
class Step(Generic[S]):
    """What ``apply`` returns: the next state and the events that led to it."""

    state: S
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """A finished game's result: the winning seats (several on a shared win) and final scores."""

    winners: tuple[int, ...]
    scores: tuple[float, ...] = ()
    summary: str = ""
    ending: str = (
        ""  # how the game ended, a short fixed word per game ("round limit", "sealed"); "" if one way
    )
    team: str = ""  # the winning team's name in team games ("" where seats win alone)
    stats: Mapping[str, int] = field(default_factory=dict)  # per-game counts a sim adds up

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1


@dataclass(frozen=True)
class Option:
    """A game option offered on the setup screen."""

    key: str
    label: str
    choices: tuple[Any, ...]
    default: Any
    help: str = ""


@dataclass(frozen=True)
class Config:
    """Player count plus option values; everything ``initial_state`` needs besides the seed."""

    players: int
    options: Mapping[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.options.get(key, default)


@dataclass(frozen=True)
class GameInfo:
    """How a game presents itself in menus: id, title, blurb, player counts, options (its bots are
    a ``BotRoster`` the registry keeps beside the rules)."""

    id: str
    title: str
    blurb: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    rules_version: int = 1
    rules_doc: str = ""  # "package:resource", read by the rules viewer
    default_players: int = 0
    has_secrets: bool = True  # False: pass-and-play needs no privacy curtain

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)


class Rules(ABC, Generic[S, A, V]):
    """One game's rules. Subclasses set ``info`` and the three dataclass types.

    Contract (checked for every registered game by tests/test_core_conformance.py):
    - ``apply`` is pure: the given state is never changed; an illegal action raises
      ``IllegalAction`` with a reason.
    - ``legal_actions`` is sorted and deterministic, and empty for seats not in ``to_act``.
    - ``view(state, seat)`` holds only what ``seat`` may know; ``view(state, None)`` is public.
      ``resample_hidden`` redraws everything ``seat`` cannot know, so a leak test can prove
      the view does not depend on it.
    - All randomness comes from the integer ``state.rng`` (see babel.core.rng).
    """

    info: GameInfo
    state_type: type
    action_type: type
    view_type: type

    # -- the verbs --------------------------------------------------------------------
    @abstractmethod
    def initial_state(self, config: Config, seed: int) -> S: ...

    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        """Seats that must act now (several for a simultaneous choice); empty when over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> tuple[A, ...]: ...

    @abstractmethod
    def apply(self, state: S, seat: int, action: A) -> Step[S]: ...

    @abstractmethod
    def view(self, state: S, seat: int | None) -> V: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    @abstractmethod
    def resample_hidden(self, state: S, seat: int | None, rng: Rng) -> S:
        """A state equal to ``state`` in all ``seat`` may know, with the rest redrawn."""

    def determinize(self, view: V, seat: int, rng: Rng) -> S:
        """A full state consistent with ``view`` (for search bots); games with hidden
        information override this."""
        raise NotImplementedError(f"{self.info.id} offers no determinization")

    # -- helpers shared by all games --------------------------------------------------
    def is_over(self, state: S) -> bool:
        return self.outcome(state) is not None

    def why_illegal(self, state: S, seat: int, action: A) -> str | None:
        """Why ``apply`` would refuse ``action`` for ``seat`` now, in a player's words; None if it
        is legal. Scenes ask this to explain a refused drag or click without trying the move.

        The default checks turn and membership of ``legal_actions``; games override it to name
        the rule, and their ``apply`` refuses with exactly this reason.
        """
        if self.is_over(state):
            return "the game is over"
        if seat not in self.to_act(state):
            return f"seat {seat + 1} is not to act now"
        if action not in self.legal_actions(state, seat):
            return f"'{self.action_text(action)}' is not allowed now"
        return None

    def check(self, state: S, seat: int, action: A) -> None:
        """Raise IllegalAction with ``why_illegal``'s reason unless the action is legal.

        Games call this first in ``apply`` unless they validate more cheaply themselves.
        """
        reason = self.why_illegal(state, seat, action)
        if reason is not None:
            raise IllegalAction(reason)

    def invariant_errors(self, state: S) -> tuple[str, ...]:
        """Every broken invariant of ``state`` (pieces conserved, scores consistent ...), empty when
        all hold. The conformance battery and the soak run it after every step."""
        return ()

    def make_config(self, players: int | None = None, **options: Any) -> Config:
        """A validated config, with defaults for options not given."""
        info = self.info
        if players is None:
            players = info.default_players or info.min_players
        if players not in info.player_counts:
            raise ConfigError(
                f"{info.title} is for {info.min_players}-{info.max_players} players, not {players}"
            )
        known = {o.key: o for o in info.options}
        values = {}
        for key, value in options.items():
            if key not in known:
                raise ConfigError(f"{info.title} has no option '{key}'")
            if value not in known[key].choices:
                raise ConfigError(f"option '{key}' cannot be {value!r}")
            values[key] = value
        for opt in info.options:
            values.setdefault(opt.key, opt.default)
        return Config(players, values)

    # -- text and JSON ----------------------------------------------------------------
    def action_text(self, action: A) -> str:
        """The short text form used by logs, tests and saves; games override for nicer text."""
        return json.dumps(serial.encode(action), separators=(",", ":"), sort_keys=True)

    def parse_action(self, text: str) -> A:
        """The action a text form stands for; ``ActionTextError`` if it stands for none."""
        try:
            return serial.decode(self.action_type, json.loads(text))
        except (ValueError, serial.DecodeError) as exc:
            raise ActionTextError(f"cannot read action '{text[:60]}'") from exc

    def describe(self, action: A) -> str:
        """A sentence for menus and tooltips; defaults to the text form."""
        return self.action_text(action)

    def state_to_json(self, state: S) -> Any:
        return serial.encode(state)

    def state_from_json(self, data: Any) -> S:
        return serial.decode(self.state_type, data)

    def view_to_json(self, view: V) -> Any:
        return serial.encode(view)

    def view_from_json(self, data: Any) -> V:
        return serial.decode(self.view_type, data)

    def digest(self, state: S) -> str:
        """A short fingerprint of a state, stored in saves to detect divergent replays."""
        import hashlib

        blob = json.dumps(self.state_to_json(state), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:16]


def replace(obj: S, **changes: Any) -> S:
    """``dataclasses.replace`` under a short name, for engines that build many next states."""
    return dataclasses.replace(obj, **changes)


def first_legal(legal: Sequence[A], pred: Callable[[A], bool]) -> A | None:
    """The first legal action satisfying ``pred`` (a tiny helper bots use a lot)."""
    for action in legal:
        if pred(action):
            return action
    return None
