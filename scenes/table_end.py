"""The end of a game at a table: the result panel and its buttons (rematch, watch the replay,
back to the menu), and the hooks a game adds to the end. A part of ``TableScene``."""

from __future__ import annotations

import pygame

from babel.core.match import Match
from babel.core.saves import record_of
from scenes import routes, theme
from scenes.canvas import Canvas
from scenes.widgets.basic import WidgetGroup
from scenes.widgets.end_panel import EndButton, draw_end_panel, end_row


class EndOfGame:
    """The end panel of ``TableScene`` (which sets ``app``, ``match``, ``controller``, ``view``
    and the end widgets this uses)."""

    def on_game_over(self) -> None:
        """The match just ended: the game's own ``game_over``, then the end panel's buttons."""
        if self.END_SOUND:  # a game that picks its sound by the result plays it in game_over
            self.app.sound.play(self.END_SOUND)
        self.view = self.controller.match.view(None) if self.controller.pass_and_play else self.view
        self.game_over()
        buttons = self.end_buttons()
        if not any(b.action == self.watch_replay for b in buttons):  # every table offers its replay
            buttons.insert(max(0, len(buttons) - 1), EndButton("Watch replay (V)", self.watch_replay, pygame.K_v))
        row = end_row(buttons, self.end_row_y(), self.END_BUTTON_W, self.END_BUTTON_GAP)
        self.end_widgets = WidgetGroup(row)

    def end_buttons(self) -> list[EndButton]:
        """The end panel's buttons, left to right; a table that lists its own gets Watch replay
        before its last one."""
        review = [EndButton("Coach's review", self.open_review, pygame.K_c)] if self.people() else []
        return [
            EndButton("Rematch", self.rematch, pygame.K_r, primary=True),
            *self.extra_end_buttons(),
            EndButton("Watch replay (V)", self.watch_replay, pygame.K_v),
            *review,
            EndButton("Main menu", self.to_menu, pygame.K_m),
        ]

    def people(self) -> list[int]:
        """The seats people played (at this screen or on a phone): the coach reviews those."""
        return [i for i, s in enumerate(self.match.seats) if s.bot is None]

    def open_review(self) -> None:
        """The coach's review of this screen's seat (the first person's in pass-and-play)."""
        people = self.people()
        seat = self.viewer if self.viewer in people and not self.controller.pass_and_play else people[0]
        self.app.push(routes.make(routes.REVIEW, record_of(self.match), seat, people))

    def extra_end_buttons(self) -> list[EndButton]:
        """A game's own buttons after Rematch (Babel Builders: its timeline)."""
        return []

    def watch_replay(self) -> None:
        """This game as a replay, from this screen's seat (the public view in pass-and-play)."""
        seat = None if self.controller.pass_and_play else self.viewer
        self.app.push(routes.make(routes.REPLAY, record_of(self.match), seat))

    def end_row_y(self) -> float:
        return theme.LOGICAL_H / 2 + 150

    def result_title(self) -> str:
        outcome = self.match.outcome()
        if outcome is None:
            return ""
        names = [self.controller.seat_name(w) for w in outcome.winners]
        if not names:
            return outcome.summary or "Game over"
        if len(names) == 1:
            return f"{names[0]} wins!"
        return "Shared win: " + " and ".join(names)

    def result_lines(self) -> list[str]:
        """Lines under the title on the end panel (scores by default); games add breakdowns."""
        outcome = self.match.outcome()
        if outcome is None:
            return []
        lines = []
        if outcome.summary:
            lines.append(outcome.summary)
        if outcome.scores and len(outcome.scores) == len(self.match.seats):
            lines.append(
                "   ".join(f"{self.controller.seat_name(i)}: {s:g}" for i, s in enumerate(outcome.scores))
            )
        return lines

    def draw_end(self, canvas: Canvas) -> None:
        if not self.draw_end_body(canvas):
            draw_end_panel(canvas, self.result_title(), self.result_lines())
        self.end_widgets.draw(canvas, self.app.mouse)

    def rematch(self) -> None:
        old = self.match
        new = Match(old.rules, old.config, (old.seed * 7919 + 1) % (2**31), old.seats)
        old.replaced_by(new)  # whoever follows the old match (a phone seat's server) follows this one
        self.app.replace(type(self)(new, self.controller.store, threaded=self.controller.threaded))

    def to_menu(self) -> None:
        self.app.reset(routes.make(routes.MAIN_MENU))

    def game_over(self) -> None:
        """Side effects of the end (statistics, a timeline); the panel itself is the template's."""

    def draw_end_body(self, canvas: Canvas) -> bool:
        """Draw a game's own end panel under the buttons; False keeps the template's panel."""
        return False
