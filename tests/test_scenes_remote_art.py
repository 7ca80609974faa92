"""The phone page's pictures: every face it asks for exists, is a PNG, and is public.

The page builds picture names from the view it receives (``duel-card-1-15``, ``turmbau-disc-3-4``,
``builders-card-40``); a missing one would be a broken image on a phone. The set must also be the
same whatever the seed or seat, so no picture can tell anything a seat may not know.
"""

from __future__ import annotations

import pytest

from babel.core import registry
from babel.core.match import Match, Seat
from babel.games.builders import cards as builders_cards
from babel.games.duel.model import SUIT
from babel.games.solitaire.deals import CARDS, TILES
from scenes import seat_colours
from scenes.remote.art import NAME_RE, disc_name, pictures_for, piece_name

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def pictures() -> dict[str, dict[str, bytes]]:
    return {
        game: pictures_for(game, registry.get(game).make_config())
        for game in ("duel", "turmbau", "builders", "babel_on", "solitaire")
    }


def test_every_picture_is_a_png_with_a_plain_name(pictures) -> None:
    for game, pics in pictures.items():
        assert "card-back" in pics, game
        for name, data in pics.items():
            assert NAME_RE.match(name), name
            assert data.startswith(PNG_MAGIC), name
            assert 200 < len(data) < 64_000, name


def test_the_duel_has_every_card_of_every_suit_and_the_die(pictures) -> None:
    pics = pictures["duel"]
    for seat in range(3):
        for card in SUIT:
            assert f"duel-card-{seat}-{card}" in pics
    for value in range(1, 7):
        assert f"die-{value}" in pics


def test_turmbau_has_every_disc_on_the_board_and_every_card(pictures) -> None:
    pics = pictures["turmbau"]
    rules = registry.get("turmbau")
    for two_kind in (False, True):
        for seed in range(1, 6):
            config = rules.make_config(4, two_kind=two_kind)
            view = Match(rules, config, seed, [Seat(f"P{i}") for i in range(4)]).view(0)
            for wonder in view.wonders:
                for disc in wonder.discs:
                    assert disc is not None and disc_name(disc.kinds, disc.values) in pics
    for kind in range(4):
        assert f"turmbau-kind-{kind}" in pics
    for name in ("redraw", "joker", "disc-bonus", "draw3", "triple", "double", "five-points"):
        assert f"turmbau-action-{name}" in pics
    assert all(f"turmbau-trade-{i}" in pics for i in range(10))


def test_builders_has_every_card_and_role(pictures) -> None:
    pics = pictures["builders"]
    for card in builders_cards.CARDS:
        assert f"builders-card-{card.id}" in pics
    for role in ("architect", "messenger", "zealot", "back"):
        assert f"builders-role-{role}" in pics


def test_the_pictures_depend_on_the_game_only(pictures) -> None:
    rules = registry.get("duel")
    again = pictures_for("duel", rules.make_config(3))
    assert again == pictures["duel"]
    assert pictures_for("babel_on", registry.get("babel_on").make_config(6)) == pictures["babel_on"]


def test_babel_on_has_a_block_in_every_nation_look_stone_and_the_die(pictures) -> None:
    pics = pictures["babel_on"]
    for look in seat_colours.NATION_NAMES:
        assert f"babel-block-{look}" in pics
    assert "babel-block-stone" in pics
    for value in range(1, 7):
        assert f"die-{value}" in pics


def test_the_solitaire_has_every_tile_and_card_of_both_decks(pictures) -> None:
    pics = pictures["solitaire"]
    for code in TILES:
        assert piece_name("tile", code) in pics
    for code in CARDS:
        assert piece_name("card", code) in pics
    assert {"solitaire-tile-back", "card-back"} <= set(pics)
    assert piece_name("tile", "aM") == "solitaire-tile-am"
