"""Saved games: load, delete; unusable files are listed with the reason, never a traceback."""

from __future__ import annotations

import datetime

from babel.core import registry, saves
from babel.core.names import clean_label
from scenes import theme, wording
from scenes.canvas import Canvas
from scenes.core import App, Screen
from scenes.widgets.basic import Button, WidgetGroup, fitted_size, panel

ROW_H = 70
PAGE = 8


def open_record(app: App, record: saves.SaveRecord, slot=None) -> bool:
    """Replay a save and open its table; a bad save shows its message as a toast. ``slot``: the
    file of a game in progress being resumed (it goes on being kept there); a named save opens
    as a new game in progress, the save itself left as it is."""
    from scenes.tables import table_for

    if record.over:  # a finished game (an exported one, say) opens as its replay
        from scenes.replay import ReplayScene

        app.push(ReplayScene(record, perspective=None))
        return True
    try:
        match = saves.restore(record)
        factory = table_for(record.game)
    except saves.SaveError as exc:
        app.toast(str(exc)[:1].upper() + str(exc)[1:])
        return False
    except KeyError:
        app.toast(f"This build has no table for '{record.game}'")
        return False
    app.push(factory(match, saves.SaveStore(slot=slot)))
    if record.rules_version != match.rules.info.rules_version:  # an older game going on (saves.continues)
        app.toast(saves.older_words(record, match.rules))
    return True


def _when(mtime: float) -> str:
    """A file's time for the list (a file dated outside the calendar shows a dash)."""
    try:
        return datetime.datetime.fromtimestamp(mtime).strftime("%d %b %Y %H:%M")
    except (OverflowError, OSError, ValueError):
        return "–"


def delete_words(entry: saves.SaveEntry) -> str:
    """What deleting a saved game loses, for the question Delete asks first."""
    shown = entry.title if len(entry.title) <= 40 else entry.title[:39] + "…"
    rec = entry.record
    if rec is None:
        return f"'{shown}' cannot be opened; deleting it removes the file for good."
    moves = f"{len(rec.actions)} move{'s' if len(rec.actions) != 1 else ''}"
    try:
        game = registry.get(rec.game).info.title
    except registry.UnknownGame:
        game = rec.game
    if rec.over:
        return f"'{shown}' is a finished game ({game}, {moves}). Deleting it removes it for good."
    unfinished = f"'{shown}' is an unfinished game ({game}, {moves} in)."
    return f"{unfinished} Once deleted, it cannot be continued from this save."


