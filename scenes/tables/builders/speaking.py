"""The Builders table's talk, as a part of the table scene: the suspicion sheet (whom each bot
suspects, from public play; K shows it) beside the round log, and the talk menu a person says one
thing to the table with (``speech``). A mixin of ``BuildersTable``: it reads the table's view,
legal moves, selection and log, and answers through the table's own ``_answer``."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.tables.builders import rounds
from scenes.tables.builders.speech import TalkMenu
from scenes.tables.builders.talk import first_row, rows_room, sheet_rect, talk_top


class Speaking:
    """Table talk at the Builders table (mixed into ``BuildersTable``)."""

    talk: Any  # the sheet's lines (``talk.TalkLines``)
    talk_on: bool  # the sheet shows
    _talk_seen: tuple[Any, dict]
    _talk_menu: TalkMenu | None = None
    talk_least: float = 16.0  # the window's smallest text size at the last draw (the sheet's rows)
    talk_first: int = 0  # the first bot's row the sheet shows, when its rows scroll

    # -- the talk menu ------------------------------------------------------------------------
    @property
    def talk_menu(self) -> TalkMenu:
        if self._talk_menu is None:
            self._talk_menu = TalkMenu(self.pick_talk)
        return self._talk_menu

    def pick_talk(self, kind: str) -> None:
        """Choose the statement the seat picked next will be named in (S, G, D, X or a button)."""
        if self._acting():
            self._answer(self.choice.pick_talk(kind, self.legal))

    # -- the suspicion sheet ------------------------------------------------------------------
    def talk_available(self) -> bool:
        return bool(self.talk.bots)

    def toggle_talk(self) -> None:
        if not self.talk_available():
            self.app.toast("Table talk shows what the bots suspect; there are no bots at this table")
            return
        self.talk_on = not self.talk_on
        self.app.toast("Table talk on: whom each bot suspects" if self.talk_on else "Table talk off")

    def talk_event(self, event: pygame.event.Event) -> bool:
        """The sheet's rows scroll (when they do not all fit): Up and Down, or the wheel over
        the sheet (while the rounds are read back they cover it)."""
        if not self.talk_on or self.log_view.back:
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and not event.mod:
            self.scroll_talk(1 if event.key == pygame.K_DOWN else -1)
            return True
        if event.type == pygame.MOUSEWHEEL and pygame.Rect(self._talk_rect()).collidepoint(self.app.mouse):
            self.scroll_talk(-event.y)
            return True
        return False

    def scroll_talk(self, rows: int) -> None:
        """Down (or up, negative) by ``rows`` bots' rows, within the rows there are."""
        top = self._talk_rect()[1]
        fit = rows_room(self.app.canvas, top)[2]
        bots = len(self.talk.bots)
        self.talk_first = first_row(first_row(self.talk_first, bots, fit) + rows, bots, fit)

    def _talk_rect(self) -> tuple[float, float, float, float]:
        return sheet_rect(talk_top(len(self.talk.bots), self.talk_least))

    def log_rect(self) -> pygame.Rect:  # scrolled back, the rounds cover the table talk
        return rounds.log_rect(
            talk_top(len(self.talk.bots), self.talk_least) if self.talk_on and not self.log_view.back else None
        )

    def log_entries(self) -> list:
        return rounds.log_entries(self.view, self.ui())

    def draw_log(self, canvas) -> None:
        rounds.draw_cover(canvas, self.talk_on and bool(self.log_view.back))
        super().draw_log(canvas)  # type: ignore[misc]

    def _talk_lines(self) -> dict | None:
        if not self.talk_on:
            return None
        if self._talk_seen[0] is not self.view:
            self._talk_seen = (self.view, self.talk.lines(self.view))
        return self._talk_seen[1]
