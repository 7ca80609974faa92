"""The end-of-game timeline of Babel Builders: who was what, and when each conversion happened.

One row per seat across the rounds (the deal, then round 1..n): the role held in that round as
a coloured band, the conversion marked with its round and how (deal, draw, swap), the Master's
crown and the Architect tokens of each round, what the seat said in the round's table talk, and
the Seals and Divine Punishment at the end.
Drawn only from the public view at the end of the game (roles and conversions are public then).
"""

from __future__ import annotations

import pygame

from babel.games.builders.model import BuildersView
from scenes import assets, seat_colours, theme, wording
from scenes.canvas import Canvas
from scenes.core import Scene
from scenes.tables.builders.art import paint_architect_token, paint_master_token, paint_swatch
from scenes.tables.builders.speech import timeline_words
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
        panel(canvas, (40, 30, 1520, 840), alpha=255)
        canvas.text("Who was what, and when", (800, 44), 40, theme.GOLD, role="title_bold", anchor="midtop")
        if not v.roles:
            canvas.text(
                "The timeline opens at the end of the game.", (800, 400), 24, theme.WHITE, anchor="center"
            )
        else:
            draw_timeline(canvas, v, self.names)
        self.widgets.draw(canvas, self.app.mouse)


def _icon(canvas: Canvas, key: str, paint, centre, size: float) -> None:
    px = canvas.px(size)
    img = assets.surface(("builders-icon", key, px), lambda: paint(px).convert_alpha())
    canvas.surface.blit(img, img.get_rect(center=canvas.pt(centre)))


class _Grid:
    """Where the columns (the deal, then each round) and the rows (one per seat) lie."""

    def __init__(self, v: BuildersView) -> None:
        self.cols = [0] + [entry.round for entry in v.log]
        self.left = 290
        self.colw = min(150, (1340 - self.left) / max(1, len(self.cols)))
        self.top = 150
        self.rowh = min(62, 600 / v.players)
        self.end_x = self.left + len(self.cols) * self.colw + 10


def draw_timeline(canvas: Canvas, v: BuildersView, names: list[str]) -> None:
    g = _Grid(v)
    _draw_heads(canvas, v, g)
    for i in range(v.players):
        _draw_row(canvas, v, names, g, i)
    ly = _draw_legend(canvas, g.top + v.players * g.rowh + 16)
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


def _draw_heads(canvas: Canvas, v: BuildersView, g: _Grid) -> None:
    """Column heads: the deal, then each round with the blocks it built."""
    for j, rnd in enumerate(g.cols):
        x = g.left + j * g.colw + g.colw / 2
        canvas.text(
            "Deal" if rnd == 0 else f"R{rnd}",
            (x, g.top - 46),
            20,
            theme.GOLD,
            role="sans_bold",
            anchor="midtop",
        )
        if rnd:
            entry = v.log[rnd - 1]
            res = sum(e.blocks for e in entry.effects if e.kind == "build")
            canvas.text(f"+{wording.count(res, 'block')}", (x, g.top - 22), 12, theme.PAPER, anchor="midtop")
    canvas.text("At the end", (g.end_x, g.top - 46), 20, theme.GOLD, role="sans_bold", anchor="topleft")


def _draw_row(canvas: Canvas, v: BuildersView, names: list[str], g: _Grid, i: int) -> None:
    """One seat: its name and final role, its role band per round with tokens, its conversion
    and how it ended."""
    y = g.top + i * g.rowh
    mid = y + g.rowh / 2
    final = v.roles[i].value
    px = canvas.px(22)
    look = seat_colours.index(i)
    sw = assets.surface(
        ("builders-icon", f"swatch{look}", px),
        lambda s=look, p=px: paint_swatch(s, p).convert_alpha(),
    )
    canvas.surface.blit(sw, sw.get_rect(center=canvas.pt((70, mid))))
    canvas.text(names[i], (88, mid - 9), 18, theme.WHITE, anchor="midleft", max_width=190)
    canvas.text(ROLE_NAME[final], (88, mid + 11), 13, ROLE_COLOUR[final], role="sans_bold", anchor="midleft")
    for j, rnd in enumerate(g.cols):
        x = g.left + j * g.colw
        canvas.fill_rect(
            (*ROLE_COLOUR[role_at(v, i, rnd)], 210), (x + 2, y + 6, g.colw - 4, g.rowh - 12), radius=6
        )
        if rnd:
            entry = v.log[rnd - 1]
            if entry.master == i:
                _icon(canvas, "master", paint_master_token, (x + 14, mid), 22)
            if i in entry.appointed:
                _icon(canvas, "architect", paint_architect_token, (x + g.colw - 14, mid), 20)
            said = timeline_words(v, names, i, rnd)
            if said:  # what the seat said at the start of the round (table talk)
                canvas.text(
                    said,
                    (x + g.colw / 2, y + g.rowh - 8),
                    11,
                    theme.WHITE,
                    anchor="midbottom",
                    max_width=g.colw - 10,
                )
    conv = next((c for c in v.conversions if c.seat == i), None)
    if conv is not None:
        j = g.cols.index(conv.round) if conv.round in g.cols else 0
        _badge(canvas, (g.left + j * g.colw + g.colw / 2, mid), min(74, g.colw - 50), conv.how)
    notes = _end_notes(v, names, i, final)
    for k, note in enumerate(notes):
        canvas.text(
            note,
            (g.end_x, mid + (k - (len(notes) - 1) / 2) * 16),
            13,
            theme.PAPER,
            anchor="midleft",
            max_width=1510 - g.end_x,
        )


def _end_notes(v: BuildersView, names: list[str], i: int, final: str) -> list[str]:
    notes = []
    if v.seals and v.seals[i] >= 0:
        notes.append(f"sealed {names[v.seals[i]]}")
    if v.result is not None:
        won = (v.result.team == "architects") == (final == "architect")
        notes.insert(0, "won" if won else "lost")
    if v.punishments and i in v.zealots and v.punishments[i] >= 0:
        notes.append(f"punished {names[v.punishments[i]]}")
    return notes


def _draw_legend(canvas: Canvas, ly: float) -> float:
    """The legend, two lines: the roles, then the marks; returns the second line's y."""
    x = 90
    for role in ("architect", "zealot", "messenger"):
        canvas.fill_rect(ROLE_COLOUR[role], (x, ly, 28, 18), radius=4)
        canvas.text(ROLE_NAME[role], (x + 36, ly + 9), 16, theme.WHITE, anchor="midleft")
        x += 230
    ly += 40
    _icon(canvas, "master", paint_master_token, (100, ly + 9), 24)
    canvas.text("Master of the round", (118, ly + 9), 16, theme.WHITE, anchor="midleft")
    _icon(canvas, "architect", paint_architect_token, (330, ly + 9), 22)
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
    return ly


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
