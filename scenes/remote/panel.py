"""The Phones panel over a table: who plays where, each phone seat's code to scan, and the
host's hand on every seat (to a phone, to this screen, to a bot, a new link).

It is drawn while nobody owns the screen as much as while someone does, so it shows nothing
secret: names, places, connection states and the links themselves (a link is how a seat is
handed to a person; once the phone is connected its code is hidden, and a new link shuts out
the old one).
"""

from __future__ import annotations

import math

import pygame

from babel.core.match import DEVICE, SCREEN
from scenes import theme
from scenes.canvas import Canvas
from scenes.core import Scene
from scenes.remote.link import SeatLine
from scenes.widgets.basic import Button, WidgetGroup, panel
from scenes.widgets.qr import draw_qr

PANEL = (60, 40, 1480, 820)
CARD_W, CARD_H, GAP = 272, 300, 14
QR_SIDE = 150
BUTTON_H = 36
PER_ROW = 5
STATUS_WORDS = {
    "awaited": ("waiting for the phone", theme.GOLD),
    "connected": ("connected", (140, 210, 140)),
    "dropped": ("the phone dropped", (240, 150, 130)),
}


class PhonesPanel(Scene):
    """Pushed over a table whose ``phones`` have a link (see ``scenes.remote.table_phones``)."""

    opaque = False
    modal = True

    def __init__(self, table) -> None:
        self.table = table
        self.widgets = WidgetGroup()
        self._shown: tuple = ()

    @property
    def link(self):
        return self.table.phones.link

    def enter(self) -> None:
        self._build()

    def update(self, dt: float) -> None:
        key = self._key()
        if key != self._shown:  # a phone connected or dropped, a seat moved: the cards change
            self._build()
            self.app.redraw()

    def next_wake(self) -> float | None:
        return 0.5  # connection states come from the server thread: look twice a second

    def _key(self) -> tuple:
        return (tuple(self._lines()), self.link.error, self.link.watch_url())

    def _lines(self) -> list[SeatLine]:
        """The seats' cards: none in a game without secrets (phones only watch it)."""
        return self.link.lines() if self.table.phones.seats_offered else []

    def _origin(self, index: int, count: int) -> tuple[float, float]:
        rows = (count + PER_ROW - 1) // PER_ROW
        in_row = min(PER_ROW, count - (index // PER_ROW) * PER_ROW)
        row, col = divmod(index, PER_ROW)
        width = in_row * CARD_W + (in_row - 1) * GAP
        x = theme.LOGICAL_W / 2 - width / 2 + col * (CARD_W + GAP)
        top = 140 if rows > 1 else 240
        return x, top + row * (CARD_H + GAP)

    def _build(self) -> None:
        self._shown = self._key()
        lines = self._lines()
        was = self.widgets.focus.focused() if self.widgets.focus is not None else None
        group = WidgetGroup().keep_focus(self.widgets)  # a phone that connects keeps the focus
        watching = self.link.watching
        group.add(
            Button(
                self._watch_button(bool(lines)),
                "Stop the watching page" if watching else "Let phones watch",
                lambda: self._watch(not watching),
                size=16,
            )
        )
        bot = self.table.match.bots.offered[-1] if self.table.match.bots.offered else None
        for i, line in enumerate(lines):
            x, y = self._origin(i, len(lines))
            choices = []
            if line.place == DEVICE:
                choices.append(("New link", lambda s=i: self._new(s)))
            else:
                choices.append(("To a phone", lambda s=i: self._move(s, DEVICE)))
            if line.place != SCREEN:
                choices.append(("Play here", lambda s=i: self._move(s, SCREEN)))
            if line.place in (SCREEN, DEVICE) and bot is not None:
                choices.append(("Bot plays", lambda s=i, b=bot: self._move(s, b)))
            width = (CARD_W - 24 - 8 * (len(choices) - 1)) / len(choices)
            for n, (label, action) in enumerate(choices):
                rect = (x + 12 + n * (width + 8), y + CARD_H - BUTTON_H - 10, width, BUTTON_H)
                group.add(Button(rect, label, action, size=14))
        group.add(
            Button(
                (theme.LOGICAL_W / 2 - 140, PANEL[1] + PANEL[3] - 74, 280, 54),
                "Back to the table",
                self.dismiss,
                hotkey=pygame.K_ESCAPE,
                primary=True,
            )
        )
        self.widgets = group
        if was is not None and group.focus.focused() is None:  # its button's words changed: the
            x, y = pygame.Rect(was.rect).center  # focus goes to the nearest button, in its place
            group.focus.set(min(group.widgets, key=lambda w: math.dist(pygame.Rect(w.rect).center, (x, y))))

    def _move(self, seat: int, place: str) -> None:
        self.table.phones.move(seat, place)
        self._build()

    def _watch(self, on: bool) -> None:
        self.link.set_watching(on)
        self._build()

    @staticmethod
    def _watch_button(beside_seats: bool) -> tuple[float, float, float, float]:
        if beside_seats:  # bottom left, beside Back
            return (PANEL[0] + 30, PANEL[1] + PANEL[3] - 70, 250, 46)
        return (theme.LOGICAL_W / 2 - 140, 620, 280, 50)

    def _draw_watch(self, canvas: Canvas, beside_seats: bool) -> None:
        """The public page's code: anyone in the room may watch the table on a phone."""
        url = self.link.watch_url()
        if beside_seats:
            x, y = PANEL[0] + 290, PANEL[1] + PANEL[3] - 96
            if url:
                draw_qr(canvas, url, (x, y, 84, 84))
                canvas.text("Watch the table:", (x + 96, y + 18), 15, theme.PAPER)
                canvas.text(url.split("://", 1)[-1], (x + 96, y + 40), 15, theme.GOLD, max_width=330)
            return
        canvas.paragraph(
            "This game has no secrets, so phones do not hold a hand here: they may watch the table.",
            (theme.LOGICAL_W / 2, 200),
            20,
            theme.PAPER,
            900,
            2,
            anchor="midtop",
        )
        if url:
            draw_qr(canvas, url, (theme.LOGICAL_W / 2 - 130, 270, 260, 260))
            canvas.text(url.split("://", 1)[-1], (theme.LOGICAL_W / 2, 548), 18, theme.GOLD, anchor="midtop")

    def _new(self, seat: int) -> None:
        self.link.new_link(seat)
        self._build()

    def handle(self, event: pygame.event.Event) -> bool:
        self.widgets.handle(event)
        return True

    def draw(self, canvas: Canvas) -> None:
        canvas.shade(150)
        panel(canvas, PANEL, title="Phones")
        lines = self._lines()
        intro = (
            "Each player on a phone scans their own code, on the same network as this computer: "
            "their hand stays on their phone, this screen shows only the table."
            if lines
            else "Phones on the same network as this computer can follow the table in their browser."
        )
        canvas.paragraph(intro, (theme.LOGICAL_W / 2, 100), 17, theme.PAPER, 1360, 1, anchor="midtop")
        if self.link.error:
            canvas.text(
                self.link.error,
                (theme.LOGICAL_W / 2, 122),
                17,
                (240, 150, 130),
                anchor="midtop",
                max_width=1360,
            )
        for i, line in enumerate(lines):
            self._card(canvas, line, *self._origin(i, len(lines)))
        self._draw_watch(canvas, bool(lines))
        self.widgets.draw(canvas, self.app.mouse)

    def _card(self, canvas: Canvas, line: SeatLine, x: float, y: float) -> None:
        from scenes import seat_colours

        canvas.fill_rect((0, 0, 0, 70), (x, y, CARD_W, CARD_H), radius=12)
        canvas.fill_rect(seat_colours.rgb(line.seat), (x + 12, y + 14, 22, 22), radius=4)
        canvas.text(line.name, (x + 44, y + 12), 22, theme.GOLD, role="sans_bold", max_width=CARD_W - 56)
        if line.place == DEVICE:
            words, colour = STATUS_WORDS.get(line.status, ("no link yet", theme.PAPER))
            canvas.text(words, (x + 14, y + 44), 16, colour, max_width=CARD_W - 28)
            if line.url and line.status != "connected":
                draw_qr(canvas, line.url, ((x + (CARD_W - QR_SIDE) / 2), y + 66, QR_SIDE, QR_SIDE))
                address = line.url.split("://", 1)[-1]
                where, _, token = address.partition("/s/")
                for n, part in enumerate((f"{where}/s/", token)):  # a link has no spaces to wrap at
                    canvas.text(
                        part,
                        (x + CARD_W / 2, y + 70 + QR_SIDE + 15 * n),
                        12,
                        theme.PAPER,
                        anchor="midtop",
                        max_width=CARD_W - 16,
                    )
            elif line.status == "connected":
                canvas.paragraph(
                    "Plays on their phone. A new link shuts this phone out.",
                    (x + CARD_W / 2, y + 110),
                    16,
                    theme.PAPER,
                    CARD_W - 40,
                    3,
                    anchor="midtop",
                )
        else:
            where = "at this screen" if line.place == SCREEN else f"{line.place} bot"
            canvas.text(where, (x + 14, y + 44), 16, theme.PAPER, max_width=CARD_W - 28)
