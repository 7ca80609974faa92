"""The duel's painters: the table and the die's home, the name plates, the fans, the slots, the
prompt and the side panel with the scores and the rounds sheet.

Every painter takes the view, a ``DuelUi`` (the small state of the screen, built by the table
each frame) and the sprites to draw, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from babel.games.duel.model import DuelView, Phase, RoundKind, RoundRecord, card_text
from scenes import seat_colours, theme
from scenes.canvas import Canvas
from scenes.tables.duel.animate import DuelSprites
from scenes.tables.duel.layout import CENTRE_DIE, FELT, PANEL_W, PANEL_X, PROMPT_POS, Seating
from scenes.widgets.basic import paper
from scenes.widgets.cards import CardSprite

LOG_RECT = (PANEL_X + 14, 414, PANEL_W - 20, 338)  # the rounds sheet's lines (the table's scrolling log)
HOVER_LIFT = 16


@dataclass(frozen=True)
class DuelUi:
    """What the screen adds to the view: names, the viewer's playable cards, the hover, a card
    chosen early and whether the table still moves (the rounds sheet's lines are the table's log)."""

    names: tuple[str, ...]
    seating: Seating
    legal: frozenset[int] = frozenset()
    busy: bool = False
    hover: int | None = None
    queued: int | None = None
    watching_bots: bool = False  # only bots play: nobody at the screen or on a device
    board: tuple | None = None  # Builder, scores, die and round number as shown

    def shown(self, v: DuelView) -> tuple[int | None, tuple[int, ...], int, int]:
        """The Builder, the scores, the die and the round as the table has shown them: a
        round's outcome only once its cards have turned over (``board``), else the view's."""
        return self.board if self.board is not None else (v.builder, v.scores, v.die, v.round)

    def name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.names[seat]

    def lift(self, v: DuelView, seat: int, card: int) -> float:
        """How far a card of a fan is raised: the viewer's playable card under the mouse."""
        return HOVER_LIFT if self.hovered(v, seat, card) else 0

    def hovered(self, v: DuelView, seat: int, card: int) -> bool:
        return seat == v.seat and card in self.legal and not self.busy and card == self.hover


# -- the rounds sheet's words -------------------------------------------------------------------
def outcome_words(kind: str, winner: int | None, before: int | None, points: int, name: Callable) -> str:
    k = RoundKind(kind)
    if k is RoundKind.JOKER:
        return "one Joker, die to the centre" if before is not None else "one Joker, nothing happens"
    if k is RoundKind.CENTRE_TIE:
        return "tie, nobody builds"
    if k is RoundKind.TIE_ABOVE:
        return f"tie above {name(before)}, die to the centre"
    if k is RoundKind.NEW_BUILDER:
        return f"{name(winner)} becomes Builder"
    if winner is None:
        return "two Jokers, die stays in the centre"
    return f"{name(winner)} builds, +{points}"


def history_lines(history: Sequence[RoundRecord], name: Callable) -> list[str]:
    """One sheet line per round played: the cards, then what came of them."""
    lines, before = [], None
    for number, r in enumerate(history, 1):
        cards = " · ".join(card_text(c) for c in r.cards)
        lines.append(f"{number}. {cards}: " + outcome_words(r.kind.value, r.winner, before, r.points, name))
        before = r.builder
    return lines


def event_line(v: DuelView, d: dict, name: Callable) -> str:
    """The sheet line of a ``round`` event's data."""
    texts = " · ".join(card_text(c) for c in v.history[d["round"] - 1].cards)
    words = outcome_words(d["kind"], d["winner"], d["builder_before"], d["points"], name)
    return f"{d['round']}. {texts}: {words}"


