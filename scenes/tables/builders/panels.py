"""Babel Builders table panels: the blueprint and round papers, the Master's private check,
the prompt line, the banners of the staged reveals, the role note and the role card peek.

Painters take the view and the table's ``BuildersUi`` and change neither; the texts (prompt,
role note, curtain reasons, end lines) are pure functions of the view and the names.
"""

from __future__ import annotations

import pygame

from babel.games.builders import actions as A
from babel.games.builders import cards as C
from babel.games.builders.model import BuildersView, Phase
from babel.games.builders.phases import discussion_order
from scenes import assets, keymap, theme, wording
from scenes.canvas import Canvas
from scenes.table_lesson import Clear
from scenes.tables.builders import layout as L
from scenes.tables.builders.art import paint_role_card
from scenes.tables.builders.draw import PROMPT_BAR, BuildersUi, acting_seats, face
from scenes.tables.builders.speech import log_lines, talk_prompt
from scenes.tables.builders.talk import draw_talk
from scenes.widgets.basic import paper

MET = (72, 150, 84)


def card_label(card: int) -> str:
    """A card's name for a sentence: "2 blocks (A1/A2)" rather than the card's "2 blocks: A1/A2"."""
    info = C.CARDS[card]
    if info.kind == C.BUILD:
        return f"{wording.count(info.blocks, 'block')} ({'/'.join(C.CELL_NAMES[i] for i in info.cells)})"
    return C.card_name(card)


def draw_peek(canvas: Canvas, v: BuildersView) -> None:
    w, h = 220, 308
    x, y = L.ROLE_CARD[0] - w / 2 - 30, L.ROLE_CARD[1] - h - 60
    r = (x, y, w, h)
    canvas.shadow_rect(r, radius=14, offset=(6, 10))
    sr = canvas.rect(r)
    role = v.role.value
    img = assets.surface(
        ("builders-role", role, sr.w, sr.h), lambda: paint_role_card(role, sr.w, sr.h).convert_alpha()
    )
    canvas.surface.blit(img, sr.topleft)
    conv = v.my_conversion
    if conv is not None:
        text = "Zealot since the deal" if conv.round == 0 else f"Zealot since round {conv.round} ({conv.how})"
        size = canvas.fit(text, 15, w + 10, most=24, whole=True)  # the box grows with its words
        tall = max(30, size * 1.3)
        canvas.fill_rect((30, 20, 12, 230), (x - 10, y + h + 6, w + 20, tall), radius=8)
        canvas.text(text, (x + w / 2, y + h + 6 + tall / 2), size, theme.HIGHLIGHT, anchor="center", max_width=w + 10)


# -- the Master's private check ----------------------------------------------------------------------
def check_notes(v: BuildersView) -> list[str]:
    """The lines under the cards of the private check."""
    notes = []
    if any(C.CARDS[c].kind == C.STORM for c in v.received):
        notes.append(
            "Storm revealed: every instruction card this round is void (Lightning and Deliberation still act)."
        )
    if any(C.is_punishment(c) for c in v.received):
        notes.append(
            "Divine Punishment received: you must take it"
            + (" and become a Zealot." if v.role and v.role.value == "architect" else ".")
        )
    if any(C.is_punishment(c) for c in v.hand):
        notes.append("You hold Divine Punishment: give up a card that is not one.")
    notes.append(
        "Click the card to take into your hand, then the card from your hand to give up (face down)."
    )
    return notes


def check_rect(v: BuildersView) -> pygame.Rect:
    return pygame.Rect(238, 150, 770, 300 + 22 * len(check_notes(v)))


