"""Babel Builders table talk, the bots' side: what bots say comes from their own view, what they
hear is weighed by measured rates, and the novice saboteurs give themselves away."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from babel.core.bots import Budget, bot_rng
from babel.core.rng import Rng
from babel.games.builders import RULES
from babel.games.builders import actions as A
from babel.games.builders import belief as B
from babel.games.builders import talk as T
from babel.games.builders.bots import RoleBot, make_bot
from babel.games.builders.model import Phase, Role
from babel.games.builders.sampling import resample_hidden


def _talk_states(players: int, seeds, level: str = "shrewd", phases=(Phase.TALK, Phase.DISCUSS)):
    """(state, seat) at every statement (or every move in ``phases``) of seeded bot games with
    talk on."""
    config = RULES.make_config(players, talk=True)
    bot = make_bot(level)
    for seed in seeds:
        state = RULES.initial_state(config, seed)
        ply = 0
        while RULES.outcome(state) is None:
            seat = RULES.to_act(state)[0]
            if state.phase in phases:
                yield state, seat
            legal = RULES.legal_actions(state, seat)
            action = bot.choose(RULES.view(state, seat), legal, bot_rng(seed, seat, ply), Budget())
            state = RULES.apply(state, seat, action).state
            ply += 1


def test_rates_file_loads_for_every_level():
    for level in ("novice", "plain", "shrewd"):
        table = T.rates(level)
        assert table is not None, level
        assert len(table["nothing"]) == 3
        for cls, rows in table.items():
            if cls != "nothing":
                assert len(rows) == 3 and all(len(r) == 3 and min(r) > 0 for r in rows), cls


def test_malformed_rates_are_not_heard(tmp_path, monkeypatch):
    bad = tmp_path / "rates.json"
    bad.write_text(json.dumps({"levels": {"shrewd": {"suspect": "__import__('os')", "nothing": [1]}}}))
    monkeypatch.setattr(T, "RATES_FILE", bad)
    T.rates.cache_clear()
    try:
        assert T.rates("shrewd") is None
        bad.write_text("not json {")
        T._load.cache_clear()
        T.rates.cache_clear()
        assert T.rates("shrewd") is None
    finally:
        T._load.cache_clear()
        T.rates.cache_clear()


@pytest.mark.parametrize("level", ["novice", "shrewd"])
def test_statements_come_from_the_speakers_view_only(level):
    """The leak battery for words: redraw everything the speaker cannot know (other hands, the
    deck, the roles it cannot rule out); its statement stays the same and is legal."""
    checked = 0
    for state, seat in _talk_states(7, range(1, 3), level):
        legal = RULES.legal_actions(state, seat)
        bot = make_bot(level)
        said = bot.choose(RULES.view(state, seat), legal, Rng(seat + 17), Budget())
        assert said in legal
        assert isinstance(said, A.Talk | A.Say)
        for k in range(2):
            other = resample_hidden(state, seat, Rng(1000 * k + seat))
            again = bot.choose(RULES.view(other, seat), RULES.legal_actions(other, seat), Rng(seat + 17), Budget())
            assert again == said
        checked += 1
    assert checked > 10


def test_an_accusation_by_a_credible_speaker_moves_the_belief():
    state, seat = next(iter(_talk_states(7, [2])))
    view = RULES.view(state, None)
    table = T.rates("shrewd")
    subject = 3
    speakers = [s for s in range(7) if s != subject][:3]
    rnd = state.round
    told = replace(view, talk=view.talk + tuple((rnd, s, "suspect", subject) for s in speakers))
    before = B.compute(told).evil[subject]
    after = B.compute(told, T.listener(table)).evil[subject]
    assert after > before


def test_novice_saboteurs_answer_accusations_and_zealots_point_at_random():
    bot = make_bot("novice")
    for state, seat in _talk_states(7, range(1, 6), "novice"):
        view = RULES.view(state, seat)
        if view.role is Role.ARCHITECT or not T.accusers(view, seat) or state.phase is not Phase.TALK:
            continue
        said = bot.choose(view, RULES.legal_actions(state, seat), Rng(5), Budget())
        assert said.subject == T.accusers(view, seat)[-1] and said.kind in T.ACCUSING
        break
    else:
        pytest.fail("no accused novice saboteur spoke")
    # Divine Punishment at random: the same Zealot view, different dice, different targets.
    zealot = RoleBot("novice", "novice")
    legal = tuple(A.Punish(s) for s in range(1, 7))
    picks = {zealot._decide(view, legal, Rng(k), True) for k in range(40)}
    assert len(picks) >= 4


def test_a_speaker_repeating_itself_is_one_voice():
    """A suspicion said three times weighs what it weighs said once (each speaker is one voice)."""
    state, _seat = next(iter(_talk_states(7, [2])))
    view = replace(RULES.view(state, None), talk=(), said=())
    heard = T.listener(T.rates("shrewd"))
    once = replace(view, talk=((state.round, 1, "suspect", 3),))
    thrice = replace(view, talk=((state.round, 1, "suspect", 3),) * 3)
    silent = B.compute(view, heard).evil
    assert B.compute(once, heard).evil == pytest.approx(B.compute(thrice, heard).evil)
    assert B.compute(once, heard).evil != pytest.approx(silent)


def test_novice_zealots_play_their_cards_as_architects_and_plain_ones_until_watched():
    """A novice Zealot hands in and discards as the Architect it was; a plain Zealot nobody
    watches plays along four moves in five, and never once someone accused it aloud."""
    cases = []
    for state, seat in _talk_states(7, range(1, 30), "novice", phases=(Phase.SELECT,)):
        if state.roles[seat] is Role.ZEALOT:
            cases.append((state, seat))
        if len(cases) >= 6:
            break
    assert cases, "no Zealot chose cards in 29 seeded games"
    for state, seat in cases:
        view, legal = RULES.view(state, seat), RULES.legal_actions(state, seat)
        novice = RoleBot("novice", "novice")
        for k in range(5):
            assert novice._decide(view, legal, Rng(k), True) == novice._decide(view, legal, Rng(k), False)
        plain = RoleBot("plain", "plain")
        quiet = replace(view, talk=tuple(t for t in view.talk if t[3] != seat), said=())
        if B.public_suspicion(quiet)[seat] <= 0.35:
            along = sum(plain._plays_along(quiet, legal, Rng(k), "plain") for k in range(200))
            assert 120 < along < 190
        accused = replace(quiet, talk=quiet.talk + ((state.round, (seat + 1) % 7, "suspect", seat),))
        assert not any(plain._plays_along(accused, legal, Rng(k), "plain") for k in range(50))
        assert not any(plain._plays_along(view, legal, Rng(k), "shrewd") for k in range(20))
