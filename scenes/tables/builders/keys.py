"""Babel Builders by keys: what only the pointer showed. V shows each player's discards larger
in turn (as resting the pointer on their discard area does), and after the last one nothing."""

from __future__ import annotations

import pygame


class DiscardKeys:
    """A part of ``BuildersTable``: it sets the table's ``disc_hover``."""

    def handle_first(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN or event.key != pygame.K_v or getattr(self.widgets, "typing", False):
            return False
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        seats = [s for s in range(self.view.players) if self.view.discards[s]]
        if not seats:
            self.app.toast("Nobody has discarded yet")
            return True
        here = self.disc_hover
        after = seats.index(here) + 1 if here in seats else 0
        self.disc_hover = seats[after] if after < len(seats) else None
        self.app.redraw()
        return True
