"""Motion for the Turmbau table: each step's events become slides, flips, falling blocks, flying
discs, floating points and banners, scheduled one after another so the table tells the story.

``Motion`` holds everything in flight; the table owns one, feeds it each step's events, and the
painters read it (they never change it: ``prune`` drops finished pieces between frames).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from babel.core.protocol import Event
from babel.games.turmbau import data
from babel.games.turmbau.model import EventKind, Phase, TurmbauView
from scenes import anim, theme
from scenes.tables.turmbau import layout
from scenes.tables.turmbau.art import building_painter, paint_building_card
from scenes.tables.turmbau.layout import HAND_Y, SMALL_CARD, disc_centre, tile_rect
from scenes.tables.turmbau.words import end_text, played_extra, stall_text
from scenes.widgets.cards import CardSprite

SLIDE = theme.SLIDE * 1.3  # cards and discs travelling across the table


def expand(counts) -> list[int]:
    """A count vector as one kind per card."""
    return [k for k in range(data.NKINDS) for _ in range(counts[k])]


class Motion(anim.EventMotion):
    """Everything in flight on the table, and the scores as the markers show them. ``animator``
    holds the motion that holds up the table."""

    def setup(self) -> None:
        # Motion that must not hold up the viewer: the others' face-down offers sliding in while
        # the viewer is still drafting an offer of their own.
        self.aside = anim.Animator(self.animator.speed, self.animator.calm)
        view = self.view_now()
        self.floaters: list[tuple[str, tuple[float, float], Any, anim.Tween]] = []
        self.flyers: list[CardSprite] = []
        self.disc_flyers: list[tuple[Any, tuple, tuple, anim.Tween]] = []
        self.drops: dict[tuple[int, int], tuple[int, int, anim.Tween]] = {}
        self.banner: tuple[str, anim.Tween] | None = None
        self.shown_scores = list(view.scores)
        self.score_moves: dict[int, tuple[int, int, anim.Tween]] = {}
        self.marker_move: tuple[int, anim.Tween] | None = None
        self.scored_flash: dict[int, anim.Tween] = {}
        self.offer_sprites: dict[int, list[CardSprite]] = {}
        self.build_offer_sprites()

    # -- state -----------------------------------------------------------------------------------
    def build_offer_sprites(self) -> None:
        """The offers as they lie now: face down while offering, face up once revealed."""
        v = self.view_now()
        self.offer_sprites = {}
        if v.phase is Phase.OFFER:
            for s in range(v.players):
                if s != v.active and v.committed[s]:
                    mine = s == v.seat and v.my_offer is not None
                    n = v.my_offer.size if mine else 3
                    self.offer_sprites[s] = [
                        CardSprite(None, pos=layout.offer_back_pos(v, s, i, n, mine), size=SMALL_CARD)
                        for i in range(n)
                    ]
        elif v.phase is Phase.SELECT:
            for s, o in enumerate(v.offers):
                if o is None or s == v.active:
                    continue
                kinds = expand(o.cards)
                self.offer_sprites[s] = [
                    CardSprite(
                        k,
                        building_painter(layout.slot_card_covered(v, s, i, len(kinds))),
                        layout.slot_card_pos(v, s, i, len(kinds)),
                        True,
                        SMALL_CARD,
                    )
                    for i, k in enumerate(kinds)
                ]

    def update(self, dt: float) -> None:
        self.aside.speed, self.aside.calm = self.animator.speed, self.animator.calm
        self.aside.update(dt)
        self.prune()

    def prune(self) -> None:
        """Forget floating texts and the banner once they are over."""
        self.floaters = [f for f in self.floaters if not f[3].done]
        if self.banner is not None and self.banner[1].done:
            self.banner = None

    def sprites(self) -> list[tuple[int, CardSprite]]:
        return [(seat, s) for seat, row in sorted(self.offer_sprites.items()) for s in row]

    def moving(self) -> bool:
        """Anything in flight, on either animator, or an offer card on its way."""
        return self.animator.busy or self.aside.busy or any(s.moving for _, s in self.sprites())

    # -- pieces ------------------------------------------------------------------------------------
    def float(self, text: str, pos, colour=None, delay: float = 0.0, dur: float = 1.2) -> None:
        colour = theme.GOLD if colour is None else colour
        self.floaters.append((text, pos, colour, self.animator.show(dur, delay)))

    def show_banner(self, text: str, delay: float = 0.0, dur: float = 1.4) -> None:
        self.banner = (text, self.animator.show(dur, delay))

    def fly(self, face, painter, start, end, delay=0.0, face_up=True, size=SMALL_CARD) -> None:
        sprite = CardSprite(face, painter or paint_building_card, start, face_up, size)
        if self.animator.calm:  # calm: the card shows only where it lands
            self.animator.wait(delay, lambda: self.flyers.append(sprite))
        else:
            self.flyers.append(sprite)
        sprite.slide_to(end, self.animator, SLIDE, delay=delay)
        self.animator.wait(delay + SLIDE, lambda: sprite in self.flyers and self.flyers.remove(sprite))

    def move_score(self, seat: int, new: int, delay: float) -> None:
        old = self.shown_scores[seat]
        if new == old:
            return
        self.score_moves[seat] = (old, new, self.animator.add(0.6, delay))
        self.shown_scores[seat] = new

    def plate(self, seat: int) -> tuple[float, float]:
        return layout.plate_centre(self.view_now(), seat)

    def supply(self) -> tuple[float, float]:
        return layout.supply_pos(self.view_now().players)

    # -- one step --------------------------------------------------------------------------------
    def play(self, events: tuple[Event, ...]) -> None:
        """Schedule the motion of one step's events, one after another."""
        delay = 0.0
        for ev in events:
            handler = _HANDLERS.get(ev.kind)
            if handler is not None:
                delay = handler(self, self.view_now(), ev.data, delay)


