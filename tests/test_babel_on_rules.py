"""Scripted tests for the Babel On! rules: one or more per rule and per ruling."""

from __future__ import annotations

import pytest

from babel.core.bots import UnknownLevel
from babel.core.protocol import ActionTextError, IllegalAction, replace
from babel.core.rng import Rng
from babel.games.babel_on import BOTS, RULES
from babel.games.babel_on import structure as st
from babel.games.babel_on.actions import (
    Action,
    Add,
    Bonus,
    Call,
    End,
    Pass,
    Return,
    Take,
    canonical,
    sort_key,
)
from babel.games.babel_on.invariants import total_blocks
from babel.games.babel_on.model import BabelState, EventKind, Phase
from babel.games.babel_on.physics import GAP
from babel.games.babel_on.structure import EMPTY_TOWER, Block

R = RULES


def new(players: int = 2, seed: int = 1, **options) -> BabelState:
    return R.initial_state(R.make_config(players, **options), seed)


def rng_rolling(k: int) -> int:
    """An rng state whose next d6 roll is ``k``."""
    for r in range(10_000):
        if Rng(r).randint(1, 6) == k:
            return r
    raise AssertionError


def tower(*columns: str | list) -> tuple:
    """A tower from four column specs: strings of colour digits, bottom first ("001")."""
    cols = []
    for spec in columns:
        cols.append(tuple(Block(int(ch)) for ch in spec))
    while len(cols) < 4:
        cols.append(())
    return tuple(cols)


def at_turn(state: BabelState, seat: int, **changes) -> BabelState:
    return replace(state, turn=seat, phase=Phase.CALL, **changes)


def rolled(state: BabelState, seat: int, parity: str, roll: int) -> BabelState:
    """Seat calls ``parity`` with the die fixed to show ``roll``."""
    s = at_turn(state, seat, rng=rng_rolling(roll))
    return R.apply(s, seat, Call(parity=parity)).state


def refusal(state: BabelState, seat: int, move: Action) -> str:
    """The reason apply refuses ``move`` with, which why_illegal names before it is tried."""
    reason = R.why_illegal(state, seat, move)
    with pytest.raises(IllegalAction) as exc:
        R.apply(state, seat, move)
    assert exc.value.reason == reason
    return exc.value.reason


def kind(m: Action) -> str:
    return R.action_text(m).split()[0]


# -- setup -----------------------------------------------------------------------------------
def test_setup_two_players_adds_neutral_colour():
    s = new(2)
    assert s.bag[0] == 22 and s.bag[1] == 22 and s.neutral == 2 and s.bag[2] == 24
    assert sum(s.bag) == 68 and s.bonus == (2, 2)
    assert total_blocks(s) == 72


def test_setup_four_players_has_no_neutral_colour():
    s = new(4)
    assert s.neutral == -1 and sum(s.bag) == 88 and s.bonus == (2, 2, 2, 2)


def test_first_player_rolled_highest_and_ties_reroll():
    for seed in range(40):
        s = new(6, seed)
        last = s.start_rolls[-1]
        assert last[s.first] == max(last) and list(last).count(max(last)) == 1
        assert s.turn == s.first
        for earlier in s.start_rolls[:-1]:
            top = max(earlier)
            assert list(earlier).count(top) >= 2  # a tie forced another roll
    assert any(len(new(6, seed).start_rolls) > 1 for seed in range(40))


# -- the roll --------------------------------------------------------------------------------
def test_even_right_draws_that_many_blocks_to_place_on_own_tower():
    s = new(2)
    s = rolled(s, 0, "even", 4)
    assert s.phase is Phase.PLACE and len(s.hand) == 4 and s.holder == 0
    assert sum(s.bag) == 64
    legal = R.legal_actions(s, 0)
    adds = [m for m in legal if isinstance(m, Add)]
    assert adds and all(m.tower == 0 for m in adds)
    reason = refusal(s, 0, Add(colour=s.hand[0], tower=1, cell=0))
    assert "Even" in reason
    with pytest.raises(IllegalAction, match="add all the blocks"):
        R.apply(s, 0, End())
    for _ in range(4):
        m = next(m for m in R.legal_actions(s, 0) if isinstance(m, Add))
        s = R.apply(s, 0, m).state
    assert s.phase is Phase.FINISH  # Bonus Blocks are still available
    assert st.block_count(s.towers[0]) == 4


