"""Babel On!'s events turned into motion: the die rolling, blocks flying between bag, tray and
towers, a tower rocking through a move it survives, and a fall replayed from the physics frames.

``Motion`` keeps what is in flight (the painters read it through the table's UI state): blocks
hidden on the towers or in the tray until their flight lands, the flying cubes, the fall or
wobble playing, and ``shown``, the view whose towers are drawn (the one before a fall until the
fall has played).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from babel.core.protocol import Event
from babel.games.babel_on.model import BabelView, EventKind
from scenes import anim, theme
from scenes.tables.babel_on import art, layout
from scenes.tables.babel_on.layout import BAG_POS, DIE_POS, TRAY, Places, Point
from scenes.widgets.dice import DieSprite

FLY = 0.32  # seconds a block travels
FALL_HOLD = 1.1  # seconds the fallen blocks lie before they leave the table
SETTLE = 0.3  # calm motion: the beat a wobble takes instead of its sway


@dataclass(frozen=True)
class Flight:
    tween: anim.Tween
    start: Point
    end: Point
    colour: int
    lift: float
    onto: tuple[int, int, int] | None = None  # (tower, cell, floor) a dropped block lands on


@dataclass
class Tumble:
    """A fall (or a wobble: ``result`` "wobble") playing on tower ``tower``."""

    tower: int
    seat: int
    static: tuple[art.Placed, ...]  # the blocks that stay put, drawn as a still tower
    colours: dict[tuple[int, int], int]  # (cell, floor) of each moving block -> colour
    frames: list
    span: float
    hold: float
    result: str  # "destroyed", "eliminated" or "wobble"
    tween: anim.Tween | None = None
    settled: bool = False  # calm motion: shown as it came to rest from the start (no tumbling)

    def time(self) -> float:
        """Seconds into the recorded frames."""
        if self.tween is None:
            return self.span
        if self.settled:  # calm: the tower as it stood, then at once as it came to rest
            return self.span if self.tween.started else 0.0
        return min(self.tween.t * (self.span + self.hold), self.span)


@dataclass
class Motion:
    animator: anim.Animator
    play_sound: Callable[[str], None]
    now: Callable[[], BabelView]  # the current view (when a flight lands, after the step)
    shown: BabelView
    places: Places
    rot: int = 0
    hidden: set[tuple[int, int, int]] = field(default_factory=set)  # (tower, cell, floor) in flight
    tray_hidden: list[int] = field(default_factory=list)  # colours on their way into the hand
    flying: list[Flight] = field(default_factory=list)
    fall: Tumble | None = None

    def tray_hand(self, view: BabelView) -> list[int]:
        """The held blocks to draw in the tray (those still flying in are not there yet)."""
        hand = list(view.hand)
        for c in self.tray_hidden:
            if c in hand:
                hand.remove(c)
        return hand

    def prune(self) -> None:
        self.flying = [f for f in self.flying if not f.tween.done]

    def pt(self, tower: int, x: float, y: float, z: float) -> Point:
        return layout.pt(self.places, self.rot, tower, x, y, z)

    def fly(
        self,
        colour: int,
        start: Point,
        end: Point,
        delay: float,
        tray: int | None = None,
        hide=None,
        drop: bool = False,
    ) -> None:
        """A block flying from ``start`` to ``end``; ``tray``: a colour kept out of the tray
        until it lands; ``hide``: a tower block kept hidden until it lands."""
        if tray is not None:
            self.tray_hidden.append(tray)

        def done() -> None:
            if tray is not None and tray in self.tray_hidden:
                self.tray_hidden.remove(tray)
            if hide is not None:
                self.hidden.discard(hide)
            self.play_sound("block")

        tween = self.animator.add(FLY, delay, anim.ease_in_out, done)
        if not tween.done and not self.animator.calm:  # calm: nothing flies, it lands at the end
            self.flying.append(Flight(tween, start, end, colour, 60.0 if drop else 30.0, hide if drop else None))

    def play(
        self, old: BabelView, events: tuple[Event, ...], die: DieSprite, source: Point | None, log_at
    ) -> None:
        """Animate one step's events from the view ``old``; ``log_at(event, delay)`` writes an
        event's log line when its animation starts."""
        view = self.now()
        self.shown = view
        delay = 0.0
        added: dict | None = None
        for ev in events:
            d, k = ev.data, ev.kind
            log_at(ev, delay + (theme.DIE_ROLL if k == EventKind.ROLL else 0.0))
            if k == EventKind.ROLL:
                die.roll(d["roll"], self.animator, theme.DIE_ROLL, start=(DIE_POS[0] + 190, DIE_POS[1] + 40))
                self.play_sound("die")
                delay += theme.DIE_ROLL
            elif k == EventKind.DRAW:
                delay = self._draw(view, d, delay)
            elif k in (EventKind.ADD, EventKind.BONUS):
                delay = self._add(old, view, d, k == EventKind.BONUS, source, delay)
                added = d
            elif k in (EventKind.TAKE, EventKind.RETURN):
                removed, delay = self._take(old, view, d, k == EventKind.TAKE, delay)
                added = removed or added
            elif k == EventKind.FALL:
                delay = self.start_fall(old, d, added, delay)
            elif k == EventKind.TO_BAG:
                for i, c in enumerate(d["colours"]):
                    self.fly(view.colour_names.index(c), TRAY.center, BAG_POS, delay + 0.08 * i)
                delay += FLY

    def _draw(self, view: BabelView, d: dict, delay: float) -> float:
        colours = [view.colour_names.index(c) for c in d["colours"]]
        slots = layout.tray_slots(len(view.hand))
        for i, colour in enumerate(colours):
            target = slots[min(i, len(slots) - 1)] if slots else TRAY.center
            self.fly(colour, BAG_POS, target, delay + 0.12 * i, tray=colour)
        return delay + FLY + 0.12 * len(colours)

    def _add(self, old: BabelView, view: BabelView, d: dict, bonus: bool, source, delay: float) -> float:
        t, cell, floor = d["tower"], d["cell"], d["floor"]
        colour = view.colour_names.index(d["colour"])
        start = source or _hand_origin(old, colour, bonus)
        x, y, z = art.block_centre(cell, floor, d["dx"], d["dy"])
        if d["stands"]:
            self.hidden.add((t, cell, floor))
        self.fly(colour, start, self.pt(t, x, y, z), delay, hide=(t, cell, floor), drop=True)
        delay += FLY
        if d.get("wobble"):
            delay = self.start_wobble(d, delay)
        return delay

    def _take(
        self, old: BabelView, view: BabelView, d: dict, into_hand: bool, delay: float
    ) -> tuple[dict | None, float]:
        """A block pulled off: into the tray or back to the bag. Returns the event as the fall
        needs it (the block left a hole) if the tower fell, and the delay after the flight."""
        t = d["tower"]
        colour = view.colour_names.index(d["colour"])
        start = layout.block_pos(self.places, self.rot, old, t, d["cell"], d["floor"])
        if into_hand:
            slots = layout.tray_slots(len(view.hand))
            self.fly(colour, start, slots[-1] if slots else TRAY.center, delay, tray=colour)
        else:
            self.fly(colour, start, BAG_POS, delay)
        if not d["stands"]:
            return dict(d, removed=True), delay
        delay += FLY
        if d.get("wobble"):
            delay = self.start_wobble(d, delay)
        return None, delay

    def start_fall(self, old: BabelView, d: dict, added: dict | None, delay: float) -> float:
        """Replay a fall from its frames on the tower as it stood; then the fallen blocks leave
        the table (into the victim's hand, or into the bag with a destroyed tower)."""
        fall = _tumble(old, d, added)
        removed = bool(added and added.get("removed"))
        start = delay + 0.1 if removed else delay
        restoring = d["result"] == "eliminated" and self.now().holder == fall.tower
        if restoring:
            fallen = {(c, f) for c, f, _ in d["fallen"]}
            self.tray_hidden.extend(fall.colours[key] for key in fallen if key in fall.colours)
        self.shown = old
        self.fall = fall
        clear = lambda: self._clear_fall(old, fall, restoring)  # noqa: E731
        if self.animator.calm:  # the blocks lie where they came to rest, with the banner, a while
            fall.settled = True
            fall.tween = self.animator.show(fall.hold, start, on_done=clear)
            self.animator.wait(start, lambda: self.play_sound("fall"))
            return start + fall.hold + FLY
        fall.tween = self.animator.add(fall.span + fall.hold, start, anim.linear, clear)
        self.animator.wait(start, lambda: self.play_sound("fall"))
        return start + fall.span + fall.hold + FLY

    def _clear_fall(self, old: BabelView, fall: Tumble, restoring: bool) -> None:
        """The tumbled blocks leave the table: back into the victim's hand to be restored, or
        into the bag with the rest of a destroyed tower (and the eliminated mover's tower)."""
        view = self.now()
        t = fall.tower
        last = {(e[0], e[1]): e for e in fall.frames[-1][1]} if fall.frames else {}
        n = 0
        for key, colour in fall.colours.items():
            e = last.get(key)
            if e is None:
                continue
            pos = self.pt(t, e[2], e[3], e[4])
            if restoring:
                if colour in self.tray_hidden:
                    self.tray_hidden.remove(colour)
                slots = layout.tray_slots(len(view.hand))
                self.fly(
                    colour,
                    pos,
                    slots[min(n, len(slots) - 1)] if slots else TRAY.center,
                    0.05 * n,
                    tray=colour,
                )
            elif fall.result == "destroyed":
                self.fly(colour, pos, BAG_POS, 0.05 * n)
            n += 1
        others = []
        if fall.result == "destroyed":
            others = [(t, *b) for b in fall.static]
        elif fall.seat != t and view.eliminated[fall.seat]:
            others = [(fall.seat, *b) for b in layout.blocks_of(old, fall.seat)]
        for tower, cell, f, colour, dx, dy in others[:24]:
            x, y, z = art.block_centre(cell, f, dx, dy)
            self.fly(colour, self.pt(tower, x, y, z), BAG_POS, 0.04 * n)
            n += 1
        self.fall = None
        self.shown = view

    def start_wobble(self, d: dict, delay: float) -> float:
        """A move the tower stood through while rocking: its top blocks sway by the recorded
        frames and settle back (drawn like a fall, without the banner). Calm motion shows no sway:
        a short beat with the tower still, and the log line says it wobbled and settled."""
        if self.animator.calm:
            self.animator.wait(delay, lambda: self.play_sound("block"))
            return delay + SETTLE
        t = d["tower"]
        frames = d["wobble"]
        moving = {(e[0], e[1]) for e in frames[0][1]} if frames else set()
        tower = self.now().towers[t]
        static = tuple(b for b in layout.blocks_of(self.now(), t) if (b[0], b[1]) not in moving)
        colours = {(cell, f): tower[cell][f - 1].colour for cell, f in moving if f <= len(tower[cell])}
        span = frames[-1][0] if frames else 0.0
        wobble = Tumble(t, d["seat"], static, colours, frames, span, 0.1, "wobble")

        def begin() -> None:
            self.fall = wobble

        def end() -> None:
            if self.fall is wobble:
                self.fall = None

        self.animator.wait(delay, begin)
        wobble.tween = self.animator.add(span + 0.1, delay, anim.linear, end)
        self.animator.wait(delay, lambda: self.play_sound("block"))
        return delay + span + 0.1


