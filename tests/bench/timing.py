"""Timing and memory for the benchmarks: medians of repeated runs, never a single timing.

The machine is shared: each figure is the median of ``runs`` wall-clock timings
(``time.perf_counter``), reported with the process CPU time median beside it so that a
noisy neighbour shows up as wall >> CPU. Memory is the process's peak resident set size
(``resource.getrusage(RUSAGE_SELF).ru_maxrss``), which covers Python, shapely and Qt.
"""

from __future__ import annotations

import resource
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any


@dataclass
class Timing:
    median_s: float
    cpu_median_s: float
    runs: int
    min_s: float
    max_s: float

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def measure(work: Callable[[], Any], *, runs: int = 5, setup: Callable[[], Any] | None = None,
            budget_s: float = 20.0, min_runs: int = 3) -> tuple[Timing, Any]:
    """Run ``work`` up to ``runs`` times (``setup`` before each, untimed, and the previous
    result freed then); return the timing and the last result. Stops early, after
    ``min_runs`` runs, once ``budget_s`` is spent."""
    if runs < 1:
        raise ValueError(f"runs must be 1 or more, not {runs}")
    walls, cpus = [], []
    result = None
    spent = 0.0
    for number in range(runs):
        # The last run's result is let go before the clock starts: freeing it (a minute's
        # outcome of thousands of copies and records: 5 ms at N = 10,000) is not the work,
        # and the window keeps what it plays (undo) rather than freeing it on the next play.
        result = None
        if setup is not None:
            setup()
        cpu = time.process_time()
        start = time.perf_counter()
        result = work()
        wall = time.perf_counter() - start
        cpus.append(time.process_time() - cpu)
        walls.append(wall)
        spent += wall
        if number + 1 >= min_runs and spent > budget_s:
            break
    return Timing(statistics.median(walls), statistics.median(cpus), len(walls), min(walls),
                  max(walls)), result


def peak_rss_mib() -> float:
    """The process's peak resident set size so far, in MiB (ru_maxrss is KiB on Linux)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024