def draw_check(canvas: Canvas, v: BuildersView, ui: BuildersUi) -> None:
    size = max(min(canvas.ts(15), 24), canvas.least)  # the sheet's words; it grows down for their rows
    rows = [row for line in check_notes(v) for row in canvas.wrap(line, size, 740)]
    sheet = check_rect(v)
    sheet.h = max(sheet.h, round(436 - sheet.y + len(rows) * size * 1.2 + 10))
    paper(canvas, sheet)
    canvas.text("Your private check", (623, 158), 30, theme.INK, role="title_bold", anchor="midtop")
    sub = "The cards handed to you, shuffled: nobody can tell who handed in which."
    if canvas.text_size(sub, canvas.ts(16))[0] > 740:
        sub = "Handed to you, shuffled: nobody can tell who gave which."
    canvas.text(sub, (623, 196), canvas.fit(sub, 16, 740, most=26, whole=True), theme.INK_SOFT, anchor="midtop", max_width=740)
    takes = {a.take for a in ui.legal}
    for card, rect in L.received_rects(v.received):
        kind = C.CARDS[card].kind
        storm = kind == C.STORM
        chosen = card == ui.sel_take
        hovered = ui.hover == ("received", card) and card in takes
        face(
            canvas,
            card,
            rect.center,
            (theme.CARD_W, theme.CARD_H),
            highlight=chosen or hovered,
            dim=card not in takes,
            lift=20 if chosen else (8 if hovered else 0),
        )
        if chosen:
            canvas.text(
                "take", (rect.centerx, rect.bottom + 4), size, theme.INK, role="sans_bold", anchor="midtop"
            )
        elif storm:
            canvas.text(
                "revealed",
                (rect.centerx, rect.bottom + 4),
                size,
                theme.RED,
                role="sans_bold",
                anchor="midtop",
            )
    y = 436
    for row in rows:
        canvas.text(row, (623, y), size, theme.INK, anchor="midtop", max_width=740)
        y += size * 1.2


