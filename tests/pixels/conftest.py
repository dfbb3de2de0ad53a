"""The pixel scenes import ``tests.pixels`` and ``tests.bench`` (the town and its plan): make
the root importable under pytest."""

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


import gc  # noqa: E402

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _earlier_windows_collected():
    """What earlier tests left to Python's collector (a closed window and its views) is
    collected here, between tests: these tests build and paint views of their own, and a
    collection that frees an old window in the middle of them, or in pytest's summary,
    took the process down (a window test run before this folder segfaulted at exit)."""
    gc.collect()
    yield
    gc.collect()
