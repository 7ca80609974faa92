"""When the real loop draws: frames while something moves or just changed, none at rest.

No timing is measured here; the loop's decisions are read from the app after simulated time.
"""

from __future__ import annotations

import pygame
import pytest

from babel.core import registry
from babel.core.match import Match, Seat
from babel.core.registry import get
from scenes import assets
from scenes.anim import Animator
from scenes.canvas import Canvas
from scenes.core import MAX_IDLE_CATCH_UP, SETTLE, STEP, WAKE, Scene, wake
from scenes.launcher.menu import MainMenu
from scenes.layers import StaticLayer
from scenes.pilot import Pilot
from scenes.waiting import wait_for_events


class Tweening(Scene):
    """A scene with one animation, a timer and a count of the time its updates saw."""

    def __init__(self) -> None:
        self.animator = Animator()
        self.seen = 0.0
        self.timer: float | None = None

    def update(self, dt: float) -> None:
        self.seen += dt
        self.animator.update(dt)

    def needs_frames(self) -> bool:
        return self.animator.busy

    def next_wake(self) -> float | None:
        return self.timer


def rest(pilot: Pilot, seconds: float = SETTLE + 0.1) -> None:
    for _ in range(round(seconds / STEP) + 1):
        pilot.app.step(STEP, [], draw=False)


def settled(pilot: Pilot) -> Pilot:
    rest(pilot)
    pilot.app.frame_due()  # the frame after the last change
    pilot.app.draw()
    return pilot


def test_a_menu_at_rest_needs_no_frames():
    p = settled(Pilot().start(MainMenu()))
    assert not p.app.needs_frames()
    assert not p.app.frame_due()
    assert p.app.sleep_timeout() is None  # nothing but input can change it


def test_input_gets_frames_for_a_short_while_then_the_loop_sleeps():
    p = settled(Pilot().start(MainMenu()))
    p.move((400, 300))
    assert p.app.needs_frames()
    rest(p)
    assert not p.app.needs_frames()


def test_a_wake_event_alone_draws_nothing():
    p = settled(Pilot().start(MainMenu()))
    p.app.step(0.0, [pygame.event.Event(WAKE)], draw=False)
    assert not p.app.dirty and not p.app.needs_frames()


def test_a_toast_needs_frames_until_it_has_faded_and_is_drawn_gone():
    p = settled(Pilot().start(MainMenu()))
    p.app.toast("Game saved")
    assert p.app.needs_frames()
    rest(p, 3.0)
    assert not p.app.toasts and not p.app.needs_frames()
    assert p.app.dirty  # the frame without the toast is still owed
    p.app.draw()
    assert not p.app.frame_due()


def test_an_animation_needs_every_frame_and_one_more_when_it_ends():
    scene = Tweening()
    p = settled(Pilot(anim_speed="normal").start(scene))
    scene.animator.add(0.5)
    assert p.app.frame_due()
    rest(p, 0.6)
    assert not scene.animator.busy
    assert p.app.frame_due()  # the resting place is drawn once
    p.app.draw()
    assert not p.app.frame_due()


def test_a_scene_timer_sets_how_long_the_loop_may_sleep():
    scene = Tweening()
    p = settled(Pilot().start(scene))
    scene.timer = 0.25
    assert p.app.sleep_timeout() == 0.25
    scene.timer = 60.0
    assert p.app.sleep_timeout() == MAX_IDLE_CATCH_UP


def test_time_slept_is_replayed_in_fixed_steps_up_to_a_bound():
    scene = Tweening()
    p = settled(Pilot().start(scene))
    before = scene.seen
    p.app.idle_advance(0.5)
    assert abs(scene.seen - before - 0.5) < 2 * STEP
    before = scene.seen
    p.app.idle_advance(3600.0)  # an hour asleep is not replayed step by step
    assert scene.seen - before <= MAX_IDLE_CATCH_UP + STEP


class Arriving(Tweening):
    """A move handed in from another thread while the loop slept: the next update animates it."""

    arrived = False

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.arrived:
            self.arrived = False
            self.animator.add(0.5)


def test_a_move_that_arrives_while_the_loop_sleeps_animates_from_its_start():
    scene = Arriving()
    p = settled(Pilot(anim_speed="normal").start(scene))
    scene.arrived = True
    before = scene.seen
    p.app.idle_advance(0.8)  # the loop slept 0.8 s and was woken for the move
    assert scene.animator.busy and p.app.needs_frames()
    assert scene.seen - before <= STEP + 1e-9  # the slept time is not played over its animation


