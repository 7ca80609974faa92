"""The table with seats played on devices, headless: a device seat's actions arrive as text from
another thread through the controller's inbox and are applied on the loop's thread the way a
click's are; refusals go back with the rules' reasons; bots and device seats play on under the
game menu; the desktop never draws a device seat's secrets; the host hands a device seat to a
bot, to the screen and back; hints cannot starve the bots."""

from __future__ import annotations

import queue
import threading
from concurrent.futures import Future

import pygame
import pytest

from babel.core import registry
from babel.core.match import DEVICE, SCREEN, Change, Match, Seat
from scenes import match_controller
from scenes.launcher.pause import PauseMenu
from scenes.pilot import FRAME, Pilot
from scenes.remote.panel import PhonesPanel
from scenes.tables import table_for
from scenes.widgets.curtain import PrivacyCurtain
from tests.test_scenes_privacy import _assert_public

FRAMES = 6000  # every loop here is bounded by this many frames
SERVER_WAIT = 5.0  # seconds the stand-in server waits for a snapshot before it gives up


@pytest.fixture
def pilot(monkeypatch):
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: 0)
    p = Pilot(size=(1024, 640))
    yield p
    pygame.display.quit()


def _duel(seats, seed=5) -> Match:
    rules = registry.get("duel")
    return Match(rules, rules.make_config(len(seats)), seed, seats)


class StandInServer:
    """What a phone seat's server does, minus the network: it follows the match through a
    subscriber (snapshots taken on the loop's thread), decides on its own thread, and hands the
    chosen action's text in through the inbox. It stops by itself after the game or a wait."""

    def __init__(self, table, seat: int) -> None:
        self.table, self.seat = table, seat
        self.snapshots: queue.SimpleQueue = queue.SimpleQueue()
        self.replies: list[tuple[str | None, str]] = []  # (answer, thread that replied)
        self.sent = 0
        self.stop = table.match.subscribe(self._changed)
        self.snapshots.put(table.match.snapshot(seat))
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _changed(self, change: Change) -> None:
        self.snapshots.put(change.match.snapshot(self.seat))  # on the loop's thread

    def _reply(self, answer: str | None) -> None:
        self.replies.append((answer, threading.current_thread().name))
        self.snapshots.put(self.table.match.snapshot(self.seat))  # still on the loop's thread

    def _run(self) -> None:
        acted = -1
        while True:
            try:
                snap = self.snapshots.get(timeout=SERVER_WAIT)
                while not self.snapshots.empty():  # act on the newest: a reply comes after it
                    snap = self.snapshots.get_nowait()
            except queue.Empty:
                return
            if snap.over:
                return
            waiting = self.sent > len(self.replies)  # one action at a time, as a page sends them
            if snap.legal and snap.ply != acted and not waiting:
                acted = snap.ply
                self.table.controller.post(self.seat, snap.legal[-1], self._reply)
                self.sent += 1


def _start(pilot, table) -> None:
    """Open the table; the Phones panel it opens for an awaited phone is closed (the device
    seats here are played through the controller's inbox, not the phone server)."""
    pilot.start(table)
    if isinstance(pilot.top, PhonesPanel):
        pilot.press(pygame.K_ESCAPE)


def _play(pilot, table, until, act_for_screen=True) -> None:
    """Run frames (the screen's person plays its bot's choice) until ``until()`` or FRAMES."""
    match = table.match
    for _ in range(FRAMES):
        if until():
            return
        if act_for_screen and pilot.top is table and table.viewer is not None and table.legal and not table.busy():
            assert table.submit(match.bot_action(table.viewer))
        pilot.app.step(FRAME, [], draw=False)
    raise AssertionError("the game did not get there")


