"""The results-out timing script runs end to end (``pytest -m bench``); no timed assertion
(the figures go to the README)."""

import pytest

from tests.bench import results_bench

pytestmark = pytest.mark.bench


def test_the_results_timing_runs(capsys):
    assert results_bench.main(["--n", "500", "--runs", "1"]) == 0
    out = capsys.readouterr().out
    assert "players' screen, 500 structures" in out and "Universal VTT export" in out
    assert "Siege Story of the sample after 20 actions" in out
