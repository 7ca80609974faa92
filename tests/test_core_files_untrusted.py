"""Every file the program reads is untrusted input: bounded, non-blocking reads, clear messages,
damaged files set aside (never overwritten), temporary files cleaned at start, saves checked
before they are offered, names that can always be drawn."""

from __future__ import annotations

import errno
import json
import os
import threading
import time
from pathlib import Path

import pytest

from babel.core import jsonfile, saves
from babel.core.jsonfile import JsonFileError, clean_temp_files, read_json, write_json_atomic
from babel.core.match import Match, Seat
from babel.core.names import clean_name, distinct_names, name_problem
from babel.core.paths import config_dir, data_dir
from babel.core.saves import SaveError, SaveStore
from babel.core.settings import Settings, SettingsError, load_settings, remembered_names, save_settings
from babel.core.startup import tidy_folders
from babel.games.solitaire.stats import StatsStore

INVISIBLE = ["\u200b", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u202e", "\x00", " \u200b "]


def _duel_match(bots=(None, "random"), moves=3):
    from babel.core import registry

    rules = registry.get("duel")
    match = Match(rules, rules.make_config(2), 7, [Seat(n, b) for n, b in zip(("Anna", "Ben"), bots)])
    for _ in range(moves):
        seat = match.to_act()[0]
        match.submit(seat, match.bot_action(seat))
    return match


# -- reading any bytes ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"n": 1' + b"0" * 5000 + b"}", "number too long"),
        (b'{"a": "x\x00y"}', "damaged"),
        (b'{"a": "caf\xe9"}', "not a text file"),
        (b"", "empty"),
        (b"  \n", "empty"),
    ],
)
def test_any_bytes_become_one_clear_error(tmp_path, content, words):
    path = tmp_path / "f.json"
    path.write_bytes(content)
    with pytest.raises(JsonFileError, match=words) as info:
        read_json(path)
    assert info.value.damaged


def test_a_named_pipe_is_refused_without_blocking(tmp_path):
    path = tmp_path / "autosave.json"
    os.mkfifo(path)
    outcome: list[object] = []
    worker = threading.Thread(target=lambda: outcome.append(_try_read(path)), daemon=True)
    worker.start()
    worker.join(10)
    assert outcome and "named pipe" in str(outcome[0])


def _try_read(path):
    try:
        read_json(path)
    except JsonFileError as exc:
        return exc
    return None


def test_folders_links_to_nothing_and_loops_are_refused(tmp_path):
    (tmp_path / "dir.json").mkdir()
    os.symlink("gone.json", tmp_path / "broken.json")
    os.symlink("b.json", tmp_path / "a.json")
    os.symlink("a.json", tmp_path / "b.json")
    for name, words in (("dir.json", "folder"), ("broken.json", "link to nothing"), ("a.json", "loops")):
        with pytest.raises(JsonFileError, match=words) as info:
            read_json(tmp_path / name)
        assert not info.value.damaged and not info.value.missing
    with pytest.raises(JsonFileError) as info:
        read_json(tmp_path / "none.json")
    assert info.value.missing


def test_a_file_larger_than_the_bound_is_not_read(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b'{"label": "' + b"W" * 2000 + b'"}')
    with pytest.raises(JsonFileError, match="too large"):
        read_json(path, max_bytes=1000)


def test_writing_never_replaces_a_folder_or_a_pipe(tmp_path):
    (tmp_path / "settings.json").mkdir()
    os.mkfifo(tmp_path / "pipe.json")
    for name in ("settings.json", "pipe.json"):
        with pytest.raises(OSError, match="not a file"):
            write_json_atomic(tmp_path / name, {"a": 1})
    assert (tmp_path / "settings.json").is_dir()
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


