"""Babel On!'s state and view: the phases of a turn, the state, the view a table draws, and the
kinds of the events the engine emits (their values are the strings logs and saves hold)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum

from babel.games.babel_on import physics
from babel.games.babel_on.structure import Tower

COLOURS = ("red", "blue", "yellow", "green", "purple", "orange")
NATIONS = ("Uruk", "Akkad", "Elam", "Assur", "Mari", "Sumer")
BLOCKS_PER_COLOUR = 24
BONUS_BLOCKS = 2
NEUTRAL_BELOW = 4  # 2- and 3-player games add a neutral colour to the bag
MAX_OFFSET = physics.MAX_OFFSET
MAX_SHAKE = physics.MAX_SHAKE
ROUND_LIMITS = (30, 50, 80)


class EventKind(StrEnum):
    ROLL = "roll"  # the call and the die
    DRAW = "draw"  # right and even: blocks drawn from the bag
    ADD = "add"
    BONUS = "bonus"
    TAKE = "take"
    RETURN = "return"
    PASS = "pass"
    FALL = "fall"  # a knock-over, with the physics frames
    ELIMINATED = "eliminated"
    RESTORE = "restore"  # the victim of a knock-over puts the fallen blocks back
    TO_BAG = "to_bag"  # held blocks with no legal place go back to the bag
    NO_MORE_REMOVALS = "no_more_removals"
    TURN = "turn"
    ROUND_END = "round_end"
    GAME_OVER = "game_over"


class Phase(Enum):
    CALL = "call"  # the player to act calls even or odd (and the die is rolled)
    PLACE = "place"  # right and even: place the drawn blocks on your own tower
    REMOVE = "remove"  # right and odd: take blocks off towers
    ADD = "add"  # right and odd: add the taken blocks to towers
    WRONG = "wrong"  # wrong guess: pass, or return one block of your own tower to the bag
    FINISH = "finish"  # the roll is done; Bonus Blocks or end the turn
    RESTORE = "restore"  # a knocked-over player puts the fallen blocks back
    OVER = "over"


@dataclass(frozen=True)
class BabelState:
    rng: int
    players: int
    steady_hands: bool
    round_limit: int
    neutral: int  # colour index of the neutral blocks (2-3 players), else -1
    bag: tuple[int, ...]  # blocks in the bag per colour index
    towers: tuple[Tower, ...]
    bonus: tuple[int, ...]  # Bonus Blocks left per seat
    hand: tuple[int, ...]  # colours of the blocks held (sorted), by ``holder``
    holder: int  # -1 when nobody holds blocks
    eliminated: tuple[bool, ...]
    first: int  # the first player (won the opening roll)
    start_rolls: tuple[tuple[int, ...], ...]  # opening rolls, one tuple per roll-off (0 = out)
    turn: int  # whose turn it is (during RESTORE: the player who knocked the tower over)
    round: int
    phase: Phase
    call: str  # "even"/"odd" or ""
    roll: int  # the die, 0 before the roll
    to_remove: int  # blocks still to take off in an odd move
    perfect_since: tuple[int, ...]  # ply at which each tower became a Perfect Tower, or -1
    ply: int  # actions applied so far (orders "finished first")
    winners: tuple[int, ...]
    end_reason: str


@dataclass(frozen=True)
class TowerInfo:
    """Per-tower facts a table scene draws without recomputing the rules."""

    partial_floors: tuple[int, ...]
    complete_floors: int
    protected_floors: tuple[int, ...]
    perfect_floors: int
    perfect: bool


@dataclass(frozen=True)
class BabelView:
    """Everything on the table (Babel On! has no secrets except the random stream)."""

    seat: int | None
    players: int
    steady_hands: bool
    round_limit: int
    colour_names: tuple[str, ...]
    nation_names: tuple[str, ...]
    neutral: int
    bag: tuple[int, ...]
    bag_total: int
    towers: tuple[Tower, ...]
    tower_info: tuple[TowerInfo, ...]
    bonus: tuple[int, ...]
    hand: tuple[int, ...]
    holder: int
    eliminated: tuple[bool, ...]
    first: int
    start_rolls: tuple[tuple[int, ...], ...]
    turn: int
    round: int
    phase: Phase
    call: str
    roll: int
    to_remove: int
    perfect_since: tuple[int, ...]
    ply: int
    winners: tuple[int, ...]
    end_reason: str
