"""Painters of the Babel On! table: the towers with their fall, the legal targets, the dragged
block, the risk note at the cursor, name plates, the prompt and help lines, the die, the bag, the
hand tray, the log and the floor plan.

Every painter takes the canvas, the view and ``BabelOnUi`` (the table's small UI state, built
each frame) and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from babel.games.babel_on import preview
from babel.games.babel_on.actions import Action, Add, Bonus, Removal, Return
from babel.games.babel_on.model import BabelView, Phase
from babel.games.babel_on.structure import CELLS
from scenes import anim, assets, theme, wording
from scenes.canvas import Canvas, _glow
from scenes.layers import StaticLayer
from scenes.tables.babel_on import art, depth, layout, solid
from scenes.tables.babel_on.animate import Flight, Tumble
from scenes.tables.babel_on.keyhelp import help_lines
from scenes.tables.babel_on.layout import BAG_POS, DIE_POS, FELT, PW, PX, TRAY, Places
from scenes.widgets.basic import paper
from scenes.widgets.dice import DieSprite

OUT_SHADE = (20, 16, 12, 110)  # over an eliminated player's place at the table
OUT_TEXT = (150, 142, 134)


@dataclass(frozen=True)
class Grab:
    """A block picked up (dragged) or selected: from the hand, the Bonus Blocks or a tower."""

    kind: str  # "hand", "bonus" or "block"
    colour: int = 0
    block: tuple[int, int, int] | None = None  # (tower, cell, floor) of a tower's block
    move: Action | None = None  # the tower block's take/return
    origin: tuple[float, float] | None = None  # where it was picked up
    moved: bool = False  # a drag that has left its starting point


@dataclass(frozen=True)
class BabelOnUi:
    """What the painters need besides the view."""

    shown: BabelView  # the towers as drawn (the view before a fall while it plays)
    places: Places
    rot: int
    legal: tuple[Action, ...]
    busy: bool
    actor: int | None
    names: tuple[str, ...]
    prompt: str
    drag: Grab | None
    selected: Grab | None
    mouse: tuple[float, float]
    hover_block: tuple[int, int, int] | None
    target: tuple[int, int] | None
    drop_offset: tuple[int, int]
    targets: tuple[tuple[int, int], ...]
    hidden: frozenset[tuple[int, int, int]]
    tray_hand: tuple[int, ...]
    flying: tuple[Flight, ...]
    fall: Tumble | None
    sway: float  # how far the tower under a careless drag shakes (logical px), on ``sway_tower``
    sway_tower: int | None
    risk: tuple[Action, float] | None
    verdict: tuple[str, float] | None  # this very drag's shake and chance, while dragging
    hand_profile: str
    die: DieSprite
    calling: bool  # the Even/Odd buttons are up
    out_reason: tuple[tuple[int, str], ...]
    plan_for: int | None

    def short(self, seat: int) -> str:
        return self.names[seat][:14]

    @property
    def held(self) -> Grab | None:
        return self.drag or self.selected


def _edge_glow(canvas: Canvas, r: pygame.Rect) -> None:
    """canvas.glow for a large rect, blitted as four edge strips (the transparent middle of a
    big alpha surface is what costs)."""
    sr = canvas.rect(r)
    sp = max(2, canvas.px(10))
    rad = canvas.px(18)
    key = ("bo-glow", sr.w, sr.h, rad, sp)
    surf = assets.surface(key, lambda: _glow(sr.w, sr.h, rad, sp, theme.HIGHLIGHT))
    w, h = surf.get_size()
    band = 2 * sp + rad + 2
    x0, y0 = sr.x - sp, sr.y - sp
    for strip in (
        (0, 0, w, band),
        (0, h - band, w, band),
        (0, band, band, h - 2 * band),
        (w - band, band, band, h - 2 * band),
    ):
        if strip[2] > 0 and strip[3] > 0:
            canvas.surface.blit(surf, (x0 + strip[0], y0 + strip[1]), strip)


def risk_colour(risk: float) -> tuple[int, int, int]:
    if risk < 0.1:
        return (96, 186, 96)
    if risk < 0.35:
        return (236, 184, 60)
    return (222, 70, 56)


def draw_table(canvas: Canvas, view: BabelView, ui: BabelOnUi, still: StaticLayer | None = None) -> None:
    """The table: its still parts from ``still`` (painted again only when they change), then
    what moves over them: a swaying or falling tower, the die, the targets, cubes in flight, the
    block in hand, the risk note and the floor plan."""
    live = live_towers(ui)
    if still is None:
        draw_still(canvas, view, ui, live)
    else:
        still.draw(canvas, still_key(view, ui, live), lambda c: draw_still(c, view, ui, live))
    draw_moving(canvas, view, ui, live)


def live_towers(ui: BabelOnUi) -> frozenset[int]:
    """The towers that move this frame (falling, wobbling or shaking under a careless drag)."""
    live = set()
    if ui.fall is not None:
        live.add(ui.fall.tower)
    if ui.sway_tower is not None:  # shaking, even at the instant its sway passes zero
        live.add(ui.sway_tower)
    live.update(f.onto[0] for f in ui.flying if among_blocks(ui, f))
    return frozenset(live)


def among_blocks(ui: BabelOnUi, f: Flight) -> bool:
    """Whether a flying block is drawn among its tower's blocks, in their depth order: a block
    dropped onto a tower that is not falling or shaking (it may land behind a taller column)."""
    if f.onto is None or not f.tween.started or f.tween.done:
        return False
    t = f.onto[0]
    return not (ui.fall is not None and ui.fall.tower == t) and not (ui.sway and ui.sway_tower == t)


def _landing_cube(ui: BabelOnUi, f: Flight) -> tuple:
    """A dropped block on its way, as a moving cube of its tower: where its place is, moved by
    the flight's offset on the screen from that place, at the place's depth (so it goes behind
    the blocks in front of its place and in front of those behind)."""
    t, cell, floor = f.onto
    col = ui.shown.towers[t][cell]
    b = col[floor - 1] if floor <= len(col) else None
    x, y, z = art.block_centre(cell, floor, b.dx if b else 0, b.dy if b else 0)
    px, py = anim.arc2(f.start, f.end, f.tween.t, f.lift)
    c = ui.places.cube
    across, up = (px - f.end[0]) / c, -(py - f.end[1]) / (c * art.ZH)
    wx, wy, wz = depth.from_view((across, -across, up), ui.rot)
    over = abs(x + wx) < 1.5 and abs(y + wy) < 1.5 and z + wz > 0.4  # over its tower's slab: a shadow
    return (f.colour, x + wx, y + wy, z + wz, 0.0, 0.0, solid.variant(cell, floor), over)


def still_key(view: BabelView, ui: BabelOnUi, live: frozenset[int]) -> tuple:
    """Everything ``draw_still`` reads that can change (see ``StaticLayer``)."""
    return (
        view,
        ui.shown,
        ui.places,
        ui.rot,
        ui.legal,
        ui.busy,
        ui.actor,
        ui.names,
        ui.prompt,
        ui.drag,
        ui.selected,
        ui.hover_block if ui.drag is None else None,
        ui.hidden,
        ui.tray_hand,
        ui.die.busy,
        ui.calling,
        ui.out_reason,
        live,
    )


def draw_still(canvas: Canvas, view: BabelView, ui: BabelOnUi, live: frozenset[int]) -> None:
    """The felt, the plates, the towers at rest, the prompt and the panel (without the die)."""
    canvas.table(felt=FELT)
    for t in range(view.players):
        draw_plate(canvas, view, ui, t, t == ui.actor)
    for t in range(view.players):
        if t not in live:
            draw_tower(canvas, view, ui, t)
    draw_prompt(canvas, view, ui)
    draw_panel(canvas, view, ui)


def draw_moving(canvas: Canvas, view: BabelView, ui: BabelOnUi, live: frozenset[int]) -> None:
    for t in sorted(live):
        draw_tower(canvas, view, ui, t)
    ui.die.draw(canvas)
    draw_targets(canvas, view, ui)
    for f in ui.flying:
        if f.tween.started and not f.tween.done and not among_blocks(ui, f):
            x, y = anim.arc2(f.start, f.end, f.tween.t, f.lift)
            cube(canvas, view, f.colour, (x, y), ui.places.cube * 0.85)
    if ui.drag is not None and ui.drag.moved:
        draw_dragged(canvas, view, ui)
    draw_risk(canvas, view, ui)
    if ui.plan_for is not None:
        draw_plan(canvas, view, ui)


def cube(canvas: Canvas, view: BabelView, colour: int, centre, size: float, alpha: int = 255) -> None:
    px = canvas.px(size)
    img = art.cube_sprite(colour, view.neutral, px)
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    x, y = canvas.pt(centre)
    canvas.surface.blit(img, img.get_rect(center=(x, y)))


def ladder(shown: BabelView, t: int) -> tuple:
    """Per floor 1..6 of tower ``t``: its cells with a block, complete, protected, perfect."""
    info = shown.tower_info[t]
    tower = shown.towers[t]
    out = []
    for f in range(1, 7):
        cells = tuple(len(col) >= f for col in tower)
        out.append((cells, f <= info.complete_floors, f in info.protected_floors, f <= info.perfect_floors))
    return tuple(out)


def draw_tower(canvas: Canvas, view: BabelView, ui: BabelOnUi, t: int) -> None:
    v = ui.shown
    fall = ui.fall if ui.fall and ui.fall.tower == t else None
    if v.eliminated[t] and fall is None:
        _draw_out_tower(canvas, ui, t)
        return
    blocks = fall.static if fall else tuple(layout.blocks_of(v, t, ui.hidden))
    pick: frozenset = frozenset()
    if ui.legal and not ui.busy and ui.drag is None:
        pick = frozenset((m.cell, m.floor) for m in ui.legal if isinstance(m, Removal) and m.tower == t)
    c = ui.places.cube
    ox, oy = ui.places.origin[t]
    corner = (ox - art.SURF_LEFT * c, oy - art.SURF_TOP * c)
    sway = ui.sway if ui.sway_tower == t else 0.0
    landing = [_landing_cube(ui, f) for f in ui.flying if among_blocks(ui, f) and f.onto[0] == t]
    if fall is None and not sway and not landing:
        surf = art.tower_surface(tuple(blocks), v.neutral, ui.rot, canvas.scale, c, ladder(v, t), pick)
        canvas.surface.blit(surf, canvas.pt(corner))
    else:  # the slab, its shadow and the floor ladder stay put: only the blocks move
        base = art.tower_surface(
            tuple(blocks), v.neutral, ui.rot, canvas.scale, c, ladder(v, t), pick, "base"
        )
        canvas.surface.blit(base, canvas.pt(corner))
    if fall is None and sway:
        surf = art.tower_surface(
            tuple(blocks), v.neutral, ui.rot, canvas.scale, c, ladder(v, t), pick, "cubes"
        )
        canvas.surface.blit(surf, canvas.pt((corner[0] + sway, corner[1])))
    if landing:
        art.draw_tumbling(canvas, (ox, oy), c, ui.rot, landing, v.neutral, tuple(blocks))
    hb = ui.hover_block if ui.drag is None else None
    held = ui.held
    for block in {hb, held.block if held and held.kind == "block" else None}:
        if block and block[0] == t and not fall:
            _outline_block(canvas, ui, block)
    if fall:
        entries = art.frame_at(fall.frames, fall.time())
        # the frames hold every block of the tower; those that stay put are drawn at rest
        cubes = [
            (fall.colours[e[0], e[1]], *e[2:7], solid.variant(e[0], e[1]))
            for e in entries
            if (e[0], e[1]) in fall.colours
        ]
        art.draw_tumbling(canvas, (ox, oy), c, ui.rot, cubes, v.neutral, fall.static)
        tw = fall.tween
        shown_long = tw is not None and (tw.started if fall.settled else tw.t * (fall.span + fall.hold) > 0.15)
        if fall.result != "wobble" and shown_long:
            draw_fall_banner(canvas, ui, fall)


def _draw_out_tower(canvas: Canvas, ui: BabelOnUi, t: int) -> None:
    slot = ui.places.slot[t]
    y = ui.places.plate[t].y - 70
    canvas.text("Out of the game", (slot.centerx, y), 26, OUT_TEXT, role="title_bold", anchor="center")
    why = dict(ui.out_reason).get(t)
    if why:
        canvas.text(why, (slot.centerx, y + 30), 16, OUT_TEXT, anchor="center", max_width=slot.w - 40)


def _outline_block(canvas: Canvas, ui: BabelOnUi, block: tuple[int, int, int]) -> None:
    """The hovered or held block of a tower: gold if it may be picked up, grey if not."""
    t, cell, floor = block
    col = ui.shown.towers[t][cell]
    if floor > len(col):
        return
    b = col[floor - 1]
    ox, oy = ui.places.origin[t]
    x, y, z = art.block_centre(cell, floor, b.dx, b.dy)
    poly = [(ox + px, oy + py) for px, py in art.hexagon(x, y, z, ui.places.cube, ui.rot)]
    ok = bool(preview.block_moves(ui.legal, t, cell, floor))
    canvas.polygon(theme.HIGHLIGHT if ok else (150, 140, 130), poly, width=(3 if ok else 1) * theme.OUTLINE)


def draw_fall_banner(canvas: Canvas, ui: BabelOnUi, fall: Tumble) -> None:
    """What the fall means, over the falling tower: destroyed, or its knocker is out."""
    t, mover = fall.tower, fall.seat
    slot = ui.places.slot[t]
    if fall.result == "destroyed":
        label, sub = "TOWER DESTROYED", "its blocks go back into the bag"
    else:
        label = "KNOCKED OVER!"
        sub = f"{ui.short(mover)} is out · {ui.short(t)} puts the fallen blocks back"
    canvas.text(label, (slot.centerx, slot.y + 22), 28, (240, 90, 70), role="sans_bold", anchor="center")
    canvas.text(
        sub,
        (slot.centerx, slot.y + 48),
        16,
        theme.PAPER,
        role="sans_bold",
        anchor="center",
        max_width=slot.w - 30,
    )


def draw_targets(canvas: Canvas, view: BabelView, ui: BabelOnUi) -> None:
    if not ui.targets:
        return
    c = ui.places.cube
    for tower, cell in ui.targets:
        x, y = layout.top_pos(ui.places, ui.rot, view, tower, cell)
        top = art.top_rhombus(x, y + c * art.ZH / 2, 0, c * 0.96)
        hot = ui.target == (tower, cell)
        canvas.polygon(theme.HIGHLIGHT if hot else (255, 226, 140), top, width=(4 if hot else 2) * theme.OUTLINE)
    if ui.target is not None:
        tower, cell = ui.target
        dx, dy = ui.drop_offset
        x, y = layout.top_pos(ui.places, ui.rot, view, tower, cell, *preview.aim(view, tower, cell, dx, dy))
        colour = ui.held.colour if ui.held else 0
        cube(canvas, view, colour, (x, y), c, alpha=130)


def draw_dragged(canvas: Canvas, view: BabelView, ui: BabelOnUi) -> None:
    d = ui.drag
    mx, my = ui.mouse
    if d.kind == "block":
        tower, cell, floor = d.block
        colour = ui.shown.towers[tower][cell][floor - 1].colour
    else:
        colour = d.colour
    cube(canvas, view, colour, (mx, my - 6), ui.places.cube * (0.9 if d.kind != "block" else 1.0))


def draw_risk(canvas: Canvas, view: BabelView, ui: BabelOnUi) -> None:
    """The note beside the cursor: the chance the move in hand knocks its tower over."""
    if ui.risk is None:
        return
    move, risk = ui.risk
    now = ui.verdict
    if now is not None:
        risk = now[1]  # the headline is this very drag's chance: what the move will draw from
    mx, my = ui.mouse
    w = 280
    phrase = canvas.wrap(move_phrase(view, ui, move), 14, w - 24)[:2]
    h = 76 + 18 * len(phrase) + (18 if now else 0)
    x = mx + 30 if mx + 30 + w < theme.LOGICAL_W else mx - 30 - w
    y = max(4, min(theme.LOGICAL_H - h - 4, my - h - 20))
    canvas.fill_rect((28, 20, 14), (x, y + 3, w, h), radius=10)
    canvas.fill_rect(theme.PANEL, (x, y, w, h), radius=10)
    col = risk_colour(risk)
    canvas.fill_rect(col, (x, y, w, h), radius=10, width=2)
    if view.steady_hands:
        label, sub = ("FALLS" if risk >= 0.5 else "stands"), "steady hands: the exact verdict"
    else:
        label = f"{round(risk * 100)}%"
        sub = f"for {wording.article(ui.hand_profile)} hand (H to change)"
        if now is not None:
            sub = "if you let go now"
    title = "risk of a fall" if not view.steady_hands else "the tower"
    canvas.text(title, (x + 12, y + 8), 14, theme.PAPER_DARK)
    canvas.text(label, (x + w - 12, y + 4), 26, col, role="sans_bold", anchor="topright")
    yy = y + 30
    for line in phrase:
        canvas.text(line, (x + 12, yy), 14, theme.PAPER, max_width=w - 24)
        yy += 18
    canvas.fill_rect((60, 48, 38), (x + 12, yy + 6, w - 24, 9), radius=4)
    canvas.fill_rect(col, (x + 12, yy + 6, max(6, (w - 24) * risk), 9), radius=4)
    canvas.text(sub, (x + 12, yy + 22), 13, theme.PAPER_DARK, max_width=w - 24)
    if now:
        text, chance = now
        canvas.text(text, (x + 12, yy + 40), 13, risk_colour(chance), role="sans_bold", max_width=w - 24)


def move_phrase(view: BabelView, ui: BabelOnUi, move: Action) -> str:
    """A move in words for the risk note: "red block onto c3", "take a2 off Dana's tower"."""
    own = move.tower == ui.actor
    cell = CELLS[move.cell]
    if isinstance(move, Add | Bonus):
        floor = len(view.towers[move.tower][move.cell]) + 1
        what = (
            "Bonus Block"
            if isinstance(move, Bonus)
            else f"{art.colour_name(move.colour, view.neutral)} block"
        )
        where = f"{cell}{floor}" + ("" if own else f" of {ui.short(move.tower)}'s tower")
        return f"{what} onto {where}"
    verb = "return" if isinstance(move, Return) else "take"
    return f"{verb} {cell}{move.floor}" + ("" if own else f" off {ui.short(move.tower)}'s tower")


def draw_plate(canvas: Canvas, view: BabelView, ui: BabelOnUi, t: int, active: bool) -> None:
    v = ui.shown
    r = ui.places.plate[t]
    if view.eliminated[t]:  # elimination is at once, even while a fall still plays
        _draw_out_plate(canvas, view, ui, t, r)
        return
    if active:
        _edge_glow(canvas, ui.places.slot[t].inflate(-8, -8))
        r = r.move(0, -4)
    canvas.shadow_rect(r, radius=10, offset=(3, 5))
    canvas.fill_rect((90, 64, 40) if active else theme.PANEL, r, radius=10)
    canvas.fill_rect(theme.GOLD if active else theme.PANEL_EDGE, r, radius=10, width=3 if active else 1)
    cube(canvas, view, t, (r.x + 22, r.centery), 26)
    name = ("▶ " if active else "") + ui.names[t]
    size = canvas.fit(name, 19, r.w * 0.45, "sans_bold", most=r.h - 6)  # the text size, in the plate
    drawn = canvas.text(
        name,
        (r.x + 42, r.centery),
        size,
        theme.GOLD if active else theme.WHITE,
        role="sans_bold",
        anchor="midleft",
        max_width=r.w * 0.45,
    )
    status = "PERFECT ★" if v.tower_info[t].perfect else v.nation_names[t]
    right = r.right - 12 - 26 * v.bonus[t]
    room = right - drawn.right - 10
    size = canvas.fit(status, 15, room, most=r.h - 10, whole=True)  # shrinks to its room rather than be cut
    canvas.text(status, (right, r.centery), size, theme.PAPER_DARK, anchor="midright", max_width=room)
    for i in range(v.bonus[t]):
        cube(canvas, view, t, (r.right - 20 - 24 * i, r.centery), 20)


def _draw_out_plate(canvas: Canvas, view: BabelView, ui: BabelOnUi, t: int, r: pygame.Rect) -> None:
    """An eliminated player's plate: greyed, the name struck through, a red OUT badge."""
    canvas.fill_rect(OUT_SHADE, ui.places.slot[t].inflate(-8, -8), radius=18)
    canvas.fill_rect((54, 50, 47), r, radius=10)
    canvas.fill_rect((96, 90, 84), r, radius=10, width=1)
    cube(canvas, view, t, (r.x + 22, r.centery), 26, alpha=90)
    badge = pygame.Rect(0, 0, 58, 24)
    badge.midright = (r.right - 10, r.centery)
    canvas.fill_rect((178, 52, 42), badge, radius=6)
    size = canvas.fit("OUT", 15, badge.w - 8, "sans_bold", most=badge.h - 2, whole=True)
    canvas.text("OUT", badge.center, size, theme.WHITE, role="sans_bold", anchor="center")
    name = ui.names[t]
    size = canvas.fit(name, 19, r.w * 0.5, "sans_bold", most=r.h - 6)
    width = min(r.w * 0.5, canvas.text_size(name, size, "sans_bold")[0])
    canvas.text(
        name, (r.x + 42, r.centery), size, OUT_TEXT, role="sans_bold", anchor="midleft", max_width=r.w * 0.5
    )
    canvas.line(OUT_TEXT, (r.x + 40, r.centery + 1), (r.x + 44 + width, r.centery + 1), 2)


