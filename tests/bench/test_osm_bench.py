"""The real-map import timing script runs end to end (``pytest -m bench``); no timed
assertion (the figures go to the README)."""

import pytest

from tests.bench import osm_import

pytestmark = pytest.mark.bench


def test_the_import_timing_runs(capsys):
    assert osm_import.main(["--runs", "1", "--buildings", "200"]) == 0
    out = capsys.readouterr().out
    assert out.count("median") == 4 and "31 structures" in out and "113 structures" in out
    assert out.count("200 structures") == 2