class SavedGames(Screen):
    TITLE = "Saved games"
    EMPTY = (
        "No saved games yet. Games save themselves after every move;",
        "use Save in the game menu (Esc) to keep a named copy.",
    )

    def __init__(self) -> None:
        self.store = saves.SaveStore()
        self.entries: list[saves.SaveEntry] = []
        self.page = 0
        self.widgets = WidgetGroup()

    def enter(self) -> None:
        self._reload()

    def resume(self, result=None) -> None:
        self._reload()

    def load_entries(self) -> list[saves.SaveEntry]:
        """The rows: every file of the save folder, each replayed before it is offered (one
        that does not replay is set aside, and a toast says so)."""
        notices: list[str] = []
        entries = self.store.entries(notices)
        for notice in notices:
            self.app.toast(notice)
        return entries

    def _reload(self) -> None:
        self.entries = self.load_entries()
        self.page = min(self.page, max(0, (len(self.entries) - 1) // PAGE))
        w = WidgetGroup().keep_focus(self.widgets)
        y = 200
        for entry in self.entries[self.page * PAGE : (self.page + 1) * PAGE]:
            if entry.record is not None:
                w.add(
                    Button(
                        (1040, y + 8, 150, 48), "Open", lambda e=entry: self._open(e), primary=True, size=20
                    )
                )
            w.add(Button((1210, y + 8, 150, 48), "Delete", lambda e=entry: self._delete(e), size=20))
            y += ROW_H
        if self.page > 0:
            w.add(Button((240, 780, 160, 56), "Previous", lambda: self._turn(-1)))
        if (self.page + 1) * PAGE < len(self.entries):
            w.add(Button((1200, 780, 160, 56), "Next", lambda: self._turn(1)))
        w.add(Button((theme.LOGICAL_W / 2 - 130, 780, 260, 56), "Back", self.dismiss))
        self.widgets = w

    def _turn(self, d: int) -> None:
        self.page += d
        self._reload()

    def _open(self, entry: saves.SaveEntry) -> None:
        if entry.record is not None and open_record(self.app, entry.record):
            return
        self._reload()

    def _delete(self, entry: saves.SaveEntry) -> None:
        """Delete asks first, naming the save and what goes with it."""
        from scenes.widgets.confirm import ConfirmDialog

        words = delete_words(entry)
        self.app.push(
            ConfirmDialog(
                "Delete this saved game?", words, "Delete", lambda: self._delete_now(entry), no="Keep"
            )
        )

    def _delete_now(self, entry: saves.SaveEntry) -> None:
        try:
            self.store.delete(entry.path)
        except saves.SaveError as exc:
            self.app.toast(str(exc)[:1].upper() + str(exc)[1:])
        else:
            self.app.toast(f"Deleted {entry.name}")
        self._reload()

    def draw(self, canvas: Canvas) -> None:
        canvas.table()
        panel(canvas, (200, 60, 1200, 800), title=self.TITLE)
        if not self.entries:
            size = min(canvas.fit(line, 24, 1140) for line in self.EMPTY)  # the text size, within the panel
            for i, line in enumerate(self.EMPTY):
                canvas.text(line, (800, 330 + max(40, size * 1.5) * i), size, theme.WHITE, anchor="center")
        y = 200
        for entry in self.entries[self.page * PAGE : (self.page + 1) * PAGE]:
            canvas.fill_rect((0, 0, 0, 50), (240, y, 1140, ROW_H - 6), radius=10)
            when = _when(entry.mtime)
            if entry.record is not None:
                rec = entry.record
                try:
                    title = registry.get(rec.game).info.title
                except registry.UnknownGame:
                    title = rec.game
                status = "finished" if rec.over else wording.count(len(rec.actions), "move")
                names = ", ".join(clean_label(s.name[:100]) or "?" for s in rec.seats[:12])
                # the game's title always shows (a long label gives way to it), but a save named
                # after its game ("Babel On! 2026-...") does not repeat it
                game = "" if entry.title.startswith(title) else f"  ·  {title}"
                room = 760 - min(380, canvas.text_size(game, 22)[0]) if game else 760
                shown = canvas.text(
                    entry.title,
                    (260, y + 8),
                    fitted_size(canvas, entry.title, 22, room),
                    theme.GOLD,
                    max_width=room,
                )
                if game:
                    canvas.text(game, (shown.right, y + 8), 22, theme.GOLD, max_width=760 - shown.w)
                canvas.text(
                    f"{when}  ·  {status}  ·  {names}", (260, y + 38), 17, theme.BUTTON_TEXT, max_width=760
                )
            else:
                canvas.text(entry.name, (260, y + 8), 22, (240, 150, 130), max_width=760)
                error = (entry.error or "")[:200]
                canvas.text(error[:1].upper() + error[1:], (260, y + 38), 17, (240, 190, 170), max_width=760)
            y += ROW_H
        self.widgets.draw(canvas, self.app.mouse)


class InProgressGames(SavedGames):
    """The unfinished games, each kept in its own file until it ends or its player lets it go:
    Open resumes one where it was left; Delete asks first, naming what would be lost."""

    TITLE = "Games in progress"
    EMPTY = ("No game is in progress.", "A game is kept here from its first move until it ends.")

    def load_entries(self) -> list[saves.SaveEntry]:
        notices: list[str] = []
        games = self.store.in_progress(notices)
        for notice in notices:
            self.app.toast(notice)
        return [saves.SaveEntry(g.path, g.record, None, g.mtime) for g in games]

    def _open(self, entry: saves.SaveEntry) -> None:
        if entry.record is not None and open_record(self.app, entry.record, slot=entry.path):
            return
        self._reload()

    def _delete(self, entry: saves.SaveEntry) -> None:
        from scenes import kept_games as keeping
        from scenes.widgets.confirm import ConfirmDialog

        record = entry.record
        what = keeping.title_of(record.game) if record is not None else entry.name
        moves = len(record.actions) if record is not None else 0

        def let_go() -> None:
            self.store.shelf.discard(entry.path)
            self.app.toast(f"{what}: the game in progress was deleted")
            self._reload()

        self.app.push(
            ConfirmDialog(
                "Delete this game?",
                f"{what}, {moves} move{'s' if moves != 1 else ''} in: it cannot be continued afterwards.",
                "Delete",
                let_go,
                no="Keep",
            )
        )