# -- the side panel ------------------------------------------------------------------------------------
def _draw_blueprint_sheet(canvas: Canvas, v: BuildersView, ui: BuildersUi) -> None:
    """The blueprint: each cell's need against what stands on it."""
    x, w = L.PANEL_X, L.PANEL_W
    paper(canvas, (x, 16, w, 300))
    bp = v.blueprint
    tag = {"published": "published", "edition": "this edition's own", "custom": "custom"}.get(
        bp.source, bp.source
    )
    head = "Blueprint: " + bp.name
    canvas.text(head, (x + 14, 20), canvas.fit(head, 24, w - 28, "title_bold", most=28), theme.INK, role="title_bold", max_width=w - 28)
    canvas.text(
        tag,
        (x + 14, 52),
        canvas.fit(tag, 14, w - 28, "sans_bold", most=24),
        theme.INK_SOFT if bp.source == "published" else theme.RED,
        role="sans_bold",
        max_width=w - 28,
    )
    cell, cw = 60, 70  # wider than high: a cell's name and need side by side over what is built
    gx0 = x + (w - 3 * cw) / 2
    gy0 = 82
    met_count = 0
    size = max(min(canvas.ts(12), 24), canvas.least)  # a cell's two lines: name and need, then built
    for i in range(9):
        cx, cy = gx0 + (i % 3) * cw, gy0 + (i // 3) * cell
        need = bp.cells[i]
        have = ui.heights[i]
        met = need and have >= need
        met_count += bool(met)
        fill = (196, 226, 184) if met else ((236, 222, 190) if need else (226, 216, 196))
        canvas.fill_rect(fill, (cx + 2, cy + 2, cw - 4, cell - 4), radius=6)
        canvas.fill_rect(
            MET if met else theme.PAPER_DARK,
            (cx + 2, cy + 2, cw - 4, cell - 4),
            radius=6,
            width=2 if met else 1,
        )
        canvas.text(C.CELL_NAMES[i], (cx + 6, cy + 3), size, theme.INK_SOFT, role="condensed")
        if need:
            canvas.text(str(need), (cx + cw - 6, cy + 3), size, theme.INK, role="sans_bold", anchor="topright")
        canvas.text(
            f"{have}" + (" ✓" if met else ""),
            (cx + cw - 6, cy + cell - 1),
            size,
            MET if met else theme.INK_SOFT,
            role="sans_bold" if met else "sans",
            anchor="bottomright",
        )
    cells_needed = sum(1 for n in bp.cells if n)
    summary = f"{met_count} of {cells_needed} cells met · {wording.count(sum(ui.heights), 'block')} built"
    if canvas.text_size(summary, canvas.ts(15))[0] > w - 20:
        summary = f"{met_count}/{cells_needed} cells met · {sum(ui.heights)} built"
    canvas.text(summary, (x + w / 2, 262), canvas.fit(summary, 15, w - 20, most=24, whole=True), theme.INK, anchor="midtop", max_width=w - 20)
    legend = "bold: blocks needed · under: built so far"
    if canvas.text_size(legend, canvas.ts(12))[0] > w - 20:
        legend = "bold: need · under: built"
    canvas.text(
        legend, (x + w / 2, 288), canvas.fit(legend, 12, w - 20, most=24, whole=True), theme.INK_SOFT, anchor="midtop", max_width=w - 20
    )


def draw_panel(canvas: Canvas, v: BuildersView, ui: BuildersUi) -> None:
    """The side panel: the blueprint sheet, the round log and (when on) the table talk."""
    _draw_blueprint_sheet(canvas, v, ui)
    x, w = L.PANEL_X, L.PANEL_W
    talk = ui.talk is not None
    top = ui.talk_top if talk else 572  # the log ends above the Undo/Hint row
    paper(canvas, (x, 328, w, top - 8 - 328))
    finale = (Phase.SEAL, Phase.DISCUSS, Phase.TARGET, Phase.PUNISH)
    title = (
        "Game over" if v.phase is Phase.OVER else "The finale" if v.phase in finale else f"Round {v.round}"
    )
    size = canvas.fit(title, 24, w - 28, "title_bold", most=28)
    canvas.text(title, (x + 14, 334), size, theme.INK, role="title_bold", max_width=w - 28)
    master = f"Master: {ui.name(ui.master_shown)}"
    room = w - 28 - canvas.text_size(title, size, "title_bold")[0] - 12  # right of the title
    size = canvas.fit(master, 15, room, most=20)
    canvas.text(master, (x + w - 14, 342), size, theme.INK_SOFT, anchor="topright", max_width=room)
    if talk:  # the round sheet's lines are the table's scrolling log (``rounds``)
        draw_talk(canvas, v, ui)


def current_lines(v: BuildersView, ui: BuildersUi) -> list[tuple[str, tuple]]:
    out: list[tuple[str, tuple]] = []
    if v.phase is Phase.OVER:
        return out
    out += log_lines(v, ui, v.round)
    if v.appointed:
        out.append(("Appointed: " + ", ".join(ui.name(s) for s in v.appointed), theme.INK))
    if v.received_count:
        out.append((f"{wording.count(v.received_count, 'card')} handed to the Master", theme.INK))
    if v.swapped:
        out.append(("The Master swapped a card", theme.INK))
    for e in v.effects:
        out.append(
            (effect_text(v, ui, e), theme.RED if e.kind in (C.STORM, C.LIGHTNING) or e.void else theme.INK)
        )
    return out + finale_lines(v, ui)


def finale_lines(v: BuildersView, ui: BuildersUi) -> list[tuple[str, tuple]]:
    """The Seal and Divine Punishment phases, as far as the staged reveal has shown them."""
    if v.phase not in (Phase.SEAL, Phase.DISCUSS, Phase.TARGET, Phase.PUNISH):
        return []
    out: list[tuple[str, tuple]] = [("The tower meets the blueprint.", MET)]
    if v.phase is Phase.SEAL:
        out.append(("Seal step 1: everyone declares in secret", theme.INK))
    out += seal_step_lines(v, ui)
    if "seals" in ui.stage and v.seals:
        used = [(h, t) for h, t in enumerate(v.seals) if t >= 0]
        for h, target in used:
            out.append((f"{ui.name(h)} sealed {ui.name(target)}", theme.RED))
        if not used and any(t == -1 for t in v.seals):
            out.append(("Nobody used a Seal.", theme.INK))
        elif not used:
            out.append(("No Architect held a Seal: no Seal phase.", theme.INK))
    if "zealots" in ui.stage:
        for z, n in zip(v.zealots, v.zealot_cards):
            out.append((f"Zealot {ui.name(z)}: {wording.count(n, 'Divine Punishment card')}", theme.RED))
        if not v.zealots:
            out.append(("No Zealot stands up.", theme.INK))
    return out


def seal_step_lines(v: BuildersView, ui: BuildersUi) -> list[tuple[str, tuple]]:
    """Steps 1-3 of the Seal phase as the table saw them: the users, the discussion, the targets."""
    out: list[tuple[str, tuple]] = []
    if "users" not in ui.stage:
        return out
    if v.seal_users:
        out.append(("Using a Seal: " + ", ".join(ui.name(s) for s in v.seal_users), theme.INK))
    elif v.phase is not Phase.SEAL:
        out.append(("Nobody declares a Seal.", theme.INK))
    for seat, suspect in said_lines(v):
        text = "says nothing" if suspect < 0 else f"takes {ui.name(suspect)} for the Messenger"
        out.append((f"{ui.name(seat)} {text}", theme.INK_SOFT if suspect < 0 else theme.INK))
    if v.phase is Phase.TARGET:
        out.append(("Seal step 3: the users choose targets in secret", theme.INK))
    return out


def said_lines(v: BuildersView) -> list[tuple[int, int]]:
    """The Seal discussion so far, in speaking order: (seat, suspect or -1 for nothing)."""
    if not v.said:
        return []
    order = discussion_order(v.players, v.master)
    return [(s, v.said[s]) for s in order if v.said[s] != -2]


def effect_text(v: BuildersView, ui: BuildersUi, e, live: bool = True) -> str:
    """What a resolved card did (``live``: in the round being played, where a card may wait)."""
    name = card_label(e.card)
    if e.kind == C.BUILD:
        if e.void:
            return f"{name}: void (Storm)"
        if e.cells:
            return f"{name} → {e.blocks} on {C.CELL_NAMES[e.cells[0]]}"
        return f"{name}: choosing a cell" if live else f"{name}: no cell"
    if e.kind == C.LIGHTNING:
        return "Lightning struck " + (", ".join(C.CELL_NAMES[c] for c in e.cells) or "nothing")
    if e.kind == C.DELIBERATION:
        if e.target < 0 and live and e.card == v.pending:
            return "Deliberation: whose discard?"
        if e.target < 0:
            return "Deliberation: no discard to show"
        return f"Deliberation: {ui.name(e.target)} discarded {card_label(e.shown)}"
    if e.kind == C.STORM:
        return "Storm! Building is void this round"
    return f"{name}: no effect"


# -- prompt, banners, the role note ------------------------------------------------------------------------
PROMPTS = {
    A.Swap: "Private check: choose the card to take and the card to give up, then Enter",
    A.Reveal: "Reveal the cards one by one: click the next card (keys 1-9)",
    A.Deliberate: "Deliberation: click a lit player to turn their discard face up",
    A.PassToken: "Pass the Master token: click the next Master, then Enter",
    A.Punish: "Click the player who receives your Divine Punishment, then Enter",
}


def prompt_text(v: BuildersView, ui: BuildersUi) -> str:
    """The line under the table saying what to do now (or whom the table waits for)."""
    msg = _prompt(v, ui)
    if msg and ui.public_act and ui.legal and ui.viewer is not None:
        # the prompts start with a card name or a verb: keep its capital ("Lightning")
        msg = f"{ui.name(ui.viewer)} (Master): {msg}"
    return keymap.relabel(msg, "builders")  # "(N)" names the player's key for None


def _waiting(v: BuildersView, ui: BuildersUi) -> str:
    if v.seat is None:
        return "Watching the bots" if ui.watching_bots else ""
    names = ", ".join(ui.name(s) for s in sorted(acting_seats(v, ui.busy)))
    mine = ""
    if v.phase is Phase.SEAL and v.my_declare >= 0:
        mine = "You declared a Seal. " if v.my_declare == 1 else "You use no Seal. "
        if v.my_declare == 0 and not any(C.CARDS[c].kind == C.SEAL for c in v.hand):
            mine = "You passed. "
    elif v.phase is Phase.TARGET and v.my_seal >= 0:
        mine = f"Your Seal: {ui.name(v.my_seal)}. "
    elif v.phase is Phase.PUNISH and v.my_punish >= 0:
        mine = f"Your Divine Punishment goes to {ui.name(v.my_punish)}. "
    elif v.phase is Phase.SELECT and v.my_commit is not None:
        mine = "Your cards are chosen. "
    return (mine + f"Waiting for {names}") if names else mine.strip()


def _prompt(v: BuildersView, ui: BuildersUi) -> str:
    if v.phase is Phase.OVER:
        return ""
    if not ui.legal:
        return _waiting(v, ui)
    kind = type(ui.legal[0])
    if kind is A.Appoint:
        return f"Appoint: click {wording.count(v.appoint_count, 'player')} to appoint them ({len(ui.picked)} chosen), then Enter"
    if kind is A.Play:
        if set(ui.legal) == {A.Play(None, None)}:
            return "You hold no card you may hand in: press Pass (N)"
        if ui.sel_play is None:
            return "Click the card to hand to the Master face down (keys 1-3)"
        if ui.sel_discard is None and any(a.discard is not None for a in ui.legal):
            return "Now click the card to discard face down (Shift+1-3), then Enter"
        return "Enter to hand in your choice, click a card to change it"
    if kind is A.Place:
        return f"Where does {card_label(v.pending)} go? Click a lit tower (or type A-C then 1-3)"
    if kind is A.Strike:
        return f"Lightning ({v.strikes_left} left): click which highest tower it strikes"
    if kind is A.Declare:
        if len(ui.legal) == 1:
            return "Seal step 1: you hold no Seal. Press Pass (N); every player takes this turn"
        return "Seal step 1 (secret): Use my Seal (Enter) or No Seal (N); users are named together"
    if kind is A.Say:
        return "Discussion: click whom you take for the Messenger, then Enter; or Say nothing (N)"
    if kind is A.Talk:
        return talk_prompt(ui.talk_kind, ui.picked, ui.name)
    if kind is A.Seal:
        return "Seal step 3 (secret): click the player you seal, then Enter"
    return PROMPTS.get(kind, "")


PROMPT_RECT = pygame.Rect(PROMPT_BAR)
NOTE_RECT = pygame.Rect(L.CENTRE[0] - 420, 230, 840, 300)  # the role note


def board_rect(v: BuildersView, heights) -> pygame.Rect:
    """The base with its towers and the blueprint's glass over it."""
    grid = L.make_grid(max((*heights, 0)))
    tall = [max(h, n) + 1 for h, n in zip(heights, v.blueprint.cells)]
    points = [p for cell in range(9) for p in L.cell_outline(grid, cell, tall[cell])]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys)))


