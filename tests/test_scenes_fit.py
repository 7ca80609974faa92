"""Text fits where it matters: no label runs into another, nothing important is cut with "…".

Each check draws a real screen headless at the two reference window sizes while recording every
line of text the canvas draws, then compares the recorded boxes.
"""

from __future__ import annotations

import pygame
import pytest

from scenes import assets
from scenes.canvas import Canvas
from scenes.pilot import Pilot

SIZES = [(1600, 900), (1024, 640)]


class TextLog:
    """Records (text, logical rect) of every Canvas.text call while installed."""

    def __init__(self, monkeypatch) -> None:
        self.lines: list[tuple[str, pygame.Rect]] = []
        self.cut: list[str] = []  # texts shortened with an ellipsis
        original = Canvas.text

        def text(canvas, s, pos, size=22, *args, **kwargs):
            rect = original(canvas, s, pos, size, *args, **kwargs)
            max_width = kwargs.get("max_width", args[3] if len(args) > 3 else None)
            role = kwargs.get("role", args[1] if len(args) > 1 else "sans")
            shown = s
            if max_width is not None:
                px = max(6, round(size * canvas.scale))
                shown = assets.ellipsize(s, role, px, max(8, round(max_width * canvas.scale)))
            self.lines.append((shown, pygame.Rect(rect)))
            if shown != s:
                self.cut.append(s)
            return rect

        monkeypatch.setattr(Canvas, "text", text)
        fill = Canvas.fill_rect

        def fill_rect(canvas, colour, r, radius=0, width=0):
            # words under a panel drawn later are hidden by it (an end panel over the table), not
            # next to it: a solid fill drops the lines it wholly covers
            if not width and (len(colour) == 3 or colour[3] >= 200):
                cover = pygame.Rect(r)
                self.lines = [(s, q) for s, q in self.lines if not cover.contains(q)]
            return fill(canvas, colour, r, radius, width)

        monkeypatch.setattr(Canvas, "fill_rect", fill_rect)

    def clear(self) -> None:
        self.lines.clear()
        self.cut.clear()


@pytest.fixture
def text_log(monkeypatch):
    return TextLog(monkeypatch)


def _pilot(size) -> Pilot:
    return Pilot(size=size)


@pytest.mark.parametrize("size", SIZES)
def test_setup_option_help_never_overlaps_the_next_label(size, text_log):
    from scenes.launcher.setup import SetupScene
    from scenes.tables import playable_games

    pilot = _pilot(size)
    try:
        for rules in playable_games():
            pilot.start(SetupScene(rules))
            text_log.clear()
            pilot.app.draw()
            widgets = [pygame.Rect(w.rect) for w in pilot.top.widgets.widgets if w.rect.x >= 1030]
            free = [
                (s, r) for s, r in text_log.lines if r.x >= 1030 and not any(w.contains(r) for w in widgets)
            ]
            notes = [getattr(w, "tooltip", "") for w in pilot.top.widgets.widgets if w.rect.x >= 1030]
            for i, (s, r) in enumerate(free):
                # a help cut to fit the panel at the 16-px floor is whole in its control's hover note
                whole = any(s[:-1] in n for n in notes if n)
                assert not s.endswith("…") or whole, (rules.info.id, s)
                for w in widgets:
                    assert not w.colliderect(r), (rules.info.id, size, s, "runs into a control")
                for t, q in free[i + 1 :]:
                    assert not r.colliderect(q), (rules.info.id, size, s, t)
            pilot.app.pop()
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES)
def test_the_solitaire_hint_is_wrapped_not_cut(size, text_log):
    from babel.core import registry
    from babel.core.match import Match, Seat
    from scenes.tables.solitaire import SolitaireTable

    rules = registry.get("solitaire")
    pilot = _pilot(size)
    try:
        table = SolitaireTable(Match(rules, rules.make_config(1), 3, [Seat("Anna")]), None, threaded=False)
        pilot.start(table)
        long_hint = (
            "Move the 5 of moons onto the 5 of suns, three places to its left: "
            + "it keeps " * 20
            + "options."
        )
        table.show_note("Hint", long_hint)
        text_log.clear()
        pilot.app.draw()
        shown = " ".join(s for s, _ in text_log.lines)
        assert "…" not in shown and "options." in shown
    finally:
        pygame.display.quit()


