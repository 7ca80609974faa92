"""The player's hand at the Babel On! table: the block held (dragged or selected), how fast and
how jerkily it moves, the shake that makes, and the knock-over odds shown for the move in hand.

A drag's disturbance is measured from the mouse path (``preview.drag_motion``): for a placement,
over the last moments before the block lands (a hand that rests a moment calms down); for a block
pulled off a tower, over the first 0.3 s (the pull).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from babel.games.babel_on import preview
from babel.games.babel_on.actions import Action, Add, Bonus, Return, Take, canonical
from babel.games.babel_on.model import BabelView, Phase
from scenes.tables.babel_on.draw import Grab

PULL = 0.3  # seconds of a drag that count as the pull of a block off a tower
MOVED = 8  # logical pixels a press must travel to be a drag rather than a click
CACHE = 400  # risks kept before the cache starts again
SWAY_PER_SHAKE = 0.018  # a careless drag's tremor: block edges of sway per shake level
SWAY_HZ = 7.0


def placement(src: Grab, tower: int, cell: int) -> Action:
    """The move of dropping the held block ``src`` (from the hand or a Bonus Block) on a cell."""
    return Bonus(tower, cell) if src.kind == "bonus" else Add(src.colour, tower, cell)


def drop_targets(legal, held: Grab | None) -> tuple[tuple[int, int], ...]:
    """The (tower, cell) places the held block may be dropped on (they glow)."""
    if held is not None and held.kind == "hand":
        return preview.add_targets(legal, held.colour)
    if held is not None and held.kind == "bonus":
        return preview.bonus_targets(legal)
    return ()


def acting_seat(view: BabelView) -> int | None:
    """Who acts now: the victim restoring a knocked-over tower, else the player whose turn it is."""
    if view.phase is Phase.OVER:
        return None
    return view.holder if view.phase is Phase.RESTORE else view.turn


def pull(view: BabelView, actor: int | None, block: tuple[int, int, int]) -> Action:
    """The move of pulling ``block`` off its tower: back to the bag after a wrong guess (from
    your own tower), else into the hand."""
    tower, cell, floor = block
    own_wrong = view.phase is Phase.WRONG and tower == actor
    return (Return if own_wrong else Take)(tower, cell, floor)


@dataclass
class Hand:
    drag: Grab | None = None
    selected: Grab | None = None
    clock: float = 0.0
    path: list[tuple[float, float, float]] = field(default_factory=list)  # time, x, y in block edges
    pull_path: list[tuple[float, float, float]] = field(default_factory=list)  # the first PULL seconds
    start: tuple[float, float, float] = (0.0, 0.0, 0.0)  # time, x, y where the drag began
    risk_cache: dict[tuple, float] = field(default_factory=dict)

    @property
    def held(self) -> Grab | None:
        return self.drag or self.selected

    def tick(self, dt: float) -> None:
        self.clock += dt

    def grab(self, src: Grab, pos, cube: float = 1.0) -> None:
        self.drag = replace(src, moved=False)
        self.start = (self.clock, pos[0], pos[1])
        self.path = [(self.clock, pos[0] / cube, pos[1] / cube)]
        self.pull_path = list(self.path)

    def sample(self, pos, cube: float) -> None:
        """A mouse position while dragging, kept (in block edges) for the drag's last moments."""
        if self.drag is None:
            return
        point = (self.clock, pos[0] / cube, pos[1] / cube)
        if len(self.path) > 1 and self.path[-1][0] >= self.clock:
            self.path[-1] = point  # several events in one frame: the latest counts
        else:
            self.path.append(point)
        began, sx, sy = self.start
        if self.clock - began <= PULL:
            self.pull_path.append(point)
        old = self.clock - preview.WINDOW - 2 * preview.SPAN
        while len(self.path) > 2 and self.path[1][0] < old:
            del self.path[0]
        if not self.drag.moved and math.hypot(pos[0] - sx, pos[1] - sy) > MOVED:
            self.drag = replace(self.drag, moved=True)

    def place_shake(self, steady: bool) -> int:
        """The shake a block let go now carries: the drag's last moments."""
        return preview.drag_shake(self.path, self.clock, steady)

    def pull_shake(self, steady: bool) -> int:
        """The shake of pulling a block off a tower: the first PULL seconds of the drag."""
        return preview.drag_shake(self.pull_path, min(self.clock, self.start[0] + PULL), steady)

    def shake(self, steady: bool, move: Action | None = None) -> int:
        """The shake of the drag in progress (0 when calm, not dragging, or with steady hands)."""
        d = self.drag
        if d is None or not d.moved or steady:
            return 0
        placing = d.kind != "block" if move is None else isinstance(move, Add | Bonus)
        return self.place_shake(False) if placing else self.pull_shake(False)

    def move_shown(self, view: BabelView, legal, target, drop_offset, hover_block) -> Action | None:
        """The move whose risk is shown: the held block onto the ``target`` cell (offset by the
        drop point, in steps of 4), or the held or hovered block of a tower pulled off."""
        held = self.held
        if held is not None and held.kind in ("hand", "bonus") and target is not None:
            dx, dy = (round(d / 4) * 4 for d in drop_offset)
            return preview.hand_move(view, placement(held, *target), dx, dy, 0)
        if held is not None and held.kind == "block":
            return held.move
        if hover_block is not None:
            moves = preview.block_moves(legal, *hover_block)
            return moves[0] if moves else None
        return None

    def sway(self, steady: bool, target, cube: float) -> tuple[int | None, float]:
        """Which tower a careless drag shakes and how far now (logical pixels): a quick tremor
        growing with the drag's shake, on the tower the block comes from or goes to."""
        d = self.drag
        if d is None:
            return None, 0.0
        under = d.block[0] if d.kind == "block" else (target[0] if target else None)
        shake = self.shake(steady)
        if under is None or shake < 2:
            return None, 0.0
        return under, SWAY_PER_SHAKE * cube * shake * math.sin(self.clock * SWAY_HZ * 2 * math.pi)

    def risk(self, view: BabelView, move: Action, profile: str) -> float:
        """The chance ``move`` knocks its tower over with a hand of ``profile`` (cached)."""
        key = (move, profile, view.ply)
        if key not in self.risk_cache:
            if len(self.risk_cache) > CACHE:
                self.risk_cache.clear()
            self.risk_cache[key] = preview.knock_risk(view, move, profile)
        return self.risk_cache[key]

    def verdict(self, view: BabelView, move: Action) -> tuple[str, float] | None:
        """While a block is dragged: this very drag's shake and the real chance of a fall if it
        were let go now (the share of the move's ensemble that falls at that shake)."""
        if self.drag is None or not self.drag.moved or view.steady_hands:
            return None
        shake = self.shake(False, move)
        key = ("now", canonical(move), getattr(move, "dx", 0), getattr(move, "dy", 0), shake, view.ply)
        if key not in self.risk_cache:
            self.risk_cache[key] = preview.knock_risk(view, move, shake)
        chance = self.risk_cache[key]
        if shake == 0:
            return ("this drag now: calm, no shake", chance)
        return (f"this drag now: shake {shake} of 9{' - careful!' if shake >= 5 else ''}", chance)
