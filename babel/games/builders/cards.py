"""Babel Builders: the cards, the 3x3 grid and the blueprint data (rulings 1, 2 and 11).

Every card of the box has a fixed integer id, so a card can be followed from the deck to a hand,
to the Master, to a discard area, and counted (the conservation property test). Scenes and bots
read ``CARDS[id]`` for a card's kind, blocks and cells; games use a subset of the ids (the
Divine Punishment and Seal cards depend on the player count).
"""

from __future__ import annotations

from dataclasses import dataclass

# -- the grid ------------------------------------------------------------------------------
# Ruling 1: columns A-C, rows 1-3, A1 top left. Cell index = row * 3 + column.
COLUMNS = "ABC"
CELL_NAMES = tuple(f"{COLUMNS[i % 3]}{i // 3 + 1}" for i in range(9))
SUPPLY_BLOCKS = 25  # ruling 7
HAND_LIMIT = 3


def cell_index(name: str) -> int:
    """``"B2"`` -> 4; raises ValueError for a name that is not a cell."""
    name = name.strip().upper()
    if name not in CELL_NAMES:
        raise ValueError(f"'{name}' is not a cell (A1-C3)")
    return CELL_NAMES.index(name)


# -- the cards -----------------------------------------------------------------------------
BUILD = "build"
LIGHTNING = "lightning"
STORM = "storm"
DELIBERATION = "deliberation"
SEAL = "seal"
PUNISHMENT = "punishment"


@dataclass(frozen=True)
class Card:
    """One card of the box: its kind; for instruction cards the blocks and allowed cells."""

    id: int
    kind: str
    blocks: int = 0
    cells: tuple[int, ...] = ()
    name: str = ""


def _build_cards() -> tuple[Card, ...]:
    cards: list[Card] = []
    # Ruling 2: 1-block cards are the six lines, three copies each.
    lines = [(f"col {c}", tuple(r * 3 + ci for r in range(3))) for ci, c in enumerate(COLUMNS)]
    lines += [(f"row {r + 1}", tuple(r * 3 + c for c in range(3))) for r in range(3)]
    for _label, cells in lines:
        for _copy in range(3):
            cards.append(
                Card(len(cards), BUILD, 1, cells, "1 block: " + "/".join(CELL_NAMES[i] for i in cells))
            )
    # 2-block cards: the 12 pairs of orthogonally adjacent cells.
    pairs = []
    for r in range(3):
        for c in range(2):
            pairs.append((r * 3 + c, r * 3 + c + 1))
    for r in range(2):
        for c in range(3):
            pairs.append((r * 3 + c, (r + 1) * 3 + c))
    for a, b in pairs:
        cards.append(Card(len(cards), BUILD, 2, (a, b), f"2 blocks: {CELL_NAMES[a]}/{CELL_NAMES[b]}"))
    # 3-block cards: the nine single cells.
    for i in range(9):
        cards.append(Card(len(cards), BUILD, 3, (i,), f"3 blocks: {CELL_NAMES[i]}"))
    for kind, count, label in (
        (LIGHTNING, 5, "Lightning"),
        (STORM, 5, "Storm"),
        (DELIBERATION, 4, "Deliberation"),
        (SEAL, 9, "Seal"),
        (PUNISHMENT, 4, "Divine Punishment"),
    ):
        for _ in range(count):
            cards.append(Card(len(cards), kind, 0, (), label))
    return tuple(cards)


CARDS: tuple[Card, ...] = _build_cards()
SEAL_IDS = tuple(c.id for c in CARDS if c.kind == SEAL)
PUNISHMENT_IDS = tuple(c.id for c in CARDS if c.kind == PUNISHMENT)
BASE_DECK_IDS = tuple(c.id for c in CARDS if c.kind not in (SEAL, PUNISHMENT))  # 53 cards

# The special-card table by player count: players -> (Divine Punishment, Seal).
SPECIAL_TABLE = {5: (1, 3), 6: (2, 5), 7: (2, 5), 8: (3, 7), 9: (3, 7), 10: (4, 9)}
# The role table: one Messenger of God, the rest Architects; (possible Zealots) for reference.
MAX_ZEALOTS = {5: 1, 6: 2, 7: 2, 8: 3, 9: 3, 10: 4}


def first_seal(hand: tuple[int, ...] | list[int]) -> int | None:
    """The Seal a holder uses in the Seal phase (the first in hand; any others are spare)."""
    return next((c for c in hand if CARDS[c].kind == SEAL), None)


def appoint_count(players: int) -> int:
    """3 appointed Architects at 6 players or fewer, 4 at 7 or more."""
    return 3 if players <= 6 else 4