def test_a_table_waiting_for_a_bot_wakes_when_its_move_is_due():
    rules = get("duel")
    seats = [
        Seat("Anna", None),
        Seat("Bot", registry.bots(rules.info.id).offered[0]),
        Seat("Bot 2", registry.bots(rules.info.id).offered[0]),
    ]
    match = Match(rules, rules.make_config(3), 5, seats)
    from scenes.tables import table_for

    table = table_for("duel")(match, None, threaded=False)
    p = Pilot(anim_speed="normal").start(table)
    # the bots choose beside the human: their moves are due at once or after the pause
    assert table.next_wake() is not None
    assert p.until(lambda: 0 in match.to_act() and table.controller.bot_to_act() is None, 30)
    rest(p, 3.0)
    assert table.next_wake() is None
    assert not p.app.needs_frames()


def test_wake_from_another_thread_ends_a_wait():
    Pilot()
    pygame.event.clear()
    assert wait_for_events(0.02) == []
    import threading

    threading.Thread(target=wake).start()
    events = wait_for_events(5.0)
    assert [e.type for e in events] == [WAKE]


def test_the_still_layer_repaints_only_when_its_key_or_the_window_changes():
    Pilot(size=(1280, 720))
    canvas = Canvas(pygame.display.get_surface())
    layer = StaticLayer()
    calls = []

    def paint(c: Canvas) -> None:
        calls.append(c.surface.get_size())
        c.table()

    layer.draw(canvas, ("state", 1), paint)
    layer.draw(canvas, ("state", 1), paint)
    assert len(calls) == 1
    layer.draw(canvas, ("state", 2), paint)
    assert len(calls) == 2
    canvas.resize(pygame.display.set_mode((1024, 640)))
    layer.draw(canvas, ("state", 2), paint)
    assert calls[-1] == (1024, 640) and len(calls) == 3


def test_the_art_cache_is_bounded_by_bytes():
    cache = assets.LRU(1000, max_bytes=3 * 100 * 100 * 4 + 200)
    for i in range(10):
        cache.fetch(i, lambda: pygame.Surface((100, 100), pygame.SRCALPHA))
    assert len(cache) == 3 and list(cache) == [7, 8, 9]
    assert cache.bytes <= cache.max_bytes


def test_a_focused_text_field_wakes_the_loop_for_its_cursor():
    from scenes.launcher.setup import SetupScene
    from scenes.tables import playable_games
    from scenes.widgets.basic import TextInput

    scene = SetupScene(playable_games()[0])
    p = settled(Pilot().start(scene))
    assert scene.next_wake() is None
    field = next(w for w in scene.widgets.widgets if isinstance(w, TextInput))
    p.click(field.rect.center)
    assert field.focused
    due = scene.next_wake()
    assert due is not None and 0 < due <= 0.51


def test_a_resize_forgets_the_old_size_backgrounds():
    p = Pilot(size=(1280, 720)).start(MainMenu())
    big = [v for v in assets._surfaces.values() if v.get_width() * v.get_height() >= 1280 * 720 // 4]
    assert big  # the wooden table of this size
    p.app.step(0.0, [pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 700), w=1100, h=700)])
    sizes = {
        v.get_size() for v in assets._surfaces.values() if v.get_width() * v.get_height() >= 1280 * 720 // 4
    }
    assert (1280, 720) not in sizes


@pytest.mark.parametrize("game", ["duel", "solitaire", "turmbau", "babel_on", "builders"])
def test_a_table_drawn_from_its_still_layer_equals_one_painted_afresh(game):
    """While bots play (things move, then rest), every frame drawn from the cached still layer
    is pixel for pixel the frame drawn after the layer is thrown away: its key names everything
    its painter reads. At rest, frames repaint nothing."""
    from scenes.tables import table_for

    rules = registry.get(game)
    n = rules.info.default_players or rules.info.max_players
    seats = [Seat(f"P{i + 1}", registry.bots(game).offered[0]) for i in range(n)]
    pilot = Pilot(size=(1280, 720), anim_speed="normal")
    table = table_for(game)(Match(rules, rules.make_config(n), 5, seats), None, threaded=False)
    pilot.start(table)
    screen = pygame.display.get_surface()
    rested = 0
    for _ in range(60):
        pilot.advance(0.1)
        pilot.app.draw()
        cached = pygame.image.tobytes(screen, "RGB")
        if not table.busy():
            painted = table.still.repaints
            pilot.app.draw()
            rested += table.still.repaints == painted
        table.still.invalidate()
        pilot.app.draw()
        assert pygame.image.tobytes(screen, "RGB") == cached
        if table.match.over:
            break
    assert rested
    pygame.display.quit()
