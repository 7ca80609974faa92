"""Babel Builders' table: the 3x3 base with its towers, the blueprint, the seats with their
Master and Architect tokens, hands and discard areas, the cards travelling to the Master, the
Master's private check and swap, the reveals one by one, and the staged finale.

Everything drawn comes from the current seat's ``BuildersView``; the animation follows the
events (builders_anim.py). The table is drawn in builders_draw.py, the papers, prompts and
banners in builders_panels.py, painters in builders_art.py, geometry in builders_layout.py and
the end-of-game timeline in builders_timeline.py.
"""

from __future__ import annotations

from typing import Any

import pygame

from babel.games.builders import cards as C
from babel.games.builders.model import Action, BuildersView, Phase
from scenes import anim, theme, wording
from scenes.table import TableScene
from scenes.tables import builders_layout as L
from scenes.tables.builders_anim import AnimMixin
from scenes.tables.builders_draw import DrawMixin
from scenes.tables.builders_panels import PanelsMixin
from scenes.tables.builders_talk import TalkMixin
from scenes.widgets.basic import Button, WidgetGroup
from scenes.widgets.cards import CardSprite

# The Master's steps in the middle of the reveals that need nothing secret on screen: in
# pass-and-play they are made on the public view, without a curtain (the cell for the blocks,
# Lightning's tie, Deliberation's target, the next Master). Every other step, including the
# appointment (when the Master may want to look at their role card), starts behind the curtain.
PUBLIC_STEPS = (Phase.PLACE, Phase.STRIKE, Phase.DELIBERATE, Phase.PASS)
DIGITS = {getattr(pygame, f"K_{d}"): (d - 1 if d else 9) for d in range(10)}
DIGITS.update({getattr(pygame, f"K_KP{d}"): (d - 1 if d else 9) for d in range(10)})
HOW = {"draw": "drew Divine Punishment", "swap": "took Divine Punishment in the swap"}


