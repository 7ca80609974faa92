"""The seam for seats played elsewhere: a Match tells its subscribers of every change, a seat
says where it is played (this screen, a device, a bot level), and saves keep that place while
older saves (which never name it) load with every person at the screen."""

from __future__ import annotations

import logging
import threading

import pytest

from babel.core import saves
from babel.core.match import BOT, DEVICE, SCREEN, Change, Match, Seat

SEATS = (Seat("Anna"), Seat("Ben", device=True))


def _match(rules, seats=SEATS, seed=99) -> Match:
    return Match(rules, rules.make_config(len(seats)), seed, seats)


def _recorder(into: list[Change]):
    return into.append


# -- subscribers ----------------------------------------------------------------------------
def test_subscribers_are_told_of_steps_with_all_their_events(example_game):
    match = _match(example_game)
    seen: list[Change] = []
    match.subscribe(_recorder(seen))
    step = match.submit(0, match.legal(0)[0])
    assert [(c.kind, c.ply, c.seat) for c in seen] == [("step", 1, 0)]
    assert seen[0].events == tuple(step.events) and seen[0].match is match
    # a secret commitment: all events reach the subscriber, which shows each seat its own share
    assert "commit_card" in [ev.kind for ev in seen[0].events_for(0)]
    assert "commit_card" not in [ev.kind for ev in seen[0].events_for(1)]
    assert "commit_card" not in [ev.kind for ev in seen[0].events_for(None)]


def test_subscribers_are_told_of_undo_reset_and_seats(example_game):
    match = _match(example_game, seats=(Seat("Anna"), Seat("Bot", "random")))
    seen: list[Change] = []
    match.subscribe(_recorder(seen))
    match.submit(0, match.legal(0)[0])
    assert match.undo(0)
    match.state = match.state  # a tool setting a position
    match.reseat(1, match.seats[1].placed(DEVICE))
    match.reseat(1, match.seats[1].placed(DEVICE))  # no change: nobody is told
    assert [(c.kind, c.ply, c.seat) for c in seen] == [
        ("step", 1, 0),
        ("undo", 0, 0),
        ("reset", 0, None),
        ("seats", 0, 1),
    ]
    assert match.seats[1] == Seat("Bot", device=True)


def test_unsubscribe_stops_the_calls(example_game):
    match = _match(example_game)
    seen: list[Change] = []
    stop = match.subscribe(_recorder(seen))
    stop()
    stop()  # twice is harmless
    match.submit(0, match.legal(0)[0])
    assert seen == []


def test_a_rematch_hands_the_subscription_to_the_new_match(example_game):
    old = _match(example_game)
    seen: list[Change] = []
    stop = old.subscribe(_recorder(seen))
    new = _match(example_game, seed=100)
    mine: list[Change] = []
    new.subscribe(_recorder(mine))
    old.replaced_by(new)
    assert [(c.kind, c.ply) for c in seen] == [("replaced", 0)] and seen[0].match is new
    assert mine[0].kind == "replaced"
    old.submit(0, old.legal(0)[0])  # the old match tells nobody any more
    new.submit(0, new.legal(0)[0])
    assert [c.kind for c in seen] == ["replaced", "step"] and seen[-1].match is new
    stop()  # the subscription made on the old match ends on the new one
    new.submit(1, new.legal(1)[0])
    assert [c.kind for c in seen] == ["replaced", "step"]
    assert [c.kind for c in mine] == ["replaced", "step", "step"]


def test_a_subscriber_that_raises_is_dropped_and_the_match_goes_on(example_game, caplog):
    """Decision: the change stands, the others are still told, the failing callback is logged
    and never called again (having missed a change it could not follow the match anyway)."""
    match = _match(example_game)
    calls: list[str] = []

    def broken(change: Change) -> None:
        calls.append("broken")
        raise RuntimeError("front end fell over")

    seen: list[Change] = []
    match.subscribe(broken)
    match.subscribe(_recorder(seen))
    with caplog.at_level(logging.ERROR, logger="babel.core.match"):
        match.submit(0, match.legal(0)[0])
    assert match.ply == 1 and [c.kind for c in seen] == ["step"]
    assert "dropped" in caplog.text
    match.submit(1, match.legal(1)[0])
    assert calls == ["broken"] and len(seen) == 2