# -- temporary files ---------------------------------------------------------------------------------
def test_start_removes_old_temp_files_of_ours_only(private_home):
    saves_dir = data_dir() / "saves"
    saves_dir.mkdir(parents=True, exist_ok=True)
    old = time.time() - 3600
    ours = [data_dir() / ".solitaire_stats.json.ab12_x9z.tmp", saves_dir / ".autosave.json.k3j9x0aa.tmp"]
    young = config_dir() / ".settings.json.qwertyui.tmp"
    foreign = [data_dir() / "notes.tmp", data_dir() / ".hidden.tmp", saves_dir / "my.json.tmp"]
    for p in [*ours, young, *foreign]:
        p.write_bytes(b"{ half")
    for p in [*ours, *foreign]:
        os.utime(p, (old, old))
    assert tidy_folders(time.time()) == []
    assert not any(p.exists() for p in ours)
    assert young.exists() and all(p.exists() for p in foreign)


def test_a_killed_write_leaves_a_temp_file_the_next_start_removes(tmp_path, monkeypatch):
    target = tmp_path / "autosave.json"

    def killed(fd):
        raise KeyboardInterrupt  # the process dies between the write and the rename

    monkeypatch.setattr(jsonfile.os, "fsync", killed)
    monkeypatch.setattr(jsonfile.os, "unlink", lambda p: None)  # and has no time to clean up
    with pytest.raises(KeyboardInterrupt):
        write_json_atomic(target, {"a": 1})
    monkeypatch.undo()
    litter = [n for n in os.listdir(tmp_path) if jsonfile.is_temp_name(n)]
    assert litter
    assert clean_temp_files(tmp_path, time.time(), min_age=0) == litter
    assert os.listdir(tmp_path) == []


# -- settings ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "content", [b"[" * 50_000, b'{"volume": 1' + b"0" * 5000 + b"}", b"\xff\xfe", b'{"a": "\x00"}', b"[1]"]
)
def test_damaged_settings_are_set_aside_with_a_notice(private_home, content):
    path = config_dir() / "settings.json"
    path.write_bytes(content)
    notices: list[str] = []
    assert load_settings(notices) == Settings()
    assert notices and "kept as settings.json.bad" in notices[0]
    assert (config_dir() / "settings.json.bad").read_bytes() == content
    save_settings(Settings(volume=30))  # the next save writes a fresh file beside the kept one
    assert (config_dir() / "settings.json.bad").read_bytes() == content


def test_settings_that_cannot_be_written_raise_a_message(private_home):
    (config_dir() / "settings.json").mkdir()
    notices: list[str] = []
    assert load_settings(notices) == Settings()
    assert "folder" in notices[0]
    with pytest.raises(SettingsError, match="could not be saved"):
        save_settings(Settings(volume=10))


def test_settings_survive_wrong_types_and_absurd_values(private_home):
    (config_dir() / "settings.json").write_text(
        json.dumps({"window_w": 10**9, "window_h": -4, "volume": "loud", "last_names": ["\u200b", 5, "Ann"]})
    )
    s = load_settings()
    assert s.window_w == 1280 and s.window_h == 800 and s.volume == 70  # bad values: the defaults
    assert len(s.last_names) == 3 and all(name_problem(n) is None for n in s.last_names)
    assert s.last_names[2] == "Ann"  # the good name keeps its place


GOOD_SETTINGS = {
    "window_w": 1600,
    "window_h": 900,
    "anim_speed": "fast",
    "volume": 30,
    "coach": False,
    "reduce_motion": True,
    "contrast": "high",
    "text_size": 150,
}


