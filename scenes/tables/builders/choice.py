"""Babel Builders' selection in progress: the seats, cards and cells a player has picked so far,
and the move they make once complete.

Pure logic over the legal moves (no pygame, no scene): a click either changes the selection,
makes a move, or is refused with a sentence for a toast.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from babel.games.builders import cards as C
from babel.games.builders.actions import (
    Action,
    Appoint,
    Declare,
    Deliberate,
    PassToken,
    Play,
    Punish,
    Say,
    Seal,
    Swap,
    Talk,
    target_of,
)
from babel.games.builders.model import BuildersView

PASS = Play(None, None)
WHY_NOT_SEAT = {
    Deliberate: "Deliberation reveals a face-down discard of a player appointed this round",
    PassToken: "Pass the token to another player",
    Say: "Name another player, or say nothing (N)",
    Seal: "You may not seal yourself",
    Punish: "Point at another player who is not a revealed Zealot",
    Talk: "Name another player (for 'hurt the tower', one who has handed a card), or say nothing (N)",
}
TALK_FIRST = "suspect"  # the statement the talk menu starts on


CONFIRM_LABEL = {
    Play: "Hand in",
    Swap: "Swap",
    Deliberate: "Reveal discard",
    PassToken: "Pass token",
    Declare: "Use my Seal",
    Say: "Say it",
    Talk: "Say it",
    Seal: "Seal",
    Punish: "Give",
}


def confirm_label(kind: type | None, picked: int, appoint_count: int) -> str:
    """The Confirm button's words for the move being chosen."""
    if kind is Appoint:
        return f"Appoint {picked}/{appoint_count} (Enter)"
    return CONFIRM_LABEL.get(kind, "Confirm") + " (Enter)"


def kind_of(legal: tuple[Action, ...]) -> type | None:
    """The kind of move the legal moves are (one kind at a time), or None."""
    return type(legal[0]) if legal else None


def only_pass(legal: tuple[Action, ...]) -> bool:
    return set(legal) == {PASS}


def alt_move(legal: tuple[Action, ...]) -> Action | None:
    """The second button's move (N): Pass, No Seal in Seal step 1, Say nothing in the discussion."""
    kind = kind_of(legal)
    if kind is Declare:
        return Declare(False)
    if kind is Say:
        return Say(None)
    if kind is Talk:
        return Talk("nothing", None)
    return PASS if only_pass(legal) else None


@dataclass
class Choice:
    """What the player has picked so far (None: not yet)."""

    picked: list[int] = field(default_factory=list)
    sel_play: int | None = None
    sel_discard: int | None = None
    sel_take: int | None = None
    sel_give: int | None = None
    give_nothing: bool = False  # the swap gives nothing (the Master's hand is all Divine Punishment)
    key_col: int | None = None
    talk_kind: str = TALK_FIRST  # the statement chosen in the talk menu (the seat is ``picked``)

    @classmethod
    def fresh(cls, legal: tuple[Action, ...]) -> Choice:
        """A new selection; a forced card (Divine Punishment, the only take) is picked already."""
        out = cls()
        kind = kind_of(legal)
        if kind is Play:
            plays = {a.card for a in legal}
            if len(plays) == 1 and None not in plays:
                out.sel_play = plays.pop()  # a forced play (Divine Punishment)
        if kind is Swap:
            takes = {a.take for a in legal}
            if len(takes) == 1:
                out.sel_take = next(iter(takes))
            out.give_nothing = {a.give for a in legal} == {None}
        return out

    # -- the move ------------------------------------------------------------------------------
    def action(self, legal: tuple[Action, ...]) -> Action | None:
        """The move the selection makes, if it is complete and legal."""
        kind = kind_of(legal)
        if kind is Appoint:
            action = Appoint(tuple(sorted(self.picked)))
        elif kind is Play:
            action = PASS if only_pass(legal) else Play(self.sel_play, self.sel_discard)
        elif kind is Swap:
            if self.sel_take is None or (self.sel_give is None and not self.give_nothing):
                return None
            action = Swap(self.sel_take, self.sel_give)
        elif kind is Declare:
            action = Declare(True) if len(legal) > 1 else legal[0]
        elif kind is Talk:
            action = Talk(self.talk_kind, self.picked[-1]) if self.picked else None
        elif kind in WHY_NOT_SEAT:
            if len(legal) == 1:
                return legal[0]
            if not self.picked:
                return None
            action = kind(self.picked[-1])
        else:
            return None
        return action if action in legal else None

    # -- clicks: each returns a move to make, a sentence to toast, or None ----------------------
    def toggle_seat(self, seat: int, view: BuildersView, legal: tuple[Action, ...]) -> Action | str | None:
        kind = kind_of(legal)
        if kind is Appoint:
            if seat == view.master:
                return "The Master appoints other players, never themselves"
            if seat in self.picked:
                self.picked.remove(seat)
            elif len(self.picked) >= view.appoint_count:
                return f"Appoint exactly {view.appoint_count}: click a token to take it back"
            else:
                self.picked.append(seat)
            return None
        if kind is Talk:
            return self._talk_seat(seat, legal)
        if kind in WHY_NOT_SEAT:
            if seat not in {target_of(a) for a in legal}:
                return WHY_NOT_SEAT[kind]
            if self.picked == [seat]:
                return kind(seat)  # a second click confirms
            self.picked = [seat]
        return None

    def _talk_seat(self, seat: int, legal: tuple[Action, ...]) -> Action | str | None:
        said = Talk(self.talk_kind, seat)
        if said not in legal:
            return WHY_NOT_SEAT[Talk]
        if self.picked == [seat]:
            return said  # a second click says it
        self.picked = [seat]
        return None

    def pick_talk(self, kind: str, legal: tuple[Action, ...]) -> str | None:
        """Choose what to say; a seat already picked stays picked when it can be named so."""
        if not any(isinstance(a, Talk) and a.kind == kind for a in legal):
            return "Nobody has handed a card to a Master yet" if kind == "hurt" else "You cannot say that now"
        self.talk_kind = kind
        if self.picked and Talk(kind, self.picked[-1]) not in legal:
            self.picked = []
        return None

    def click_hand(self, card: int, legal: tuple[Action, ...], shift: bool = False) -> str | None:
        kind = kind_of(legal)
        if kind is Play:
            return self._click_play(card, legal, shift)
        if kind is Swap:
            if card in {a.give for a in legal}:
                self.sel_give = None if self.sel_give == card else card
                return None
            return "A Master holding Divine Punishment gives up a card that is not one"
        return None

    def _click_play(self, card: int, legal: tuple[Action, ...], shift: bool) -> str | None:
        plays = {a.card for a in legal}
        discards = {a.discard for a in legal}
        if card == self.sel_play and len(plays) > 1:
            self.sel_play = None
        elif card == self.sel_discard:
            self.sel_discard = None
        elif self.sel_play is None and card in plays and not shift:
            self.sel_play = card
        elif card in discards:
            self.sel_discard = card
            if self.sel_play == card:
                self.sel_play = None
        elif card in plays:
            self.sel_play = card
        elif C.is_punishment(card):
            return "Nobody may discard a Divine Punishment card"
        else:
            return "That card cannot be played now"
        return None

    def click_received(self, card: int, legal: tuple[Action, ...]) -> str | None:
        takes = {a.take for a in legal}
        if card in takes:
            self.sel_take = None if self.sel_take == card and len(takes) > 1 else card
            return None
        if C.CARDS[card].kind == C.STORM:
            return "A revealed Storm cannot be taken"
        return "A Divine Punishment card received must be taken in the swap"