def _hand_origin(old: BabelView, colour: int, bonus: bool) -> Point:
    """Where a placed block starts its flight: its place in the tray (or the Bonus Blocks')."""
    if bonus:
        return layout.bonus_slots()[0]
    hand = list(old.hand)
    slots = layout.tray_slots(len(hand))
    if colour in hand and slots:
        return slots[hand.index(colour)]
    return TRAY.center


def _tumble(old: BabelView, d: dict, added: dict | None) -> Tumble:
    """The fall of event ``d`` on tower as ``old`` had it, with the block the move ``added``
    (or the hole the move left, if ``added`` is marked ``removed``)."""
    t = d["tower"]
    fallen = {(c, f) for c, f, _ in d["fallen"]}
    removed = bool(added and added.get("removed"))
    hole = (added["cell"], added["floor"]) if removed else None
    static = [b for b in layout.blocks_of(old, t) if (b[0], b[1]) not in fallen and (b[0], b[1]) != hole]
    colours = {(c, f): old.colour_names.index(name) for c, f, name in d["fallen"]}
    if added and not removed and added["tower"] == t:
        key = (added["cell"], added["floor"])
        colours[key] = old.colour_names.index(added["colour"])
        if key not in fallen:
            static.append((*key, colours[key], added["dx"], added["dy"]))
    frames = d["frames"]
    span = frames[-1][0] if frames else 0.8
    return Tumble(t, d["seat"], tuple(static), colours, frames, span, FALL_HOLD, d["result"])