# -- the events, each scheduled after the ones before: (motion, view, data, delay) -> delay ----------
def _build(m: Motion, v: TurmbauView, d: dict, delay: float) -> float:
    m.offer_sprites = {}
    m.show_banner(f"{m.name(d['seat'])} builds on the {data.WONDER_NAMES[d['wonder']]}")
    m.sound("click")
    return delay


def _pass(m: Motion, v: TurmbauView, d: dict, delay: float) -> float:
    m.float("passes", m.plate(d["seat"]), theme.PAPER)
    return delay


def _draw(m: Motion, v: TurmbauView, d: dict, delay: float) -> float:
    who = d["seat"]
    end = (300, HAND_Y) if who == v.seat else m.plate(who)
    for i in range(min(d["count"], 3)):
        m.fly(None, None, m.supply(), end, delay + 0.08 * i, face_up=False)
    return delay


def _reshuffle(m: Motion, v: TurmbauView, d: dict, delay: float) -> float:
    m.float("discard reshuffled", m.supply(), theme.PAPER, delay)
    return delay


def _offer_committed(m: Motion, v: TurmbauView, d: dict, delay: float) -> float:
    s = d["seat"]
    mine = s == v.seat and v.my_offer is not None
    n = v.my_offer.size if mine else 3
    start = (300, HAND_Y) if mine else m.plate(s)
    sprites = []
    for i in range(n):
        sp = CardSprite(None, pos=start, size=SMALL_CARD)
        sp.slide_to(layout.offer_back_pos(v, s, i, n, mine), m.aside, theme.SLIDE, delay=0.05 * i)
        sprites.append(sp)
    m.offer_sprites[s] = sprites
    m.sound("card")
    return delay


def _reveal(m: Motion, v: TurmbauView, d: dict, delay: float) -> float:
    """All face-down offers flip at once; wrong-kind cards go straight back to their owners."""
    m.sound("flip")
    keep: dict[int, list[CardSprite]] = {}
    for o in d["offers"]:
        s = o["seat"]
        right = expand(o["cards"])
        cards = right + expand(o["returned"])
        sprites = []
        for i, kind in enumerate(cards):
            pos = layout.slot_card_pos(v, s, i, max(1, len(cards)))
            covered = layout.slot_card_covered(v, s, i, max(1, len(cards)))
            sp = CardSprite(kind, building_painter(covered), pos, False, SMALL_CARD)
            sp.flip(True, m.animator, theme.FLIP, delay=theme.SLIDE)
            if i >= len(right):
                home = (300, HAND_Y) if s == v.seat else m.plate(s)
                sp.slide_to(home, m.animator, theme.SLIDE, delay=theme.SLIDE + theme.FLIP + 0.3)
            sprites.append(sp)
        keep[s] = sprites
    m.offer_sprites = keep
    m.show_banner("The offers are revealed", theme.SLIDE * 0.5, 1.2)
    m.animator.wait(theme.SLIDE + theme.FLIP + 0.3 + theme.SLIDE + 0.05, m.build_offer_sprites)
    return delay + theme.SLIDE + theme.FLIP + 0.2


def _accepted(m: Motion, v: TurmbauView, d: dict, delay: float) -> float:
    """Invited cards slide onto the wonder, refused ones back to their owners, and the builder's
    own cards leave the hand."""
    r = tile_rect(d["wonder"])
    site = (r.centerx, r.bottom - 60)
    invited = set(d["seats"])
    for s, sprites in m.offer_sprites.items():
        for sp in sprites:
            sp.slide_to(site if s in invited else m.plate(s), m.animator, SLIDE, delay=delay)
    for i, kind in enumerate(expand(d["fill"])[:6]):
        m.fly(kind, paint_building_card, (120 + 60 * i, HAND_Y), site, delay + 0.05 * i)
    m.animator.wait(delay + SLIDE, lambda: setattr(m, "offer_sprites", {}))
    m.sound("card")
    return delay + SLIDE