def test_odd_right_removes_all_first_then_adds():
    s = new(2)
    s = replace(s, towers=(tower("0", "0", "2", "2"), tower("1", "1", "2", "0")))
    before = total_blocks(s)
    s = rolled(s, 0, "odd", 3)
    assert s.phase is Phase.REMOVE and s.to_remove == 3
    reason = refusal(s, 0, Add(colour=0, tower=0, cell=0))
    assert reason.startswith("Order")
    for m in (Take(tower=1, cell=3, floor=1), Take(tower=1, cell=2, floor=1)):
        s = R.apply(s, 0, m).state
    assert s.phase is Phase.REMOVE and s.to_remove == 1
    s = R.apply(s, 0, Take(tower=0, cell=2, floor=1)).state
    assert s.phase is Phase.ADD and sorted(s.hand) == [0, 2, 2]
    assert refusal(s, 0, Take(tower=1, cell=0, floor=1)).startswith("Order")
    # blocks may go to any tower in the game
    s = R.apply(s, 0, Add(colour=2, tower=1, cell=2)).state
    s = R.apply(s, 0, Add(colour=0, tower=0, cell=2)).state
    s = R.apply(s, 0, Add(colour=2, tower=1, cell=3)).state
    assert s.phase is Phase.FINISH and not s.hand
    assert total_blocks(s) == before


def test_odd_moves_as_many_as_can_be_removed():
    s = new(2)
    s = replace(s, towers=(tower("0"), EMPTY_TOWER))
    s = rolled(s, 0, "odd", 5)
    s = R.apply(s, 0, Take(tower=0, cell=0, floor=1)).state
    assert s.phase is Phase.ADD and s.hand == (0,)


def test_odd_with_nothing_to_remove_ends_the_roll():
    s = rolled(new(2), 0, "odd", 3)
    assert s.phase is Phase.FINISH  # only Bonus Blocks (or end) remain


def test_wrong_guess_pass_or_return_one_own_block():
    s = new(2)
    s = replace(s, towers=(tower("2", "0"), EMPTY_TOWER), bonus=(0, 0))
    w = rolled(s, 0, "even", 3)
    assert w.phase is Phase.WRONG
    kinds = {kind(m) for m in R.legal_actions(w, 0)}
    assert kinds == {"pass", "return"}
    passed = R.apply(w, 0, Pass()).state
    assert passed.turn == 1 and passed.phase is Phase.CALL
    back = R.apply(w, 0, Return(tower=0, cell=0, floor=1)).state
    assert back.towers[0] == tower("", "0") and back.bag[2] == s.bag[2] + 1
    assert back.turn == 1
    assert "own tower" in refusal(w, 0, Return(tower=1, cell=0, floor=1))


# -- bonus blocks ----------------------------------------------------------------------------
def test_bonus_blocks_after_the_roll_only_and_become_normal_blocks():
    s = at_turn(new(2), 0)
    assert "roll first" in refusal(s, 0, Bonus(tower=0, cell=0))
    s = rolled(s, 0, "even", 3)  # wrong guess: the roll is resolved by pass or return
    assert "fully resolved" in refusal(s, 0, Bonus(tower=0, cell=0))
    s = R.apply(s, 0, Pass()).state
    assert s.phase is Phase.FINISH and s.turn == 0  # now a Bonus Block may be played
    s = R.apply(s, 0, Bonus(tower=0, cell=0)).state
    assert s.bonus[0] == 1 and s.towers[0][0] == (Block(0),) and s.phase is Phase.FINISH
    s = R.apply(s, 0, Bonus(tower=0, cell=1)).state
    assert s.bonus[0] == 0 and s.turn == 1  # nothing left to do: the turn passes
    # once placed, a Bonus Block is an ordinary block: it can be taken off like any other
    s = rolled(replace(s, bonus=(0, 0)), 1, "odd", 1)
    assert Take(tower=0, cell=1, floor=1) in R.legal_actions(s, 1)
    finish = replace(rolled(new(2), 0, "even", 1), phase=Phase.FINISH, hand=(), holder=-1)
    assert "Bonus Blocks go on your own tower" in refusal(finish, 0, Bonus(tower=1, cell=0))