def _no_ellipsis(text_log, where: str) -> None:
    assert not text_log.cut, (where, text_log.cut)


WORDLESS = (("table",), ("felt",), ("shadow",), ("fill",), ("glow",))  # cached pictures without words


def _repaint_words() -> None:
    """Drop every cached picture that may hold words (buttons, still layers), so that they are
    painted again and their words seen; the window's wood and felt (no words, slow at 4K) stay."""
    keep = [(k, v) for k, v in assets._surfaces.items() if isinstance(k, tuple) and k[:1] in WORDLESS]
    assets.clear()
    for k, v in keep:
        assets.surface(k, lambda v=v: v)


def _draw_whole(pilot, scene, text_log) -> None:
    """Open ``scene``, draw it afresh and check it shows words, none of them cut."""
    pilot.start(scene)
    text_log.clear()
    _repaint_words()  # buttons and still layers are painted again, so their words are seen
    pilot.app.draw()
    assert len(text_log.lines) >= 3, type(scene).__name__  # the screen was drawn
    _no_ellipsis(text_log, type(scene).__name__)


@pytest.mark.parametrize("size", SIZES)
def test_menu_rules_and_saved_games_show_whole_texts(size, text_log):
    from babel.core import registry, saves
    from babel.core.match import Match, Seat
    from scenes.launcher.menu import MainMenu
    from scenes.launcher.rules_viewer import RulesViewer
    from scenes.launcher.saved_games import SavedGames

    rules = registry.get("babel_on")
    match = Match(
        rules, rules.make_config(3), 1, [Seat("Anna"), Seat("Ben", "random"), Seat("Carla", "random")]
    )
    saves.SaveStore().save(match, f"{rules.info.title} 2026-11-23 20.14.33")
    pilot = _pilot(size)
    try:
        for scene in (MainMenu(), RulesViewer(None), SavedGames()):
            _draw_whole(pilot, scene, text_log)
            pilot.app.pop()
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES)
def test_duel_nameplates_and_turmbau_light_row_show_whole_texts(size, text_log):
    from babel.core import registry
    from babel.core.match import Match, Seat
    from scenes.tables import table_for

    pilot = _pilot(size)
    try:
        for game, players in (("duel", 2), ("turmbau", 4)):
            rules = registry.get(game)
            # long names matter on the duel's nameplates; Turmbau's own labels are checked
            long = ["Maximilian-Josef", "Bartholomew Ann"] if game == "duel" else ["Anna", "Ben"]
            names = [*long, "Carla", "Dev"][:players]
            seats = [Seat(names[0])] + [Seat(n, "random") for n in names[1:]]
            table = table_for(game)(Match(rules, rules.make_config(players), 2, seats), None)
            table.controller.threaded = False
            pilot.start(table)
            text_log.clear()
            pilot.app.draw()
            _no_ellipsis(text_log, game)
            pilot.app.pop()
    finally:
        pygame.display.quit()


ALL_SIZES = [(1024, 640), (1600, 900), (2560, 1440)]


def _table_after(game: str, names: list[str], plies: int, seed: int = 2):
    from babel.core import registry
    from babel.core.match import Match, Seat
    from scenes.tables import table_for

    rules = registry.get(game)
    match = Match(
        rules, rules.make_config(len(names)), seed, [Seat(names[0])] + [Seat(n, "random") for n in names[1:]]
    )
    for _ in range(plies):
        if match.over:
            break
        match.submit(match.to_act()[0], match.bot_action(match.to_act()[0]))
    return table_for(game)(match, None, threaded=False)


