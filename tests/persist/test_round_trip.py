"""Any valid siege written and read back is exactly the siege that was written."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from siegeboard.persist import read_siege, write_siege

from .builders import siege_files


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(siege_files())
def test_write_then_read_is_exact(siege_file):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "round.siege"
        write_siege(path, siege_file)
        back = read_siege(path)
        assert back == siege_file
        assert back.siege.model_dump() == siege_file.siege.model_dump()
        # and saving what was read gives the same bytes
        write_siege(path, back)
        assert read_siege(path) == siege_file
