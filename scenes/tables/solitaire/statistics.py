"""The solitaire's statistics screen: games played, wins, streaks and the distribution of stacks
left, per variant and difficulty, with practice games apart."""

from __future__ import annotations

from babel.games.solitaire.stats import StatsStore
from scenes import theme
from scenes.canvas import Canvas
from scenes.core import Screen
from scenes.widgets.basic import Button, WidgetGroup, panel


class StatisticsScene(Screen):
    """Games played, wins, streaks and the distribution of stacks left, per variant."""

    KEYS = (("tiles", "standard"), ("tiles", "strict"), ("cards", "standard"), ("cards", "strict"))

    def __init__(self, variant: str = "tiles", difficulty: str = "standard", practice: bool = False) -> None:
        self.selected = (variant, difficulty)
        self.practice = practice  # practice games (undo past draws) are shown apart
        self.rules_game = "solitaire"
        self.widgets = WidgetGroup()

    def enter(self) -> None:
        self.store = StatsStore.load()
        if self.store.recovered_from is not None:
            self.app.toast(
                f"The statistics file was damaged; it was kept as {self.store.recovered_from.name}"
            )
        elif self.store.problem is not None:
            self.app.toast(self.store.problem)
        self.widgets = WidgetGroup(
            [Button((theme.LOGICAL_W / 2 - 120, 800, 240, 56), "Back", self.dismiss, primary=True)]
        )
        for i, key in enumerate(self.KEYS):
            self.widgets.add(
                Button(
                    (150 + i * 330, 130, 310, 50), self._label(key), lambda k=key: self._select(k), size=19
                )
            )
        self.practice_button = self.widgets.add(
            Button((1090, 800, 300, 56), self._practice_label(), self._toggle_practice, size=19)
        )

    @staticmethod
    def _label(key) -> str:
        return ("Tiles" if key[0] == "tiles" else "Accordion") + (" · strict" if key[1] == "strict" else "")

    def _select(self, key) -> None:
        self.selected = key

    def _toggle_practice(self) -> None:
        self.practice = not self.practice
        self.practice_button.label = self._practice_label()

    def _practice_label(self) -> str:
        return "Show counted games" if self.practice else "Show practice games"

    def draw(self, canvas: Canvas) -> None:
        canvas.table()
        panel(canvas, (100, 40, 1400, 840), title="Solitaire statistics")
        rec = self.store.get(*self.selected, practice=self.practice)
        note = (
            "Practice games: undo could take back draws, so they are counted apart from the others."
            if self.practice
            else "Games played with Practice on (undo past draws) are counted apart: see practice games."
        )
        canvas.text(note, (800, 200), 18, theme.PAPER, anchor="center", max_width=1300)
        for w in self.widgets.widgets[1:5]:
            if w.label == self._label(self.selected):
                canvas.glow(w.rect)
        rows = [
            ("Games played", rec.played),
            ("Full wins", rec.full_wins),
            ("Partial wins", rec.partial_wins),
            ("Losses", rec.losses),
            (
                "Win rate",
                f"{100 * (rec.full_wins + rec.partial_wins) / rec.played:.0f} %" if rec.played else "–",
            ),
            ("Current win streak", rec.win_streak),
            ("Best win streak", rec.best_win_streak),
            ("Best full-win streak", rec.best_full_streak),
        ]
        y = 230
        for label, value in rows:
            canvas.text(label, (170, y), 24, theme.BUTTON_TEXT)
            canvas.text(str(value), (620, y), 24, theme.WHITE, role="sans_bold", anchor="topright")
            y += 50
        # distribution of stacks left
        canvas.text("Stacks left", (760, 230), 24, theme.GOLD, role="title_bold")
        dist = rec.stacks_left
        if not dist:
            canvas.text("No finished games yet.", (760, 290), 20, theme.PAPER)
            self.widgets.draw(canvas, self.app.mouse)
            return
        top = max(dist.values())
        keys = list(range(1, max(dist) + 1))
        bar_w = min(60, 640 / len(keys))
        base_y = 700
        for i, k in enumerate(keys):
            n = dist.get(k, 0)
            h = 380 * n / top if top else 0
            x = 770 + i * bar_w
            colour = theme.GREEN if k == 1 else theme.GOLD if k <= 3 else theme.RED
            if h:
                canvas.fill_rect(colour, (x, base_y - h, bar_w - 6, h), radius=4)
                canvas.text(str(n), (x + (bar_w - 6) / 2, base_y - h - 24), 15, theme.WHITE, anchor="midtop")
            if len(keys) <= 26 or k % 2 == 1:
                canvas.text(str(k), (x + (bar_w - 6) / 2, base_y + 6), 15, theme.PAPER, anchor="midtop")
        self.widgets.draw(canvas, self.app.mouse)
