"""The benchmarks' timer (run by a plain ``pytest``: it times nothing that matters)."""

from __future__ import annotations

import weakref

from tests.bench.timing import measure


def test_measure_lets_the_last_result_go_before_the_clock_starts():
    """Freeing the previous run's result (a minute's outcome: thousands of objects) is not
    the work being timed, so it is gone before each run starts; the last one is returned."""
    class Result:
        pass

    made: list[weakref.ref] = []
    alive_at_start: list[bool] = []

    def work() -> Result:
        alive_at_start.append(any(ref() is not None for ref in made))
        result = Result()
        made.append(weakref.ref(result))
        return result

    timing, last = measure(work, runs=4, budget_s=100.0)
    assert timing.runs == 4 and alive_at_start == [False] * 4
    assert last is made[-1]()
