"""A fast part of the corruption matrix (tools/corrupt_files.py runs all of it): every kind of
damage once, spread over the files the program reads. Each case starts the app headless to its
menu, opens the screen that uses the file and checks a message or a working screen, every other
file byte-identical, the damaged file kept, and no temporary file left."""

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
    """Each damage once, the files taking turns, plus the temporary-file litter."""
    files = list(corrupt_files.FILES)
    damages = [*corrupt_files.CONTENT, *corrupt_files.PLACE, *corrupt_files.WRITES]
    cases = [corrupt_files.Case(files[i % len(files)], d) for i, d in enumerate(damages)]
    cases += [
        corrupt_files.Case(f, d) for f, d in zip(("save", "autosave", "finished"), corrupt_files.SAVE_ONLY)
    ]
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
    assert len(cases) >= 100
