"""Babel Builders: the blueprint editor (ruling 11) and the blueprint choice on the setup screen.

``BlueprintEditor`` is a widget page: a 3x3 grid of cells (click to add a block, right-click or
the minus control to take one away; keys 1-9 pick a cell, +/- change it, Shift+0-9 set it), a
live isometric preview of the towers, the total against the 20-block limit, a name field, Save
(refusals show the backend's reason), the saved custom blueprints (load, delete after a
confirmation) and the nine printed blueprints to start from.

The module also gives the Builders setup extension its parts (registered by
scenes.launcher.blueprints): the blueprint stepper's choices are read from ``setup_choices()``
whenever the setup screen is built, an "Edit blueprints" button opens the editor, and the chosen
blueprint is previewed small.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from babel.core.jsonfile import JsonFileError, read_json
from babel.games.builders import blueprints as BP
from babel.games.builders.cards import (
    CELL_NAMES,
    MAX_CELL_BLOCKS,
    MAX_CUSTOM_TOTAL,
    PRINTED_BLUEPRINTS,
    PRINTED_BY_KEY,
    Blueprint,
    blueprint_for_key,
    blueprint_text,
    validate_cells,
)
from scenes import assets, theme, wording
from scenes.canvas import Canvas
from scenes.core import Scene, Screen
from scenes.widgets.basic import Button, Hotspot, TextInput, WidgetGroup, panel
from scenes.widgets.blocks import Cube, IsoGrid, paint_cube

GAME = "builders"
OPTION = "blueprint"

# -- colours of the blueprint sheet and the blocks ------------------------------------------
SHEET = (38, 78, 132)  # blueprint blue
SHEET_DARK = (24, 50, 88)
SHEET_SHADOW = (22, 40, 64)
SHEET_LINE = (196, 220, 250)
BLOCK = theme.NEUTRAL_BLOCK
REFUSED = (236, 112, 96)
SOURCE_TAGS = {"published": "published", "edition": "this edition's own", "custom": "your own"}

# -- editor layout (logical 1600 x 900) -------------------------------------------------------
CELL = 132
GAP = 10
GRID_X, GRID_Y = 128, 228
LEFT_PANEL = (60, 160, 540, 630)
PREVIEW = (620, 160, 440, 468)
RIGHT_PANEL = (1080, 160, 460, 630)
LIST_X, LIST_Y, LIST_W, ROW_H, PAGE = 1100, 214, 420, 44, 5
TILES_Y, TILE_W, TILE_H = 528, 134, 80
SHIFT = pygame.KMOD_SHIFT
PLUS_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


def _sentence(text: str) -> str:
    text = str(text)
    return text[:1].upper() + text[1:]


def _mix(a, b, t: float):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


# -- the saved file's health -----------------------------------------------------------------
def file_problem(path: Path | None = None) -> str | None:
    """A readable sentence when the saved blueprints file cannot be used as it is, else None.
    (The backend then simply lists none of it; the editor says why.)"""
    path = path or BP.storage_path()
    try:
        data = read_json(path)
    except JsonFileError as exc:
        if exc.missing:
            return None
        if exc.damaged:
            return "Your saved blueprints file is damaged and could not be read."
        return f"Your saved blueprints could not be read: {exc}."
    if not isinstance(data, dict) or data.get("format") != BP.FORMAT:
        return "Your saved blueprints file is not one this version can read."
    entries = data.get("blueprints")
    if not isinstance(entries, list):
        return "Your saved blueprints file is damaged and could not be read."
    names = {bp.name.lower() for bp in BP.load_custom(path)}
    skipped = len(entries) - len(names)
    if skipped > 0:
        return f"{skipped} saved blueprint{'s' if skipped > 1 else ''} could not be read and {'are' if skipped > 1 else 'is'} left out."
    return None


def keep_damaged(path: Path | None = None) -> Path | None:
    """Move a damaged blueprints file aside (never overwrite what a player may want back)."""
    path = path or BP.storage_path()
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None  # a folder or a pipe in its place is the player's: saving then refuses
    except OSError:
        return None
    n = 1
    while True:
        target = path.with_name(f"{path.stem}.damaged{'' if n == 1 else n}{path.suffix}")
        if not target.exists():
            break
        n += 1
    os.replace(path, target)
    return target


# -- painting --------------------------------------------------------------------------------
def paint_minimap(cells: Sequence[int], px: int) -> pygame.Surface:
    """A flat 3x3 map of a blueprint, ``px`` square: empty cells blue, built cells sandstone
    getting darker with height, each with its number."""
    surf = pygame.Surface((px, px), pygame.SRCALPHA)
    gap = max(1, px // 22)
    s = (px - 2 * gap) / 3
    font = assets.font("sans_bold", max(6, round(s * 0.62))) if s >= 11 else None
    for i, n in enumerate(cells):
        col, row = i % 3, i // 3
        r = pygame.Rect(round(col * (s + gap)), round(row * (s + gap)), round(s), round(s))
        if n:
            fill = _mix((226, 210, 172), (146, 104, 58), (n - 1) / (MAX_CELL_BLOCKS - 1))
            pygame.draw.rect(surf, fill, r, 0, max(1, px // 30))
            if font is not None:
                img = font.render(str(n), True, theme.INK)
                surf.blit(img, img.get_rect(center=r.center))
        else:
            pygame.draw.rect(surf, SHEET, r, 0, max(1, px // 30))
            pygame.draw.rect(surf, _mix(SHEET, SHEET_LINE, 0.35), r, 1, max(1, px // 30))
    return surf


def minimap(canvas: Canvas, cells: Sequence[int], pos: tuple[float, float], size: float) -> None:
    px = canvas.px(size)
    img = assets.surface(("bp-map", tuple(cells), px), lambda: paint_minimap(cells, px).convert_alpha())
    canvas.blit(img, pos)


def _hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def cross(o, a, b) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


SPACING = 1.3  # a cell of the sheet is this many cube widths, so neighbouring towers stand apart
INSET = (SPACING - 1) / 2


def _span(cells: Sequence[int]) -> tuple[float, float]:
    """Vertical extent of sheet and towers, in cube widths, relative to the projection origin:
    (highest point, lowest point)."""
    top = 0.62  # the sheet's back corner
    for i, n in enumerate(cells):
        if n:
            u, v = (i % 3) * SPACING + INSET, (i // 3) * SPACING + INSET
            top = min(top, (u + v) / 4 - (n - 1) * 0.62)
    return top, 0.62 + 1.5 * SPACING


def fit_cube(cells: Sequence[int], w: float, h: float) -> float:
    """The largest cube width that fits sheet and towers into w x h."""
    top, bottom = _span(cells)
    return min(w / (3 * SPACING + 0.2), h / (bottom - top + 0.25))


def draw_towers(
    canvas: Canvas,
    cells: Sequence[int],
    rect,
    cube: float | None = None,
    selected: int | None = None,
    hover: int | None = None,
    labels: bool = True,
) -> IsoGrid:
    """The blueprint as towers of sandstone blocks standing on a blue blueprint sheet, fitted
    into ``rect`` (cell A1 at the back, C3 in front). Returns the grid used."""
    x, y, w, h = rect
    c = cube if cube is not None else fit_cube(cells, w, h)
    top, bottom = _span(cells)
    grid = IsoGrid((x + w / 2, y + (h - (bottom - top) * c) / 2 - top * c), c)

    def floor(u: float, v: float) -> tuple[float, float]:
        px, py = grid.project(u, v, 0)
        return (px, py + 0.62 * c)

    def pad(i: int, inset: float) -> list[tuple[float, float]]:
        u, v = (i % 3) * SPACING + inset, (i // 3) * SPACING + inset
        d = SPACING - 2 * inset
        return [floor(u, v), floor(u + d, v), floor(u + d, v + d), floor(u, v + d)]

    e = 3 * SPACING
    sheet = [floor(0, 0), floor(e, 0), floor(e, e), floor(0, e)]
    canvas.polygon(SHEET_SHADOW, [(px + c * 0.12, py + c * 0.16) for px, py in sheet])
    canvas.polygon(SHEET, sheet)
    for k in range(4):  # the sheet's grid lines
        canvas.line(SHEET_LINE, floor(k * SPACING, 0), floor(k * SPACING, e), 1)
        canvas.line(SHEET_LINE, floor(0, k * SPACING), floor(e, k * SPACING), 1)
    for i in range(9):
        if i == selected:
            canvas.polygon(_mix(SHEET, theme.HIGHLIGHT, 0.5), pad(i, 0.06))
        elif i == hover:
            canvas.polygon(_mix(SHEET, SHEET_LINE, 0.25), pad(i, 0.06))
    for i, n in enumerate(cells):  # each tower casts a short shadow to the right
        if n:
            foot = pad(i, INSET)
            dx, dy = c * (0.16 + 0.06 * n), c * (0.03 + 0.015 * n)
            canvas.polygon(SHEET_DARK, _hull(foot + [(px + dx, py + dy) for px, py in foot]))
    if labels and c >= 26:
        for i, n in enumerate(cells):
            if not n:
                poly = pad(i, INSET)
                centre = (sum(p[0] for p in poly) / 4, sum(p[1] for p in poly) / 4)
                canvas.text(CELL_NAMES[i], centre, c * 0.26, SHEET_LINE, anchor="center")
    cubes = []
    for i, n in enumerate(cells):
        u, v = (i % 3) * SPACING + INSET, (i // 3) * SPACING + INSET
        # Towers standing in front of the selected cell are see-through, so it is never hidden.
        ghost = selected is not None and i != selected and i % 3 >= selected % 3 and i // 3 >= selected // 3
        for z in range(n):
            cubes.append(
                Cube(u, v, z, BLOCK, highlight=(i == selected and z == n - 1), alpha=110 if ghost else 255)
            )
    grid.draw(canvas, cubes)
    return grid


# -- a yes/no question over a screen --------------------------------------------------------
class ConfirmDialog(Scene):
    """'Replace ...?' / 'Delete ...?': Enter or the first button says yes, Esc says no."""

    opaque = False
    rules_game = GAME

    def __init__(self, title: str, message: str, yes: str, on_yes: Callable[[], None]) -> None:
        self.title = title
        self.message = message
        self.yes_label = yes
        self.on_yes = on_yes
        self.widgets = WidgetGroup()

    def enter(self) -> None:
        cx = theme.LOGICAL_W / 2
        self.widgets = WidgetGroup(
            [
                Button(
                    (cx - 230, 500, 220, 58), self.yes_label, self.yes, hotkey=pygame.K_RETURN, primary=True
                ),
                Button((cx + 10, 500, 220, 58), "Cancel", self.dismiss, hotkey=pygame.K_ESCAPE),
            ]
        )

    def yes(self) -> None:
        self.dismiss()
        self.on_yes()

    def handle(self, event: pygame.event.Event) -> bool:
        self.widgets.handle(event)
        return True

    def draw(self, canvas: Canvas) -> None:
        canvas.shade(130)
        cx = theme.LOGICAL_W / 2
        panel(canvas, (cx - 290, 290, 580, 300))
        canvas.text(self.title, (cx, 312), 38, theme.GOLD, role="title_bold", anchor="midtop", max_width=520)
        px = max(6, round(20 * canvas.scale))
        y = 380
        for line in assets.wrap(self.message, "sans", px, round(500 * canvas.scale))[:3]:
            canvas.text(line, (cx, y), 20, theme.WHITE, anchor="midtop", max_width=520)
            y += 28
        self.widgets.draw(canvas, self.app.mouse)


# -- the editor ------------------------------------------------------------------------------
def cell_rect(i: int) -> pygame.Rect:
    col, row = i % 3, i // 3
    return pygame.Rect(GRID_X + col * (CELL + GAP), GRID_Y + row * (CELL + GAP), CELL, CELL)


def minus_rect(i: int) -> pygame.Rect:
    r = cell_rect(i)
    return pygame.Rect(r.x + 6, r.bottom - 42, 36, 36)


def plus_rect(i: int) -> pygame.Rect:
    r = cell_rect(i)
    return pygame.Rect(r.right - 42, r.bottom - 42, 36, 36)


def tile_rect(k: int) -> pygame.Rect:
    return pygame.Rect(LIST_X + (k % 3) * (TILE_W + 9), TILES_Y + (k // 3) * (TILE_H + 4), TILE_W, TILE_H)


@dataclass(frozen=True)
class SavedList:
    """What the list of saved blueprints shows: all of them, this page, a file problem, the one
    loaded in the editor, the page and its size, and where its rows start."""

    saved: list[Blueprint]
    visible: list[Blueprint]
    problem: str | None
    loaded: str | None
    page: int
    per_page: int
    rows_y: float


class BlueprintEditor(Screen):
    """Design, name, save, load and delete custom blueprints. ``on_close(value)`` is told the
    option value of the custom blueprint last saved or loaded here (None if none) on leaving."""

    rules_game = GAME

    def __init__(
        self, cells: Sequence[int] | None = None, on_close: Callable[[str | None], None] | None = None
    ) -> None:
        self.cells = list(cells) if cells else [0] * 9
        self.selected = 4
        self.on_close = on_close
        self.chosen: str | None = None  # option value to hand back to the setup screen
        self.loaded: str | None = None  # name of the saved blueprint shown in the editor
        self.saved: list[Blueprint] = []
        self.problem: str | None = None
        self.page = 0
        self.rows_y, self.per_page = LIST_Y, PAGE
        self.notice: tuple[str, tuple[int, int, int]] | None = None
        self.flash = 0.0
        self.name_input = TextInput(
            (620, 672, 440, 50), "", self._named, max_len=BP.MAX_NAME, placeholder="Name your blueprint"
        )
        self.widgets = WidgetGroup()

    # -- lifecycle --------------------------------------------------------------------------
    def enter(self) -> None:
        self.reload()
        if self.problem:
            self.app.toast(self.problem)

    def resume(self, result=None) -> None:
        self.reload()

    def reload(self) -> None:
        self.saved = BP.load_custom()
        self.problem = file_problem()
        # A problem with the file is said above the list, which then shows fewer rows.
        self.rows_y = LIST_Y + (80 if self.problem else 0)
        self.per_page = PAGE - (2 if self.problem else 0)
        self.page = min(self.page, max(0, (len(self.saved) - 1) // self.per_page))
        w = WidgetGroup([self.name_input], rows=self._spots)
        w.add(
            Button(
                (620, 736, 214, 54), "Save", self.save, primary=True, tooltip="Save this blueprint (Enter)"
            )
        )
        w.add(Button((846, 736, 214, 54), "Clear", self.clear))
        for k, bp in enumerate(self.visible_saved()):
            y = self.rows_y + k * ROW_H
            w.add(
                Button(
                    (LIST_X + LIST_W - 78, y + 5, 78, 34), "Delete", lambda b=bp: self.ask_delete(b), size=16
                )
            )
        if len(self.saved) > self.per_page:
            w.add(Button((LIST_X, 442, 48, 34), "‹", lambda: self.turn(-1), size=22))
            w.add(Button((LIST_X + LIST_W - 48, 442, 48, 34), "›", lambda: self.turn(1), size=22))
        w.add(Button((60, 806, 200, 60), "Back", self.back))
        # Tab names the blueprint, the arrows and digits edit: Ctrl+Tab moves the focus, other keys hide it
        w.focus.tab = w.focus.arrows = False
        w.focus.game_keys = True
        self.widgets = w

    def visible_saved(self) -> list[Blueprint]:
        return self.saved[self.page * self.per_page : (self.page + 1) * self.per_page]

    def turn(self, d: int) -> None:
        pages = max(1, (len(self.saved) + self.per_page - 1) // self.per_page)
        self.page = (self.page + d) % pages
        self.reload()

    def back(self) -> None:
        if self.on_close is not None:
            self.on_close(self.chosen)
        self.dismiss()

    def needs_frames(self) -> bool:
        return self.flash > 0

    def update(self, dt: float) -> None:
        self.flash = max(0.0, self.flash - dt)

    # -- editing ----------------------------------------------------------------------------
    @property
    def total(self) -> int:
        return sum(self.cells)

    def refuse(self, reason: str, short: str | None = None) -> None:
        """A refusal: the reason in a toast, a short form under the block count, a red flash."""
        self.notice = (short or reason, REFUSED)
        self.flash = 0.6
        self.app.toast(reason)

    def set_cell(self, i: int, n: int) -> bool:
        """Set one cell (refused with a reason beyond 0-9 or beyond 20 in all)."""
        self.selected = i
        if n < 0:
            return False
        if n > MAX_CELL_BLOCKS:
            self.refuse(f"A cell holds at most {MAX_CELL_BLOCKS} blocks")
            return False
        total = self.total - self.cells[i] + n
        if total > MAX_CUSTOM_TOTAL:
            self.refuse(
                f"A blueprint may ask for at most {MAX_CUSTOM_TOTAL} blocks in all, not {total}: "
                "take one away first",
                f"The limit is {MAX_CUSTOM_TOTAL} blocks in all: take one away first.",
            )
            return False
        if n != self.cells[i]:
            self.cells[i] = n
            self.notice = None
            self.app.sound.play("block")
        return True

    def add(self, i: int, d: int) -> bool:
        if d < 0 and self.cells[i] == 0:
            self.selected = i
            return False
        return self.set_cell(i, self.cells[i] + d)

    def clear(self) -> None:
        self.cells = [0] * 9
        self.loaded = None
        self.notice = None

    def load(self, cells: Sequence[int], name: str, saved: bool) -> None:
        self.cells = list(cells)
        self.name_input.text = name
        self.loaded = name if saved else None
        self.notice = None
        self.selected = max(range(9), key=lambda i: self.cells[i])

    def _named(self, text: str) -> None:
        pass  # the field keeps its text; Save reads it

    # -- saving and deleting ----------------------------------------------------------------
    def save(self) -> None:
        name = " ".join(self.name_input.text.split())
        try:
            validate_cells(self.cells)
        except ValueError as exc:
            self.refuse(_sentence(exc))
            return
        existing = next((bp for bp in self.saved if name and bp.name.lower() == name.lower()), None)
        if existing is not None:
            self.app.push(
                ConfirmDialog(
                    "Replace blueprint?",
                    f"A blueprint named '{existing.name}' is saved already "
                    f"({blueprint_text(existing.cells)}). Replace it with this one?",
                    "Replace",
                    lambda: self._save(name),
                )
            )
            return
        self._save(name)

    def _save(self, name: str) -> None:
        if self.problem and name.strip() and BP.storage_path().exists():
            try:
                kept = keep_damaged()
            except OSError as exc:
                self.refuse(f"Could not save: {exc.strerror or exc}")
                return
            if kept is not None:
                self.app.toast(f"The unreadable file was kept as {kept.name}")
        try:
            bp = BP.save_custom(name, self.cells)
        except BP.BlueprintError as exc:
            self.refuse(_sentence(exc))
            return
        except OSError as exc:
            self.refuse(f"Could not save: {exc.strerror or exc}")
            return
        self.name_input.text = bp.name
        self.loaded = bp.name
        self.chosen = bp.key
        self.notice = (f"Saved as '{bp.name}'", theme.GREEN)
        self.app.toast(f"Saved '{bp.name}'")
        self.reload()
        index = next((k for k, b in enumerate(self.saved) if b.name == bp.name), 0)
        self.page = index // self.per_page
        self.reload()

    def ask_delete(self, bp: Blueprint) -> None:
        self.app.push(
            ConfirmDialog(
                "Delete blueprint?",
                f"Delete '{bp.name}' ({blueprint_text(bp.cells)})? This cannot be undone.",
                "Delete",
                lambda: self._delete(bp),
            )
        )

    def _delete(self, bp: Blueprint) -> None:
        try:
            BP.delete_custom(bp.name)
        except OSError as exc:
            self.refuse(f"Could not delete: {exc.strerror or exc}")
            return
        self.app.toast(f"Deleted '{bp.name}'")
        if self.loaded and self.loaded.lower() == bp.name.lower():
            self.loaded = None
        self.reload()
        if self.chosen == bp.key and not any(b.key == bp.key for b in self.saved):
            self.chosen = None

    # -- input ------------------------------------------------------------------------------
    def cell_at(self, pos) -> int | None:
        return next((i for i in range(9) if cell_rect(i).collidepoint(pos)), None)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._click(event.pos, event.button)
        if event.type == pygame.MOUSEWHEEL:
            i = self.cell_at(self.app.mouse)
            if i is not None and event.y:
                self.add(i, 1 if event.y > 0 else -1)
                return True
            if event.y and pygame.Rect(LIST_X, self.rows_y, LIST_W, self.per_page * ROW_H).collidepoint(
                self.app.mouse
            ):
                if len(self.saved) > self.per_page:
                    self.turn(-1 if event.y > 0 else 1)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _click(self, pos, button: int) -> bool:
        i = self.cell_at(pos)
        if i is not None:
            if button == 3 or (button == 1 and minus_rect(i).collidepoint(pos)):
                self.add(i, -1)
            elif button == 1:
                self.add(i, 1)
            return True
        if button != 1:
            return False
        for spot in self._spots():
            if spot.rect.collidepoint(pos):
                spot.activate()
                return True
        return False

    def _spots(self) -> list[Hotspot]:
        """The saved list's rows (open one) and the printed blueprints (copy one): clicked, or
        reached by the keyboard focus."""
        spots = [
            Hotspot((LIST_X, self.rows_y + k * ROW_H, LIST_W - 86, ROW_H - 4), lambda b=bp: self._pick(b), bp.key)
            for k, bp in enumerate(self.visible_saved())
        ]
        spots += [Hotspot(tile_rect(k), lambda b=bp: self._copy(b), bp.name) for k, bp in enumerate(PRINTED_BLUEPRINTS)]
        return spots

    def _pick(self, bp: Blueprint) -> None:
        self.load(bp.cells, bp.name, saved=True)
        self.chosen = bp.key

    def _copy(self, bp) -> None:
        self.load(bp.cells, f"{bp.name} (my copy)", saved=False)
        self.app.toast(f"'{bp.name}' copied into the editor: change it, name it, save it")

    def _key(self, event: pygame.event.Event) -> bool:
        key, mod = event.key, getattr(event, "mod", 0)
        if key == pygame.K_ESCAPE:
            self.back()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) or (key == pygame.K_s and mod & pygame.KMOD_CTRL):
            self.save()
            return True
        if key == pygame.K_TAB:
            self.name_input.focused = True
            pygame.key.start_text_input()
            return True
        if pygame.K_0 <= key <= pygame.K_9:
            digit = key - pygame.K_0
            if mod & SHIFT:
                self.set_cell(self.selected, digit)
            elif digit == 0:
                self.set_cell(self.selected, 0)
            else:
                self.selected = digit - 1
            return True
        if key in PLUS_KEYS:
            self.add(self.selected, 1)
            return True
        if key in MINUS_KEYS:
            self.add(self.selected, -1)
            return True
        if key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.set_cell(self.selected, 0)
            return True
        if key in ARROWS:
            dx, dy = ARROWS[key]
            col, row = self.selected % 3, self.selected // 3
            self.selected = (row + dy) % 3 * 3 + (col + dx) % 3
            return True
        return False

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, canvas: Canvas) -> None:
        canvas.table(pygame.Rect(PREVIEW))
        mouse = self.app.mouse
        canvas.text("Blueprint editor", (60, 34), 58, theme.GOLD, role="title_bold", max_width=900)
        canvas.text(
            f"Babel Builders: design your own tower. Each cell 0 to {MAX_CELL_BLOCKS} blocks, "
            f"at most {MAX_CUSTOM_TOTAL} blocks in all.",
            (64, 112),
            21,
            theme.PAPER,
            role="italic",
            max_width=1470,
        )
        draw_grid(canvas, self.cells, self.selected, mouse)
        draw_total(canvas, self.total, self.flash > 0, self.notice)
        draw_preview(canvas, self.cells, self.selected, self.cell_at(mouse))
        canvas.text("Name", (622, 640), 20, theme.BUTTON_TEXT)
        if self.loaded and self.loaded.lower() == " ".join(self.name_input.text.split()).lower():
            canvas.text(
                f"editing your saved '{self.loaded}'",
                (1060, 642),
                15,
                (214, 200, 176),
                role="sans",
                anchor="topright",
                max_width=340,
            )
        visible = self.visible_saved()
        draw_lists(
            canvas,
            SavedList(self.saved, visible, self.problem, self.loaded, self.page, self.per_page, self.rows_y),
            mouse,
        )
        canvas.text(
            "Click a cell: add a block · right-click or −: take one · 1-9 pick a cell, +/− change it, "
            "Shift+0-9 set it, 0 empties it · Enter save · Esc back · F1 rules",
            (290, 836),
            16,
            (226, 212, 186),
            anchor="midleft",
            max_width=1260,
        )
        self.widgets.draw(canvas, mouse)


def draw_grid(canvas: Canvas, cells: Sequence[int], selected: int, mouse) -> None:
    """The 3x3 sheet of cells with their counts and the +/- controls."""
    total = sum(cells)
    panel(canvas, LEFT_PANEL)
    for c in range(3):
        r = cell_rect(c)
        canvas.text("ABC"[c], (r.centerx, GRID_Y - 14), 22, theme.GOLD, role="sans_bold", anchor="midbottom")
    for row in range(3):
        r = cell_rect(row * 3)
        canvas.text(str(row + 1), (GRID_X - 22, r.centery), 22, theme.GOLD, role="sans_bold", anchor="center")
    for i in range(9):
        r = cell_rect(i)
        n = cells[i]
        hover = r.collidepoint(mouse)
        lifted = r.move(0, -3) if hover else r
        if i == selected:
            canvas.glow(lifted, radius=12, spread=9)
        canvas.shadow_rect(lifted, radius=12)
        canvas.fill_rect((252, 246, 230) if hover else theme.PAPER, lifted, radius=12)
        edge = theme.GOLD if i == selected else theme.PAPER_DARK
        canvas.fill_rect(edge, lifted, radius=12, width=4 if i == selected else 2)
        canvas.text(CELL_NAMES[i], (lifted.x + 12, lifted.y + 8), 18, theme.INK_SOFT, role="sans_bold")
        canvas.text(f"key {i + 1}", (lifted.right - 10, lifted.y + 10), 13, theme.INK_SOFT, anchor="topright")
        canvas.text(
            str(n),
            (lifted.centerx, lifted.centery - 6),
            60,
            theme.INK if n else (190, 176, 150),
            role="sans_bold",
            anchor="center",
        )
        for ctrl, glyph, live in (
            (minus_rect(i), "−", n > 0),
            (plus_rect(i), "+", n < MAX_CELL_BLOCKS and total < MAX_CUSTOM_TOTAL),
        ):
            c = ctrl.move(0, -3) if hover else ctrl
            lit = live and c.collidepoint(mouse)
            fill = theme.BUTTON_HOVER if lit else (theme.BUTTON if live else (206, 192, 164))
            canvas.circle(fill, c.center, c.w / 2)
            canvas.text(glyph, c.center, 24, theme.BUTTON_TEXT if live else (236, 228, 210), anchor="center")


def draw_total(canvas: Canvas, total: int, over: bool, notice: tuple | None) -> None:
    """The block count against the limit, as pips (red while a refusal flashes)."""
    y = 666
    colour = REFUSED if over else theme.WHITE
    canvas.text(f"{total} / {MAX_CUSTOM_TOTAL} blocks", (90, y), 26, colour, role="sans_bold")
    left = MAX_CUSTOM_TOTAL - total
    canvas.text(
        "none left" if left == 0 else f"{left} left",
        (570, y + 6),
        18,
        REFUSED if over else (214, 200, 176),
        anchor="topright",
    )
    px = canvas.px(21)
    full = assets.surface(("bp-pip", px), lambda: paint_cube(BLOCK, "plain", px).convert_alpha())
    empty = assets.surface(("bp-pip-empty", px), lambda: _ghost_cube(px))
    red = assets.surface(("bp-pip-red", px), lambda: paint_cube(REFUSED, "plain", px).convert_alpha())
    for k in range(MAX_CUSTOM_TOTAL):
        img = (red if over else full) if k < total else empty
        canvas.blit(img, (90 + k * 24, 710))
    if notice:
        text, colour = notice
        canvas.text(text, (90, 748), 17, colour, max_width=490)
    elif total == 0:
        canvas.text("Click a cell to put the first block on it.", (90, 748), 17, (214, 200, 176))


def draw_preview(canvas: Canvas, cells: Sequence[int], selected: int, hover: int | None) -> None:
    x, y, w, h = PREVIEW
    canvas.text("Preview", (x + 22, y + 16), 20, (210, 226, 214), role="sans_bold")
    canvas.text("A1 at the back, C3 in front", (x + w - 22, y + 19), 15, (190, 210, 196), anchor="topright")
    # One scale (room for a 9-block tower at A1), so the towers grow rather than the view.
    area = (x + 20, y + 44, w - 40, h - 54)
    cube = fit_cube([9, 0, 0, 0, 0, 0, 0, 0, 0], area[2], area[3])
    draw_towers(canvas, cells, area, cube, selected, hover)


def draw_lists(canvas: Canvas, ed: SavedList, mouse) -> None:
    """The saved blueprints (a page of them) and the printed ones to start from."""
    panel(canvas, RIGHT_PANEL)
    x = LIST_X
    canvas.text("Your blueprints", (x, 174), 26, theme.GOLD, role="title_bold")
    if ed.saved:
        canvas.text(f"{len(ed.saved)} saved", (x + LIST_W, 182), 16, (214, 200, 176), anchor="topright")
    y = LIST_Y
    if ed.problem:
        px = max(6, round(17 * canvas.scale))
        text = ed.problem + " The next save keeps the old file aside as a copy."
        for line in assets.wrap(text, "sans", px, round(LIST_W * canvas.scale))[:3]:
            canvas.text(line, (x, y), 17, REFUSED, max_width=LIST_W)
            y += 24
        y += 6
    if not ed.saved:
        canvas.text("Nothing saved yet: design a blueprint,", (x, y + 4), 17, (214, 200, 176))
        canvas.text("name it and press Save.", (x, y + 28), 17, (214, 200, 176))
    for k, bp in enumerate(ed.visible):
        r = pygame.Rect(x, ed.rows_y + k * ROW_H, LIST_W, ROW_H - 4)
        hit = pygame.Rect(x, r.y, LIST_W - 86, r.h)
        loaded = ed.loaded is not None and bp.name.lower() == ed.loaded.lower()
        if loaded:
            canvas.fill_rect((*theme.GOLD_DARK, 120), r, radius=8)
        elif hit.collidepoint(mouse):
            canvas.fill_rect((255, 255, 255, 30), r, radius=8)
        else:
            canvas.fill_rect((0, 0, 0, 50), r, radius=8)
        minimap(canvas, bp.cells, (x + 4, r.y + 2), 36)
        canvas.text(bp.name, (x + 50, r.y + 2), 19, theme.WHITE, max_width=LIST_W - 146)
        canvas.text(
            f"{wording.count(sum(bp.cells), 'block')} · {blueprint_text(bp.cells)}",
            (x + 50, r.y + 23),
            13,
            (214, 200, 176),
            max_width=LIST_W - 146,
        )
    if len(ed.saved) > ed.per_page:
        pages = (len(ed.saved) + ed.per_page - 1) // ed.per_page
        canvas.text(
            f"page {ed.page + 1} of {pages}",
            (x + LIST_W / 2, 459),
            16,
            theme.BUTTON_TEXT,
            anchor="center",
        )
    canvas.text("Printed blueprints", (x, 486), 26, theme.GOLD, role="title_bold")
    canvas.text(
        "click to copy · ★ published",
        (x + LIST_W, 494),
        16,
        (214, 200, 176),
        anchor="topright",
    )
    for k, bp in enumerate(PRINTED_BLUEPRINTS):
        r = tile_rect(k)
        hover = r.collidepoint(mouse)
        lifted = r.move(0, -2) if hover else r
        canvas.shadow_rect(lifted, radius=8, offset=(3, 4))
        canvas.fill_rect((70, 52, 38) if hover else (58, 43, 32), lifted, radius=8)
        canvas.fill_rect(theme.GOLD if hover else theme.PANEL_EDGE, lifted, radius=8, width=2)
        minimap(canvas, bp.cells, (lifted.x + 7, lifted.y + 12), 56)
        px = max(6, round(15 * canvas.scale))
        lines = assets.wrap(bp.name, "sans", px, round(62 * canvas.scale))[:2]
        ty = lifted.y + 14
        for line in lines:
            canvas.text(line, (lifted.x + 70, ty), 15, theme.WHITE, max_width=62)
            ty += 19
        if bp.source == "published":
            canvas.text("★", (lifted.right - 6, lifted.y + 4), 16, theme.GOLD, anchor="topright")


def _ghost_cube(px: int) -> pygame.Surface:
    img = paint_cube((120, 96, 70), "plain", px).convert_alpha()
    img.set_alpha(90)
    return img


# -- the setup screen extension -----------------------------------------------------------
_choices_seen: dict[str, BP.Choice] = {}


def setup_blueprint_choices(option_key: str) -> list[tuple[str, str]] | None:
    """The blueprint stepper's list, read from the saved file each time setup is built."""
    if option_key != OPTION:
        return None
    choices = BP.setup_choices()
    _choices_seen.clear()
    for choice in choices:
        _choices_seen.setdefault(choice.value, choice)
    return [(c.value, c.label) for c in choices]