def keep_clear(v: BuildersView, anchors: dict, heights, checking: bool, note: bool) -> Clear:
    """What a lesson's words leave in sight: the private check or the role note while up, the
    learner's hand and the blueprint; and where they can, the prompt line, the name plates and
    the base with its towers."""
    need = [pygame.Rect(L.PANEL_X, 16, L.PANEL_W, 304)]
    cards = [pygame.Rect(0, 0, theme.CARD_W, theme.CARD_H) for _ in v.hand]
    for r, (_, pos) in zip(cards, L.hand_layout(v.hand)):
        r.center = (round(pos[0]), round(pos[1]))
    if cards:
        need.append(cards[0].unionall(cards[1:]))
    if checking:
        need.append(check_rect(v))
    if note:
        need.append(NOTE_RECT)
    plates = (L.plate_rect(a) for a in anchors.values())
    return Clear(tuple(need), (PROMPT_RECT, board_rect(v, heights), *plates))


def draw_prompt(canvas: Canvas, v: BuildersView, ui: BuildersUi) -> None:
    msg = "" if ui.busy else prompt_text(v, ui)
    if msg:
        canvas.fill_rect((20, 14, 8, 200), PROMPT_RECT, radius=10)
        canvas.text(
            msg,
            (L.HAND_X, 690),
            canvas.fit(msg, 17, 820, most=PROMPT_RECT.h * 0.8, whole=True),  # the text size, in its box
            theme.HIGHLIGHT if ui.legal else theme.PAPER,
            anchor="center",
            max_width=820,
        )
    rows = key_rows(canvas)
    step = KEY_BAND / len(rows)
    size = min(canvas.fit(row, min(step, 17), L.PANEL_W, "condensed", most=step * 0.95) for row in rows)
    for k, help_line in enumerate(rows):
        canvas.text(
            help_line,
            (L.PANEL_X + L.PANEL_W / 2, 848 + k * step + (step - size) / 2),
            size,
            theme.PAPER,
            role="condensed",
            anchor="midtop",
            max_width=L.PANEL_W,
        )


