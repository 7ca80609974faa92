"""A fast part of the corruption matrix (tools/corrupt_files.py runs all of it): every kind of
damage once, spread over the files the program reads, and each crafted save that parses but does
not replay once, for a game in progress and a named save in turn. Each case starts the app
headless to its menu, opens the screen that uses the file and checks a message or a working
screen, every other file byte-identical, the damaged file kept (a save that does not replay set
aside as NAME.bad byte for byte, untouched by a new game played afterwards), and no temporary
file left."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location(
    "corrupt_files", Path(__file__).resolve().parents[1] / "tools" / "corrupt_files.py"
)
corrupt_files = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("corrupt_files", corrupt_files)  # dataclasses look their module up
_spec.loader.exec_module(corrupt_files)


def _subset() -> list:
    """Each damage once, the files taking turns; each crafted save once, a game in progress and
    a named save taking turns; the old autosave taken over (and not, from a read-only folder);
    the temporary-file litter."""
    files = list(corrupt_files.FILES)
    damages = [*corrupt_files.CONTENT, *corrupt_files.PLACE, *corrupt_files.WRITES]
    cases = [corrupt_files.Case(files[i % len(files)], d) for i, d in enumerate(damages)]
    crafted = [*corrupt_files.CRAFTED, *corrupt_files.SAVE_ONLY]
    cases += [corrupt_files.Case(("in progress", "save")[i % 2], d) for i, d in enumerate(crafted)]
    cases += [corrupt_files.Case("old autosave", d) for d in corrupt_files.OLD_AUTOSAVE]
    # a take-over whose old file cannot be removed: the game must not end up kept twice
    cases.append(corrupt_files.Case("old autosave", "read-only folder"))
    extra = [
        corrupt_files.Case("temp files", "left by a killed write"),
        corrupt_files.Case("folders", "data folder is a file"),
    ]
    return [*cases, *extra]


@pytest.mark.parametrize("case", _subset(), ids=lambda c: c.name)
def test_corruption_case(case):
    result = corrupt_files.run_case(case)
    assert result.ok, result.problems
    assert result.messages or result.outcome


def test_the_matrix_covers_every_file_and_damage():
    cases = corrupt_files.all_cases()
    assert {c.file for c in cases} >= set(corrupt_files.FILES)
    assert len(cases) >= 150
    for file in corrupt_files.SAVE_FILES:
        assert {c.damage for c in cases if c.file == file} >= set(corrupt_files.CRAFTED)