def test_no_bonus_blocks_left():
    s = replace(new(2), bonus=(0, 2))
    s = replace(rolled(s, 0, "even", 1), phase=Phase.FINISH, hand=(), holder=-1)
    assert "no Bonus Blocks" in refusal(s, 0, Bonus(tower=0, cell=0))


def test_ruling_4_no_bonus_block_until_the_roll_is_fully_resolved():
    """Never while placing drawn blocks, and never between an odd roll's removals and its
    additions (a Bonus Block placed then could be taken straight back and moved away)."""
    s = rolled(new(2), 0, "even", 2)
    assert {kind(m) for m in R.legal_actions(s, 0)} == {"add"}
    assert "fully resolved" in refusal(s, 0, Bonus(tower=0, cell=0))
    s = replace(new(2), towers=(tower("0", "0"), tower("1", "1", "1")))
    s = rolled(s, 0, "odd", 3)
    assert s.phase is Phase.REMOVE
    assert "fully resolved" in refusal(s, 0, Bonus(tower=0, cell=2))
    s = R.apply(s, 0, Take(tower=1, cell=0, floor=1)).state
    s = R.apply(s, 0, Take(tower=1, cell=1, floor=1)).state
    s = R.apply(s, 0, Take(tower=1, cell=2, floor=1)).state
    assert s.phase is Phase.ADD and s.hand
    assert not any(isinstance(m, Bonus) for m in R.legal_actions(s, 0))
    assert "fully resolved" in refusal(s, 0, Bonus(tower=0, cell=2))


# -- structure and safety --------------------------------------------------------------------
def test_safety_two_partial_floors():
    t = tower("00", "0")  # floor 1 incomplete (c, d empty): floors 1 and 2 only
    assert st.add_refusal(t, 0) is not None and "Safety" in st.add_refusal(t, 0)
    assert st.add_refusal(t, 1) is None and st.add_refusal(t, 2) is None
    done = tower("00", "0", "0", "0")  # floor 1 complete: floors 2 and 3
    assert st.add_refusal(done, 0) is None and st.add_refusal(done, 1) is None


def test_structure_no_seventh_floor():
    t = tower("000000", "00000", "00000", "00000")
    assert "seventh" in st.add_refusal(t, 0)


def test_safety_holds_for_removals_too():
    t = tower("000", "000", "00", "0")  # heights 3,3,2,1 -> two partial floors (2, 3)
    assert "Safety" in st.remove_refusal(t, 3, 1, 1, own=True)  # 3..0: three partial floors
    assert st.remove_refusal(t, 0, 3, 1, own=True) is None


def test_refusal_names_the_rule_in_play():
    s = replace(new(2), towers=(tower("0", "0"), EMPTY_TOWER))
    s = rolled(s, 0, "even", 2)
    s = replace(s, towers=(tower("00", "0"), EMPTY_TOWER))
    reason = refusal(s, 0, Add(colour=s.hand[0], tower=0, cell=0))
    assert reason.startswith("Safety")


