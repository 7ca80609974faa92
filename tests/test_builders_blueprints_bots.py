"""Babel Builders: custom blueprint storage, the setup choices, and the bots' contract."""

from __future__ import annotations

import json

import pytest

from babel.core.bots import Budget
from babel.core.jsonfile import read_json
from babel.core.rng import Rng
from babel.games.builders import RULES
from babel.games.builders import blueprints as BP
from babel.games.builders import cards as C
from babel.games.builders.bots import RoleBot, make_bot
from babel.games.builders.model import Role


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BABEL_TOWERS_HOME", str(tmp_path))
    return tmp_path


def test_custom_blueprints_are_saved_in_the_data_folder(home):
    assert BP.load_custom() == []
    bp = BP.save_custom("My  tower", [0, 0, 0, 0, 9, 0, 5, 0, 6])
    assert bp.key == "custom:000090506" and bp.name == "My tower" and bp.source == "custom"
    path = home / "data" / BP.FILE_NAME
    assert BP.storage_path() == path and read_json(path)["blueprints"][0]["cells"][4] == 9
    BP.save_custom("my tower", [1] * 9)  # same name (any case): overwritten
    assert [b.cells for b in BP.load_custom()] == [(1,) * 9]
    BP.save_custom("Second", [0, 0, 2, 0, 0, 0, 0, 0, 0])
    assert [b.name for b in BP.load_custom()] == ["my tower", "Second"]
    assert BP.delete_custom("MY TOWER") and not BP.delete_custom("nothing")
    assert [b.name for b in BP.load_custom()] == ["Second"]
    # The custom blueprint plays through the option value alone (saves carry it).
    state = RULES.initial_state(RULES.make_config(5, blueprint=BP.load_custom()[0].key), 3)
    assert state.blueprint.cells == (0, 0, 2, 0, 0, 0, 0, 0, 0)


@pytest.mark.parametrize(
    "cells",
    [
        [10, 0, 0, 0, 0, 0, 0, 0, 0],
        [9, 9, 3, 0, 0, 0, 0, 0, 0],
        [0] * 9,
        [1] * 8,
        [-1, 2, 0, 0, 0, 0, 0, 0, 0],
    ],
)
def test_invalid_custom_blueprints_are_refused(home, cells):
    with pytest.raises(BP.BlueprintError):
        BP.save_custom("bad", cells)
    assert BP.load_custom() == []


def test_blueprint_limits_and_bad_files(home):
    BP.save_custom("Edge", [9, 9, 2, 0, 0, 0, 0, 0, 0])  # total 20 is allowed
    with pytest.raises(BP.BlueprintError):
        BP.save_custom("", [1] * 9)
    path = BP.storage_path()
    data = json.loads(path.read_text())
    data["blueprints"].append({"name": "broken", "cells": [99] * 9})
    data["blueprints"].append({"oops": 1})
    path.write_text(json.dumps(data))
    assert [b.name for b in BP.load_custom()] == ["Edge"]
    path.write_text("{not json")
    assert BP.load_custom() == []


def test_setup_choices_mark_published_edition_and_custom(home):
    BP.save_custom("Mine", [0, 0, 0, 0, 5, 0, 0, 0, 0])
    choices = BP.setup_choices()
    sources = [c.source for c in choices]
    assert sources[0] == "random" and sources.count("published") == 1
    assert sources.count("edition") == 8 and sources[-1] == "custom"
    assert "[published]" in choices[1].label and all(
        "edition" in c.label for c in choices if c.source == "edition"
    )
    for choice in choices:
        RULES.make_config(7, blueprint=choice.value)
    published = C.PRINTED_BY_KEY["published"].cells
    assert (
        published[C.cell_index("C1")] == 3
        and published[C.cell_index("B2")] == 8
        and published[C.cell_index("A3")] == 3
    )


def test_bots_choose_legal_actions_deterministically_from_the_view():
    for level in ("simple", "belief"):
        bot = make_bot(level)
        for seed in range(3):
            state = RULES.initial_state(RULES.make_config(7), seed)
            for ply in range(400):
                if RULES.outcome(state) is not None:
                    break
                seat = RULES.to_act(state)[0]
                legal = RULES.legal_actions(state, seat)
                view = RULES.view(state, seat)
                a = bot.choose(view, legal, Rng(ply), Budget())
                assert a in legal and a == bot.choose(view, legal, Rng(ply), Budget())
                state = RULES.apply(state, seat, a).state
            assert RULES.outcome(state) is not None
    with pytest.raises(ValueError):
        make_bot("genius")


def test_architect_bot_builds_where_the_blueprint_needs_and_saboteur_does_not():
    state = RULES.initial_state(RULES.make_config(5, blueprint="published"), 2)
    bot = RoleBot("belief", "simple")
    view = RULES.view(state, 0)
    from dataclasses import replace

    from babel.games.builders.actions import Place
    from babel.games.builders.model import Phase

    row2 = 12  # 1 block on A2, B2 or C2: The Tower needs B2
    view = replace(view, phase=Phase.PLACE, pending=row2, role=Role.ARCHITECT)
    legal = tuple(Place(c) for c in C.CARDS[row2].cells)
    assert bot.choose(view, legal, Rng(1), Budget()) == Place(C.cell_index("B2"))
    evil = replace(view, role=Role.MESSENGER)
    assert bot.choose(evil, legal, Rng(1), Budget()) != Place(C.cell_index("B2"))