class BuildersTable(AnimMixin, DrawMixin, PanelsMixin, TalkMixin, TableScene):
    TOOLS_ROW = (L.PANEL_X, 572, 340, 44)  # Undo and Hint, between the side sheets and Confirm

    def coach_anchor(self) -> tuple[float, float, float]:
        return (L.PANEL_X + 340, 562, 340)  # the coach's note: above Undo/Hint, never over a button

    def __init__(self, match, store=None, threaded: bool = True) -> None:
        super().__init__(match, store, threaded)
        self.bottom = self.controller.viewer if self.controller.viewer is not None else 0
        self._told: dict[int, tuple] = {}
        self.note: tuple[int, str, list[str]] | None = None
        self.peek = False
        self.hover: Any = None
        self.disc_hover: int | None = None
        self.timeline_shown = False
        self.public_act = False  # pass-and-play: the acting seat plays a public step on the public view
        # Table talk (what the bots suspect, from public play): on for one person with bots.
        self.talk_on = not self.controller.pass_and_play and self.talk_available()
        self._talk_key = None
        self._talk = {}

    # -- pass-and-play: no curtain for a step that shows nothing secret ------------------------
    def acts_in_public(self, seat: int) -> bool:
        return self.match.view(None).phase in PUBLIC_STEPS

    # -- binding --------------------------------------------------------------------------
    def bind(self) -> None:
        v: BuildersView = self.view
        if v.seat is not None:
            self.bottom = v.seat
        self.anchors = L.seat_anchors(v.players, self.bottom)
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
            self.spot = self._card(v.pending, L.SPOT, True, L.SPOT_SIZE)
        self.res_shown = len(v.resolved) - (1 if self.spot is not None else 0)
        self.stage = self._stage_from_view(v)
        self._reset_choice()
        self._build_buttons()
        self._maybe_note()

    def _stage_from_view(self, v: BuildersView) -> set[str]:
        stage = set()
        if v.seals:
            stage.add("seals")
        if v.zealots or v.phase is Phase.PUNISH:
            stage.add("zealots")
        if v.phase is Phase.OVER:
            stage |= {"seals", "zealots", "punish", "messenger", "result"}
        return stage

    def _key_now(self) -> tuple:
        return (self.viewer, self.view.phase, self.view.round, self.legal)

    def _reset_choice(self) -> None:
        self._choice_key = self._key_now()
        self.picked: list[int] = []
        self.sel_play: int | None = None
        self.sel_discard: int | None = None
        self.sel_take: int | None = None
        self.sel_give: int | None = None
        self.key_col: int | None = None
        legal = self.legal
        if legal and legal[0].verb == "play":
            plays = {a.args[0] for a in legal}
            if len(plays) == 1 and -1 not in plays:
                self.sel_play = plays.pop()  # a forced play (Divine Punishment)
        if legal and legal[0].verb == "swap":
            takes = {a.args[0] for a in legal}
            if len(takes) == 1:
                self.sel_take = next(iter(takes))
            gives = {a.args[1] for a in legal}
            if gives == {-1}:
                self.sel_give = -1

    def _build_buttons(self) -> None:
        x = L.PANEL_X
        self.btn_confirm = Button(
            (x, 624, 340, 54), "Confirm", self.confirm, pygame.K_RETURN, primary=True, size=20
        )
        self.btn_alt = Button((x, 688, 165, 44), "None", self.alt_action, pygame.K_n, size=17)
        self.btn_timeline = Button((x, 742, 165, 44), "Timeline (T)", self.open_timeline, size=17)
        self.btn_log = Button((x + 175, 688, 165, 44), "Clear (Bksp)", self.clear_choice, size=17)
        self.btn_talk = Button((x + 175, 742, 165, 44), "Talk (K)", self.toggle_talk, size=17)
        self.widgets = WidgetGroup(
            [
                self.btn_confirm,
                self.btn_alt,
                self.btn_timeline,
                self.btn_log,
                self.btn_talk,
                Button((x, 796, 165, 44), "Menu (Esc)", self.open_menu, size=17),
                Button((x + 175, 796, 165, 44), "Rules (F1)", self._rules, size=17),
            ]
        )
        self._update_buttons()

    def _rules(self) -> None:
        from scenes.launcher.rules_viewer import RulesViewer

        self.app.push(RulesViewer("builders"))

    def _maybe_note(self) -> None:
        """The viewer's role note: at the start, and again after a conversion (private)."""
        v: BuildersView = self.view
        if v.seat is None or v.role is None or v.phase is Phase.OVER:
            return
        conv = v.my_conversion
        key = (v.role.value, conv)
        if self._told.get(v.seat) == key:
            return
        first = v.seat not in self._told
        self._told[v.seat] = key
        name = self._name(v.seat)
        if v.role.value == "messenger":
            lines = [
                "You are the Messenger of God. Make the tower fail.",
                "When appointed holding Divine Punishment, you must hand one in.",
                "Nobody knows who you are; you do not know the Zealots.",
            ]
        elif v.role.value == "zealot":
            dealt = conv is None or conv.round == 0
            if dealt:
                lines = ["You were dealt Divine Punishment: you are a Zealot."]
            else:
                lines = [f"Round {conv.round}: you {HOW.get(conv.how, 'received Divine Punishment')}."]
            lines += [
                f"You {'' if dealt else 'now '}win with the Messenger of God. Nobody else knows,",
                "not even the Messenger, and you do not know who that is.",
                "At the end you give all your Divine Punishment cards to one player.",
            ]
        else:
            lines = [
                "You are an Architect. Build the tower to the blueprint,",
                "and at the end seal the one you think is the Messenger of God.",
                "Receiving a Divine Punishment card would make you a Zealot.",
            ]
        title = f"{name}, your role" if first else f"{name}: you are now a Zealot"
        lines.append("Hold R (or hold your role card) to look again. Click to close.")
        self.note = (v.seat, title, lines)

    # -- naming ---------------------------------------------------------------------------
    def _name(self, seat: int) -> str:
        return self.controller.seat_name(seat) if 0 <= seat < len(self.match.seats) else "nobody"

    def curtain_reason(self, seat: int) -> str:
        v: BuildersView = self.match.view(None)
        name = self._name(seat)
        reasons = {
            Phase.APPOINT: f"{name}: you are the Master. Appoint {v.appoint_count} Architects.",
            Phase.SELECT: f"{name}: choose your card (you were appointed).",
            Phase.SWAP: f"{name}: the Master's private check of the {v.received_count} cards handed in, and the swap.",
            Phase.REVEAL: f"{name}: as Master, choose the next card to reveal.",
            Phase.PLACE: f"{name}: as Master, choose where the blocks go.",
            Phase.STRIKE: f"{name}: as Master, choose which highest tower Lightning strikes.",
            Phase.DELIBERATE: f"{name}: as Master, choose whose discard Deliberation reveals.",
            Phase.PASS: f"{name}: pass the Master token to the next Master.",
            Phase.SEAL: f"{name}: the Seal phase. Use a Seal if you hold one, or pass (secret).",
            Phase.PUNISH: f"{name}: you are a revealed Zealot. Choose who receives your Divine Punishment.",
        }
        return reasons.get(v.phase, "It is your turn.")

    # -- choices --------------------------------------------------------------------------
    def _legal_pairs(self) -> set[tuple[int, ...]]:
        return {a.args for a in self.legal}

    def _chosen_action(self) -> Action | None:
        """The action the current selection makes, if it is complete and legal."""
        if not self.legal or self.busy():
            return None
        verb = self.legal[0].verb
        pairs = self._legal_pairs()
        if verb == "appoint":
            args = tuple(sorted(self.picked))
        elif verb == "play":
            if pairs == {(-1, -1)}:
                args = (-1, -1)
            else:
                args = (
                    -1 if self.sel_play is None else self.sel_play,
                    -1 if self.sel_discard is None else self.sel_discard,
                )
        elif verb == "swap":
            if self.sel_take is None or self.sel_give is None:
                return None
            args = (self.sel_take, self.sel_give)
        elif verb in ("deliberate", "master", "seal", "punish"):
            if len(pairs) == 1:
                args = next(iter(pairs))
            elif not self.picked:
                return None
            else:
                args = (self.picked[-1],)
        else:
            return None
        return Action(verb, args) if args in pairs else None

    def confirm(self) -> None:
        action = self._chosen_action()
        if action is None:
            if self.legal and not self.busy():
                self.app.toast(self.prompt() or "Finish your choice first")
            return
        self._submit(action)

    def _submit(self, action: Action) -> None:
        if self.submit(action):
            self._reset_choice()

    def alt_action(self) -> None:
        if not self.legal or self.busy():
            return
        verb = self.legal[0].verb
        if verb == "seal":
            self._submit(Action("seal", (-1,)))
        elif verb == "play" and self._legal_pairs() == {(-1, -1)}:
            self._submit(Action("play", (-1, -1)))

    def clear_choice(self) -> None:
        self._reset_choice()

    def _toggle_seat(self, seat: int) -> None:
        if not self.legal or self.busy():
            return
        verb = self.legal[0].verb
        if verb == "appoint":
            if seat == self.view.master:
                self.app.toast("The Master appoints other players, never themselves")
            elif seat in self.picked:
                self.picked.remove(seat)
            elif len(self.picked) >= self.view.appoint_count:
                self.app.toast(f"Appoint exactly {self.view.appoint_count}: click a token to take it back")
            else:
                self.picked.append(seat)
            return
        if verb in ("deliberate", "master", "seal", "punish"):
            if (seat,) not in self._legal_pairs():
                self.app.toast(self._why(verb))
                return
            if self.picked == [seat]:
                self._submit(Action(verb, (seat,)))  # a second click confirms
            else:
                self.picked = [seat]

    def _why(self, verb: str) -> str:
        return {
            "deliberate": "Deliberation reveals a face-down discard of a player appointed this round",
            "master": "Pass the token to another player",
            "seal": "You may not seal yourself",
            "punish": "Point at another player who is not a revealed Zealot",
        }[verb]

    def _click_hand(self, card: int, shift: bool = False) -> None:
        if not self.legal or self.busy():
            return
        verb = self.legal[0].verb
        pairs = self._legal_pairs()
        if verb == "play":
            plays = {p for p, _ in pairs}
            discards = {d for _, d in pairs}
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
            else:
                self.app.toast(
                    "Nobody may discard a Divine Punishment card"
                    if C.is_punishment(card)
                    else "That card cannot be played now"
                )
        elif verb == "swap":
            gives = {g for _, g in pairs}
            if card in gives:
                self.sel_give = None if self.sel_give == card else card
            else:
                self.app.toast("A Master holding Divine Punishment gives up a card that is not one")

    def _click_received(self, card: int) -> None:
        takes = {t for t, _ in self._legal_pairs()}
        if card in takes:
            self.sel_take = None if self.sel_take == card and len(takes) > 1 else card
        elif C.CARDS[card].kind == C.STORM:
            self.app.toast("A revealed Storm cannot be taken")
        else:
            self.app.toast("A Divine Punishment card received must be taken in the swap")

    # -- input ----------------------------------------------------------------------------
    def handle_table(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYUP and event.key == pygame.K_r:
            self.peek = False
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.peek:
            self.peek = False
        if self.note is not None and self.note[0] == self.viewer:
            if event.type == pygame.MOUSEBUTTONUP or (
                event.type == pygame.KEYDOWN
                and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_ESCAPE)
            ):
                self.note = None
                return True
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
                return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._target_at(event.pos)
            self.disc_hover = self._discards_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.view.seat is not None and self._role_rect().collidepoint(event.pos):
                self.peek = True
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            target = self._target_at(event.pos)
            if target is None:
                return False
            self._activate(target, shift=event.button == 3 or bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event) -> bool:
        key = event.key
        if key == pygame.K_r:
            self.peek = self.view.seat is not None
            return True
        if key == pygame.K_t:
            self.open_timeline()
            return True
        if key == pygame.K_k:
            self.toggle_talk()
            return True
        if key == pygame.K_BACKSPACE:
            self.clear_choice()
            return True
        if not self.legal or self.busy():
            return False
        verb = self.legal[0].verb
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if verb in ("place", "strike"):
            if key in (pygame.K_a, pygame.K_b, pygame.K_c):
                self.key_col = key - pygame.K_a
                return True
            if key in DIGITS and self.key_col is not None and DIGITS[key] < 3:
                cell = DIGITS[key] * 3 + self.key_col
                self.key_col = None
                self._activate(("cell", cell))
                return True
            return False
        if key not in DIGITS or event.mod & pygame.KMOD_CTRL:
            return False
        i = DIGITS[key]
        if verb in ("appoint", "deliberate", "master", "seal", "punish"):
            if i < self.view.players:
                self._toggle_seat(i)
            return True
        if verb == "play" and i < len(self.view.hand):
            self._click_hand(self.view.hand[i], shift)
            return True
        if verb == "swap":
            if shift and i < len(self.view.hand):
                self._click_hand(self.view.hand[i])
            elif not shift and i < len(self.view.received):
                self._click_received(self.view.received[i])
            return True
        if verb == "reveal":
            cards = sorted(self.view.face_down)
            if i < len(cards):
                self._submit(Action("reveal", (cards[i],)))
            return True
        return False

    def _activate(self, target, shift: bool = False) -> None:
        kind, value = target
        if self.busy():
            return
        if not self.legal:
            if kind in ("seat", "cell", "hand"):
                self.app.toast(self.prompt() or "Not your turn")
            return
        verb = self.legal[0].verb
        if kind == "seat":
            self._toggle_seat(value)
        elif kind == "hand":
            self._click_hand(value, shift)
        elif kind == "received":
            self._click_received(value)
        elif kind == "reveal":
            self._submit(Action("reveal", (value,)))
        elif kind == "cell" and verb in ("place", "strike"):
            if (value,) in self._legal_pairs():
                self._submit(Action(verb, (value,)))
            else:
                cells = ", ".join(C.CELL_NAMES[a.args[0]] for a in self.legal)
                what = "This card builds on" if verb == "place" else "Lightning strikes a highest tower:"
                self.app.toast(f"{what} {cells}")

    def _role_rect(self) -> pygame.Rect:
        w, h = L.ROLE_SIZE
        return pygame.Rect(round(L.ROLE_CARD[0] - w / 2), round(L.ROLE_CARD[1] - h / 2), w, h)

    def _target_at(self, pos) -> tuple[str, int] | None:
        v: BuildersView = self.view
        verb = self.legal[0].verb if self.legal else ""
        if verb == "swap":
            for card, rect in self._received_rects():
                if rect.collidepoint(pos):
                    return ("received", card)
        if verb == "reveal":
            for card, rect in self._reveal_rects():
                if rect.collidepoint(pos):
                    return ("reveal", card)
        if v.seat is not None:
            for card, (x, y) in reversed(self._hand_layout()):
                r = pygame.Rect(0, 0, theme.CARD_W, theme.CARD_H)
                r.center = (round(x), round(y))
                if r.collidepoint(pos):
                    return ("hand", card)
        grid = L.make_grid(max(self.heights))
        for cell in sorted(range(9), key=lambda c: -(L.cell_xy(c)[0] + L.cell_xy(c)[1])):
            if L.point_in_poly(pos, L.cell_outline(grid, cell, self.heights[cell])):
                return ("cell", cell)
        for seat, anchor in self.anchors.items():
            r = L.plate_rect(anchor).inflate(8, 58).move(0, 20)
            if r.collidepoint(pos):
                return ("seat", seat)
        return None

    def _discards_at(self, pos) -> int | None:
        """The seat whose discard area is under ``pos`` (hovering it shows the cards larger)."""
        for seat, anchor in self.anchors.items():
            if self.view.discards[seat] and L.discard_area(anchor).collidepoint(pos):
                return seat
        return None

    def _hand_layout(self) -> list[tuple[int, tuple[float, float]]]:
        hand = list(self.view.hand)
        return [(c, L.hand_pos(i, len(hand))) for i, c in enumerate(hand)]

    def _received_rects(self) -> list[tuple[int, pygame.Rect]]:
        cards = list(self.view.received)
        out = []
        for i, c in enumerate(cards):
            r = pygame.Rect(0, 0, theme.CARD_W, theme.CARD_H)
            r.center = (round(623 + (i - (len(cards) - 1) / 2) * 116), 330)
            out.append((c, r))
        return out

    def _reveal_rects(self) -> list[tuple[int, pygame.Rect]]:
        cards = sorted(self.view.face_down)
        anchor = self.anchors[self.view.master]
        tx, ty = L.tray_pos(anchor, self.view.master == self.bottom)
        w, h = L.TRAY_FACE
        out = []
        for i, c in enumerate(cards):
            r = pygame.Rect(0, 0, w, h)
            r.center = (round(tx + (i - (len(cards) - 1) / 2) * (w + 8)), round(ty))
            out.append((c, r))
        return out

    # -- the frame --------------------------------------------------------------------------
    def busy(self) -> bool:
        return any(not t.done for t in self.animator.tweens)

    def update_table(self, dt: float) -> None:
        self.banners = [b for b in self.banners if not b[2].done]
        self.falling = [f for f in self.falling if not f[2].done]
        self.debris = [f for f in self.debris if not f[2].done]
        self.bolts = [b for b in self.bolts if not b[1].done]
        self._update_buttons()

    def _update_buttons(self) -> None:
        if not hasattr(self, "btn_confirm"):
            return
        action = self._chosen_action()
        acting = bool(self.legal) and not self.busy()
        verb = self.legal[0].verb if self.legal else ""
        no_seal = verb == "seal" and len(self.legal) == 1  # no Seal to use: Pass is the only button
        self.btn_confirm.visible = acting and verb not in ("reveal", "place", "strike") and not no_seal
        self.btn_confirm.enabled = action is not None
        self.btn_confirm.label = self._confirm_label(verb) + " (Enter)"
        self.btn_alt.visible = acting and (verb == "seal" or self._legal_pairs() == {(-1, -1)})
        self.btn_alt.label = "No Seal (N)" if verb == "seal" and len(self.legal) > 1 else "Pass (N)"
        self.btn_timeline.enabled = self.view.phase is Phase.OVER
        self.btn_talk.visible = self.talk_available()
        self.btn_talk.label = "Talk: on (K)" if self.talk_on else "Talk: off (K)"
        self.btn_log.visible = (
            acting
            and verb
            in (
                "appoint",
                "play",
                "swap",
                "seal",
                "punish",
                "master",
                "deliberate",
            )
            and not no_seal
        )

    def _confirm_label(self, verb: str) -> str:
        return {
            "appoint": f"Appoint {len(self.picked)}/{self.view.appoint_count}",
            "play": "Hand in",
            "swap": "Swap",
            "deliberate": "Reveal discard",
            "master": "Pass token",
            "seal": "Seal",
            "punish": "Give",
        }.get(verb, "Confirm")

    # -- the end ----------------------------------------------------------------------------
    def on_game_over(self) -> None:
        super().on_game_over()
        cx = theme.LOGICAL_W / 2
        y = theme.LOGICAL_H / 2 + 150
        self.end_widgets = WidgetGroup(
            [
                Button((cx - 330, y, 200, 56), "Rematch", self.rematch, hotkey=pygame.K_r, primary=True),
                Button((cx - 100, y, 200, 56), "Timeline (T)", self.open_timeline, hotkey=pygame.K_t),
                Button((cx + 130, y, 200, 56), "Main menu", self.to_menu, hotkey=pygame.K_m),
            ]
        )
        if not self.timeline_shown:
            self.open_timeline()

    def open_timeline(self) -> None:
        if self.view.phase is not Phase.OVER:
            self.app.toast("The timeline of who was what opens at the end of the game")
            return
        from scenes.tables.builders_timeline import TimelineScreen

        self.timeline_shown = True
        names = [self._name(i) for i in range(self.view.players)]
        self.app.push(TimelineScreen(self.match.view(None), names))

    def result_title(self) -> str:
        v = self.match.view(None)
        if v.result is None:
            return ""
        return "The Architects win!" if v.result.team == "architects" else "The Messenger's team wins!"

    def result_lines(self) -> list[str]:
        v: BuildersView = self.match.view(None)
        outcome = self.match.outcome()
        if outcome is None or not v.roles:
            return []
        why = {
            "sealed": "The tower stands and the Messenger of God is sealed.",
            "punishment": "The tower stands, but Divine Punishment overturns it.",
            "depletion": "The deck ran out before the tower was complete.",
            "confirmation": "Divine Punishment was confirmed at the Master's check.",
        }
        lines = [why.get(v.result.reason, outcome.summary)]
        messenger = next(i for i, r in enumerate(v.roles) if r.value == "messenger")
        lines.append(f"Messenger of God: {self._name(messenger)}")
        conv = [
            f"{self._name(c.seat)} ({'dealt' if c.round == 0 else f'round {c.round}, {c.how}'})"
            for c in v.conversions
        ]
        lines.append("Zealots: " + (", ".join(conv) if conv else "none"))
        if v.result.reason in ("sealed", "punishment"):
            lines.append(
                f"On the Messenger: {wording.count(v.result.seals_on_messenger, 'Seal')}, "
                f"{wording.count(v.result.punishment_on_messenger, 'Divine Punishment card')}"
            )
        lines.append(f"{len(v.log)} rounds. Press T for the timeline of who was what.")
        return lines
