"""The machine's speed in a benchmark run (run by a plain ``pytest``: it times nothing)."""

from __future__ import annotations

from tests.bench import run


def _town(build_s: float) -> dict:
    return {"build_town": {"median_s": build_s, "runs": 3}}


def test_speed_is_the_reference_towns_build_against_the_reference_run():
    speed = run.machine_speed({1_000: _town(0.1), run.SPEED_N: _town(2 * run.REFERENCE_BUILD_S)})
    assert speed == {"build_town_s": 2 * run.REFERENCE_BUILD_S,
                     "reference_s": run.REFERENCE_BUILD_S, "slowdown": 2.0}
    assert "2.00 times the reference run's 827.0 ms" in run.speed_line(speed)


def test_speed_is_not_measured_without_the_reference_town():
    assert run.machine_speed({100: _town(0.01)}) is None
    assert run.machine_speed({run.SPEED_N: {"error": "exit 1"}}) is None
    assert "not measured" in run.speed_line(None)
