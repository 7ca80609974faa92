"""Physics behaviours pinned by tests: settled verdicts, the ensemble the rules draw from, the
plausibility table of named towers, determinism and replays of recorded falls."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as hs

from babel.core.match import Match, Seat
from babel.core.protocol import replace
from babel.games.babel_on import RULES, physics, preview
from babel.games.babel_on.actions import Add, Take, canonical
from babel.games.babel_on.falls import move_places, physics_member
from babel.games.babel_on.model import EventKind, Phase
from babel.games.babel_on.structure import Block
from tests.test_babel_on_rules import new, rolled, tower

P = physics.Placed
FALLS_FILE = Path(__file__).parent / "data" / "babel_on_falls.json"


def straight(floors: int, lean_x: int = 0, lean_y: int = 0) -> list[physics.Placed]:
    """A full 2x2 tower; a leaning one steps ``lean`` units per floor towards the touched side
    (cell a's outside: negative offsets), at most 8."""
    return [
        P(c, f, -min(physics.MAX_OFFSET, lean_x * (f - 1)), -min(physics.MAX_OFFSET, lean_y * (f - 1)))
        for c in range(4)
        for f in range(1, floors + 1)
    ]


def column(cell: int, floors: int, lean_x: int = 0, lean_y: int = 0) -> list[physics.Placed]:
    """One bare column, leaning like ``straight``."""
    return [
        P(cell, f, -min(physics.MAX_OFFSET, lean_x * (f - 1)), -min(physics.MAX_OFFSET, lean_y * (f - 1)))
        for f in range(1, floors + 1)
    ]


def without(places, cell, floor):
    return [p for p in places if (p.cell, p.floor) != (cell, floor)]


# -- the plausibility table: named towers, touched at cell a, in the order a person expects -----
TOWERS = {
    **{f"bare column, {n} high": column(0, n) for n in range(1, 7)},
    **{f"full 2x2, {n} floors": straight(n) for n in range(2, 7)},
    "full 2x2, 6 floors, leaning in one axis": straight(6, 3),
    "full 2x2, 6 floors, leaning in two axes": straight(6, 3, 3),
    "bare column, 6 high, leaning in one axis": column(0, 6, 3),
    "bare column, 6 high, leaning in two axes": column(0, 6, 3, 3),
    "wall (a and b), 6 high": column(0, 6) + column(1, 6),
    "1 block on a full 2-floor base": straight(2) + [P(0, 3)],
    "1 block on a full 3-floor base": straight(3) + [P(0, 4)],
    "1 block on a full 4-floor base": straight(4) + [P(0, 5)],
    "2 blocks on a full 4-floor base": straight(4) + [P(0, 5), P(0, 6)],
}
# (sturdier, less sturdy): the first is never riskier at any shake 1-9 (``STRICT``: and strictly
# safer at some)
ORDERINGS = [
    *((f"bare column, {n} high", f"bare column, {n + 1} high") for n in range(1, 6)),
    *((f"full 2x2, {n} floors", f"full 2x2, {n + 1} floors") for n in range(2, 6)),
    ("1 block on a full 2-floor base", "bare column, 3 high"),
    ("1 block on a full 3-floor base", "bare column, 4 high"),
    ("1 block on a full 4-floor base", "bare column, 5 high"),
    ("2 blocks on a full 4-floor base", "bare column, 6 high"),
    ("1 block on a full 4-floor base", "2 blocks on a full 4-floor base"),
    ("full 2x2, 6 floors", "full 2x2, 6 floors, leaning in one axis"),
    ("full 2x2, 6 floors, leaning in one axis", "full 2x2, 6 floors, leaning in two axes"),
    ("bare column, 6 high", "bare column, 6 high, leaning in one axis"),
    ("bare column, 6 high, leaning in one axis", "bare column, 6 high, leaning in two axes"),
    ("full 2x2, 6 floors", "wall (a and b), 6 high"),
    ("wall (a and b), 6 high", "bare column, 6 high"),
]
STRICT = {
    ("full 2x2, 6 floors", "full 2x2, 6 floors, leaning in one axis"),
    ("full 2x2, 6 floors, leaning in one axis", "full 2x2, 6 floors, leaning in two axes"),
    ("bare column, 6 high", "bare column, 6 high, leaning in one axis"),
    ("bare column, 6 high, leaning in one axis", "bare column, 6 high, leaning in two axes"),
    ("full 2x2, 6 floors", "wall (a and b), 6 high"),
    ("wall (a and b), 6 high", "bare column, 6 high"),
    ("2 blocks on a full 4-floor base", "bare column, 6 high"),
    ("1 block on a full 4-floor base", "bare column, 5 high"),
}


def risks(name: str) -> list[float]:
    return [physics.risk(TOWERS[name], 0, s) for s in range(physics.MAX_SHAKE + 1)]


def test_plausibility_table_orderings_hold():
    for sturdier, weaker in ORDERINGS:
        a, b = risks(sturdier), risks(weaker)
        assert all(x <= y for x, y in zip(a[1:], b[1:])), (sturdier, a, weaker, b)
        if (sturdier, weaker) in STRICT:
            assert any(x < y for x, y in zip(a, b)), (sturdier, weaker)
    assert risks("full 2x2, 6 floors")[2] == 0.0  # careful hands never topple a sound tower


def test_statically_stable_towers_stand_under_gravity_alone():
    """Every named tower, and a staircase leaning as far as offsets go, stands with no jolt."""
    for name in TOWERS:
        assert risks(name)[0] == 0.0, name
    stair = [P(0, f, -min(physics.MAX_OFFSET, 4 * (f - 1)), 0) for f in range(1, 7)]
    assert physics.risk(stair, 0, 0) == 0.0


def test_a_jolt_reaches_the_diagonal_column_through_the_blocks_it_touches():
    t = column(0, 4) + column(1, 4) + column(2, 4) + column(3, 6)
    slices = physics._slices(physics._canonical(t), 0)
    far = [sl for sl in slices if 3 in {t[k].cell for k in sl.members} and sl.coupling < 1]
    assert len(far) == 2 and all(sl.coupling == physics.TRANSMIT for sl in far)
    lonely = column(0, 1) + column(3, 6)  # b and c empty: only the table carries the jolt
    far = [sl for sl in physics._slices(physics._canonical(lonely), 0) if sl.coupling < 1]
    assert far and all(sl.coupling == physics.THROUGH_TABLE for sl in far)


def test_unsupported_block_falls_even_with_steady_hands():
    floating = [P(0, 1), P(1, 1), P(1, 3)]  # b3 has nothing under it
    assert physics.risk(floating, 1, 0) == 1.0
    report = physics.outcome(floating, 1, 0, 0)
    assert not report.stands and (1, 3) in report.fallen and (0, 1) not in report.fallen
    overhang = [P(0, 1), P(0, 2, 30, 0)]  # far over the edge of the block below
    assert physics.risk(overhang, 0, 0) == 1.0


def test_removing_a_block_with_a_block_above_knocks_the_tower_over():
    report = physics.outcome(without(straight(4), 2, 2), 2, 0, 5)
    assert not report.stands and {(2, 3), (2, 4)} <= set(report.fallen)


def test_removing_a_block_with_a_block_above_in_the_engine():
    s = new(2)
    s = replace(s, towers=(tower("0"), tower("0000", "1111", "2222", "0000")))
    s = rolled(s, 0, "odd", 1)
    step = RULES.apply(s, 0, Take(tower=1, cell=3, floor=2))
    assert step.state.eliminated[0]
    fall = next(e for e in step.events if e.kind == EventKind.FALL)
    assert [3, 3, "red"] in fall.data["fallen"] and [3, 4, "red"] in fall.data["fallen"]
    assert fall.irreversible


def test_straight_six_floor_tower_goes_up_with_steady_hands():
    s = new(2, steady_hands=True)
    s = replace(s, bonus=(0, 0))
    for _ in range(24):
        s = replace(s, turn=0, phase=Phase.PLACE, hand=(0,), holder=0)
        m = next(m for m in RULES.legal_actions(s, 0) if isinstance(m, Add))
        step = RULES.apply(s, 0, m)
        assert not any(e.kind == EventKind.FALL for e in step.events)
        s = step.state


def test_settled_verdict_a_sway_that_settles_back_stands_and_is_a_wobble():
    """Rocking on the way is not a fall: the verdict is taken once the tower has come to rest."""
    t = straight(6)
    shake = 9
    ens = physics.ensemble(t, 0, shake)
    assert 0 < ens.risk < 1
    report = next(
        r for r in (physics.outcome(t, 0, shake, k) for k in range(physics.MEMBERS)) if r.stands and r.wobble
    )
    assert report.frames and not report.fallen


def clear_physics_memo() -> None:
    for fn in (physics._settled_run, physics.decide, physics._ensemble, physics._outcome, physics._slices):
        fn.cache_clear()


def test_a_member_is_decided_by_its_own_run_the_same_again_with_or_without_frames():
    """One function decides a member; simulating it afresh (and recording its frames) gives the
    same verdict, and the frames end where the verdict was taken."""
    t = without(straight(6), 1, 6) + [P(1, 6, 3, -2)]
    falls = physics.ensemble(t, 1, 7).falls
    assert any(falls) and not all(falls)
    for k in range(0, physics.MEMBERS, 4):
        clear_physics_memo()
        report = physics.outcome(t, 1, 7, k)
        assert report.stands == (not falls[k]), k
    clear_physics_memo()
    assert physics.ensemble(t, 1, 7).falls == falls


def test_a_block_that_slid_but_still_sits_on_the_tower_is_shifted_not_knocked_over():
    """The tower stands; the state keeps the block where it came to rest and the event says so."""
    base = straight(2) + [P(0, 3)]
    shake, member = next(
        (s, k)
        for s in range(1, physics.MAX_SHAKE + 1)
        for k in range(physics.MEMBERS)
        if physics.outcome(base, 0, s, k).stands and physics.outcome(base, 0, s, k).shifted
    )
    report = physics.outcome(base, 0, shake, member)
    assert all(max(abs(dx), abs(dy)) < physics.BLOCK / 2 for _, _, dx, dy in report.shifted)
    s = rolled(replace(new(2), towers=(tower("00", "00", "00", "00"), tower())), 0, "even", 2)
    s = replace(s, rng=next(r for r in range(10_000) if physics_member(r, s.ply + 1) == member))
    view = RULES.view(s, 0)
    m = preview.hand_move(view, Add(colour=s.hand[0], tower=0, cell=0), shake=shake)
    step = RULES.apply(s, 0, m)
    assert not any(e.kind == EventKind.FALL for e in step.events)
    added = next(e for e in step.events if e.kind == EventKind.ADD)
    assert added.data["shifted"] == [list(e) for e in report.shifted]
    for cell, floor, dx, dy in report.shifted:
        block = step.state.towers[0][cell][floor - 1]
        assert (block.dx, block.dy) == (dx, dy)
    again = RULES.state_from_json(json.loads(json.dumps(RULES.state_to_json(step.state))))
    assert again == step.state


@settings(max_examples=25, deadline=None)
@given(seed=hs.integers(0, 10_000), shake=hs.integers(0, physics.MAX_SHAKE), cell=hs.integers(0, 3))
def test_apply_draws_its_outcome_from_the_ensemble_the_table_shows(seed, shake, cell):
    """The risk shown is the share of the ensemble that falls; apply falls exactly when the member
    drawn with the state's RNG is one of those."""
    s = new(2, seed=seed)
    s = replace(s, towers=(tower("0000", "0000", "00", "000"), tower()))
    s = rolled(s, 0, "even", 2)
    view = RULES.view(s, 0)
    m = preview.hand_move(view, Add(colour=s.hand[0], tower=0, cell=cell), shake=shake)
    if canonical(m) not in RULES.legal_actions(s, 0):
        return
    ens = preview.move_ensemble(view, m)
    assert ens.risk == preview.knock_risk(view, m)
    step = RULES.apply(s, 0, m)
    fell = any(e.kind == EventKind.FALL for e in step.events)
    assert fell == ens.falls[physics_member(s.rng, s.ply + 1)]


def test_bots_weigh_the_table_risk_of_the_move_they_make():
    from babel.games.babel_on.bots import HANDS, move_risk, with_hand

    s = new(2)
    s = replace(s, towers=(tower("0"), tower("2000", "2111", "2222", "2000")))
    s = rolled(s, 0, "odd", 1)
    view = RULES.view(s, 0)
    for m in RULES.legal_actions(s, 0)[:6]:
        for hand in HANDS.values():
            made = with_hand(view, m, hand)
            if m.floor == len(view.towers[m.tower][m.cell]):
                assert move_risk(view, m, hand) == preview.knock_risk(view, made, hand.name)


def test_undo_never_takes_back_a_fall_but_a_standing_move_may_be_undone():
    match = Match(RULES, RULES.make_config(2), 5, [Seat("A", None), Seat("B", None)])
    s = replace(new(2, seed=5), towers=(tower("0"), tower("0000", "1111", "2222", "0000")))
    s = rolled(s, 0, "odd", 3)
    match.state = s
    match.submit(0, Take(tower=1, cell=0, floor=4))
    assert match.undo_point(0) is not None  # a take that stood: no chance draw was revealed
    match.submit(0, Take(tower=1, cell=2, floor=2))  # blocks above: a certain fall
    assert match.state.eliminated[0] and match.undo_point(0) is None


def test_offsets_are_stored_and_clamped_by_the_engine():
    s = new(2)
    s = rolled(replace(s, towers=(((Block(0), Block(0, 5, 0)), (Block(0),), (), ()), tower())), 0, "even", 2)
    c = s.hand[0]
    s2 = RULES.apply(s, 0, Add(colour=c, tower=0, cell=1, dx=-8, dy=2)).state
    assert s2.towers[0][1][1] == Block(c, 5 - physics.GAP, 2)  # stopped touching a's block at dx 5


def test_replay_of_recorded_falls_matches_this_pymunk():
    """Falls recorded with the pinned pymunk replay the same (a new pymunk would show here)."""
    import pymunk

    recorded = json.loads(FALLS_FILE.read_text())
    assert pymunk.version == recorded["pymunk"]
    for game in recorded["games"]:
        config = RULES.make_config(game["players"])
        state = RULES.initial_state(config, game["seed"])
        falls = []
        for ply, (seat, text) in enumerate(game["log"]):
            step = RULES.apply(state, seat, RULES.parse_action(text))
            falls += [
                [ply, e.data["tower"], e.data["fallen"]] for e in step.events if e.kind == EventKind.FALL
            ]
            state = step.state
        assert falls == game["falls"] and RULES.digest(state) == game["digest"]


def test_preview_targets_and_drag_shake():
    s = new(2)
    s = replace(s, towers=(tower("0"), tower("2000", "2111", "2222", "2000")))
    s = rolled(s, 0, "odd", 1)
    view = RULES.view(s, 0)
    legal = RULES.legal_actions(s, 0)
    assert preview.block_moves(legal, 1, 0, 4) and not preview.block_moves(legal, 1, 1, 2)
    pulled = Take(tower=1, cell=0, floor=2)  # blocks above it: a certain fall
    assert preview.knock_risk(view, pulled, "steady") == 1.0
    assert preview.shake_from_drag(1.0, 0.0) == 0 and preview.shake_from_drag(50, 500) == 9
    assert preview.shake_from_drag(50, 500, steady_hands=True) == 0
    assert move_places(view.towers[1], pulled, None)
    json.dumps(physics.outcome(preview.move_tower_places(view, pulled), 0, 0, 0).to_data())
    assert isinstance(Block(0), Block)
