"""The city import timing script runs end to end, bulk beside plain (``pytest -m bench``); no
timed assertion (the figures go to docs/performance.md)."""

import pytest

from tests.bench import city_import

pytestmark = pytest.mark.bench


def test_the_city_import_timing_runs(capsys):
    assert city_import.main(["--buildings", "300", "--pbf-buildings", "200", "--plain"]) == 0
    out = capsys.readouterr().out
    assert out.count("300 structures") == 2 and out.count("200 structures") == 2
    assert out.count(" bulk ") == 2 and out.count(" plain ") == 2