def test_a_device_seat_plays_from_another_thread(pilot):
    match = _duel([Seat("Anna"), Seat("Ben", device=True)])
    table = table_for("duel")(match, None, threaded=False)
    _start(pilot, table)
    assert table.viewer == 0 and not table.controller.pass_and_play  # the screen is Anna's
    shown_events = []
    on_step = table.on_step
    table.on_step = lambda seat, action, events: (shown_events.extend(events), on_step(seat, action, events))
    server = StandInServer(table, 1)
    server.thread.start()
    views = []

    def over() -> bool:
        views.append((table.viewer, table.view == match.view(0)))
        assert not isinstance(pilot.top, PrivacyCurtain)  # one person at the screen: no curtain
        return match.over

    _play(pilot, table, over)
    server.thread.join(SERVER_WAIT + 1)
    assert not server.thread.is_alive()
    assert all(v == (0, True) for v in views)  # only ever Anna's view on the screen
    assert shown_events and all(ev.visible_to(0) for ev in shown_events)  # log, animations: Anna's only
    assert any(not ev.visible_to(0) for _, ev in match.events)  # Ben had secrets to keep
    for _ in range(60):  # what was sent as the game ended is answered too
        pilot.app.step(FRAME, [], draw=False)
    assert sum(1 for e in match.log if e.seat == 1) == server.sent > 3
    assert all(answer is None for answer, _ in server.replies)
    assert {name for _, name in server.replies} == {threading.main_thread().name}
    server.stop()


def test_inbox_refuses_with_reasons_on_the_loop_thread(pilot, monkeypatch):
    match = _duel([Seat("Anna"), Seat("Ben", device=True)])
    rules = match.rules
    illegal = rules.action_text(match.legal(1)[0])
    match.submit(1, match.legal(1)[-1])  # Ben has chosen: nothing more of his is legal now
    table = table_for("duel")(match, None, threaded=False)
    _start(pilot, table)
    answers: dict[str, str | None] = {}

    def post(key: str, seat, text: str) -> None:
        threading.Thread(
            target=table.controller.post, args=(seat, text, lambda a: answers.__setitem__(key, a))
        ).start()

    post("screen seat", 0, "play 2")
    post("no seat", 7, "play 2")
    post("not an action", 1, "juggle")
    post("illegal", 1, illegal)
    post("too long", 1, "play " + "9" * 20_000)
    post("not text", 1, None)

    for _ in range(600):
        if len(answers) == 6:
            break
        pilot.app.step(FRAME, [], draw=False)
    assert answers["screen seat"] == answers["no seat"] == "this seat is not played on a device"
    assert answers["not an action"] and "no action" in answers["not an action"]
    assert answers["illegal"] == rules.why_illegal(match.state, 1, rules.parse_action(illegal)) is not None
    assert answers["too long"] == answers["not text"] == "that is no action of this game"
    assert match.ply == 1 and table.controller.inbox_due() is None

    def upset(text: str):
        raise RecursionError("a parser that falls over")

    monkeypatch.setattr(rules, "parse_action", upset)
    post("upset", 1, "play 2")
    for _ in range(600):
        if "upset" in answers:
            break
        pilot.app.step(FRAME, [], draw=False)
    assert answers["upset"] == "that is no action of this game" and match.ply == 1


def test_bots_and_devices_play_on_under_the_game_menu(pilot):
    match = _duel([Seat("Bot", "novice"), Seat("Ben", device=True)], seed=8)
    table = table_for("duel")(match, None, threaded=False)
    _start(pilot, table)
    assert table.viewer is None  # nobody at the screen: it shows the public view
    pilot.press(pygame.K_ESCAPE)
    menu = pilot.top
    assert isinstance(menu, PauseMenu)
    server = StandInServer(table, 1)
    server.thread.start()
    _play(pilot, table, lambda: match.ply >= 6, act_for_screen=False)
    assert pilot.top is menu and {e.seat for e in match.log} == {0, 1}
    server.stop()
    server.thread.join(SERVER_WAIT + 1)
    # the phone fell silent: once the bot has answered, the idle loop sleeps until input
    for _ in range(FRAMES):
        if match.over or match.to_act() == (1,) and table.controller.inbox_due() is None:
            break
        pilot.app.step(FRAME, [], draw=False)
    assert match.over or pilot.app.sleep_timeout() is None
    assert pilot.top is menu