def test_offset_is_clamped_against_a_neighbour():
    # a's floor-2 block pushed right into b's floor-2 block (dx 5): it stops touching it
    t = ((Block(0),), (Block(0), Block(0, 5, 0)), (), ())
    assert st.clamp_offset(t, 0, 8, 0) == (5 + GAP, 0)
    assert st.clamp_offset(t, 0, -8, 3) == (-8, 3)  # away from it: free
    # b's floor-2 block pushed left into a's floor-2 block (dx 0)
    t = ((Block(0), Block(0)), (Block(0, -6, 0),), (), ())
    assert st.clamp_offset(t, 1, -8, 0) == (-GAP, 0)
    # c's block pushed back (towards a) in y
    t = ((Block(0, 0, -1),), (), (), ())
    assert st.clamp_offset(t, 2, 0, -8) == (0, -1 - GAP)


# -- protected floors and last resort --------------------------------------------------------
def test_protected_floor_blocks_it_and_below_for_everyone():
    t = tower("01", "01", "01", "02")  # floor 1 all colour 0 (owner 0)
    assert st.protected_floors(t, 0) == (1,)
    assert "Protected Floor" in st.remove_refusal(t, 0, 1, 0, own=True)
    assert "Protected Floor" in st.remove_refusal(t, 0, 1, 0, own=False)
    assert st.remove_refusal(t, 0, 2, 0, own=False) is None
    high = tower("101", "101", "101", "10")  # floor 2 protected: floor 1 too
    assert st.protected_floors(high, 0) == (2,)
    assert "Protected Floor" in st.remove_refusal(high, 3, 1, 0, own=False)


def test_a_floor_of_another_colour_protects_nothing():
    t = tower("1", "1", "1", "1")
    assert st.protected_floors(t, 0) == ()


def test_last_resort_national_colour():
    t = tower("10", "11", "1", "2")  # owner colour 1; top floor 2 holds a 0 and a 1
    assert "Last Resort" in st.remove_refusal(t, 1, 2, 1, own=False)  # other colour on top
    assert "Last Resort" in st.remove_refusal(t, 2, 1, 1, own=False)  # not the top floor
    assert st.remove_refusal(t, 0, 2, 1, own=False) is None  # a foreign block is fine
    only = tower("21", "11", "1", "1")
    assert st.remove_refusal(only, 0, 2, 1, own=False) is None  # top floor all his colour
    assert st.remove_refusal(t, 1, 2, 1, own=True) is None  # the owner is not bound


def test_engine_refuses_protected_and_last_resort_with_reason():
    s = new(2)
    s = replace(s, towers=(EMPTY_TOWER, tower("10", "11", "1", "2")))
    s = rolled(s, 0, "odd", 1)
    assert "Last Resort" in refusal(s, 0, Take(tower=1, cell=2, floor=1))
    legal = R.legal_actions(s, 0)
    assert Take(tower=1, cell=0, floor=2) in legal
    assert Take(tower=1, cell=2, floor=1) not in legal


# -- knocking over -----------------------------------------------------------------------------
def test_knocking_over_own_tower_destroys_it_and_ends_turn():
    s = new(2)
    s = replace(s, towers=(tower("020", "0", "2", "2"), tower("1")))
    before = total_blocks(s)
    s = rolled(s, 0, "odd", 3)
    step = R.apply(s, 0, Take(tower=0, cell=0, floor=1))  # a block under two others
    s2 = step.state
    assert s2.towers[0] == EMPTY_TOWER and s2.turn == 1 and s2.phase is Phase.CALL
    assert not s2.hand and total_blocks(s2) == before
    fall = next(e for e in step.events if e.kind == EventKind.FALL)
    assert fall.data["result"] == "destroyed" and fall.data["frames"]
    assert s2.bonus[0] == 2  # Bonus Blocks stay behind the architect (Ruling, this edition)


