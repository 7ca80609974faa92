"""pyproject.toml uses the metadata forms current setuptools accepts without deprecation warnings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

ROOT = Path(__file__).resolve().parents[1]


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_license_is_an_spdx_string_not_a_deprecated_table():
    license_field = _pyproject()["project"]["license"]
    assert isinstance(license_field, str), "license = { text = ... } is deprecated by setuptools (2027)"
    assert license_field == "MIT"


def test_build_requires_a_setuptools_that_understands_spdx_licenses():
    requires = _pyproject()["build-system"]["requires"]
    setuptools_req = next(r for r in requires if r.startswith("setuptools"))
    match = re.search(r">=\s*(\d+)", setuptools_req)
    assert match and int(match.group(1)) >= 77
