"""The end-of-game timeline of Babel Builders: who was what, and when each conversion happened.

One row per seat across the rounds (the deal, then round 1..n): the role held in that round as
a coloured band, the conversion marked with its round and how (deal, draw, swap), the Master's
crown and the Architect tokens of each round, and the Seals and Divine Punishment at the end.
Drawn only from the public view at the end of the game (roles and conversions are public then).
"""

from __future__ import annotations

import pygame

from babel.games.builders.model import BuildersView
from scenes import assets, seat_colours, theme
from scenes.canvas import Canvas
from scenes.core import Scene
from scenes.tables.builders.art import paint_architect_token, paint_master_token, paint_swatch
from scenes.widgets.basic import Button, WidgetGroup, panel

ROLE_COLOUR = {"architect": (70, 130, 200), "messenger": (150, 80, 190), "zealot": (200, 50, 40)}
ROLE_NAME = {"architect": "Architect", "messenger": "Messenger of God", "zealot": "Zealot"}


def role_at(view: BuildersView, seat: int, rnd: int) -> str:
    """The seat's role during round ``rnd`` (0 = the deal), from the final roles and conversions."""
    final = view.roles[seat].value
    if final != "zealot":
        return final
    conv = next((c for c in view.conversions if c.seat == seat), None)
    if conv is None or rnd >= conv.round:
        return "zealot"
    return "architect"


