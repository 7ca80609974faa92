"""The card duel's rulings, one scripted round each, plus illegal input, views and text forms.

Each test sets up the position before a round (Builder, die, scores), commits the cards one
seat at a time through ``apply`` and checks the resolved round against RULINGS.md (card duel).
"""

from __future__ import annotations

import json

import pytest

from babel.core.match import Match, Seat
from babel.core.protocol import ActionTextError, Config, IllegalAction, replace
from babel.games.duel import RULES
from babel.games.duel.actions import Play
from babel.games.duel.model import JOKER, SUIT, DuelState, EndReason, Phase, RoundKind

A, K, Q = 14, 13, 12


def start(
    players: int = 2, builder: int | None = None, die: int = 1, scores: tuple[int, ...] | None = None
) -> DuelState:
    state = RULES.initial_state(Config(players), seed=7)
    return replace(state, builder=builder, die=die, scores=scores or (0,) * players)


def play_round(state: DuelState, *cards: int):
    """Commit one card per seat (seat order) and return the state and all events."""
    events = []
    for seat, card in enumerate(cards):
        step = RULES.apply(state, seat, Play(card))
        events.extend(step.events)
        state = step.state
    return state, events


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def event(events, kind: str):
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, kinds(events)
    return found[0]


# -- ruling 2: resolving a round ------------------------------------------------------------
def test_single_joker_with_builder_sends_die_to_centre():
    s, ev = play_round(start(2, builder=0, die=4), A, JOKER)
    assert s.builder is None and s.die == 1 and s.scores == (0, 0)
    assert s.history[-1].kind is RoundKind.JOKER
    assert event(ev, "builder").data == {"from": 0, "to": None}
    assert event(ev, "die_move").data == {"from": 0, "to": None, "value_before": 4, "value_after": 1}
    assert "score" not in kinds(ev)


def test_single_joker_played_by_the_builder_still_costs_the_title():
    s, _ = play_round(start(2, builder=1, die=5), 2, JOKER)
    assert s.builder is None and s.scores == (0, 0)


def test_single_joker_without_builder_nobody_becomes_builder():
    s, ev = play_round(start(2), JOKER, A)  # the Ace would win, but the Joker cancels the round
    assert s.builder is None and s.die == 1
    assert event(ev, "round").data["kind"] == "joker"
    assert "builder" not in kinds(ev) and "die_move" not in kinds(ev)


def test_single_joker_in_three_player_game_beats_the_rest():
    s, _ = play_round(start(3, builder=2, die=3), K, JOKER, A)
    assert s.builder is None and s.scores == (0, 0, 0)


def test_two_jokers_with_builder_builder_wins_even_without_a_joker():
    s, ev = play_round(start(3, builder=2, die=3, scores=(0, 0, 5)), JOKER, JOKER, 2)
    assert s.builder == 2 and s.die == 4 and s.scores == (0, 0, 8)
    assert s.history[-1].kind is RoundKind.JOKERS_TIE
    assert event(ev, "score").data["points"] == 3
    assert event(ev, "die_turn").data == {"seat": 2, "value_before": 3, "value_after": 4}


def test_two_jokers_with_builder_in_two_player_game():
    s, _ = play_round(start(2, builder=0, die=2), JOKER, JOKER)
    assert s.builder == 0 and s.die == 3 and s.scores == (2, 0)


def test_two_jokers_without_builder_nothing_happens():
    s, ev = play_round(start(2), JOKER, JOKER)
    assert s.builder is None and s.die == 1 and s.scores == (0, 0)
    assert event(ev, "round").data["winner"] is None


def test_builder_tie_builder_wins_and_turns_die():
    s, ev = play_round(start(2, builder=1, die=2), Q, Q)
    assert s.builder == 1 and s.die == 3 and s.scores == (0, 2)
    assert s.history[-1].kind is RoundKind.BUILDER_WINS
    assert kinds(ev) == [
        "commit",
        "commit_card",
        "commit",
        "commit_card",
        "reveal",
        "round",
        "score",
        "die_turn",
    ]