def draw_prompt(canvas: Canvas, view: BabelView, ui: BabelOnUi) -> None:
    canvas.fill_rect((30, 22, 16), (FELT.x, 12, FELT.w, 44), radius=10)
    if ui.actor is not None:
        cube(canvas, view, ui.actor, (FELT.x + 24, 34), 26)
    colour = theme.WHITE if ui.legal else theme.PAPER_DARK
    size = canvas.fit(ui.prompt, 21, FELT.w - 60, most=30, whole=True)  # the text size, in its bar
    canvas.text(ui.prompt, (FELT.x + 46, 34), size, colour, anchor="midleft", max_width=FELT.w - 60)
    held = ui.selected.kind if ui.selected is not None else None
    lines = help_lines(held)  # two lines that must stay whole: in fewer words when they would shrink
    size = min(canvas.fit(line, 16, FELT.w, "condensed", most=22, whole=True) for line in lines)
    if size < canvas.least:
        lines = help_lines(held, short=True)
        size = min(canvas.fit(line, 16, FELT.w, "condensed", most=22, whole=True) for line in lines)
    for i, line in enumerate(lines):
        y = 864 + (i - (len(lines) - 1) / 2) * max(22, size * 1.15)
        canvas.text(line, (FELT.centerx, y), size, theme.PAPER_DARK, role="condensed", anchor="center", max_width=FELT.w)


