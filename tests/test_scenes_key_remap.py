"""Settings, Keys: a table's key rebound by keys alone, a clash refused with its reason, Reset;
the new key works at once at the table, the old one does nothing there, and the buttons, help
lines, the coach's note, the lessons and the key sheet (?) name the key in force."""

from __future__ import annotations

import pygame

from babel.core import registry
from babel.core.keybindings import ACTIONS
from babel.core.match import Match, Seat
from babel.core.settings import Settings, load_settings
from babel.games.turmbau.actions import Build
from scenes import keymap
from scenes.key_sheet import KeySheet
from scenes.launcher.keys_screen import COLUMNS, KeysScreen
from scenes.launcher.settings import SettingsScene
from scenes.pilot import Pilot
from scenes.tables import table_for
from scenes.tutorials import key_claim, key_name


def tab_to(pilot: Pilot, found, most: int = 60):
    for _ in range(most):
        pilot.press(pygame.K_TAB)
        here = pilot.top.widgets.focus.focused()
        if here is not None and found(here):
            return here
    raise AssertionError("Tab never got there")


def _row(pilot: Pilot, action_id: str) -> pygame.Rect:
    """Where the Keys screen writes what ``action_id`` does (its rows go column by column)."""
    order = [a.id for scopes in COLUMNS for scope in scopes for a in ACTIONS if a.scope == scope]
    return pilot.top.rows[order.index(action_id)][1]


def test_a_key_rebound_by_keys_alone_is_saved_and_a_clash_is_refused() -> None:
    pilot = Pilot(size=(1024, 640))
    try:
        pilot.start(SettingsScene())
        tab_to(pilot, lambda w: getattr(w, "label", "") == "Keys…")
        pilot.press(pygame.K_RETURN)
        assert isinstance(pilot.top, KeysScreen)
        row = _row(pilot, "babel_on.hint")
        tab_to(pilot, lambda w: w.rect.centery == row.centery and w.rect.x > row.x)
        pilot.press(pygame.K_RETURN)
        assert pilot.top.waiting == "babel_on.hint"
        pilot.press(pygame.K_LSHIFT)  # a modifier alone is no key yet
        pilot.press(pygame.K_g)
        assert pilot.app.settings.keys == {"babel_on.hint": "g"}
        assert load_settings().keys == {"babel_on.hint": "g"}  # saved
        assert keymap.label("babel_on.hint") == "G"  # in force at once
        pilot.press(pygame.K_RETURN)  # the same row again
        pilot.press(pygame.K_e)
        assert pilot.app.settings.keys == {"babel_on.hint": "g"}
        assert any("E is Call even at Babel On!" in t[0] for t in pilot.app.toasts)
        pilot.press(pygame.K_RETURN)
        pilot.press(pygame.K_ESCAPE)  # Esc keeps the old key, and the screen stays
        assert isinstance(pilot.top, KeysScreen) and pilot.top.waiting is None
        assert pilot.app.settings.keys == {"babel_on.hint": "g"}
        tab_to(pilot, lambda w: getattr(w, "label", "") == "Reset to defaults")
        pilot.press(pygame.K_RETURN)
        assert pilot.app.settings.keys == {} and keymap.label("babel_on.hint") == "C"
        pilot.press(pygame.K_ESCAPE)
        assert isinstance(pilot.top, SettingsScene)
    finally:
        pygame.display.quit()


def _turmbau(keys: dict) -> tuple[Pilot, object]:
    rules = registry.get("turmbau")
    pilot = Pilot(size=(1024, 640), settings=Settings(phone_address="127.0.0.1", keys=keys))
    seats = [Seat("Anna"), Seat("B", bot="novice"), Seat("C", bot="novice")]
    table = table_for("turmbau")(Match(rules, rules.make_config(3), 4, seats), None, threaded=False)
    pilot.start(table)
    assert pilot.until(lambda: any(isinstance(m, Build) for m in table.legal) and not table.busy(), 30)
    return pilot, table