@pytest.mark.parametrize("size", ALL_SIZES)
def test_builder_status_wonder_names_and_offers_show_whole_texts(size, text_log):
    """The duel plate of a Builder still choosing (next to a long name), the wonder a Turmbau
    builder works on and a player's own offer: whole at every window size."""
    pilot = _pilot(size)
    try:
        cases = [
            ("duel", ["Maximilian-Josef", "Bartholomew Ann", "Carla"], 8),  # a Builder, choosing
            ("turmbau", ["Anna", "Ben", "Carla", "Dev"], 8),  # the Mausoleum of Halicarnassus
            ("turmbau", ["Anna", "Ben", "Carla", "Dev", "Eve"], 20),  # "you offered 1 crane, ..."
        ]
        for game, names, plies in cases:
            table = _table_after(game, names, plies)
            text_log.clear()  # before the first frame: the still layers are drawn only then
            pilot.start(table)
            pilot.app.draw()
            cut = [s for s in text_log.cut if not s[:1].isdigit()]  # "1. J · Q · 10: ...": the log
            assert not cut, (game, plies, cut)
            pilot.app.pop()
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", ALL_SIZES)
def test_role_card_words_are_whole(size, monkeypatch):
    """A Builders role card's title and motto (painted into the card picture) are never cut:
    the motto wraps to two lines, the title shrinks."""
    from scenes.tables.builders import art

    cut = []
    real = assets.ellipsize

    def ellipsize(s, role, px, width):
        shown = real(s, role, px, width)
        if shown != s:
            cut.append(s)
        return shown

    monkeypatch.setattr(assets, "ellipsize", ellipsize)
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    try:
        scale = min(size[0] / 1600, size[1] / 900)
        for w, h in ((220, 308), (150, 210)):  # the peek at one's role, the note beside it
            for role in art.ROLE_STYLE:
                art.paint_role_card(role, round(w * scale), round(h * scale))
        assert not cut, cut
    finally:
        pygame.display.quit()


def test_turmbau_cards_under_others_show_no_cut_names():
    """Fanned building cards: a card partly under the next is drawn without its name, and each
    kind in a hand or an offer keeps one whole card with its name."""
    from babel.core import registry
    from babel.core.match import Match, Seat
    from scenes.tables.turmbau import layout

    rules = registry.get("turmbau")
    match = Match(rules, rules.make_config(3), 1, [Seat("A"), Seat("B", "random"), Seat("C", "random")])
    v = match.view(0)
    w = layout.HAND_CARD[0]
    for counts in [(1, 0, 0, 0), (2, 3, 1, 1), (5, 5, 5, 5), (0, 12, 0, 1), (3, 2, 6, 4), (1, 1, 1, 17)]:
        view = v.__class__(**{**v.__dict__, "hand": counts})
        hand = layout.hand_cards(view, (0, 0, 0, 0))
        xs = [c[0] for _, c, _ in hand]
        assert xs[0] - w / 2 >= layout.HAND_X0 - 0.5 and xs[-1] + w / 2 <= layout.HAND_X1 + 0.5
        for i in range(len(hand)):
            whole = i == len(hand) - 1 or xs[i + 1] - xs[i] >= w
            assert layout.hand_card_covered(hand, i) == (not whole)
        named = {hand[i][0] for i in range(len(hand)) if not layout.hand_card_covered(hand, i)}
        assert named == {k for k in range(4) if counts[k]}, counts
    for seat in (1, 2):
        for n in range(1, 9):
            covered = [layout.slot_card_covered(v, seat, i, n) for i in range(n)]
            gaps = [
                layout.slot_card_pos(v, seat, i + 1, n)[0] - layout.slot_card_pos(v, seat, i, n)[0]
                for i in range(n - 1)
            ]
            assert covered == [g < layout.SMALL_CARD[0] for g in gaps] + [False]


# -- the text size setting: the places that reflow stay whole and apart at 150 and 200 % -------
TEXT_SIZES = [(size, percent) for size in SIZES for percent in (150, 200)]


@pytest.fixture
def text_size_pilot():
    """A pilot whose settings ask for a text size; the usual size is back afterwards."""
    from babel.core.settings import Settings
    from scenes import theme

    made: list[Pilot] = []

    def make(size, percent) -> Pilot:
        made.append(Pilot(size=size, settings=Settings(phone_address="127.0.0.1", text_size=percent)))
        return made[-1]

    yield make
    theme.set_text_size(100)
    pygame.display.quit()


