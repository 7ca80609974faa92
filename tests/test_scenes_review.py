"""The coach's review: a seat's moves judged from that seat's view only, at most five, largest
first, each the coach's own advice at that position; the screen runs it on a thread with a
progress bar, and a moment opens the replay at that move."""

from __future__ import annotations

import pygame

from babel.core import coach, registry, saves
from babel.core.match import Match, Seat
from babel.core.review import SHOWN, review
from scenes.launcher.menu import MainMenu
from scenes.replay import ReplayScene
from scenes.review_screen import ReviewScene, job_for
from scenes.tables import table_for


def finished(game: str, players: int, seed: int, level: str) -> Match:
    rules = registry.get(game)
    seats = [Seat("Anna")] + [Seat(n, level) for n in ("Ben", "Carla")[: players - 1]]
    match = Match(rules, rules.make_config(players), seed, seats)
    match.play_bots()
    return match


def test_the_review_judges_from_the_seats_view_only(monkeypatch) -> None:
    match = finished("duel", 2, 5, "novice")
    real_view = Match.view

    def only_anna(self, seat):
        assert seat == 0, "the review asked for another seat's view"
        return real_view(self, seat)

    monkeypatch.setattr(Match, "view", only_anna)
    moments = review(match, 0, rollouts=4)
    monkeypatch.setattr(Match, "view", real_view)
    assert len(moments) <= SHOWN
    assert [m.cost for m in moments] == sorted((m.cost for m in moments), reverse=True)
    advise = coach.adviser("duel")
    for m in moments:
        before = match.at_ply(m.ply)
        assert match.log[m.ply].seat == 0 and m.played == match.log[m.ply].text
        better, why = advise(before.view(0), before.legal(0))
        assert (match.rules.action_text(better), why) == (m.better, m.why)
    assert review(match, 0, rollouts=4) == moments  # seeded: the same review every time


def test_the_review_screen_runs_in_the_background_and_opens_the_replay(pilot) -> None:
    match = finished("duel", 2, 5, "novice")
    table = table_for("duel")(match, None, threaded=False)
    pilot.start(table)
    pilot.advance(3.0)
    button = next(w for w in table.end_widgets.widgets if w.label == "Coach's review")
    pilot.click(button.rect.center)
    scene = pilot.top
    assert isinstance(scene, ReviewScene) and scene.seat == 0
    pilot.frame()  # the progress bar while the thread works
    scene.job.thread.join(timeout=120)
    assert scene.job.done and not scene.job.error
    pilot.frame()
    if scene.job.moments:
        rect, moment, _ = scene.rows[0]
        pilot.click(rect.center)
        assert isinstance(pilot.top, ReplayScene) and pilot.top.ply == moment.ply
        assert pilot.top.perspective == 0
        pilot.press(pygame.K_ESCAPE)  # and by keys: Tab to the move's row, Enter
        for _ in range(len(scene.rows) + 3):
            pilot.press(pygame.K_TAB)
            if getattr(scene.widgets.focus.focused(), "label", "") == "move 0":
                break
        pilot.press(pygame.K_RETURN)
        assert isinstance(pilot.top, ReplayScene) and pilot.top.ply == moment.ply
        pilot.press(pygame.K_ESCAPE)
    again = job_for(scene.record, scene.match, 0)
    assert again is scene.job  # asked again: the same job, not a second review
    pilot.press(pygame.K_ESCAPE)


def test_a_replay_offers_the_review_of_a_persons_seat_only(pilot) -> None:
    match = finished("duel", 2, 6, "novice")
    pilot.start(MainMenu())
    scene = ReplayScene(saves.record_of(match), perspective=1)
    pilot.app.push(scene)
    scene.open_review()
    assert pilot.top is scene and pilot.app.toasts  # Ben is a bot: no review, a word why
    scene.set_perspective(0)
    scene.open_review()
    assert isinstance(pilot.top, ReviewScene)
    pilot.top.job.thread.join(timeout=120)