KEY_BAND = 52  # the key help's band under the buttons, in units of the plan
# the key help in wordings from the longest to the shortest: the first whose rows each fit the
# panel's width at the smallest size (and whose rows each get that size's height in the band);
# "? all keys" is in every one: the ? sheet lists every key in large words
KEY_ROWS = (
    (
        "Enter confirm · N none · Bksp clear · 1-9, 0 pick",
        "A-C + 1-3 cell · hold R role · T timeline · K talk · V discards",
        "PgUp/PgDn or the wheel: past rounds · ? all keys",
    ),
    ("Enter confirm · N none · hold R role · V discards", "? all keys · PgUp/PgDn past rounds"),
    ("? all keys · Enter confirm · hold R role",),
    ("? all keys · hold R role",),
    ("? all keys",),
)


def key_rows(canvas: Canvas) -> tuple[str, ...]:
    """The key help's rows that hold the smallest size on this window (the player's keys named)."""
    least = canvas.least
    for rows in KEY_ROWS:
        named = tuple(keymap.relabel(row, "builders", loose=True) for row in rows)
        if KEY_BAND / len(named) >= least and all(
            canvas.text_size(row, least, "condensed")[0] <= L.PANEL_W for row in named
        ):
            return named
    return named


def draw_banners(canvas: Canvas, ui: BuildersUi) -> None:
    live = [b for b in ui.banners if b[2].started and not b[2].done]
    if not live:
        return
    title, sub, tween, big = live[-1]
    t = tween.t
    alpha = max(0.2, min(1.0, t * 14, (1 - t) * 10))
    w, h = (820, 150) if big else (620, 96)
    cx, cy = L.CENTRE[0], 250 if not big else 300
    r = (cx - w / 2, cy - h / 2, w, h)
    canvas.shadow_rect(r, radius=18)
    canvas.fill_rect((28, 18, 10, round(235 * alpha)), r, radius=18)
    canvas.fill_rect(theme.GOLD, r, radius=18, width=2)
    canvas.text(
        title,
        (cx, cy - (26 if big else 16)),
        46 if big else 30,
        theme.GOLD,
        role="title_bold",
        anchor="center",
        max_width=w - 40,
    )
    if sub:
        size = canvas.fit(sub, 20, w - 40, most=28, whole=True)
        canvas.text(sub, (cx, cy + (34 if big else 24)), size, theme.WHITE, anchor="center", max_width=w - 40)


