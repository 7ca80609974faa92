"""Tweens and easing: motion that explains what happened, scaled by the animation-speed setting.

Animations never gate the rules: with speed "instant" every tween completes at once, and
tests run that way.

Calm motion (the reduce-motion setting): the pace stays, nothing travels. Every tween that moves
something (a card sliding, a block flying, a die tumbling, a tower swaying) takes no time, so
what it moves jumps to where it lands when its delay is over; only tweens marked ``still`` keep
their length: a banner or a number that stays in place while it shows, a hold before the next
beat. Motions that carry news are told in words too (the log, a banner or a toast).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


def ease_out_back(t: float) -> float:
    c = 1.5
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def linear(t: float) -> float:
    return t


def stay(t: float) -> float:
    """The ease of a still tween under calm motion: what it drives stays where it starts."""
    return 0.0


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp2(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def arc2(a: tuple[float, float], b: tuple[float, float], t: float, lift: float) -> tuple[float, float]:
    """A point on a gentle arc from a to b (things lifted off the table travel this way)."""
    x, y = lerp2(a, b, t)
    return (x, y - lift * math.sin(math.pi * t))


@dataclass
class Tween:
    """A value moving from 0 to 1 over ``duration`` after ``delay``; ``on_done`` fires once."""

    duration: float
    delay: float = 0.0
    ease: Callable[[float], float] = ease_out_cubic
    on_done: Callable[[], None] | None = None
    elapsed: float = 0.0
    done: bool = False

    @property
    def t(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        raw = (self.elapsed - self.delay) / self.duration
        return self.ease(min(1.0, max(0.0, raw)))

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    def advance(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed >= self.delay + self.duration:
            self.done = True
            if self.on_done is not None:
                self.on_done()


@dataclass
class Animator:
    """The running tweens of a scene, all scaled by one speed factor (0 = instant)."""

    speed: float = 1.0
    calm: bool = False  # reduce motion: only ``still`` tweens take time
    tweens: list[Tween] = field(default_factory=list)

    def add(
        self, duration: float, delay: float = 0.0, ease=ease_out_cubic, on_done=None, still: bool = False
    ) -> Tween:
        """A tween of ``duration`` after ``delay`` (both scaled by the speed). ``still``: what it
        drives does not move (a fade, a hold, a text shown in place), so calm motion keeps it."""
        if self.calm and not still:
            duration = 0.0
        tween = Tween(duration * self.speed, delay * self.speed, ease, on_done)
        self.tweens.append(tween)
        if self.speed == 0:
            tween.advance(0.0)
        return tween

    def wait(self, seconds: float, on_done=None) -> Tween:
        return self.add(0.0, delay=seconds, on_done=on_done)

    def show(self, duration: float, delay: float = 0.0, ease=linear, on_done=None) -> Tween:
        """A still tween for something shown in place for ``duration`` (a banner, a floating
        number, a flash): under calm motion it keeps its length but its value stays at 0, so
        whatever would drift or grow with it stays put."""
        return self.add(duration, delay, stay if self.calm else ease, on_done, still=True)

    def update(self, dt: float) -> None:
        for tween in list(self.tweens):
            tween.advance(dt)
        self.tweens = [t for t in self.tweens if not t.done]

    @property
    def busy(self) -> bool:
        """An unfinished tween is running (finished ones stay listed until the next update)."""
        return any(not t.done for t in self.tweens)

    def finish_all(self) -> None:
        while self.tweens:
            self.update(1e9)


class EventMotion:
    """The base of a table's ``animate.Motion``: it turns the viewer's events into tweens on the
    table's animator, reading the view, seat names and sounds through callables the table hands
    it (so the motion never holds the scene)."""

    def __init__(
        self,
        animator: Animator,
        view: Callable[[], Any],
        name: Callable[[int], str],
        sound: Callable[[str], None],
    ) -> None:
        self.animator = animator
        self.view_now = view
        self.name = name
        self.sound = sound
        self.setup()

    def setup(self) -> None:
        """The game's own motion state, made once the callables are in place."""
