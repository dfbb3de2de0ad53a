"""Checks shared by the document's models, with messages that name what is wrong."""

from __future__ import annotations

import math
from collections.abc import Iterable
from itertools import chain

from siegeboard.model import bounds


def plain_message(error: ValueError) -> str:
    """The words of ``error`` for a GM: a pydantic ``ValidationError``'s first problem as
    "field: message" (no dump, no type codes); any other error as it reads."""
    errors = getattr(error, "errors", None)
    if not callable(errors):
        return str(error)
    problems = errors(include_url=False)
    if not problems:
        return str(error)
    first = problems[0]
    message = first["msg"].removeprefix("Value error, ")
    where = ".".join(str(part) for part in first["loc"])
    if where and not message.startswith(where.rsplit(".", 1)[-1]):
        message = f"{where}: {message}"
    return message


def validate_ring(ring: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Return the polygon ring without a repeated closing point, or raise ``ValueError``.

    Refuses fewer than three distinct points and a ring whose edges cross each other (a
    bow-tie): a footprint must be a simple polygon. R4's bounds, each named when refused:
    coordinates finite and within 100 km of the origin, at most 10,000 corners, no side
    under 5 cm, an area of at least 0.25 m2. Linear but for the crossing test (n log n).
    """
    plain = _plainly_fine(ring)
    if plain is not None:
        return plain
    points = validate_points("footprint", ring)
    if len(points) > 1 and points[0] == points[-1]:
        points = points[:-1]
    if len(points) > bounds.CORNERS_MAX:
        raise ValueError(f"footprint has {len(points):,} corners: at most "
                         f"{bounds.CORNERS_MAX:,} are allowed")
    if len(set(points)) < 3:
        raise ValueError("footprint is empty: it needs at least three distinct corners")
    shortest = min(map(math.dist, points[-1:] + points[:-1], points))
    if shortest < bounds.SIDE_MIN_M:
        raise ValueError(f"footprint has a side of {shortest * 100:.2g} cm: no side may be "
                         f"shorter than {bounds.SIDE_MIN_M * 100:g} cm")
    if _collinear(points):
        raise ValueError("footprint is empty: its area is zero")
    if _self_crossing(points):
        raise ValueError("footprint is self-crossing: its edges cross each other")
    area = abs(_shoelace(points))
    if area < 1e-9:
        raise ValueError("footprint is empty: its area is zero")
    if area < bounds.AREA_MIN_M2:
        raise ValueError(f"footprint has an area of {area:.2g} m2: the smallest is "
                         f"{bounds.AREA_MIN_M2:g} m2 (a sixteenth of a 2 m grid cell)")
    return points


def validate_holes(outer: list[tuple[float, float]],
                   holes: list[list[tuple[float, float]]]) -> list[list[tuple[float, float]]]:
    """The footprint's holes (courtyards), each a ring as ``validate_ring`` (R4's bounds per
    ring), or ``ValueError``: a hole must lie inside the outer ring without crossing or
    touching it along a side, and no two holes may cross or overlap (shapely decides, as
    for ``_self_crossing``)."""
    if not holes:
        return []
    from shapely import Polygon, is_valid, is_valid_reason

    rings = []
    for number, hole in enumerate(holes, start=1):
        try:
            rings.append(validate_ring(hole))
        except ValueError as error:
            raise ValueError(f"hole {number}: {str(error).removeprefix('footprint ')}") from None
    shell = Polygon(outer)
    for number, ring in enumerate(rings, start=1):
        if not shell.contains(Polygon(ring)):
            raise ValueError(f"hole {number} is not inside the footprint: a courtyard must lie "
                             f"within the outer walls")
    polygon = Polygon(outer, rings)
    if not is_valid(polygon):
        raise ValueError(f"holes cross each other or the footprint "
                         f"({is_valid_reason(polygon).split('[')[0].strip().lower()})")
    return rings


def validate_points(what: str, points: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    """Points (R4): finite coordinates within 100 km of the origin; else ``ValueError``
    naming ``what`` and the bound."""
    line = [(float(x), float(y)) for x, y in points]
    if not all(map(math.isfinite, chain.from_iterable(line))):
        raise ValueError(f"{what} has a coordinate that is not a finite number")
    reach = max(map(abs, chain.from_iterable(line)), default=0.0)
    if reach > bounds.SPAN_M:
        raise ValueError(f"{what} has a point {reach / 1000:,.1f} km from the origin: a "
                         f"siege spans at most {bounds.SPAN_M / 1000:,.0f} km")
    return line


def validate_polyline(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """A wall's centre line (R4): at most 10,000 points, each as ``validate_points``."""
    if len(points) > bounds.POLYLINE_POINTS_MAX:
        raise ValueError(f"wall line has {len(points):,} points: at most "
                         f"{bounds.POLYLINE_POINTS_MAX:,} are allowed")
    return validate_points("wall line", points)


def span_of(rings: Iterable[list[tuple[float, float]]]) -> float:
    """The larger of the east-west and north-south extents of all ``rings`` together (m)."""
    min_x = min_y = math.inf
    max_x = max_y = -math.inf
    for ring in rings:
        for x, y in ring:
            if x < min_x:
                min_x = x
            if x > max_x:
                max_x = x
            if y < min_y:
                min_y = y
            if y > max_y:
                max_y = y
    if min_x > max_x:
        return 0.0
    return max(max_x - min_x, max_y - min_y)


