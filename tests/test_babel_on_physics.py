"""Physics behaviours pinned by tests: falls, steady towers, risk ordering, determinism."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from babel.core.protocol import replace
from babel.games.babel_on import RULES, physics
from babel.games.babel_on import structure as st
from babel.games.babel_on.bots import HANDS
from babel.games.babel_on.engine import Move, Phase
from babel.games.babel_on.structure import Block
from tests.test_babel_on_rules import new, rolled, tower

P = physics.Placed


def straight(floors: int) -> list[physics.Placed]:
    return [P(c, f) for c in range(4) for f in range(1, floors + 1)]


def crooked(floors: int) -> list[physics.Placed]:
    """Each floor leans 3 units further out than the one below (the most a hand would)."""
    out = []
    for c in range(4):
        for f in range(1, floors + 1):
            lean = min(physics.MAX_OFFSET, -physics.MAX_OFFSET + 3 * (f - 1))
            out.append(P(c, f, lean, lean))
    return out


def without(places, cell, floor):
    return [p for p in places if (p.cell, p.floor) != (cell, floor)]


def test_unsupported_block_falls():
    floating = [P(0, 1), P(1, 1), P(1, 3)]  # b3 has nothing under it
    report = physics.check(floating, 1, 0)
    assert not report.stands and (1, 3) in report.fallen and (0, 1) not in report.fallen
    # a block hanging far over the edge of the one below falls as well
    overhang = [P(0, 1), P(0, 2, 30, 0)]
    assert not physics.check(overhang, 0, 0).stands


def test_removing_a_block_with_a_block_above_knocks_the_tower_over():
    t = straight(4)
    report = physics.check(without(t, 2, 2), 2, 0)
    assert not report.stands
    assert {(2, 3), (2, 4)} <= set(report.fallen)


def test_removing_a_block_with_a_block_above_in_the_engine():
    s = new(2)
    s = replace(s, towers=(tower("0"), tower("0000", "1111", "2222", "0000")))
    s = rolled(s, 0, "odd", 1)
    step = RULES.apply(s, 0, Move("take", tower=1, cell=3, floor=2))
    assert step.state.eliminated[0]
    fall = next(e for e in step.events if e.kind == "fall")
    assert [3, 3, "red"] in fall.data["fallen"] and [3, 4, "red"] in fall.data["fallen"]


def test_straight_six_floor_tower_stands_at_steady_hands():
    t = straight(6)
    for cell in range(4):
        assert physics.check(without(t, cell, 6), cell, 0).stands
    five = straight(5)
    for cell in range(4):
        assert physics.check([*five, P(cell, 6)], cell, 0).stands
    # and in the engine, with the steady-hands option, a whole straight tower goes up
    s = new(2, steady_hands=True)
    s = replace(s, bonus=(0, 0))
    for _ in range(24):
        s = replace(s, turn=0, phase=Phase.PLACE, hand=(0,), holder=0)
        m = next(m for m in RULES.legal_actions(s, 0) if m.kind == "add")
        step = RULES.apply(s, 0, m)
        assert not any(e.kind == "fall" for e in step.events)
        s = step.state
    assert st.complete_floors(s.towers[0]) == 6


def test_a_straight_tower_stands_small_shakes():
    t = straight(6)
    for cell in range(4):
        for shake in range(4):
            assert physics.check(without(t, cell, 6), cell, shake).stands


def test_tall_crooked_towers_are_riskier_than_short_straight_ones():
    shaky = HANDS["shaky"].shake_weights
    short_straight = physics.risk(without(straight(2), 3, 2), 3, shaky)
    tall_straight = physics.risk(without(straight(6), 3, 6), 3, shaky)
    tall_crooked = physics.risk(without(crooked(6), 3, 6), 3, shaky)
    assert short_straight <= tall_straight < tall_crooked
    assert tall_crooked > 0.3 and short_straight < 0.1


def test_huge_shake_knocks_a_tall_tower_over():
    assert not physics.check(without(straight(6), 1, 6), 1, physics.MAX_SHAKE).stands


def test_fall_report_has_frames_going_down():
    report = physics.check(without(straight(4), 0, 1), 0, 0)
    assert not report.stands and len(report.frames) > 5
    times = [f[0] for f in report.frames]
    assert times == sorted(times) and times[0] == 0.0
    first = {(e[0], e[1]): e for e in report.frames[0][1]}
    last = {(e[0], e[1]): e for e in report.frames[-1][1]}
    assert set(first) == set(report.fallen)
    for key in report.fallen:
        assert last[key][4] < first[key][4]  # every fallen block ends lower
    json.dumps(report.to_data())


def test_a_fresh_space_per_check_gives_the_same_report():
    t = without(crooked(6), 3, 6)
    first = physics.check(t, 3, 6)
    physics._check_cached.cache_clear()
    again = physics.check(list(reversed(t)), 3, 6)  # input order does not matter either
    assert first == again


def test_offsets_are_stored_and_clamped_by_the_engine():
    s = new(2)
    s = rolled(replace(s, towers=(((Block(0), Block(0, 5, 0)), (Block(0),), (), ()), tower())), 0, "even", 2)
    c = s.hand[0]
    s2 = RULES.apply(s, 0, Move("add", colour=c, tower=0, cell=1, dx=-8, dy=2)).state
    assert s2.towers[0][1][1] == Block(c, 3, 2)  # stopped touching a's block at dx 5


SCRIPT = """
import json, sys
from babel.games.babel_on import RULES
from babel.core.bots import Budget, bot_rng
cfg = RULES.make_config(3)
bots = [RULES.make_bot("random") for _ in range(3)]
state = RULES.initial_state(cfg, 7)
falls, ply = [], 0
while RULES.outcome(state) is None:
    seat = RULES.to_act(state)[0]
    legal = RULES.legal_actions(state, seat)
    a = bots[seat].choose(RULES.view(state, seat), legal, bot_rng(7, seat, ply), Budget())
    step = RULES.apply(state, seat, a)
    falls += [e.data["fallen"] for e in step.events if e.kind == "fall"]
    state = step.state
    ply += 1