def test_knocking_over_opponent_eliminates_and_victim_restores():
    s = new(3)
    victim = tower("210", "11", "12", "1")
    s = replace(s, towers=(tower("0"), victim, tower("2")))
    before = total_blocks(s)
    s = rolled(s, 0, "odd", 1)
    step = R.apply(s, 0, Take(tower=1, cell=0, floor=1))
    s2 = step.state
    assert s2.eliminated[0] and s2.towers[0] == EMPTY_TOWER and s2.bonus[0] == 0
    assert s2.phase is Phase.RESTORE and R.to_act(s2) == (1,)
    fallen = next(e for e in step.events if e.kind == EventKind.FALL).data["fallen"]
    assert len(s2.hand) == len(fallen) >= 2
    assert total_blocks(s2) == before
    # the victim puts the fallen blocks back, then play goes on after the eliminated player
    while s2.phase is Phase.RESTORE:
        legal = R.legal_actions(s2, 1)
        assert legal and all(isinstance(m, Add) and m.tower == 1 for m in legal)
        s2 = R.apply(s2, 1, legal[0]).state
    assert s2.turn == 1 and s2.phase is Phase.CALL
    assert st.block_count(s2.towers[1]) == st.block_count(victim) - 1  # the pulled block is gone


def test_eliminating_the_last_opponent_ends_the_game():
    s = new(2)
    s = replace(s, towers=(tower("0"), tower("01", "1")))
    s = rolled(s, 0, "odd", 1)
    s2 = R.apply(s, 0, Take(tower=1, cell=0, floor=1)).state
    out = R.outcome(s2)
    assert out is not None and out.winners == (1,) and "last player" in out.summary
    assert out.ending == "last standing" and out.stats["eliminations"] == 1
    assert R.to_act(s2) == ()


def test_restoring_after_a_fall_fills_the_lowest_floor_first():
    t = tower("", "222", "2222", "2222")  # a fall left heights 0,3,4,4
    assert "Safety" in st.add_refusal(t, 1)
    assert st.add_refusal(t, 0) is None


# -- perfect tower and winning ---------------------------------------------------------------
def perfect_for(colour: int, pair: bool) -> tuple:
    other = 5 if colour != 5 else 4
    if pair:
        return tower(str(colour) * 6, str(colour) * 6, str(other) * 6, str(other) * 6)
    return tower(str(colour) * 6, str(other) * 6, str(other) * 6, str(other) * 6)


def test_perfect_tower_rules_by_player_count():
    assert st.is_perfect(perfect_for(0, True), 0, 4)
    assert not st.is_perfect(perfect_for(0, False), 0, 4)  # one block a floor: 5-6 players only
    assert st.is_perfect(perfect_for(0, False), 0, 6)
    diag = tower("000000", "555555", "555555", "000000")  # a and d are diagonal
    assert not st.is_perfect(diag, 0, 4) and st.is_perfect(diag, 0, 5)
    # Line 'em up: colour on every floor but never above itself
    zig = tower("050505", "505050", "555555", "555555")
    assert not st.is_perfect(zig, 0, 6)
    assert not st.is_perfect(tower("00000", "00000", "55555", "55555"), 0, 4)  # 5 floors


def finish_turn(s: BabelState, seat: int) -> BabelState:
    s = rolled(s, seat, "even", 1)  # wrong guess
    s = R.apply(s, seat, Pass()).state
    if s.phase is Phase.FINISH:
        s = R.apply(s, seat, End()).state
    return s


def test_win_is_checked_at_the_end_of_the_round():
    s = new(3)
    s = replace(s, first=0, towers=(EMPTY_TOWER, EMPTY_TOWER, EMPTY_TOWER))
    almost = list(perfect_for(1, True))
    almost[3] = almost[3][:5]
    s = replace(s, towers=(EMPTY_TOWER, tuple(almost), EMPTY_TOWER))
    s = finish_turn(s, 0)
    s = rolled(s, 1, "even", 3)  # wrong guess; after passing, a Bonus Block completes the tower
    s = R.apply(s, 1, Pass()).state
    s = R.apply(s, 1, Bonus(tower=1, cell=3)).state
    assert s.perfect_since[1] >= 0 and R.outcome(s) is None
    if s.phase is Phase.FINISH:
        s = R.apply(s, 1, End()).state
    assert R.outcome(s) is None  # player 3 still has a turn this round
    s = finish_turn(s, 2)
    out = R.outcome(s)
    assert out is not None and out.winners == (1,) and "Perfect Tower" in out.summary
    assert out.ending == "perfect tower"