def draw_note(canvas: Canvas, v: BuildersView, ui: BuildersUi) -> None:
    _, title, lines = ui.note
    role = v.role.value
    size = max(min(canvas.ts(17), 26), canvas.least)  # the text size; the note grows down for more lines
    rows = [(line, False) for line in lines if not line.startswith("Hold")]
    if any(canvas.text_size(row, size)[0] > 615 for row, _ in rows):  # rewrapped as one paragraph
        told = " ".join(line for line in lines if not line.startswith("Hold"))
        rows = [(row, False) for row in canvas.wrap(told, size, 615)]
    rows += [(row, True) for line in lines if line.startswith("Hold") for row in canvas.wrap(line, size, 615)]
    step = max(34, size * 1.3) if len(rows) <= len(lines) else size * 1.22
    r = pygame.Rect(NOTE_RECT)
    r.h = max(r.h, round(80 + len(rows) * step + 12))
    canvas.shadow_rect(r, radius=14, offset=(8, 12))
    paper(canvas, r)
    w, h = 150, 210
    cr = (r[0] + 26, r[1] + 45, w, h)
    sr = canvas.rect(cr)
    img = assets.surface(
        ("builders-role", role, sr.w, sr.h), lambda: paint_role_card(role, sr.w, sr.h).convert_alpha()
    )
    canvas.shadow_rect(cr, radius=10)
    canvas.surface.blit(img, sr.topleft)
    canvas.text(title, (r[0] + 200, r[1] + 24), canvas.fit(title, 30, 610, "title_bold", most=40), theme.INK, role="title_bold", max_width=610)
    y = r[1] + 80
    for row, soft in rows:
        canvas.text(row, (r[0] + 200, y), size, theme.INK_SOFT if soft else theme.INK, max_width=615)
        y += step


# -- words the table shows in toasts, notes, the curtain and the end panel ---------------------------
HOW = {"draw": "drew Divine Punishment", "swap": "took Divine Punishment in the swap"}
WHY_OVER = {
    "sealed": "The tower stands and the Messenger of God is sealed.",
    "punishment": "The tower stands, but Divine Punishment overturns it.",
    "depletion": "The deck ran out before the tower was complete.",
    "confirmation": "Divine Punishment was confirmed at the Master's check.",
}


