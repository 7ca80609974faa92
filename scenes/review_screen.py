"""The coach's review screen: the moves of one seat the strongest bot would have played
differently, largest estimated loss first, each opening the replay at that move.

The review (``babel.core.review``) runs on a thread of its own while a progress bar fills; the
screen, and the table under it, stay responsive, and leaving the screen lets the work go on, so
coming back shows it done. One job per game and seat is kept for the session.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import pygame

from babel.core import saves
from babel.core.match import Match
from babel.core.review import Moment, Progress, review
from scenes import theme
from scenes.canvas import Canvas
from scenes.core import Screen, wake
from scenes.widgets.basic import Button, Hotspot, Stepper, WidgetGroup, panel

ROWS_TOP, ROW_GAP = 250, 14
POLL = 0.25  # seconds between looks at the progress while the review runs


@dataclass
class Job:
    """One review running or done: its progress, its moments, its failure if any."""

    progress: Progress = field(default_factory=Progress)
    moments: list[Moment] | None = None
    error: str = ""
    thread: threading.Thread | None = None

    @property
    def done(self) -> bool:
        return self.moments is not None or bool(self.error)


_JOBS: dict[tuple, Job] = {}
_LOCK = threading.Lock()


def job_for(record: saves.SaveRecord, match: Match, seat: int) -> Job:
    """The review of ``seat`` in this game: started on a thread the first time it is asked."""
    key = (record.game, record.seed, record.actions, seat)
    with _LOCK:
        job = _JOBS.get(key)
        if job is None:
            job = _JOBS[key] = Job()

            def work() -> None:
                try:
                    job.moments = review(match, seat, progress=job.progress)
                except Exception as exc:  # a review that fails says so; the game is unharmed
                    job.error = f"The review stopped: {str(exc)[:120]}"
                wake()

            job.thread = threading.Thread(target=work, name="review", daemon=True)
            job.thread.start()
    return job


class ReviewScene(Screen):
    """The review of one person's seat in a finished game (``seats``: the people's seats)."""

    def __init__(self, record: saves.SaveRecord, seat: int, seats: list[int] | None = None) -> None:
        self.record = record
        self.seat = seat
        self.seats = seats or [seat]
        self.match: Match | None = None
        self.job: Job | None = None
        self.widgets = WidgetGroup()
        self.rows: list[tuple[pygame.Rect, Moment, list[str]]] = []
        self.rules_game = record.game

    def enter(self) -> None:
        try:
            self.match = saves.restore(self.record)
        except saves.SaveError as exc:
            self.app.toast(f"This game cannot be reviewed: {exc}")
            self.app.pop()
            return
        w = WidgetGroup(rows=self._row_spots)
        if len(self.seats) > 1:
            names = {s: self.match.seats[s].name for s in self.seats}
            w.add(Stepper((theme.LOGICAL_W / 2 - 200, 110, 400, 50), self.seats, self.seat, self._choose,
                          label=lambda s: f"Moves of {names[s]}", size=20))
        w.add(Button((theme.LOGICAL_W / 2 - 120, 812, 240, 56), "Back", self.dismiss, primary=True))
        self.widgets = w
        self._choose(self.seat)

    def _choose(self, seat: int) -> None:
        self.seat = seat
        self.job = job_for(self.record, self.match, seat)
        self.rows = []

    def _row_spots(self) -> list[Hotspot]:
        """The moves' rows for the keyboard (once drawn): Enter on one opens the replay there."""
        return [Hotspot(rect, lambda m=moment: self.open_replay(m), label=f"move {i}")
                for i, (rect, moment, _) in enumerate(self.rows)]

    def next_wake(self) -> float | None:
        return POLL if self.job is not None and not self.job.done else None

    def handle(self, event: pygame.event.Event) -> bool:
        """The screen's widgets and Esc (``Screen``), and a click on a move's row."""
        if super().handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, moment, _ in self.rows:
                if rect.collidepoint(event.pos):
                    self.open_replay(moment)
                    return True
        return False

    def open_replay(self, moment: Moment) -> None:
        """The replay at the position before the move, seen from the reviewed seat."""
        from scenes.replay import ReplayScene

        self.app.push(ReplayScene(self.record, self.seat, moment.ply))

    def draw(self, canvas: Canvas) -> None:
        canvas.table()
        panel(canvas, (80, 24, 1440, 860), title="The coach's review")
        if self.job is None:
            return
        name = self.match.seats[self.seat].name
        canvas.text(f"{name}'s moves, from what {name} could see: where the strongest bot would have "
                    "chosen otherwise, and about what it cost", (800, 176), 19, theme.PAPER,
                    anchor="midtop", max_width=1300)
        if not self.job.done:
            self._draw_progress(canvas)
        elif self.job.error:
            canvas.text(self.job.error, (800, 420), 22, theme.PAPER, anchor="center", max_width=1200)
        elif not self.job.moments:
            canvas.text("No move the strongest bot would change by much: well played.", (800, 420), 24,
                        theme.PAPER, anchor="center", max_width=1200)
        else:
            self._draw_moments(canvas)
        self.widgets.draw(canvas, self.app.mouse)

    def _draw_progress(self, canvas: Canvas) -> None:
        p = self.job.progress
        bar = pygame.Rect(400, 400, 800, 28)
        canvas.fill_rect((32, 24, 18), bar, radius=10)
        if p.total:
            canvas.fill_rect(theme.GOLD, (bar.x, bar.y, bar.w * p.done / p.total, bar.h), radius=10)
        canvas.text(f"The coach looks at move {min(p.done + 1, p.total)} of {p.total}" if p.total else
                    "The coach starts", (800, 450), 20, theme.PAPER, anchor="midtop")
        canvas.text("You can go back meanwhile: the review goes on.", (800, 486), 17, theme.PAPER_DARK,
                    anchor="midtop")

    def _draw_moments(self, canvas: Canvas) -> None:
        if not self.rows:
            names = [s.name for s in self.match.seats]
            y = ROWS_TOP
            for m in self.job.moments:
                lines = canvas.wrap(m.line(names), 19, 1280)[:3]
                rect = pygame.Rect(130, y, 1340, 16 + 26 * len(lines))
                self.rows.append((rect, m, lines))
                y = rect.bottom + ROW_GAP
        for rect, _m, lines in self.rows:
            hover = rect.collidepoint(self.app.mouse)
            canvas.fill_rect(theme.BUTTON_HOVER if hover else theme.BUTTON, rect, radius=10)
            for i, line in enumerate(lines):
                canvas.text(line, (rect.x + 20, rect.y + 8 + 26 * i), 19, theme.BUTTON_TEXT, max_width=rect.w - 40)
        canvas.text("Click a move (or Tab to it and press Enter) to watch the game from there.", (800, 772), 17, theme.PAPER_DARK, anchor="midtop")