def test_a_public_screen_never_draws_a_device_seats_secrets(pilot, tmp_path):
    match = _duel([Seat("Bot", "novice"), Seat("Ben", device=True)], seed=3)
    table = table_for("duel")(match, None, threaded=False)
    _start(pilot, table)
    assert not table.controller.watching_bots  # a person plays on a phone: not "Watching the bots"
    server = StandInServer(table, 1)
    server.thread.start()
    checked = 0
    for _ in range(FRAMES):
        if match.over or checked >= 6:
            break
        pilot.app.step(FRAME, [], draw=False)
        if not table.busy() and match.ply > checked and match.to_act() == (1,):
            _assert_public(pilot, table, f"device{checked}", tmp_path)
            checked = match.ply
    server.stop()
    server.thread.join(SERVER_WAIT + 1)
    assert checked >= 3


def test_a_device_seat_handed_to_a_bot_then_the_screen_and_back(pilot):
    match = _duel([Seat("Anna"), Seat("Ben", device=True)], seed=11)
    table = table_for("duel")(match, None, threaded=False)
    _start(pilot, table)
    seen: list[Change] = []
    match.subscribe(seen.append)
    _play(pilot, table, lambda: 1 in match.to_act() and 0 not in match.to_act() and match.ply > 0)
    table.reassign_seat(1, "steady")  # Ben's phone went quiet: a bot plays on for him
    assert seen[-1].kind == "seats" and match.seats[1] == Seat("Ben", "steady")
    before = match.ply
    _play(pilot, table, lambda: match.ply >= before + 3)
    assert any(e.seat == 1 for e in match.log[before:])  # the bot played Ben's seat
    table.reassign_seat(1, SCREEN)  # Ben comes to the desktop: pass-and-play, with the curtain
    assert table.controller.pass_and_play and table.viewer == 0
    _play(pilot, table, lambda: isinstance(pilot.top, PrivacyCurtain), act_for_screen=True)
    assert table.viewer is None  # nothing of Anna's or Ben's is bound behind the curtain
    table.reassign_seat(1, DEVICE)  # Ben back on his phone: the curtain for him comes down
    assert pilot.top is table and table.viewer == 0 and not table.controller.pass_and_play
    pilot.frame()
    assert not isinstance(pilot.top, PrivacyCurtain) and table.view == match.view(0)
    with pytest.raises(ValueError):
        table.reassign_seat(1, "grandmaster")


def test_a_newer_hint_replaces_one_still_waiting_for_the_worker():
    gate = threading.Event()
    blocker = match_controller.bot_executor().submit(gate.wait, SERVER_WAIT)
    try:
        first = match_controller.submit_hint(lambda: "first")
        second = match_controller.submit_hint(lambda: "second")
        bot: Future = match_controller.bot_executor().submit(lambda: "bot")
        assert first.cancelled() and not second.cancelled()
    finally:
        gate.set()
    assert blocker.result(SERVER_WAIT) and second.result(SERVER_WAIT) == "second"
    assert bot.result(SERVER_WAIT) == "bot"


def test_a_rematch_and_a_new_deal_hand_their_followers_the_new_match(pilot):
    match = _duel([Seat("Bot", "novice"), Seat("Ben", device=True)], seed=4)
    table = table_for("duel")(match, None, threaded=False)
    _start(pilot, table)
    seen: list[Change] = []
    match.subscribe(seen.append)
    match.play_bots()  # a set-up helper: the game over at once
    table.rematch()
    assert isinstance(pilot.top, PhonesPanel)  # a new game: new links, so the codes show again
    pilot.press(pygame.K_ESCAPE)
    new = pilot.top.match
    replaced = [c for c in seen if c.kind == "replaced"]  # the new game's bot may have moved since
    assert new is not match and len(replaced) == 1 and replaced[0].match is new
    assert new.seats == match.seats  # the phone seat stays on its phone
    rules = registry.get("solitaire")
    deal = Match(rules, rules.make_config(1), 3, [Seat("Sol")])
    pilot.app.replace(table_for("solitaire")(deal, None, threaded=False))
    deal.subscribe(seen.append)
    pilot.top.new_deal()
    assert seen[-1].kind == "replaced" and seen[-1].match is pilot.top.match is not deal
