"""The plan's pixels and the map's metres: one transform each way, and snapping to the grid.

A plan's calibration (``siegeboard.model.MapImage``, or anything with the same three fields)
puts the image's top-left corner at ``offset`` metres, ``pixels_per_metre`` sets its scale and
``rotation_deg`` turns it about that corner (clockwise on the map, as y runs south). Image
pixels are measured from that corner: pixel (i, j) is the square [i, i + 1) x [j, j + 1), so
its centre is (i + 0.5, j + 0.5).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Protocol

Point = tuple[float, float]


class Calibration(Protocol):
    """What a transform needs of a plan's placement (``MapImage`` has these fields)."""

    pixels_per_metre: float
    offset: tuple[float, float]
    rotation_deg: float


def pixel_to_map(calibration: Calibration, point_px: Point) -> Point:
    """Image pixel (x, y) -> map metres."""
    x, y = point_px[0] / calibration.pixels_per_metre, point_px[1] / calibration.pixels_per_metre
    turn = math.radians(calibration.rotation_deg)
    return (calibration.offset[0] + x * math.cos(turn) - y * math.sin(turn),
            calibration.offset[1] + x * math.sin(turn) + y * math.cos(turn))


def map_to_pixel(calibration: Calibration, point_m: Point) -> Point:
    """Map metres -> image pixel (x, y); the inverse of ``pixel_to_map``."""
    dx, dy = point_m[0] - calibration.offset[0], point_m[1] - calibration.offset[1]
    turn = math.radians(calibration.rotation_deg)
    x, y = dx * math.cos(turn) + dy * math.sin(turn), -dx * math.sin(turn) + dy * math.cos(turn)
    return (x * calibration.pixels_per_metre, y * calibration.pixels_per_metre)


def snap_points(points_m: Iterable[Point], *, origin: Point, step: float) -> list[Point]:
    """Each point moved to its nearest grid corner (lines every ``step`` metres through
    ``origin``); corners that land on the one before are dropped, so the ring may shrink (to
    fewer than three points when the outline is smaller than a cell). Halves go up."""
    snapped: list[Point] = []
    for point in points_m:
        x, y = (o + math.floor((p - o) / step + 0.5) * step
                for p, o in zip(point, origin, strict=True))
        corner = (x, y)
        if not snapped or corner != snapped[-1]:
            snapped.append(corner)
    while len(snapped) > 1 and snapped[0] == snapped[-1]:
        snapped.pop()
    return snapped
