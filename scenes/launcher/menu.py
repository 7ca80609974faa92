"""The main menu: every playable game with a short description, Continue, saved games, settings."""

from __future__ import annotations

import pygame

from babel.core import saves
from babel.core.in_progress import KeptGame
from babel.core.protocol import Rules
from scenes import kept_games as keeping
from scenes import theme
from scenes.canvas import Canvas
from scenes.core import Scene
from scenes.layers import StaticLayer
from scenes.widgets.basic import Button, Hotspot, WidgetGroup, panel
from scenes.widgets.blocks import Cube, IsoGrid

GAME_CARD_H = 112
GAME_CARD_H_GROWN = 132  # five cards from under the subtitle to the window's foot
CONTINUE_LINE_H = 38  # room under Continue for the line naming who plays and how far


class MainMenu(Scene):
    def __init__(self) -> None:
        self.buttons = WidgetGroup()
        self.games: list[tuple[pygame.Rect, Rules]] = []
        self.continue_record: saves.SaveRecord | None = None
        self.kept: list[KeptGame] = []  # the games in progress, newest first

    def enter(self) -> None:
        self._build()

    def resume(self, result=None) -> None:
        self._build()

    def _build(self) -> None:
        from scenes.tables import playable_games

        store = saves.SaveStore()
        notices: list[str] = []
        self.kept = store.in_progress(notices)  # each replayed in full; a bad one is set aside
        for notice in notices:
            self.app.toast(notice)
        self.continue_record = self.kept[0].record if self.kept else None
        self.games = []
        # at a larger text size (or on a small window) the cards start higher and are taller, so
        # that each description's two lines grow with the words
        grown = self._grown = self.app.canvas.ts(17) > 17
        y, step = (216, GAME_CARD_H_GROWN) if grown else (250, GAME_CARD_H)
        for rules in playable_games():
            self.games.append((pygame.Rect(90, y, 860, step - 12), rules))
            y += step
        bx, bw = 1080, 380
        self.buttons = WidgetGroup().keep_focus(self.buttons)
        from scenes.tutorials import has_lesson, start_lesson

        for rect, rules in self.games:  # "Learn to play" on the card of each game with a lesson
            # the card itself, for the keyboard: Tab stops on it and Enter chooses the game
            self.buttons.add(Hotspot(rect, lambda r=rules: self.choose(r), label=rules.info.title))
            if has_lesson(rules.info.id):
                self.buttons.add(
                    Button(
                        (rect.right - 210, rect.y + 52, 190, 36),  # "Learn to play" holds 16 px on 1024x640
                        "Learn to play",
                        lambda gid=rules.info.id: start_lesson(self.app, gid),
                        size=16,
                        tooltip="A short guided game: the table shows what to do next",
                    )
                )
        y = 250
        if self.kept:
            label = f"Continue: {keeping.title_of(self.kept[0].record.game)}"
            self.buttons.add(
                Button(
                    (bx, y, bw, 62),
                    label,
                    self.continue_game,
                    hotkey=pygame.K_c,
                    primary=True,
                    size=24 if len(label) <= 26 else 19,
                    tooltip=keeping.line_for(self.kept[0]),
                )
            )
            y += 62 + CONTINUE_LINE_H
            if len(self.kept) > 1:
                self.buttons.add(
                    Button((bx, y, bw, 62), f"In progress ({len(self.kept)})", self.open_in_progress)
                )
                y += 80
        step = 80 if y < 400 else 72  # six more buttons fit under Continue and In progress
        for label, action, key in (
            ("Saved games", self.open_saves, pygame.K_l),
            ("History and statistics", self.open_history, pygame.K_h),
            ("Rules", self.open_rules, None),
            ("Settings", self.open_settings, pygame.K_s),
            ("Quit", self.app.quit, pygame.K_q),
        ):
            self.buttons.add(Button((bx, y, bw, 62), label, action, hotkey=key))
            y += step

    # -- actions ---------------------------------------------------------------------------
    def choose(self, rules: Rules) -> None:
        """A game's card: its setup, or first the choice to continue the one in progress."""
        from scenes.launcher.setup import SetupScene
        from scenes.widgets.confirm import ConfirmDialog

        game = self.kept_of(rules.info.id)
        if game is None:
            self.app.push(SetupScene(rules))
            return
        self.app.push(
            ConfirmDialog(
                "A game is in progress",
                f"{rules.info.title}: {keeping.line_for(game)}. Continue it, or set up another "
                "game (this one stays kept).",
                "Continue",
                lambda: self._resume(game),
                no="New game",
                on_no=lambda: self.app.push(SetupScene(rules)),
                cancellable=True,
            )
        )

    def kept_of(self, game_id: str) -> KeptGame | None:
        """The newest game in progress of this kind, if any."""
        return next((g for g in self.kept if g.record.game == game_id), None)

    def continue_game(self) -> None:
        if self.kept:
            self._resume(self.kept[0])

    def _resume(self, game: KeptGame) -> None:
        from scenes.launcher.saved_games import open_record

        if not open_record(self.app, game.record, slot=game.path):  # it goes on in its own file
            self._build()  # it could not be opened (a toast says why): the list changes

    def open_in_progress(self) -> None:
        from scenes.launcher.saved_games import InProgressGames

        self.app.push(InProgressGames())

    def open_saves(self) -> None:
        from scenes.launcher.saved_games import SavedGames

        self.app.push(SavedGames())

    def open_history(self) -> None:
        from scenes.launcher.history_screen import StatisticsScreen

        self.app.push(StatisticsScreen())

    def open_rules(self) -> None:
        from scenes.launcher.rules_viewer import RulesViewer

        self.app.push(RulesViewer(None))

    def open_settings(self) -> None:
        from scenes.launcher.settings import SettingsScene

        self.app.push(SettingsScene())

    # -- input and drawing -----------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.buttons.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, rules in self.games:
                if rect.collidepoint(event.pos):
                    self.choose(rules)
                    return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                from scenes.widgets.confirm import ask_quit

                ask_quit(self.app)  # a stray Esc never closes the app at once
                return True
            index = event.key - pygame.K_1
            if 0 <= index < len(self.games):
                self.choose(self.games[index][1])
                return True
        return False

    def draw(self, canvas: Canvas) -> None:
        if self.games and (canvas.ts(17) > 17) != getattr(self, "_grown", None):
            self._build()  # the window or the text size changed: the game cards change height
        mouse = self.app.mouse
        hovered = next((i for i, (rect, _) in enumerate(self.games) if rect.collidepoint(mouse)), None)
        kept = tuple((g.path, g.mtime) for g in self.kept)
        key = (hovered, tuple((tuple(rect), rules.info) for rect, rules in self.games), kept)
        if not hasattr(self, "still"):
            self.still = StaticLayer()
        self.still.draw(canvas, key, lambda c: self._draw_still(c, hovered))
        self.buttons.draw(canvas, mouse)

    def _draw_still(self, canvas: Canvas, hovered: int | None) -> None:
        """Everything but the buttons: painted again only when the hovered game changes."""
        canvas.table()
        _draw_ziggurat(canvas)
        canvas.text("Babel Towers", (90, 60), 92, theme.GOLD, role="title_bold")
        canvas.text(
            "Five games of the Tower of Babel on one table", (96, 170), 28, theme.PAPER, role="italic"
        )
        if not self.games:
            panel(canvas, (90, 250, 860, 160))
            canvas.text("No games are installed in this build.", (520, 330), 28, theme.WHITE, anchor="center")
        for number, (rect, rules) in enumerate(self.games, start=1):
            hover = number - 1 == hovered
            lifted = rect.move(0, -4) if hover else rect
            if hover:
                canvas.glow(lifted, radius=14)
            panel(canvas, lifted, alpha=240)
            info = rules.info
            canvas.text(
                f"{number}",
                (lifted.x + 34, lifted.centery),
                30,
                theme.GOLD_DARK,
                role="sans_bold",
                anchor="center",
            )
            kept = self.kept_of(info.id)
            canvas.text(
                info.title,
                (lifted.x + 70, lifted.y + 14),
                34,
                theme.GOLD,
                role="title_bold",
                max_width=500 if kept else 560,
            )
            players = (
                f"{info.min_players}"
                if info.min_players == info.max_players
                else f"{info.min_players}-{info.max_players}"
            )
            label = "1 player" if info.max_players == 1 else f"{players} players"
            size = canvas.fit(label, 20, 160, most=23)  # above the "Learn to play" button
            shown = canvas.text(label, (lifted.right - 24, lifted.y + 22), size, theme.PAPER, anchor="topright")
            if kept is not None:  # the card says a game of its kind waits to be continued
                tag = canvas.text_size("In progress", 16)
                pill = pygame.Rect(0, 0, tag[0] + 20, 26)
                pill.midright = (shown.x - 14, shown.centery)
                canvas.fill_rect(theme.GOLD_DARK, pill, radius=13)
                canvas.text("In progress", pill.center, 16, theme.INK, role="sans_bold", anchor="center")
            from scenes.tutorials import has_lesson

            width = lifted.w - (290 if has_lesson(info.id) else 100)
            blurb = _blurb_words(canvas, info.blurb, width)
            canvas.paragraph(  # the description, in two lines if it needs them
                blurb,
                (lifted.x + 72, lifted.y + 52),
                _blurb_size(canvas, blurb, width),
                theme.BUTTON_TEXT,
                width,
                2,
                leading=1.25,
            )
        if self.kept:  # under Continue: who plays the game it resumes, how far, since when
            canvas.text(
                keeping.line_for(self.kept[0]),
                (1080 + 4, 250 + 62 + 8),
                canvas.fit(keeping.line_for(self.kept[0]), 16, 380),
                theme.PAPER,
                max_width=380,
            )
        keys = "F1 rules  ·  F11 full screen  ·  Esc quit"
        canvas.text(  # right of the game cards
            keys,
            (theme.LOGICAL_W - 40, theme.LOGICAL_H - 30),
            canvas.fit(keys, 17, theme.LOGICAL_W - 40 - 980),
            theme.PAPER_DARK,
            anchor="bottomright",
        )


