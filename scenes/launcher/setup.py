"""Seat setup: number of players, each seat human or bot (with strength), names, game options."""

from __future__ import annotations

import pygame

from babel.core import registry
from babel.core.match import Match, Seat
from babel.core.names import DEFAULT_NAMES, clean_name, distinct_names, repeated_name
from babel.core.protocol import ConfigError, Rules
from babel.core.saves import SaveStore
from babel.core.setup_memory import remember
from scenes import seat_colours, theme
from scenes.canvas import Canvas
from scenes.core import Screen, new_seed
from scenes.kept_games import start_new
from scenes.launcher.setup_extensions import (
    dynamic_choices,
    extension_for,
    offered_options,
    option_help,
    seat_options,
)
from scenes.widgets.basic import Button, Stepper, TextInput, WidgetGroup, panel
from scenes.widgets.swatch import ColourSwatch

HUMAN = "human"
PHONE = "phone"  # a person who plays this seat on a phone of their own (games with secrets)
ROW_H = 58
HELP_TEXT = (214, 200, 176)  # the colour of small help text on the dark panels
SEATS_TOP, SEATS_BOTTOM = 270, 736  # the seat rows' band inside the players panel
OPTIONS_TOP = 245  # the first option's label
OPTIONS_PANEL_BOTTOM = 740  # the options panel's inside bottom edge
OPTION_HELP_SIZE, OPTION_HELP_LEADING, OPTION_HELP_LINES = 14, 1.35, 4
OPTION_WIDGET_DY, OPTION_HELP_DY, OPTION_GAP = 30, 84, 18  # label -> widget -> help -> next label


def _numeric(opt) -> bool:
    """Options with a huge numeric range (deal numbers) are typed in rather than stepped."""
    return isinstance(opt.choices, range) and opt.choices.stop - opt.choices.start > 100


def option_label(value) -> str:
    """How an option value reads on a stepper: On/Off for switches, words for keys."""
    if isinstance(value, bool):
        return "On" if value else "Off"
    return str(value).replace("_", " ").capitalize()