# -- levels, team play, table talk -------------------------------------------------------------
def test_bot_levels_are_novice_plain_shrewd_and_old_ids_still_load():
    from babel.games.builders.bots import BOTS

    assert BOTS.offered == ("novice", "plain", "shrewd")
    for old, new in (("random", "novice"), ("simple", "plain"), ("belief", "shrewd"), ("strong", "shrewd")):
        bot = BOTS.make(old)
        assert (bot.good, bot.evil) == (new, new)
    with pytest.raises(ValueError):
        BOTS.make("genius")


def test_sim_counts_team_wins_and_endings():
    from babel.core.simulate import simulate

    summary = simulate(RULES, 5, 4, 11, ["plain"] * 5).to_json()
    assert sum(summary["teams"].values()) == sum(summary["endings"].values()) == 4
    assert set(summary["teams"]) <= {"architects", "messenger"}
    assert set(summary["endings"]) <= {"depletion", "confirmation", "punishment", "sealed"}


def _bot_game(players: int, seed: int, until) -> object:
    bot = make_bot("shrewd")
    state = RULES.initial_state(RULES.make_config(players), seed)
    ply = 0
    while RULES.outcome(state) is None and not until(state):
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        state = RULES.apply(state, seat, bot.choose(RULES.view(state, seat), legal, Rng(ply), Budget())).state
        ply += 1
    return state


def test_table_talk_reads_only_what_every_seat_sees():
    """The table-talk panel: each bot's most suspected seats from the public record, the same
    whoever looks, and unchanged when everything hidden is redrawn."""
    from babel.games.builders.belief import table_talk

    for seed in (5,):
        state = _bot_game(7, seed, lambda s: s.round >= 4)
        talk = table_talk(RULES.view(state, None), range(1, 7))
        assert set(talk) == set(range(1, 7)) and all(len(v) == 2 for v in talk.values())
        assert all(seat not in (o for o, _ in talk[seat]) for seat in talk), "nobody suspects itself"
        for seat in (0, state.master, state.roles.index(Role.MESSENGER)):
            assert table_talk(RULES.view(state, seat), range(1, 7)) == talk
            other = RULES.resample_hidden(state, seat, Rng(seed))
            assert table_talk(RULES.view(other, seat), range(1, 7)) == talk


def test_shrewd_architect_seal_users_share_out_the_public_ranking():
    """Team play: declared Architect users read the same public record, rank the seats alike and
    each takes its share by its place among the users (``sealing.pick``), so their targets
    follow from what every seat sees."""
    from babel.games.builders import sealing
    from babel.games.builders.bots import seal_ranking
    from babel.games.builders.model import Phase

    state = _bot_game(7, 16, lambda s: s.phase is Phase.TARGET)  # four Architects hold Seals here
    assert state.phase is Phase.TARGET
    users = [s for s in state.seal_users if state.roles[s] is Role.ARCHITECT]
    assert len(users) >= 3
    bot = make_bot("shrewd")
    shared = seal_ranking(RULES.view(state, None))
    for u in users:
        assert seal_ranking(RULES.view(state, u)) == shared, "the same ranking for every user"
        move = bot.choose(RULES.view(state, u), RULES.legal_actions(state, u), Rng(u), Budget())
        assert move.target == sealing.pick(7, shared[0], shared[1], state.seal_users, u)


def test_architect_holds_back_its_best_card_from_a_suspected_master():
    from dataclasses import replace

    from babel.games.builders.actions import Play
    from babel.games.builders.belief import Belief
    from babel.games.builders.model import Phase

    class Suspicious(RoleBot):
        def _belief(self, view):
            evil = [0.1] * view.players
            evil[view.master] = 0.9
            return Belief(evil, [1 / view.players] * view.players)

    state = RULES.initial_state(RULES.make_config(5, blueprint="published"), 2)
    b2_three = 30 + C.cell_index("B2")
    hand = (3, 6, b2_three)  # column B (1 block), column C (1 block), B2 (3 blocks)
    view = replace(RULES.view(state, 0), phase=Phase.SELECT, hand=hand, role=Role.ARCHITECT, master=1)
    legal = tuple(Play(p, d) for p in hand for d in hand if d != p)
    trusting = RoleBot("shrewd", "shrewd").choose(view, legal, Rng(1), Budget())
    wary = Suspicious("shrewd", "shrewd").choose(view, legal, Rng(1), Budget())
    assert trusting.card == b2_three, "a trusted Master gets the best card"
    assert wary.card in (3, 6) and wary.discard != b2_three, "a suspected one gets a modest card"