def _apart(lines: list[tuple[str, pygame.Rect]], where) -> None:
    """No two lines overlap (by more than a pixel of their boxes' padding) and all are on the
    logical screen."""
    screen = pygame.Rect(0, 0, 1600, 900)
    boxes = [(s, r.inflate(-2, -4)) for s, r in lines if s.strip()]
    for i, (s, r) in enumerate(boxes):
        assert screen.contains(r), (where, s, r)
        for t, q in boxes[i + 1 :]:
            assert not r.colliderect(q), (where, s, t)


WINDOWS = [(1024, 640), (1600, 900), (3840, 2160)]
PERCENTS = (100, 125, 150, 200)
TABLES = (  # a game, its players (seat 0 at the screen) and the bot moves before the picture
    ("duel", 3, 4),
    ("solitaire", 1, 6),
    ("babel_on", 3, 4),
    ("turmbau", 3, 12),
    ("builders", 5, 6),
)


def _scenes():
    """Every launcher screen, then each game's table after a few moves."""
    from babel.core import registry
    from scenes.launcher.history_screen import StatisticsScreen
    from scenes.launcher.keys_screen import KeysScreen
    from scenes.launcher.menu import MainMenu
    from scenes.launcher.rules_viewer import RulesViewer
    from scenes.launcher.saved_games import InProgressGames, SavedGames
    from scenes.launcher.settings import SettingsScene
    from scenes.launcher.setup import SetupScene

    yield from (MainMenu(), SettingsScene(), KeysScreen(), RulesViewer(None), SavedGames(), InProgressGames(), StatisticsScreen())
    for game in ("duel", "solitaire", "babel_on", "turmbau", "builders"):
        yield SetupScene(registry.get(game))
    from scenes.tables.builders.blueprints import BlueprintEditor
    from scenes.tables.solitaire.statistics import StatisticsScene

    yield from (BlueprintEditor(), StatisticsScene())
    for game, players, plies in TABLES:
        yield _table_after(game, ["Anna", "Ben", "Carla", "Dev", "Eve"][:players], plies)
    yield _table_after("duel", ["Anna", "Ben"], 200)  # over: the end panel


def _plain(w: int, h: int) -> pygame.Surface:
    """Wood and felt without grain (and no soft shadows): they hold no words, and they are slow
    to paint at 4K."""
    surface = pygame.Surface((w, h))
    surface.fill((90, 60, 36))
    return surface


@pytest.mark.parametrize("size", WINDOWS)
def test_every_scene_at_every_text_size(size, text_log, text_size_pilot, monkeypatch):
    """Each launcher screen, the quit dialog, the pause menu, the privacy curtain and each game's
    table (one of them over, with its end panel) at 100, 125, 150 and 200 %: no words cut, none
    over other words, all on the screen. One window per size; each scene is opened once and drawn
    at each text size (the setting changes under the open app, as Settings does)."""
    from scenes import canvas as canvas_module
    from scenes import theme
    from scenes.launcher.menu import MainMenu
    from scenes.launcher.pause import PauseMenu
    from scenes.widgets.confirm import quit_dialog
    from scenes.widgets.curtain import PrivacyCurtain

    monkeypatch.setattr(canvas_module, "_wood", _plain)
    monkeypatch.setattr(canvas_module, "_felt", _plain)
    monkeypatch.setattr(canvas_module, "_soft_shadow", lambda w, h, rad, blur, alpha: pygame.Surface((1, 1)))
    pilot = text_size_pilot(size, 100)
    overlays = {
        "dialog": (MainMenu, lambda: quit_dialog(pilot.app)),
        "pause": (lambda: _table_after("turmbau", ["Anna", "Ben", "Carla"], 6), lambda: PauseMenu(pilot.top)),
        "curtain": (MainMenu, lambda: PrivacyCurtain("Maximilian-Josef", "Pass the computer to Maximilian-Josef")),
    }
    for scene in [*_scenes(), *overlays]:
        overlay = scene in overlays
        if overlay:
            under, make = overlays[scene]
            pilot.start(under())
            scene = make()
        pilot.start(scene)
        for percent in PERCENTS:  # the scene lays its words out again when it is next drawn
            theme.set_text_size(percent)
            where = (type(scene).__name__, size, percent)
            text_log.clear()
            _repaint_words()
            if overlay:
                scene.draw(pilot.app.canvas)  # the overlay alone, not the screen under its shade
            else:
                pilot.app.draw()
            assert len(text_log.lines) >= 3, where  # the screen was drawn
            _no_ellipsis(text_log, where)
            _apart(text_log.lines, where)
        pilot.app.pop()
        if overlay:
            pilot.app.pop()


