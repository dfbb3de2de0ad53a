"""Import time of the two real Universal VTT exports (tests/data/uvtt), median of several runs.

    .venv/bin/python -m tests.bench.uvtt_import [--runs N]

Each run is a first import, as a GM sees it: the cache of pictures already checked is emptied
before each (untimed), so the picture is decoded every time. Prints the whole import, and the
same import with objects and as buildings, and the structures made.
"""

from __future__ import annotations

import argparse

from siegeboard.persist import images
from siegeboard.persist.formats import ImportOptions, import_map
from tests.bench.timing import measure
from tests.persist.uvtt_files import CROPPED, OGANM


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args(argv)
    for path in (CROPPED, OGANM):
        for label, options in (("walls", ImportOptions()),
                               ("walls + objects", ImportOptions(objects=True)),
                               ("closed as buildings", ImportOptions(closed_as="buildings"))):
            timing, result = measure(lambda: import_map(path, options), runs=args.runs,
                                     setup=images._KNOWN_GOOD.clear, budget_s=60)
            print(f"{path.name:45s} {label:20s} median {timing.median_s * 1000:7.1f} ms "
                  f"(cpu {timing.cpu_median_s * 1000:7.1f} ms, {timing.runs} runs, "
                  f"{timing.min_s * 1000:.1f}-{timing.max_s * 1000:.1f}) "
                  f"{len(result.siege.structures)} structures")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