@pytest.mark.parametrize(
    ("key", "text", "words"),
    [
        ("volume", "1e400", "sound volume (infinite)"),
        ("volume", "-1e400", "sound volume (infinite)"),
        ("volume", "NaN", "sound volume (not a number)"),
        ("volume", '"loud"', "sound volume ('loud', not a number)"),
        ("volume", "true", "sound volume (true, not a number)"),
        ("volume", "250", "sound volume (250 is over 100)"),
        ("volume", "2.5", "sound volume (2.5 is not a whole number)"),
        ("window_w", "1" + "0" * 12, "window width (a number of 13 digits is over 7680)"),
        ("window_h", "-4", "window height (-4 is under 640)"),
        ("window_h", "9" * 4000, "window height (a number of 4000 digits is over 4320)"),
        ("volume", "1e300", "sound volume (a number of 301 digits is over 100)"),
        ("anim_speed", '"turbo"', "animation speed ('turbo' is not one of slow, normal, fast, instant)"),
        ("coach", '"yes"', "coach ('yes', not on or off)"),
        ("reduce_motion", "1", "reduce motion (1, not on or off)"),
        ("reduce_motion", '"on"', "reduce motion ('on', not on or off)"),
        ("contrast", '"max"', "contrast ('max' is not one of normal, high)"),
        ("contrast", "[1]", "contrast (a list, not a word)"),
        ("text_size", "175", "text size (175 is not one of 100, 125, 150, 200)"),
        ("text_size", '"200"', "text size ('200', not a number)"),
        ("text_size", "1e400", "text size (infinite)"),
        ("fullscreen", "null", "full screen (empty (null), not on or off)"),
        ("last_names", '"Anna"', "remembered names ('Anna', not a list of names)"),
        ("last_names", '["Anna", "anna"]', "remembered names (name 2: the same as name 1)"),
        ("last_names", '["Anna", 5]', "remembered names (name 2: a name must be text)"),
        ("last_names", '["Anna", "\u200b"]', "remembered names (name 2: a name may not hold control"),
        ("last_names", json.dumps([f"P{i}" for i in range(12)]), "12 names, only the first 10 are kept"),
        ("setups", '"duel"', "remembered game setups (not a group of games)"),
        ("setups", "[1, 2]", "remembered game setups (not a group of games)"),
    ],
)
def test_one_bad_setting_is_reported_kept_aside_and_the_rest_used(private_home, key, text, words):
    """Issue: one bad field loaded without a message and the next write dropped it for good."""
    good = {k: v for k, v in GOOD_SETTINGS.items() if k != key}
    content = (json.dumps(good)[:-1] + f', "{key}": {text}}}').encode()
    path = config_dir() / "settings.json"
    path.write_bytes(content)
    notices: list[str] = []
    s = load_settings(notices)
    assert len(notices) == 2 and words in notices[0]  # each notice fits one line over the menu
    assert notices[1] == "The settings file as it was is kept as settings.json.bad"
    assert all(len(n) <= 110 for n in notices)
    for k, v in good.items():
        assert getattr(s, k) == v  # every good value is used
    assert getattr(s, key) == getattr(Settings(), key) or key == "last_names"
    assert (config_dir() / "settings.json.bad").read_bytes() == content  # the file as it was
    again: list[str] = []
    assert load_settings(again) == s and again == []  # rewritten with the usable values only
    save_settings(s.with_(volume=40))
    assert (config_dir() / "settings.json.bad").read_bytes() == content


def test_a_bad_remembered_setup_value_loses_only_itself(private_home):
    """Each game's remembered setup is read value by value: a bad one is dropped and named, the
    rest of that game's setup, the other games' and the other settings are kept."""
    seats = [
        {"kind": "strong", "name": "Zoë", "colour": 3},
        {"kind": "human", "name": "\u200b", "colour": "red"},
        {"kind": "../../x", "name": "Bo", "colour": 10**40},
    ]
    setups = {
        "duel": {"players": 2, "seats": seats},
        "turmbau": {"players": 1e400, "seats": [{"kind": "human", "name": "Ann"}]},
        "../etc": {"players": 3},
        "builders": "many",
    }
    (config_dir() / "settings.json").write_text(json.dumps({**GOOD_SETTINGS, "setups": setups}))
    notices: list[str] = []
    s = load_settings(notices)
    assert "remembered game setups" in notices[0] and len(notices) == 2
    assert s.volume == 30 and s.anim_speed == "fast"
    duel = s.setups["duel"]
    assert duel["players"] == 2 and duel["seats"][0] == {"kind": "strong", "name": "Zoë", "colour": 3}
    assert duel["seats"][1] == {"kind": "human", "name": None, "colour": None}
    assert duel["seats"][2] == {"kind": None, "name": "Bo", "colour": None}
    assert "players" not in s.setups["turmbau"] and s.setups["turmbau"]["seats"][0]["name"] == "Ann"
    assert "../etc" not in s.setups and s.setups["builders"] == {"seats": []}
    from babel.core.setup_memory import checked_setups

    assert checked_setups(setups)[1] == "duel: seat 2: a name may not hold control or invisible characters"
    assert load_settings() == s  # rewritten with the usable values only


