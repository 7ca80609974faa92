"""Babel Builders' spoken table talk (the option "talk"): the menu a person says one thing with,
the words each seat said as a short line by its plate, and the statements in the round log.

At the start of every round from the second, every seat in turn from the Master says one thing
or nothing (``actions.Talk``); in the Seal discussion, whom it takes for the Messenger
(``actions.Say``). The menu picks what to say (suspect, trust, hurt the tower, will not
appoint); the seat is picked as every seat is at this table, by clicking its plate or typing its
number, and Enter (or a second click) says it; N says nothing. Everything here is drawn from the
view's public talk record, the same for every viewer.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from babel.games.builders import actions as A
from babel.games.builders.model import BuildersView, Phase
from scenes import theme
from scenes.canvas import Canvas
from scenes.tables.builders import layout as L
from scenes.tables.builders.draw import BuildersUi
from scenes.widgets.basic import Button

# The menu's statements: kind, button words, key.
KINDS = (
    ("suspect", "I suspect…", pygame.K_s),
    ("trust", "I trust…", pygame.K_g),
    ("hurt", "…hurt the tower", pygame.K_d),
    ("shun", "I won't appoint…", pygame.K_x),
)
KEY_NAMES = {"suspect": "S", "trust": "G", "hurt": "D", "shun": "X"}
MENU = pygame.Rect(512, 548, 290, 118)  # between the deck and the supply, over the prompt line
BUTTON_W, BUTTON_H, GAP = 137, 40, 8
FINALE = (Phase.SEAL, Phase.DISCUSS, Phase.TARGET, Phase.PUNISH, Phase.OVER)
BUBBLE_INK = (38, 30, 22)
BUBBLE_PAPER = (250, 244, 228)


def talk_prompt(kind: str, picked: tuple[int, ...], name: Callable[[int], str]) -> str:
    """The prompt line while the talk menu is up."""
    if picked:
        return f'Say "{A.talk_line(kind, picked[-1], name(picked[-1]))}": Enter (or click again)'
    return f'Say "{A.TALK_WORDS[kind].format(x="…")}": click a player, then Enter (N: nothing)'


class TalkMenu:
    """The four statement buttons of the talk menu (the statement chosen lives in ``Choice``)."""

    def __init__(self, choose: Callable[[str], None]) -> None:
        self.buttons = []
        for k, (kind, label, key) in enumerate(KINDS):
            x = MENU.x + 8 + (k % 2) * (BUTTON_W + GAP)
            y = MENU.y + 26 + (k // 2) * (BUTTON_H + GAP)
            rect = (x, y, BUTTON_W, BUTTON_H)
            self.buttons.append(
                Button(rect, f"{label} ({KEY_NAMES[kind]})", lambda k=kind: choose(k), key, size=14)
            )
        self.kinds = [kind for kind, _label, _key in KINDS]

    def update(self, legal: tuple, acting: bool, chosen: str) -> None:
        on = acting and bool(legal) and isinstance(legal[0], A.Talk)
        offered = {a.kind for a in legal} if on else set()
        for kind, button in zip(self.kinds, self.buttons):
            button.visible = on
            button.enabled = kind in offered
            button.primary = kind == chosen


def menu_up(ui: BuildersUi) -> bool:
    return ui.kind is A.Talk


def draw_menu_back(canvas: Canvas, ui: BuildersUi) -> None:
    """The paper the talk menu's buttons sit on, with its title."""
    if not menu_up(ui):
        return
    canvas.fill_rect((20, 14, 8, 215), MENU, radius=12)
    canvas.text("Say to the table:", (MENU.x + 12, MENU.y + 5), 15, theme.GOLD, role="sans_bold")


def spoken_now(v: BuildersView, ui: BuildersUi) -> dict[int, tuple[str, bool]]:
    """Each seat's words to show by its plate now, and whether they say something (False:
    nothing): this round's statements all round ("nothing" only while the table talks), the
    Seal discussion while it is on."""
    out: dict[int, tuple[str, bool]] = {}
    if v.phase not in FINALE:
        for rnd, seat, kind, subject in v.talk:
            if rnd == v.round and (subject is not None or v.phase is Phase.TALK):
                words = A.talk_line(kind, subject, ui.name(subject) if subject is not None else None)
                out[seat] = (words, subject is not None)
    elif v.phase in (Phase.DISCUSS, Phase.TARGET) and v.said and not ui.busy:
        for seat, suspect in enumerate(v.said):
            if suspect >= 0:
                out[seat] = (f"I take {ui.name(suspect)} for the Messenger", True)
            elif suspect == -1:
                out[seat] = (A.TALK_WORDS["nothing"], False)
    return out


def draw_bubbles(canvas: Canvas, v: BuildersView, ui: BuildersUi) -> None:
    """A short spoken line over each seat that has spoken."""
    anchors = ui.anchors or {}
    for seat, (words, said) in spoken_now(v, ui).items():
        if seat not in anchors:
            continue
        plate = L.plate_rect(anchors[seat])
        size = 14
        w = min(250, round(canvas.text_size(words, size)[0]) + 24)
        r = pygame.Rect(0, 0, w, 26)
        r.midbottom = (plate.centerx, plate.top - 8)
        r.clamp_ip(L.FELT.inflate(-8, -8))
        canvas.fill_rect((0, 0, 0, 70), r.move(2, 3), radius=12)
        canvas.fill_rect(BUBBLE_PAPER if said else (214, 208, 194), r, radius=12)
        tail = [(r.centerx - 7, r.bottom - 1), (r.centerx + 7, r.bottom - 1), (r.centerx, r.bottom + 7)]
        canvas.polygon(BUBBLE_PAPER if said else (214, 208, 194), tail)
        ink = BUBBLE_INK if said else theme.INK_SOFT
        canvas.text(words, r.center, size, ink, anchor="center", max_width=r.w - 14)


def log_lines(v: BuildersView, ui: BuildersUi, rnd: int) -> list[tuple[str, tuple]]:
    """Round ``rnd``'s table talk for the round log, in speaking order."""
    out = []
    for r, seat, kind, subject in v.talk:
        if r != rnd:
            continue
        if subject is None:
            out.append((f"{ui.name(seat)} says nothing", theme.INK_SOFT))
        else:
            words = A.talk_line(kind, subject, ui.name(subject))
            out.append((f"{ui.name(seat)}: \u201c{words}\u201d", theme.INK))
    return out


SHORT = {"suspect": "suspects", "trust": "trusts", "hurt": "blames", "shun": "shuns"}


def timeline_words(v: BuildersView, names: list[str], seat: int, rnd: int) -> str:
    """What ``seat`` said in round ``rnd``'s talk, in two or three words (the end's timeline)."""
    for r, s, kind, subject in v.talk:
        if r == rnd and s == seat and subject is not None and 0 <= subject < len(names):
            return f"{SHORT[kind]} {names[subject]}"
    return ""
