"""Babel Builders table animation: what each event looks like on the table.

Cards travel to the Master, reveals flip at the centre, blocks drop onto their tower one by one,
Lightning strikes block by block, a Deliberation turns a discard face up, the Master token moves,
and the finale is staged one beat at a time. Only events the viewer may see arrive here.
``Motion`` holds what the table shows while the animation runs behind the view (heights, cards
in flight, banners, the finale's stage) and settles to the view when the tweens are done.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from babel.core.protocol import Event
from babel.games.builders import cards as C
from babel.games.builders.model import BuildersView, EventKind, Phase
from scenes import anim, theme, wording
from scenes.tables.builders import layout as L
from scenes.tables.builders.art import paint_card_face
from scenes.tables.builders.panels import card_label
from scenes.widgets.cards import CardSprite

BEAT = 1.7  # seconds a finale beat stays on screen at normal speed
SEAL_CARD = next(c.id for c in C.CARDS if c.kind == C.SEAL)
FINALE_CARD = (44, 62)  # a Seal or Divine Punishment card on its way to a player


def stage_from_view(v: BuildersView) -> set[str]:
    """The finale beats a view has reached (shown at once when a table opens mid-finale)."""
    stage = set()
    if v.seal_users or v.said or v.phase in (Phase.DISCUSS, Phase.TARGET) or v.seals:
        stage.add("users")
    if v.seals:
        stage.add("seals")
    if v.zealots or v.phase is Phase.PUNISH:
        stage.add("zealots")
    if v.phase is Phase.OVER:
        stage |= {"seals", "zealots", "punish", "messenger", "result"}
    return stage


def card_sprite(card, pos, face_up, size=L.TRAY_CARD) -> CardSprite:
    return CardSprite(card, paint_card_face, pos=pos, face_up=face_up, size=size)


TALK_HOLD = 0.9  # seconds the table waits after a statement in the talk step (its words show by the seat)


class Motion(anim.EventMotion):
    """The table's animation state and the tweens that move it toward the view."""

    def __init__(
        self,
        animator: anim.Animator,
        view: Callable[[], BuildersView],
        name: Callable[[int], str],
        sound: Callable[[str], None],
        settled: Callable[[], None],
    ) -> None:
        super().__init__(animator, view, name, sound)
        self._settled = settled
        self.handlers: dict[str, Callable[[dict, float], float]] = {
            EventKind.APPOINT: self._appoint,
            EventKind.CHOOSE: self._choose,
            EventKind.HANDED: self._handed,
            EventKind.STORM: self._storm,
            EventKind.CONFIRMATION: self._confirmation,
            EventKind.NO_SWAP: lambda d, t: self._banner("No swap", "No card is left to take.", t, 1.0),
            EventKind.SWAP: self._swap,
            EventKind.REVEAL: self._reveal,
            EventKind.PLACE: self._place,
            EventKind.STRIKE: self._strike,
            EventKind.DELIBERATE: self._deliberate,
            EventKind.COMPLETE: self._complete,
            EventKind.DEPLETED: self._depleted,
            EventKind.DRAW: self._draw,
            EventKind.PASS_MASTER: self._pass_master,
            EventKind.SEAL_PHASE: self._seal_phase,
            EventKind.SEAL_USERS: self._seal_users,
            EventKind.SAID: self._said,
            EventKind.TALK: lambda d, t: t + (TALK_HOLD if d["subject"] is not None else 0.2),
            EventKind.SEALS: self._seals,
            EventKind.ZEALOTS: self._zealots,
            EventKind.PUNISHMENTS: self._punishments,
            EventKind.MESSENGER: self._messenger,
            EventKind.RESULT: self._result,
        }

    def reset(self, v: BuildersView, bottom: int) -> None:
        """Show ``v`` as it is, nothing in flight (a new viewer, or a table opening)."""
        self.bottom = bottom
        self.anchors = L.seat_anchors(v.players, bottom)
        self.heights = list(v.base)
        self.falling: list[tuple[int, int, anim.Tween]] = []
        self.debris: list[tuple[int, int, anim.Tween]] = []
        self.bolts: list[tuple[int, anim.Tween]] = []
        self.flyers: list[CardSprite] = []
        self.banners: list[tuple[str, str, anim.Tween, bool]] = []
        self.tray_shown = v.face_down_count
        self.disc_hold: dict[int, int] = {}
        self.delib_mask: set[int] = set()
        self.master_shown = v.master
        self.spot: CardSprite | None = None
        self.token_fly: tuple | None = None
        if v.pending >= 0:
            self.spot = card_sprite(v.pending, L.SPOT, True, L.SPOT_SIZE)
        self.res_shown = len(v.resolved) - (1 if self.spot is not None else 0)
        self.stage = stage_from_view(v)

    def ui_fields(self) -> dict[str, Any]:
        """This state as ``BuildersUi`` fields (copies: painters get values, not the lists)."""
        return dict(
            anchors=self.anchors,
            heights=tuple(self.heights),
            res_shown=self.res_shown,
            tray_shown=self.tray_shown,
            disc_hold=dict(self.disc_hold),
            delib_mask=frozenset(self.delib_mask),
            master_shown=self.master_shown,
            stage=frozenset(self.stage),
            falling=tuple(self.falling),
            debris=tuple(self.debris),
            bolts=tuple(self.bolts),
            banners=tuple(self.banners),
            flyers=tuple(self.flyers),
            spot=self.spot,
            token_fly=self.token_fly,
        )

    def prune(self) -> None:
        """Drop finished banners, falling blocks, debris, bolts and the landed token."""
        self.banners = [b for b in self.banners if not b[2].done]
        self.falling = [f for f in self.falling if not f[2].done]
        self.debris = [f for f in self.debris if not f[2].done]
        self.bolts = [b for b in self.bolts if not b[1].done]
        if self.token_fly is not None and self.token_fly[2].done:
            self.token_fly = None

    # -- events -----------------------------------------------------------------------------
    def on_step(self, v: BuildersView, events: tuple[Event, ...]) -> None:
        if v.seat is None:
            events = tuple(ev for ev in events if ev.to is None)
        t = 0.0
        for ev in events:
            handler = self.handlers.get(ev.kind)
            if handler is not None:  # a conversion is told by the viewer's role note, not a banner
                t = handler(ev.data, t)
        if v.pending < 0:
            t = self._spot_to_pile(t + 0.3)
        self.animator.wait(t + 0.05, self.settle)

    def settle(self) -> None:
        v = self.view_now()
        self.heights = list(v.base)
        self.tray_shown = v.face_down_count
        self.disc_hold = {}
        self.delib_mask = set()
        self.master_shown = v.master
        if v.pending >= 0 and self.spot is None:
            self.spot = card_sprite(v.pending, L.SPOT, True, L.SPOT_SIZE)
        self.res_shown = len(v.resolved) - (1 if self.spot is not None else 0)
        self.stage |= stage_from_view(v)
        self._settled()

    # -- helpers ----------------------------------------------------------------------------
    def _fly(
        self, card, start, end, t, face_up=False, size=L.TRAY_CARD, keep=False, flip_to=None
    ) -> CardSprite:
        sprite = card_sprite(card, start, face_up, size)
        sprite.hidden = True

        def show() -> None:
            sprite.hidden = False
            self.flyers.append(sprite)

        self.animator.wait(t, show)
        sprite.slide_to(end, self.animator, theme.SLIDE * 1.3, delay=t)
        if flip_to is not None:
            sprite.flip(flip_to, self.animator, theme.FLIP, delay=t + theme.SLIDE * 1.3)
        if not keep:
            self.animator.wait(
                t + theme.SLIDE * 1.3 + (theme.FLIP if flip_to is not None else 0), lambda: self._drop(sprite)
            )
        return sprite

    def _drop(self, sprite: CardSprite) -> None:
        if sprite in self.flyers:
            self.flyers.remove(sprite)

    def _banner(self, title: str, sub: str, t: float, length: float = BEAT, big: bool = False) -> float:
        tween = self.animator.show(length, delay=t)
        self.banners.append((title, sub, tween, big))
        return t + length

    def _later(self, t: float, fn) -> None:
        self.animator.wait(t, fn)

    def _sound_at(self, t: float, name: str) -> None:
        self._later(t, lambda: self.sound(name))

    def _pos(self, seat: int) -> tuple[float, float]:
        return self.anchors[seat]

    def _tray(self) -> tuple[float, float]:
        return L.tray_of(self.anchors, self.master_shown, self.bottom)

    def ready_pos(self, seat: int) -> tuple[float, float]:
        return L.ready_pos(self.anchors, self.bottom, seat)

    def _spot_to_pile(self, t: float) -> float:
        sprite = self.spot
        if sprite is None:
            return t
        self.spot = None
        self.flyers.append(sprite)
        sprite.slide_to(L.PILE, self.animator, theme.SLIDE, delay=t)

        def land() -> None:
            self._drop(sprite)
            self.res_shown += 1

        self._later(t + theme.SLIDE, land)
        return t + theme.SLIDE * 0.6

    def _tray_plus(self) -> None:
        self.tray_shown += 1

    def _tray_minus(self) -> None:
        self.tray_shown = max(0, self.tray_shown - 1)

    def _disc_minus(self, seat: int) -> None:
        self.disc_hold[seat] = max(0, self.disc_hold.get(seat, 0) - 1)

    def _set_height(self, cell: int, h: int, sound: str = "block") -> None:
        self.heights[cell] = h
        self.sound(sound)

    def _to_discards(self, seat: int, start, t: float) -> None:
        """A card flies face down to the end of ``seat``'s discard area (held back until it lands)."""
        self.disc_hold[seat] = self.disc_hold.get(seat, 0) + 1
        count = len(self.view_now().discards[seat])
        self._fly(None, start, L.discard_pos(self._pos(seat), count - 1, count), t)
        self._later(t + theme.SLIDE * 1.3, lambda: self._disc_minus(seat))

    def _reveal_card(self, card: int, t: float) -> float:
        t = self._spot_to_pile(t)
        self._later(t, self._tray_minus)
        sprite = self._fly(card, self._tray(), L.SPOT, t, size=L.SPOT_SIZE, keep=True, flip_to=True)
        self._sound_at(t, "flip")
        self.spot = sprite
        self._later(t + theme.SLIDE * 1.3 + theme.FLIP, lambda: self._drop(sprite))
        return t + theme.SLIDE * 1.3 + theme.FLIP + 0.45

    def _fly_finale(self, card: int, pairs: list[tuple[int, int]], t: float, spot) -> float:
        """Cards of the finale travel face up from giver to receiver, one after another."""
        for i, (giver, receiver) in enumerate(pairs):
            end = spot(L.plate_rect(self._pos(receiver)))
            self._fly(card, self._pos(giver), end, t + 0.3 * i, face_up=True, size=FINALE_CARD)
            self._sound_at(t + 0.3 * i, "card")
        return t + (0.3 * (len(pairs) - 1) + theme.SLIDE * 1.3 + 0.2 if pairs else 0)

    # -- one method per event kind: each takes the event's data and the start, returns the end ---
    def _appoint(self, d: dict, t: float) -> float:
        self._sound_at(t, "click")
        return t + 0.35

    def _choose(self, d: dict, t: float) -> float:
        s = d["seat"]
        start = self._pos(s) if s != self.bottom or self.view_now().seat is None else L.hand_pos(0, 1)
        self._fly(None, start, self.ready_pos(s), t)
        self._sound_at(t, "card")
        return t + 0.12

    def _handed(self, d: dict, t: float) -> float:
        self.tray_shown = 0
        end = L.tray_pos(self.anchors[d["master"]], d["master"] == self.bottom)
        for i, s in enumerate(d["seats"]):
            self._fly(None, self.ready_pos(s), end, t + 0.12 * i)
            self._later(t + 0.12 * i + theme.SLIDE * 1.3, self._tray_plus)
        for s in d["discarded"]:
            self._to_discards(s, self.ready_pos(s), t + 0.1)
        self._sound_at(t, "card")
        return t + 0.12 * len(d["seats"]) + theme.SLIDE * 1.3 + 0.2

    def _storm(self, d: dict, t: float) -> float:
        t = self._reveal_card(d["card"], t)
        t = self._banner("Storm!", "Every instruction card this round is void.", t, 1.4)
        return self._spot_to_pile(t)

    def _confirmation(self, d: dict, t: float) -> float:
        k = len(d["cards"])
        for i, c in enumerate(d["cards"]):
            end = (L.CENTRE[0] + (i - (k - 1) / 2) * 130, 540)
            self._fly(c, self._tray(), end, t + 0.15 * i, size=L.SPOT_SIZE, keep=True, flip_to=True)
        return self._banner("Divine Punishment confirmed", d["reason"].capitalize() + ".", t + 0.6, 2.4, True)

    def _swap(self, d: dict, t: float) -> float:
        m = d["master"]
        self._later(t, self._tray_minus)
        self._fly(None, self._tray(), self._pos(m), t)
        if d["gave"]:
            self._to_discards(m, self._pos(m), t + 0.3)
        return t + 0.3 + theme.SLIDE * 1.3

    def _reveal(self, d: dict, t: float) -> float:
        t = self._reveal_card(d["card"], t)
        if d["void"]:
            t = self._banner("Void", "A Storm was revealed: no blocks this round.", t, 1.0)
        return t

    def _place(self, d: dict, t: float) -> float:
        cell = d["cell"]
        if cell < 0:
            return self._banner("No blocks left", "The supply is empty.", t, 1.0)
        for b in range(d["blocks"]):
            level = d["height"] - d["blocks"] + b
            tween = self.animator.add(0.34, delay=t + 0.24 * b, ease=lambda x: x * x)
            self.falling.append((cell, level, tween))
            self._later(t + 0.24 * b + 0.34, lambda c=cell, h=level + 1: self._set_height(c, h))
        return t + 0.24 * d["blocks"] + 0.45

    def _strike(self, d: dict, t: float) -> float:
        cell = d["cell"]
        self.bolts.append((cell, self.animator.show(0.45, delay=t)))  # a flash, kept when calm
        self.debris.append((cell, d["height"], self.animator.add(0.6, delay=t + 0.12)))
        self._later(t + 0.12, lambda c=cell, h=d["height"]: self._set_height(c, h, "fall"))
        return t + 0.7

    def _deliberate(self, d: dict, t: float) -> float:
        s = d["seat"]
        if s < 0:
            return self._banner("Deliberation", "No face-down discard to reveal.", t, 1.0)
        self.delib_mask.add(s)
        pile = self.view_now().discards[s]
        i = max((i for i, x in enumerate(pile) if x.revealed), default=max(0, len(pile) - 1))
        pos = L.discard_pos(self._pos(s), i, len(pile))
        big = (pos[0], pos[1] - 60 if pos[1] > 200 else pos[1] + 60)
        sprite = self._fly(None, pos, big, t, size=L.TRAY_FACE, flip_to=True, keep=True)
        sprite.face = d["shown"]
        shown_at = t + theme.SLIDE * 1.3 + theme.FLIP
        self._later(shown_at + 1.1, lambda: (self._drop(sprite), self.delib_mask.discard(s)))
        name = card_label(d["shown"]) if d["shown"] >= 0 else "nothing"
        return self._banner("Deliberation", f"{self.name(s)} discarded {name}.", t, 1.6)

    def _complete(self, d: dict, t: float) -> float:
        return self._banner(
            "The tower meets the blueprint!", "Now the Seal phase, then the truth.", t + 0.2, BEAT, True
        )

    def _depleted(self, d: dict, t: float) -> float:
        return self._banner("The deck is empty", "The tower is unfinished.", t + 0.2, BEAT, True)

    def _draw(self, d: dict, t: float) -> float:
        for i in range(d["count"]):
            self._fly(None, L.DECK, self._pos(d["seat"]), t + 0.1 * i)
        return t + (0.15 if d["count"] else 0)

    def _pass_master(self, d: dict, t: float) -> float:
        a, b = d["from"], d["new_master"]
        self._later(t + 0.4, lambda: setattr(self, "master_shown", b))
        self.token_fly = (self._pos(a), self._pos(b), self.animator.add(0.4, delay=t))
        return t + 0.45

    def _seal_phase(self, d: dict, t: float) -> float:
        if d.get("skipped"):
            return self._banner("No Seal phase", "No Architect holds a Seal.", t, BEAT, True)
        sub = "Step 1: everyone declares in secret whether they use a Seal."
        return self._banner("The Seal phase", sub, t, BEAT, True)

    def _seal_users(self, d: dict, t: float) -> float:
        users = d["users"]
        self._later(t, lambda: self.stage.add("users"))
        if not users:
            return self._banner("No Seal is used", "Nobody declared a Seal.", t, BEAT, True)
        names = ", ".join(self.name(u) for u in users)
        sub = f"{names}. Now the table talks."
        return self._banner(f"{wording.count(len(users), 'Seal')} declared", sub, t, BEAT, True)

    def _said(self, d: dict, t: float) -> float:
        who, suspect = self.name(d["seat"]), d["suspect"]
        line = "says nothing." if suspect < 0 else f"takes {self.name(suspect)} for the Messenger."
        return self._banner(who, line, t, 0.9)

    def _seals(self, d: dict, t: float) -> float:
        used = [(int(h), x) for h, x in d["targets"].items() if x >= 0]
        t = self._banner("The Seals are revealed", f"{wording.count(len(used), 'Seal')} used.", t, BEAT, True)
        t = self._fly_finale(SEAL_CARD, used, t, lambda r: (r.right - 10, r.y - 10))
        self._later(t, lambda: self.stage.add("seals"))
        return t

    def _zealots(self, d: dict, t: float) -> float:
        self._later(t, lambda: self.stage.add("zealots"))
        zs = d["zealots"]
        sub = (
            ", ".join(f"{self.name(z)} ({c} Divine Punishment)" for z, c in zip(zs, d["cards"]))
            if zs
            else "There are no Zealots."
        )
        return self._banner("The Zealots stand up", sub, t, BEAT, True)

    def _punishments(self, d: dict, t: float) -> float:
        t = self._banner("Divine Punishment is given", "Each Zealot points at a player.", t, BEAT, True)
        given = [(int(z), g["target"]) for z, g in d["given"].items() for _ in g["cards"] if g["target"] >= 0]
        t = self._fly_finale(C.PUNISHMENT_IDS[0], given, t, lambda r: (r.x + 14, r.y - 20))
        self._later(t, lambda: self.stage.add("punish"))
        return t

    def _messenger(self, d: dict, t: float) -> float:
        self._later(t, lambda: self.stage.add("messenger"))
        res = self.view_now().result
        sub = "The Messenger of God stands revealed."
        if res is not None and res.reason in ("sealed", "punishment"):
            sub = (
                f"On the Messenger: {wording.count(res.seals_on_messenger, 'Seal')} against "
                f"{wording.count(res.punishment_on_messenger, 'Divine Punishment card')}"
            )
        return self._banner(f"{self.name(d['seat'])} was the Messenger of God", sub, t, BEAT * 1.2, True)

    def _result(self, d: dict, t: float) -> float:
        self._later(t, lambda: (self.stage.add("result"), self.sound("win")))
        team = "The Architects win!" if d["team"] == "architects" else "The Messenger's team wins!"
        sub = (
            f"Seals on the Messenger: {d['seals_on_messenger']}   "
            f"Divine Punishment on the Messenger: {d['punishment_on_messenger']}"
        )
        if d["reason"] == "depletion":
            sub = "The tower was never finished."
        elif d["reason"] == "confirmation":
            sub = "Divine Punishment was confirmed."
        return self._banner(team, sub, t, BEAT * 1.3, True)