def test_builder_tie_with_three_players():
    s, _ = play_round(start(3, builder=0, die=1), 9, 9, 5)
    assert s.builder == 0 and s.die == 2 and s.scores == (1, 0, 0)


def test_two_non_builders_tie_above_builder_die_to_centre():
    s, ev = play_round(start(3, builder=0, die=5, scores=(10, 0, 0)), 9, K, K)
    assert s.builder is None and s.die == 1 and s.scores == (10, 0, 0)
    assert s.history[-1].kind is RoundKind.TIE_ABOVE
    assert event(ev, "die_move").data == {"from": 0, "to": None, "value_before": 5, "value_after": 1}


def test_centre_tie_nobody_becomes_builder():
    s, ev = play_round(start(2), 8, 8)
    assert s.builder is None and s.die == 1
    assert s.history[-1].kind is RoundKind.CENTRE_TIE
    assert "builder" not in kinds(ev)


def test_centre_tie_for_highest_in_three_player_game():
    s, _ = play_round(start(3), A, A, 2)
    assert s.builder is None


def test_highest_card_from_centre_becomes_builder_without_points():
    s, ev = play_round(start(2), 3, 4)
    assert s.builder == 1 and s.die == 1 and s.scores == (0, 0)  # ruling 3: becoming Builder scores nothing
    assert event(ev, "die_move").data == {"from": None, "to": 1, "value_before": 1, "value_after": 1}


def test_higher_card_takes_title_and_resets_die():
    s, ev = play_round(start(3, builder=0, die=4, scores=(6, 0, 0)), 10, J := 11, 2)
    assert J == 11
    assert s.builder == 1 and s.die == 1 and s.scores == (6, 0, 0)
    assert event(ev, "builder").data == {"from": 0, "to": 1}
    assert event(ev, "die_move").data == {"from": 0, "to": 1, "value_before": 4, "value_after": 1}


def test_builder_scores_die_value_then_turns_it_up():
    s = start(2)
    s, _ = play_round(s, A, 2)  # player 1 becomes Builder
    s, _ = play_round(s, K, 3)  # wins: 1 point, die to 2
    s, _ = play_round(s, Q, 4)  # wins: 2 points, die to 3
    assert s.builder == 0 and s.die == 3 and s.scores == (3, 0)


# -- ruling 4: the win on a six -------------------------------------------------------------
def test_win_with_six_showing_ends_game_at_once():
    s, ev = play_round(start(2, builder=1, die=6, scores=(12, 9)), 5, 9)
    assert s.phase is Phase.OVER and s.end is EndReason.SIX
    assert s.scores == (12, 15)
    out = RULES.outcome(s)
    assert out.winners == (1,)
    assert event(ev, "game_over").data["reason"] == "six"
    assert RULES.to_act(s) == ()


def test_win_on_six_beats_a_higher_score():
    s, _ = play_round(start(3, builder=2, die=6, scores=(40, 0, 0)), 2, 3, 4)
    assert RULES.outcome(s).winners == (2,)


def test_six_lost_to_a_joker_does_not_end_the_game():
    s, _ = play_round(start(2, builder=0, die=6), A, JOKER)
    assert s.phase is Phase.CHOOSE and s.builder is None


# -- ruling 1 and 5: set-up, 14 rounds, draws -----------------------------------------------
@pytest.mark.parametrize("players", [2, 3])
def test_setup_each_player_holds_a_full_suit_and_a_joker(players):
    s = RULES.initial_state(Config(players), seed=1)
    assert s.hands == (SUIT,) * players and len(SUIT) == 14
    assert s.builder is None and s.scores == (0,) * players and s.round == 1


@pytest.mark.parametrize("players", [1, 4])
def test_other_player_counts_refused(players):
    with pytest.raises(ValueError):
        RULES.make_config(players)


def test_full_two_player_game_of_fourteen_rounds_ends_in_a_draw():
    s = start(2)
    for card in SUIT:  # both play the same card every round: all centre ties, then two Jokers
        s, _ = play_round(s, card, card)
    assert s.phase is Phase.OVER and s.end is EndReason.ROUNDS and len(s.history) == 14
    out = RULES.outcome(s)
    assert out.winners == (0, 1) and out.shared