def _unfulfilled(m: Motion, v: TurmbauView, d: dict, delay: float) -> float:
    for s, sprites in m.offer_sprites.items():
        for sp in sprites:
            sp.slide_to(m.plate(s), m.animator, SLIDE, delay=delay)
    m.animator.wait(delay + SLIDE, lambda: setattr(m, "offer_sprites", {}))
    m.show_banner(f"{m.name(d['seat'])} leaves the disc unfulfilled", delay)
    return delay + SLIDE


def _rejected(m: Motion, v: TurmbauView, d: dict, delay: float) -> float:
    s = d["seat"]
    m.float(f"+{d['points']}", m.plate(s), theme.GOLD, delay)
    m.move_score(s, d["score"], delay)
    return delay


def _parts_placed(m: Motion, v: TurmbauView, d: dict, delay: float) -> float:
    m.drops[(d["wonder"], d["seat"])] = (d["ones"], d["threes"], m.animator.add(0.45, delay))
    m.animator.wait(delay + 0.3, lambda: m.sound("block"))
    return delay + 0.12


def _disc_taken(m: Motion, v: TurmbauView, d: dict, delay: float) -> float:
    w, slot, s = d["wonder"], d["slot"], d["seat"]
    key = (tuple(data.KINDS.index(x) for x in d["disc"]["kinds"]), tuple(d["disc"]["values"]))
    delay += 0.25
    flyer = (key, disc_centre(w, slot), m.plate(s), m.animator.add(0.6, delay))
    m.disc_flyers.append(flyer)
    m.animator.wait(delay + 0.6, lambda: flyer in m.disc_flyers and m.disc_flyers.remove(flyer))
    return delay + 0.4


def _wonder_scored(m: Motion, v: TurmbauView, d: dict, delay: float) -> float:
    w = d["wonder"]
    ranked = sorted((b for b in d["breakdown"] if b["points"]), key=lambda b: -b["units"])
    parts = [f"{m.name(b['seat'])} {b['points']}" for b in ranked]
    m.show_banner(f"{data.WONDER_NAMES[w]} completed: " + ", ".join(parts), delay, 2.2)
    m.scored_flash[w] = m.animator.show(1.6, delay)
    for b in d["breakdown"]:
        if b["points"]:
            m.float(f"+{b['points']}", m.plate(b["seat"]), theme.GOLD, delay + 0.2)
            m.move_score(b["seat"], d["scores"][b["seat"]], delay + 0.2)
    return delay + 0.6


def _marker_moved(m: Motion, v: TurmbauView, d: dict, delay: float) -> float:
    m.marker_move = (d["row"] - 1, m.animator.add(0.5, delay))
    return delay


def _action_drawn(m: Motion, v: TurmbauView, d: dict, delay: float) -> float:
    m.float("+1 action card", m.plate(d["seat"]), theme.WHITE, delay)
    return delay


def _action_card(m: Motion, v: TurmbauView, d: dict, delay: float) -> float:
    m.show_banner(f"You draw the action card {data.ACTION_TITLES[d['card']]}", delay)
    return delay


def _action_played(m: Motion, v: TurmbauView, d: dict, delay: float) -> float:
    title = data.ACTION_TITLES[d["card"]]
    m.show_banner(f"{m.name(d['seat'])} plays {title}{played_extra(d)}", delay)
    m.sound("flip")
    return delay


def _stall_warning(m: Motion, v: TurmbauView, d: dict, delay: float) -> float:
    m.show_banner(stall_text(d), delay, 2.0)
    return delay


def _game_end(m: Motion, v: TurmbauView, d: dict, delay: float) -> float:
    m.show_banner(end_text(d) + ": final scoring", delay, 2.0)
    return delay


def _final_scoring(m: Motion, v: TurmbauView, d: dict, delay: float) -> float:
    for p in d["players"]:
        m.move_score(p["seat"], p["total"], delay + 0.4)
    return delay + 0.8


_HANDLERS: dict[EventKind, Callable[[Motion, TurmbauView, dict, float], float]] = {
    EventKind.BUILD: _build,
    EventKind.PASS: _pass,
    EventKind.DRAW: _draw,
    EventKind.RESHUFFLE: _reshuffle,
    EventKind.OFFER_COMMITTED: _offer_committed,
    EventKind.REVEAL: _reveal,
    EventKind.ACCEPTED: _accepted,
    EventKind.UNFULFILLED: _unfulfilled,
    EventKind.REJECTED: _rejected,
    EventKind.PARTS_PLACED: _parts_placed,
    EventKind.DISC_TAKEN: _disc_taken,
    EventKind.WONDER_SCORED: _wonder_scored,
    EventKind.MARKER_MOVED: _marker_moved,
    EventKind.ACTION_DRAWN: _action_drawn,
    EventKind.ACTION_CARD: _action_card,
    EventKind.ACTION_PLAYED: _action_played,
    EventKind.STALL_WARNING: _stall_warning,
    EventKind.GAME_END: _game_end,
    EventKind.FINAL_SCORING: _final_scoring,
}
