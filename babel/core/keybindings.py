"""The keys a player may rebind (Settings, Keys), their defaults and which keys they may take.

Pure data and checks, no pygame: a binding is a key's name as pygame spells it ("h", "f5",
"[") with "ctrl+" before it for a key pressed with Ctrl. A table's actions ("babel_on.hint")
share the keys of their table and of every table ("table.undo"); a key may do one thing at a
table. Esc (the menu), F1 (rules), ? (the table's key sheet), Tab, Enter, Space, the arrows,
Backspace and the digits stay fixed: they move the focus, act, and choose cards, cells and seats.
"""

from __future__ import annotations

from dataclasses import dataclass

SCOPES = {  # where an action's key works, as the Keys screen heads it
    "table": "Every table",
    "duel": "Card duel",
    "solitaire": "Solitaire",
    "babel_on": "Babel On!",
    "turmbau": "Der Turmbau zu Babel",
    "builders": "Babel Builders",
}


@dataclass(frozen=True)
class KeyAction:
    id: str  # "scope.what"
    words: str  # what the key does, for the Keys screen
    default: str  # the key's name, "ctrl+" first for a Ctrl key

    @property
    def scope(self) -> str:
        return self.id.split(".", 1)[0]

    @property
    def ctrl(self) -> bool:
        return self.default.startswith("ctrl+")


ACTIONS: tuple[KeyAction, ...] = (
    KeyAction("table.undo", "Undo your last move", "ctrl+z"),
    KeyAction("duel.hint", "Hint", "h"),
    KeyAction("solitaire.draw", "Draw a tile", "d"),
    KeyAction("solitaire.finish", "Finish (no more moves)", "f"),
    KeyAction("solitaire.hint", "Hint", "h"),
    KeyAction("solitaire.winnable", "Winnable deals only", "w"),
    KeyAction("solitaire.undo", "Undo", "u"),
    KeyAction("solitaire.redo", "Redo", "ctrl+y"),
    KeyAction("solitaire.new", "New deal", "n"),
    KeyAction("babel_on.even", "Call even", "e"),
    KeyAction("babel_on.odd", "Call odd", "o"),
    KeyAction("babel_on.pass", "Pass", "p"),
    KeyAction("babel_on.bonus", "Pick up a Bonus Block", "b"),
    KeyAction("babel_on.turn", "Turn the view", "r"),
    KeyAction("babel_on.plan", "Floor plan", "f"),
    KeyAction("babel_on.hand", "Hand for the risk note", "h"),
    KeyAction("babel_on.hint", "Hint", "c"),
    KeyAction("turmbau.pass", "Pass", "p"),
    KeyAction("turmbau.no_offer", "No offer", "n"),
    KeyAction("turmbau.unfulfilled", "Leave disc unfulfilled", "l"),
    KeyAction("turmbau.trade", "Trading card", "t"),
    KeyAction("turmbau.triple", "Triple bonus", "x"),
    KeyAction("turmbau.joker", "Joker choice", "j"),
    KeyAction("turmbau.redraw", "Card trade", "r"),
    KeyAction("turmbau.double", "Double turn", "d"),
    KeyAction("turmbau.draw3", "Card draw; cancel trade", "c"),
    KeyAction("turmbau.hint", "Hint", "h"),
    KeyAction("builders.none", "None (no choice)", "n"),
    KeyAction("builders.role", "Hold to see your role", "r"),
    KeyAction("builders.timeline", "Timeline", "t"),
    KeyAction("builders.talk", "Table talk", "k"),
    KeyAction("builders.discards", "Discards, larger", "v"),
    KeyAction("builders.hint", "Hint", "h"),
)
BY_ID = {a.id: a for a in ACTIONS}

LETTERS = tuple("abcdefghijklmnopqrstuvwxyz")
PUNCTUATION = ("[", "]", ";", "'", ",", ".", "\\", "-", "=", "`")  # "/" is "?": every table's key sheet
F_KEYS = tuple(f"f{n}" for n in (2, 3, 4, 5, 6, 7, 8, 9, 10, 12))
BINDABLE = frozenset((*LETTERS, *PUNCTUATION, *F_KEYS))
FIXED = {  # keys a table keeps for itself, and what they do there (a rebinding may not take them)
    "duel": {"t": "plays a ten", "j": "plays a jack", "q": "plays a queen", "k": "plays a king",
             "a": "plays an ace", "x": "plays the joker"},
    "builders": {"a": "names column A", "b": "names column B", "c": "names column C",
                 "s": "says \"I suspect\"", "g": "says \"I trust\"", "d": "says \"...hurt the tower\"",
                 "x": "says \"I won't appoint\""},
}
MAX_KEYS = len(ACTIONS)