@pytest.mark.parametrize(("size", "percent"), TEXT_SIZES)
def test_a_lesson_step_a_log_and_the_coach_at_larger_text_sizes(size, percent, text_log, text_size_pilot, monkeypatch):
    """The lesson's words, a table's log (rows grow, fewer fit, it scrolls) and the coach's
    note: whole, apart and on the screen."""
    from scenes import tables
    from scenes.launcher.setup import SetupScene
    from scenes.table import lesson_bubble

    real = tables.table_for
    monkeypatch.setattr(tables, "table_for", lambda gid: lambda m, s, **k: real(gid)(m, s, threaded=False))
    pilot = text_size_pilot(size, percent)
    pilot.start(SetupScene(registry_get("babel_on")))
    learn = next(w for w in pilot.top.widgets.widgets if getattr(w, "label", "") == "Learn to play")
    pilot.click(learn.rect.center)
    bubble = lesson_bubble(pilot.top, pilot.app.canvas)
    assert bubble is not None
    text_log.clear()
    pilot.app.draw()
    inside = [(s, r) for s, r in text_log.lines if bubble.rect.contains(r)]
    assert len(inside) >= 3
    _no_ellipsis(text_log, "lesson")
    _apart(inside, ("lesson", size, percent))
    pilot.app.pop()

    table = _table_after("turmbau", ["Anna", "Ben", "Carla"], 24)
    pilot.start(table)
    table.show_note("Hint", "Offer the two cranes: Carla needs them for the Colossus " * 3)
    text_log.clear()
    pilot.app.draw()
    log, (note, _) = table.log_rect(), table.coach_rect(pilot.app.canvas)
    rows = [(s, r) for s, r in text_log.lines if log.contains(r) and not note.colliderect(r)]
    assert len(rows) >= 3 and table.log_view.max_back() > 0  # the whole game's log scrolls
    _apart(rows, ("log", size, percent))
    words = [(s, r) for s, r in text_log.lines if note.contains(r)]
    assert "Colossus" in " ".join(s for s, _ in words)[-40:], (words, note)  # the note's last words
    _apart(words, ("coach", size, percent))
    assert not [s for s, _ in rows + words if s.endswith("…")]
    from scenes.launcher.pause import PauseMenu

    pilot.start(PauseMenu(table))
    text_log.clear()
    assets.clear()
    pilot.top.draw(pilot.app.canvas)
    assert len(text_log.lines) >= 3
    _no_ellipsis(text_log, "pause")
    _apart(text_log.lines, ("pause", size, percent))


def registry_get(game: str):
    from babel.core import registry

    return registry.get(game)


def test_the_rules_text_grows_and_wraps_at_larger_text_sizes():
    """The rules viewer's document is laid out again at the text size: taller, never wider."""
    from scenes import theme
    from scenes.widgets.scrolltext import ScrollText

    pygame.display.init()
    pygame.display.set_mode((8, 8))
    try:
        canvas = Canvas(pygame.Surface((1024, 640)))
        text = "# Rules\n\n" + "A Builder who keeps winning rounds scores the die's value. " * 12 + "\n\n- one\n- two"
        doc = ScrollText((0, 0, 900, 600), text)
        heights = []
        for percent in (100, 200):
            theme.set_text_size(percent)
            doc._layout(canvas)
            heights.append(doc._height)
            width = round((900 - 40) * canvas.scale)
            assert all(surf.get_width() <= width for _, surf in doc._lines)
        assert heights[1] > 1.6 * heights[0], heights
    finally:
        theme.set_text_size(100)
        pygame.display.quit()


