"""Shared test setup: headless SDL, a private data folder per test, the example game."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from babel.core import registry  # noqa: E402
from tests.example_game import EXAMPLE  # noqa: E402


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    """Every test gets its own data and config folders; the user's are never touched."""
    monkeypatch.setenv("BABEL_TOWERS_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def example_game():
    """The example game, registered for the duration of one test (it is never built in)."""
    registry.register(EXAMPLE)
    yield EXAMPLE
    registry.unregister(EXAMPLE.info.id)
