"""Import time of real maps, median of several runs: the village extract and the 1893
GeoJSON (tests/data/osm), and a country-sized synthetic extract (3,200 buildings over about
40 x 40 km, a tenth of them farms with a courtyard, as multipolygon relations).

    .venv/bin/python -m tests.bench.osm_import [--runs N] [--buildings N]
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from siegeboard.persist.formats import import_map
from tests.bench.timing import measure
from tests.persist.geo_files import as_pbf, country_osm
from tests.persist.test_osm_real import SANBORN, VILLAGE


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--buildings", type=int, default=3_200)
    args = parser.parse_args(argv)

    def line(label: str, timing, result) -> None:
        count = len(result.siege.structures)
        print(f"{label:45s} median {timing.median_s * 1000:8.1f} ms (cpu "
              f"{timing.cpu_median_s * 1000:8.1f} ms, {timing.runs} runs) {count} structures, "
              f"{timing.median_s / count * 1e6:.0f} us a structure")

    for path in (VILLAGE, SANBORN):
        timing, result = measure(lambda path=path: import_map(path), runs=args.runs, budget_s=60)
        line(path.name, timing, result)
    with tempfile.TemporaryDirectory() as folder:
        xml = country_osm(Path(folder) / "country.osm", args.buildings)
        pbf = as_pbf(xml, Path(folder) / "country.osm.pbf")
        for path in (xml, pbf):
            timing, result = measure(lambda path=path: import_map(path),
                                     runs=max(1, args.runs // 3),
                                     budget_s=120, min_runs=1)
            line(f"synthetic country, {args.buildings:,} buildings ({path.name})", timing,
                 result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