@pytest.mark.parametrize("percent", (100, 200))
def test_every_tables_key_sheet_shows_whole_words_apart(percent, text_log, text_size_pilot):
    """The sheet of a table's keys (? at a table), for every game, on the smallest window."""
    from scenes.key_sheet import KeySheet, table_lines
    from scenes.launcher.menu import MainMenu

    pilot = text_size_pilot((1024, 640), percent)
    pilot.start(MainMenu())
    for game in ("duel", "solitaire", "babel_on", "turmbau", "builders"):
        pilot.start(KeySheet(f"Keys at {game}", table_lines(game, "H", game == "turmbau")))
        text_log.clear()
        pilot.top.draw(pilot.app.canvas)  # the sheet alone: the menu under it is shaded away
        assert len(text_log.lines) > 20
        _no_ellipsis(text_log, game)
        _apart(text_log.lines, (game, percent))
        pilot.app.pop()


@pytest.mark.parametrize("state", ("talk", "offer", "select"))
def test_talk_sheet_and_turmbau_key_line_hold_16_px_on_a_small_window(state, text_size_pilot, monkeypatch):
    """On 1024x640 at 100 and 200 %: Builders with nine bots and the table talk sheet (its rows
    scroll, each at the floor), and Der Turmbau's key line beside the choice line with several
    action cards playable: every line at 16 px or more, whole, apart and on the screen."""
    from scenes import theme
    from tools.text_sizes import builders_talk, turmbau_cards

    drawn: list[tuple[str, int, pygame.Rect, bool]] = []
    original = Canvas.text

    def text(canvas, s, pos, size=22, *args, **kwargs):
        rect = original(canvas, s, pos, size, *args, **kwargs)
        max_width = kwargs.get("max_width", args[3] if len(args) > 3 else None)
        role = kwargs.get("role", args[1] if len(args) > 1 else "sans")
        px = max(6, round(size * canvas.scale))
        cut = max_width is not None and assets.ellipsize(s, role, px, max(8, round(max_width * canvas.scale))) != s
        drawn.append((s, px, pygame.Rect(rect), cut))
        return rect

    monkeypatch.setattr(Canvas, "text", text)
    pilot = text_size_pilot((1024, 640), 100)
    scene, ready = builders_talk() if state == "talk" else turmbau_cards(state)
    pilot.start(scene)
    ready(pilot)
    for percent in (100, 200):
        theme.set_text_size(percent)
        drawn.clear()
        assets.clear()
        pilot.app.draw()
        if state == "talk":
            sheet = pygame.Rect(scene._talk_rect())
            rows = [s for s, _, r, _ in drawn if sheet.contains(r) and s.endswith("%")]
            assert rows and any(" of 9 " in s for s, _, r, _ in drawn if sheet.contains(r)), drawn
        else:
            keys = [s for s, *_ in drawn if s.endswith("? all keys") and "R trade" in s and "C draw 3" in s]
            assert keys, [s for s, *_ in drawn]
        small = [(s, px) for s, px, _, _ in drawn if px < 16 and s.strip()]
        assert not small, (state, percent, small)
        assert not [s for s, *_, cut in drawn if cut], (state, percent)
        once: dict = {}  # a still layer and the frame draw alike; an outline is its words again, a unit off
        for s, _, r, _ in drawn:
            if not any(t == s and abs(q[0] - r.x) <= 2 and abs(q[1] - r.y) <= 2 for t, q in once):
                once[(s, tuple(r))] = r
        if state == "talk":  # the side panel (the base's cell labels are the board's, checked elsewhere)
            once = {k: r for k, r in once.items() if r.x >= 1244}
        _apart([(s, r) for (s, _), r in once.items()], (state, percent))
        if state == "talk":
            pilot.press(pygame.K_DOWN)  # the next rows come into view
            assert scene.talk_first == 1
            pilot.press(pygame.K_UP)
