"""Docs say what the code does: every test file a module's text names exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAMED_TEST = re.compile(r"tests/test_\w+\.py")


def test_named_test_files_exist() -> None:
    missing = []
    for path in sorted((ROOT / "babel").rglob("*.py")):
        for name in set(NAMED_TEST.findall(path.read_text(encoding="utf-8"))):
            if not (ROOT / name).exists():
                missing.append(f"{path.relative_to(ROOT)} names {name}")
    assert missing == []


def test_duel_package_lists_every_module() -> None:
    import babel.games.duel as duel

    package = Path(duel.__file__).parent
    for module in package.glob("*.py"):
        if module.stem != "__init__":
            assert f"``{module.stem}``" in (duel.__doc__ or ""), module.stem


def test_table_docstring_names_who_makes_the_controller() -> None:
    import inspect

    from scenes import seated, table

    assert issubclass(table.TableScene, seated.SeatedScene)
    assert "self.controller = MatchController(" in inspect.getsource(seated.SeatedScene.__init__)
    assert "that ``SeatedScene``" in (table.__doc__ or "")


def test_architecture_does_not_claim_every_tool_uses_play_game() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    own_loops = [p for p in (ROOT / "tools").glob("*.py") if "play_game" not in p.read_text(encoding="utf-8")]
    assert own_loops and "the tools and the tests all play through it" not in text


def test_protocol_doc_lists_only_game_info_fields() -> None:
    import dataclasses

    from babel.core.protocol import GameInfo

    names = {f.name for f in dataclasses.fields(GameInfo)}
    row = next(line for line in (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8").splitlines() if line.startswith("| `info` |"))
    assert not any("bot" in n for n in names) and "bot levels live in the registry" in row


def test_protocol_doc_says_actions_round_trip_as_text() -> None:
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    assert "round trips of states, views and actions" not in text and "text round trips of actions" in text


def test_protocol_worked_example_runs_as_written() -> None:
    """The doc's worked example, pasted alone into a fresh interpreter, runs without error."""
    import subprocess
    import sys

    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    block = text.split("## A worked example", 1)[1].split("```python\n", 1)[1].split("\n```", 1)[0]
    done = subprocess.run([sys.executable, "-c", block], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip(), "the example prints its result"
