"""The board's numbers, read once from board.json (the one place to correct a printed value).

Everything the engine, bots and views need to know about the physical game (kinds, wonders, discs,
scoring rows, bonus table, action-card mix, parts) comes from here, never from literals elsewhere.
"""

from __future__ import annotations

import json
from pathlib import Path

_BOARD = json.loads((Path(__file__).with_name("board.json")).read_text(encoding="utf-8"))

KINDS: tuple[str, ...] = tuple(_BOARD["kinds"])
KIND_NAMES: tuple[str, ...] = tuple(_BOARD["kind_names"])
NKINDS = len(KINDS)
CARDS_PER_KIND: int = _BOARD["cards_per_kind"]
TOTAL_CARDS = CARDS_PER_KIND * NKINDS
HAND_SIZE: int = _BOARD["hand_size"]
WONDER_KEYS: tuple[str, ...] = tuple(w[0] for w in _BOARD["wonders"])
WONDER_NAMES: tuple[str, ...] = tuple(w[1] for w in _BOARD["wonders"])
NWONDERS = len(WONDER_KEYS)
DISCS_PER_WONDER: int = _BOARD["discs_per_wonder"]
DISC_VALUES: tuple[int, ...] = tuple(_BOARD["disc_values"])
TWO_KIND_REPLACES: int = _BOARD["two_kind_replaces_value"]
TWO_KIND_DISCS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((KINDS.index(k), v) for k, v in disc) for disc in _BOARD["two_kind_discs"]
)
SCORING_ROWS: tuple[tuple[int, int], ...] = tuple(tuple(r) for r in _BOARD["scoring_rows"])
LIGHT_ROW: tuple[int, int] = tuple(_BOARD["light_row"])
OTHER_POINTS: int = _BOARD["other_present_points"]
DISC_BONUS: tuple[int, ...] = tuple(_BOARD["disc_bonus"])
PARTS_ONES: int = _BOARD["parts"]["ones"]
PARTS_THREES: int = _BOARD["parts"]["threes"]
PART_UNITS = PARTS_ONES + 3 * PARTS_THREES
ACTION_KINDS: tuple[str, ...] = tuple(a[0] for a in _BOARD["action_cards"])
ACTION_COUNTS: tuple[int, ...] = tuple(a[1] for a in _BOARD["action_cards"])
REDRAW_MAX: int = _BOARD["redraw_max"]
DRAW3_COUNT: int = _BOARD["draw3_count"]
JOKER_UNITS: int = _BOARD["joker_units"]
TRIPLE_FACTOR: int = _BOARD["triple_factor"]
FIVE_POINTS: int = _BOARD["five_points_value"]
DISC_CARD_PER_DISC: int = _BOARD["disc_bonus_card_per_disc"]
HOUSE_VALUES: tuple[str, ...] = tuple(_BOARD["house"])

# Building cards are interchangeable within a kind: hands, offers and the discard pile are count
# vectors, one int per kind in the order of KINDS.
Counts = tuple[int, int, int, int]
ZERO: Counts = (0, 0, 0, 0)

ACTION_TITLES = {
    "redraw": "Card trade",
    "joker": "Joker",
    "disc_bonus": "Disc bonus",
    "draw3": "Card draw",
    "triple": "Triple bonus",
    "double": "Double turn",
    "five_points": "5 victory points",
}


def disc_bonus(count: int) -> int:
    """Points for ``count`` discs of one kind (the last entry covers every larger count)."""
    if count < len(DISC_BONUS):
        return DISC_BONUS[count]
    return DISC_BONUS[-1]


def scoring_row(row: int) -> tuple[int, int]:
    """The (first, second) values of scoring-table row ``row`` (0-based), staying on the last row
    once the marker has run past the end of the table (Ruling, this edition)."""
    return SCORING_ROWS[min(row, len(SCORING_ROWS) - 1)]