def open_editor(setup) -> None:
    """The setup screen's "Edit blueprints" button. The editor starts from the blueprint chosen
    on the setup screen (a saved one under its own name, a printed one as a copy); a blueprint
    saved or loaded in the editor becomes the setup screen's choice when the player comes back."""
    editor = BlueprintEditor()

    def done(value: str | None) -> None:
        if value is not None:
            setup.options[OPTION] = value

    editor.on_close = done
    current = setup.options.get(OPTION, "random")
    saved = next((bp for bp in BP.load_custom() if bp.key == current), None)
    if saved is not None:
        editor.load(saved.cells, saved.name, saved=True)
    elif current in PRINTED_BY_KEY:
        printed = PRINTED_BY_KEY[current]
        editor.load(printed.cells, f"{printed.name} (my copy)", saved=False)
    setup.app.push(editor)


def draw_setup_preview(canvas: Canvas, options: dict, rect) -> None:
    """The chosen blueprint, small: its name, where it comes from, its cells and its towers."""
    value = options.get(OPTION)
    if value is None:
        return
    x, y, w, h = rect
    canvas.fill_rect((0, 0, 0, 55), rect, radius=12)
    if value == "random":
        size = min(58.0, (h - 24) / 3 - 12)
        gap = 12
        left = x + w - 14 - 3 * size - 2 * gap
        text_w = left - x - 28
        canvas.text("Random", (x + 16, y + 12), 22, theme.GOLD, role="title_bold", max_width=text_w)
        size = canvas.ts(15)  # the text size, never under the 16-pixel floor
        ty = y + 44
        for line in canvas.wrap("Drawn when the game starts, from the nine printed blueprints.", size, text_w)[:6]:
            canvas.text(line, (x + 16, ty), size, (214, 200, 176), max_width=text_w)
            ty += size * 1.3
        for k, bp in enumerate(PRINTED_BLUEPRINTS):
            mx = left + (k % 3) * (size + gap)
            my = y + (h - 3 * size - 2 * gap) / 2 + (k // 3) * (size + gap)
            canvas.shadow_rect((mx, my, size, size), radius=3, offset=(2, 3))
            minimap(canvas, bp.cells, (mx, my), size)
        return
    choice = _choices_seen.get(value)
    try:
        bp = blueprint_for_key(value)
    except ValueError:
        return
    name = bp.name if choice is None or choice.source != "custom" else choice.label.rsplit(": ", 1)[0]
    source = SOURCE_TAGS.get(bp.source, bp.source)
    canvas.text(name, (x + 16, y + 12), 22, theme.GOLD, role="title_bold", max_width=190)
    canvas.text(
        source,
        (x + 16, y + 42),
        14,
        theme.GOLD if bp.source == "published" else (214, 200, 176),
        role="sans_bold",
        max_width=190,
    )
    ty = y + 68
    for i, n in enumerate(bp.cells):
        if n:
            if ty > y + h - 24:
                break
            canvas.text(f"{CELL_NAMES[i]}  {n} block{'s' if n > 1 else ''}", (x + 16, ty), 15, theme.WHITE)
            ty += 20
    if ty <= y + h - 24:
        canvas.text(f"{sum(bp.cells)} in all", (x + 16, ty + 4), 15, (214, 200, 176))
    draw_towers(canvas, bp.cells, (x + 190, y + 8, w - 200, h - 16), labels=False)
