"""The buttons of the Babel On! side panel: Even and Odd in the die's paper, Pass or End turn,
Turn view and Floor plan (Menu and Rules are the template's, under them)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from babel.games.babel_on.actions import Action, Call, End, Pass
from scenes.tables.babel_on.layout import BUTTON_RECTS, PW, PX
from scenes.widgets.basic import Button

PLAN_KEY = pygame.K_f  # opens and closes the floor plan


class PanelButtons:
    def __init__(
        self, act: Callable[[Action], None], rotate: Callable[[], None], plan: Callable[[], None]
    ) -> None:
        r = BUTTON_RECTS
        self.even = Button(
            r["even"], "Even (E)", lambda: act(Call("even")), hotkey=pygame.K_e, primary=True, size=20
        )
        self.odd = Button(
            r["odd"], "Odd (O)", lambda: act(Call("odd")), hotkey=pygame.K_o, primary=True, size=20
        )
        self.pass_ = Button(r["pass"], "Pass (P)", lambda: act(Pass()), hotkey=pygame.K_p, size=19)
        self.end = Button(r["end"], "End turn (Enter)", lambda: act(End()), hotkey=pygame.K_RETURN, size=19)
        self.rot = Button(r["rot"], "Turn view (R)", rotate, hotkey=pygame.K_r, size=17, short=("Turn",))
        key = pygame.key.name(PLAN_KEY).upper()
        self.plan = Button(r["plan"], f"Floor plan ({key})", plan, hotkey=PLAN_KEY, size=17, short=("Plan",))
        self.all = [self.even, self.odd, self.pass_, self.end, self.rot, self.plan]

    def sync(self, legal: Sequence[Action], busy: bool) -> None:
        """Show the buttons of the moves there are; enable them while nothing moves."""
        kinds = {type(m) for m in legal}
        self.even.visible = self.odd.visible = Call in kinds
        self.even.enabled = self.odd.enabled = not busy
        self.pass_.visible = Pass in kinds
        self.end.visible = End in kinds
        self.pass_.enabled = self.end.enabled = not busy
        # one of them is shown at a time, as wide as the panel; side by side if ever both
        both = self.pass_.visible and self.end.visible
        half = (PW - 12) // 2
        self.pass_.rect.w = self.end.rect.w = half if both else PW
        self.end.rect.x = PX + half + 12 if both else PX
