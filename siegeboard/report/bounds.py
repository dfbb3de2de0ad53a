"""Where the map is, without Qt: the plan's corners in map metres and the bounds of everything
drawn. The command line checks a shot against these without loading Qt.

The plan's calibration (``MapImage``) puts the image's top-left corner at ``offset`` metres,
``pixels_per_metre`` sets its scale and ``rotation_deg`` turns it about that corner
(clockwise on the map, as y runs south).
"""

from __future__ import annotations

import io
import math

from PIL import Image, UnidentifiedImageError

from siegeboard.geometry import SQUARE_M
from siegeboard.model.siege import MapImage, Siege
from siegeboard.plan.calibration import pixel_to_map
from siegeboard.report.options import Bounds

EMPTY_MAP: Bounds = (0.0, 0.0, 100.0, 100.0)
Size = tuple[int, int]


def plan_point(calibration: MapImage, x_px: float, y_px: float) -> tuple[float, float]:
    """Image pixel (x, y) -> map metres."""
    return pixel_to_map(calibration, (x_px, y_px))


def plan_corners(calibration: MapImage, size: Size) -> list[tuple[float, float]]:
    """The plan's four corners in map metres, clockwise from its top-left."""
    width, height = size
    return [plan_point(calibration, x, y) for x, y in ((0, 0), (width, 0), (width, height),
                                                       (0, height))]


def plan_size(siege: Siege, images: dict[str, bytes]) -> Size | None:
    """The plan's size in pixels, read from its header; None without a readable plan."""
    if siege.map is None or siege.map.member not in images:
        return None
    try:
        with Image.open(io.BytesIO(images[siege.map.member])) as image:
            return image.size
    except (UnidentifiedImageError, OSError):
        return None


def content_bounds(siege: Siege, size: Size | None) -> Bounds:
    """The box holding the plan (of ``size`` pixels), every structure and every battery;
    EMPTY_MAP if there is nothing."""
    points: list[tuple[float, float]] = []
    if size is not None and siege.map is not None:
        points += plan_corners(siege.map, size)
    for structure in siege.structures.values():
        points += structure.footprint
    points += [battery.position for battery in siege.batteries.values()]
    if not points:
        return EMPTY_MAP
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (min(xs), min(ys), max(xs), max(ys))


def board_bounds(siege: Siege, images: dict[str, bytes]) -> Bounds:
    """Where a shot may land: the plan and everything on it; with no plan, the structures
    and batteries with five squares (50 m) of open ground around them."""
    size = plan_size(siege, images)
    bounds = content_bounds(siege, size)
    if size is not None or bounds == EMPTY_MAP:
        return bounds
    pad = 5 * SQUARE_M
    return (bounds[0] - pad, bounds[1] - pad, bounds[2] + pad, bounds[3] + pad)


def snap_to_squares(bounds: Bounds, origin: tuple[float, float]) -> Bounds:
    """``bounds`` grown outward to whole 10 m squares of the grid (so labels sit on lines)."""
    minx, miny, maxx, maxy = bounds

    def down(value: float, base: float) -> float:
        return base + math.floor((value - base) / SQUARE_M + 1e-9) * SQUARE_M

    def up(value: float, base: float) -> float:
        return base + math.ceil((value - base) / SQUARE_M - 1e-9) * SQUARE_M

    left, top = down(minx, origin[0]), down(miny, origin[1])
    right, bottom = up(maxx, origin[0]), up(maxy, origin[1])
    return (left, top, max(right, left + SQUARE_M), max(bottom, top + SQUARE_M))


def contains(bounds: Bounds, point: tuple[float, float]) -> bool:
    minx, miny, maxx, maxy = bounds
    return minx <= point[0] <= maxx and miny <= point[1] <= maxy
