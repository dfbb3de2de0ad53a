"""The city import timing script runs end to end, bulk beside plain (``pytest -m bench``); no
timed assertion (the figures go to docs/performance.md)."""

import pytest

from tests.bench import city_import

pytestmark = pytest.mark.bench


def test_the_city_import_timing_runs(capsys):
    assert city_import.main(["--buildings", "300", "--pbf-buildings", "200", "--plain",
                             "--old-check", "--repeat", "2"]) == 0
    out = capsys.readouterr().out
    assert out.count("300 structures") == 9 and out.count("200 structures") == 9
    assert out.count(" bulk new check ") == 6 and out.count(" bulk old check ") == 6
    assert out.count(" plain old check ") == 6 and out.count(" median ") == 6
