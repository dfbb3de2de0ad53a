"""Import time of the two real Universal VTT exports (tests/data/uvtt), median of several runs.

    .venv/bin/python -m tests.bench.uvtt_import [--runs N]

Each run is a first import, as a GM sees it: the cache of pictures already checked is emptied
before each (untimed), so the picture is decoded every time. Prints the whole import, and the
same import with objects and as buildings, and the structures made. Then a synthetic warren
of 40 x 40 rooms (4,800 wall lines, 1,600 doors set into them) for the cost per structure.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from siegeboard.persist import images
from siegeboard.persist.formats import ImportOptions, import_map
from tests.bench.timing import measure
from tests.persist.uvtt_files import CROPPED, OGANM, portal, uvtt, write


def warren(folder: Path, rooms: int = 40) -> Path:
    """``rooms`` x ``rooms`` rooms of 4 x 4 cells, each with a door in its west wall."""
    lines, portals = [], []
    for i in range(rooms):
        for j in range(rooms):
            x, y = i * 4, j * 4
            lines += [[(x, y), (x + 4, y)], [(x, y), (x, y + 1.5)], [(x, y + 2.5), (x, y + 4)]]
            portals.append(portal((x, y + 1.5), (x, y + 2.5)))
    return write(folder / "warren.dd2vtt", uvtt(lines=lines, portals=portals,
                                                 size=(rooms * 4, rooms * 4), ppg=10))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args(argv)
    for path in (CROPPED, OGANM):
        for label, options in (("walls", ImportOptions()),
                               ("walls + objects", ImportOptions(objects=True)),
                               ("closed as buildings", ImportOptions(closed_as="buildings"))):
            timing, result = measure(lambda path=path, options=options: import_map(path, options),
                                     runs=args.runs,
                                     setup=images._KNOWN_GOOD.clear, budget_s=60)
            print(f"{path.name:45s} {label:20s} median {timing.median_s * 1000:7.1f} ms "
                  f"(cpu {timing.cpu_median_s * 1000:7.1f} ms, {timing.runs} runs, "
                  f"{timing.min_s * 1000:.1f}-{timing.max_s * 1000:.1f}) "
                  f"{len(result.siege.structures)} structures")
    with tempfile.TemporaryDirectory() as folder:
        path = warren(Path(folder))
        timing, result = measure(lambda: import_map(path), runs=max(1, args.runs // 3),
                                 setup=images._KNOWN_GOOD.clear, budget_s=60, min_runs=1)
        count = len(result.siege.structures)
        print(f"{'synthetic warren, 40 x 40 rooms':45s} {'walls':20s} median "
              f"{timing.median_s * 1000:7.1f} ms (cpu {timing.cpu_median_s * 1000:7.1f} ms, "
              f"{timing.runs} runs) {count} structures, "
              f"{timing.median_s / count * 1e6:.0f} us a structure")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
