"""The table of Der Turmbau zu Babel (Reiner Knizia): the eight wonders with their discs and the
parts stacked on them, the victory-point track around the board, the scoring table, the turn
order, each player's hand as cards, secret offers that slide face down to the builder and flip
together, the builder's choice with its consequences previewed, action cards and the final
score sheet.

Everything drawn comes from the current seat's ``TurmbauView`` and the step events; the drawing
of the side panels and the score sheet lives in turmbau_panels, the board in turmbau_layout.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from babel.core.protocol import Event
from babel.games.turmbau import data
from babel.games.turmbau.model import (
    ZERO,
    Build,
    Counts,
    Decline,
    Double,
    Draw3,
    Offer,
    Pass,
    Phase,
    Redraw,
    Select,
    TurmbauView,
)
from babel.games.turmbau.rules import preview_select
from scenes import anim, theme
from scenes.canvas import Canvas
from scenes.layers import StaticLayer
from scenes.table import TableScene
from scenes.tables import turmbau_panels as panels
from scenes.tables import turmbau_sheet
from scenes.tables.turmbau_art import (
    ACTION_HELP,
    KIND_SHORT,
    TRADE_HELP,
    paint_building_card,
)
from scenes.tables.turmbau_layout import (
    BUILDER_W,
    DISC_D,
    EXTRA_X0,
    EXTRA_X1,
    HAND_CARD,
    HAND_X0,
    HAND_X1,
    HAND_Y,
    OFFER_ZONE,
    SMALL_CARD,
    disc_centre,
)
from scenes.widgets.basic import Button, WidgetGroup
from scenes.widgets.cards import CardSprite

KIND_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3}
SEAT_KEYS = {getattr(pygame, f"K_{i}"): i - 1 for i in range(1, 6)}
REVEAL_HOLD = 0.5


def _expand(counts) -> list[int]:
    return [k for k in range(data.NKINDS) for _ in range(counts[k])]


def disc_words(disc) -> str:
    return " + ".join(f"{KIND_SHORT[k]} {v}" for k, v in zip(disc.kinds, disc.values))


def counts_words(c) -> str:
    parts = [f"{n} {KIND_SHORT[k].lower()}" for k, n in enumerate(c) if n]
    return ", ".join(parts) if parts else "no cards"


# Seconds the ring around the disc on offer pulses after it appears; then it holds still, so a
# table waiting for a click draws nothing.
PULSE_FOR = 4.0


class TurmbauTable(TableScene):
    TOOLS_ROW = (panels.RX, 800, panels.RW, 40)  # Undo and Hint, under the log
    _pulse: tuple[Any, float] = (None, 0.0)  # the target disc and when it appeared (wall clock)

    # -- binding ------------------------------------------------------------------------------
    def bind(self) -> None:
        v: TurmbauView = self.view
        self.hover: tuple | None = None
        self.cursor: tuple[int, int] | None = None
        self._reset_choices()
        self.floaters: list[tuple[str, tuple[float, float], Any, anim.Tween]] = []
        self.flyers: list[CardSprite] = []
        self.disc_flyers: list[tuple[Any, tuple, tuple, anim.Tween]] = []
        self.drops: dict[tuple[int, int], tuple[int, int, anim.Tween]] = {}
        self.banner: tuple[str, anim.Tween] | None = None
        self.shown_scores = list(v.scores)
        self.score_moves: dict[int, tuple[int, int, anim.Tween]] = {}
        self.marker_move: tuple[int, anim.Tween] | None = None
        self.scored_flash: dict[int, anim.Tween] = {}
        # Motion that must not hold up the viewer: the others' face-down offers sliding in while
        # the viewer is still drafting an offer of their own.
        self.aside = anim.Animator(self.animator.speed)
        self._legal_cache: tuple[Any, dict] | None = None
        self._build_offer_sprites()
        if not self.log_lines:
            from scenes.tables.turmbau_events import event_lines

            self.log_lines.append(f"{self._name(v.start)} starts.")
            for _, ev in self.match.events_for(self.viewer)[-400:]:
                self.log_lines.extend(event_lines(self._name, ev))
            del self.log_lines[:-60]
        self._build_buttons()

    def _reset_choices(self) -> None:
        self.offer_sel = [0, 0, 0, 0]
        self.offer_trade = False
        self.offer_triple = False
        self.redraw_mode = False
        self.redraw_sel = [0, 0, 0, 0]
        self.sel_seats: set[int] = set()
        self.sel_wild: Counts = ZERO

    def _build_buttons(self) -> None:
        self.btn_a = Button((906, 752, 280, 48), "", self._primary, primary=True, size=16)
        self.btn_b = Button((906, 808, 280, 40), "", self._secondary, size=16)
        self.widgets = WidgetGroup(
            [
                self.btn_a,
                self.btn_b,
                Button((panels.RX, 848, 186, 40), "Menu (Esc)", self.open_menu, size=17),
                Button((panels.RX + 202, 848, 186, 40), "Rules (F1)", self._rules, size=17),
            ]
        )
        self._sync_buttons()

    def _rules(self) -> None:
        from scenes.launcher.rules_viewer import RulesViewer

        self.app.push(RulesViewer("turmbau"))

    # -- legal actions, by kind ---------------------------------------------------------------
    def L(self) -> dict:
        """The viewer's legal actions sorted by kind (cached per refresh)."""
        if self._legal_cache is not None and self._legal_cache[0] is self.legal:
            return self._legal_cache[1]
        out: dict[str, Any] = {
            "pass": False,
            "builds": set(),
            "offers": set(),
            "selects": [],
            "decline": False,
            "redraws": set(),
            "draw3": False,
            "double": False,
        }
        for a in self.legal:
            if isinstance(a, Pass):
                out["pass"] = True
            elif isinstance(a, Build):
                out["builds"].add((a.wonder, a.slot))
            elif isinstance(a, Offer):
                out["offers"].add(a)
            elif isinstance(a, Select):
                out["selects"].append(a)
            elif isinstance(a, Decline):
                out["decline"] = True
            elif isinstance(a, Redraw):
                out["redraws"].add(a.cards)
            elif isinstance(a, Draw3):
                out["draw3"] = True
            elif isinstance(a, Double):
                out["double"] = True
        self._legal_cache = (self.legal, out)
        return out

    def mode(self) -> str:
        """What the viewer is doing now: turn, offer, select, redraw, or wait."""
        if not self.legal or self.busy():
            return "wait"
        if self.redraw_mode:
            return "redraw"
        phase = self.view.phase
        if phase is Phase.TURN:
            return "turn"
        if phase is Phase.OFFER:
            return "offer"
        if phase is Phase.SELECT:
            return "select"
        return "wait"

    # -- geometry of the viewer's area ------------------------------------------------------------
    def hand_cards(self) -> list[tuple[int, tuple[float, float], bool]]:
        """(kind, centre, selected) of each card in the viewer's hand, left to right."""
        v = self.view
        if v.seat is None:
            return []
        kinds = _expand(v.hand)
        n = len(kinds)
        if not n:
            return []
        w = HAND_CARD[0]
        step = min(w + 8, (HAND_X1 - HAND_X0 - w) / max(1, n - 1))
        sel = self.redraw_sel if self.redraw_mode else self.offer_sel if v.phase is Phase.OFFER else ZERO
        if v.phase is Phase.SELECT and self.mode() == "select":
            preview, _ = self.select_preview()
            sel = preview["fill"] if preview is not None else ZERO  # the cards the builder would play
        seen = [0, 0, 0, 0]
        out = []
        for i, k in enumerate(kinds):
            chosen = seen[k] < sel[k]
            seen[k] += 1
            out.append((k, (HAND_X0 + w / 2 + i * step, HAND_Y - (20 if chosen else 0)), chosen))
        return out

    def extra_cards(self) -> list[tuple[str, Any, tuple[float, float]]]:
        """The viewer's trading card and action cards: (kind, face, centre)."""
        v = self.view
        if v.seat is None:
            return []
        items: list[tuple[str, Any]] = [("trade", v.seat)]
        items += [("action", data.ACTION_KINDS[a]) for a in v.my_actions]
        w = SMALL_CARD[0]
        step = min(w + 6, (EXTRA_X1 - EXTRA_X0 - w) / max(1, len(items) - 1))
        out = []
        jokers = sum(self.sel_wild) // data.JOKER_UNITS if v.phase is Phase.SELECT else 0
        for i, (kind, face) in enumerate(items):
            lifted = (kind == "trade" and self.offer_trade) or (
                kind == "action" and face == "triple" and self.offer_triple
            )
            if kind == "action" and face == "joker" and jokers:
                lifted, jokers = True, jokers - 1  # the Jokers the builder's choice uses
            out.append((kind, face, (EXTRA_X0 + w / 2 + i * step, HAND_Y + 10 - (18 if lifted else 0))))
        return out

    def offer_slots(self) -> list[int]:
        v = self.view
        n = v.players
        return [(v.active + i) % n for i in range(1, n)]

    def slot_rect(self, seat: int) -> pygame.Rect:
        slots = self.offer_slots()
        x0 = OFFER_ZONE.x + BUILDER_W + 16
        w = min(300, (OFFER_ZONE.right - 8 - x0) / max(1, len(slots)))
        i = slots.index(seat) if seat in slots else 0
        return pygame.Rect(round(x0 + i * w), OFFER_ZONE.y + 6, round(w - 8), OFFER_ZONE.h - 12)

    def slot_card_pos(self, seat: int, i: int, n: int) -> tuple[float, float]:
        r = self.slot_rect(seat)
        step = min(SMALL_CARD[0] * 0.55, (r.w - 90 - SMALL_CARD[0]) / max(1, n - 1))
        x0 = r.x + 14 + SMALL_CARD[0] / 2
        return (x0 + i * step, r.y + 66)

    def offer_back_pos(self, seat: int, i: int, n: int, known: bool) -> tuple[float, float]:
        """Where a face-down offer's card lies: fanned for the owner (who knows the count), a neat
        pile for everyone else (the size of someone else's offer is hidden)."""
        if known:
            return self.slot_card_pos(seat, i, max(1, n))
        x, y = self.slot_card_pos(seat, 0, 1)
        return (x + 4 * i, y)

    def plate_pos(self, seat: int) -> tuple[float, float]:
        return panels.plate_centre(self, seat)

    # -- offer sprites --------------------------------------------------------------------------
    def _build_offer_sprites(self) -> None:
        v = self.view
        self.offer_sprites: dict[int, list[CardSprite]] = {}
        if v.phase is Phase.OFFER:
            for s in range(v.players):
                if s != v.active and v.committed[s]:
                    mine = s == v.seat and v.my_offer is not None
                    n = v.my_offer.size if mine else 3
                    self.offer_sprites[s] = [
                        CardSprite(None, pos=self.offer_back_pos(s, i, n, mine), size=SMALL_CARD)
                        for i in range(n)
                    ]
        elif v.phase is Phase.SELECT:
            for s, o in enumerate(v.offers):
                if o is None or s == v.active:
                    continue
                kinds = _expand(o.cards)
                self.offer_sprites[s] = [
                    CardSprite(k, paint_building_card, self.slot_card_pos(s, i, len(kinds)), True, SMALL_CARD)
                    for i, k in enumerate(kinds)
                ]

    # -- input ------------------------------------------------------------------------------------
    def _target_at(self, pos) -> tuple | None:
        v = self.view
        if v is None or v.phase is Phase.OVER:
            return None
        for kind, face, c in reversed(self.extra_cards()):
            r = pygame.Rect(0, 0, *SMALL_CARD)
            r.center = (round(c[0]), round(c[1]))
            if r.collidepoint(pos):
                return (kind, face)
        for i, (k, c, _) in reversed(list(enumerate(self.hand_cards()))):
            r = pygame.Rect(0, 0, *HAND_CARD)
            r.center = (round(c[0]), round(c[1]))
            if r.collidepoint(pos):
                return ("hand", i, k)
        if v.phase is Phase.SELECT:
            for s in self.offer_slots():
                if self.slot_rect(s).collidepoint(pos):
                    return ("offer", s)
        for w in range(data.NWONDERS):
            for slot in range(data.DISCS_PER_WONDER):
                cx, cy = disc_centre(w, slot)
                if (
                    v.wonders[w].discs[slot] is not None
                    and (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= (DISC_D / 2 + 2) ** 2
                ):
                    return ("disc", w, slot)
        for i, a in enumerate(v.spent[:10]):
            if panels.spent_rect(self, i).collidepoint(pos):
                return ("spent", data.ACTION_KINDS[a])
        for s in range(v.players):
            if panels.plate_rect(self, s).collidepoint(pos):
                return ("plate", s)
        return None

    def handle_table(self, event: pygame.event.Event) -> bool:
        if self.view is None or self._end_shown:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._target_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            target = self._target_at(event.pos)
            if target is not None:
                self._click(target)
                return True
            return False
        if event.type == pygame.KEYDOWN and not event.mod & pygame.KMOD_CTRL:
            return self._key(event.key, bool(event.mod & pygame.KMOD_SHIFT))
        return False

    def _click(self, target: tuple) -> None:
        if self.busy():
            return
        kind = target[0]
        if kind == "disc":
            self._build(target[1], target[2])
        elif kind == "hand":
            self._toggle_card(target[1], target[2])
        elif kind == "offer":
            self._toggle_offer(target[1])
        elif kind == "trade":
            self._toggle_trade()
        elif kind == "action":
            self._play_action_card(target[1])

    def _key(self, key: int, shift: bool) -> bool:
        m = self.mode()
        if m == "wait":
            return False
        if m in ("offer", "redraw") and key in KIND_KEYS:
            self._step_kind(KIND_KEYS[key], -1 if shift else 1)
            return True
        if m == "select" and key in SEAT_KEYS:
            seat = SEAT_KEYS[key]
            if seat < self.view.players:
                self._toggle_offer(seat)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if m == "turn" and self.cursor is not None:
                self._build(*self.cursor)
            else:
                self._primary()
            return True
        if m == "turn" and key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            self._move_cursor(-1 if key == pygame.K_LEFT else 1)
            return True
        letters = {
            pygame.K_p: lambda: m == "turn" and self._primary(),
            pygame.K_n: lambda: m == "offer" and self._secondary(),
            pygame.K_l: lambda: m == "select" and self._secondary(),
            pygame.K_t: self._toggle_trade,
            pygame.K_x: lambda: self._play_action_card("triple"),
            pygame.K_j: lambda: self._play_action_card("joker"),
            pygame.K_r: lambda: self._play_action_card("redraw"),
            pygame.K_d: lambda: self._play_action_card("double"),
            pygame.K_c: lambda: self._cancel_redraw() if m == "redraw" else self._play_action_card("draw3"),
            pygame.K_BACKSPACE: self._clear_selection,
        }
        if key in letters:
            letters[key]()
            return True
        return False

    def _move_cursor(self, delta: int) -> None:
        spots = sorted(self.L()["builds"])
        if not spots:
            return
        i = spots.index(self.cursor) + delta if self.cursor in spots else 0
        self.cursor = spots[i % len(spots)]

    # -- choices ------------------------------------------------------------------------------------
    def _build(self, wonder: int, slot: int) -> None:
        if self.mode() != "turn":
            if self.view.phase is Phase.TURN and self.view.active == self.viewer and not self.busy():
                self.submit(Build(wonder, slot))  # the engine explains why not
            elif not self.busy():
                self.app.toast("You build on your own turn: " + self._prompt_wait())
            return
        self.submit(Build(wonder, slot))

    def _selection(self) -> list[int]:
        return self.redraw_sel if self.redraw_mode else self.offer_sel

    def _toggle_card(self, index: int, kind: int) -> None:
        m = self.mode()
        if m not in ("offer", "redraw"):
            if m == "turn" or m == "select":
                self.app.toast("Building cards are chosen when you make an offer or play Card trade")
            return
        seen = sum(1 for k, _, _ in self.hand_cards()[:index] if k == kind)
        delta = -1 if seen < self._selection()[kind] else 1
        self._step_kind(kind, delta)

    def _step_kind(self, kind: int, delta: int) -> None:
        sel = list(self._selection())
        sel[kind] += delta
        if sel[kind] < 0:
            return
        if sel[kind] > self.view.hand[kind]:
            self.app.toast(f"You hold only {self.view.hand[kind]} {KIND_SHORT[kind].lower()} cards")
            return
        if self.redraw_mode:
            if sum(sel) > data.REDRAW_MAX:
                self.app.toast(f"Card trade exchanges at most {data.REDRAW_MAX} cards")
                return
            self.redraw_sel = sel
            return
        ok = any(o.cards == tuple(sel) for o in self.L()["offers"]) or sum(sel) == 0
        if not ok:
            self.app.toast(self._offer_limit_reason(sel))
            return
        self.offer_sel = sel
        if not sum(sel):
            self.offer_trade = self.offer_triple = False
        self.app.sound.play("click")

    def _offer_limit_reason(self, sel) -> str:
        v = self.view
        w, s = v.target
        disc = v.wonders[w].discs[s]
        if sum(sel) > disc.total:
            return f"You may offer at most {disc.total} cards, the number on the disc"
        for k in disc.kinds:
            if sel[k] > disc.need[k]:
                return f"You may offer at most {disc.need[k]} {KIND_SHORT[k].lower()} cards"
        return "That offer is not allowed"

    def _clear_selection(self) -> None:
        self.offer_sel = [0, 0, 0, 0]
        self.redraw_sel = [0, 0, 0, 0]
        self.offer_trade = self.offer_triple = False
        self.sel_seats = set()
        self.sel_wild = ZERO

    def _toggle_trade(self) -> None:
        if self.mode() != "offer":
            if not self.busy():
                self.app.toast("The trading card goes on an offer, when another player builds")
            return
        if not self.offer_trade and not sum(self.offer_sel):
            self.app.toast("The trading card can only go with at least one building card")
            return
        self.offer_trade = not self.offer_trade
        self.app.sound.play("card")

    def _play_action_card(self, name: str) -> None:
        if self.busy() or self.viewer is None:
            return
        v = self.view
        if name not in (data.ACTION_KINDS[a] for a in v.my_actions):
            self.app.toast(f"You hold no {data.ACTION_TITLES[name]} card")
            return
        m = self.mode()
        if name == "draw3":
            self.submit(Draw3())
        elif name == "double":
            self.submit(Double())
        elif name == "redraw":
            if self.L()["redraws"]:
                self.redraw_mode = not self.redraw_mode
                self.redraw_sel = [0, 0, 0, 0]
            else:
                self.submit(Redraw((1, 0, 0, 0)))  # refused: the engine says when it may be played
        elif name == "triple":
            if m != "offer":
                self.app.toast("Triple bonus goes with an offer: play it when another player builds")
                return
            self.offer_triple = not self.offer_triple
        elif name == "joker":
            if m != "select":
                self.app.toast("The Joker is used when you complete a disc as the builder")
                return
            if not self.joker_usable():
                self.app.toast("No Joker fits: the disc needs no more cards than your invitations bring")
                return
            opts = self._wild_options()
            cycle = opts if ZERO in opts else [ZERO, *opts]
            i = cycle.index(self.sel_wild) if self.sel_wild in cycle else -1
            self.sel_wild = cycle[(i + 1) % len(cycle)]
        else:
            self.app.toast(f"{data.ACTION_TITLES[name]} is kept for the final scoring and never played")

    def _cancel_redraw(self) -> None:
        self.redraw_mode = False
        self.redraw_sel = [0, 0, 0, 0]

    def _offerers(self) -> list[int]:
        v = self.view
        return [s for s in self.offer_slots() if v.offers[s] is not None and v.offers[s].size > 0]

    def _toggle_offer(self, seat: int) -> None:
        if self.mode() != "select":
            if self.view.phase is Phase.SELECT and not self.busy():
                self.app.toast(f"{self._name(self.view.active)} chooses the offers")
            return
        if seat not in self._offerers():
            self.app.toast(f"{self._name(seat)} made no offer")
            return
        self.sel_seats ^= {seat}
        opts = self._wild_options()
        if self.sel_wild not in opts:
            self.sel_wild = ZERO if (ZERO in opts or not opts) else opts[0]
        self.app.sound.play("click")

    def _wild_options(self) -> list[Counts]:
        seats = tuple(sorted(self.sel_seats))
        return sorted({a.wild for a in self.L()["selects"] if a.seats == seats}, key=lambda w: (sum(w), w))

    def joker_usable(self) -> bool:
        """Whether a Joker can stand in for cards with the offers chosen now."""
        return any(sum(w) for w in self._wild_options())

    def current_select(self) -> Select:
        return Select(tuple(sorted(self.sel_seats)), self.sel_wild)

    def current_offer(self) -> Offer:
        some = sum(self.offer_sel) > 0
        return Offer(tuple(self.offer_sel), self.offer_trade and some, self.offer_triple and some)

    def _primary(self) -> None:
        m = self.mode()
        if m == "turn":
            self.submit(Pass())
        elif m == "offer":
            if not sum(self.offer_sel):
                self.app.toast("Click cards to offer first, or press N to make no offer")
                return
            self.submit(self.current_offer())
        elif m == "select":
            self.submit(self.current_select())
        elif m == "redraw":
            if not sum(self.redraw_sel):
                self.app.toast("Choose 1 to 5 cards to trade in first")
                return
            self.submit(Redraw(tuple(self.redraw_sel)))

    def _secondary(self) -> None:
        m = self.mode()
        if m == "offer":
            self.submit(Offer())
        elif m == "select":
            self.submit(Decline())
        elif m == "redraw":
            self._cancel_redraw()

    def submit(self, action: Any) -> bool:
        ok = super().submit(action)
        if ok:
            self.redraw_mode = False
            self.redraw_sel = [0, 0, 0, 0]
            if not isinstance(action, (Redraw, Draw3)):
                self._clear_selection()
        return ok

    # -- buttons and prompt ----------------------------------------------------------------------
    def _sync_buttons(self) -> None:
        m = self.mode() if self.view is not None and not self._end_shown else "wait"
        a, b = self.btn_a, self.btn_b
        a.visible = b.visible = m != "wait"
        a.enabled = b.enabled = True
        if m == "turn":
            a.label = "Pass: draw a card  (P)"
            b.visible = False
        elif m == "offer":
            o = self.current_offer()
            a.label = (
                f"Offer {o.size} card{'s' if o.size != 1 else ''} (Enter)"
                if o.size
                else "Click cards to offer"
            )
            a.enabled = o.size > 0 and o in self.L()["offers"]
            b.label = "No offer  (N)"
        elif m == "select":
            sel = self.current_select()
            a.label = "Complete the disc (Enter)"
            a.enabled = sel in self.L()["selects"]
            b.label = "Leave it unfulfilled  (L)"
        elif m == "redraw":
            a.label = f"Trade {sum(self.redraw_sel)} cards  (Enter)"
            a.enabled = tuple(self.redraw_sel) in self.L()["redraws"]
            b.label = "Cancel  (C)"

    def _name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.controller.seat_name(seat)

    def _target_words(self, v: TurmbauView | None = None) -> str:
        v = v or self.view
        if v.target is None:
            return ""
        w, s = v.target
        disc = v.wonders[w].discs[s]
        return f"the {data.WONDER_NAMES[w]} ({disc_words(disc)})" if disc else data.WONDER_NAMES[w]

    def _prompt_wait(self) -> str:
        v = self.view
        if v.phase is Phase.OFFER:
            waiting = [
                "you" if s == self.viewer else self._name(s)
                for s in range(v.players)
                if s != v.active and not v.committed[s]
            ]
            return f"waiting for offers from {', '.join(waiting)}" if waiting else "revealing the offers"
        if v.phase is Phase.SELECT:
            return f"{self._name(v.active)} chooses among the offers"
        if v.phase is Phase.TURN:
            return f"{self._name(v.active)}'s turn"
        return "the game is over"

    def prompt(self) -> str:
        v = self.view
        m = self.mode()
        if m == "turn":
            second = " (second turn of your Double turn)" if v.double == 2 else ""
            return f"Your turn{second}: click a disc on a wonder to build there, or pass (P)"
        if m == "offer":
            return (
                f"{self._name(v.active)} builds on {self._target_words()}: "
                "click cards to offer, then commit them face down"
            )
        if m == "select":
            return "Offers revealed: click whole offers to invite them, then complete the disc or leave it"
        if m == "redraw":
            return "Card trade: click 1 to 5 cards to discard and draw as many"
        if v.phase is Phase.OVER:
            return "Game over"
        if self.viewer is None and not self.controller.pass_and_play:
            return "Watching the bots: " + self._prompt_wait()
        msg = self._prompt_wait()
        return msg[:1].upper() + msg[1:]

    def help_line(self) -> str:
        m = self.mode()
        held = {data.ACTION_KINDS[a] for a in self.view.my_actions} if self.view is not None else set()
        L = self.L() if m != "wait" else {}
        cards = [
            key
            for key, ok in (
                ("D double turn", L.get("double")),
                ("C card draw", L.get("draw3")),
                ("R card trade", L.get("redraws")),
            )
            if ok
        ]
        if m == "turn":
            keys = ["Click a disc or ←/→ and Enter: build", "P pass", *cards]
        elif m == "offer":
            keys = ["1-4 add camel/crane/ship/mason (Shift removes)", "T trading card"]
            keys += ["X triple"] if "triple" in held else []
            keys += ["Enter commit", "N no offer", *cards]
        elif m == "select":
            keys = ["1-5 invite that player's offer"]
            keys += ["J joker choice"] if "joker" in held else []
            keys += ["Enter complete", "L leave unfulfilled", *cards]
        elif m == "redraw":
            keys = ["1-4 choose cards by kind (Shift removes)", "Enter trade", "C cancel"]
        else:
            keys = ["Hover a card or a disc for details"]
        return "  ·  ".join([*keys, "F1 rules", "Esc menu"])

    def curtain_reason(self, seat: int) -> str:
        v = self.view
        name = self._name(seat)
        wonder = f"the {data.WONDER_NAMES[v.target[0]]}" if v.target is not None else "the disc"
        if v.phase is Phase.OFFER:
            return f"{name}: make your offer for {wonder}"
        if v.phase is Phase.SELECT:
            return f"{name}: the offers are revealed; choose whom to invite to {wonder}"
        second = " (second of your double turn)" if v.double == 2 else ""
        return f"{name}: your turn{second}: pass, build or play an action card"

    # -- events ------------------------------------------------------------------------------------
    def _float(self, text: str, pos, colour=theme.GOLD, delay: float = 0.0, dur: float = 1.2) -> None:
        self.floaters.append((text, pos, colour, self.animator.add(dur, delay, anim.linear)))

    def _banner(self, text: str, delay: float = 0.0, dur: float = 1.4) -> None:
        tween = self.animator.add(dur, delay, anim.linear)
        self.banner = (text, tween)

    def _fly(self, face, painter, start, end, delay=0.0, face_up=True, size=SMALL_CARD) -> None:
        sprite = CardSprite(face, painter or paint_building_card, start, face_up, size)
        sprite.slide_to(end, self.animator, theme.SLIDE * 1.3, delay=delay)
        self.flyers.append(sprite)
        self.animator.wait(
            delay + theme.SLIDE * 1.3, lambda: sprite in self.flyers and self.flyers.remove(sprite)
        )

    def _move_score(self, seat: int, new: int, delay: float) -> None:
        old = self.shown_scores[seat]
        if new == old:
            return
        self.score_moves[seat] = (old, new, self.animator.add(0.6, delay))
        self.shown_scores[seat] = new

    def _after_step(self, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        if self.controller.pass_and_play and seat == self.viewer and isinstance(action, (Draw3, Redraw)):
            # Card draw and Card trade show the new cards to their player alone and reveal nothing
            # to the table: the screen stays theirs, with no curtain for the player already at it.
            self.refresh()
            self.on_step(seat, action, tuple(ev for ev in events if ev.visible_to(seat)))
            return
        super()._after_step(seat, action, events)

    def on_step(self, seat: int, action: Any, events: tuple[Event, ...]) -> None:
        from scenes.tables.turmbau_events import animate

        self._legal_cache = None
        animate(self, seat, action, events)
        if self.view.phase is not Phase.SELECT:
            self.sel_seats = set()
            self.sel_wild = ZERO
        self._sync_buttons()

    def needs_frames(self) -> bool:
        return self.busy() or self.aside.busy or self._pulsing()

    def still_key(self) -> tuple | None:
        """What the still layer shows (see turmbau_panels.draw_all), or None while anything on
        it moves; everything the still painters read that can change between moves is here."""
        sprites = [(seat, s) for seat, row in sorted(self.offer_sprites.items()) for s in row]
        if self.busy() or self.aside.busy or any(s.moving for _, s in sprites):
            return None
        if not hasattr(self, "still"):
            self.still = StaticLayer()
        return (
            self.view,
            self.legal,
            self.hover,
            self.cursor,
            tuple(self.offer_sel),
            self.offer_trade,
            self.offer_triple,
            self.redraw_mode,
            tuple(self.redraw_sel),
            tuple(sorted(self.sel_seats)),
            self.sel_wild,
            len(self.log_lines),
            tuple(self.shown_scores),
            tuple((seat, s.face, s.pos, s.face_up, s.hidden, s.lift) for seat, s in sprites),
            self._end_shown,
        )

    def _pulsing(self) -> bool:
        target = self.view.target if self.view is not None else None
        now = pygame.time.get_ticks() / 1000
        if target != self._pulse[0]:
            self._pulse = (target, now)
        return target is not None and now - self._pulse[1] < PULSE_FOR

    def target_pulse(self) -> float:
        """0..1, the size of the ring around the disc on offer: pulsing a while, then still."""
        if not self._pulsing():
            return 1.0
        return 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 220)

    def update_table(self, dt: float) -> None:
        self.aside.speed = self.animator.speed
        self.aside.update(dt)
        if self.view is not None:
            self._sync_buttons()

    # -- drawing -------------------------------------------------------------------------------------
    def draw_table(self, canvas: Canvas) -> None:
        panels.draw_all(self, canvas)

    def tooltip_for(self, target: tuple | None) -> str:
        if target is None:
            return ""
        kind = target[0]
        if kind == "action" or kind == "spent":
            return ACTION_HELP.get(target[1], "")
        if kind == "trade":
            return TRADE_HELP
        if kind == "plate":
            return self._plate_text(target[1])
        if kind == "disc":
            w, s = target[1], target[2]
            disc = self.view.wonders[w].discs[s]
            if disc is None:
                return ""
            need = " and ".join(f"{v} {KIND_SHORT[k].lower()}" for k, v in zip(disc.kinds, disc.values))
            left = self.view.wonders[w].discs_left
            extra = " Taking it completes the wonder." if left == 1 else ""
            verb = "Click to build here" if (w, s) in self.L()["builds"] and not self.busy() else "Disc"
            return f"{verb}: {data.WONDER_NAMES[w]}, needs {need} cards.{extra}"
        return ""

    def _plate_text(self, s: int) -> str:
        v = self.view
        known = v.known[s]
        seen = f" (seen returning to it: {counts_words(known)})" if sum(known) else ""
        ones, threes = v.parts[s]
        first = " First player." if s == v.start else ""
        return (
            f"{self._name(s)}: {v.scores[s]} points. {v.hand_sizes[s]} building cards in hand{seen}, "
            f"{v.disc_counts[s]} discs (face down), {v.action_counts[s]} action cards, parts in supply: "
            f"{ones} of value 1 and {threes} of value 3.{first}"
        )

    def select_preview(self) -> tuple[dict | None, str]:
        """The preview of the current Select, or why it cannot be chosen."""
        sel = self.current_select()
        if sel in self.L()["selects"]:
            return preview_select(self.view, sel), ""
        v = self.view
        w, s = v.target
        disc = v.wonders[w].discs[s]
        acc = [0, 0, 0, 0]
        traders = 0
        for seat in sel.seats:
            o = v.offers[seat]
            traders += o.trade
            for k in range(4):
                acc[k] += o.cards[k]
        if traders > 1:
            return None, "Only one invited offer may carry a trading card"
        for k in range(4):
            if acc[k] > disc.need[k]:
                return None, f"Too many {KIND_SHORT[k].lower()} cards: the disc asks for {disc.need[k]}"
        short = [
            f"{disc.need[k] - acc[k] - sel.wild[k]} {KIND_SHORT[k].lower()}"
            for k in range(4)
            if disc.need[k] - acc[k] - sel.wild[k] > v.hand[k]
        ]
        need = ", ".join(short)
        if not self.L()["selects"]:
            return None, "No choice of offers lets you complete this disc: leave it unfulfilled (L)"
        if not short:
            return None, "That choice is not possible"
        if not sel.seats:
            how = "Invite offers" if any(a.seats for a in self.L()["selects"]) else "Use your Joker (J)"
            return None, f"Too few cards to fill up alone: you would need {need}. {how}"
        return None, f"You cannot fill up: you would need {need} from your hand"

    def undo(self) -> None:
        lines, self.log_lines = self.log_lines, []
        super().undo()  # a successful undo rebinds, and bind reads the log again
        if not self.log_lines:
            self.log_lines = lines

    # -- the end ------------------------------------------------------------------------------------
    def on_game_over(self) -> None:
        super().on_game_over()
        self._sync_buttons()
        cx = theme.LOGICAL_W / 2
        y = turmbau_sheet.sheet_rects(self)[0].bottom - 72
        self.end_widgets = WidgetGroup(
            [
                Button((cx - 250, y, 230, 54), "Rematch", self.rematch, hotkey=pygame.K_r, primary=True),
                Button((cx + 20, y, 230, 54), "Main menu", self.to_menu, hotkey=pygame.K_m),
            ]
        )

    def draw_end(self, canvas: Canvas) -> None:
        turmbau_sheet.draw_score_sheet(self, canvas)
        self.end_widgets.draw(canvas, self.app.mouse)

    def result_lines(self) -> list[str]:
        v = self.match.view(None)
        order = sorted(range(v.players), key=lambda s: -v.scores[s])
        lines = ["   ".join(f"{self._name(s)}: {v.scores[s]}" for s in order)]
        gone = [
            KIND_SHORT[k].lower()
            for k in range(data.NKINDS)
            if not any(d is not None and k in d.kinds for wd in v.wonders for d in wd.discs)
        ]
        if gone:
            lines.append(f"The game ended when the last {' and '.join(gone)} disc was taken.")
        return lines
