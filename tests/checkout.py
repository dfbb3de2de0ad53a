"""The checkout whose sources, catalogues and docs the tests read.

Normally the one holding these tests. When the tests run against an installed wheel from a
copy of ``tests/`` (``.ci/run``'s second stage), ``SIEGEBOARD_TEST_INSTALLED`` names the
checkout the wheel was built from, so the tests of the sources read that one.
"""

from __future__ import annotations

import os
from pathlib import Path

CHECKOUT = Path(os.environ.get("SIEGEBOARD_TEST_INSTALLED") or Path(__file__).resolve().parents[1])
