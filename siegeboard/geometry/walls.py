"""Walls drawn as a polyline with a thickness, cut into sections (H12, A1)."""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

import shapely
from shapely.geometry import LineString, Polygon

from siegeboard.model.validation import validate_polyline


@dataclass(frozen=True)
class WallSection:
    """One section: its centre line's length in metres and its footprint."""

    length_m: float
    footprint: Polygon


def wall_sections(polyline: Sequence[tuple[float, float]], thickness_m: float,
                  section_m: float) -> list[WallSection]:
    """Cut a wall into sections as near ``section_m`` long as equal pieces allow.

    The centre line is divided into n = max(1, length / section_m rounded half up) equal
    pieces (a 30 m wall at 10 m gives three 10 m sections); each piece becomes a footprint
    of the given thickness with square ends, so neighbouring sections meet edge to edge.
    """
    if thickness_m <= 0:
        raise ValueError(f"wall thickness must be above 0 m, not {thickness_m}")
    if section_m <= 0:
        raise ValueError(f"section length must be above 0 m, not {section_m}")
    if len(polyline) < 2:
        raise ValueError("a wall needs at least two points")
    polyline = validate_polyline(list(polyline))  # R4
    line = LineString(polyline)
    if line.length <= 0:
        raise ValueError("a wall needs a length above 0 m")
    if not line.is_simple:
        raise ValueError("a wall's line must not cross itself")
    count = max(1, int(line.length / section_m + 0.5))
    step = line.length / count
    pieces = _pieces(line, [index * step for index in range(count + 1)])
    footprints = shapely.buffer(pieces, thickness_m / 2, cap_style="flat", join_style="mitre")
    return [WallSection(length_m=piece.length, footprint=footprint)
            for piece, footprint in zip(pieces, footprints, strict=True)]


def _pieces(line: LineString, cuts: list[float]) -> list[LineString]:
    """The pieces of ``line`` between consecutive distances of ``cuts`` (increasing), the
    same lines ``shapely.ops.substring`` gives piece by piece, in one walk of the line: each
    piece is its two ends (interpolated along the line) and the corners strictly between
    them. ``substring`` walks the whole line for every piece, which a 10,000-point wall cut
    into thousands of sections pays a thousand times over."""
    coords = list(line.coords)
    # Each corner's distance along the line, summed in the order substring sums it.
    along, current = [], 0.0
    for (x1, y1), (x2, y2) in pairwise(coords):
        along.append(current)
        current += ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    ends = _points_along(coords, cuts)
    pieces = []
    for index, (start, end) in enumerate(pairwise(cuts)):
        inside = coords[bisect_right(along, start):bisect_left(along, end)]
        pieces.append(LineString([ends[index], *inside, ends[index + 1]]))
    return pieces


def _points_along(coords: list[tuple[float, ...]], cuts: list[float]) -> list:
    """The points at the distances ``cuts`` (increasing) along the line through ``coords``,
    found as GEOS's ``interpolate`` finds each (the first segment whose end lies past the
    distance, the fraction of it taken from its start; the ends clamped), in one walk."""
    points, segment, before = [], 0, 0.0
    last = len(coords) - 2
    for cut in cuts:
        while True:
            (x1, y1), (x2, y2) = coords[segment], coords[segment + 1]
            length = math.sqrt((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1))
            if before + length > cut or segment == last:
                break
            before += length
            segment += 1
        fraction = 0.0 if length <= 0 else min(1.0, max(0.0, (cut - before) / length))
        points.append((x1 + fraction * (x2 - x1), y1 + fraction * (y2 - y1)))
    return points
