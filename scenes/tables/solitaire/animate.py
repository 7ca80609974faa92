"""The solitaire's events as motion: a drawn piece flying from the pile and turning over, a moved
stack flying onto its target while the stacks to its right close up, and the win cascade.

``Motion`` holds what is in flight for one screen (rebuilt by the table's ``bind``); ``play``
turns the events (``EventKind`` members) into tweens on the table's animator, ``update`` moves
the cascade and forgets finished tweens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from babel.core.rng import Rng
from babel.games.solitaire.model import EventKind
from scenes import theme
from scenes.anim import Animator, Tween
from scenes.tables.solitaire.layout import PILE_POS, Geometry

GRAVITY = 1400  # logical pixels per second squared, for the cascade


class Motion:
    """Pieces in flight, stacks sliding to close a gap, the pieces hidden meanwhile, the cascade."""

    def __init__(self, geo: Geometry, animator: Animator) -> None:
        self.geo = geo
        self.animator = animator
        self.hide: dict[int, int] = {}  # stack index -> top pieces not drawn (they are in flight)
        self.shift: dict[int, tuple[float, float, Tween]] = {}  # stack index -> start offset
        # (piece, pieces under it, start, target stack, tween, turns over on the way)
        self.flights: list[tuple[str | None, int, tuple[float, float], int, Tween, bool]] = []
        self.particles: list[list[Any]] = []  # [piece, x, y, vx, vy, delay]

    def play(
        self,
        events,
        sound: Callable[[str], None],
        start: tuple[float, float] | None,
        tower: tuple[str, ...],
        cascade_seed: int | None,
    ) -> None:
        """Animate the events; a moved stack starts from ``start`` (where a drag let it go) when
        given; a full win throws the pieces of ``tower`` about, seeded by ``cascade_seed`` (None:
        no cascade, the animations are off)."""
        for ev in events:
            d = ev.data
            if ev.kind == EventKind.DRAW:
                sound("card")
                self._fly(d["tile"], 0, PILE_POS, d["to"], 1, True)
            elif ev.kind == EventKind.MOVE:
                sound("card")
                src, dst, count = d["from"], d["to"], d["count"]
                self._fly(d["tile"], count - 1, start or self.geo.centre(src), dst, count, False)
                for i in range(src, d["stacks"]):  # the stacks right of the gap close up
                    ox, oy = self.geo.centre(i + 1)
                    nx, ny = self.geo.centre(i)
                    self.shift[i] = (
                        ox - nx,
                        oy - ny,
                        self.animator.add(theme.SLIDE, delay=theme.SLIDE * 0.4),
                    )
            elif ev.kind == EventKind.END and d["result"] == "full" and cascade_seed is not None:
                self.start_cascade(tower, Rng(cascade_seed))

    def _fly(self, piece: str, depth: int, start, dst: int, hidden: int, flip: bool) -> None:
        tween = self.animator.add(theme.SLIDE)
        self.hide[dst] = hidden
        self.flights.append((piece, depth, start, dst, tween, flip))
        tween.on_done = self.settle_flights

    def settle_flights(self) -> None:
        self.flights = [f for f in self.flights if not f[4].done]
        if not self.flights:
            self.hide = {}

    def start_cascade(self, pieces: Sequence[str], rng: Rng) -> None:
        """The win: every piece springs from the tower and tumbles off the table."""
        cx, cy = self.geo.centre(0)
        for code in pieces:
            self.particles.append(
                [code, cx, cy, (rng.random() - 0.5) * 900, -500 - rng.random() * 500, rng.random() * 1.2]
            )

    def update(self, dt: float) -> None:
        if self.flights:  # at instant speed a tween ends before its flight is listed: settle here
            self.settle_flights()
        self.shift = {i: s for i, s in self.shift.items() if not s[2].done}
        alive = []
        for p in self.particles:
            p[5] -= dt
            if p[5] > 0:
                alive.append(p)
                continue
            p[1] += p[3] * dt
            p[2] += p[4] * dt
            p[4] += GRAVITY * dt
            if p[2] < theme.LOGICAL_H + 200:
                alive.append(p)
        self.particles = alive

    def offset(self, i: int) -> tuple[float, float]:
        """How far stack ``i`` still is from its place while the line closes up."""
        if i not in self.shift:
            return (0.0, 0.0)
        dx, dy, tween = self.shift[i]
        if tween.done:
            return (0.0, 0.0)
        return (dx * (1 - tween.t), dy * (1 - tween.t))
