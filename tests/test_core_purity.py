"""babel/ stays free of pygame, and `import babel` is this project, not the i18n library Babel."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

IMPORT_ALL_WITHOUT_PYGAME = r"""
import importlib, pkgutil, sys

class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "pygame" or name.startswith("pygame."):
            raise ImportError("pygame is blocked in this test")
        return None

sys.meta_path.insert(0, Block())
import babel
names = [m.name for m in pkgutil.walk_packages(babel.__path__, "babel.") if not m.name.endswith("__main__")]
for name in names:
    importlib.import_module(name)
assert not any(m == "pygame" or m.startswith("pygame.") for m in sys.modules)
print(len(names))
"""


def test_babel_imports_without_pygame():
    out = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL_WITHOUT_PYGAME],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert int(out.stdout.strip()) >= 10


def test_babel_is_this_project():
    import babel

    assert getattr(babel, "PROJECT_MARKER", None) == "babel-towers"
    assert Path(babel.__file__).resolve().parent == ROOT / "babel"


def test_project_does_not_depend_on_i18n_babel():
    text = (ROOT / "pyproject.toml").read_text()
    deps = text.split("dependencies = [", 1)[1].split("]", 1)[0].lower()
    assert '"babel' not in deps


def test_only_physics_module_imports_pymunk():
    offenders = [
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "babel").rglob("*.py")
        if "import pymunk" in p.read_text() and p.name != "physics.py"
    ]
    assert offenders == []
