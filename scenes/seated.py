"""Whose screen it is: the part of a table that binds one seat's view to the screen.

A ``SeatedScene`` shows the viewer's view and legal actions only, never the state. In
pass-and-play it raises the privacy curtain before a secret step, hands the screen to a seat
that acts in public without one, and while no seat owns the screen draws a copy of itself that
has only ever seen the public view. Seats played on a device (a phone) never own the screen:
with nobody at the screen it shows the public view, with one person it is theirs. ``TableScene`` (scenes.table) builds the table on top.
"""

from __future__ import annotations

from typing import Any

from babel.core.match import Match
from babel.core.protocol import Event, IllegalAction
from babel.core.saves import SaveStore
from scenes import seat_colours
from scenes.anim import Animator
from scenes.core import Scene
from scenes.match_controller import MatchController
from scenes.widgets.curtain import PrivacyCurtain


class SeatedScene(Scene):
    def __init__(self, match: Match, store: SaveStore | None = None, threaded: bool = True) -> None:
        self.match = match
        self.rules = match.rules
        self.rules_game = match.rules.info.id
        self.controller = MatchController(match, store, threaded)
        self.controller.notify = lambda message: self.app.toast(message)
        self.animator = Animator()
        self.view: Any = None
        self.legal: tuple[Any, ...] = ()
        self._curtain_for: int | None = None
        self.public_act = False  # a seat acts in public: the screen is theirs, the view public
        self.public_copy = False  # True for the stand-in drawn while no seat owns the screen
        self._public: tuple[tuple[int, int], SeatedScene] | None = None

    # -- seat binding ----------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        return self.controller.viewer

    def refresh(self) -> None:
        """Re-read the viewer's view and legal actions from the match."""
        self.view = self.controller.view()
        self.legal = self.controller.legal()
        if self.public_act:
            self._refresh_public_act()
        if hasattr(self, "app"):
            self.app.redraw()

    def acts_in_public(self, seat: int) -> bool:
        """True when ``seat``'s next step shows nothing secret, so the screen passes to it without
        a curtain and shows the public view (games with such steps override)."""
        return False

    def _refresh_public_act(self) -> None:
        seat, public = self.viewer, self.match.view(None)
        self.view = public  # the acting seat's secrets stay off the screen
        if seat is not None and seat in self.match.to_act() and self.acts_in_public(seat):
            return
        # The public step is over: a secret step (even for the same seat) starts behind the curtain.
        self.public_act = False
        self.controller.viewer = None
        self.legal = ()

    def set_viewer(self, seat: int | None) -> None:
        """Hand the screen to ``seat`` (None: to nobody). What was said to the previous seat is
        taken off the screen with it, so a refusal never shows over the curtain or to the next
        player."""
        if seat != self.controller.viewer:
            self.app.drop_toasts(self.toast_owner())
        self.controller.viewer = seat
        self.refresh()

    def toast_owner(self) -> Any:
        """Who a toast raised now belongs to: the seat that owns a shared screen, else nobody."""
        if self.public_copy or not self.controller.pass_and_play or self.viewer is None:
            return None
        return (id(self), self.viewer)

    def between_seats(self) -> bool:
        """True while no seat owns the screen of a pass-and-play game with secrets: the curtain
        is up or due, or an overlay (game menu, rules, settings) covers a moment that belongs
        to nobody. The table is then drawn only from the public view."""
        c = self.controller
        if self.public_copy or not c.pass_and_play or c.viewer is not None or self.match.over:
            return False
        if not self.rules.info.has_secrets:
            return False
        if self._curtain_for is not None or self.app.top is not self:
            return True
        return not self.busy() and c.handover_needed() is not None

    def public_table(self) -> SeatedScene:
        """A copy of this table that has only ever seen the public view (view(state, None)):
        no sprite, selection, log line or seat rotation of the last player can be in it."""
        key = (self.match.ply, len(self.match.events), self.match.seats)
        if self._public is None or self._public[0] != key:
            copy = type(self)(self.match, None, threaded=False)
            copy.public_copy = True
            copy.controller.viewer = None
            copy.app = self.app
            copy.enter()
            self._public = (key, copy)
        return self._public[1]

    def enter(self) -> None:
        seat_colours.activate(self.rules_game, self.match.seats)
        self.animator.speed = self.app.anim_speed
        self.animator.calm = self.app.reduce_motion
        self.refresh()
        self.bind()

    def resume(self, result: Any = None) -> None:
        seat_colours.activate(self.rules_game, self.match.seats)
        self.animator.speed = self.app.anim_speed
        self.animator.calm = self.app.reduce_motion
        if self._curtain_for is not None:
            self.public_act = False
            seat, self._curtain_for = self._curtain_for, None
            if not self.match.seats[seat].at_screen or not self.controller.pass_and_play:
                return  # the seats changed meanwhile: the next update hands over anew
            if result:
                self.set_viewer(seat)
                self._public = None
                self.bind()
            else:
                self.open_menu()

    def reassign_seat(self, seat: int, place: str) -> None:
        """Play ``seat`` at ``place`` from now on: SCREEN, DEVICE or a bot level (the host
        hands a phone seat to a bot, to this screen or to another phone, and back). The screen
        follows (``MatchController.reassign``); a curtain up for a seat that left the screen, or
        on a screen nobody shares any more, comes down, and the next update hands the screen
        over as the seats now say."""
        before = self.viewer
        self.controller.reassign(seat, place)
        after = self.controller.viewer
        waiting = self._curtain_for
        stale = waiting is not None and not (self.match.seats[waiting].at_screen and self.controller.pass_and_play)
        if stale and isinstance(self.app.top, PrivacyCurtain):
            self.app.pop(None)  # resume sees the change and leaves the handover to the next update
        if after != before:
            self.controller.viewer = before  # set_viewer takes what was said to ``before`` away
            self.public_act = False
            self.set_viewer(after)
        self._public = None
        self.refresh()
        self.bind()

    # -- acting ------------------------------------------------------------------------------
    def submit(self, action: Any) -> bool:
        """Submit an action for the viewer; a refusal shows its reason and changes nothing."""
        seat = self.viewer
        if seat is None:
            return False
        try:
            step = self.controller.submit(seat, action)
        except IllegalAction as exc:
            self.app.toast(exc.reason[:1].upper() + exc.reason[1:])
            return False
        self._after_step(seat, action, step.events)
        return True

    def _after_step(self, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        if self.controller.pass_and_play and any(ev.irreversible for ev in events):
            # A reveal is watched by everyone at the table: show it from the public view, so the
            # next secret choice starts behind the curtain again.
            self.set_viewer(None)
        visible = tuple(ev for ev in events if ev.visible_to(self.viewer))
        self.refresh()
        self.on_step(seat, action, visible)

    def _hand_over(self) -> bool:
        """Pass the screen to the human who must act now; True when a curtain went up."""
        seat = self.controller.handover_needed()
        if seat is None or self._curtain_for is not None:
            return False
        if not self.rules.info.has_secrets:
            self.set_viewer(seat)  # nothing is secret: the screen simply follows the turn
            self.bind()
            return False
        if self.acts_in_public(seat):
            self.controller.viewer = seat
            self.public_act = True
            self.refresh()
            self.bind()
            return False
        self._curtain_for = seat
        self.set_viewer(None)  # nothing secret is bound while the screen changes hands
        self.app.push(PrivacyCurtain(self.controller.seat_name(seat), self.curtain_reason(seat)))
        return True

    @property
    def game_in_progress(self) -> bool:
        """Moves have been made and the game is not over: leaving it asks first."""
        return self.match.ply > 0 and not self.match.over

    def busy(self) -> bool:
        """Something on the table still moves (the curtain and bots wait for it)."""
        return self.animator.busy

    # -- hooks for the games -----------------------------------------------------------------
    def curtain_reason(self, seat: int) -> str:
        return "It is your turn."

    def bind(self) -> None:
        """(Re)build sprites from ``self.view`` for ``self.viewer``; called after every handover."""

    def on_step(self, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        """Animate what just happened; ``events`` are only those the viewer may see."""
