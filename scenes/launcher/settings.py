"""Settings: window size and full screen, animation speed, sound volume, the coach, how many
games in progress are kept, where phone seats connect (each saved at once)."""

from __future__ import annotations

from babel.core.settings import ANIM_SPEEDS
from scenes import theme
from scenes.canvas import Canvas
from scenes.core import Screen
from scenes.remote.interfaces import chosen, interfaces
from scenes.widgets.basic import Button, Stepper, WidgetGroup, panel

WINDOW_SIZES = ((1024, 640), (1280, 800), (1440, 900), (1600, 900), (1920, 1080))
VOLUMES = tuple(range(0, 101, 10))
KEEP_GAMES = (5, 10, 20, 30, 50, 100)  # games kept in progress
KEEP_HISTORY = (100, 500, 1000, 5000, 10_000)  # finished games kept in the history
ROW_Y, ROW_DY = 170, 56  # the first setting's row and the step between rows
PHONE_PORTS = (0, 8000, 8080, 8765, 9000)


class SettingsScene(Screen):
    def __init__(self) -> None:
        self.widgets = WidgetGroup()

    def enter(self) -> None:
        s = self.app.settings
        size = (s.window_w, s.window_h)
        sizes = list(WINDOW_SIZES) if size in WINDOW_SIZES else [size, *WINDOW_SIZES]
        kept = sorted({*KEEP_GAMES, s.keep_games})
        history = sorted({*KEEP_HISTORY, s.keep_history})
        found = interfaces()  # read once per visit: the network may have changed since
        labels = {i.address: i.label for i in found}
        address = chosen(s.phone_address).address
        addresses = [i.address for i in found]
        ports = sorted({*PHONE_PORTS, s.phone_port})
        x = 820
        self.widgets = WidgetGroup(
            [
                Stepper((x, ROW_Y, 400, 50), sizes, size, self._size, label=lambda v: f"{v[0]} x {v[1]}"),
                Stepper(
                    (x, ROW_Y + ROW_DY, 400, 50),
                    [False, True],
                    s.fullscreen,
                    self._fullscreen,
                    label=lambda v: "Full screen" if v else "Window",
                ),
                Stepper(
                    (x, ROW_Y + 2 * ROW_DY, 400, 50),
                    list(ANIM_SPEEDS),
                    s.anim_speed,
                    self._speed,
                    label=str.capitalize,
                ),
                Stepper(
                    (x, ROW_Y + 3 * ROW_DY, 400, 50),
                    list(VOLUMES),
                    s.volume,
                    self._volume,
                    label=lambda v: "Off" if v == 0 else f"{v} %",
                ),
                Stepper(
                    (x, ROW_Y + 4 * ROW_DY, 400, 50),
                    [True, False],
                    s.coach,
                    self._coach,
                    label=lambda v: "On" if v else "Off",
                ),
                Stepper(
                    (x, ROW_Y + 5 * ROW_DY, 400, 50),
                    kept,
                    s.keep_games,
                    self._keep_games,
                    label=lambda v: f"{v} games",
                ),
                Stepper(
                    (x, ROW_Y + 6 * ROW_DY, 400, 50),
                    addresses,
                    address,
                    self._phone_address,
                    label=lambda v: labels.get(v, v),
                ),
                Stepper(
                    (x, ROW_Y + 7 * ROW_DY, 400, 50),
                    ports,
                    s.phone_port,
                    self._phone_port,
                    label=lambda v: "Any free port" if v == 0 else str(v),
                ),
                Stepper(
                    (x, ROW_Y + 8 * ROW_DY, 400, 50),
                    history,
                    s.keep_history,
                    self._keep_history,
                    label=lambda v: f"{v:,} games",
                ),
                Button((theme.LOGICAL_W / 2 - 150, 772, 300, 56), "Done", self.dismiss, primary=True),
            ]
        )

    def update(self, dt: float) -> None:
        """F11 switches full screen with this screen open: the Display row follows it."""
        display = self.widgets.widgets[1] if len(self.widgets.widgets) > 1 else None
        if isinstance(display, Stepper) and display.value != self.app.settings.fullscreen:
            display.value = self.app.settings.fullscreen

    def _size(self, v) -> None:
        self.app.apply_settings(self.app.settings.with_(window_w=v[0], window_h=v[1]))

    def _fullscreen(self, v) -> None:
        self.app.apply_settings(self.app.settings.with_(fullscreen=v))

    def _speed(self, v) -> None:
        self.app.apply_settings(self.app.settings.with_(anim_speed=v))

    def _coach(self, v) -> None:
        self.app.apply_settings(self.app.settings.with_(coach=v))

    def _keep_games(self, v) -> None:
        self.app.apply_settings(self.app.settings.with_(keep_games=v))

    def _keep_history(self, v) -> None:
        self.app.apply_settings(self.app.settings.with_(keep_history=v))

    def _phone_address(self, v) -> None:
        self.app.apply_settings(self.app.settings.with_(phone_address=v))

    def _phone_port(self, v) -> None:
        self.app.apply_settings(self.app.settings.with_(phone_port=v))

    def _volume(self, v) -> None:
        self.app.apply_settings(self.app.settings.with_(volume=v))
        self.app.sound.play("click")

    def draw(self, canvas: Canvas) -> None:
        canvas.table()
        panel(canvas, (360, 90, 880, 770), title="Settings")
        labels = (
            "Window size",
            "Display",
            "Animation speed",
            "Sound volume",
            "Coach",
            "Keep in progress",
            "Phones connect to",
            "Phones' port",
            "Keep finished games",
        )
        for i, label in enumerate(labels):
            canvas.text(label, (420, ROW_Y + 25 + ROW_DY * i), 26, theme.BUTTON_TEXT, anchor="midleft")
        canvas.paragraph(
            "Instant animations skip all motion. The coach advises from your view only. Past the "
            "number kept, the oldest game in progress goes only after you agree; the history keeps "
            "the newest finished games. Phones join at the address chosen.",
            (800, ROW_Y + 9 * ROW_DY - 2),
            17,
            (200, 185, 160),
            760,
            4,
            anchor="midtop",
        )
        self.widgets.draw(canvas, self.app.mouse)
