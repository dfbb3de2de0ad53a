"""Import cost of a city and of a country-sized extract, the bulk way (the default) beside the
plain way (one structure at a time): a synthetic GeoJSON city of 100,000 buildings
(``geo_files.city_geojson``) and a synthetic OpenStreetMap PBF the size of the Liechtenstein
extract (20,000 buildings among 45,000 roads, about 3 MB; ``geo_files.small_country_pbf``). Each
import runs in a process of its own, so each peak memory is its own.

    .venv/bin/python -m tests.bench.city_import [--buildings N] [--pbf-buildings N] [--plain]
        [--old-check] [--repeat N] [--only pbf|city] [--extract FILE]

Prints, for each file and way, the wall and CPU seconds of the import (reading, building,
the check that the siege would open, and writing the ``.siege``) and the process's peak
memory. ``--plain`` also times the plain way. ``--old-check`` also times the check as it was
before it trusted the save's reading back of each piece (the bytes read back whole by the
reader that opens files, and made again by the save, as ``siegeboard import`` did).
``--repeat N`` runs each way N times, the ways alternated, and prints each run and the
medians. ``--extract FILE`` times a real extract too (the Liechtenstein one from Geofabrik,
``liechtenstein-latest.osm.pbf``, where it can be downloaded: it cannot be on the machine the
figures in docs/performance.md were measured on).
"""

from __future__ import annotations

import argparse
import json
import statistics
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
if sys.argv[3] == "new":  # as the command line does: the bytes the import checked
    write_siege(sys.argv[1] + ".siege", imported, backup=False, encoded=imported.encoded)
else:  # the check before: its bytes read back whole by the reader; the save made them again
    import io
    from siegeboard.persist import siege_file
    siege_file._read_archive(io.BytesIO(imported.encoded), "out.siege")
    write_siege(sys.argv[1] + ".siege", imported, backup=False)
print(json.dumps({"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
                  "structures": len(imported.siege.structures),
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def run(path: Path, way: str, check: str = "new") -> dict:
    done = subprocess.run([sys.executable, "-c", _ONE, str(path), way, check], check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--buildings", type=int, default=100_000)
    parser.add_argument("--pbf-buildings", type=int, default=20_000)
    parser.add_argument("--plain", action="store_true")
    parser.add_argument("--old-check", action="store_true")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--only", choices=("pbf", "city"), help="time one of the two files")
    parser.add_argument("--extract", type=Path, help="a real extract to time as well")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        paths = [args.extract] if args.extract else []
        if args.only != "city":
            paths.append(small_country_pbf(Path(folder) / "country.osm.pbf", args.pbf_buildings))
        if args.only != "pbf":
            paths.append(city_geojson(Path(folder) / "city.geojson", args.buildings))
        for path in paths:
            ways = [("bulk", "new")]
            if args.old_check:
                ways.append(("bulk", "old"))
            if args.plain:
                ways.append(("plain", "old"))
            results: dict[tuple[str, str], list[dict]] = {way: [] for way in ways}
            for _ in range(args.repeat):
                for way, check in ways:
                    result = run(path, way, check)
                    results[way, check].append(result)
                    _print(path, f"{way} {check} check", result)
            if args.repeat > 1:
                for (way, check), runs in results.items():
                    median = {key: statistics.median(run[key] for run in runs)
                              for key in ("wall", "cpu", "peak_mb")}
                    _print(path, f"{way} {check} check median", {**runs[0], **median})
    return 0


def _print(path: Path, what: str, result: dict) -> None:
    print(f"{path.name:18s} {path.stat().st_size / 1e6:6.1f} MB  {what:24s} "
          f"{result['structures']:7,} structures  wall {result['wall']:7.2f} s  "
          f"cpu {result['cpu']:7.2f} s  peak {result['peak_mb']:6.0f} MB", flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
