"""The two decks of Tower of Babel solitaire and the numbered deals.

A piece (tile or card) is a two-character code, rank then suit, so matching is a comparison of
two characters and saves and logs stay readable:

- piecepack tiles: ranks ``n`` (null, 0), ``a`` (ace, 1), ``2``..``5``; suits ``S`` (Suns),
  ``M`` (Moons), ``C`` (Crowns), ``A`` (Arms). ``aM`` is the ace of Moons, ``nS`` the Suns null.
- cards: ranks ``A 2 .. 9 T J Q K``; suits ``C D H S``. ``TD`` is the ten of diamonds.

A deal number names one order of the deck forever: ``deal_order(variant, number)`` seeds
babel.core.rng with ``("solitaire", variant, number)`` and shuffles the canonical deck with it.
The difficulty does not enter the seed, so "deal 1234" is the same tiles in both difficulties.
Changing anything here changes every numbered deal: tests pin a few deals to catch that.
"""

from __future__ import annotations

from enum import Enum

from babel.core.rng import Rng, seed_state


class Variant(Enum):
    TILES = "tiles"
    CARDS = "cards"


TILE_RANKS = "na2345"
TILE_SUITS = "SMCA"
CARD_RANKS = "A23456789TJQK"
CARD_SUITS = "CDHS"

TILE_RANK_NAMES = {"n": "null", "a": "ace", "2": "2", "3": "3", "4": "4", "5": "5"}
TILE_SUIT_NAMES = {"S": "Suns", "M": "Moons", "C": "Crowns", "A": "Arms"}
CARD_RANK_NAMES = {
    "A": "ace",
    "T": "10",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    **{str(n): str(n) for n in range(2, 10)},
}
CARD_SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def ranks(variant: Variant) -> str:
    return TILE_RANKS if variant is Variant.TILES else CARD_RANKS


def suits(variant: Variant) -> str:
    return TILE_SUITS if variant is Variant.TILES else CARD_SUITS


def full_deck(variant: Variant) -> tuple[str, ...]:
    """The canonical deck order (suit by suit, rank order): the order the shuffle starts from."""
    return tuple(r + s for s in suits(variant) for r in ranks(variant))


TILES = full_deck(Variant.TILES)
CARDS = full_deck(Variant.CARDS)


def deck(variant: Variant) -> tuple[str, ...]:
    return TILES if variant is Variant.TILES else CARDS


def matches(a: str, b: str) -> bool:
    """Two pieces match if they share a rank (value) or a suit."""
    return a[0] == b[0] or a[1] == b[1]


def rank_value(piece: str, variant: Variant) -> int:
    """The numeric value: tiles 0 (null) to 5; cards 1 (ace) to 13 (king)."""
    if variant is Variant.TILES:
        return TILE_RANKS.index(piece[0])
    return CARD_RANKS.index(piece[0]) + 1


def piece_name(piece: str, variant: Variant) -> str:
    """Words for a piece: 'ace of Moons', 'null of Suns', '10 of diamonds'.

    The variant is needed because a few codes exist in both decks ('2S' is the 2 of Suns and
    the 2 of spades).
    """
    if variant is Variant.TILES:
        return f"{TILE_RANK_NAMES[piece[0]]} of {TILE_SUIT_NAMES[piece[1]]}"
    return f"{CARD_RANK_NAMES[piece[0]]} of {CARD_SUIT_NAMES[piece[1]]}"


def suit_name(piece: str, variant: Variant) -> str:
    return TILE_SUIT_NAMES[piece[1]] if variant is Variant.TILES else CARD_SUIT_NAMES[piece[1]]


def deal_seed(variant: Variant, number: int) -> int:
    """The RNG state a numbered deal is shuffled with (part of the deal's definition)."""
    return seed_state("solitaire", variant.value, number)


def deal_order(variant: Variant, number: int) -> tuple[tuple[str, ...], int]:
    """The deck order of deal ``number`` (first drawn first) and the RNG state after the shuffle."""
    if number < 0:
        raise ValueError("deal numbers start at 0")
    rng = Rng(deal_seed(variant, number))
    order = rng.shuffled(deck(variant))
    return tuple(order), rng.state