def test_the_new_key_works_at_once_and_the_old_one_does_nothing_at_the_table() -> None:
    pilot, table = _turmbau({"turmbau.pass": "g", "turmbau.hint": "f5"})
    try:
        assert "G pass" in table.help_line() and "(G)" in table.prompt()
        pilot.frame()
        assert any("(G)" in w.label for w in table.widgets.widgets)  # "Pass: draw a card (G)"
        assert table.tool_buttons["hint"].label == "Hint (F5)"
        assert key_name("turmbau", "hint") == "F5" and key_claim("turmbau", "hint", "the hint")[0] == "the hint, F5"
        asked: list[bool] = []
        table.show_hint = lambda: asked.append(True)  # the coach's search itself is not the point
        ply = table.match.ply
        pilot.press(pygame.K_p)  # Pass moved to G: P does nothing here now
        pilot.press(pygame.K_h)
        assert table.match.ply == ply and not asked
        pilot.press(pygame.K_F5)
        assert asked == [True]  # the hint, on its new key
        pilot.press(pygame.K_SLASH, pygame.KMOD_SHIFT)
        assert isinstance(pilot.top, KeySheet) and ("G", "pass") in pilot.top.lines
        pilot.press(pygame.K_ESCAPE)
        pilot.press(pygame.K_g)
        assert table.match.log[ply].text == "pass"
    finally:
        pygame.display.quit()


def test_a_rebinding_made_over_a_table_applies_there_at_once() -> None:
    pilot, table = _turmbau({})
    try:
        assert "P pass" in table.help_line()
        pilot.app.apply_settings(pilot.app.settings.with_(keys={"turmbau.pass": "v"}))
        pilot.frame()
        assert "V pass" in table.help_line() and any("(V)" in w.label for w in table.widgets.widgets)
        pilot.app.apply_settings(pilot.app.settings.with_(keys={}))
        pilot.frame()
        assert any("(P)" in w.label for w in table.widgets.widgets)  # never relabelled twice
    finally:
        pygame.display.quit()


def test_undo_keeps_its_ctrl() -> None:
    pygame.init()
    keymap.apply({"table.undo": "ctrl+q"})
    try:
        def key(k, mod):
            return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)

        moved = keymap.translate(key(pygame.K_q, pygame.KMOD_CTRL), "duel")
        assert moved.key == pygame.K_z and moved.mod & pygame.KMOD_CTRL
        assert keymap.translate(key(pygame.K_z, pygame.KMOD_CTRL), "duel") is None
        assert keymap.translate(key(pygame.K_q, 0), "duel").key == pygame.K_q  # a plain Q is Q
        assert keymap.relabel("Undo (Ctrl+Z)", "duel") == "Undo (Ctrl+Q)"
    finally:
        keymap.apply({})


def test_the_defaults_are_the_keys_the_tables_bind() -> None:
    """Settings, Keys starts from the keys the tables' code binds (the lessons name them too)."""
    import importlib

    from babel.core.keybindings import BY_ID
    from scenes.tutorials import KEY_ATTRS, TABLE_CLASSES

    pygame.init()
    for game, where in TABLE_CLASSES.items():
        module, name = where.split(":")
        table = getattr(importlib.import_module(module), name)
        for what, attr in KEY_ATTRS.items():
            action = BY_ID.get(f"{game}.{what}")
            if action is not None:
                assert pygame.key.name(getattr(table, attr)) == action.default, (game, what)


def test_two_keys_swapped_through_a_third_are_each_named_once() -> None:
    """Pass on Z and the hint on P (where Pass was): the hint button reads "Hint (P)", never
    "Hint (Z)" from a second renaming."""
    pilot, table = _turmbau({"turmbau.pass": "z", "turmbau.hint": "p"})
    try:
        pilot.frame()
        assert table.tool_buttons["hint"].label == "Hint (P)"
        assert any("(Z)" in w.label for w in table.widgets.widgets)
        assert "Z pass" in table.help_line()
    finally:
        pygame.display.quit()


def test_the_rules_keys_page_names_the_keys_in_force() -> None:
    """F1's "About & keys" page says the player's keys: Pass moved to G reads "G passes", the
    hint moved at one table is named there, and the rebound keys are listed."""
    from scenes.launcher.rules_viewer import rules_text

    keymap.apply({})  # the keys an earlier table of this file left in force
    assert "P passes, N makes no offer" in rules_text(None)
    assert "none rebound" in rules_text(None)
    keymap.apply({"turmbau.pass": "g", "duel.hint": "k", "table.undo": "ctrl+q"})
    try:
        about = rules_text(None)
        assert "G passes, N makes no offer" in about and "P passes, N" not in about
        assert "**K** at Card duel" in about and "**Ctrl+Q** takes back" in about
        assert "rebound: Undo your last move at every table: Ctrl+Q" in about
    finally:
        keymap.apply({})
