"""Shared test setup: headless SDL, a private data folder per test, the example game, the pilot."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from babel.core import registry  # noqa: E402
from tests.example_game import EXAMPLE, EXAMPLE_BOTS  # noqa: E402


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    """Every test gets its own data and config folders; the user's are never touched."""
    monkeypatch.setenv("BABEL_TOWERS_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def example_game():
    """The example game, registered for the duration of one test (it is never built in)."""
    registry.register(EXAMPLE, EXAMPLE_BOTS)
    yield EXAMPLE
    registry.unregister(EXAMPLE.info.id)


@pytest.fixture
def example_playable(example_game):
    """The example game with its table, so the launcher can open it."""
    from scenes.tables import register_table, unregister_table
    from tests.example_table import ExampleTable

    register_table("example", lambda match, store: ExampleTable(match, store, threaded=False))
    yield example_game
    unregister_table("example")


@pytest.fixture
def unthreaded_tables(monkeypatch):
    """Tables the launcher makes run their bots inline, so a test does not wait on a thread."""
    from scenes import tables

    real = tables.table_for
    monkeypatch.setattr(tables, "table_for", lambda gid: lambda m, s: real(gid)(m, s, threaded=False))


@pytest.fixture
def pilot_size():
    """The window a test's pilot opens; a test module overrides this fixture for another size."""
    return (1280, 800)


@pytest.fixture
def pilot(pilot_size):
    """The one headless pilot (click, type, advance time), closed after the test."""
    import pygame

    from scenes.pilot import Pilot

    p = Pilot(size=pilot_size)
    yield p
    p.app.close_scenes()  # a table with phone seats stops its server: no thread outlives its test
    pygame.display.quit()


@pytest.fixture
def browser():
    """Headless Chromium at a phone's size, for the phone page's tests (skipped, saying how to
    install it, where the browser or selenium is missing)."""
    import shutil
    import tempfile
    from pathlib import Path

    from tests.test_scenes_remote_browser import browser_missing, open_chromium

    missing = browser_missing()
    if missing:
        pytest.skip(missing)
    profile = Path(tempfile.mkdtemp(prefix="babel-phone-"))
    driver = open_chromium(profile)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