class SetupScene(Screen):
    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.rules_game = rules.info.id
        info = rules.info
        self.players = info.default_players or min(max(info.min_players, 3), info.max_players)
        self.names = list(DEFAULT_NAMES)
        self.roster = registry.bots(info.id)
        best = self.roster.strongest
        self.kinds = [HUMAN] + [best] * 9
        self.colours = list(seat_colours.chosen_indices(info.id, [None] * len(DEFAULT_NAMES)))
        self.options = {o.key: o.default for o in info.options}
        self.widgets = WidgetGroup()

    def level_label(self, level: str) -> str:
        """'Human', or 'Bot: ' and the level's name as the game's bots call it (an older id
        reads as the level it became)."""
        if level == PHONE:
            return "On a phone"
        return "Human" if level == HUMAN else f"Bot: {self.roster.name(level).lower()}"

    def enter(self) -> None:
        last = self.app.settings.last_names
        for i, name in enumerate(last[: len(self.names)]):
            if name:
                self.names[i] = name
        self._recall(self.app.settings.setups.get(self.rules.info.id))
        # remembered names are untrusted and may repeat: each seat gets a distinct visible name
        self.names = distinct_names(self.names, DEFAULT_NAMES)
        self._build()

    def _levels(self) -> list[str]:
        """What a seat may be: a person here, a person on a phone (games with secrets: a game
        without them has no hand to hold), or one of the bot levels offered."""
        phones = [PHONE] if self.rules.info.has_secrets else []
        return [HUMAN, *phones, *self.roster.offered]

    def _recall(self, memory: object) -> None:
        """This game's setup as it was last started (from the settings, so untrusted): a player
        count the game does not allow or a seat kind it does not offer is ignored (an older bot
        level id reads as the level it became)."""
        if not isinstance(memory, dict):
            return
        info = self.rules.info
        if memory.get("players") in info.player_counts:
            self.players = memory["players"]
        seats = [seat for seat in memory.get("seats", ()) if isinstance(seat, dict)][: len(self.names)]
        levels = self._levels()
        for i, seat in enumerate(seats):
            kind, level = seat.get("kind"), self.roster.level(seat.get("kind"))
            kind = level.id if kind not in (HUMAN, PHONE) and level is not None else kind
            if kind in levels and info.max_players > 1:
                self.kinds[i] = kind
            if isinstance(seat.get("name"), str) and clean_name(seat["name"]):
                self.names[i] = seat["name"]
        if seats:
            self.colours = self._recalled_colours([seat.get("colour") for seat in seats])

    def _recalled_colours(self, remembered: list) -> list[int]:
        """Each seat's remembered colour where it is one of the palette's and no earlier seat has
        it; the other seats get the looks nobody remembered, in order."""
        game = self.rules.info.id
        size = len(seat_colours.palette(game))
        kept: list[int | None] = []
        for colour in remembered + [None] * (len(self.names) - len(remembered)):
            ok = type(colour) is int and 0 <= colour < size and colour not in kept
            kept.append(colour if ok else None)
        free = [i for i in range(size) if i not in kept]
        filled = [c if c is not None else (free.pop(0) if free else None) for c in kept]
        return list(seat_colours.chosen_indices(game, filled))

    def resume(self, result=None) -> None:
        self._build()  # a screen opened from here may have changed a game's dynamic choices

    def _build(self) -> None:
        info = self.rules.info
        extension = extension_for(info.id)
        w = WidgetGroup().keep_focus(self.widgets)  # a rebuild (more players, an option) keeps it
        x0 = 140
        if info.min_players != info.max_players:
            w.add(
                Stepper(
                    (x0 + 230, 180, 220, 48),
                    list(info.player_counts),
                    self.players,
                    self._set_players,
                    label=lambda n: f"{n} players",
                )
            )
        levels = self._levels()
        y = SEATS_TOP
        row_h, h = self._rows()
        for seat in range(self.players):
            w.add(self._swatch(seat, (x0 + 2, y, 44, h)))
            w.add(TextInput((x0 + 60, y, 300, h), self.names[seat], lambda t, s=seat: self._set_name(s, t)))
            if info.max_players > 1:
                w.add(
                    Stepper(
                        (x0 + 380, y, 300, h),
                        levels,
                        self.kinds[seat],
                        lambda v, s=seat: self._set_kind(s, v),
                        label=self.level_label,
                    )
                )
            y += row_h
        self._built_scale = (self.app.canvas.scale, theme.TEXT_SCALE)
        for opt, oy, lines in self._option_rows(self.app.canvas):
            if _numeric(opt):
                value = self.options[opt.key]
                w.add(
                    TextInput(
                        (1060, oy + OPTION_WIDGET_DY, 400, 46),
                        "" if value == opt.default else str(value),
                        lambda t, o=opt: self._set_number(o, t),
                        max_len=18,
                        placeholder="random",
                    )
                ).tooltip = self._whole(opt, lines)
            else:
                choices, label = list(opt.choices), option_label
                dynamic = dynamic_choices(info.id, opt.key)
                if dynamic:
                    labels = dict(dynamic)  # a game's choices, read now (they may change)
                    choices, label = list(labels), lambda v, d=labels: d.get(v, str(v))
                    if self.options[opt.key] not in labels:
                        self.options[opt.key] = opt.default if opt.default in labels else choices[0]
                w.add(
                    Stepper(
                        (1060, oy + OPTION_WIDGET_DY, 400, 46),
                        choices,
                        self.options[opt.key],
                        lambda v, k=opt.key: self._set_option(k, v),
                        label=label,
                        short=lambda v, f=label: _fewer_words(f(v)),
                    )
                ).tooltip = self._whole(opt, lines)
        by = 750 - 20
        for text, callback in extension.buttons if extension else ():
            by -= 56
            w.add(Button((1060, by, 400, 48), text, lambda c=callback: c(self), size=22))
        w.add(
            Button(
                (1060, 780, 400, 64), "Start game", self.start, hotkey=pygame.K_RETURN, primary=True, size=26
            )
        )
        w.add(Button((140, 780, 200, 64), "Back", self.dismiss))
        w.add(Button((360, 780, 200, 64), "Rules", self._rules))
        from scenes.tutorials import has_lesson, start_lesson

        if has_lesson(info.id):
            w.add(Button((580, 780, 240, 64), "Learn to play", lambda: start_lesson(self.app, info.id)))
        w.focus.order = lambda b: (b.rect.y >= 780, b.rect.x if b.rect.y >= 780 else 0)  # the last row left to right
        self.widgets = w

    def _option_rows(self, canvas: Canvas) -> list[tuple]:
        """Each option with the logical y of its label and its help wrapped at the canvas's
        scale: the next label starts below the whole help, so no help text runs into it."""
        size = self._help_size(canvas)
        helps = self._helps(canvas, size)
        heights = [OPTION_HELP_DY + len(lines) * size * OPTION_HELP_LEADING for _, lines in helps]
        # many options close up the gaps between them so the last help stays inside the panel
        room = OPTIONS_PANEL_BOTTOM - OPTIONS_TOP - sum(heights)
        gap = min(OPTION_GAP, max(2.0, room / max(1, len(helps) - 1)))
        out, oy = [], OPTIONS_TOP
        for (opt, lines), height in zip(helps, heights):
            out.append((opt, oy, lines))
            oy += height + gap
        return out

    def _helps(self, canvas: Canvas, size: float) -> list[tuple]:
        """Each option with its help's lines at ``size`` (more lines for larger words); where the
        helps at the smallest size do not fit the panel, each keeps fewer lines (down to one, the
        cut one ending in "…": its control's hover note says it whole)."""
        wrapped = [(opt, canvas.wrap(self._help(opt), size, 400) if self._help(opt) else []) for opt in self._offered()]
        room = OPTIONS_PANEL_BOTTOM - OPTIONS_TOP - 2 * max(0, len(wrapped) - 1)
        most = round(OPTION_HELP_LINES * size / OPTION_HELP_SIZE)
        while most > 1 and sum(OPTION_HELP_DY + min(len(x), most) * size * OPTION_HELP_LEADING for _, x in wrapped) > room:
            most -= 1
        return [(opt, _cut(canvas, lines, most, size)) for opt, lines in wrapped]

    def _whole(self, opt, lines: list[str]) -> str:
        """An option's help whole, for its control's hover note, where the panel shows it cut."""
        return self._help(opt) if lines and lines[-1].endswith("…") else ""

    def _offered(self) -> list:
        return offered_options(self.rules.info.id, self.rules.info.options)

    def _help_size(self, canvas: Canvas) -> float:
        """The options' help size: grown with the text size as far as the panel's room allows."""
        size = canvas.ts(OPTION_HELP_SIZE)
        room = OPTIONS_PANEL_BOTTOM - OPTIONS_TOP - 2 * max(0, len(self._offered()) - 1)
        while size > max(OPTION_HELP_SIZE, canvas.least):  # never under the 16-px floor
            helps = self._helps(canvas, size)
            if sum(OPTION_HELP_DY + len(lines) * size * OPTION_HELP_LEADING for _, lines in helps) <= room:
                break
            size -= 1
        return size

    def _options_bottom(self, canvas: Canvas) -> float:
        rows = self._option_rows(canvas)
        if not rows:
            return OPTIONS_TOP
        _, oy, lines = rows[-1]
        return oy + OPTION_HELP_DY + len(lines) * self._help_size(canvas) * OPTION_HELP_LEADING

    def _swatch(self, seat: int, rect) -> ColourSwatch:
        """The seat's colour cube; where the game lets players choose, a click changes it."""
        game = self.rules.info.id
        choosable = seat_colours.choosable(game) and self.players > 1

        def look() -> tuple:
            return seat_colours.palette(game)[self.colours[seat] % len(seat_colours.palette(game))]

        return ColourSwatch(rect, look, (lambda: self._next_colour(seat)) if choosable else None)

    def _next_colour(self, seat: int) -> None:
        """The next colour of the palette; a colour another seat has is swapped with it, so
        seats never share one."""
        size = len(seat_colours.palette(self.rules.info.id))
        new = (self.colours[seat] + 1) % size
        if new in self.colours[: self.players]:
            other = self.colours.index(new)
            self.colours[other] = self.colours[seat]
        self.colours[seat] = new

    def _rows(self) -> tuple[float, float]:
        """Row pitch and widget height of the seat list: up to eight rows at full height, more
        (Babel Builders seats ten) squeezed to fit the panel."""
        row_h = min(ROW_H, (SEATS_BOTTOM - SEATS_TOP) / self.players)
        return row_h, min(46, row_h - 6)

    @staticmethod
    def _paragraph(canvas: Canvas, text: str, pos, size: float, width: float, lines: int) -> float:
        """Wrapped small help text; returns the logical y below it."""
        return canvas.paragraph(text, pos, size, HELP_TEXT, width, max_lines=lines, leading=1.35)

    def _rules(self) -> None:
        from scenes.launcher.rules_viewer import RulesViewer

        self.app.push(RulesViewer(self.rules.info.id))

    def _set_players(self, n: int) -> None:
        self.players = n
        self._build()

    def _set_name(self, seat: int, text: str) -> None:
        self.names[seat] = text

    def _set_kind(self, seat: int, kind: str) -> None:
        self.kinds[seat] = kind

    def _help(self, opt) -> str:
        """The help under an option, for the value chosen now."""
        return option_help(self.rules.info.id, opt, self.options.get(opt.key, opt.default))

    def _set_option(self, key: str, value) -> None:
        opt = next(o for o in self.rules.info.options if o.key == key)
        before = self._help(opt)
        self.options[key] = value
        if self._help(opt) != before:
            self._build()  # the help now says what this value does, and may wrap to more lines

    def _set_number(self, opt, text: str) -> None:
        """A numeric option typed in; empty or out of range means the option's default."""
        digits = "".join(c for c in text if c.isdigit())
        value = int(digits) if digits else opt.default
        self.options[opt.key] = value if value in opt.choices else opt.default

    def seats(self) -> list[Seat]:
        """The seats as typed; an empty or invisible name becomes a default name nobody uses."""
        typed = [clean_name(self.names[i]) for i in range(self.players)]
        spare = [n for n in DEFAULT_NAMES if n.casefold() not in {t.casefold() for t in typed}]
        out = []
        for i, name in enumerate(typed):
            kind = self.kinds[i]
            colour = self.colours[i] if seat_colours.choosable(self.rules.info.id) else None
            bot = None if kind in (HUMAN, PHONE) else kind
            out.append(Seat(name or spare.pop(0), bot, colour, device=kind == PHONE))
        return out

    def start(self) -> None:
        from scenes.tables import table_for

        seats = self.seats()
        twice = repeated_name([s.name for s in seats])
        if twice is not None:
            self.app.toast(f"Two players are called {twice}: each player needs a different name")
            return
        try:
            options = {**self.options, **seat_options(self.rules.info.id, seats)}
            config = self.rules.make_config(self.players, **options)
        except ConfigError as exc:
            self.app.toast(str(exc)[:1].upper() + str(exc)[1:])
            return
        remembered = [s.name for s in seats] + self.names[self.players :]

        def begin() -> None:
            match = Match(self.rules, config, new_seed(), seats)
            names = distinct_names(remembered, DEFAULT_NAMES)
            setups = remember(
                self.app.settings.setups, self.rules.info.id, self.players, self.kinds, names, self.colours
            )
            self.app.apply_settings(self.app.settings.with_(last_names=tuple(names), setups=setups))
            # a store of its own: the new game gets its own file, the ones in progress stay
            self.app.replace(table_for(self.rules.info.id)(match, SaveStore()))

        start_new(self.app, begin)

    def draw(self, canvas: Canvas) -> None:
        canvas.table()
        info = self.rules.info
        canvas.text(info.title, (140, 50), 64, theme.GOLD, role="title_bold", max_width=1300)
        blurb = canvas.fit(info.blurb, 22, 1300, "italic", most=26)
        canvas.text(info.blurb, (144, 130), blurb, theme.PAPER, role="italic", max_width=1300)
        panel(canvas, (110, 160, 860, 590))
        canvas.text("Players", (140, 190), 28, theme.GOLD, role="title_bold")
        if info.min_players == info.max_players:
            canvas.text(
                "1 player" if info.max_players == 1 else f"{info.max_players} players",
                (370, 196),
                max(canvas.least, min(canvas.ts(22), 30)),
                theme.WHITE,
            )
        if seat_colours.choosable(info.id) and self.players > 1:
            cube = "Click a cube to change its colour"  # between the heading and the first seat row
            canvas.text(cube, (146, 234), canvas.fit(cube, 15, 780, most=24), HELP_TEXT)
        panel(canvas, (1030, 160, 460, 590))
        if self._offered():
            canvas.text("Options", (1060, 190), 28, theme.GOLD, role="title_bold")
            built = getattr(self, "_built_scale", (canvas.scale, theme.TEXT_SCALE))
            if built != (canvas.scale, theme.TEXT_SCALE):
                self._build()  # the window or the text size changed: help wraps differently, rows move
            size = self._help_size(canvas)
            for opt, oy, lines in self._option_rows(canvas):
                # on its control, growing upwards into the gap above it
                label = canvas.fit(opt.label, 20, 400, most=26)
                bottom = (1060, oy + OPTION_WIDGET_DY - 3)
                canvas.text(opt.label, bottom, label, theme.BUTTON_TEXT, anchor="bottomleft", max_width=400)
                y = oy + OPTION_HELP_DY
                for line in lines:
                    canvas.text(line, (1060, y), size, HELP_TEXT, max_width=400)
                    y += size * OPTION_HELP_LEADING
            extension = extension_for(info.id)
            if extension is not None and extension.draw_preview is not None:
                top, bottom = self._options_bottom(canvas) + 26, 730 - 56 * len(extension.buttons) - 10
                if bottom - top >= 120:  # a preview of the chosen options, if there is room
                    extension.draw_preview(canvas, dict(self.options), (1060, top, 400, bottom - top))
        else:
            canvas.text("At the table", (1060, 190), 28, theme.GOLD, role="title_bold")
            self._at_the_table(canvas)
        self.widgets.draw(canvas, self.app.mouse)
        self._mark_repeated_names(canvas)

    def _at_the_table(self, canvas: Canvas) -> None:
        """The bots' levels and how a table is shared, in the right panel of a game without
        options; at a larger text size the words are as large as the panel's room allows."""
        notes = [f"{self.level_label(level)}: {self.roster.level(level).blurb}" for level in self.roster.offered]
        notes.append("")  # a wider gap between the levels and the rest
        notes.append("Several humans share one screen: a curtain hands it over before every secret choice.")
        if self.rules.info.has_secrets:
            notes.append("A human on a phone holds their hand in its browser: the table shows a code to scan.")
        notes.append("F1 shows the rules at any time; Esc opens the game menu.")

        def height(size: float) -> float:
            wrapped = [len(canvas.wrap(n, size, 400)[: self._lines(size)]) for n in notes if n]
            return sum(n * size * 1.35 + 12 for n in wrapped) + 10

        size = canvas.ts(17)
        while size > max(17, canvas.least) and 250 + height(size) > OPTIONS_PANEL_BOTTOM:
            size -= 1
        while len(notes) > 2 and 250 + height(size) > OPTIONS_PANEL_BOTTOM:
            notes.pop()  # at the smallest size, the last notes go first (F1 and Esc are on the menu's key line)
        y = 250
        for note in notes:
            if not note:
                y += 10
                continue
            y = self._paragraph(canvas, note, (1060, y), size, 400, self._lines(size)) + 12

    @staticmethod
    def _lines(size: float) -> int:
        return round(3 * size / 17)

    def _mark_repeated_names(self, canvas: Canvas) -> None:
        """Outline the name fields of seats that share a name, so Start game's refusal shows where."""
        keys = [clean_name(n).casefold() for n in self.names[: self.players]]
        row_h, h = self._rows()
        for seat, key in enumerate(keys):
            if key and keys.count(key) > 1:
                rect = (140 + 60 - 3, SEATS_TOP + seat * row_h - 3, 306, h + 6)
                canvas.fill_rect(theme.RED, rect, radius=10, width=3)


def _cut(canvas: Canvas, lines: list[str], most: int, size: float) -> list[str]:
    """The first ``most`` of a help's lines, the last ending in "…" (whole words, within the
    panel's 400 units) where some were left out."""
    if len(lines) <= most:
        return lines
    last = lines[most - 1].rstrip(" .,;:")
    while " " in last and canvas.text_size(last + "…", size)[0] > 400:
        last = last.rsplit(" ", 1)[0].rstrip(" .,;:")
    return [*lines[: most - 1], last + "…"]


def _fewer_words(label: str) -> tuple[str, ...]:
    """An option's value in fewer words for a small window, its last words left out one by one
    ("Random printed blueprint": "Random printed", "Random")."""
    words, out = label.split(), []
    while len(words) > 1:
        words = words[:-1]
        out.append(" ".join(words).rstrip(" .,;:"))
    return tuple(out)