def _shoelace(points: list[tuple[float, float]]) -> float:
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2)
               in zip(points, points[1:] + points[:1], strict=True)) / 2.0


def _collinear(points: list[tuple[float, float]]) -> bool:
    """Every corner on one line (a ring folded flat): empty, whatever GEOS calls it."""
    a = points[0]
    b = next(point for point in points if point != a)
    return all(_orient(a, b, point) == 0 for point in points)


# A turn counts as one only when its sine is at least this: far above the rounding of
# coordinates within R4's 100 km and sides of at least 5 cm (about 1e-9). Squared: compared
# with squares, so no root is taken.
_CLEAR_TURN_SQUARED = 1e-12
_CONVEX_MAX_CORNERS = 64
# A side or an area counts as past its bound only this clearly (rounding apart).
_CLEAR_SIDE_SQUARED = (bounds.SIDE_MIN_M * (1 + 1e-9)) ** 2
_CLEAR_AREA_TWICE = 2 * bounds.AREA_MIN_M2 * (1 + 1e-9)


def _plainly_fine(ring) -> list[tuple[float, float]] | None:
    """What ``validate_ring`` returns for ``ring`` when the ring certainly passes all its
    checks, found in one pass; None says nothing (the ring may be fine or not): the checks
    are then asked one by one, and name what is wrong.

    Certainly fine: a few corners, every coordinate finite and within reach, every side
    clearly long enough, the area clearly large enough, and strictly convex (every corner
    turning the same way by a clear margin, the ring going round once), hence simple, not
    flat and of distinct corners. Most footprints are (houses, wall sections, towers): GEOS
    need not be asked, which cost half of opening a town."""
    count = len(ring)
    if not 3 <= count <= _CONVEX_MAX_CORNERS + 1:
        return None
    try:
        points = [(float(x), float(y)) for x, y in ring]
    except (TypeError, ValueError):
        return None
    if points[0] == points[-1]:
        points.pop()
        count -= 1
        if count < 3:
            return None
    span = bounds.SPAN_M
    if not all(-span <= value <= span for value in chain.from_iterable(points)):
        return None  # NaN and infinities fail the comparison too
    if count == 4 and _clear_rectangle(points):
        return points
    return points if _clearly_convex(points) else None


def _clear_rectangle(points: list[tuple[float, float]]) -> bool:
    """Whether four corners are a rectangle along the axes (the grid's usual house or
    tower) whose sides and area are clearly within bounds: what ``_clearly_convex`` says of
    it (four right angles the same way round), without its loop."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = points
    if not (x0 == x1 and y1 == y2 and x2 == x3 and y3 == y0
            or y0 == y1 and x1 == x2 and y2 == y3 and x3 == x0):
        return False
    width, height = abs(x2 - x0), abs(y2 - y0)
    return (width * width >= _CLEAR_SIDE_SQUARED and height * height >= _CLEAR_SIDE_SQUARED
            and 2 * width * height >= _CLEAR_AREA_TWICE)


def _clearly_convex(points: list[tuple[float, float]]) -> bool:
    """Every side clearly long enough, the area clearly large enough, and strictly convex
    (every corner turning the same way by a clear margin, the ring going round once)."""
    twice_area = 0.0
    turning = 0.0
    positive = None
    ax, ay = points[-1]
    bx, by = points[0]
    ux, uy = bx - ax, by - ay
    for cx, cy in points[1:] + points[:1]:
        vx, vy = cx - bx, cy - by
        side = vx * vx + vy * vy
        if side < _CLEAR_SIDE_SQUARED:
            return False
        cross = ux * vy - uy * vx
        if cross * cross <= _CLEAR_TURN_SQUARED * (ux * ux + uy * uy) * side:
            return False
        if positive is None:
            positive = cross > 0
        elif (cross > 0) != positive:
            return False
        turning += math.atan2(cross, ux * vx + uy * vy)
        twice_area += bx * cy - cx * by
        bx, by, ux, uy = cx, cy, vx, vy
    # Every turn the same way: the ring goes round a whole number of times; once is simple.
    return abs(abs(turning) - 2 * math.pi) < 1e-6 and abs(twice_area) >= _CLEAR_AREA_TWICE


def _self_crossing(points: list[tuple[float, float]]) -> bool:
    """True when two edges of the ring meet anywhere but the corner two neighbours share.

    GEOS (shapely) decides, in n log n: R4 allows 10,000 corners, and pairwise tests in pure
    Python took 37 s on a 10,000-corner comb (a refusal must cost little). This is the one
    place the model asks shapely anything; the footprint itself stays plain coordinates.
    """
    from shapely import LinearRing, is_simple

    return not is_simple(LinearRing(points))


def _orient(a, b, c) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


# The longest table or list a siege holds (log entries, the dice of one roll): a file past it
# is refused before its items are read one by one.
MAX_ITEMS = 100_000
MAX_SPAN_M = bounds.SPAN_M
MAX_TURN = 2**31 - 1  # the clock and log positions (about 340 years of 5 s turns)


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