def default_of(action_id: str) -> str:
    return BY_ID[action_id].default


def plain(binding: str) -> str:
    """The key without its Ctrl."""
    return binding[5:] if binding.startswith("ctrl+") else binding


def bound(bindings: dict[str, str]) -> dict[str, str]:
    """Every action's key: the player's where set, else the default."""
    return {a.id: bindings.get(a.id, a.default) for a in ACTIONS}


def shares(a: str, b: str) -> bool:
    """Whether actions ``a`` and ``b`` can be pressed at the same table."""
    sa, sb = BY_ID[a].scope, BY_ID[b].scope
    return sa == sb or "table" in (sa, sb)


def conflict(bindings: dict[str, str], action_id: str, key: str) -> str | None:
    """Why ``action_id`` may not take ``key`` (a plain key name), or None. The reason names
    what the key does already, where: "K is Table talk at Babel Builders"."""
    action = BY_ID.get(action_id)
    if action is None:
        return "That is no action one can rebind"
    if key not in BINDABLE:
        return f"{label(key)} stays as it is: letters, F2-F12 and , . ; ' [ ] - = ` \\ may be bound"
    binding = ("ctrl+" if action.ctrl else "") + key
    now = bound(bindings)
    for other in ACTIONS:
        if other.id != action_id and shares(action_id, other.id) and now[other.id] == binding:
            return f"{label(binding)} is {other.words} at {SCOPES[other.scope]}: choose another key"
    scopes = list(SCOPES) if action.scope == "table" else [action.scope]
    for scope in scopes:
        does = FIXED.get(scope, {}).get(key)
        if does is not None and not action.ctrl:
            return f"{label(key)} {does} at {SCOPES[scope]}: choose another key"
    return None


def label(binding: str) -> str:
    """A binding as the help prints it: "H", "Ctrl+Z", "F5", "["."""
    ctrl = binding.startswith("ctrl+")
    key = plain(binding)
    shown = key.upper() if len(key) == 1 or key.startswith("f") else key.title()
    return f"Ctrl+{shown}" if ctrl else shown


def checked_keys(raw: object) -> tuple[dict[str, str], str]:
    """The player's bindings from a settings file, entry by entry: an unknown action, a key one
    may not bind or a key another action of the same table has already is dropped (its action
    keeps its default) and the first such problem is described."""
    if not isinstance(raw, dict):
        return {}, "not a list of keys"
    kept: dict[str, str] = {}
    problem = ""
    for action_id, binding in list(raw.items())[: 4 * MAX_KEYS]:
        if not isinstance(action_id, str) or action_id not in BY_ID:
            problem = problem or "an action this version does not know"
        elif not isinstance(binding, str) or len(binding) > 12:
            problem = problem or f"{action_id}: not a key"
        elif binding.startswith("ctrl+") != BY_ID[action_id].ctrl:
            problem = problem or f"{action_id}: Ctrl is part of its key or of none"
        elif plain(binding) not in BINDABLE:
            problem = problem or f"{action_id}: {_shown(binding)} may not be bound"
        elif binding != BY_ID[action_id].default:
            kept[action_id] = binding
    while True:  # the bindings are checked together (two keys swapped are fine), clashes dropped
        clash = [a for a, b in kept.items() if conflict(kept, a, plain(b)) is not None]
        if not clash:
            break
        problem = problem or f"{clash[0]}: {conflict(kept, clash[0], plain(kept[clash[0]])).split(':')[0]}"
        for action_id in clash:
            del kept[action_id]
    if len(raw) > 4 * MAX_KEYS:
        problem = problem or "too many entries"
    return kept, problem


def _shown(binding: str) -> str:
    text = "".join(ch if ch.isprintable() else "?" for ch in binding)
    return f"'{text}'"
