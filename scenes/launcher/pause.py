"""The game menu over a table (Esc): resume, save a named copy, rules, settings, main menu."""

from __future__ import annotations

import datetime

import pygame

from babel.core.saves import SaveStore
from scenes import theme
from scenes.canvas import Canvas
from scenes.core import Scene
from scenes.widgets.basic import Button, WidgetGroup, panel


class PauseMenu(Scene):
    opaque = False

    def __init__(self, table) -> None:
        self.table = table
        self.rules_game = table.rules_game
        self.widgets = WidgetGroup()

    def enter(self) -> None:
        cx = theme.LOGICAL_W / 2
        items = [
            ("Resume", self.dismiss, pygame.K_ESCAPE),
            ("Save game", self.save, pygame.K_s),
            ("Rules", self.rules, None),
            ("Settings", self.settings, None),
            ("Main menu", self.to_menu, pygame.K_m),
        ]
        if self.table.phones.offered():
            items.insert(2, ("Phones", self.phones, pygame.K_p))
        y = 300 - 37 * (len(items) - 5)
        self.top_y = y - 110
        for label, fn, key in items:
            self.widgets.add(Button((cx - 170, y, 340, 58), label, fn, hotkey=key, primary=label == "Resume"))
            y += 74

    def save(self) -> None:
        match = self.table.match
        name = f"{match.rules.info.title} {datetime.datetime.now():%Y-%m-%d %H.%M.%S}"
        try:
            (self.table.controller.store or SaveStore()).save(match, name)
        except OSError as exc:
            self.app.toast(f"Could not save: {exc.strerror or exc}")
            return
        self.app.toast(f"Saved as '{name}'")

    def phones(self) -> None:
        """The Phones panel over the table: who plays where, codes to scan, seats handed on."""
        self.dismiss()
        self.table.phones.open()

    def rules(self) -> None:
        from scenes.launcher.rules_viewer import RulesViewer

        self.app.push(RulesViewer(self.rules_game))

    def settings(self) -> None:
        from scenes.launcher.settings import SettingsScene

        self.app.push(SettingsScene())

    def to_menu(self) -> None:
        from scenes.launcher.menu import MainMenu
        from scenes.widgets.confirm import ConfirmDialog

        def leave() -> None:
            self.app.reset(MainMenu())

        if not self.table.game_in_progress and not self.table.leave_losses():
            leave()
            return
        self.app.push(
            ConfirmDialog(
                "Leave this game?",
                self.table.leave_detail(),
                "Leave",
                leave,
            )
        )

    def handle(self, event: pygame.event.Event) -> bool:
        self.widgets.handle(event)
        return True

    def draw(self, canvas: Canvas) -> None:
        canvas.shade(120)
        cx = theme.LOGICAL_W / 2
        bottom = 190 + 520
        top = getattr(self, "top_y", 190)
        panel(canvas, (cx - 230, top, 460, bottom - top), title="Game menu")
        self.widgets.draw(canvas, self.app.mouse)
