"""ruff and mypy, as configured in pyproject.toml, find nothing in the sources.

Both run from the checkout: its pyproject.toml holds their settings. Against the installed
wheel (the CI's second stage runs a copy of tests/ elsewhere, with
``SIEGEBOARD_TEST_INSTALLED`` set to the checkout) they lint that checkout's sources, the same
files the wheel was built from. The exact versions are pinned in the ``test`` extra, so every
stage (the lowest versions, Python 3.12 and 3.13) runs the same rules.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from checkout import CHECKOUT

RUFF_PATHS = ("siegeboard", "tests", "tools")
MYPY_PATHS = ("siegeboard",)


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    if not (CHECKOUT / "pyproject.toml").is_file():
        pytest.skip(f"no checkout at {CHECKOUT} to lint (set SIEGEBOARD_TEST_INSTALLED)")
    return subprocess.run([sys.executable, "-m", *command], cwd=CHECKOUT, capture_output=True,
                          text=True, timeout=600)


def test_ruff_finds_nothing():
    result = _run("ruff", "check", "--no-cache", *RUFF_PATHS)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing():
    result = _run("mypy", *MYPY_PATHS)
    assert result.returncode == 0, result.stdout + result.stderr