def test_names_keep_their_places_when_one_is_bad(private_home):
    (config_dir() / "settings.json").write_text(json.dumps({"last_names": ["Zoë", "\u200b", "Carla"]}))
    notices: list[str] = []
    s = load_settings(notices)
    assert s.last_names[0] == "Zoë" and s.last_names[2] == "Carla" and name_problem(s.last_names[1]) is None
    assert "remembered names (name 2" in notices[0]


def test_several_bad_settings_are_named_together(private_home):
    (config_dir() / "settings.json").write_text(
        '{"volume": 1e400, "last_names": "Anna", "anim_speed": "slow"}'
    )
    notices: list[str] = []
    assert load_settings(notices).anim_speed == "slow"
    assert len(notices) == 2
    assert "sound volume (infinite)" in notices[0] and "remembered names ('Anna'" in notices[0]


def test_many_bad_settings_are_named_without_reasons_to_keep_the_notice_short(private_home):
    bad = {"volume": "x", "coach": "x", "fullscreen": "x", "window_w": "x", "window_h": "x", "last_names": 1}
    (config_dir() / "settings.json").write_text(json.dumps(bad))
    notices: list[str] = []
    load_settings(notices)
    assert notices[0] == (
        "Unusable settings set back to default: window width, window height, full screen, sound volume, "
        "remembered names, coach"
    )


def test_a_kept_file_is_never_overwritten(private_home):
    (config_dir() / "settings.json.bad").write_bytes(b"older")
    (config_dir() / "settings.json").write_bytes(b'{"volume": "loud"}')
    notices: list[str] = []
    load_settings(notices)
    assert notices[1].endswith("kept as settings.json.bad1")
    assert (config_dir() / "settings.json.bad").read_bytes() == b"older"
    assert (config_dir() / "settings.json.bad1").read_bytes() == b'{"volume": "loud"}'


def test_a_file_that_cannot_be_copied_aside_is_left_as_it_is_and_the_notice_says_so(
    private_home, monkeypatch
):
    from babel.core import settings as settings_module

    monkeypatch.setattr(settings_module, "keep_copy", lambda path, content: None)  # a full disk
    path = config_dir() / "settings.json"
    path.write_bytes(b'{"volume": "loud", "anim_speed": "fast"}')
    notices: list[str] = []
    assert load_settings(notices).anim_speed == "fast"
    assert notices[1] == "The settings file could not be copied aside: a change of settings will replace it"
    assert path.read_bytes() == b'{"volume": "loud", "anim_speed": "fast"}'


def test_keep_copy_never_overwrites_and_leaves_nothing_when_it_fails(tmp_path, monkeypatch):
    target = tmp_path / "f.json"
    assert jsonfile.keep_copy(target, b"one") == tmp_path / "f.json.bad"
    assert jsonfile.keep_copy(target, b"two") == tmp_path / "f.json.bad1"
    assert (tmp_path / "f.json.bad").read_bytes() == b"one"

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(jsonfile.os, "fsync", full)
    assert jsonfile.keep_copy(target, b"three") is None
    assert sorted(os.listdir(tmp_path)) == ["f.json.bad", "f.json.bad1"]


def test_keys_this_version_does_not_know_are_quiet_and_kept(private_home):
    path = config_dir() / "settings.json"
    path.write_text(json.dumps({"volume": 20, "keep_forever": {"a": [1, 2]}}))
    notices: list[str] = []
    s = load_settings(notices)
    assert s.volume == 20 and notices == []
    save_settings(s.with_(volume=50))
    data = json.loads(path.read_text())
    assert data["volume"] == 50 and data["keep_forever"] == {"a": [1, 2]}
    assert not (config_dir() / "settings.json.bad").exists()


# -- names -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", INVISIBLE)
def test_an_invisible_name_is_refused_and_cleans_to_nothing(name):
    assert name_problem(name) is not None
    assert clean_name(name) == ""


def test_a_name_is_bounded_and_keeps_visible_letters():
    assert name_problem("Ann\u200ba") is not None and clean_name("Ann\u200ba") == "Anna"
    assert name_problem("Zoë") is None and name_problem("李") is None
    assert len(clean_name("x" * 500)) == 20 and name_problem("x" * 21) is not None