def test_three_player_game_won_on_a_six():
    s = start(3)
    script = [
        (2, JOKER, JOKER),  # two Jokers, die in the centre: nothing
        (A, 2, 3),  # P1 becomes Builder (no points)
        (K, 3, 2),  # 1 point
        (Q, 4, 4),  # 2
        (11, 5, 5),  # 3
        (10, 6, 6),  # 4
        (9, 7, 7),  # 5
        (8, 8, 8),  # a tie with the Builder: the Builder wins 6 with the six showing
    ]
    for cards in script:
        s, _ = play_round(s, *cards)
    assert s.phase is Phase.OVER and s.end is EndReason.SIX and len(s.history) == 8
    assert s.scores == (21, 0, 0)
    assert RULES.outcome(s).winners == (0,)


def test_three_player_game_over_fourteen_rounds_highest_score_wins():
    s = start(3)
    script = [
        (A, 3, 2),  # P1 Builder
        (3, 2, A),  # P3 takes the title
        (2, A, 3),  # P2 takes the title
        (4, 5, 4),  # P2 wins as Builder: 1 point
        (5, 4, 5),  # P1 and P3 tie above the Builder: the die returns to the centre
    ]
    for cards in script:
        s, _ = play_round(s, *cards)
    assert s.scores == (0, 1, 0) and s.builder is None
    for c in [6, 7, 8, 9, 10, 11, 12, 13, JOKER]:  # centre ties, then three Jokers: nothing
        s, _ = play_round(s, c, c, c)
    assert s.phase is Phase.OVER and s.end is EndReason.ROUNDS and len(s.history) == 14
    assert RULES.outcome(s).winners == (1,) and RULES.outcome(s).scores == (0.0, 1.0, 0.0)


# -- illegal input ------------------------------------------------------------------------------
def dump(state) -> str:
    return json.dumps(RULES.state_to_json(state), sort_keys=True)


def test_card_not_in_hand_refused_and_state_unchanged():
    s, _ = play_round(start(2), 7, 8)
    before = dump(s)
    with pytest.raises(IllegalAction) as exc:
        RULES.apply(s, 0, Play(7))
    assert "7" in exc.value.reason and "not in your hand" in exc.value.reason
    assert dump(s) == before


def test_unknown_card_refused():
    with pytest.raises(IllegalAction) as exc:
        RULES.apply(start(2), 0, Play(1))
    assert "not a card" in exc.value.reason


def test_second_choice_in_same_round_refused():
    s = RULES.apply(start(2), 0, Play(9)).state
    before = dump(s)
    with pytest.raises(IllegalAction) as exc:
        RULES.apply(s, 0, Play(10))
    assert "already chosen" in exc.value.reason and "round 1" in exc.value.reason
    assert dump(s) == before
    assert RULES.legal_actions(s, 0) == () and RULES.to_act(s) == (1,)


def test_action_after_game_over_refused():
    s, _ = play_round(start(2, builder=0, die=6), A, 2)
    before = dump(s)
    with pytest.raises(IllegalAction) as exc:
        RULES.apply(s, 1, Play(3))
    assert "game is over" in exc.value.reason
    assert dump(s) == before


def test_bad_seat_and_bad_action_refused():
    s = start(2)
    with pytest.raises(IllegalAction):
        RULES.apply(s, 2, Play(5))
    with pytest.raises(IllegalAction):
        RULES.apply(s, 0, "play 5")


def test_match_refuses_without_logging():
    m = Match(RULES, RULES.make_config(2), 3, [Seat("a"), Seat("b")])
    m.submit_text(0, "play 5")
    with pytest.raises(IllegalAction):
        m.submit_text(0, "play 6")
    assert len(m.log) == 1


