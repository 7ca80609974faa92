"""Babel On! by keys alone: choose a block, aim it at a cell, nudge it and place it.

1-9 picks up the first, second... block of the tray (B a Bonus Block); the left and right
arrows then go to the previous or next glowing cell, up and down to the nearest glowing cell
above or below on the screen, Shift with an arrow nudges the block off the cell's centre; Enter
or Space places it, Backspace puts it back. With nothing in hand the arrows go over the blocks
that may be pulled off a tower (the risk note shows for the one under the cursor) and Enter or
Space pulls it.

The hand's steadiness comes from how the keys are used, measured exactly as a drag's: each key
moves a hand (lifting a block from the tray LIFT block edges, an arrow STEP, a nudge NUDGE_STEP)
that gets there ``GLIDE`` seconds later, and that path is the drag path of
``preview.drag_shake``. A block placed after a short rest (about half a second) carries no
shake, as a drag that eases in and rests does; one key and a block let go at once shake it a
little; keys hammered faster than the hand follows add up their steps into a fast, jerky hand
and a shaky block, as a fast drag does. With steady hands nothing shakes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from babel.games.babel_on import preview
from babel.games.babel_on.actions import Return, Take
from scenes.tables.babel_on import layout
from scenes.tables.babel_on.draw import Grab
from scenes.tables.babel_on.hand import placement

GLIDE = 0.15  # seconds the hand takes to follow a key
STEP = 1.0  # block edges the hand moves for an arrow key (a nudge: NUDGE_STEP)
NUDGE_STEP = 0.3
LIFT = 2.0  # block edges it moves lifting a block from the tray
NUDGE = 2  # a nudge: 1/20 of a block edge
DIGITS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)}
DIGITS.update({getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, 10)})
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
PLACE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass
class KeyAim:
    """Where the keys hold the block: the cell, the nudge, the tower block under the cursor, and
    the hand's path (seconds, x, y in block edges) that gives its shake."""

    cell: tuple[int, int] | None = None
    nudge: tuple[int, int] = (0, 0)
    block: tuple[int, int, int] | None = None
    path: list[tuple[float, float, float]] = field(default_factory=list)
    goal: tuple[float, float] = (0.0, 0.0)  # where the hand is headed (block edges)
    on: bool = False  # the keys, not the mouse, hold the block now

    def start(self, now: float) -> None:
        """A block taken up: the hand at rest, lifting it from the tray."""
        self.goal = (0.0, 0.0)
        self.path = [(now, 0.0, 0.0)]
        self.glide(now, (0.0, -LIFT))

    def glide(self, now: float, step: tuple[float, float]) -> None:
        """A key moves the hand by ``step`` (block edges) from where it is headed: it sets off
        from where it is now and gets there ``GLIDE`` seconds later."""
        here = preview.hand_at(self.path, now) if self.path else self.goal
        self.path = [p for p in self.path if now - 2 * preview.WINDOW < p[0] < now]
        self.goal = (self.goal[0] + step[0], self.goal[1] + step[1])
        self.path += [(now, *here), (now + GLIDE, *self.goal)]

    def shake(self, now: float, steady: bool) -> int:
        """The shake of letting go now: the block lands when the hand arrives."""
        if not self.path:
            return 0
        return preview.drag_shake(self.path, max(now, self.path[-1][0]), steady)