def _architect_view(hand, **changes):
    from dataclasses import replace

    state = RULES.initial_state(RULES.make_config(5, blueprint="published"), 2)
    return replace(RULES.view(state, 0), hand=hand, role=Role.ARCHITECT, **changes)


SEAL = next(i for i, c in enumerate(C.CARDS) if c.kind == C.SEAL)


def test_architect_hands_in_the_card_that_wastes_fewest_blocks_and_keeps_its_seal():
    """The published blueprint needs nothing on A1 or B1: both cards would only spend the supply,
    the three-block card more; the Seal stays in hand for the Seal phase."""
    from babel.games.builders.actions import Play
    from babel.games.builders.model import Phase

    a1_three, a1_b1_two = 30 + C.cell_index("A1"), 18  # 3 blocks on A1; 2 blocks on A1 or B1
    hand = (a1_three, a1_b1_two, SEAL)
    view = _architect_view(hand, phase=Phase.SELECT, master=1)
    legal = tuple(Play(p, d) for p in hand for d in hand if d != p)
    for level in ("novice", "plain", "shrewd"):
        for seed in range(1, 21):
            choice = RoleBot(level, level).choose(view, legal, Rng(seed), Budget())
            assert (choice.card, choice.discard) == (a1_b1_two, a1_three), (level, seed)


def test_plain_and_novice_architects_misjudge_only_judgment_calls_and_novice_more_often():
    """A person's team-mates at the easier levels play the shrewd team game but make some calls
    (whom to appoint, pass to, reveal, seal) at random: one in thirty (plain), one in fifteen
    (novice). Appointing at random instead left a person almost no chance (balance.md)."""
    from babel.games.builders.actions import Appoint
    from babel.games.builders.model import Phase

    view = _architect_view((3, 6, 19), phase=Phase.APPOINT, master=0)
    legal = tuple(Appoint(seats) for seats in ((1, 2, 3), (1, 2, 4), (1, 3, 4), (2, 3, 4)))

    class FirstChoice(RoleBot):  # its judgment, when it uses it, is always the first appointment
        def _appoint(self, view, legal, rng, evil, level):
            return legal[0]

    def misjudged(level):
        picks = [FirstChoice(level, level).choose(view, legal, Rng(s), Budget()) for s in range(600)]
        return sum(p != legal[0] for p in picks) / 600  # a random call misses it 3 times in 4

    assert misjudged("shrewd") == 0
    plain, novice = misjudged("plain"), misjudged("novice")
    assert 0.01 < plain < novice < 0.1


def test_a_master_without_a_seal_keeps_one_handed_in():
    from babel.games.builders.actions import Swap
    from babel.games.builders.model import Phase

    useless = 30 + C.cell_index("A1")  # three blocks the blueprint does not need
    received = (SEAL, useless)
    for hand, takes in (((3, 6, 19), SEAL), ((3, 6, SEAL + 1), useless)):
        view = _architect_view(hand, phase=Phase.SWAP, master=0)
        legal = tuple(Swap(t, g) for t in received for g in hand)
        assert RoleBot("shrewd", "shrewd").choose(view, legal, Rng(1), Budget()).take == takes


def test_coach_says_why_an_architect_hands_in_a_card_that_builds_nothing():
    from babel.games.builders import coach
    from babel.games.builders.actions import Play
    from babel.games.builders.model import Phase

    view = _architect_view((30, 18, SEAL), phase=Phase.SELECT, master=1)
    assert "fewest blocks" in coach.reason(view, Play(18, 30))
    assert "fewest blocks" not in coach.reason(view, Play(30, 18))
    view = _architect_view((30, 18, 3), phase=Phase.SELECT, master=1)
    assert coach.reason(view, Play(3, 30)) == "it builds towards the blueprint"
    # the 1-block card in hand builds, so "no card you may hand in builds" would be false here
    assert coach.reason(view, Play(18, 30)) == "it builds nothing the blueprint needs now"


def test_whom_a_master_appoints_is_read_only_through_the_table_suspect():
    """Which seats a Master brings in says nothing by itself: read against the table's trust line,
    it counted the public suspicion twice and, at 8-10 players, made Architect Masters look like
    saboteurs (docs/builders/balance.md). A round with no cards to read leaves the belief as it was."""
    from dataclasses import replace

    from babel.games.builders import belief as B
    from babel.games.builders.model import Phase, RoundLog

    state = RULES.initial_state(RULES.make_config(10), 3)
    view = replace(RULES.view(state, 9), role=Role.ARCHITECT, round=2, phase=Phase.APPOINT, current=None)

    def after(appointed):
        entry = RoundLog(round=1, master=0, appointed=appointed, handed=appointed, discarded=appointed)
        return B.compute(replace(view, log=(entry,)))

    low, high = after((1, 2, 3, 4)), after((5, 6, 7, 8))
    assert low.evil == pytest.approx(high.evil) and low.messenger == pytest.approx(high.messenger)
    assert low.evil == pytest.approx(B.compute(replace(view, log=())).evil)
