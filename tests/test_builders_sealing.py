"""Babel Builders: the one rule Architect Seal holders share (all on one seat, or spread)."""

import pytest

from babel.games.builders import sealing


@pytest.mark.parametrize("players", range(5, 11))
def test_sealing_tables_are_distributions(players):
    assert sum(sealing.HOLDERS[players]) == pytest.approx(1.0, abs=0.01)
    assert sum(sealing.PUNISHED[players]) == pytest.approx(1.0, abs=0.01)


@pytest.mark.parametrize("players", range(5, 11))
def test_sealing_converges_when_the_record_points_at_one_seat(players):
    odds = [0.75] + [0.25 / (players - 2)] * (players - 2)
    assert sealing.spread(players, odds) == 1


def test_sealing_spreads_at_ten_players_when_the_record_points_nowhere():
    # Nine candidates, hardly told apart: Seals all on one guess mostly miss together.
    odds = [0.16, 0.14, 0.12, 0.11, 0.11, 0.1, 0.09, 0.09, 0.08]
    m = sealing.spread(10, odds)
    assert m > 1
    assert sealing.win_chance(10, odds, m) > sealing.win_chance(10, odds, 1)


def test_sealing_chance_scales_with_the_odds_of_the_seat_sealed():
    # All Seals on one seat win only if it is the Messenger: a quarter of the certain chance.
    chance = sealing.win_chance(5, [1.0, 0.0, 0.0, 0.0], 1)
    assert 0.0 < chance <= 1.0
    assert sealing.win_chance(5, [0.25] * 4, 1) == pytest.approx(chance / 4)


def test_sealing_without_tables_or_candidates_keeps_all_on_the_likeliest():
    assert sealing.spread(4, [0.5, 0.5]) == 1
    assert sealing.spread(7, []) == 1
