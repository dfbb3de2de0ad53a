"""A city of GeoJSON buildings for the import benchmark: ``buildings`` houses on a jittered
grid (about 25 m apart, so 100,000 cover some 8 x 8 km), every third L-shaped, every tenth
with a courtyard, with the tags a real extract carries (``building``, ``building:levels``,
an address). Seeded: the same arguments give the same bytes.

    .venv/bin/python -m tests.bench.big_geojson OUT.geojson [--buildings N]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tests.persist.geo_files import city_geojson


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--buildings", type=int, default=100_000)
    args = parser.parse_args(argv)
    city_geojson(args.out, args.buildings)
    print(f"{args.out}: {args.out.stat().st_size / 1e6:.1f} MB, {args.buildings:,} buildings")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