def _blurb_words(canvas: Canvas, blurb: str, width: float) -> str:
    """The whole description where its two lines hold the 16-pixel floor, else its first clause
    (before the first colon or semicolon: "Hidden roles for 5-10") where that does; the setup
    screen shows the whole of it."""
    if _blurb_size(canvas, blurb, width) >= canvas.least:
        return blurb
    for mark in (": ", "; "):
        if mark in blurb:
            short = blurb.split(mark, 1)[0]
            if _blurb_size(canvas, short, width) >= canvas.least:
                return short
    return blurb


def _blurb_size(canvas: Canvas, blurb: str, width: float) -> float:
    """A game card's description: as large as the text size asks while it keeps to the card's
    two lines (down to its usual size: the card's height is fixed)."""
    size, most = canvas.ts(17), (GAME_CARD_H_GROWN - 12 - 56) / 2.45  # two lines under the title
    size = max(17.0, min(size, most))
    while size > 17 and len(canvas.wrap(blurb, size, width)) > 2:
        size -= 0.5
    return size


ZIGGURAT_COLOURS = [c for c, _, _ in theme.SEAT_COLOURS[:6]]


def _draw_ziggurat(canvas: Canvas) -> None:
    """A small stepped tower of blocks beside the title: the product's emblem."""
    grid = IsoGrid((1330, 92), 36)
    cubes = []
    levels = [(0, 4), (1, 3), (1, 3), (2, 2)]
    for z, (lo, hi) in enumerate(levels):
        for x in range(lo, hi):
            for y in range(lo, hi):
                colour = ZIGGURAT_COLOURS[(x + 2 * y + z) % len(ZIGGURAT_COLOURS)]
                cubes.append(Cube(x, y, z, colour))
    grid.draw(canvas, cubes)
