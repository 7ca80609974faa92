"""Babel Builders table animation: what each event looks like on the table.

Cards travel to the Master, reveals flip at the centre, blocks drop onto their tower one by one,
Lightning strikes block by block, a Deliberation turns a discard face up, the Master token moves,
and the finale is staged one beat at a time. Only events the viewer may see arrive here.
"""

from __future__ import annotations

from typing import Any

from babel.core.protocol import Event
from babel.games.builders import cards as C
from babel.games.builders.model import BuildersView
from scenes import anim, theme, wording
from scenes.tables import builders_layout as L
from scenes.tables.builders_art import paint_card_face
from scenes.tables.builders_panels import card_label
from scenes.widgets.cards import CardSprite

BEAT = 1.7  # seconds a finale beat stays on screen at normal speed
SEAL_CARD = next(c.id for c in C.CARDS if c.kind == C.SEAL)
FINALE_CARD = (44, 62)  # a Seal or Divine Punishment card on its way to a player


class AnimMixin:
    # -- events -----------------------------------------------------------------------------
    def _card(self, card, pos, face_up, size=L.TRAY_CARD) -> CardSprite:
        return CardSprite(card, paint_card_face, pos=pos, face_up=face_up, size=size)

    def _fly(
        self, card, start, end, t, face_up=False, size=L.TRAY_CARD, keep=False, flip_to=None
    ) -> CardSprite:
        sprite = self._card(card, start, face_up, size)
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
        tween = self.animator.add(length, delay=t, ease=anim.linear)
        self.banners.append((title, sub, tween, big))
        return t + length

    def _later(self, t: float, fn) -> None:
        self.animator.wait(t, fn)

    def _pos(self, seat: int) -> tuple[float, float]:
        return self.anchors[seat]

    def _tray(self) -> tuple[float, float]:
        m = self.master_shown
        return L.tray_pos(self.anchors[m], m == self.bottom)

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

    def on_step(self, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        v: BuildersView = self.view
        if v.seat is None:
            events = tuple(ev for ev in events if ev.to is None)
        t = 0.0
        for ev in events:
            t = self._animate(ev.kind, ev.data, t)
        if v.pending < 0:
            t = self._spot_to_pile(t + 0.3)
        self._later(t + 0.05, self._settle)
        self._maybe_note()

    def _settle(self) -> None:
        v: BuildersView = self.view
        self.heights = list(v.base)
        self.tray_shown = v.face_down_count
        self.disc_hold = {}
        self.delib_mask = set()
        self.master_shown = v.master
        if v.pending >= 0 and self.spot is None:
            self.spot = self._card(v.pending, L.SPOT, True, L.SPOT_SIZE)
        self.res_shown = len(v.resolved) - (1 if self.spot is not None else 0)
        self.stage |= self._stage_from_view(v)
        if self._choice_key != self._key_now():
            self._reset_choice()

    def _animate(self, kind: str, d: dict, t: float) -> float:
        sound = self.app.sound.play
        if kind == "appoint":
            self._later(t, lambda: sound("click"))
            return t + 0.35
        if kind == "choose":
            s = d["seat"]
            start = self._pos(s) if s != self.bottom or self.view.seat is None else L.hand_pos(0, 1)
            self._fly(None, start, self._ready_pos(s), t)
            self._later(t, lambda: sound("card"))
            return t + 0.12
        if kind == "handed":
            self.tray_shown = 0
            end = L.tray_pos(self.anchors[d["master"]], d["master"] == self.bottom)
            for i, s in enumerate(d["seats"]):
                self._fly(None, self._ready_pos(s), end, t + 0.12 * i)
                self._later(t + 0.12 * i + theme.SLIDE * 1.3, self._tray_plus)
            for s in d["discarded"]:
                self.disc_hold[s] = self.disc_hold.get(s, 0) + 1
                count = len(self.view.discards[s])
                self._fly(None, self._ready_pos(s), L.discard_pos(self._pos(s), count - 1, count), t + 0.1)
                self._later(t + 0.1 + theme.SLIDE * 1.3, lambda s=s: self._disc_minus(s))
            self._later(t, lambda: sound("card"))
            return t + 0.12 * len(d["seats"]) + theme.SLIDE * 1.3 + 0.2
        if kind == "storm":
            t = self._reveal_card(d["card"], t)
            t = self._banner("Storm!", "Every instruction card this round is void.", t, 1.4)
            return self._spot_to_pile(t)
        if kind == "confirmation":
            k = len(d["cards"])
            for i, c in enumerate(d["cards"]):
                self._fly(
                    c,
                    self._tray(),
                    (L.CENTRE[0] + (i - (k - 1) / 2) * 130, 540),
                    t + 0.15 * i,
                    size=L.SPOT_SIZE,
                    keep=True,
                    flip_to=True,
                )
            return self._banner(
                "Divine Punishment confirmed", d["reason"].capitalize() + ".", t + 0.6, 2.4, True
            )
        if kind == "no_swap":
            return self._banner("No swap", "No card is left to take.", t, 1.0)
        if kind == "swap":
            m = d["master"]
            self._later(t, self._tray_minus)
            self._fly(None, self._tray(), self._pos(m), t)
            if d["gave"]:
                self.disc_hold[m] = self.disc_hold.get(m, 0) + 1
                count = len(self.view.discards[m])
                self._fly(None, self._pos(m), L.discard_pos(self._pos(m), count - 1, count), t + 0.3)
                self._later(t + 0.3 + theme.SLIDE * 1.3, lambda: self._disc_minus(m))
            return t + 0.3 + theme.SLIDE * 1.3
        if kind == "reveal":
            t = self._reveal_card(d["card"], t)
            if d["void"]:
                t = self._banner("Void", "A Storm was revealed: no blocks this round.", t, 1.0)
            return t
        if kind == "place":
            cell = d["cell"]
            if cell < 0:
                return self._banner("No blocks left", "The supply is empty.", t, 1.0)
            for b in range(d["blocks"]):
                level = d["height"] - d["blocks"] + b
                tween = self.animator.add(0.34, delay=t + 0.24 * b, ease=lambda x: x * x)
                self.falling.append((cell, level, tween))
                self._later(t + 0.24 * b + 0.34, lambda c=cell, h=level + 1: self._set_height(c, h))
            return t + 0.24 * d["blocks"] + 0.45
        if kind == "strike":
            cell = d["cell"]
            self.bolts.append((cell, self.animator.add(0.45, delay=t, ease=anim.linear)))
            self.debris.append((cell, d["height"], self.animator.add(0.6, delay=t + 0.12)))
            self._later(t + 0.12, lambda c=cell, h=d["height"]: self._set_height(c, h, "fall"))
            return t + 0.7
        if kind == "deliberate":
            s = d["seat"]
            if s < 0:
                return self._banner("Deliberation", "No face-down discard to reveal.", t, 1.0)
            self.delib_mask.add(s)
            pile = self.view.discards[s]
            i = max((i for i, x in enumerate(pile) if x.revealed), default=max(0, len(pile) - 1))
            pos = L.discard_pos(self._pos(s), i, len(pile))
            big = (pos[0], pos[1] - 60 if pos[1] > 200 else pos[1] + 60)
            sprite = self._fly(None, pos, big, t, size=L.TRAY_FACE, flip_to=True, keep=True)
            sprite.face = d["shown"]
            shown_at = t + theme.SLIDE * 1.3 + theme.FLIP
            self._later(shown_at + 1.1, lambda: (self._drop(sprite), self.delib_mask.discard(s)))
            name = card_label(d["shown"]) if d["shown"] >= 0 else "nothing"
            return self._banner("Deliberation", f"{self._name(s)} discarded {name}.", t, 1.6)
        if kind == "complete":
            return self._banner(
                "The tower meets the blueprint!", "Now the Seal phase, then the truth.", t + 0.2, BEAT, True
            )
        if kind == "depleted":
            return self._banner("The deck is empty", "The tower is unfinished.", t + 0.2, BEAT, True)
        if kind == "draw":
            s = d["seat"]
            for i in range(d["count"]):
                self._fly(None, L.DECK, self._pos(s), t + 0.1 * i)
            return t + (0.15 if d["count"] else 0)
        if kind == "pass_master":
            a, b = d["from"], d["new_master"]
            self._later(t + 0.4, lambda: setattr(self, "master_shown", b))
            self.token_fly = (self._pos(a), self._pos(b), self.animator.add(0.4, delay=t))
            return t + 0.45
        if kind == "seal_phase":
            if d.get("skipped"):
                return self._banner("No Seal phase", "No Architect holds a Seal.", t, BEAT, True)
            sub = "Everyone chooses in secret: a Seal on a player, or none."
            return self._banner("The Seal phase", sub, t, BEAT, True)
        if kind == "seals":
            used = [(int(h), x) for h, x in d["targets"].items() if x >= 0]
            t = self._banner(
                "The Seals are revealed", f"{wording.count(len(used), 'Seal')} used.", t, BEAT, True
            )
            t = self._fly_finale(SEAL_CARD, used, t, lambda r: (r.right - 10, r.y - 10))
            self._later(t, lambda: self.stage.add("seals"))
            return t
        if kind == "zealots":
            self._later(t, lambda: self.stage.add("zealots"))
            zs = d["zealots"]
            sub = (
                ", ".join(f"{self._name(z)} ({c} Divine Punishment)" for z, c in zip(zs, d["cards"]))
                if zs
                else "There are no Zealots."
            )
            return self._banner("The Zealots stand up", sub, t, BEAT, True)
        if kind == "punishments":
            t = self._banner("Divine Punishment is given", "Each Zealot points at a player.", t, BEAT, True)
            given = [
                (int(z), g["target"]) for z, g in d["given"].items() for _ in g["cards"] if g["target"] >= 0
            ]
            t = self._fly_finale(C.PUNISHMENT_IDS[0], given, t, lambda r: (r.x + 14, r.y - 20))
            self._later(t, lambda: self.stage.add("punish"))
            return t
        if kind == "messenger":
            self._later(t, lambda: self.stage.add("messenger"))
            res = self.view.result
            sub = "The Messenger of God stands revealed."
            if res is not None and res.reason in ("sealed", "punishment"):
                sub = (
                    f"On the Messenger: {wording.count(res.seals_on_messenger, 'Seal')} against "
                    f"{wording.count(res.punishment_on_messenger, 'Divine Punishment card')}"
                )
            return self._banner(f"{self._name(d['seat'])} was the Messenger of God", sub, t, BEAT * 1.2, True)
        if kind == "result":
            self._later(t, lambda: (self.stage.add("result"), sound("win")))
            team = "The Architects win!" if d["team"] == "architects" else "The Messenger's team wins!"
            sub = f"Seals on the Messenger: {d['seals_on_messenger']}   Divine Punishment on the Messenger: {d['punishment_on_messenger']}"
            if d["reason"] in ("depletion", "confirmation"):
                sub = (
                    "The tower was never finished."
                    if d["reason"] == "depletion"
                    else "Divine Punishment was confirmed."
                )
            return self._banner(team, sub, t, BEAT * 1.3, True)
        return t  # a conversion is told by the viewer's role note (builders.py), not a banner

    def _fly_finale(self, card: int, pairs: list[tuple[int, int]], t: float, spot) -> float:
        """Cards of the finale travel face up from giver to receiver, one after another."""
        for i, (giver, receiver) in enumerate(pairs):
            end = spot(L.plate_rect(self._pos(receiver)))
            self._fly(card, self._pos(giver), end, t + 0.3 * i, face_up=True, size=FINALE_CARD)
            self._later(t + 0.3 * i, lambda: self.app.sound.play("card"))
        return t + (0.3 * (len(pairs) - 1) + theme.SLIDE * 1.3 + 0.2 if pairs else 0)

    def _ready_pos(self, seat: int) -> tuple[float, float]:
        x, y = self._pos(seat)
        if seat == self.bottom:
            return (L.BOTTOM_FRONT[0] - 150, L.BOTTOM_FRONT[1])
        dx, dy = L.CENTRE[0] - x, L.CENTRE[1] - y
        d = max(1.0, (dx * dx + dy * dy) ** 0.5)
        return (x + dx / d * 128, y + 20 + dy / d * 110)

    def _tray_plus(self) -> None:
        self.tray_shown += 1

    def _tray_minus(self) -> None:
        self.tray_shown = max(0, self.tray_shown - 1)

    def _disc_minus(self, seat: int) -> None:
        self.disc_hold[seat] = max(0, self.disc_hold.get(seat, 0) - 1)

    def _set_height(self, cell: int, h: int, sound: str = "block") -> None:
        self.heights[cell] = h
        self.app.sound.play(sound)

    def _reveal_card(self, card: int, t: float) -> float:
        t = self._spot_to_pile(t)
        self._later(t, self._tray_minus)
        sprite = self._fly(card, self._tray(), L.SPOT, t, size=L.SPOT_SIZE, keep=True, flip_to=True)
        self._later(t, lambda: self.app.sound.play("flip"))
        self.spot = sprite

        def settle() -> None:
            self._drop(sprite)

        self._later(t + theme.SLIDE * 1.3 + theme.FLIP, settle)
        return t + theme.SLIDE * 1.3 + theme.FLIP + 0.45
