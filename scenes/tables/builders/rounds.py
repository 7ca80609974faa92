"""Babel Builders' round log: every round played so far as the whole table saw it (who was
Master, whom they appointed, who handed or discarded a card, the cards revealed and what they
did, who became the next Master), then the round being played. It scrolls back to the first
round during the game. Only public record: a Master's received cards are never read."""

from __future__ import annotations

import pygame

from babel.games.builders import cards as C
from babel.games.builders.model import BuildersView, RoundLog
from scenes import theme
from scenes.canvas import Canvas
from scenes.tables.builders import layout as L
from scenes.tables.builders.draw import BuildersUi
from scenes.tables.builders.panels import current_lines, effect_text
from scenes.tables.builders.speech import log_lines
from scenes.widgets.basic import paper

LOG_TOP, LOG_BOTTOM = 372, 572  # the round sheet's lines (the Undo/Hint row is under it)
STYLE = (14, 20)  # text size and row

Line = tuple[str, tuple]


def log_rect(talk_top: int | None) -> pygame.Rect:
    """Where the lines go: under the round sheet's title, above the table talk when it shows."""
    bottom = (talk_top if talk_top is not None else LOG_BOTTOM) - 12
    return pygame.Rect(L.PANEL_X + 14, LOG_TOP, L.PANEL_W - 20, bottom - LOG_TOP)


def draw_cover(canvas: Canvas, covering: bool) -> None:
    """While the rounds are read back over the table talk, their paper covers the talk."""
    if covering:
        paper(canvas, (L.PANEL_X, LOG_TOP - 6, L.PANEL_W, LOG_BOTTOM - 8 - (LOG_TOP - 6)))


def log_entries(v: BuildersView, ui: BuildersUi) -> list[Line]:
    """The past rounds, oldest first, then this round's lines."""
    out: list[Line] = []
    for entry in v.log:
        out += past_round(v, ui, entry)
    now = current_lines(v, ui)
    if v.log and now:
        out.append((f"Round {v.round}, now:", theme.INK))
    return out + now


def past_round(v: BuildersView, ui: BuildersUi, entry: RoundLog) -> list[Line]:
    soft = theme.INK_SOFT
    out: list[Line] = [(f"Round {entry.round}: {ui.name(entry.master)} was Master", theme.INK)]
    out += log_lines(v, ui, entry.round)
    if entry.appointed:
        out.append(("appointed " + ", ".join(ui.name(s) for s in entry.appointed), soft))
    if entry.handed:
        out.append((_names(ui, entry.handed) + " handed a card to the Master", soft))
    if entry.discarded:
        out.append((_names(ui, entry.discarded) + " discarded", soft))
    if entry.swapped:
        out.append(("the Master swapped a card", soft))
    for e in entry.effects:
        out.append((effect_text(v, ui, e, live=False), theme.RED if e.kind in (C.STORM, C.LIGHTNING) else soft))
    built = sum(e.blocks for e in entry.effects if e.kind == C.BUILD and not e.void)
    struck = sum(len(e.cells) for e in entry.effects if e.kind == C.LIGHTNING)
    result = f"built {built}, struck {struck}"
    if entry.next_master >= 0:
        result += f"; {ui.name(entry.next_master)} is the next Master"
    out.append((result, soft))
    return out


def _names(ui: BuildersUi, seats: tuple[int, ...]) -> str:
    return ", ".join(ui.name(s) for s in seats)
