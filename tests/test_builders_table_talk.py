"""The Builders table's talk, driven like a player: the talk menu by keys and by mouse (at the
smallest window), the bots' words by their seats and in the round log, the suspicion sheet still
there, and table talk on at setup exactly when a bot sits at the table."""

from __future__ import annotations

import pygame

from babel.core import registry
from babel.core.match import Match, Seat
from babel.games.builders.model import Phase
from scenes.launcher.setup_extensions import seat_options
from scenes.pilot import Pilot
from scenes.tables.builders import BuildersTable, speech

NAMES = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn", "Gus"]


def _my_talk_turn(match: Match) -> bool:
    return match.state.phase is Phase.TALK and 0 in match.to_act()


def _table_at_my_talk(pilot: Pilot, seed: int = 4) -> BuildersTable:
    """A table with Anna and six bots, played on (Anna too, by a bot) to Anna's next talk turn."""
    rules = registry.get("builders")
    seats = [Seat(NAMES[0])] + [Seat(n, "plain") for n in NAMES[1:]]
    match = Match(rules, rules.make_config(7, talk=True), seed, seats)
    match.play_bots(until=_my_talk_turn)
    table = BuildersTable(match, None, threaded=False)
    pilot.start(table)
    table.note = None
    pilot.advance(0.3)
    return table


def _to_my_next_talk(pilot: Pilot, table: BuildersTable) -> None:
    """Anna's other moves by her bot's choice, the bots' by the table, until she talks again."""
    match = table.match
    for _ in range(400):
        if _my_talk_turn(match) and not table.busy():
            return
        if 0 in match.to_act() and not table.busy():
            table.submit(match.bot_action(0))
        pilot.advance(0.1)
        table.note = None
    raise AssertionError("no second talk turn")


def test_the_talk_menu_by_keys_and_what_the_table_shows():
    pilot = Pilot(size=(1600, 900))
    table = _table_at_my_talk(pilot)
    ui = table.ui()
    assert all(b.visible for b in table.talk_menu.buttons)
    assert table.prompt().startswith('Say "I suspect …": click a player')
    earlier = [st for st in table.view.talk if st[0] == table.view.round]
    assert earlier, "the Master (a bot) spoke first"
    shown = speech.spoken_now(table.view, ui)
    assert set(shown) == {st[1] for st in earlier}
    pilot.press(pygame.K_g)  # I trust...
    pilot.press(pygame.K_2)  # ... Ben
    assert table.prompt() == 'Say "I trust Ben": Enter (or click again)'
    pilot.press(pygame.K_RETURN)
    assert [e.text for e in table.match.log if e.seat == 0][-1] == "talk trust 2"
    pilot.advance(0.2)
    assert speech.spoken_now(table.view, table.ui())[0] == ("I trust Ben", True)
    lines = [text for text, _ in table.log_entries()]
    assert "Anna: \u201cI trust Ben\u201d" in lines
    assert not any(b.visible for b in table.talk_menu.buttons), "the menu goes once Anna has spoken"
    sheet = table.talk_on
    pilot.press(pygame.K_k)  # the suspicion sheet is still one of the views
    assert table.talk_on != sheet and (table.ui().talk is not None) == table.talk_on
    _to_my_next_talk(pilot, table)
    pilot.press(pygame.K_n)  # say nothing
    assert [e.text for e in table.match.log if e.seat == 0][-1] == "talk nothing"
    pilot.app.close_scenes()


def test_the_talk_menu_by_mouse_at_the_smallest_window():
    pilot = Pilot(size=(1024, 640))
    table = _table_at_my_talk(pilot, seed=7)
    hurt = next(b for b in table.talk_menu.buttons if b.label.startswith("…hurt"))
    shun = next(b for b in table.talk_menu.buttons if b.label.startswith("I won't"))
    button = hurt if hurt.enabled else shun
    pilot.click(pygame.Rect(button.rect).center)
    kind = "hurt" if button is hurt else "shun"
    assert table.choice.talk_kind == kind
    seat = next(a.subject for a in table.legal if a.kind == kind)
    x, y = table.anchors[seat]
    pilot.click((x, y))
    pilot.click((x, y))  # a second click says it
    assert [e.text for e in table.match.log if e.seat == 0][-1] == f"talk {kind} {seat + 1}"
    pilot.app.close_scenes()


def test_table_talk_is_on_with_bots_and_off_when_people_play_alone_together():
    assert seat_options("builders", [Seat("Anna"), Seat("Ben", "plain")]) == {"talk": True}
    assert seat_options("builders", [Seat("Anna"), Seat("Ben")]) == {"talk": False}
    assert seat_options("builders", [Seat("Anna"), Seat("Ben", device=True)]) == {"talk": False}
    assert seat_options("duel", [Seat("Anna"), Seat("Ben", "plain")]) == {}


def test_the_setup_screen_starts_a_table_with_bots_with_talk_and_people_alone_without(pilot):
    from scenes.launcher.menu import MainMenu
    from scenes.launcher.setup import SetupScene

    rules = registry.get("builders")
    for bots, talk in ((True, True), (False, False)):
        pilot.start(MainMenu())
        setup = SetupScene(rules)
        pilot.app.push(setup)
        setup._set_players(5)
        setup.kinds = ["human"] + (["plain"] if bots else ["human"]) * 4
        setup.start()
        pilot.advance(0.1)
        table = next(s for s in pilot.app.stack if isinstance(s, BuildersTable))  # behind a curtain
        assert table.match.config.get("talk") is talk and table.match.state.talk_on is talk
        pilot.app.close_scenes()



def test_the_statement_keys_stay_theirs_in_settings_keys():
    """S, G, D and X say things at this table: Settings, Keys refuses them to another Builders key
    (with the reason) and the table's key sheet lists them."""
    from babel.core import keybindings as kb
    from scenes.key_sheet import table_lines

    for _kind, _words, code in speech.KINDS:  # the menu's own keys, as the table binds them
        key = pygame.key.name(code)
        why = kb.conflict({}, "builders.timeline", key)
        assert why is not None and "says" in why, (key, why)
    assert kb.conflict({}, "duel.hint", "s") is None  # another table may use them
    assert any(keys == "S, G, D, X" for keys, _ in table_lines("builders", "H", False))