def test_remembered_names_never_repeat():
    """Issue 17: 'Anna, Carla, Carla, Dev' after renaming a seat."""
    names = remembered_names(["Anna", "Carla", "Carla", "Dev", "carla", "\u200b"])
    assert len(names) == 6 and len({n.casefold() for n in names}) == 6
    assert names[:2] == ("Anna", "Carla") and names[3] == "Dev"
    assert distinct_names(["Ben", ""], ["Ben", "Carla"]) == ["Ben", "Carla"]


def test_drawing_any_name_never_crashes():
    import pygame

    from scenes import assets

    pygame.init()
    for s in [*INVISIBLE, "a\x00b", "caf\udce9", "W" * 100_000, ""]:
        assets.text(s, "sans", 20, (0, 0, 0))
        assets.ellipsize(s, "sans", 20, 300)
        assets.wrap(s, "sans", 20, 300)


# -- saves -------------------------------------------------------------------------------------------
def _write(path: Path, data) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return path


def test_unknown_bot_level_is_refused_at_load_and_by_replay(tmp_path, capsys):
    from babel import cli

    data = saves.record_of(_duel_match()).to_json()
    data["seats"][1]["bot"] = "grandmaster"
    path = _write(tmp_path / "odd.json", data)
    with pytest.raises(SaveError, match="bot level .* does not have .*grandmaster"):
        saves.load(path)
    assert cli.main(["replay", str(path)]) == 1
    assert not json.loads(capsys.readouterr().out)["ok"]
    notices: list[str] = []
    assert SaveStore(tmp_path).entries(notices) == []  # never offered with Open
    assert "grandmaster" in notices[0] and (tmp_path / "odd.json.bad").exists()


@pytest.mark.parametrize("name", ["An\x00na", "\u200b", "x" * 40, 5])
def test_a_save_with_an_unusable_name_is_refused(tmp_path, name):
    data = saves.record_of(_duel_match()).to_json()
    data["seats"][0]["name"] = name
    with pytest.raises(SaveError, match="damaged"):
        saves.load(_write(tmp_path / "n.json", data))


def test_a_huge_label_is_cut_and_nul_dropped(tmp_path):
    data = saves.record_of(_duel_match(), label="x").to_json()
    data["label"] = "Even\x00ing " + "W" * 3_000_000
    record = saves.read_record(_write(tmp_path / "l.json", data))
    assert len(record.label) <= 80 and "\x00" not in record.label
    saves.restore(record)


def test_huge_numbers_wrong_types_and_bad_seats_are_messages(tmp_path):
    good = saves.record_of(_duel_match()).to_json()
    cases = [
        {**good, "seed": 10**30},
        {**good, "actions": [[0, {"a": 1}]]},
        {**good, "actions": [[5, "draw"]]},
        {**good, "seats": good["seats"][:1]},
        {**good, "config": {"players": 2, "options": {"x": [1]}}},
        {**good, "digest": ["x"]},
        {**good, "seats": "Anna"},
    ]
    for i, data in enumerate(cases):
        with pytest.raises(SaveError):
            saves.load(_write(tmp_path / f"c{i}.json", data))


def test_the_save_list_survives_odd_files(tmp_path):
    store = SaveStore(tmp_path / "saves")
    store.save(_duel_match(), "good")
    folder = os.fsencode(store.folder)
    with open(folder + b"/caf\xe9.json", "wb") as fh:
        fh.write(b"{")
    os.symlink("gone.json", store.folder / "broken.json")
    os.symlink("loop2.json", store.folder / "loop1.json")
    os.symlink("loop1.json", store.folder / "loop2.json")
    (store.folder / "dir.json").mkdir()
    os.mkfifo(store.folder / "pipe.json")
    notices: list[str] = []
    entries = store.entries(notices)
    assert len(entries) == 6  # the damaged regular file is set aside with a notice
    assert len(notices) == 1 and "\ufffd" in notices[0]
    assert os.path.exists(folder + b"/caf\xe9.json.bad")
    assert sum(e.record is not None for e in entries) == 1
    assert all(e.error for e in entries if e.record is None)
    by_name = {e.name: e for e in entries}
    with pytest.raises(SaveError, match="folder"):
        store.delete(by_name["dir.json"].path)
    for name in ("broken.json", "loop1.json", "pipe.json"):
        store.delete(by_name[name].path)
    assert len(store.entries()) == 3


