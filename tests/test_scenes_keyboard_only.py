"""Keyboard alone, every game: each lesson is opened from its setup screen (Tab to Learn to
play, Enter) and followed to its end, and a seeded game of every game, two people passing the
screen where the game has more seats than one, is played to its end with key presses only
(``Pilot.press``): no click, no widget or table method called to act. Each move is the one
asked for (the lesson's suggestion, or a seeded random player's move) and the test checks that
the keys made exactly that move.

The ways in, per table: the duel's rank keys; the solitaire's arrows and Enter, D, F; Babel On!'s
1-9/B, arrows, Shift+arrows and Enter (scenes/tables/babel_on/keys.py) with E/O/P and Enter; Der
Turmbau's arrows and Enter, 1-4 kinds, 1-5 seats, P N L T X J R D C; Babel Builders' digits
(Shift for a discard or a card given), A-C with 1-3 for a cell, N and Enter; Enter or Space for a
curtain, a role note and a question. The whole file costs about 3.5 s of CPU (the tables are
drawn once per move, not after every key).
"""

from __future__ import annotations

import pygame
import pytest

from babel.core import registry
from babel.core.match import Match, Seat
from babel.games.babel_on import actions as BA
from babel.games.builders import actions as BU
from babel.games.duel.model import JOKER
from babel.games.solitaire.actions import Draw, Finish, Move
from babel.games.turmbau import actions as TA
from scenes.launcher.setup import SetupScene
from scenes.pilot import FRAME, Pilot
from scenes.table import TableScene
from scenes.tables import table_for

pytestmark = pytest.mark.usefixtures("unthreaded_tables")  # the bots play inline

SHIFT = pygame.KMOD_SHIFT


def press(pilot: Pilot, key: int, mod: int = 0) -> None:
    """A key pressed and let go, as ``Pilot.press`` does, for one frame of time; the table is
    drawn once per move rather than after every key (the cost of the test is the drawing)."""
    up_down = (pygame.KEYDOWN, pygame.KEYUP)
    events = [pygame.event.Event(kind, key=key, mod=mod, unicode="", scancode=0) for kind in up_down]
    pilot.app.step(FRAME, events, draw=False)


def digit(i: int) -> int:
    """The key of digit ``i`` (0-9)."""
    return getattr(pygame, f"K_{i}")


# -- the duel -------------------------------------------------------------------------------------
RANKS = {10: pygame.K_t, 11: pygame.K_j, 12: pygame.K_q, 13: pygame.K_k, 14: pygame.K_a, JOKER: pygame.K_x}


def duel(pilot: Pilot, table, action) -> None:
    press(pilot, RANKS.get(action.card) or digit(action.card))


# -- the solitaire ----------------------------------------------------------------------------------
def _stack(pilot: Pilot, table, stack: int) -> None:
    here = table.cursor.stack if table.cursor.stack is not None else len(table.view.line)
    for _ in range(abs(here - stack)):
        press(pilot, pygame.K_LEFT if stack < here else pygame.K_RIGHT)


def solitaire(pilot: Pilot, table, action) -> None:
    if isinstance(action, Draw):
        press(pilot, pygame.K_d)
    elif isinstance(action, Finish):
        press(pilot, pygame.K_f)
    else:
        assert isinstance(action, Move)
        _stack(pilot, table, action.src)
        press(pilot, pygame.K_RETURN)
        _stack(pilot, table, action.dst)
        press(pilot, pygame.K_RETURN)


# -- Babel On! --------------------------------------------------------------------------------------
def _aim(pilot: Pilot, table, cell) -> None:
    for _ in range(30):
        if table.aim.cell == cell:
            break
        press(pilot, pygame.K_RIGHT)
    assert table.aim.cell == cell


def babel_on(pilot: Pilot, table, action) -> None:
    if isinstance(action, BA.Call):
        press(pilot, pygame.K_e if action.parity == "even" else pygame.K_o)
    elif isinstance(action, BA.Pass):
        press(pilot, pygame.K_p)
    elif isinstance(action, BA.End):
        press(pilot, pygame.K_RETURN)
    elif isinstance(action, BA.Add | BA.Bonus):
        if isinstance(action, BA.Add):
            press(pilot, digit(table.motion.tray_hand(table.view).index(action.colour) + 1))
        else:
            press(pilot, pygame.K_b)
        _aim(pilot, table, (action.tower, action.cell))
        pilot.advance(0.7)  # a careful hand rests before letting go
        press(pilot, pygame.K_RETURN)
    else:
        block = (action.tower, action.cell, action.floor)
        for _ in range(4):  # a block hidden behind a taller column shows from another side
            if table.block_point(block) is not None:
                break
            press(pilot, pygame.K_r)
        for _ in range(60):
            press(pilot, pygame.K_RIGHT)
            if table.aim.block == block:
                break
        assert table.aim.block == block
        pilot.advance(0.7)
        press(pilot, pygame.K_RETURN)


