"""Walls drawn as a polyline with a thickness, cut into sections (H12, A1)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shapely.geometry import LineString, Polygon
from shapely.ops import substring

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
    sections = []
    for index in range(count):
        piece = substring(line, index * step, (index + 1) * step)
        footprint = piece.buffer(thickness_m / 2, cap_style="flat", join_style="mitre")
        sections.append(WallSection(length_m=piece.length, footprint=footprint))
    return sections