# -- the painters -------------------------------------------------------------------------------
def draw_still(
    canvas: Canvas, v: DuelView, ui: DuelUi, sprites: DuelSprites, resting: tuple[int, ...]
) -> None:
    """The table, the die's home, plates, slots, hands at rest and the panel."""
    canvas.table(felt=FELT)
    canvas.circle(theme.FELT_DARK, CENTRE_DIE, 44)
    canvas.circle(theme.GOLD_DARK, CENTRE_DIE, 44, width=2)
    for seat in range(v.players):
        draw_plate(canvas, v, ui, seat)
        sx, sy = ui.seating.slot_pos(seat)
        w, h = theme.CARD_W + 10, theme.CARD_H + 10
        canvas.fill_rect(theme.FELT_DARK, (sx - w / 2, sy - h / 2, w, h), radius=12)
        canvas.fill_rect((*theme.GOLD_DARK, 255), (sx - w / 2, sy - h / 2, w, h), radius=12, width=1)
        if seat in resting:
            draw_hand(canvas, v, ui, seat, sprites.hands[seat])
    draw_panel(canvas, v, ui)


def draw_moving(
    canvas: Canvas, v: DuelView, ui: DuelUi, sprites: DuelSprites, resting: tuple[int, ...]
) -> None:
    """What moves over the still layer: fans in motion, the slots, the die, the points."""
    for seat in range(v.players):
        if seat not in resting:
            draw_hand(canvas, v, ui, seat, sprites.hands[seat])
    for seat, sprite in sprites.slots.items():
        sprite.draw(canvas, highlight=sprites.winner_glow == seat)
    if v.seat is not None and v.my_choice is not None and v.seat in sprites.slots:
        sx, sy = ui.seating.slot_pos(v.seat)
        canvas.text(f"your card: {card_text(v.my_choice)}", (sx - 70, sy), canvas.ts(18), theme.PAPER, anchor="midright")
    sprites.die.draw(canvas)
    for text, pos, tween in sprites.floaters:
        if not tween.done:
            canvas.text(
                text, (pos[0], pos[1] - 50 * tween.t), 40, theme.GOLD, role="sans_bold", anchor="center"
            )
    draw_prompt(canvas, v, ui)


def draw_hand(canvas: Canvas, v: DuelView, ui: DuelUi, seat: int, cards: Sequence[CardSprite]) -> None:
    mine = seat == v.seat
    for sprite in cards:
        if sprite.hidden:
            continue
        playable = mine and sprite.face in ui.legal
        hovered = ui.hovered(v, seat, sprite.face)
        lift = HOVER_LIFT if hovered else 0
        sprite.draw(canvas, highlight=hovered, dim=mine and bool(ui.legal) and not playable, lift=lift)


def draw_plate(canvas: Canvas, v: DuelView, ui: DuelUi, seat: int) -> None:
    over = v.phase is Phase.OVER
    choosing = not over and not v.committed[seat] and not ui.busy
    name = ui.name(seat)
    status = "choosing…" if choosing else ("chosen" if not over and v.committed[seat] else "")
    builder = ui.shown(v)[0]
    if builder == seat:
        status = "Builder" + (f" · {status}" if status else "")
    r = plate_box(canvas, ui, seat, name, status)
    if choosing:
        canvas.glow(r, theme.HIGHLIGHT, radius=12)
    canvas.fill_rect((26, 18, 12, 220), r, radius=12)
    seat_colours.draw_dot(canvas, seat, (r.x + 22, r.centery), 10)
    status_w = canvas.text_size(status, min(canvas.ts(16), max(canvas.least, r.h * 0.55)), "condensed")[0] if status else 0
    room = r.w - 40 - 14 - (status_w + 12 if status else 0)
    size = canvas.fit(name, 21, room, most=r.h * 0.62)
    canvas.text(name, (r.x + 40, r.centery), size, theme.WHITE, anchor="midleft", max_width=room)
    room = r.w - 14 - 40 - min(room, canvas.text_size(name, size)[0]) - 12  # right of the name
    colour = theme.GOLD if builder == seat else theme.PAPER_DARK
    status_size = canvas.fit(status, 16, room, "condensed", most=r.h * 0.55)
    canvas.text(
        status, (r.right - 14, r.centery), status_size, colour, role="condensed", anchor="midright", max_width=room
    )


PLATE_MOST = 520  # a plate widens up to this for its words at a larger text size or a small window


