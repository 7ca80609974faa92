"""Settings, Keys: every key a player may rebind at the tables, by table; choose one (click, or
Tab/arrows and Enter), press the new key, and it works at once (saved with the settings). A key
another action of the same table has, or a fixed key, is refused with the reason; Reset puts
every key back. Esc (the menu), F1, Tab, Enter, Space, the arrows, Backspace and the digits
stay as they are."""

from __future__ import annotations

import pygame

from babel.core import keybindings as kb
from scenes import keymap, theme
from scenes.canvas import Canvas
from scenes.core import Screen
from scenes.widgets.basic import Button, WidgetGroup, label_size, panel
from scenes.widgets.focus import MODIFIERS, focus_id

PANEL = (40, 20, 1520, 860)
COLUMNS = (  # the tables of each column, top to bottom
    ("table", "duel", "solitaire"),
    ("babel_on", "builders"),
    ("turmbau",),
)
COL_X, COL_W = (80, 580, 1080), 440
TOP, ROW_H, HEAD_H = 110, 36, 42  # rows of 25 logical pixels: 16 on a 1024x640 window
KEY_W = 120  # the key's button at a row's right end
BOTTOM_Y = 800
NOTE = (
    "Choose a key, then press the new one (Esc keeps the old). Esc, F1, ? (every key of a table), "
    "Tab, Enter, Space, the arrows, Backspace and the digits stay as they are."
)


class KeysScreen(Screen):
    def __init__(self) -> None:
        self.widgets = WidgetGroup()
        self.waiting: str | None = None  # the action whose new key is awaited
        self.rows: list[tuple[str, pygame.Rect]] = []  # each action's words, where they go
        self.heads: list[tuple[str, tuple[float, float]]] = []

    def enter(self) -> None:
        self.build()

    def build(self) -> None:
        old = self.widgets.focus
        buttons: list[Button] = []
        self.rows, self.heads = [], []
        for x, scopes in zip(COL_X, COLUMNS):
            y = TOP
            for scope in scopes:
                self.heads.append((kb.SCOPES[scope], (x, y + HEAD_H / 2)))
                y += HEAD_H
                for action in (a for a in kb.ACTIONS if a.scope == scope):
                    label = "press…" if self.waiting == action.id else keymap.label(action.id)
                    rect = (x + COL_W - KEY_W, y + 2, KEY_W, ROW_H - 4)
                    buttons.append(Button(rect, label, lambda a=action.id: self.choose(a), size=24))
                    buttons[-1].primary = self.waiting == action.id
                    self.rows.append((action.words, pygame.Rect(x + 12, y, COL_W - KEY_W - 24, ROW_H)))
                    y += ROW_H
                y += 10
        cx = theme.LOGICAL_W / 2
        reset = Button((cx - 330, BOTTOM_Y, 300, 56), "Reset to defaults", self.reset)
        done = Button((cx + 30, BOTTOM_Y, 300, 56), "Done", self.dismiss, primary=True)
        self.widgets = WidgetGroup([*buttons, reset, done])
        here = old.focused() if old is not None else None
        again = next((w for w in self.widgets.widgets if here is not None and w.rect == here.rect), None)
        if again is not None:  # the same row keeps the focus though its key's label changed
            self.widgets.focus.current = focus_id(again)
        # Tab goes down each column, then to the next one, then Reset and Done
        self.widgets.focus.order = lambda w: (w.rect.y >= BOTTOM_Y, w.rect.x, w.rect.y)

    # -- choosing and rebinding --------------------------------------------------------------------
    def choose(self, action_id: str) -> None:
        self.waiting = None if self.waiting == action_id else action_id
        self.build()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.waiting is not None and event.type == pygame.KEYDOWN:
            if event.key in MODIFIERS:
                return True  # Ctrl, Shift...: the key itself is still to come
            action_id, self.waiting = self.waiting, None
            if event.key != pygame.K_ESCAPE:
                self.rebind(action_id, keymap.name_of(event.key) or "")
            self.build()
            return True
        if self.waiting is not None and event.type == pygame.MOUSEBUTTONDOWN:
            self.waiting = None  # a click elsewhere keeps the old key (a row's click chooses anew)
            self.build()
        return super().handle(event)

    def rebind(self, action_id: str, key: str) -> None:
        """Give ``action_id`` the key ``key`` (a plain key name), or say why not."""
        bindings = dict(self.app.settings.keys)
        why = kb.conflict(bindings, action_id, key)
        if why is not None:
            self.app.toast(why)
            return
        action = kb.BY_ID[action_id]
        binding = ("ctrl+" if action.ctrl else "") + key
        if binding == action.default:
            bindings.pop(action_id, None)
        else:
            bindings[action_id] = binding
        self.app.apply_settings(self.app.settings.with_(keys=bindings))
        self.app.toast(f"{action.words} at {kb.SCOPES[action.scope]}: {kb.label(binding)}")

    def reset(self) -> None:
        self.waiting = None
        self.app.apply_settings(self.app.settings.with_(keys={}))
        self.app.toast("Every key is back as it was")
        self.build()

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, canvas: Canvas) -> None:
        canvas.table()
        panel(canvas, PANEL, title="Keys")
        for text, (x, y) in self.heads:
            size = label_size(canvas, text, 26, COL_W, HEAD_H, role="sans_bold")
            canvas.text(text, (x, y), size, theme.GOLD, anchor="midleft", role="sans_bold")
        for text, r in self.rows:
            size = label_size(canvas, text, 25, r.w, r.h)
            canvas.text(text, (r.x, r.centery), size, theme.BUTTON_TEXT, anchor="midleft")
        note_w = PANEL[2] - 80
        size = label_size(canvas, NOTE, 22, note_w * 2, 40)
        canvas.paragraph(NOTE, (theme.LOGICAL_W / 2, BOTTOM_Y - 68), size, theme.SOFT_TEXT, note_w, 6, anchor="midtop")
        self.widgets.draw(canvas, self.app.mouse)