def babel_on_text(action) -> str:
    return BA.action_text(BA.canonical(action))


# -- Der Turmbau zu Babel ----------------------------------------------------------------------------
def _kinds(pilot: Pilot, counts) -> None:
    for kind, n in enumerate(counts):
        for _ in range(n):
            press(pilot, digit(kind + 1))


def turmbau(pilot: Pilot, table, action) -> None:
    keys = {TA.Pass: pygame.K_p, TA.Decline: pygame.K_l, TA.Draw3: pygame.K_c, TA.Double: pygame.K_d}
    if type(action) in keys:
        press(pilot, keys[type(action)])
    elif isinstance(action, TA.Build):
        for _ in range(40):
            if table.cursor == (action.wonder, action.slot):
                break
            press(pilot, pygame.K_RIGHT)
        press(pilot, pygame.K_RETURN)
    elif isinstance(action, TA.Offer) and not sum(action.cards):
        press(pilot, pygame.K_n)
    elif isinstance(action, TA.Offer):
        _kinds(pilot, action.cards)
        if action.trade:
            press(pilot, pygame.K_t)
        if action.triple:
            press(pilot, pygame.K_x)
        press(pilot, pygame.K_RETURN)
    elif isinstance(action, TA.Redraw):
        press(pilot, pygame.K_r)
        _kinds(pilot, action.cards)
        press(pilot, pygame.K_RETURN)
    else:
        assert isinstance(action, TA.Select)
        for seat in action.seats:
            press(pilot, digit(seat + 1))
        for _ in range(12):
            if table.choice.wild == action.wild:
                break
            press(pilot, pygame.K_j)
        press(pilot, pygame.K_RETURN)


# -- Babel Builders ---------------------------------------------------------------------------------
def _seat_key(seat: int) -> int:
    return digit((seat + 1) % 10)


