"""Settings: window size and full screen, animation speed, reduce motion, contrast, text size, sound volume,
the coach, how many games are kept, where phone seats connect (each saved and applied at once), and
the Keys screen where the tables' keys are rebound."""

from __future__ import annotations

from babel.core.settings import ANIM_SPEEDS, CONTRASTS, TEXT_SIZES
from scenes import theme
from scenes.canvas import Canvas
from scenes.core import Screen
from scenes.launcher.keys_screen import KeysScreen
from scenes.remote.interfaces import chosen, interfaces
from scenes.widgets.basic import Button, Stepper, WidgetGroup, label_size, panel

WINDOW_SIZES = ((1024, 640), (1280, 800), (1440, 900), (1600, 900), (1920, 1080))
VOLUMES = tuple(range(0, 101, 10))
KEEP_GAMES = (5, 10, 20, 30, 50, 100)  # games kept in progress
KEEP_HISTORY = (100, 500, 1000, 5000, 10_000)  # finished games kept in the history
ROW_Y, ROW_DY = 176, 64  # the first setting's row and the step between rows
PANEL = (90, 90, 1420, 770)
STEPPER_X, STEPPER_W, STEPPER_GAP = (430, 1130), 340, 300  # each column's steppers; labels sit left
LABELS = (
    "Window size",
    "Display",
    "Animation speed",
    "Sound volume",
    "Coach",
    "Keep in progress",
    "Phones connect to",
    "Phones' port",
    "Keep finished games",
    "Reduce motion",
    "Contrast",
    "Text size",
)
# (column, row) of each setting, in the order of LABELS and of the widgets
COLUMNS = ((0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 3), (1, 4), (1, 2), (0, 4), (0, 5), (1, 5))
PHONE_PORTS = (0, 8000, 8080, 8765, 9000)
DONE_Y = 772
NOTE = (
    "Instant animations skip all motion; reduce motion keeps the pace but moves nothing: pieces "
    "appear where they land and the log says what happened. High contrast: plain dark felt, white "
    "on black, strong outlines. Text size enlarges the words of notes, dialogs, lessons, the coach, "
    "the logs and the tables' panels. The coach advises from your view only. Past the number kept, the "
    "oldest game in progress goes only after you agree; the history keeps the newest finished "
    "games. Phones join at the address chosen."
)


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
        shorter = {i.address: i.short for i in found}
        address = chosen(s.phone_address).address
        addresses = [i.address for i in found]
        ports = sorted({*PHONE_PORTS, s.phone_port})
        rows = [
            Stepper(_place(0), sizes, size, self._size, label=lambda v: f"{v[0]} x {v[1]}"),
            Stepper(
                _place(1), [False, True], s.fullscreen, self._fullscreen, label=lambda v: "Full screen" if v else "Window"
            ),
            Stepper(_place(2), list(ANIM_SPEEDS), s.anim_speed, self._speed, label=str.capitalize),
            Stepper(_place(3), list(VOLUMES), s.volume, self._volume, label=lambda v: "Off" if v == 0 else f"{v} %"),
            Stepper(_place(4), [True, False], s.coach, self._coach, label=_on_off),
            Stepper(_place(5), kept, s.keep_games, self._keep_games, label=lambda v: f"{v} games"),
            Stepper(_place(6), addresses, address, self._phone_address, label=lambda v: labels.get(v, v),
                    short=lambda v: shorter.get(v, ())),
            Stepper(
                _place(7), ports, s.phone_port, self._phone_port, label=lambda v: "Any free port" if v == 0 else str(v)
            ),
            Stepper(_place(8), history, s.keep_history, self._keep_history, label=lambda v: f"{v:,} games"),
            Stepper(_place(9), [False, True], s.reduce_motion, self._reduce_motion, label=_on_off),
            Stepper(_place(10), list(CONTRASTS), s.contrast, self._contrast, label=str.capitalize),
            Stepper(_place(11), list(TEXT_SIZES), s.text_size, self._text_size, label=lambda v: f"{v} %"),
        ]
        keys = Button((theme.LOGICAL_W / 2 - 330, DONE_Y, 300, 56), "Keys…", self._keys)
        done = Button((theme.LOGICAL_W / 2 + 30, DONE_Y, 300, 56), "Done", self.dismiss, primary=True)
        self.widgets = WidgetGroup([*rows, keys, done])
        # Tab goes down the first column, then the second (the rows are built in LABELS' order)
        self.widgets.focus.order = lambda w: (w.rect.y >= DONE_Y, w.rect.x, w.rect.y)

    def update(self, dt: float) -> None:
        """F11 switches full screen with this screen open: the Display row follows it."""
        display = self.widgets.widgets[1] if len(self.widgets.widgets) > 1 else None
        if isinstance(display, Stepper) and display.value != self.app.settings.fullscreen:
            display.value = self.app.settings.fullscreen

    def _keys(self) -> None:
        self.app.push(KeysScreen())

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

    def _reduce_motion(self, v) -> None:
        self.app.apply_settings(self.app.settings.with_(reduce_motion=v))

    def _contrast(self, v) -> None:
        self.app.apply_settings(self.app.settings.with_(contrast=v))

    def _text_size(self, v) -> None:
        self.app.apply_settings(self.app.settings.with_(text_size=v))

    def _volume(self, v) -> None:
        self.app.apply_settings(self.app.settings.with_(volume=v))
        self.app.sound.play("click")

    def draw(self, canvas: Canvas) -> None:
        canvas.table()
        panel(canvas, PANEL, title="Settings")
        for i, label in enumerate(LABELS):
            x, y = _place(i)[:2]
            size = label_size(canvas, label, 24, STEPPER_GAP - 24, ROW_DY)
            canvas.text(label, (x - STEPPER_GAP, y + 25), size, theme.BUTTON_TEXT, anchor="midleft")
        top = ROW_Y + 6 * ROW_DY + 4
        size = canvas.ts(17)  # at a larger text size the note grows as far as its room allows
        while size > 17 and len(canvas.wrap(NOTE, size, 1240)) * size * 1.3 > DONE_Y - 8 - top:
            size -= 1
        canvas.paragraph(NOTE, (theme.LOGICAL_W / 2, top), size, theme.SOFT_TEXT, 1240, 8, anchor="midtop")
        self.widgets.draw(canvas, self.app.mouse)


def _on_off(v: bool) -> str:
    return "On" if v else "Off"


def _place(i: int) -> tuple[float, float, float, float]:
    """The stepper of row ``i`` (in LABELS' order): the first column holds the look and sound,
    the second how games are kept and where phones connect."""
    column, row = COLUMNS[i]
    return (STEPPER_X[column], ROW_Y + ROW_DY * row, STEPPER_W, 50)
