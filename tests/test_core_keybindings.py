"""The rebindable keys: their defaults never clash, a rebinding that would is refused with a
reason, and the settings file's keys are read entry by entry like every other untrusted field."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from babel.core import keybindings as kb
from babel.core.settings import Settings, checked_settings, load_settings, save_settings


def test_the_defaults_clash_nowhere_and_may_be_chosen_again() -> None:
    for a in kb.ACTIONS:
        assert kb.plain(a.default) in kb.BINDABLE, a
        assert kb.conflict({}, a.id, kb.plain(a.default)) is None, a  # its own key is no clash
    ids = [a.id for a in kb.ACTIONS]
    assert len(ids) == len(set(ids)) and all(a.scope in kb.SCOPES for a in kb.ACTIONS)


def test_a_key_the_same_table_uses_is_refused_with_what_it_does_there() -> None:
    why = kb.conflict({}, "babel_on.hint", "e")
    assert why is not None and "E is Call even at Babel On!" in why
    assert kb.conflict({}, "babel_on.hint", "g") is None
    assert kb.conflict({}, "duel.hint", "e") is None  # E does nothing at the duel
    why = kb.conflict({}, "duel.hint", "k")
    assert why is not None and "plays a king" in why  # the duel's rank keys stay
    assert "stays as it is" in kb.conflict({}, "turmbau.pass", "return")
    assert "stays as it is" in kb.conflict({}, "turmbau.pass", "1")  # digits choose cards and seats
    assert kb.conflict({}, "nothing.such", "g") == "That is no action one can rebind"


def test_every_tables_keys_clash_with_each_table() -> None:
    bindings = {"solitaire.hint": "g"}
    why = kb.conflict(bindings, "table.undo", "y")  # Ctrl+Y is the solitaire's Redo
    assert why is not None and "Ctrl+Y is Redo at Solitaire" in why
    assert kb.conflict(bindings, "turmbau.hint", "g") is None  # another table's G


def test_labels() -> None:
    assert [kb.label(b) for b in ("h", "ctrl+z", "f5", "[", "return")] == ["H", "Ctrl+Z", "F5", "[", "Return"]


def test_the_files_keys_are_read_entry_by_entry() -> None:
    ok = {"babel_on.even": "o", "babel_on.odd": "e", "builders.talk": "f5", "table.undo": "ctrl+q"}
    s, problems = checked_settings({"keys": ok})
    assert s.keys == ok and problems == ()  # two keys swapped are fine together
    s, problems = checked_settings({"keys": {"babel_on.hint": "c", "duel.hint": "g"}})
    assert s.keys == {"duel.hint": "g"}  # a default is not kept as a choice
    for bad, words in [
        ({"babel_on.even": "p"}, "babel_on.even: P is Pass"),  # a clash
        ({"no.such": "g"}, "an action this version does not know"),
        ({"duel.hint": 7}, "duel.hint: not a key"),
        ({"duel.hint": "g" * 40}, "duel.hint: not a key"),
        ({"table.undo": "q"}, "Ctrl is part of its key"),
        ({"duel.hint": "return"}, "may not be bound"),
        ({"duel.hint": "\x00"}, "may not be bound"),
        ({"duel.hint": "k"}, "plays a king"),
        ([1, 2], "not a list of keys"),
        ("h", "not a list of keys"),
    ]:
        s, problems = checked_settings({"keys": bad, "volume": 30})
        assert s.volume == 30 and s.keys == {}, bad
        assert problems and problems[0][0] == "keys" and words in problems[0][1], (bad, problems)
    big = {f"x{i}": "g" for i in range(1000)}
    s, problems = checked_settings({"keys": {**big, "duel.hint": "g"}})
    assert s.keys == {} and problems  # only the first entries are looked at


@settings(max_examples=30, deadline=None)
@given(st.dictionaries(st.sampled_from([a.id for a in kb.ACTIONS] + ["x.y"]), st.sampled_from(
    sorted(kb.BINDABLE) + ["ctrl+z", "ctrl+q", "ctrl+y", "return", "", "1"]
), max_size=12))
def test_any_keys_in_a_file_leave_no_clash(raw) -> None:
    s, _ = checked_settings({"keys": raw})
    for action_id, binding in s.keys.items():
        assert kb.conflict(s.keys, action_id, kb.plain(binding)) is None
        assert binding.startswith("ctrl+") == kb.BY_ID[action_id].ctrl


def test_the_keys_are_saved_and_loaded(private_home) -> None:
    save_settings(Settings(keys={"babel_on.hint": "g", "table.undo": "ctrl+q"}))
    notices: list[str] = []
    assert load_settings(notices).keys == {"babel_on.hint": "g", "table.undo": "ctrl+q"} and notices == []
