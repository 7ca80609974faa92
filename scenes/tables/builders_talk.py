"""Babel Builders' "table talk" sheet: whom each bot would say it suspects.

At a real table the players talk over who looked suspicious; a person alone with bots gets no
such talk. This sheet gives it: for every bot seat, the two seats it suspects most, worked out
from the public record only (``belief.table_talk``: as an Architect, the role everyone claims).
It never reads a bot's role, hand or memory, so it shows the same to every viewer and can give
nobody away. On by default with one person at the table, off in pass-and-play; K toggles it.
"""

from __future__ import annotations

from babel.games.builders import belief as B
from babel.games.builders.model import BuildersView, Phase
from scenes import theme
from scenes.canvas import Canvas
from scenes.tables import builders_layout as L
from scenes.widgets.basic import paper

TALK_BOTTOM, TALK_HIGHEST = 566, 400  # the sheet's band in the side panel (under a shorter round log,
# above the Undo/Hint row)
ROW = 17  # a bot's line on the sheet
HOT = (178, 46, 40)


class TalkMixin:
    """The table-talk sheet for ``BuildersTable`` (expects ``match``, ``controller``, ``_name``)."""

    talk_on: bool
    _talk_key: object = None
    _talk: dict[int, list[tuple[int, float]]] = {}

    def talk_seats(self) -> list[int]:
        """The bot seats: only bots talk here (the people at the table talk for themselves)."""
        return [i for i, seat in enumerate(self.match.seats) if not seat.human]

    def talk_top(self) -> int:
        """Where the sheet starts: tall enough for a line per bot (the round log gives way)."""
        return max(TALK_HIGHEST, TALK_BOTTOM - 40 - ROW * max(1, len(self.talk_seats())))

    def talk_available(self) -> bool:
        return bool(self.talk_seats())

    def toggle_talk(self) -> None:
        if not self.talk_available():
            self.app.toast("Table talk shows what the bots suspect; there are no bots at this table")
            return
        self.talk_on = not self.talk_on
        self.app.toast("Table talk on: whom each bot suspects" if self.talk_on else "Table talk off")

    def talk_lines(self, v: BuildersView) -> dict[int, list[tuple[int, float]]]:
        """Each bot seat's two most suspected seats (cached until the public record changes)."""
        current = v.current if v.phase in (Phase.PASS, Phase.SEAL, Phase.PUNISH) else None
        if current is not None:
            current = B.public_view(v).current
        key = (B.public_view(v).log, current, v.zealots, tuple(self.talk_seats()))
        if key != self._talk_key:
            self._talk = B.table_talk(v, self.talk_seats())
            self._talk_key = key
        return self._talk

    def _draw_talk(self, canvas: Canvas, v: BuildersView) -> None:
        x, w = L.PANEL_X, L.PANEL_W
        top, bottom = self.talk_top(), TALK_BOTTOM
        paper(canvas, (x, top, w, bottom - top))
        canvas.text("Table talk", (x + 14, top + 6), 20, theme.INK, role="title_bold")
        canvas.text(
            "bots' suspicion, from public play", (x + w - 14, top + 11), 12, theme.INK_SOFT, anchor="topright"
        )
        talk = self.talk_lines(v)
        if not v.log and v.phase is not Phase.OVER:
            canvas.text(
                "No round played yet: nothing to go on.",
                (x + 14, top + 40),
                14,
                theme.INK_SOFT,
                max_width=w - 28,
            )
            return
        rows = len(talk) or 1
        step = min(20.0, (bottom - top - 40) / rows)
        size = 14 if step >= 17 else 13
        y = top + 36
        for seat, suspects in talk.items():
            canvas.text(self._name(seat)[:10], (x + 14, y), size, theme.INK, role="sans_bold", max_width=96)
            sx = x + 112
            for other, p in suspects:
                colour = HOT if p >= 0.6 else theme.INK_SOFT
                text = f"{self._name(other)[:9]} {round(100 * p)}%"
                canvas.text(text, (sx, y), size, colour, max_width=104)
                sx += 110
            y += step
