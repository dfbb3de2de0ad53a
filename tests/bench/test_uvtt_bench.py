"""The Universal VTT import timing script runs end to end (``pytest -m bench``); no timed
assertion (the figures go to the README)."""

import pytest

from tests.bench import uvtt_import

pytestmark = pytest.mark.bench


def test_the_import_timing_runs(capsys):
    assert uvtt_import.main(["--runs", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("median") == 7 and "22 structures" in out and "6400 structures" in out
