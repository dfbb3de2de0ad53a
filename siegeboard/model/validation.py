"""Checks shared by the document's models, with messages that name what is wrong and the bound
(RULINGS R3, R4)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Annotated

import shapely
from pydantic import Field
from shapely.geometry import Polygon

# R3: numbers a rule text could mean
MAX_VALUE = 999          # penetration, damage value, Armor and AV
MAX_CONCUSSION = 9_999
MAX_STORIES = 100
MAX_DP = 2_000_000_000   # DP, and the other running totals (Hull, damage taken, fire level)
MAX_MODIFIER = 1_000     # the GM's modifier, either way
MAX_POOL = 100           # a dice pool
MAX_SUCCESSES = 50       # Successes and Boons
MAX_SEED = 2**31 - 1     # a dice seed
MAX_TURN = 2**31 - 1     # the clock (about 340 years of 5 s turns)
MAX_ITEMS = 100_000      # the longest table or list a siege holds (log entries, dice of one roll)

# R4: geometry a siege can hold
MAX_SPAN_M = 100_000.0
MIN_AREA_M2 = 0.25
MIN_SIDE_M = 0.05
MAX_CORNERS = 10_000
MAX_POLYLINE_POINTS = 10_000
# However far from the origin a siege lies, squared distances and areas stay far from overflow.
MAX_COORDINATE_M = 1e9

Coordinate = Annotated[float, Field(allow_inf_nan=False, ge=-MAX_COORDINATE_M,
                                    le=MAX_COORDINATE_M)]
"""A coordinate in map metres: finite, within a million kilometres of the origin."""


def validate_ring(ring: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Return the polygon ring without a repeated closing point, or raise ``ValueError``.

    Refuses (R4) more than ``MAX_CORNERS`` corners (checked first, so a huge ring costs no more
    than its count), non-finite coordinates, a ring wider than ``MAX_SPAN_M``, fewer than three
    distinct corners or all of them on one line, a side shorter than ``MIN_SIDE_M``, a ring
    whose edges cross or touch each other (a bow-tie; shapely's validity test, near linear
    time), and an area under ``MIN_AREA_M2``: a footprint must be a simple polygon every rule
    can measure.
    """
    if len(ring) > MAX_CORNERS + 1:
        raise ValueError(f"footprint has {len(ring):,} corners; a footprint has at most "
                         f"{MAX_CORNERS:,}")
    points = [(float(x), float(y)) for x, y in ring]
    if any(not (math.isfinite(x) and math.isfinite(y)) for x, y in points):
        raise ValueError("footprint has a coordinate that is not a finite number")
    if any(abs(x) > MAX_COORDINATE_M or abs(y) > MAX_COORDINATE_M for x, y in points):
        raise ValueError(f"footprint has a corner more than {MAX_COORDINATE_M / 1000:,.0f} km "
                         f"from the origin")
    if len(points) > 1 and points[0] == points[-1]:
        points = points[:-1]
    if len(points) > MAX_CORNERS:
        raise ValueError(f"footprint has {len(points):,} corners; a footprint has at most "
                         f"{MAX_CORNERS:,}")
    check_span(points, "footprint")
    if len(set(points)) < 3:
        raise ValueError("footprint is empty: it needs at least three distinct corners")
    if _collinear(points):
        raise ValueError("footprint is empty: its area is zero")
    shortest, at = _shortest_side(points)
    if shortest < MIN_SIDE_M:
        raise ValueError(f"footprint has a side of {shortest * 100:.3g} cm at corner {at + 1}; "
                         f"no side may be shorter than {MIN_SIDE_M * 100:g} cm")
    polygon = Polygon(points)
    if not shapely.is_valid(polygon):
        raise ValueError("footprint is self-crossing: its edges cross each other "
                         f"({shapely.is_valid_reason(polygon)})")
    if polygon.area < MIN_AREA_M2:
        raise ValueError(f"footprint's area is {polygon.area:.3g} m2; a footprint has at least "
                         f"{MIN_AREA_M2:g} m2 (a sixteenth of a grid cell)")
    return points


def validate_polyline(points: list[tuple[float, float]], what: str = "wall") -> None:
    """Refuse (R4) a wall polyline of more than ``MAX_POLYLINE_POINTS`` points, a non-finite
    point or one wider than ``MAX_SPAN_M``; ``ValueError`` names ``what``."""
    if len(points) > MAX_POLYLINE_POINTS:
        raise ValueError(f"{what} has {len(points):,} points; a wall has at most "
                         f"{MAX_POLYLINE_POINTS:,}")
    if any(not (math.isfinite(float(x)) and math.isfinite(float(y))) for x, y in points):
        raise ValueError(f"{what} has a coordinate that is not a finite number")
    check_span(points, what)


def check_span(points: Iterable[tuple[float, float]], what: str) -> None:
    """``ValueError`` when ``points`` reach further apart than ``MAX_SPAN_M`` in x or y (R4)."""
    xs, ys = [], []
    for x, y in points:
        xs.append(x)
        ys.append(y)
    if not xs:
        return
    for axis, values in (("x", xs), ("y", ys)):
        low, high = min(values), max(values)
        if high - low > MAX_SPAN_M:
            raise ValueError(
                f"{what} reaches from {axis} = {low:,.6g} m to {high:,.6g} m, "
                f"{(high - low) / 1000:,.6g} km; a siege spans at most {MAX_SPAN_M / 1000:g} km")


def _collinear(points: list[tuple[float, float]]) -> bool:
    (ax, ay), (bx, by) = points[0], next(p for p in points if p != points[0])
    return all((bx - ax) * (y - ay) - (by - ay) * (x - ax) == 0 for x, y in points)


def _shortest_side(points: list[tuple[float, float]]) -> tuple[float, int]:
    count = len(points)
    return min((math.dist(points[index], points[(index + 1) % count]), index)
               for index in range(count))