def draw_panel(canvas: Canvas, view: BabelView, ui: BabelOnUi) -> None:
    """The die with the call, then the bag, the tray and the log. The words follow the text size
    as far as the die's paper holds them (16 px on a 1024x640 window): the call and the roll in
    three short lines beside the die, the phase's note in two lines under it."""
    v = view
    paper(canvas, (PX, 12, PW, 204))
    head = f"Round {v.round} of {v.round_limit}"
    canvas.text(head, (PX + PW - 14, 16), canvas.fit(head, 17, PW - 120, most=26), theme.INK_SOFT, anchor="topright")
    canvas.circle((214, 198, 166), DIE_POS, 40)  # the die is drawn over it each frame (draw_moving)
    x, width = PX + 104, PW - 114  # beside the die
    if v.call:
        lines = [(f"Called {v.call}", theme.INK)]
        if v.roll and not ui.die.busy:
            right = (v.roll % 2 == 0) == (v.call == "even")
            lines += [(f"Rolled {v.roll}:", theme.INK), ("right" if right else "wrong", theme.GREEN if right else theme.RED)]
        size = min(canvas.fit(line, 20, width, "sans_bold", most=27) for line, _ in lines)
        for i, (line, colour) in enumerate(lines):
            canvas.text(line, (x, 48 + i * 29), size, colour, role="sans_bold", max_width=width)
    elif v.phase is not Phase.OVER and not ui.calling:
        size = _two_lines(canvas, "waiting for the call", 17, width, "italic")
        canvas.paragraph("waiting for the call", (x, 56), size, theme.INK_SOFT, width, 2, "italic", leading=1.15)
    if not ui.calling and ui.actor is not None and not ui.die.busy:
        note = phase_note(v)
        size = _two_lines(canvas, note, 16, PW - 20)
        halves = note.split(" · ")  # "Even: … · Odd: …" breaks at its dot when each half fits a line
        if len(halves) == 2 and all(canvas.text_size(h, size)[0] <= PW - 20 for h in halves):
            note = "\n".join(halves)
        for i, line in enumerate(note.split("\n")):
            canvas.paragraph(line, (PX + PW / 2, 146 + i * size * 1.15), size, theme.INK_SOFT, PW - 20, 2 - i, anchor="midtop", leading=1.15)
    draw_bag(canvas, view)
    draw_tray(canvas, view, ui)
    draw_log(canvas, ui)