# -- views -----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3])
def test_no_view_before_the_reveal_shows_another_choice(players):
    s = start(players)
    cards = [A, 2, K][:players]
    secrets = []
    for seat, card in enumerate(cards[:-1]):
        step = RULES.apply(s, seat, Play(card))
        s = step.state
        for ev in step.events:
            if ev.kind == "commit_card":
                assert ev.to == frozenset({seat})
            else:
                assert "card" not in ev.data
        secrets.append((seat, card))
        for viewer in [None, *range(players)]:
            v = RULES.view(s, viewer)
            text = json.dumps(RULES.view_to_json(v))
            assert v.committed[seat] is True
            for other in range(players):
                if other != viewer:
                    # swapping another seat's secret for any other card leaves this view unchanged
                    for alt in s.hands[other]:
                        if s.committed[other] is None:
                            continue
                        c = list(s.committed)
                        c[other] = alt
                        assert RULES.view(replace(s, committed=tuple(c)), viewer) == v
            if viewer is None or viewer not in dict(secrets):
                assert v.my_choice is None
            else:
                assert v.my_choice == dict(secrets)[viewer]
            assert '"rng"' not in text
    s = RULES.apply(s, players - 1, Play(cards[-1])).state
    v = RULES.view(s, None)
    assert v.history[-1].cards == tuple(cards) and v.committed == (False,) * players


def test_view_carries_the_table():
    s, _ = play_round(start(2), A, 2)
    v = RULES.view(s, 1)
    assert v.hand == tuple(c for c in SUIT if c != 2)
    assert v.hands[0] == tuple(c for c in SUIT if c != A)
    assert v.builder == 0 and v.die == 1 and v.round == 2 and v.rounds == 14
    assert RULES.view_from_json(json.loads(json.dumps(RULES.view_to_json(v)))) == v


# -- text forms --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("card", "text"), [(2, "play 2"), (10, "play 10"), (11, "play J"), (14, "play A"), (JOKER, "play JK")]
)
def test_action_text_round_trip(card, text):
    assert RULES.action_text(Play(card)) == text
    assert RULES.parse_action(text) == Play(card)


def test_parse_is_forgiving_but_refuses_nonsense():
    assert RULES.parse_action("play jk") == Play(JOKER)
    assert RULES.parse_action("Q") == Play(12)
    for bad in ["play 1", "play", "draw 5", "play 5 6", ""]:
        with pytest.raises(ActionTextError):
            RULES.parse_action(bad)


def test_rules_document_states_the_rulings():
    from importlib import resources

    package, _, name = RULES.info.rules_doc.partition(":")
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    assert text.startswith("# ")
    assert text.count("(Ruling)") >= 12 and "(Ruling, this edition)" in text
    for phrase in ["Exactly one Joker", "Two or more Jokers", "tie above the Builder", "six", "14 rounds"]:
        assert phrase in text


def test_determinize_is_consistent_with_the_view():
    from babel.core.rng import Rng

    s = RULES.apply(RULES.apply(start(3), 0, Play(A)).state, 2, Play(5)).state
    for seat in range(3):
        v = RULES.view(s, seat)
        full = RULES.determinize(v, seat, Rng(seat))
        assert RULES.view(full, seat) == v


def test_invariants_hold_through_a_game_and_catch_lost_cards_and_wrong_scores():
    state = RULES.initial_state(Config(3), 4)
    while not RULES.is_over(state):
        assert RULES.invariant_errors(state) == ()
        seat = RULES.to_act(state)[0]
        state = RULES.apply(state, seat, RULES.legal_actions(state, seat)[-1]).state
    assert RULES.invariant_errors(state) == ()
    lost = replace(state, hands=(state.hands[0] + (JOKER,), *state.hands[1:]))
    assert any("not conserved" in e for e in RULES.invariant_errors(lost))
    cheat = replace(state, scores=(state.scores[0] + 1, *state.scores[1:]))
    assert any("points" in e for e in RULES.invariant_errors(cheat))
    moved = replace(state, die=state.die % 6 + 1)
    assert any("the last round left" in e for e in RULES.invariant_errors(moved))


def test_why_illegal_names_the_reason_apply_refuses_with():
    state = RULES.initial_state(Config(2), 1)
    assert RULES.why_illegal(state, 0, Play(A)) is None
    state = RULES.apply(state, 0, Play(A)).state
    state = RULES.apply(state, 1, Play(2)).state
    why = RULES.why_illegal(state, 0, Play(A))
    assert why == "the Ace is not in your hand: it was played in an earlier round"
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, 0, Play(A))
    assert refused.value.reason == why