class TimelineScreen(Scene):
    opaque = False
    modal = True
    rules_game = "builders"

    def __init__(self, view: BuildersView, names: list[str]) -> None:
        self.view = view
        self.names = names
        self.widgets = WidgetGroup([Button((1330, 806, 200, 52), "Close (Esc)", self.dismiss, primary=True)])

    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_ESCAPE,
            pygame.K_t,
            pygame.K_RETURN,
            pygame.K_SPACE,
        ):
            self.dismiss()
            return True
        return True

    def draw(self, canvas: Canvas) -> None:
        v = self.view
        canvas.shade(210)  # the whole window, in place
        r = (40, 30, 1520, 840)
        panel(canvas, r, alpha=255)
        canvas.text("Who was what, and when", (800, 44), 40, theme.GOLD, role="title_bold", anchor="midtop")
        if not v.roles:
            canvas.text(
                "The timeline opens at the end of the game.", (800, 400), 24, theme.WHITE, anchor="center"
            )
            self.widgets.draw(canvas, self.app.mouse)
            return
        rounds = [entry.round for entry in v.log]
        cols = [0] + rounds
        left = 290
        right = 1340
        colw = min(150, (right - left) / max(1, len(cols)))
        top = 150
        rowh = min(62, 600 / v.players)
        # column heads: the deal, then each round with its Master
        for j, rnd in enumerate(cols):
            x = left + j * colw + colw / 2
            canvas.text(
                "Deal" if rnd == 0 else f"R{rnd}",
                (x, top - 46),
                20,
                theme.GOLD,
                role="sans_bold",
                anchor="midtop",
            )
            if rnd:
                entry = v.log[rnd - 1]
                res = sum(e.blocks for e in entry.effects if e.kind == "build")
                canvas.text(f"+{res} blocks", (x, top - 22), 12, theme.PAPER, anchor="midtop")
        end_x = left + len(cols) * colw + 10
        canvas.text("At the end", (end_x, top - 46), 20, theme.GOLD, role="sans_bold", anchor="topleft")
        for i in range(v.players):
            y = top + i * rowh
            final = v.roles[i].value
            px = canvas.px(22)
            look = seat_colours.index(i)
            sw = assets.surface(
                ("builders-icon", f"swatch{look}", px),
                lambda s=look, p=px: paint_swatch(s, p).convert_alpha(),
            )
            canvas.surface.blit(sw, sw.get_rect(center=canvas.pt((70, y + rowh / 2))))
            canvas.text(
                self.names[i], (88, y + rowh / 2 - 9), 18, theme.WHITE, anchor="midleft", max_width=190
            )
            canvas.text(
                ROLE_NAME[final],
                (88, y + rowh / 2 + 11),
                13,
                ROLE_COLOUR[final],
                role="sans_bold",
                anchor="midleft",
            )
            for j, rnd in enumerate(cols):
                x = left + j * colw
                role = role_at(v, i, rnd)
                band = (x + 2, y + 6, colw - 4, rowh - 12)
                canvas.fill_rect((*ROLE_COLOUR[role], 210), band, radius=6)
                if rnd:
                    entry = v.log[rnd - 1]
                    if entry.master == i:
                        self._icon(canvas, "master", paint_master_token, (x + 14, y + rowh / 2), 22)
                    if i in entry.appointed:
                        self._icon(
                            canvas, "architect", paint_architect_token, (x + colw - 14, y + rowh / 2), 20
                        )
            conv = next((c for c in v.conversions if c.seat == i), None)
            if conv is not None:
                j = cols.index(conv.round) if conv.round in cols else 0
                x = left + j * colw + colw / 2
                _badge(canvas, (x, y + rowh / 2), min(74, colw - 50), conv.how)
            notes = []
            if v.seals and v.seals[i] >= 0:
                notes.append(f"sealed {self.names[v.seals[i]]}")
            if v.result is not None:
                won = (v.result.team == "architects") == (final == "architect")
                notes.insert(0, "won" if won else "lost")
            if v.punishments and i in v.zealots and v.punishments[i] >= 0:
                notes.append(f"punished {self.names[v.punishments[i]]}")
            for k, note in enumerate(notes):
                canvas.text(
                    note,
                    (end_x, y + rowh / 2 + (k - (len(notes) - 1) / 2) * 16),
                    13,
                    theme.PAPER,
                    anchor="midleft",
                    max_width=1510 - end_x,
                )
        # the legend, two lines: the roles, then the marks
        ly = top + v.players * rowh + 16
        x = 90
        for role in ("architect", "zealot", "messenger"):
            canvas.fill_rect(ROLE_COLOUR[role], (x, ly, 28, 18), radius=4)
            canvas.text(ROLE_NAME[role], (x + 36, ly + 9), 16, theme.WHITE, anchor="midleft")
            x += 230
        ly += 40
        self._icon(canvas, "master", paint_master_token, (100, ly + 9), 24)
        canvas.text("Master of the round", (118, ly + 9), 16, theme.WHITE, anchor="midleft")
        self._icon(canvas, "architect", paint_architect_token, (330, ly + 9), 22)
        canvas.text("appointed Architect", (348, ly + 9), 16, theme.WHITE, anchor="midleft")
        _badge(canvas, (600, ly + 9), 74, "swap")
        canvas.text(
            "became a Zealot in that round: dealt, drew or took Divine Punishment in the swap",
            (648, ly + 9),
            16,
            theme.WHITE,
            anchor="midleft",
            max_width=1530 - 648,
        )
        if v.result is not None:
            team = "The Architects won" if v.result.team == "architects" else "The Messenger's team won"
            why = {
                "sealed": "the Messenger of God was sealed",
                "punishment": "Divine Punishment outweighed the Seals on the Messenger",
                "depletion": "the deck ran out before the tower was complete",
                "confirmation": "Divine Punishment was confirmed",
            }[v.result.reason]
            y = max(826, ly + 36)  # below the legend's second line (ten rows push it down)
            canvas.text(f"{team}: {why}.", (90, y), 20, theme.GOLD, anchor="midleft", max_width=1200)
        self.widgets.draw(canvas, self.app.mouse)

    def _icon(self, canvas: Canvas, key: str, paint, centre, size: float) -> None:
        px = canvas.px(size)
        img = assets.surface(("builders-icon", key, px), lambda: paint(px).convert_alpha())
        canvas.surface.blit(img, img.get_rect(center=canvas.pt(centre)))


HOW_SHORT = {"deal": "dealt", "draw": "drew", "swap": "in the swap"}


def _badge(canvas: Canvas, centre: tuple[float, float], w: float, how: str) -> None:
    """The conversion mark: "→ Zealot" over how it happened (dealt, drew, in the swap)."""
    x, y = centre
    r = (x - w / 2, y - 18, w, 36)
    canvas.fill_rect((30, 10, 8), r, radius=8)
    canvas.fill_rect((255, 170, 140), r, radius=8, width=1)
    ink = (255, 200, 180)
    canvas.text("→ Zealot", (x, y - 7), 12, ink, role="sans_bold", anchor="center", max_width=w - 6)
    canvas.text(HOW_SHORT.get(how, how), (x, y + 8), 11, ink, anchor="center", max_width=w - 6)