def test_subscribing_from_another_thread(example_game):
    match = _match(example_game)
    seen: list[Change] = []
    worker = threading.Thread(target=lambda: match.subscribe(_recorder(seen)))
    worker.start()
    worker.join(5)
    match.submit(0, match.legal(0)[0])
    assert [c.kind for c in seen] == ["step"]


def test_snapshot_holds_only_what_the_seat_may_know(example_game):
    match = _match(example_game)
    match.submit(0, match.legal(0)[0])
    ben = match.snapshot(1)
    assert ben.ply == 1 and ben.view == match.view(1) and not ben.over
    assert ben.legal == tuple(example_game.action_text(a) for a in match.legal(1))
    assert "commit_card" not in [ev.kind for _, ev in ben.events]
    assert match.snapshot(0).events and match.snapshot(0, since=1).events == ()
    assert match.snapshot(None).legal == ()


# -- where a seat is played -----------------------------------------------------------------
def test_seat_places():
    anna, ben, bot = Seat("Anna"), Seat("Ben", device=True), Seat("Cleo", "random")
    assert (anna.place, ben.place, bot.place) == (SCREEN, DEVICE, BOT)
    assert anna.human and ben.human and not bot.human
    assert anna.at_screen and not ben.at_screen and not bot.at_screen
    assert bot.placed(DEVICE) == Seat("Cleo", device=True)
    assert ben.placed("steady") == Seat("Ben", "steady")
    assert Seat("Dora", "random", colour=3).placed(SCREEN) == Seat("Dora", colour=3)
    with pytest.raises(ValueError):
        Seat("Eve", "random", device=True)
    with pytest.raises(ValueError):
        anna.placed(BOT)  # a bot needs a level


def test_reseat_checks_the_seat(example_game):
    match = _match(example_game)
    with pytest.raises(ValueError):
        match.reseat(2, Seat("Nobody"))


# -- saves ----------------------------------------------------------------------------------
def test_saves_keep_a_device_seat(example_game):
    match = _match(example_game)
    match.submit(0, match.legal(0)[0])
    data = saves.record_of(match).to_json()
    assert data["seats"] == [{"name": "Anna", "bot": None}, {"name": "Ben", "bot": None, "device": True}]
    again = saves.restore(saves.parse_record(data))
    assert again.seats == SEATS and again.state == match.state


def test_older_saves_load_every_person_at_the_screen(example_game):
    match = _match(example_game, seats=(Seat("Anna"), Seat("Ben", "random")))
    data = saves.record_of(match).to_json()
    assert all("device" not in s for s in data["seats"])  # screen seats are written as before
    data["seats"] = [{"name": "Anna", "bot": None}, {"name": "Ben", "bot": "random"}]
    record = saves.parse_record(data)
    assert record.seats == (Seat("Anna"), Seat("Ben", "random"))
    assert record.seats[0].at_screen


@pytest.mark.parametrize("device", ["yes", 1, None, [True]])
def test_a_device_mark_that_is_not_true_or_false_is_damage(example_game, device):
    data = saves.record_of(_match(example_game)).to_json()
    data["seats"][1]["device"] = device
    with pytest.raises(saves.SaveError):
        saves.parse_record(data)


def test_a_bot_marked_as_a_device_loads_as_the_bot(example_game):
    data = saves.record_of(_match(example_game, seats=(Seat("Anna"), Seat("Ben", "random")))).to_json()
    data["seats"][1]["device"] = True
    assert saves.parse_record(data).seats[1] == Seat("Ben", "random")
