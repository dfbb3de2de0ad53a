"""Costs of the inputs issue 35 bounds, beside the naive path each replaced: a 10,000-point
zigzag wall cut into sections (one walk of the line vs ``shapely.ops.substring`` per
section), a Universal VTT file of a million walls refused (counted in the text vs parsed
whole), and a picture bomb refused (its header vs a full decode).

    .venv/bin/python -m tests.bench.reliability_costs [--naive]

``--naive`` also times the naive paths (the zigzag's takes half a minute). Prints seconds and
the process's peak memory after each step.
"""

from __future__ import annotations

import argparse
import io
import json
import resource
import struct
import tempfile
import time
import zlib
from pathlib import Path

from PIL import Image
from shapely.geometry import LineString
from shapely.ops import substring

from siegeboard.geometry.walls import wall_sections
from siegeboard.persist import SiegeFileError
from siegeboard.persist.formats import import_map
from siegeboard.persist.images import ImageRefused, check_image

ZIGZAG = [(i * 0.5, (i % 2) * 3.0) for i in range(10_000)]


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def timed(label: str, work) -> float:
    started = time.perf_counter()
    work()
    seconds = time.perf_counter() - started
    print(f"{label:62s} {seconds:8.3f} s   peak {peak_mb():7.0f} MB")
    return seconds


def naive_sections(points, section_m: float = 10.0) -> int:
    line = LineString(points)
    count = max(1, int(line.length / section_m + 0.5))
    step = line.length / count
    pieces = [substring(line, i * step, (i + 1) * step) for i in range(count)]
    return len([piece.buffer(0.9, cap_style="flat", join_style="mitre") for piece in pieces])


def million_walls(folder: Path) -> Path:
    path = folder / "million.dd2vtt"
    line = [{"x": 1, "y": 1}, {"x": 2, "y": 1}]
    path.write_text(json.dumps({"format": 0.3, "resolution": {
        "map_origin": {"x": 0, "y": 0}, "map_size": {"x": 10, "y": 10}, "pixels_per_grid": 8},
        "line_of_sight": [line] * 1_000_000, "portals": [], "image": ""}))
    return path


def bomb() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8)).save(buffer, "PNG")
    data = bytearray(buffer.getvalue())
    data[16:24] = struct.pack(">II", 16_383, 16_383)
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])))
    return bytes(data)


def refused(work) -> None:
    try:
        work()
    except (SiegeFileError, ImageRefused):
        return
    raise AssertionError("not refused")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--naive", action="store_true", help="time the naive paths too")
    args = parser.parse_args(argv)
    timed("10,000-point zigzag wall: sections, one walk",
          lambda: wall_sections(ZIGZAG, 1.8, 10.0))
    if args.naive:
        timed("10,000-point zigzag wall: sections, substring each (naive)",
              lambda: naive_sections(ZIGZAG))
    with tempfile.TemporaryDirectory() as folder:
        path = million_walls(Path(folder))
        timed("UVTT, 1,000,000 walls: refused by a count of the text",
              lambda: refused(lambda: import_map(path)))
        if args.naive:
            timed("UVTT, 1,000,000 walls: parsed whole (naive)",
                  lambda: json.loads(path.read_text()))
    timed("16,383 x 16,383 PNG bomb: refused by its header", lambda: refused(
        lambda: check_image(bomb())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
