"""After a solitaire game: the real deal solved (on the bot thread), replayable step by step from
the start, with the next move lit."""

from __future__ import annotations

from concurrent.futures import Future

import pygame

from babel.core.match import Match
from babel.games.solitaire import hints
from babel.games.solitaire.actions import Draw, Move
from scenes import assets, theme, wording
from scenes.anim import Animator
from scenes.canvas import Canvas
from scenes.core import Scene, wake
from scenes.match_controller import bot_executor
from scenes.tables.solitaire.art import draw_piece
from scenes.tables.solitaire.layout import ANALYSIS_FELT, PILE_POS, Geometry
from scenes.widgets.basic import Button, WidgetGroup, paper


class AnalysisScene(Scene):
    """After the game: the real deal solved, replayable step by step from the start."""

    def __init__(self, played: Match) -> None:
        self.played = played
        self.rules_game = "solitaire"
        self.analysis: hints.Analysis | None = None
        self.future: Future | None = None
        self.step = 0
        self.animator = Animator(speed=0)
        self.widgets = WidgetGroup()
        self.playing = False
        self._timer = 0.0

    def enter(self) -> None:
        self.future = bot_executor().submit(hints.analyse_match, self.played)
        self.future.add_done_callback(lambda _f: wake())
        self.replay = Match(self.played.rules, self.played.config, self.played.seed, self.played.seats)
        self.geo = Geometry(self.replay.view(0).variant)
        cx = theme.LOGICAL_W / 2
        self.widgets = WidgetGroup(
            [
                Button(
                    (cx - 430, 820, 160, 52), "Start", lambda: self.goto(0), hotkey=pygame.K_HOME, size=20
                ),
                Button(
                    (cx - 260, 820, 160, 52),
                    "◀ Back",
                    lambda: self.goto(self.step - 1),
                    hotkey=pygame.K_LEFT,
                    size=20,
                ),
                Button(
                    (cx - 90, 820, 180, 52),
                    "Play",
                    self.toggle_play,
                    hotkey=pygame.K_SPACE,
                    primary=True,
                    size=20,
                ),
                Button(
                    (cx + 100, 820, 160, 52),
                    "Next ▶",
                    lambda: self.goto(self.step + 1),
                    hotkey=pygame.K_RIGHT,
                    size=20,
                ),
                Button((cx + 270, 820, 160, 52), "Close", self.dismiss, size=20),
            ]
        )

    def toggle_play(self) -> None:
        self._set_playing(not self.playing)

    def _set_playing(self, playing: bool) -> None:
        self.playing = playing
        self.widgets.widgets[2].label = "Pause" if playing else "Play"

    def goto(self, step: int) -> None:
        if self.analysis is None:
            return
        step = max(0, min(len(self.analysis.line), step))
        if step < self.step:
            self.replay = Match(self.played.rules, self.played.config, self.played.seed, self.played.seats)
            self.step = 0
        while self.step < step:
            self.replay.submit_text(0, self.analysis.line[self.step])
            self.step += 1

    def needs_frames(self) -> bool:
        return self.playing

    def next_wake(self) -> float | None:  # the analysis ready on its thread (it also wakes the loop)
        return 0.0 if self.analysis is None and self.future is not None and self.future.done() else None

    def update(self, dt: float) -> None:
        if self.analysis is None and self.future is not None and self.future.done():
            self.analysis = self.future.result()
        if self.playing and self.analysis is not None:
            self._timer += dt
            if self._timer > 0.5:
                self._timer = 0.0
                if self.step >= len(self.analysis.line):
                    self._set_playing(False)
                else:
                    self.goto(self.step + 1)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.dismiss()
            return True
        return self.widgets.handle(event) or True

    def draw(self, canvas: Canvas) -> None:
        canvas.table(felt=ANALYSIS_FELT)
        canvas.text("Analysis", (40, 22), 40, theme.GOLD, role="title_bold")
        if self.analysis is None:
            canvas.text("Solving the deal…", (800, 450), 30, theme.WHITE, anchor="center")
            self.widgets.draw(canvas, self.app.mouse)
            return
        paper(canvas, (300, 18, 1270, 84))
        lines = assets.wrap(
            self.analysis.text, "sans", max(6, round(18 * canvas.scale)), round(1230 * canvas.scale)
        )
        for i, line in enumerate(lines[:3]):
            canvas.text(line, (320, 28 + i * 24), 18, theme.INK, max_width=1230)
        v = self.replay.view(0)
        total = len(self.analysis.line)
        upcoming = (
            self.replay.rules.parse_action(self.analysis.line[self.step]) if self.step < total else None
        )
        lit = {upcoming.src, upcoming.dst} if isinstance(upcoming, Move) else set()
        for i, stack in enumerate(v.line):
            draw_piece(canvas, self.geo, stack[-1], self.geo.centre(i), depth=len(stack) - 1, glow=i in lit)
        if v.pile_size:
            draw_piece(
                canvas,
                self.geo,
                None,
                PILE_POS,
                depth=min(v.pile_size - 1, 5),
                glow=isinstance(upcoming, Draw),
            )
        canvas.text(
            f"{v.pile_size} left",
            (PILE_POS[0], self.geo.pile_rect().bottom + 22),
            19,
            theme.PAPER,
            anchor="midtop",
        )
        nxt = self.analysis.line[self.step] if self.step < total else "the end"
        canvas.text(
            f"Step {self.step} of {total}  ·  next: {nxt}  ·  {wording.count(len(v.line), 'stack')}",
            (800, 780),
            20,
            theme.PAPER,
            anchor="center",
        )
        self.widgets.draw(canvas, self.app.mouse)