def _two_lines(canvas: Canvas, s: str, size: float, width: float, role: str = "sans") -> float:
    """The text size (at most 26 units, the die's paper's room) at which ``s`` wraps to two lines
    of ``width``; smaller than the smallest size only if even that needs a third line."""
    size = min(canvas.ts(size), max(26, canvas.least))
    while size > 8 and len(canvas.wrap(s, size, width, role)) > 2:
        size -= 0.5
    return size


def phase_note(v: BabelView) -> str:
    return {
        Phase.CALL: "Even: draw and build · Odd: move blocks",
        Phase.PLACE: "Even and right: build with the drawn blocks",
        Phase.REMOVE: f"Odd and right: {wording.count(v.to_remove, 'block')} still to take",
        Phase.ADD: "Odd and right: now add what was taken",
        Phase.WRONG: "Wrong guess: pass or return one block",
        Phase.FINISH: "Roll done: Bonus Blocks or end the turn",
        Phase.RESTORE: "Restoring a knocked-over tower",
    }.get(v.phase, "")


def draw_bag(canvas: Canvas, view: BabelView) -> None:
    v = view
    paper(canvas, (PX, 226, PW, 156))
    bx, by = BAG_POS
    canvas.polygon(
        (70, 48, 30), [(bx - 40, by - 24), (bx + 40, by - 24), (bx + 52, by + 50), (bx - 52, by + 50)]
    )
    canvas.polygon(
        (132, 96, 58), [(bx - 36, by - 28), (bx + 36, by - 28), (bx + 48, by + 44), (bx - 48, by + 44)]
    )
    canvas.polygon(
        (150, 112, 70), [(bx - 18, by - 46), (bx + 18, by - 46), (bx + 30, by - 26), (bx - 30, by - 26)]
    )
    canvas.line((90, 60, 30), (bx - 30, by - 28), (bx + 30, by - 28), 4)
    canvas.text(str(v.bag_total), (bx, by + 10), 26, theme.WHITE, role="sans_bold", anchor="center")
    size = canvas.fit("in the bag", 13, 130, most=24)
    canvas.text("in the bag", (PX + 72, by + 64), size, theme.INK_SOFT, anchor="center", max_width=130)
    colours = [c for c in range(len(v.bag)) if v.bag[c] or c < v.players or c == v.neutral]
    _draw_bag_counts(canvas, view, colours)