def test_first_finished_wins_a_tie():
    s = new(5)
    towers = [EMPTY_TOWER] * 5
    towers[3] = perfect_for(3, False)
    towers[1] = perfect_for(1, False)
    s = replace(s, first=0, towers=tuple(towers), perfect_since=(-1, 9, -1, 4, -1))
    for seat in range(5):
        s = finish_turn(s, seat)
    out = R.outcome(s)
    assert out.winners == (3,) and "finished first" in out.summary


def test_round_limit_gives_the_best_tower():
    s = new(2, round_limit=30)
    s = replace(s, first=0, round=30, towers=(tower("00", "00", "0", "0"), tower("1")))
    s = finish_turn(s, 0)
    s = finish_turn(s, 1)
    out = R.outcome(s)
    assert out.winners == (0,) and "round limit" in out.summary
    assert out.ending == "round limit" and out.stats == {"eliminations": 0, "games with an elimination": 0}


def test_drawn_block_with_no_legal_place_returns_to_bag():
    full = perfect_for(0, True)
    s = replace(new(2), towers=(full, EMPTY_TOWER), bonus=(0, 0))
    bag = sum(s.bag)
    step = R.apply(at_turn(s, 0, rng=rng_rolling(2)), 0, Call(parity="even"))
    assert any(e.kind == EventKind.TO_BAG for e in step.events)
    assert sum(step.state.bag) == bag and step.state.turn == 1


# -- action text, hands and validation ------------------------------------------------------
def test_action_text_round_trips_with_offsets_and_shake():
    moves = [
        Call(parity="even"),
        Add(colour=3, tower=2, cell=1, dx=-3, dy=8, shake=4),
        Take(tower=0, cell=3, floor=6, shake=9),
        Return(tower=1, cell=0, floor=2),
        Bonus(tower=4, cell=2, dx=1),
        Pass(),
        End(),
    ]
    for m in moves:
        assert R.parse_action(R.action_text(m)) == m
    assert R.action_text(moves[1]) == "add green 3b @-3,8 ~4"
    for bad in (
        "add pink 1a",
        "take 1e2",
        "call maybe",
        "add red 1a @0,0",
        "jump",
        "take 1a1 @1,0",
        "pass ~2",
    ):
        with pytest.raises(ActionTextError):
            R.parse_action(bad)


def test_apply_accepts_offset_and_shake_within_bounds_only():
    s = rolled(new(2), 0, "even", 2)
    c = s.hand[0]
    ok = R.apply(s, 0, Add(colour=c, tower=0, cell=0, dx=3, dy=-2, shake=1)).state
    assert ok.towers[0][0][0] == Block(c, 3, -2)
    assert "units" in refusal(s, 0, Add(colour=c, tower=0, cell=0, dx=9))
    assert "shake" in refusal(s, 0, Add(colour=c, tower=0, cell=0, shake=10))
    steady = rolled(new(2, steady_hands=True), 0, "even", 2)
    assert "Steady hands" in refusal(steady, 0, Add(colour=steady.hand[0], tower=0, cell=0, shake=1))


