"""Tower of Babel solitaire: the rules engine (named after the rulings they pin)."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from babel.core.protocol import ActionTextError, ConfigError, IllegalAction
from babel.core.rng import Rng
from babel.games.solitaire import RULES
from babel.games.solitaire.actions import DRAW, FINISH, Move
from babel.games.solitaire.deals import CARDS, TILES, Variant, deal_order, matches, piece_name
from babel.games.solitaire.model import Difficulty, Phase, result_class
from babel.games.solitaire.rules import SolitaireRules, deal_number

STRICT = Difficulty.STRICT


def play(state, *texts):
    events = []
    for text in texts:
        step = RULES.apply(state, 0, RULES.parse_action(text))
        state = step.state
        events.extend(step.events)
    return state, events


def tops(state):
    return tuple(stack[-1] for stack in state.line)


# -- ruling 1: the tiles and matching -------------------------------------------------------
def test_ruling1_the_24_tiles_and_52_cards():
    assert len(TILES) == 24 and len(set(TILES)) == 24
    assert len(CARDS) == 52 and len(set(CARDS)) == 52
    assert {t[1] for t in TILES} == set("SMCA")
    assert {t[0] for t in TILES} == set("na2345")
    assert piece_name("nS", Variant.TILES) == "null of Suns"
    assert piece_name("aA", Variant.TILES) == "ace of Arms"
    assert piece_name("TD", Variant.CARDS) == "10 of diamonds"


def test_ruling1_tiles_match_by_suit_or_value():
    assert matches("3S", "5S")  # same suit
    assert matches("3S", "3M")  # same value
    assert matches("nC", "nA")  # nulls are a value
    assert not matches("3S", "4M")
    assert not matches("aS", "nM")


# -- ruling 2: moves ----------------------------------------------------------------------
def test_move_one_to_the_left_on_a_suit_match():
    s = SolitaireRules.from_order(["3S", "5S", "nM"])
    s, _ = play(s, "draw")
    assert RULES.legal_actions(s, 0) == (DRAW, Move(1, 0))
    s, events = play(s, "move 2->1")
    assert s.line == (("3S", "5S"),)
    assert events[0].kind == "move"
    assert events[0].data == {
        "from": 1,
        "to": 0,
        "tile": "5S",
        "onto": "3S",
        "count": 1,
        "distance": 1,
        "stacks": 1,
    }


def test_move_three_to_the_left_on_a_value_match():
    s = SolitaireRules.from_order(["3S", "nM", "aC", "3A"])
    s, _ = play(s, "draw", "draw", "draw")
    assert Move(3, 0) in RULES.legal_actions(s, 0)
    assert Move(3, 2) not in RULES.legal_actions(s, 0)  # 3A and aC do not match
    s, events = play(s, "move 4->1")
    assert s.line == (("3S", "3A"), ("nM",), ("aC",))
    assert events[0].data["distance"] == 3


def test_two_places_left_is_never_a_move():
    s = SolitaireRules.from_order(["3S", "nM", "4S", "aC"])
    s, _ = play(s, "draw", "draw")
    assert Move(2, 0) not in RULES.legal_actions(s, 0)
    with pytest.raises(IllegalAction, match="one or three places"):
        RULES.apply(s, 0, Move(2, 0))


def test_line_closes_up_after_a_move():
    s = SolitaireRules.from_order(["5S", "nM", "nC", "aA", "2S"])
    s, _ = play(s, "draw", "draw", "draw", "draw")
    assert tops(s) == ("5S", "nM", "nC", "aA", "2S")
    assert Move(4, 1) not in RULES.legal_actions(s, 0)  # 2S is four places from 5S: no move
    s, _ = play(s, "move 3->2")  # nC onto nM: the stacks to its right shift one place left
    assert s.line == (("5S",), ("nM", "nC"), ("aA",), ("2S",))
    # 2S is now three places from 5S, so the closed-up line offers a new move
    assert Move(3, 0) in RULES.legal_actions(s, 0)
    s, _ = play(s, "move 4->1")
    assert tops(s) == ("2S", "nC", "aA")


def test_a_stack_that_is_not_the_newest_may_move():
    s = SolitaireRules.from_order(["3S", "5S", "nM", "2A"])
    s, _ = play(s, "draw", "draw", "draw")
    assert Move(1, 0) in RULES.legal_actions(s, 0)  # 5S is second of four
    s, _ = play(s, "move 2->1")
    assert tops(s) == ("5S", "nM", "2A")


def test_the_whole_stack_moves():
    s = SolitaireRules.from_order(["3S", "4M", "4C", "3C"])
    s, _ = play(s, "draw", "draw", "draw", "move 3->2", "move 3->2")
    assert s.line == (("3S",), ("4M", "4C", "3C"))
    s, events = play(s, "move 2->1")  # the stack of three lands on 3S (same value)
    assert s.line == (("3S", "4M", "4C", "3C"),)
    assert events[0].data["count"] == 3 and events[0].data["tile"] == "3C"
    assert events[-1].kind == "end" and events[-1].data["result"] == "full"


def test_either_target_when_both_match():
    s = SolitaireRules.from_order(["3S", "nM", "aA", "3A"])
    s, _ = play(s, "draw", "draw", "draw")
    assert {Move(3, 2), Move(3, 0)} <= set(RULES.legal_actions(s, 0))
    a, _ = play(s, "move 4->3")
    b, _ = play(s, "move 4->1")
    assert tops(a) == ("3S", "nM", "3A") and tops(b) == ("3A", "nM", "aA")


def test_moves_may_wait_until_after_the_last_draw():
    s = SolitaireRules.from_order(["3S", "5S", "nM"])
    s, _ = play(s, "draw", "draw")
    assert s.phase is Phase.PLAY
    assert RULES.legal_actions(s, 0) == (Move(1, 0), FINISH)


# -- ruling 2: the end -----------------------------------------------------------------------
def test_game_ends_when_player_finishes_after_the_last_draw():
    s = SolitaireRules.from_order(["3S", "5S", "nM"])
    with pytest.raises(IllegalAction, match="after the last draw"):
        RULES.apply(s, 0, FINISH)
    s, events = play(s, "draw", "draw", "finish")
    assert s.phase is Phase.OVER
    assert RULES.to_act(s) == () and RULES.legal_actions(s, 0) == ()
    end = events[-1]
    assert end.kind == "end" and end.data["stacks"] == 3 and end.data["result"] == "partial"
    with pytest.raises(IllegalAction, match="over"):
        RULES.apply(s, 0, DRAW)


def test_game_ends_by_itself_when_no_move_is_left():
    s = SolitaireRules.from_order(["3S", "4M", "nC"])
    s, events = play(s, "draw", "draw")
    assert s.phase is Phase.OVER
    assert [e.kind for e in events] == ["draw", "draw", "end"]
    assert events[-1].data["reason"] == "no move left"
    s = SolitaireRules.from_order(["3S", "5M", "5S"])
    s, events = play(s, "draw", "draw", "move 3->2", "move 2->1")
    assert s.phase is Phase.OVER and len(s.line) == 1
    assert events[-1].data["result"] == "full"


# -- ruling 3: results -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("stacks", "kind", "winners", "summary"),
    [
        (1, "full", (0,), "Full win: 1 stack left"),
        (2, "partial", (0,), "Partial win: 2 stacks left"),
        (3, "partial", (0,), "Partial win: 3 stacks left"),
        (4, "loss", (), "Loss: 4 stacks left"),
        (9, "loss", (), "Loss: 9 stacks left"),
    ],
)
def test_ruling3_result_classes(stacks, kind, winners, summary):
    assert result_class(stacks) == kind
    order = ["3S", "4M", "nC", "aA", "2S", "3M", "4C", "nA", "aS"][:stacks]
    s = SolitaireRules.from_order(order)
    for _ in range(stacks - 1):
        s, _ = play(s, "draw")
    if s.phase is Phase.PLAY:
        s, _ = play(s, "finish")
    assert len(s.line) == stacks
    out = RULES.outcome(s)
    assert out.winners == winners and out.scores == (float(stacks),) and out.summary == summary
    assert RULES.view(s, 0).result == kind


# -- ruling 4 and options: cards, strict ------------------------------------------------------
def test_ruling4_cards_variant_is_accordion():
    config = RULES.make_config(1, variant="cards")
    s = RULES.initial_state(config, 5)
    assert s.variant is Variant.CARDS and len(s.pile) == 51 and len(s.line) == 1
    assert sorted(s.pile + s.line[0]) == sorted(CARDS)
    s = SolitaireRules.from_order(["7S", "7H", "KH", "2C"], Variant.CARDS)
    s, _ = play(s, "draw", "draw")
    assert RULES.legal_actions(s, 0) == (DRAW, Move(1, 0), Move(2, 1))


def test_strict_a_move_must_be_made_before_drawing():
    s = SolitaireRules.from_order(["3S", "5S", "nM", "nC"], difficulty=STRICT)
    s, _ = play(s, "draw")
    assert RULES.legal_actions(s, 0) == (Move(1, 0),)
    with pytest.raises(IllegalAction, match="strict rule: a possible move must be made"):
        RULES.apply(s, 0, DRAW)


def test_strict_nearest_neighbour_when_both_match():
    s = SolitaireRules.from_order(["3S", "nM", "aA", "3A", "4M"], difficulty=STRICT)
    s, _ = play(s, "draw", "draw", "draw")
    # 3A matches aA (one left, Arms) and 3S (three left, value 3): only the nearest is allowed
    assert RULES.legal_actions(s, 0) == (Move(3, 2),)
    with pytest.raises(IllegalAction, match="nearest match"):
        RULES.apply(s, 0, Move(3, 0))


def test_strict_three_step_allowed_when_the_neighbour_does_not_match():
    s = SolitaireRules.from_order(["3S", "nM", "aC", "3A", "4M"], difficulty=STRICT)
    s, _ = play(s, "draw", "draw", "draw")
    assert RULES.legal_actions(s, 0) == (Move(3, 0),)


def test_strict_has_no_finish_and_ends_when_no_move_is_left():
    s = SolitaireRules.from_order(["3S", "nM", "5M"], difficulty=STRICT)
    s, _ = play(s, "draw", "draw")
    assert RULES.legal_actions(s, 0) == (Move(2, 1),)  # no finish while a move is possible
    s, events = play(s, "move 3->2")
    assert s.phase is Phase.OVER and events[-1].kind == "end"


# -- deals -------------------------------------------------------------------------------------
PINNED = {
    (Variant.TILES, 0): "3M 2C 4C aC 3C 5A 2A 3S 3A 5M nC 2S 4A 5C 2M nA aM nS 4M aA 4S aS nM 5S",
    (Variant.TILES, 1): "nS 5M 5C 2S aA 4A 2A 2C 3C 5A 3M aC aM nC nM 2M 3A 5S aS 3S 4C nA 4M 4S",
    (Variant.TILES, 1234): "aA 5C 2S 2A nS 2C aM 5M 4S 4A nA 5S 3C 3S nC aC 4M 3M 3A 5A 4C aS 2M nM",
    (Variant.CARDS, 1234): "AS 7S 2D 3C 7D QS KD QH 7H TC 3S 4S 3H JC 9D 6C 8H 7C AC AH 4D 5S KH TD TH 2C "
    "QC 9H 3D 9C 8D JD TS 5H 5D 6S 9S 5C 6D QD 4C 2H 4H 8C JS AD KS 6H 2S 8S KC JH",
}


@pytest.mark.parametrize(("key", "order"), list(PINNED.items()), ids=lambda x: str(x)[:20])
def test_numbered_deals_never_change(key, order):
    variant, number = key
    assert " ".join(deal_order(variant, number)[0]) == order
    config = RULES.make_config(1, variant=variant.value)
    s = RULES.initial_state(config, number)
    assert s.deal == number
    assert " ".join(s.line[0] + s.pile) == order


def test_deal_number_is_the_seed_unless_the_option_says_otherwise():
    plain = RULES.make_config(1)
    assert deal_number(plain, 77) == 77
    chosen = RULES.make_config(1, deal=1234)
    assert deal_number(chosen, 77) == 1234
    assert RULES.initial_state(chosen, 77) == RULES.initial_state(plain, 1234)
    strict = RULES.make_config(1, deal=1234, difficulty="strict")
    assert RULES.initial_state(strict, 0).pile == RULES.initial_state(plain, 1234).pile
    assert deal_number(plain, 10**12 + 5) == 5  # any seed names a deal
    with pytest.raises(ConfigError):
        RULES.initial_state(dataclasses.replace(plain, options={"deal": 10**9}), 0)


# -- text, view, protocol details --------------------------------------------------------------
def test_action_text_counts_from_one():
    assert RULES.action_text(Move(4, 3)) == "move 5->4"
    assert RULES.parse_action("move 5->4") == Move(4, 3)
    assert RULES.parse_action("draw") == DRAW and RULES.parse_action("finish") == FINISH
    for bad in ("move 0->1", "move 3-2", "jump", "move a->b"):
        with pytest.raises(ActionTextError):
            RULES.parse_action(bad)


def test_view_shows_everything_but_the_pile_order():
    s = RULES.initial_state(RULES.make_config(1), 3)
    s, _ = play(s, "draw", "draw")
    v = RULES.view(s, 0)
    assert v.pile_size == 21 and v.line == s.line and not v.last_draw_done and v.result == ""
    assert sorted(v.unseen) == sorted(s.pile)
    other = RULES.resample_hidden(s, 0, Rng(5))
    assert other.pile != s.pile and RULES.view(other, 0) == v
    d = RULES.determinize(v, 0, Rng(9))
    assert RULES.view(d, 0) == v and sorted(d.pile) == sorted(s.pile)


def test_draw_event_names_the_tile():
    s = RULES.initial_state(RULES.make_config(1), 1234)
    s2, events = play(s, "draw")
    assert events[0].kind == "draw"
    assert events[0].data == {"tile": "5C", "to": 1, "pile": 22}


# -- property: random play conserves the pieces and round-trips through JSON ------------------
@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    variant=st.sampled_from(["tiles", "cards"]),
    difficulty=st.sampled_from(["standard", "strict"]),
    walk=st.integers(0, 2**32),
)
def test_random_play_conserves_pieces_and_round_trips(seed, variant, difficulty, walk):
    config = RULES.make_config(1, variant=variant, difficulty=difficulty)
    state = RULES.initial_state(config, seed)
    full = sorted(TILES if variant == "tiles" else CARDS)
    rng = Rng(walk)
    for _ in range(400):
        assert sorted(state.pile + tuple(p for stack in state.line for p in stack)) == full
        text = json.dumps(RULES.state_to_json(state))
        assert RULES.state_from_json(json.loads(text)) == state
        view = RULES.view(state, 0)
        assert RULES.view_from_json(json.loads(json.dumps(RULES.view_to_json(view)))) == view
        legal = RULES.legal_actions(state, 0)
        if not legal:
            break
        action = rng.choice(legal)
        assert RULES.parse_action(RULES.action_text(action)) == action
        state = RULES.apply(state, 0, action).state
    assert RULES.is_over(state)


def test_strict_is_called_an_optional_challenge_not_a_historical_rule():
    """No source knows a strict rule: the option help, RULES.md and the engine say what it is."""
    from pathlib import Path

    from babel.games.solitaire import rules as engine

    option = next(o for o in engine.SolitaireRules.info.options if o.key == "difficulty")
    assert "optional challenge" in option.help and "Standard:" in option.help
    rules_md = (Path(engine.__file__).parent / "RULES.md").read_text(encoding="utf-8")
    source = Path(engine.__file__).read_text(encoding="utf-8")
    for text in (option.help, rules_md, source):
        assert "historical" not in text


def test_invariants_keep_every_piece_once_and_catch_a_lost_or_doubled_one():
    state = RULES.initial_state(RULES.make_config(1), 77)
    while not RULES.is_over(state):
        assert RULES.invariant_errors(state) == ()
        state = RULES.apply(state, 0, RULES.legal_actions(state, 0)[-1]).state
    assert RULES.invariant_errors(state) == ()
    first = state.line[0]
    doubled = dataclasses.replace(state, line=((*first, first[0]), *state.line[1:]))
    assert any("not conserved" in e for e in RULES.invariant_errors(doubled))
    lost = dataclasses.replace(state, line=state.line[1:])
    assert any("not conserved" in e for e in RULES.invariant_errors(lost))


def test_why_illegal_names_the_rule_apply_refuses_with():
    s = SolitaireRules.from_order(["3S", "nM", "aC", "3A"])
    s, _ = play(s, "draw", "draw")
    why = RULES.why_illegal(s, 0, Move(2, 0))
    assert why == "a stack moves only onto the stack one or three places to its left"
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(s, 0, Move(2, 0))
    assert refused.value.reason == why
    assert RULES.why_illegal(s, 0, DRAW) is None