def builders(pilot: Pilot, table, action) -> None:
    v = table.view
    if isinstance(action, BU.Appoint):
        for seat in action.seats:
            press(pilot, _seat_key(seat))
        press(pilot, pygame.K_RETURN)
    elif action == BU.Play(None, None) or action in (BU.Declare(False), BU.Say(None)):
        press(pilot, pygame.K_n)
    elif isinstance(action, BU.Declare):
        press(pilot, pygame.K_RETURN)
    elif isinstance(action, BU.Play):
        if table.choice.sel_play != action.card:
            press(pilot, _seat_key(v.hand.index(action.card)))
        if action.discard is not None:
            press(pilot, _seat_key(v.hand.index(action.discard)), SHIFT)
        press(pilot, pygame.K_RETURN)
    elif isinstance(action, BU.Swap):
        if table.choice.sel_take != action.take:
            press(pilot, _seat_key(v.received.index(action.take)))
        if action.give is not None:
            press(pilot, _seat_key(v.hand.index(action.give)), SHIFT)
        press(pilot, pygame.K_RETURN)
    elif isinstance(action, BU.Reveal):
        press(pilot, _seat_key(sorted(v.face_down).index(action.card)))
    elif isinstance(action, BU.Place | BU.Strike):
        press(pilot, (pygame.K_a, pygame.K_b, pygame.K_c)[action.cell % 3])
        press(pilot, digit(action.cell // 3 + 1))
    else:  # a seat: deliberate, pass the token, say, seal, punish
        press(pilot, _seat_key(BU.target_of(action)))
        press(pilot, pygame.K_RETURN)


DRIVE = {"duel": duel, "solitaire": solitaire, "babel_on": babel_on, "turmbau": turmbau, "builders": builders}


# -- the walk ---------------------------------------------------------------------------------------
def text_of(game: str, action) -> str:
    return babel_on_text(action) if game == "babel_on" else registry.get(game).action_text(action)


def ready(pilot: Pilot, table: TableScene) -> bool:
    """The table waits for its viewer (else a curtain, a question or the end is on top)."""
    if table.match.over:
        return True
    if pilot.top is not table:
        return True
    note = getattr(table, "note", None)
    if note is not None and note[0] == table.viewer:
        return True
    return bool(table.legal) and not table.busy()


def one_move(pilot: Pilot, table: TableScene, game: str, choose) -> bool:
    """Make the next move of the table's viewer by keys (or lift a curtain, close a note,
    answer a question); False once the game is over."""
    assert pilot.until(lambda: ready(pilot, table), 60), "the table never waited for a key"
    if table.match.over:
        return False
    if pilot.top is not table:  # the curtain passes the screen on; Finish's question is answered
        pilot.advance(0.3)
        press(pilot, pygame.K_RETURN)
        return True
    note = getattr(table, "note", None)
    if note is not None and note[0] == table.viewer:  # a Builders role card: Space closes it
        press(pilot, pygame.K_SPACE)
        return True
    seat, ply = table.viewer, table.match.ply
    action = choose(table, seat)
    DRIVE[game](pilot, table, action)
    pilot.frame()
    made = [e.text for e in table.match.log[ply:] if e.seat == seat]
    if not made and pilot.top is not table:  # a question first (the solitaire's Finish): Enter agrees
        pilot.advance(0.3)
        press(pilot, pygame.K_RETURN)
        made = [e.text for e in table.match.log[ply:] if e.seat == seat]
    if game == "babel_on" and made:
        made[0] = babel_on_text(registry.get(game).parse_action(made[0]))
    assert made[:1] == [text_of(game, action)], (game, made, action)
    return True


def play(pilot: Pilot, table: TableScene, game: str, choose, most: int = 2000) -> int:
    moves = 0
    while moves < most and one_move(pilot, table, game, choose):
        moves += 1
    return moves


def random_player(table: TableScene, seat: int):
    """The seeded random player's move for a person's seat (the match's own stream)."""
    return table.match.bot_action(seat)


GAMES = [  # game, seats (None: a person at this screen), seed (Babel On!'s: every kind of move)
    ("duel", (None, None), 7),
    ("solitaire", (None,), 7),
    ("babel_on", (None, None), 3),
    ("turmbau", (None, None, "novice"), 7),
    ("builders", (None, None, "novice", "novice", "novice"), 7),
]


@pytest.mark.parametrize(("game", "seats", "seed"), GAMES, ids=[g for g, _, _ in GAMES])
def test_a_seeded_game_by_keys_alone(game, seats, seed) -> None:
    pilot = Pilot(size=(1024, 640))
    try:
        rules = registry.get(game)
        people = [Seat(f"P{i}", bot=b) for i, b in enumerate(seats)]
        match = Match(rules, rules.make_config(len(seats)), seed, people)
        table = table_for(game)(match, None, threaded=False)
        pilot.start(table)
        play(pilot, table, game, random_player)
        assert table.match.over
    finally:
        pygame.display.quit()


def open_lesson_by_keys(pilot: Pilot, game: str) -> TableScene:
    pilot.start(SetupScene(registry.get(game)))
    for _ in range(40):
        press(pilot, pygame.K_TAB)
        here = pilot.top.widgets.focus.focused()
        if here is not None and getattr(here, "label", "") == "Learn to play":
            break
    press(pilot, pygame.K_RETURN)
    table = pilot.top
    assert isinstance(table, TableScene) and table.lesson is not None
    return table


def lesson_move(table: TableScene, seat: int):
    prompt = table.lesson_prompt()
    assert prompt is not None and prompt.action is not None
    return prompt.action


@pytest.mark.parametrize("game", list(DRIVE))
def test_every_lesson_by_keys_alone(game) -> None:
    pilot = Pilot(size=(1024, 640))
    try:
        table = open_lesson_by_keys(pilot, game)
        for _ in range(80):
            if table.lesson.done or table.match.over:
                break
            one_move(pilot, table, game, lesson_move)
        assert table.lesson.done
    finally:
        pygame.display.quit()


def test_builders_discards_shown_larger_by_keys() -> None:
    """What resting the pointer on a discard area shows (the cards larger), V shows player by
    player, then nothing."""
    rules = registry.get("builders")
    seats = [Seat("Anna")] + [Seat(f"B{i}", bot="novice") for i in range(4)]
    match = Match(rules, rules.make_config(5), 7, seats)
    match.play_bots(until=lambda m: sum(bool(d) for d in m.view(0).discards) >= 2)
    pilot = Pilot(size=(1024, 640))
    try:
        table = table_for("builders")(match, None, threaded=False)
        pilot.start(table)
        with_discards = [s for s in range(5) if table.view.discards[s]]
        shown = []
        for _ in range(len(with_discards) + 1):
            pilot.press(pygame.K_v)
            shown.append(table.disc_hover)
        assert shown == [*with_discards, None]
    finally:
        pygame.display.quit()