def _draw_bag_counts(canvas: Canvas, view: BabelView, colours: list[int]) -> None:
    """What is left of each colour, one row each ("22 red" beside its block) right of the sack,
    the rows as high as the paper allows (the words follow the text size as far as they hold)."""
    v = view
    x, top, width = PX + 152, 234, PW - 160
    step = min(34, 144 / max(1, len(colours)))
    widest = max((f"{v.bag[c]} {art.colour_name(c, v.neutral)}" for c in colours), key=len, default="")
    size = canvas.fit(widest, 16, width - 24)
    while size > 8 and canvas.text_size(widest, size)[1] - 4 > step - 1:  # six or seven rows: under the floor
        size -= 0.5
    for i, c in enumerate(colours):
        y = top + (i + 0.5) * step
        cube(canvas, view, c, (x, y), min(26, step * 0.8))
        count = canvas.text(f"{v.bag[c]}", (x + 18, y), size, theme.INK, role="sans_bold", anchor="midleft")
        name = art.colour_name(c, v.neutral)
        canvas.text(name, (count.right + 6, y), size, theme.INK_SOFT, anchor="midleft", max_width=PX + PW - 8 - count.right)


def draw_tray(canvas: Canvas, view: BabelView, ui: BabelOnUi) -> None:
    """The blocks in hand (the playable ones outlined) and the acting player's Bonus Blocks."""
    v = view
    canvas.shadow_rect(TRAY, radius=12)
    canvas.fill_rect(theme.FELT_DARK, TRAY, radius=12)
    canvas.fill_rect(theme.GOLD_DARK, TRAY, radius=12, width=2)
    holder = v.holder if v.holder >= 0 else ui.actor
    title = f"In hand: {ui.short(holder)}" if holder is not None else "In hand"
    size = canvas.fit(title, 18, PW - 30, "sans_bold", most=27)
    canvas.text(title, (TRAY.x + 14, TRAY.y + 8), size, theme.PAPER, role="sans_bold", max_width=PW - 30)
    hand = list(ui.tray_hand) if v.holder >= 0 else []
    sel = ui.held
    playable = {m.colour for m in ui.legal if isinstance(m, Add)}
    size = layout.tray_size(len(hand))
    dragged = ui.drag.kind if ui.drag and ui.drag.moved else None
    skip = 1 if dragged == "hand" else 0
    for colour, pos in zip(hand, layout.tray_slots(len(hand))):
        if skip and colour == ui.drag.colour:
            skip = 0
            continue
        if colour in playable and not ui.busy:
            glow = sel is not None and sel.kind == "hand" and sel.colour == colour
            rhombus = art.top_rhombus(pos[0], pos[1] + size * 0.28, 0, size * 1.15)
            canvas.polygon(theme.HIGHLIGHT if glow else (200, 170, 90), rhombus, width=(3 if glow else 1) * theme.OUTLINE)
        cube(canvas, view, colour, pos, size)
    if not hand:
        size = min(canvas.ts(15), 26)
        canvas.text("no blocks held", (TRAY.x + 14, TRAY.y + 56), size, theme.PAPER_DARK, role="italic", max_width=PW - 28)
    if ui.actor is not None:
        _draw_bonus_blocks(canvas, view, ui, dragged == "bonus")


