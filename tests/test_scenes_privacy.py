"""Pass-and-play privacy, checked in pixels: while the screen passes between players, the
curtain and every overlay over it (the game menu, the rules, the settings) show exactly what a
table that has only ever seen the public view shows, and nothing said to the last player.

Seeded all-human games of the duel, Der Turmbau and Babel Builders are played through the real
scenes; at each handover every frame is compared with the same overlays drawn over a fresh table
of a replayed copy of the match that never saw a seat's view. The test renders at a small window
and visits one overlay per handover in turn, so every kind is seen in every game.
"""

from __future__ import annotations

import pygame
import pytest

from babel.core import registry
from babel.core.match import Match, Seat
from scenes.launcher.pause import PauseMenu
from scenes.launcher.rules_viewer import RulesViewer
from scenes.launcher.settings import SettingsScene
from scenes.pilot import FRAME, Pilot
from scenes.table import TableScene
from scenes.tables import table_for
from scenes.widgets.curtain import PrivacyCurtain

SECRET_TOAST = "You hold only the secret cards"
NAMES = ["Anna", "Ben", "Carla", "Dora", "Emil"]
# game, players, seed, handovers checked, options (Builders' table talk: people at one screen
# with bots talk through the table, and each statement is made behind the curtain too)
GAMES = [
    ("duel", 3, 5, 9, {}),
    ("turmbau", 3, 11, 9, {}),
    ("builders", 5, 7, 9, {}),
    ("builders", 5, 7, 12, {"talk": True}),
]


@pytest.fixture
def pilot(monkeypatch):
    # Pulses that follow the wall clock (Turmbau's prompt) must not differ between two renders.
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: 0)
    p = Pilot(size=(1024, 640))
    yield p
    pygame.display.quit()


def _public_reference(table: TableScene) -> TableScene:
    """A fresh table of a replayed copy of the match, bound to the public view only."""
    m = table.match
    copy = Match.replay(m.rules, m.config, m.seed, m.seats, [(e.seat, e.text) for e in m.log])
    ref = type(table)(copy, None, threaded=False)
    ref.public_copy = True  # draws itself as it is: it has only ever seen view(state, None)
    ref.app = table.app
    ref.enter()
    return ref


def _frame_bytes(app) -> bytes:
    app.draw()
    return pygame.image.tobytes(app.canvas.surface, "RGB")


def _assert_public(pilot: Pilot, table: TableScene, what: str, tmp_path) -> None:
    app = pilot.app
    shown = _frame_bytes(app)
    ref = _public_reference(table)
    stack, toasts = app.stack, app.toasts
    app.stack, app.toasts = [ref if s is table else s for s in stack], []
    try:
        expected = _frame_bytes(app)
    finally:
        app.stack, app.toasts = stack, toasts
    if shown != expected:
        diff = sum(1 for i in range(0, len(shown), 3) if shown[i : i + 3] != expected[i : i + 3])
        out = tmp_path / f"{table.rules_game}-{what}.png"
        app.draw()
        pygame.image.save(app.canvas.surface, str(out))
        pytest.fail(f"{table.rules_game}: {what} differs from the public view in {diff} pixels ({out})")


def _button(scene, label: str):
    return next(b for b in scene.widgets.widgets if getattr(b, "label", None) == label)


def _check_handover(pilot: Pilot, table: TableScene, n: int, tmp_path) -> None:
    """The curtain, then one overlay (menu, rules or settings in turn) reached by Esc on it."""
    curtain = pilot.top
    assert isinstance(curtain, PrivacyCurtain)
    assert not any(SECRET_TOAST in m for m, _ in pilot.app.toasts), "a seat's toast crossed the handover"
    _assert_public(pilot, table, f"curtain{n}", tmp_path)
    pilot.advance(0.3)  # the curtain ignores input for a moment
    pilot.press(pygame.K_ESCAPE)
    menu = pilot.top
    assert isinstance(menu, PauseMenu)
    kind = ("menu", "rules", "settings")[n % 3]
    if kind == "menu":
        _assert_public(pilot, table, f"menu{n}", tmp_path)
    else:
        pilot.click(_button(menu, kind.capitalize()).rect.center)
        assert isinstance(pilot.top, RulesViewer if kind == "rules" else SettingsScene)
        _assert_public(pilot, table, f"{kind}{n}", tmp_path)
        pilot.press(pygame.K_ESCAPE)
        assert pilot.top is menu
        _assert_public(pilot, table, f"menu-again{n}", tmp_path)
    pilot.send(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert pilot.top is table  # resumed, the curtain not yet back: still nobody's screen
    _assert_public(pilot, table, f"resumed{n}", tmp_path)
    pilot.frame()
    assert isinstance(pilot.top, PrivacyCurtain)


@pytest.mark.parametrize("game,players,seed,checks,options", GAMES)
def test_every_overlay_during_a_handover_shows_only_the_public_view(
    pilot, game, players, seed, checks, options, tmp_path
):
    rules = registry.get(game)
    seats = [Seat(NAMES[i]) for i in range(players)]
    match = Match(rules, rules.make_config(players, **options), seed, seats)
    table = table_for(game)(match, None, threaded=False)
    pilot.start(table)
    handovers = 0
    for _ in range(20000):
        if match.over or handovers >= checks:
            break
        top = pilot.top
        if isinstance(top, PrivacyCurtain):
            _check_handover(pilot, table, handovers, tmp_path)
            handovers += 1
            pilot.advance(0.3)
            pilot.press(pygame.K_RETURN)
            assert pilot.top is table and table.viewer is not None
            continue
        if top is table and table.viewer is not None and table.legal and not table.busy():
            pilot.app.toast(SECRET_TOAST)  # said to the seat that owns the screen now
            assert table.submit(match.bot_action(table.viewer))
            pilot.frame()
            continue
        assert top is table, f"unexpected scene {type(top).__name__}"
        pilot.app.step(FRAME, [], draw=False)
    assert handovers == checks, f"{game}: only {handovers} handovers"
    if options.get("talk"):
        assert match.state.talk, "statements were made behind the curtain"


def test_a_toast_is_shown_only_to_the_seat_it_was_raised_for(pilot):
    rules = registry.get("duel")
    match = Match(rules, rules.make_config(2), 3, [Seat("Anna"), Seat("Ben")])
    table = table_for("duel")(match, None, threaded=False)
    pilot.start(table)
    assert pilot.until(lambda: isinstance(pilot.top, PrivacyCurtain), 5)
    pilot.advance(0.3)
    pilot.press(pygame.K_RETURN)
    anna = table.viewer
    pilot.app.toast(SECRET_TOAST)
    assert [m for m, _ in pilot.app.shown_toasts()] == [SECRET_TOAST]
    table.submit(match.bot_action(anna))
    assert pilot.until(lambda: isinstance(pilot.top, PrivacyCurtain), 5)
    assert not pilot.app.shown_toasts() and not pilot.app.toasts  # dropped at the handover
    # A public toast (the game menu saving) stays through a handover.
    pilot.app.toasts.clear()
    pilot.advance(0.3)
    pilot.press(pygame.K_ESCAPE)
    pilot.click(_button(pilot.top, "Save game").rect.center)
    assert any("Saved as" in m for m, _ in pilot.app.shown_toasts())