def game_card_ids(players: int) -> tuple[int, ...]:
    """Every card id used in a game of this size (the conserved set)."""
    dp, seal = SPECIAL_TABLE[players]
    return tuple(sorted(BASE_DECK_IDS + SEAL_IDS[:seal] + PUNISHMENT_IDS[:dp]))


def is_punishment(card: int) -> bool:
    return CARDS[card].kind == PUNISHMENT


def card_name(card: int) -> str:
    return CARDS[card].name


# -- blueprints ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Blueprint:
    """A tower plan: blocks required per cell (the tower is complete at or above every number)."""

    key: str
    name: str
    cells: tuple[int, ...]
    source: str  # "published", "edition" (the digital edition's own) or "custom"


def _bp(spec: dict[str, int]) -> tuple[int, ...]:
    cells = [0] * 9
    for name, count in spec.items():
        cells[cell_index(name)] = count
    return tuple(cells)


# Ruling 11: the one published blueprint, then the edition's own eight.
PRINTED_BLUEPRINTS: tuple[Blueprint, ...] = (
    Blueprint("published", "The Tower", _bp({"C1": 3, "B2": 8, "A3": 3}), "published"),
    Blueprint("edition-1", "Mirror", _bp({"A1": 3, "B2": 8, "C3": 3}), "edition"),
    Blueprint("edition-2", "Spine", _bp({"B1": 4, "B2": 6, "B3": 4}), "edition"),
    Blueprint("edition-3", "Beam", _bp({"A2": 4, "B2": 6, "C2": 4}), "edition"),
    Blueprint("edition-4", "Four Corners", _bp({"A1": 2, "C1": 2, "B2": 6, "A3": 2, "C3": 2}), "edition"),
    Blueprint("edition-5", "Cross", _bp({"B1": 3, "A2": 3, "B2": 3, "C2": 3, "B3": 3}), "edition"),
    Blueprint("edition-6", "Corner Keep", _bp({"A1": 5, "B1": 5, "A2": 5}), "edition"),
    Blueprint("edition-7", "Wall", _bp({"A3": 4, "B3": 4, "C3": 4}), "edition"),
    Blueprint("edition-8", "Stair", _bp({"A1": 4, "B2": 4, "C3": 4}), "edition"),
)
PRINTED_BY_KEY = {bp.key: bp for bp in PRINTED_BLUEPRINTS}
CUSTOM_PREFIX = "custom:"
MAX_CELL_BLOCKS = 9
MAX_CUSTOM_TOTAL = 20


def validate_cells(cells: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """Check a custom blueprint (ruling 11: each cell 0-9, total at most 20; at least 1 block)."""
    cells = tuple(cells)
    if len(cells) != 9 or any(isinstance(c, bool) or not isinstance(c, int) for c in cells):
        raise ValueError("a blueprint has nine whole numbers, one per cell A1-C3")
    if any(c < 0 or c > MAX_CELL_BLOCKS for c in cells):
        raise ValueError(f"each cell needs 0 to {MAX_CELL_BLOCKS} blocks")
    total = sum(cells)
    if total > MAX_CUSTOM_TOTAL:
        raise ValueError(f"a blueprint may ask for at most {MAX_CUSTOM_TOTAL} blocks in all, not {total}")
    if total == 0:
        raise ValueError("a blueprint must ask for at least one block")
    return cells


def custom_key(cells: tuple[int, ...]) -> str:
    """The option value naming a custom blueprint: ``custom:`` and nine digits (A1..C3)."""
    return CUSTOM_PREFIX + "".join(str(c) for c in validate_cells(cells))


def blueprint_for_key(key: str) -> Blueprint:
    """The blueprint an option value names (``random`` is resolved by the engine)."""
    if key in PRINTED_BY_KEY:
        return PRINTED_BY_KEY[key]
    if isinstance(key, str) and key.startswith(CUSTOM_PREFIX):
        digits = key[len(CUSTOM_PREFIX) :]
        if len(digits) != 9 or not digits.isdigit():
            raise ValueError(f"'{key}' is not a custom blueprint (custom: and nine digits)")
        cells = validate_cells(tuple(int(d) for d in digits))
        return Blueprint(key, "Custom", cells, "custom")
    raise ValueError(f"unknown blueprint '{key}'")


def blueprint_text(cells: tuple[int, ...]) -> str:
    """``C1 x3, B2 x8, A3 x3`` style summary."""
    return ", ".join(f"{CELL_NAMES[i]} x{n}" for i, n in enumerate(cells) if n)
