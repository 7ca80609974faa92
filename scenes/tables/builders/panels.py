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
from scenes import assets, theme, wording
from scenes.canvas import Canvas
from scenes.table_lesson import Clear
from scenes.tables.builders import layout as L
from scenes.tables.builders.art import paint_role_card
from scenes.tables.builders.draw import BuildersUi, acting_seats, face
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
        canvas.fill_rect((30, 20, 12, 230), (x - 10, y + h + 6, w + 20, 30), radius=8)
        canvas.text(text, (x + w / 2, y + h + 21), 15, theme.HIGHLIGHT, anchor="center", max_width=w + 10)


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
    notes = check_notes(v)
    paper(canvas, check_rect(v))
    canvas.text("Your private check", (623, 162), 30, theme.INK, role="title_bold", anchor="midtop")
    canvas.text(
        "The cards handed to you, shuffled: nobody can tell who handed in which.",
        (623, 200),
        16,
        theme.INK_SOFT,
        anchor="midtop",
        max_width=740,
    )
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
                "take", (rect.centerx, rect.bottom + 4), 15, theme.INK, role="sans_bold", anchor="midtop"
            )
        elif storm:
            canvas.text(
                "revealed",
                (rect.centerx, rect.bottom + 4),
                14,
                theme.RED,
                role="sans_bold",
                anchor="midtop",
            )
    y = 430
    for line in notes:
        canvas.text(line, (623, y), 15, theme.INK, anchor="midtop", max_width=740)
        y += 22


# -- the side panel ------------------------------------------------------------------------------------
def _draw_blueprint_sheet(canvas: Canvas, v: BuildersView, ui: BuildersUi) -> None:
    """The blueprint: each cell's need against what stands on it."""
    x, w = L.PANEL_X, L.PANEL_W
    paper(canvas, (x, 16, w, 300))
    bp = v.blueprint
    tag = {"published": "published", "edition": "this edition's own", "custom": "custom"}.get(
        bp.source, bp.source
    )
    canvas.text("Blueprint: " + bp.name, (x + 14, 24), 24, theme.INK, role="title_bold", max_width=w - 28)
    canvas.text(
        tag, (x + 14, 54), 14, theme.INK_SOFT if bp.source == "published" else theme.RED, role="sans_bold"
    )
    cell = 62
    gx0 = x + (w - 3 * cell) / 2
    gy0 = 78
    met_count = 0
    for i in range(9):
        cx, cy = gx0 + (i % 3) * cell, gy0 + (i // 3) * cell
        need = bp.cells[i]
        have = ui.heights[i]
        met = need and have >= need
        met_count += bool(met)
        fill = (196, 226, 184) if met else ((236, 222, 190) if need else (226, 216, 196))
        canvas.fill_rect(fill, (cx + 2, cy + 2, cell - 4, cell - 4), radius=6)
        canvas.fill_rect(
            MET if met else theme.PAPER_DARK,
            (cx + 2, cy + 2, cell - 4, cell - 4),
            radius=6,
            width=2 if met else 1,
        )
        canvas.text(C.CELL_NAMES[i], (cx + 7, cy + 5), 11, theme.INK_SOFT)
        if need:
            canvas.text(
                str(need),
                (cx + cell / 2, cy + cell / 2 - 2),
                24,
                theme.INK,
                role="sans_bold",
                anchor="center",
            )
        canvas.text(
            f"{have}" + (" ✓" if met else ""),
            (cx + cell - 7, cy + cell - 5),
            12,
            MET if met else theme.INK_SOFT,
            role="sans_bold",
            anchor="bottomright",
        )
    cells_needed = sum(1 for n in bp.cells if n)
    canvas.text(
        f"{met_count} of {cells_needed} cells met · {wording.count(sum(ui.heights), 'block')} built",
        (x + w / 2, 274),
        15,
        theme.INK,
        anchor="midtop",
        max_width=w - 20,
    )
    canvas.text(
        "big number: blocks needed · small: built so far",
        (x + w / 2, 294),
        12,
        theme.INK_SOFT,
        anchor="midtop",
        max_width=w - 20,
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
    canvas.text(title, (x + 14, 336), 24, theme.INK, role="title_bold")
    canvas.text(
        f"Master: {ui.name(ui.master_shown)}",
        (x + w - 14, 342),
        15,
        theme.INK_SOFT,
        anchor="topright",
        max_width=190,
    )
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
    return msg


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


PROMPT_RECT = pygame.Rect(L.HAND_X - 420, 674, 840, 32)
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
            17,
            theme.HIGHLIGHT if ui.legal else theme.PAPER,
            anchor="center",
            max_width=820,
        )
    for k, help_line in enumerate(
        (
            "Enter confirm · N none · Bksp clear · 1-9, 0 pick",
            "A-C + 1-3 cell · hold R role · T timeline · K talk · F1 rules",
            "PgUp/PgDn or the wheel: past rounds",
        )
    ):
        canvas.text(
            help_line,
            (L.PANEL_X + L.PANEL_W / 2, 848 + k * 17),
            11.5,
            theme.PAPER,
            anchor="midtop",
            max_width=L.PANEL_W,
        )


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
        canvas.text(sub, (cx, cy + (34 if big else 24)), 20, theme.WHITE, anchor="center", max_width=w - 40)


def draw_note(canvas: Canvas, v: BuildersView, ui: BuildersUi) -> None:
    _, title, lines = ui.note
    role = v.role.value
    r = NOTE_RECT
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
    canvas.text(title, (r[0] + 200, r[1] + 24), 30, theme.INK, role="title_bold", max_width=610)
    y = r[1] + 80
    for line in lines:
        canvas.text(
            line,
            (r[0] + 200, y),
            17,
            theme.INK if not line.startswith("Hold") else theme.INK_SOFT,
            max_width=615,
        )
        y += 34


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
    lines.append("Hold R (or hold your role card) to look again. Click to close.")
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
