"""Settings: window size and full screen, animation speed, sound volume (saved at once)."""

from __future__ import annotations

from babel.core.settings import ANIM_SPEEDS
from scenes import theme
from scenes.canvas import Canvas
from scenes.core import Screen
from scenes.widgets.basic import Button, Stepper, WidgetGroup, panel

WINDOW_SIZES = ((1024, 640), (1280, 800), (1440, 900), (1600, 900), (1920, 1080))
VOLUMES = tuple(range(0, 101, 10))


class SettingsScene(Screen):
    def __init__(self) -> None:
        self.widgets = WidgetGroup()

    def enter(self) -> None:
        s = self.app.settings
        size = (s.window_w, s.window_h)
        sizes = list(WINDOW_SIZES) if size in WINDOW_SIZES else [size, *WINDOW_SIZES]
        x = 820
        self.widgets = WidgetGroup(
            [
                Stepper((x, 250, 400, 50), sizes, size, self._size, label=lambda v: f"{v[0]} x {v[1]}"),
                Stepper(
                    (x, 330, 400, 50),
                    [False, True],
                    s.fullscreen,
                    self._fullscreen,
                    label=lambda v: "Full screen" if v else "Window",
                ),
                Stepper(
                    (x, 410, 400, 50), list(ANIM_SPEEDS), s.anim_speed, self._speed, label=str.capitalize
                ),
                Stepper(
                    (x, 490, 400, 50),
                    list(VOLUMES),
                    s.volume,
                    self._volume,
                    label=lambda v: "Off" if v == 0 else f"{v} %",
                ),
                Stepper(
                    (x, 570, 400, 50),
                    [True, False],
                    s.coach,
                    self._coach,
                    label=lambda v: "On" if v else "Off",
                ),
                Button((theme.LOGICAL_W / 2 - 150, 700, 300, 60), "Done", self.dismiss, primary=True),
            ]
        )

    def _size(self, v) -> None:
        self.app.apply_settings(self.app.settings.with_(window_w=v[0], window_h=v[1]))

    def _fullscreen(self, v) -> None:
        self.app.apply_settings(self.app.settings.with_(fullscreen=v))

    def _speed(self, v) -> None:
        self.app.apply_settings(self.app.settings.with_(anim_speed=v))

    def _coach(self, v) -> None:
        self.app.apply_settings(self.app.settings.with_(coach=v))

    def _volume(self, v) -> None:
        self.app.apply_settings(self.app.settings.with_(volume=v))
        self.app.sound.play("click")

    def draw(self, canvas: Canvas) -> None:
        canvas.table()
        panel(canvas, (360, 100, 880, 700), title="Settings")
        labels = ("Window size", "Display", "Animation speed", "Sound volume", "Coach")
        for i, label in enumerate(labels):
            canvas.text(label, (420, 275 + 80 * i), 26, theme.BUTTON_TEXT, anchor="midleft")
        canvas.paragraph(
            "Instant animations skip all motion; rules never wait for them. The coach says what the "
            "strongest bot would do, from your own view only.",
            (800, 636),
            17,
            (200, 185, 160),
            760,
            2,
            anchor="midtop",
        )
        self.widgets.draw(canvas, self.app.mouse)
