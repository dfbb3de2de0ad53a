"""Import cost of a city and of a country-sized extract, the bulk way (the default) beside the
plain way (one structure at a time): a synthetic GeoJSON city of 100,000 buildings
(``geo_files.city_geojson``) and a synthetic OpenStreetMap PBF the size of the Liechtenstein
extract (20,000 buildings among 45,000 roads, about 3 MB; ``geo_files.small_country_pbf``). Each
import runs in a process of its own, so each peak memory is its own.

    .venv/bin/python -m tests.bench.city_import [--buildings N] [--pbf-buildings N] [--plain]
        [--only pbf|city]

Prints, for each file and way, the wall and CPU seconds of the import (reading, building,
the check that the siege would open, and writing the ``.siege``) and the process's peak
memory. ``--plain`` also times the plain way.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.persist.geo_files import city_geojson, small_country_pbf

_ONE = """
import json, resource, sys, time
from siegeboard.persist import write_siege
from siegeboard.persist.formats import ImportOptions, geo, import_map
import siegeboard.persist.formats.geojson as geojson, siegeboard.persist.formats.osm as osm
if sys.argv[2] == "plain":
    plain = geo.build_siege
    def build(*args, **kwargs):
        return plain(*args, **kwargs, bulk=False)
    geojson.build_siege = osm.build_siege = build
wall, cpu = time.perf_counter(), time.process_time()
imported = import_map(sys.argv[1], ImportOptions())
write_siege(sys.argv[1] + ".siege", imported, backup=False)
print(json.dumps({"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
                  "structures": len(imported.siege.structures),
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def run(path: Path, way: str) -> dict:
    done = subprocess.run([sys.executable, "-c", _ONE, str(path), way], check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--buildings", type=int, default=100_000)
    parser.add_argument("--pbf-buildings", type=int, default=20_000)
    parser.add_argument("--plain", action="store_true")
    parser.add_argument("--only", choices=("pbf", "city"), help="time one of the two files")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        if args.only != "city":
            paths.append(small_country_pbf(Path(folder) / "country.osm.pbf", args.pbf_buildings))
        if args.only != "pbf":
            paths.append(city_geojson(Path(folder) / "city.geojson", args.buildings))
        for path in paths:
            for way in ("bulk", "plain") if args.plain else ("bulk",):
                result = run(path, way)
                print(f"{path.name:18s} {path.stat().st_size / 1e6:6.1f} MB  {way:5s} "
                      f"{result['structures']:7,} structures  wall {result['wall']:7.2f} s  "
                      f"cpu {result['cpu']:7.2f} s  peak {result['peak_mb']:6.0f} MB",
                      flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