class KeyPlay:
    """A part of ``BabelOnTable``: its keys for choosing, aiming, nudging and placing."""

    @property
    def aim(self) -> KeyAim:
        aim = self.__dict__.get("_aim")
        if aim is None:
            aim = self.__dict__["_aim"] = KeyAim()
        return aim

    def handle_first(self, event: pygame.event.Event) -> bool:
        """The table's own keys for blocks, before the buttons' (Enter places a held block
        rather than ending the turn); a mouse move hands the block back to the mouse."""
        if event.type == pygame.MOUSEMOTION:
            self.aim.on = False
            return False
        if event.type != pygame.KEYDOWN or self.plan_for is not None or self.busy() or not self.legal:
            return False
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        held = self.hand.selected
        if held is not None and held.kind in ("hand", "bonus") and not self.aim.on and event.key in ARROWS:
            self._take_up(held)  # a block clicked in the tray, aimed by keys
            return True
        if held is not None and held.kind in ("hand", "bonus") and self.aim.on:
            return self._aim_key(event, held)
        if event.key in DIGITS:
            self._pick_tray(DIGITS[event.key])
            return True
        if event.key == pygame.K_b:
            self._pick_bonus()
            return True
        return self._block_key(event)

    # -- picking up ----------------------------------------------------------------------------
    def _pick_tray(self, index: int) -> None:
        hand = self.motion.tray_hand(self.view)
        if index >= len(hand) or self.view.holder < 0:
            self.app.toast(f"There is no block {index + 1} in hand" if hand else "No blocks in hand")
            return
        origin = layout.tray_slots(len(hand))[index]
        self._take_up(Grab("hand", hand[index], origin=origin))

    def _pick_bonus(self) -> None:
        actor = self.actor()
        if actor is None or self.view.bonus[actor] <= 0:
            self.app.toast("No Bonus Block to place")
            return
        self._take_up(Grab("bonus", actor, origin=layout.bonus_slots()[0]))

    def _take_up(self, src: Grab) -> None:
        targets = self.targets(src)
        if not targets:
            self._explain_tray(src)
            return
        self.hand.drag = None
        self.hand.selected = src
        aim = self.aim
        aim.on, aim.block, aim.nudge = True, None, (0, 0)
        aim.start(self.hand.clock)
        self._aim_at(targets[0], way=None)

    # -- aiming --------------------------------------------------------------------------------
    def _aim_key(self, event: pygame.event.Event, held: Grab) -> bool:
        key, aim = event.key, self.aim
        targets = list(self.targets(held))
        if not targets:
            return False
        if key in PLACE_KEYS:
            self._place_by_keys(held)
            return True
        if key == pygame.K_BACKSPACE:
            self.hand.selected = None
            aim.on = False
            self.target, self.drop_offset = None, (0, 0)
            return True
        if key in DIGITS or key == pygame.K_b:
            aim.on = False
            return self.handle_first(event)  # another block instead
        if key not in ARROWS:
            return False
        here = aim.cell if aim.cell in targets else targets[0]
        way = ARROWS[key]
        if event.mod & pygame.KMOD_SHIFT:
            aim.nudge = self._nudged(here, aim.nudge, way)
            self._aim_at(here, (way[0] * NUDGE_STEP, way[1] * NUDGE_STEP), keep_nudge=True)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._aim_at(targets[(targets.index(here) + way[0]) % len(targets)], way)
        else:
            points = {t: self.top_point(*t) for t in targets}
            self._aim_at(nearest(here, points, way) or here, way)
        return True

    def _aim_at(self, cell: tuple[int, int], way: tuple[float, float] | None, keep_nudge: bool = False) -> None:
        """Aim at ``cell``; the hand moves by ``way`` (None: it is lifting the block)."""
        aim = self.aim
        if not keep_nudge:
            aim.nudge = (0, 0)
        if way is not None:
            aim.glide(self.hand.clock, way if keep_nudge else (way[0] * STEP, way[1] * STEP))
        aim.cell = cell
        dx, dy = aim.nudge
        self.target, self.drop_offset, self.mouse = cell, (dx, dy), self.top_point(*cell)
        self.app.redraw()

    def _nudged(self, cell: tuple[int, int], nudge: tuple[int, int], way: tuple[int, int]) -> tuple[int, int]:
        """The nudge one step towards the screen direction ``way`` (the view may be turned)."""
        x0, y0 = layout.top_pos(self.places, self.rot, self.view, *cell, *nudge)
        best, best_dot = nudge, 0.0
        for sx, sy in ((NUDGE, 0), (-NUDGE, 0), (0, NUDGE), (0, -NUDGE)):
            n = preview.aim(self.view, *cell, nudge[0] + sx, nudge[1] + sy)
            x, y = layout.top_pos(self.places, self.rot, self.view, *cell, *n)
            dot = (x - x0) * way[0] + (y - y0) * way[1]
            if dot > best_dot:
                best, best_dot = n, dot
        return best

    def _place_by_keys(self, held: Grab) -> None:
        aim = self.aim
        cell = aim.cell if aim.cell in self.targets(held) else None
        if cell is None:
            return
        shake = aim.shake(self.hand.clock, self.view.steady_hands)
        aim.on = False
        self._commit_place(held, cell, *aim.nudge, shake)

    # -- blocks of the towers ------------------------------------------------------------------
    def _block_key(self, event: pygame.event.Event) -> bool:
        blocks = sorted({(m.tower, m.cell, m.floor) for m in self.legal if _pulls(m)})
        if not blocks:
            return False
        aim = self.aim
        here = aim.block if aim.block in blocks and aim.on else None
        if event.key in PLACE_KEYS and here is not None:
            move = preview.block_moves(self.legal, *here)[0]
            shake = aim.shake(self.hand.clock, self.view.steady_hands)
            aim.on, aim.block = False, None
            self.hand.selected = None
            self.submit(preview.hand_move(self.view, move, 0, 0, shake))
            return True
        if event.key not in ARROWS or event.mod & pygame.KMOD_SHIFT:
            return False
        points = {b: self.block_point(b) for b in blocks}
        points = {b: p for b, p in points.items() if p is not None}
        if not points:
            return False
        way = ARROWS[event.key]
        if here is None:
            nxt = min(points, key=lambda b: (points[b][0], points[b][1]))
            aim.goal, aim.path = (0.0, 0.0), []
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            order = list(points)
            nxt = order[(order.index(here) + (1 if event.key == pygame.K_RIGHT else -1)) % len(order)]
        else:
            nxt = nearest(here, points, ARROWS[event.key]) or here
        aim.on, aim.block = True, nxt
        aim.glide(self.hand.clock, (way[0] * STEP, way[1] * STEP))
        self.hover_block, self.mouse = nxt, points[nxt]
        self.app.redraw()
        return True

    # -- the note -----------------------------------------------------------------------------
    def key_verdict(self) -> tuple[str, float] | None:
        """While the keys hold a block on a cell (or a tower block under the cursor): the shake
        these keys would give it now and the real chance of a fall, as a drag's note says."""
        aim = self.aim
        if not aim.on or self.view.steady_hands or self.busy():
            return None
        held = self.hand.selected
        if held is not None and held.kind in ("hand", "bonus") and aim.cell in self.targets(held):
            move = preview.hand_move(self.view, placement(held, *aim.cell), *aim.nudge, 0)
        elif aim.block is not None and preview.block_moves(self.legal, *aim.block):
            move = preview.block_moves(self.legal, *aim.block)[0]
        else:
            return None
        shake = aim.shake(self.hand.clock, False)
        chance = preview.knock_risk(self.view, move, shake)
        if shake == 0:
            return ("these keys now: calm, no shake", chance)
        return (f"keys too quick: shake {shake} of 9", chance)

    def key_frames(self) -> bool:
        """The gliding hand settles even when no key is pressed: frames until it rests."""
        aim = self.aim
        return aim.on and bool(aim.path) and self.hand.clock < aim.path[-1][0] + preview.WINDOW


def _pulls(move) -> bool:
    return isinstance(move, Take | Return)


def nearest(here, points: dict, direction: tuple[int, int]):
    """The key of ``points`` nearest to ``points[here]`` in ``direction``: ahead, least aside."""
    hx, hy = points[here]
    dx, dy = direction
    best, best_score = None, math.inf
    for key, (x, y) in points.items():
        ahead = (x - hx) * dx + (y - hy) * dy
        if key == here or ahead <= 0:
            continue
        score = ahead + 2 * (abs((x - hx) * dy) + abs((y - hy) * dx))
        if score < best_score:
            best, best_score = key, score
    return best
