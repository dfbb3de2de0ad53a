"""Old code against new on a shared machine: CPU-time medians, the two trees taking turns.

    python tests/bench/alternate.py --old DIR [--new DIR] [--sizes 10000,50000]
                                    [--rounds 5] [--runs 7] [--json OUT.json]

``DIR`` is a source tree of siegeboard (``git archive main | tar -x -C DIR`` gives one). Each
round runs one child process per tree, in turns (old, new; then new, old: neither always
goes first), each importing siegeboard from its own tree with this interpreter; a child
builds the seeded town of ``tests/bench/town.py`` and times, in CPU seconds
(``time.process_time``), the costs that the targets of ``run.py`` name and the ones beside
them: the minute with every fire out of control and with mixed fires, saving and opening the
town and the town in play, and the autosave's fold (the document of the town in play encoded
off the window's thread). Each child gives the median of its runs; the table gives, for each
figure, the median over the rounds of each tree and their ratio (new / old).

CPU time, not the wall clock: other work on a shared machine stretches the wall clock of
both trees by whatever it does meanwhile, far less their CPU time; taking turns puts both
trees under the same load. Timing only, no target: ``run.py`` checks the targets.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[2]
FIGURES = ("minute_wild", "minute_mixed", "save", "open", "played_save", "played_open",
           "fold")


def _cpu_median(work: Callable[[], Any], runs: int) -> float:
    import gc

    times = []
    for _ in range(runs):
        gc.collect()
        start = time.process_time()
        result = work()
        times.append(time.process_time() - start)
        del result  # freed untimed, as ``timing.measure`` does
    return statistics.median(times)


def child(n: int, runs: int, wanted: tuple[str, ...] = FIGURES) -> dict[str, float]:
    """The ``wanted`` figures of one tree (the siegeboard on ``sys.path``), in CPU
    seconds."""
    from siegeboard.geometry import StructureIndex
    from siegeboard.model.actions import AdvanceClock
    from siegeboard.persist import SiegeFile, read_siege, write_siege
    from siegeboard.persist.siege_file import encode_siege
    from siegeboard.rules.dice import RandomDice
    from siegeboard.rules.engine import apply
    from tests.bench.cases import _copy_with_structures, _played
    from tests.bench.town import build_town, set_fires

    siege = build_town(n)
    index = StructureIndex.for_structures(siege.structures)
    figures: dict[str, float] = {}
    advance = AdvanceClock(turns=12)
    for label, wild in (("minute_wild", True), ("minute_mixed", False)):
        if label not in wanted:
            continue
        burning = _copy_with_structures(siege)
        set_fires(burning, 0.1, all_out_of_control=wild)
        figures[label] = _cpu_median(
            lambda burning=burning: apply(burning, advance, RandomDice(11), index=index),
            runs)
    if not set(wanted) & set(FIGURES[2:]):
        return figures
    played = _played(siege)
    with tempfile.TemporaryDirectory(prefix="siegeboard-alternate-") as folder:
        for label, each in (("", siege), ("played_", played)):
            path = Path(folder) / f"{label}town.siege"
            siege_file = SiegeFile(siege=each)
            figures[f"{label}save"] = _cpu_median(
                lambda path=path, siege_file=siege_file: write_siege(path, siege_file,
                                                                     backup=False),
                max(3, runs // 2))
            figures[f"{label}open"] = _cpu_median(lambda path=path: read_siege(path),
                                                  max(3, runs // 2))
    # The autosave's fold on its worker thread: the document encoded, no file written.
    played_file = SiegeFile(siege=played)
    figures["fold"] = _cpu_median(lambda: encode_siege(played_file), max(3, runs // 2))
    return figures


def run_child(tree: Path, n: int, runs: int, wanted: tuple[str, ...]) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0",
               QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", str(n),
                           str(runs), "--figures", ",".join(wanted)], capture_output=True,
                          text=True, cwd=tree, env=env, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        raise SystemExit(f"{tree}: exit {done.returncode}: {done.stderr.strip()[-800:]}")
    figures = json.loads(lines[-1])
    if not Path(figures.pop("package")).is_relative_to(tree):
        raise SystemExit(f"{tree}: the child imported siegeboard from elsewhere")
    return figures


def compare(old: Path, new: Path, sizes: list[int], rounds: int, runs: int,
            wanted: tuple[str, ...] = FIGURES) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for n in sizes:
        taken: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
        for number in range(rounds):
            order = [("old", old), ("new", new)]
            if number % 2:
                order.reverse()
            for label, tree in order:
                taken[label].append(run_child(tree, n, runs, wanted))
            print(f"N = {n:,}: round {number + 1} of {rounds} done", file=sys.stderr)
        rows = {}
        for figure in wanted:
            old_median = statistics.median(each[figure] for each in taken["old"])
            new_median = statistics.median(each[figure] for each in taken["new"])
            rows[figure] = {"old_s": old_median, "new_s": new_median,
                            "ratio": new_median / old_median,
                            "old_runs": [each[figure] for each in taken["old"]],
                            "new_runs": [each[figure] for each in taken["new"]]}
        results[str(n)] = rows
    return results


def table(results: dict[str, Any]) -> str:
    lines = ["| figure (CPU median) | N | old | new | new / old |", "|---|---|---|---|---|"]
    for n, rows in results.items():
        for figure, row in rows.items():
            lines.append(f"| {figure} | {int(n):,} | {row['old_s'] * 1e3:.1f} ms | "
                         f"{row['new_s'] * 1e3:.1f} ms | {row['ratio']:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", type=Path, help="the old source tree")
    parser.add_argument("--new", type=Path, default=HERE, help="the new one (this tree)")
    parser.add_argument("--sizes", default="10000", help="comma-separated N")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--runs", type=int, default=7, help="timed runs within a child")
    parser.add_argument("--json", type=Path, help="write the figures to this JSON file")
    parser.add_argument("--figures", default=",".join(FIGURES),
                        help=f"comma-separated, of {', '.join(FIGURES)}")
    parser.add_argument("--child", nargs=2, type=int, help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    wanted = tuple(figure for figure in FIGURES if figure in arguments.figures.split(","))
    if arguments.child:
        import siegeboard

        figures = child(*arguments.child, wanted=wanted)
        print(json.dumps({**figures, "package": siegeboard.__file__}))
        return 0
    if arguments.old is None:
        parser.error("--old is required")
    sizes = [int(size) for size in arguments.sizes.split(",")]
    results = compare(arguments.old.resolve(), arguments.new.resolve(), sizes,
                      arguments.rounds, arguments.runs, wanted)
    if arguments.json:
        arguments.json.write_text(json.dumps(results, indent=1))
    print(f"load average: {os.getloadavg()[0]:.1f}")
    print(table(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
