"""The tracing benchmark, small: ``pytest -m bench`` (skipped by a plain ``pytest``). Its
timings are reported by ``tests/bench/trace_plan.py``, not asserted here."""

from __future__ import annotations

import json

import pytest

from siegeboard.plan import trace
from tests.bench import trace_plan

pytestmark = pytest.mark.bench


def test_the_town_plan_is_the_same_every_run_and_its_points_are_inside_buildings():
    first, points = trace_plan.town_plan(1000)
    second, _ = trace_plan.town_plan(1000)
    assert (first == second).all() and len(points) >= 40
    for point in points[::7]:
        assert tuple(first[int(point[1]), int(point[0])]) in trace_plan.FILLS


def test_the_naive_reference_agrees_with_the_tracer():
    image, points = trace_plan.town_plan(1000)
    for point in points[::5]:
        ours = trace(image, point).pixels
        assert trace_plan._iou(ours, trace_plan.naive_trace(image, point, 32)) >= 0.9


def test_the_benchmark_runs_and_writes_its_figures(tmp_path, capsys):
    out = tmp_path / "trace.json"
    assert trace_plan.main(["--sizes", "1000", "--clicks", "3", "--json", str(out)]) == 0
    (row,) = json.loads(out.read_text())
    assert row["size_px"] == 1000 and row["clicks"] == 3 and row["agreement_min_iou"] >= 0.9
    assert row["grid_cell_px"] == pytest.approx(50, abs=1)
    assert "| 1,000 x 1,000 px |" in capsys.readouterr().out