def test_a_block_can_be_set_square_on_a_shifted_block_below_it():
    """A hand places a block at most 8 units off its cell's centre, or as far as the shifted
    block it lands on now stands (so it can sit square on it); the preview's hand and the bots
    aim within the same bounds."""
    from babel.games.babel_on import preview
    from babel.games.babel_on.bots import HANDS, with_hand

    s = rolled(new(2), 0, "even", 2)
    c = s.hand[0]
    towers = list(s.towers)
    towers[0] = (((Block(c, 14, -11),),) + tuple(towers[0][1:]))
    shifted = replace(s, towers=tuple(towers))
    assert R.why_illegal(shifted, 0, Add(colour=c, tower=0, cell=0, dx=14, dy=-11)) is None
    assert R.why_illegal(shifted, 0, Add(colour=c, tower=0, cell=0, dx=-8, dy=8)) is None
    assert "shifted" in refusal(shifted, 0, Add(colour=c, tower=0, cell=0, dx=15))
    assert "units" in refusal(shifted, 0, Add(colour=c, tower=0, cell=0, dy=-12))
    assert "units" in refusal(shifted, 0, Add(colour=c, tower=0, cell=1, dx=9))  # the next cell: as before
    view = R.view(shifted, 0)
    aimed = preview.hand_move(view, Add(colour=c, tower=0, cell=0), 30, -30, 0)
    assert (aimed.dx, aimed.dy) == (14, -11)
    assert R.why_illegal(shifted, 0, aimed) is None
    R.apply(shifted, 0, aimed)  # simulated and applied
    for hand in HANDS.values():  # a bot lines a block up with the one below it
        bot_move = with_hand(view, Add(colour=c, tower=0, cell=0), hand)
        assert (bot_move.dx, bot_move.dy) == (14, -11)


def test_legal_actions_are_canonical_and_sorted():
    s = rolled(new(4), 0, "even", 6)
    legal = R.legal_actions(s, 0)
    assert list(legal) == sorted(legal, key=sort_key)
    assert all(m.dx == m.dy == m.shake == 0 for m in legal)
    assert R.legal_actions(s, 1) == ()


def test_view_has_no_rng_and_determinize_rebuilds_the_table():
    s = rolled(new(3), 1, "even", 4)
    view = R.view(s, 2)
    again = R.determinize(view, 2, Rng(5))
    assert R.view(again, 2) == view and again.rng != s.rng
    assert view.tower_info[0].partial_floors == () and view.bag_total == sum(s.bag)


def test_bots_of_every_level_choose_legal_moves_with_hands():
    s = rolled(new(4), 0, "even", 6)
    legal = R.legal_actions(s, 0)
    from babel.core.bots import Budget

    for level in BOTS.offered:
        bot = BOTS.make(level)
        m = bot.choose(R.view(s, 0), legal, Rng(3), Budget())
        assert canonical(m) in legal
        R.apply(s, 0, m)  # accepted with its offset and shake
    with pytest.raises(Exception, match="no bot level"):
        BOTS.make("grandmaster")


def test_bot_levels_are_named_as_the_table_shows_and_old_ids_still_load():
    from babel.games.babel_on import bots

    assert BOTS.offered == ("novice", "steady", "expert")
    assert [BOTS.name(lv) for lv in BOTS.offered] == ["Novice", "Steady", "Expert"]
    for old, new_id in (("random", "novice"), ("heuristic", "steady"), ("strong", "expert")):
        assert type(BOTS.make(old)) is type(BOTS.make(new_id))
    assert (
        BOTS.make("strong").tolerance == 0.0
        and BOTS.make("steady").tolerance == bots.RIVAL_TOLERANCE["steady"]
    )
    with pytest.raises(UnknownLevel):
        BOTS.make("grandmaster")


def test_repair_debt_counts_the_blocks_to_take_down():
    from babel.games.babel_on.bots import repair_debt

    assert repair_debt(tower("00", "00", "0", "0"), 0, 4) == 0
    # floor 1 has no two adjacent red blocks and every cell is built: the cheapest repair takes
    # down b and d (one block each), cheaper than a (two blocks) and a neighbour
    assert repair_debt(tower("10", "1", "1", "1"), 0, 4) == 2
    assert repair_debt(tower("10", "11", "1", "11"), 0, 4) == 3
    assert repair_debt(tower("1", "1", "1", "1"), 0, 5) == 1