def role_note(v: BuildersView, name: str, first: bool) -> tuple[str, list[str]]:
    """The title and lines of the viewer's role note (at the start, and after a conversion)."""
    conv = v.my_conversion
    if v.role.value == "messenger":
        lines = [
            "You are the Messenger of God. Make the tower fail.",
            "When appointed holding Divine Punishment, you must hand one in.",
            "Nobody knows who you are; you do not know the Zealots.",
        ]
    elif v.role.value == "zealot":
        dealt = conv is None or conv.round == 0
        if dealt:
            lines = ["You were dealt Divine Punishment: you are a Zealot."]
        else:
            lines = [f"Round {conv.round}: you {HOW.get(conv.how, 'received Divine Punishment')}."]
        lines += [
            f"You {'' if dealt else 'now '}win with the Messenger of God. Nobody else knows,",
            "not even the Messenger, and you do not know who that is.",
            "At the end you give all your Divine Punishment cards to one player.",
        ]
    else:
        lines = [
            "You are an Architect. Build the tower to the blueprint,",
            "and at the end seal the one you think is the Messenger of God.",
            "Receiving a Divine Punishment card would make you a Zealot.",
        ]
    title = f"{name}, your role" if first else f"{name}: you are now a Zealot"
    again = "Hold R or your role card to look again. Enter or click: close."
    lines.append(keymap.relabel(again, "builders", loose=True))  # R: the player's key for the role
    return title, lines


def curtain_text(v: BuildersView, name: str) -> str:
    """Why the screen passes to a seat (``v`` is the public view)."""
    reasons = {
        Phase.APPOINT: f"{name}: you are the Master. Appoint {wording.count(v.appoint_count, 'Architect')}.",
        Phase.SELECT: f"{name}: choose your card (you were appointed).",
        Phase.SWAP: f"{name}: the Master's private check of the {wording.count(v.received_count, 'card')} handed in, and the swap.",
        Phase.REVEAL: f"{name}: as Master, choose the next card to reveal.",
        Phase.PLACE: f"{name}: as Master, choose where the blocks go.",
        Phase.STRIKE: f"{name}: as Master, choose which highest tower Lightning strikes.",
        Phase.DELIBERATE: f"{name}: as Master, choose whose discard Deliberation reveals.",
        Phase.PASS: f"{name}: pass the Master token to the next Master.",
        Phase.TALK: f"{name}: table talk. Say one thing to the table, or nothing.",
        Phase.SEAL: f"{name}: Seal step 1. Declare whether you use a Seal, if you hold one, or pass (secret).",
        Phase.DISCUSS: f"{name}: Seal step 2, the discussion. Say whom you take for the Messenger, or nothing.",
        Phase.TARGET: f"{name}: Seal step 3. Choose the player you seal (secret).",
        Phase.PUNISH: f"{name}: you are a revealed Zealot. Choose who receives your Divine Punishment.",
    }
    return reasons.get(v.phase, "It is your turn.")


def result_title(v: BuildersView) -> str:
    if v.result is None:
        return ""
    return "The Architects win!" if v.result.team == "architects" else "The Messenger's team wins!"


def result_lines(v: BuildersView, summary: str, name) -> list[str]:
    """The end panel's lines (``v`` is the public view at the end, ``name`` names a seat)."""
    lines = [WHY_OVER.get(v.result.reason, summary)]
    messenger = next(i for i, r in enumerate(v.roles) if r.value == "messenger")
    lines.append(f"Messenger of God: {name(messenger)}")
    conv = [
        f"{name(c.seat)} ({'dealt' if c.round == 0 else f'round {c.round}, {c.how}'})" for c in v.conversions
    ]
    lines.append("Zealots: " + (", ".join(conv) if conv else "none"))
    if v.result.reason in ("sealed", "punishment"):
        lines.append(
            f"On the Messenger: {wording.count(v.result.seals_on_messenger, 'Seal')}, "
            f"{wording.count(v.result.punishment_on_messenger, 'Divine Punishment card')}"
        )
    lines.append(f"{wording.count(len(v.log), 'round')}. Press T for the timeline of who was what.")
    return lines
