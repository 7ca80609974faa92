"""The keyboard focus at a table: one focus over the end panel's buttons, the table's Menu,
Rules, Undo and Hint, and the game's own buttons. A part of ``TableScene``.

Tab moves it (Ctrl+Tab at a table whose game uses Tab itself: ``TAB_TAKEN``); Enter or Space
acts on the focused button while the focus shows. The arrows stay the game's, and any other key
hides the focus, so Enter and Space are the game's again until the next Tab.
"""

from __future__ import annotations

import pygame

from babel.core import keybindings
from scenes import keymap
from scenes.canvas import Canvas
from scenes.key_sheet import KeySheet, table_lines
from scenes.widgets.focus import Focus


class TableKeys:
    """Uses the table's ``widgets``, ``end_widgets``, ``_end_shown`` and ``_buttons()``."""

    TAB_TAKEN = False  # the game uses Tab (Der Turmbau zu Babel: the next building spot)

    @property
    def keys_focus(self) -> Focus:
        focus = self.__dict__.get("_keys_focus")
        if focus is None:
            focus = self.__dict__["_keys_focus"] = Focus(
                self.focus_targets, tab=not self.TAB_TAKEN, arrows=False, game_keys=True
            )
        return focus

    def focus_targets(self) -> list:
        end = list(self.end_widgets.widgets) if self._end_shown else []
        return [*end, *self._buttons(), *self.widgets.widgets]

    def handle_focus(self, event: pygame.event.Event) -> bool:
        """Tab and Enter for the focus (True when taken); a game's key hides it."""
        self.widgets.focus = self.end_widgets.focus = None  # the table's one focus goes through both
        self.keys_focus.tab = not self.TAB_TAKEN or self._end_shown  # the game over, Tab is free
        return self.keys_focus.handle(event)

    def handle_first(self, event: pygame.event.Event) -> bool:
        """A game's keys that come before the buttons' and the focus's (none by default)."""
        return False

    def player_keys(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The event with the player's rebound keys turned into the table's (None: a key whose
        action was moved elsewhere, which does nothing here)."""
        return keymap.translate(event, self.rules_game)

    def key_label(self, what: str) -> str | None:
        """The key that does ``what`` ("hint", "plan", "undo"...) here now, as help prints it."""
        for action_id in (f"{self.rules_game}.{what}", f"table.{what}"):
            if action_id in keybindings.BY_ID:
                return keymap.label(action_id)
        code = getattr(self, f"{what.upper()}_KEY", None)
        return None if code is None else keybindings.label(pygame.key.name(code))

    def relabel_buttons(self) -> None:
        """The buttons' words name the player's keys: "Pass (P)" reads "Pass (G)" once Pass
        moved to G. The table's own words for a button are kept aside (``_words``), so a label
        the code sets anew each frame is read afresh and a label is never changed twice. (Menu,
        Rules, Undo and Hint are the template's: Hint names the key in force itself.)"""
        for button in (*self.end_widgets.widgets, *self.widgets.widgets):
            label = getattr(button, "label", None)
            if not isinstance(label, str):
                continue
            if label != button.__dict__.get("_shown"):
                button._words = label  # the code's own words, set since the last frame
            button.label = button._shown = keymap.relabel(button._words, self.rules_game)

    def open_key_sheet(self) -> None:
        """Every key of this table in large words (?)."""
        lines = table_lines(self.rules_game, self.key_label("hint"), self.TAB_TAKEN)
        self.app.push(KeySheet(f"Keys at {self.match.rules.info.title}", lines))

    def draw_focus(self, canvas: Canvas) -> None:
        self.keys_focus.draw(canvas, self.app.mouse)
