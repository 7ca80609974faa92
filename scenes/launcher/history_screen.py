"""History and statistics: every finished game, per game and per person, with two charts.

Opened from the main menu. A person is chosen with the stepper and can be renamed (the history
keeps an alias, so the games stay as they were played). The solitaire's practice games are
shown apart, and its own statistics (per variant and difficulty, stacks left) open from here.
"""

from __future__ import annotations

import itertools
import time

import pygame

from babel.core import saves, statistics
from babel.core.history import GameSummary, HistoryError
from scenes import theme
from scenes.canvas import Canvas
from scenes.core import Scene, Screen
from scenes.widgets.basic import Button, Hotspot, Stepper, TextInput, WidgetGroup, panel
from scenes.widgets.focus import focus_id, focus_shown

GAMES = (None, "duel", "solitaire", "babel_on", "turmbau", "builders")
TITLES = {None: "All games", "duel": "Card duel", "solitaire": "Solitaire", "babel_on": "Babel On!",
          "turmbau": "Der Turmbau", "builders": "Babel Builders"}
LEVEL_ORDER = ("novice", "steady", "plain", "expert", "shrewd", statistics.MIXED, statistics.NO_BOTS)
RECENT = 6


def duration(seconds: float) -> str:
    """'2 h 05 min', '12 min', 'under a minute'."""
    minutes = int(seconds // 60)
    if minutes < 1:
        return "under a minute"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"


def percent(rate: float | None) -> str:
    return "–" if rate is None else f"{100 * rate:.0f}%"


def number(value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def result_line(summary: GameSummary, name: str, aliases: dict[str, str]) -> str:
    """'28 Nov 14:05 · Card duel · won · Anna, Ben (expert)' (a long list of seats is cut, the
    result never)."""
    when = time.strftime("%d %b %H:%M", time.localtime(summary.finished))
    seats = ", ".join(s.name + (f" ({s.bot})" if s.bot else "") for s in summary.seats)
    mine = [s for s in summary.seats if s.bot is None and statistics.resolve(s.name, aliases) == name]
    outcome = "won" if any(s.won for s in mine) else "lost"
    return f"{when} · {TITLES.get(summary.game, summary.game)} · {outcome} · {seats}"


class StatisticsScreen(Screen):
    """Games, wins, streaks, scores and time per game and person, a win-rate line and a score
    histogram, the newest games, renaming."""

    def __init__(self, game: str | None = None) -> None:
        self.game = game if game in GAMES else None
        self.practice = False
        self.summaries: list[GameSummary] = []
        self.aliases: dict[str, str] = {}
        self.names: list[str] = []
        self.person = ""
        self.widgets = WidgetGroup()

    def enter(self) -> None:
        self._load()

    def resume(self, result=None) -> None:
        self._load()

    def _load(self) -> None:
        history = saves.SaveStore().history
        notices: list[str] = []
        self.summaries = history.summaries(notices)
        self.aliases = history.aliases(notices)
        for notice in notices:
            self.app.toast(notice)
        self.names = statistics.people(self.summaries, self.aliases)
        if self.person not in self.names:
            self.person = self.names[0] if self.names else ""
        self._build()

    def _build(self) -> None:
        w = WidgetGroup(rows=self._recent_spots).keep_focus(self.widgets)
        for i, game in enumerate(GAMES):
            w.add(Button((80 + i * 242, 96, 230, 48), TITLES[game], lambda g=game: self._choose_game(g), size=19))
        if self.names:
            w.add(Stepper((80, 160, 420, 52), self.names, self.person, self._choose_person, size=22))
            w.add(Button((516, 160, 150, 52), "Rename", self._ask_rename, size=19,
                         tooltip="Count this person's games under another name"))
        if self.game == "solitaire":
            w.add(Button((990, 160, 250, 52), "Counted games" if self.practice else "Practice games",
                         self._toggle_practice, size=18))
            w.add(Button((1256, 160, 264, 52), "Per variant", self._open_solitaire, size=18,
                         tooltip="The solitaire's statistics per variant and difficulty, with stacks left"))
        w.add(Button((theme.LOGICAL_W / 2 - 120, 812, 240, 56), "Back", self.dismiss, primary=True))
        self.widgets = w

    def _recent_spots(self) -> list[Hotspot]:
        """The newest games' rows for the keyboard: Enter on one watches its replay."""
        if not self.names:
            return []
        return [Hotspot(rect, lambda s=summary: self.watch(s), label=f"recent {i}")
                for i, (rect, summary) in enumerate(self.recent_rows())]

    # -- actions ------------------------------------------------------------------------------
    def _choose_game(self, game: str | None) -> None:
        self.game, self.practice = game, False
        self._build()

    def _choose_person(self, name: str) -> None:
        self.person = name

    def _toggle_practice(self) -> None:
        self.practice = not self.practice
        self._build()

    def _open_solitaire(self) -> None:
        from scenes.tables.solitaire.statistics import StatisticsScene

        self.app.push(StatisticsScene(practice=self.practice))

    def _ask_rename(self) -> None:
        self.app.push(RenameDialog(self.person, self._rename))

    def _rename(self, new: str) -> None:
        try:
            saves.SaveStore().history.rename(self.person, new)
        except (HistoryError, OSError) as exc:
            self.app.toast(f"The name cannot be changed: {exc}")
            return
        self.person = new.strip()
        self._load()

    def stats(self) -> statistics.PersonStats:
        """The chosen person's record, computed once per choice (not every frame)."""
        key = (self.person, self.game, self.practice, len(self.summaries), id(self.summaries))
        if getattr(self, "_stats_key", None) != key:
            self._stats_key = key
            self._stats = statistics.person_stats(self.summaries, self.person, self.game, self.aliases, self.practice)
            chosen = (g for g in self.summaries
                      if (self.game is None or g.game == self.game) and g.practice == self.practice
                      and self._seat_of(g) is not None)
            self._recent = list(itertools.islice(chosen, RECENT))  # newest first: stops at the sixth
        return self._stats

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, canvas: Canvas) -> None:
        canvas.table()
        panel(canvas, (50, 24, 1500, 860), title="History and statistics")
        for w in self.widgets.widgets[:6]:
            if w.label == TITLES[self.game]:
                canvas.glow(w.rect)
        if not self.names:
            canvas.text("No finished games yet: every game you finish is kept here, with its replay.",
                        (800, 420), 24, theme.PAPER, anchor="center", max_width=1300)
        else:
            s = self.stats()
            if s.games == 0:
                what = "practice games" if self.practice else "finished games"
                canvas.text(f"{self.person} has no {what} of {TITLES[self.game]} yet.",
                            (800, 420), 24, theme.PAPER, anchor="center", max_width=1300)
            else:
                self._draw_figures(canvas, s)
                self._draw_breakdown(canvas, s)
                draw_rate_chart(canvas, pygame.Rect(1000, 236, 500, 230), s)
                draw_score_chart(canvas, pygame.Rect(1000, 500, 500, 230), s)
                self._draw_recent(canvas)
        self.widgets.draw(canvas, self.app.mouse)

    def _draw_figures(self, canvas: Canvas, s: statistics.PersonStats) -> None:
        rows = [("Games", str(s.games)), ("Wins", str(s.wins)), ("Win rate", percent(s.rate)),
                ("Current win streak", str(s.current_streak)), ("Best win streak", str(s.best_streak)),
                ("Time played", duration(s.played))]
        if s.meaning is not None and s.scores:
            rows += [(f"Best ({s.meaning.noun})", number(s.best_score)),
                     (f"Average ({s.meaning.noun})", number(s.average_score))]
        y = 240
        for label, value in rows:
            canvas.text(label, (90, y), 21, theme.BUTTON_TEXT, max_width=300)
            canvas.text(value, (520, y), 21, theme.WHITE, role="sans_bold", anchor="topright")
            y += 38

    def _draw_breakdown(self, canvas: Canvas, s: statistics.PersonStats) -> None:
        levels = sorted(s.by_level, key=lambda k: LEVEL_ORDER.index(k) if k in LEVEL_ORDER else 99)
        columns = (
            ("Bots at the table", [(level, s.by_level[level]) for level in levels]),
            ("Players", [(f"{n} player{'s' if n != 1 else ''}", s.by_players[n]) for n in sorted(s.by_players)]),
        )
        for i, (title, rows) in enumerate(columns):
            x, y = 560 + i * 215, 240
            canvas.text(title, (x, y), 20, theme.GOLD, role="sans_bold", max_width=200)
            for label, tally in rows[:7]:
                y += 36
                canvas.text(label, (x, y), 18, theme.BUTTON_TEXT, max_width=110)
                canvas.text(f"{tally.wins}/{tally.games} · {percent(tally.rate)}", (x + 200, y), 18,
                            theme.WHITE, anchor="topright")

    def recent_rows(self) -> list[tuple[pygame.Rect, GameSummary]]:
        """The newest games of the chosen person and game, with the rect of each row (found with
        the person's record, once per choice)."""
        self.stats()
        return [(pygame.Rect(80, 612 + 32 * i, 900, 30), g) for i, g in enumerate(self._recent)]

    def _seat_of(self, g: GameSummary) -> int | None:
        return next((i for i, st in enumerate(g.seats)
                     if st.bot is None and statistics.resolve(st.name, self.aliases) == self.person), None)

    def _draw_recent(self, canvas: Canvas) -> None:
        canvas.text("Newest games · click one (or Tab to it, Enter) to watch its replay", (90, 580), 20, theme.GOLD, role="sans_bold")
        for rect, g in self.recent_rows():
            if rect.collidepoint(self.app.mouse):
                canvas.fill_rect(theme.BUTTON_HOVER, rect, radius=6)
            canvas.text(result_line(g, self.person, self.aliases), (rect.x + 10, rect.y + 4), 18, theme.PAPER,
                        max_width=rect.w - 20)

    def watch(self, summary: GameSummary) -> None:
        """The game's replay, seen from the chosen person's seat."""
        from scenes.replay import ReplayScene

        try:
            record = saves.parse_record(saves.SaveStore().history.record(summary))
        except (HistoryError, saves.SaveError) as exc:
            self.app.toast(f"This game cannot be replayed: {exc}")
            return
        self.app.push(ReplayScene(record, self._seat_of(summary)))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.names:
            for rect, summary in self.recent_rows():
                if rect.collidepoint(event.pos):
                    self.watch(summary)
                    return True
        return super().handle(event)


def draw_rate_chart(canvas: Canvas, r: pygame.Rect, s: statistics.PersonStats) -> None:
    """The win rate over the last ten games after each game, as a line over 0-100%."""
    canvas.text("Win rate, last 10 games", (r.x, r.y - 4), 19, theme.GOLD, role="sans_bold")
    box = pygame.Rect(r.x + 44, r.y + 30, r.w - 50, r.h - 40)
    canvas.fill_rect((32, 24, 18), box, radius=6)
    for frac, label in ((0, "0%"), (0.5, "50%"), (1, "100%")):
        yy = box.bottom - frac * box.h
        canvas.line(theme.PANEL_EDGE, (box.x, yy), (box.right, yy), 1)
        canvas.text(label, (box.x - 6, yy), 14, theme.PAPER, anchor="midright")
    rates = statistics.win_rate_over_time(s.results)
    if len(rates) == 1:
        canvas.circle(theme.GOLD, (box.centerx, box.bottom - rates[0] * box.h), 5)
        return
    points = [(box.x + i * box.w / (len(rates) - 1), box.bottom - v * box.h) for i, v in enumerate(rates)]
    for a, b in zip(points, points[1:]):
        canvas.line(theme.GOLD, a, b, 3)
    canvas.circle(theme.GOLD, points[-1], 5)
    canvas.text(f"{len(rates)} games", (box.right, box.bottom + 4), 14, theme.PAPER, anchor="topright")


def draw_score_chart(canvas: Canvas, r: pygame.Rect, s: statistics.PersonStats) -> None:
    """How often each score came up (bars with their counts), where the game has scores."""
    if s.meaning is None:
        note = "Babel Builders is won by a team: it has no scores." if s.game == "builders" else \
            "Choose a game to see its scores."
        canvas.text(note, (r.x, r.y + 20), 18, theme.PAPER, max_width=r.w)
        return
    canvas.text(f"Scores ({s.meaning.noun})", (r.x, r.y - 4), 19, theme.GOLD, role="sans_bold")
    bins = statistics.histogram(s.scores)
    if not bins:
        canvas.text("No scores yet.", (r.x, r.y + 40), 18, theme.PAPER)
        return
    box = pygame.Rect(r.x + 10, r.y + 52, r.w - 10, r.h - 86)  # room above the tallest bar's count
    top = max(c for _, _, c in bins)
    bar_w = box.w / len(bins)
    for i, (low, high, count) in enumerate(bins):
        x = box.x + i * bar_w
        h = box.h * count / top if top else 0
        if h:
            canvas.fill_rect(theme.GOLD, (x + 2, box.bottom - h, bar_w - 4, h), radius=3)
            canvas.text(str(count), (x + bar_w / 2, box.bottom - h - 18), 14, theme.WHITE, anchor="midtop")
        if len(bins) <= 16 or i % 2 == 0:
            whole = float(low).is_integer() and float(high).is_integer()
            label = number(low) if low == high else f"{number(low)}–{number(high)}" if whole else f"{number(low)}+"
            canvas.text(label, (x + bar_w / 2, box.bottom + 6), 14, theme.PAPER, anchor="midtop")


class RenameDialog(Scene):
    """A name field over the screen: Enter or Rename keeps it, Esc or Cancel leaves it."""

    is_dialog = True
    opaque = False
    modal = True

    def __init__(self, name: str, on_done) -> None:
        self.name = name
        self.text = name
        self.on_done = on_done
        self.widgets = WidgetGroup()

    def enter(self) -> None:
        cx, cy = theme.LOGICAL_W / 2, theme.LOGICAL_H / 2
        self.field = TextInput((cx - 220, cy - 30, 440, 56), self.name, self._typed, max_len=20)
        self.field.focused = True
        pygame.key.start_text_input()
        self.widgets = WidgetGroup([
            self.field,
            Button((cx - 250, cy + 60, 230, 58), "Cancel", self.dismiss),
            Button((cx + 20, cy + 60, 230, 58), "Rename", self._done, primary=True),
        ])
        self.widgets.focus.current = focus_id(self.field)

    def _typed(self, text: str) -> None:
        self.text = text

    def _done(self) -> None:
        self.dismiss()
        if self.text.strip() and self.text != self.name:
            self.on_done(self.text)

    def handle(self, event: pygame.event.Event) -> bool:
        elsewhere = focus_shown() and self.widgets.focus.focused() not in (None, self.field)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not elsewhere:
            self._done()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.dismiss()
            return True
        return self.widgets.handle(event) or True

    def draw(self, canvas: Canvas) -> None:
        canvas.fill_rect((0, 0, 0, 130), (0, 0, theme.LOGICAL_W, theme.LOGICAL_H))
        cx, cy = theme.LOGICAL_W / 2, theme.LOGICAL_H / 2
        panel(canvas, (cx - 320, cy - 150, 640, 300), title=f"Rename {self.name}")
        canvas.text("Their games are counted under the new name from now on.", (cx, cy - 84), 18,
                    theme.PAPER, anchor="center", max_width=580)
        self.widgets.draw(canvas, self.app.mouse)