def test_delete_in_a_read_only_folder_is_a_message(tmp_path, monkeypatch):
    store = SaveStore(tmp_path / "saves")
    path = store.save(_duel_match(), "good")

    def refuse(p, *a, **k):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(saves.os, "unlink", refuse)
    with pytest.raises(SaveError, match="cannot be deleted"):
        store.delete(path)


def test_continue_is_not_hidden_by_a_finished_game(tmp_path):
    store = SaveStore(tmp_path / "saves")
    unfinished = _duel_match(bots=(None, None))
    store.autosave(unfinished)
    finished = _duel_match(bots=("random", "random"), moves=0)
    later = store.for_new_game()
    later.autosave(finished)
    while not finished.over:
        seat = finished.to_act()[0]
        finished.submit(seat, finished.bot_action(seat))
        later.autosave(finished)
    record = store.continue_record()
    assert record is not None and saves.restore(record).state == unfinished.state


def test_a_game_in_progress_that_cannot_be_replayed_is_set_aside(tmp_path):
    store = SaveStore(tmp_path / "saves")
    data = saves.record_of(_duel_match()).to_json()
    data["digest"] = "0" * 16
    path = _write(store.shelf.folder / "duel-1.json", data)
    raw = path.read_bytes()
    assert saves.read_record(path) is not None  # it parses: only a replay finds the fault
    notices: list[str] = []
    assert store.in_progress(notices) == [] and store.continue_record() is None
    assert "digest mismatch" in notices[0] and "kept as duel-1.json.bad" in notices[0]
    assert (store.shelf.folder / "duel-1.json.bad").read_bytes() == raw
    again = store.for_new_game()
    again.autosave(_duel_match())
    assert again.slot is not None and again.slot.name != "duel-1.json"  # a new name, not the old one
    assert (store.shelf.folder / "duel-1.json.bad").read_bytes() == raw


def test_a_damaged_old_autosave_is_set_aside_at_start(private_home):
    path = data_dir() / "saves" / "autosave.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"[" * 100_000)
    notices = tidy_folders(time.time())
    assert notices and "kept as autosave.json.bad" in notices[0]
    assert (path.parent / "autosave.json.bad").read_bytes() == b"[" * 100_000
    assert not path.exists()


def test_an_old_autosave_becomes_a_game_in_progress(private_home):
    match = _duel_match()
    path = _write(data_dir() / "saves" / "autosave.json", saves.record_of(match, label="Autosave").to_json())
    raw = path.read_bytes()
    assert tidy_folders(time.time()) == []
    (game,) = SaveStore().in_progress()
    assert game.path.read_bytes() == raw and not path.exists()
    assert saves.restore(game.record).state == match.state


# -- statistics and blueprints -----------------------------------------------------------------------
def test_statistics_in_place_of_a_folder_are_never_replaced(private_home):
    path = data_dir() / "solitaire_stats.json"
    path.mkdir()
    store = StatsStore.load()
    assert store.records == {} and "folder" in store.problem and store.recovered_from is None
    with pytest.raises(OSError):
        store.record("tiles", "standard", 1)
    assert path.is_dir()


def test_statistics_with_huge_numbers_are_set_aside(private_home):
    path = data_dir() / "solitaire_stats.json"
    path.write_bytes(b'{"format": "babel-towers-solitaire-stats", "version": 1' + b"0" * 5000 + b"}")
    store = StatsStore.load()
    assert store.recovered_from is not None and store.recovered_from.exists()


def test_blueprint_names_must_be_visible(private_home):
    from babel.games.builders import blueprints as BP

    with pytest.raises(BP.BlueprintError):
        BP.save_custom("\u200b\u2060", (1, 0, 0, 0, 0, 0, 0, 0, 0))
    path = BP.storage_path()
    path.write_text(json.dumps({"format": BP.FORMAT, "version": 1, "blueprints": 7}))
    assert BP.load_custom() == []