print(json.dumps({"digest": RULES.digest(state), "falls": falls}))
"""


def test_replay_in_another_process_gives_the_same_falls():
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, cwd=root, check=True)
    theirs = json.loads(out.stdout)
    ns: dict = {}
    exec(SCRIPT.replace("print(", "result = ("), ns)
    mine = json.loads(ns["result"])
    assert mine == theirs and mine["falls"]


def test_preview_predicts_what_apply_decides():
    from babel.games.babel_on import preview

    s = new(2)
    s = replace(s, towers=(tower("0"), tower("2000", "2111", "2222", "2000")))
    s = rolled(s, 0, "odd", 1)
    view = RULES.view(s, 0)
    legal = RULES.legal_actions(s, 0)
    assert preview.block_moves(legal, 1, 0, 4) and not preview.block_moves(legal, 1, 1, 2)
    for m in legal[:8]:
        shaken = preview.hand_move(view, m, shake=6)
        report = preview.predict(view, shaken)
        step = RULES.apply(s, 0, shaken)
        assert any(e.kind == "fall" for e in step.events) == (not report.stands)
        risk = preview.knock_risk(view, m, "shaky")
        assert 0.0 <= risk <= 1.0
    pulled = Move("take", tower=1, cell=0, floor=2)  # blocks above it: a certain fall
    assert preview.knock_risk(view, pulled, "steady") == 1.0
    assert preview.shake_from_drag(1.0, 0.0) == 0 and preview.shake_from_drag(50, 500) == 9
    assert preview.shake_from_drag(50, 500, steady_hands=True) == 0
    json.dumps(preview.predict(view, pulled).to_data())
