"""Checks shared by the document's models, with messages that name what is wrong."""

from __future__ import annotations

import math


def validate_ring(ring: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Return the polygon ring without a repeated closing point, or raise ``ValueError``.

    Refuses fewer than three distinct points, non-finite coordinates, a zero area and a
    ring whose edges cross each other (a bow-tie): a footprint must be a simple polygon.
    """
    points = [(float(x), float(y)) for x, y in ring]
    if any(not (math.isfinite(x) and math.isfinite(y)) for x, y in points):
        raise ValueError("footprint has a coordinate that is not a finite number")
    if len(points) > 1 and points[0] == points[-1]:
        points = points[:-1]
    if len(set(points)) < 3:
        raise ValueError("footprint is empty: it needs at least three distinct corners")
    if _self_crossing(points):
        raise ValueError("footprint is self-crossing: its edges cross each other")
    if abs(_shoelace(points)) < 1e-9:
        raise ValueError("footprint is empty: its area is zero")
    return points


def _shoelace(points: list[tuple[float, float]]) -> float:
    n = len(points)
    return sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]
               for i in range(n)) / 2.0


def _self_crossing(points: list[tuple[float, float]]) -> bool:
    # Pure Python so the model needs no shapely; O(n^2) is fine for hand-drawn footprints,
    # and large rings are rare enough that the cost is paid once at load.
    n = len(points)
    edges = [(points[i], points[(i + 1) % n]) for i in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if j == i + 1 or (i == 0 and j == n - 1):
                continue  # neighbours share a corner
            if _segments_meet(*edges[i], *edges[j]):
                return True
    return False


def _orient(a, b, c) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(a, b, p) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def _segments_meet(p1, p2, p3, p4) -> bool:
    d1, d2 = _orient(p3, p4, p1), _orient(p3, p4, p2)
    d3, d4 = _orient(p1, p2, p3), _orient(p1, p2, p4)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return any(
        d == 0 and _on_segment(a, b, p)
        for d, a, b, p in ((d1, p3, p4, p1), (d2, p3, p4, p2), (d3, p1, p2, p3), (d4, p1, p2, p4))
    )