def _draw_bonus_blocks(canvas: Canvas, view: BabelView, ui: BabelOnUi, one_dragged: bool) -> None:
    actor = ui.actor
    room = layout.bonus_slots()[0][0] - 26 - (TRAY.x + 14)  # left of the Bonus Blocks
    label = f"Bonus Blocks: {view.bonus[actor]}"
    if canvas.text_size(label, canvas.ts(15))[0] > room:
        label = f"Bonus: {view.bonus[actor]}"
    size = canvas.fit(label, 15, room, most=26)
    canvas.text(label, (TRAY.x + 14, TRAY.bottom - 34), size, theme.PAPER_DARK, anchor="midleft", max_width=room)
    can = bool(preview.bonus_targets(ui.legal)) and not ui.busy
    n = view.bonus[actor] - (1 if one_dragged else 0)
    for pos in layout.bonus_slots()[: max(0, n)]:
        if can:
            glow = ui.held is not None and ui.held.kind == "bonus"
            rhombus = art.top_rhombus(pos[0], pos[1] + 11, 0, 46)
            canvas.polygon(theme.HIGHLIGHT if glow else (200, 170, 90), rhombus, width=(3 if glow else 1) * theme.OUTLINE)
        cube(canvas, view, actor, pos, 36)


def draw_log(canvas: Canvas, ui: BabelOnUi) -> None:
    """The log's paper; its lines are the table's scrolling log (``layout.LOG_RECT``)."""
    paper(canvas, (PX, layout.LOG_Y, PW, 132))


def draw_plan(canvas: Canvas, view: BabelView, ui: BabelOnUi) -> None:
    t = ui.plan_for
    v = ui.shown
    info = v.tower_info[t]
    floors = wording.count(info.complete_floors, "complete floor")
    sub = f"{v.nation_names[t]} · {floors} · ←/→ other towers · click or F to close"
    title = f"{ui.names[t]}'s tower, floor by floor"
    art.draw_plan(canvas, layout.PLAN_RECT, v.towers[t], info, v.neutral, title, sub)