def plate_box(canvas: Canvas, ui: DuelUi, seat: int, name: str, status: str) -> pygame.Rect:
    """A seat's plate, as wide as its name and status need at the text size (from the layout's
    width up to ``PLATE_MOST``, about its centre)."""
    r = ui.seating.plate_rect(seat)
    most = max(canvas.least, r.h * 0.55)
    need = 40 + canvas.text_size(name, min(canvas.ts(21), most))[0] + 14
    if status:
        need += 12 + canvas.text_size(status, min(canvas.ts(16), most), "condensed")[0]
    w = min(PLATE_MOST, max(r.w, round(need)))
    return pygame.Rect(r.centerx - w // 2, r.y, w, r.h)


def prompt_text(v: DuelView, ui: DuelUi) -> str:
    if v.phase is Phase.OVER:
        return ""
    if ui.queued is not None:
        return f"Your {card_text(ui.queued)} is chosen: it is played when the table settles"
    if ui.legal and not ui.busy:
        return "Choose a card: click it, or press 2-9, 0 = 10, J Q K A, X = Joker"
    if v.seat is None:
        return "Watching the bots" if ui.watching_bots else ""
    if v.committed[v.seat]:
        waiting = [ui.name(s) for s in range(v.players) if not v.committed[s]]
        return f"Waiting for {', '.join(waiting)}" if waiting else ""
    return ""


def draw_prompt(canvas: Canvas, v: DuelView, ui: DuelUi) -> None:
    msg = prompt_text(v, ui)
    if msg:
        canvas.text(msg, PROMPT_POS, canvas.fit(msg, 19, 1100, most=30), theme.PAPER, anchor="center", max_width=1100)


def draw_panel(canvas: Canvas, v: DuelView, ui: DuelUi) -> None:
    """The scores sheet and the rounds sheet's heading; the words follow the text size, the rows
    spread apart for them."""
    x, w = PANEL_X, PANEL_W
    paper(canvas, (x, 24, w, 330))
    canvas.text("Tower of Babel", (x + w / 2, 36), 30, theme.INK, role="title_bold", anchor="midtop")
    builder, scores, die, rnd = ui.shown(v)
    rnd = min(rnd, v.rounds)
    title = f"Round {rnd} of {v.rounds}" if v.phase is not Phase.OVER else "Game over"
    size = canvas.fit(title, 20, w - 20)
    canvas.text(title, (x + w / 2, 76), size, theme.INK_SOFT, anchor="midtop", max_width=w - 20)
    name_h = canvas.text_size("Ag", canvas.ts(22))[1]
    step = max(44.0, name_h * 1.08)
    y = max(118.0, 76 + canvas.text_size(title, size)[1] + 6 + name_h / 2 - 14)
    for seat in range(v.players):
        seat_colours.draw_dot(canvas, seat, (x + 26, y + 14), 10)
        name = ui.name(seat)
        score = str(scores[seat])
        score_size = max(28, canvas.ts(22))
        score_w = canvas.text_size(score, score_size, "sans_bold")[0]
        room = w - 44 - 22 - score_w - 10
        if builder == seat:
            label = f"die {die}"
            label_size = canvas.ts(16)
            right = x + w - 22 - score_w - 10
            canvas.text(label, (right, y + 14), label_size, theme.GOLD_DARK, role="sans_bold", anchor="midright")
            room -= canvas.text_size(label, label_size, "sans_bold")[0] + 8
        size = canvas.fit(name, 22, room)
        canvas.text(name, (x + 44, y + 14), size, theme.INK, anchor="midleft", max_width=room)
        canvas.text(score, (x + w - 22, y + 14), score_size, theme.INK, role="sans_bold", anchor="midright")
        y += step
    words = "Die in the centre" if builder is None else f"{ui.name(builder)} is the Builder"
    size = canvas.fit(words, 18, w - 20)
    canvas.text(words, (x + w / 2, 348), size, theme.INK_SOFT, anchor="midbottom", max_width=w - 20)
    paper(canvas, (x, 370, w, 386))
    # its lines are the table's log; the heading grows no taller than the room above them
    canvas.text("Rounds", (x + 16, 380), max(canvas.least, min(canvas.ts(22), 28)), theme.INK, role="title_bold")
    keys = max(canvas.least, min(canvas.ts(12), 20))
    canvas.text("PgUp/PgDn", (x + w - 14, 382), keys, theme.INK_SOFT, anchor="topright")
