"""A small yes/no question over the current screen: quit the app, leave a game with moves.

Enter confirms, Esc (or the second button) keeps things as they are, so a stray key never
ends anything at once.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes import theme
from scenes.canvas import Canvas
from scenes.core import Scene
from scenes.widgets.basic import Button, WidgetGroup, panel

SHADE = (0, 0, 0, 130)
WIDTH, HEIGHT = 640, 300


class ConfirmDialog(Scene):
    """``question`` with a one-paragraph ``detail``; ``on_yes`` runs after the dialog closes."""

    is_dialog = True  # the window's close button quits at once over a dialog
    opaque = False
    modal = True

    def __init__(
        self,
        question: str,
        detail: str,
        yes: str,
        on_yes: Callable[[], None],
        no: str = "Stay",
        on_no: Callable[[], None] | None = None,
        cancellable: bool = False,
    ) -> None:
        """``cancellable``: the question offers two ways forward (``on_no`` is one of them), so
        Esc closes the dialog doing neither instead of pressing the second button."""
        self.cancellable = cancellable
        self.question = question
        self.detail = detail
        self.yes_label = yes
        self.no_label = no
        self.on_yes = on_yes
        self.on_no = on_no
        self.widgets = WidgetGroup()

    def enter(self) -> None:
        cx, cy = theme.LOGICAL_W / 2, theme.LOGICAL_H / 2
        y = cy + HEIGHT / 2 - 84
        self.widgets = WidgetGroup(
            [
                Button(
                    (cx - 250, y, 230, 58),
                    self.no_label,
                    self.decline,
                    hotkey=None if self.cancellable else pygame.K_ESCAPE,
                ),
                Button(
                    (cx + 20, y, 230, 58), self.yes_label, self.confirm, hotkey=pygame.K_RETURN, primary=True
                ),
            ]
        )

    def decline(self) -> None:
        self.dismiss(False)
        if self.on_no is not None:
            self.on_no()

    def confirm(self) -> None:
        self.dismiss(True)
        self.on_yes()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.cancellable and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.dismiss(None)
            return True
        self.widgets.handle(event)
        return True

    def draw(self, canvas: Canvas) -> None:
        canvas.shade(SHADE[3])  # the whole window, letterbox included, darkened in place
        cx, cy = theme.LOGICAL_W / 2, theme.LOGICAL_H / 2
        size = canvas.ts(20)
        width = min(theme.LOGICAL_W - 80, WIDTH * min(1.6, size / 20))  # wider for larger words
        lines = max(3, len(canvas.wrap(self.detail, size, width - 80)))
        height = min(theme.LOGICAL_H - 40, max(HEIGHT, 90 + lines * size * 1.3 + 20 + 84))
        top = cy - height / 2
        for button in self.widgets.widgets:  # the buttons stay at the panel's foot as it grows
            button.rect.y = round(top + height - 84)
        panel(canvas, (cx - width / 2, top, width, height))
        canvas.text(self.question, (cx, top + 28), 36, theme.GOLD, role="title_bold", anchor="midtop")
        canvas.paragraph(self.detail, (cx, top + 90), size, theme.WHITE, width - 80, lines, anchor="midtop")
        self.widgets.draw(canvas, self.app.mouse)


def quit_dialog(app) -> ConfirmDialog:
    """The question before quitting; it names what a table in the stack would lose (its moves
    since an autosave that failed, the solitaire's moves to redo) before what is kept."""
    lost = [words for scene in app.stack for words in getattr(scene, "leave_losses", list)()]
    kept = "Every game in progress is kept: Continue on the main menu picks it up."
    if lost:
        kept = "Every other game in progress is kept."
    return ConfirmDialog("Quit Babel Towers?", " ".join([*lost, kept]), "Quit", app.quit)


def ask_quit(app) -> None:
    """Esc on the main menu (or closing the window at a table) asks before the app closes."""
    if isinstance(app.top, ConfirmDialog):
        return
    app.push(quit_dialog(app))
