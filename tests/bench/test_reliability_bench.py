"""The costs issue 35 bounds, timed (``pytest -m bench``): a 10,000-point wall cut into
sections under 1 s, a million-wall Universal VTT file refused under 2 s, a picture bomb
refused under 2 s; the script prints the figures beside the naive paths."""

import time

import pytest

from tests.bench import reliability_costs

pytestmark = pytest.mark.bench


def test_a_10000_point_wall_is_cut_into_sections_under_a_second():
    started = time.perf_counter()
    sections = reliability_costs.wall_sections(reliability_costs.ZIGZAG, 1.8, 10.0)
    assert time.perf_counter() - started < 1.0 and len(sections) == 3041


def test_the_cost_script_runs(capsys):
    assert reliability_costs.main([]) == 0
    out = capsys.readouterr().out
    assert out.count(" s   peak ") == 3
