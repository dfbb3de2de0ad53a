"""A traced region's outline as a few corners: its contour simplified, small details taken
off, each side fitted to the contour and each corner where its sides meet; or the smallest
rotated rectangle around it. The outline runs down the middle of the region's inked border.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
from shapely.geometry import Polygon

from siegeboard.model.validation import validate_ring
from siegeboard.plan.calibration import Point

INK_PX = 1.0
"""How far the outline lies beyond the region's last pixel: the middle of a 2 px inked line."""
SIMPLIFY_FRACTION = 0.005
"""Corners nearer than this fraction of the perimeter (at least ``SIMPLIFY_MIN_PX``) to the
line through their neighbours are dropped."""
SIMPLIFY_MIN_PX = 1.5
FIT_REACH_PX = 3.0
"""A side is fitted to the contour within this distance; a corner moves at most this far."""
DETAIL_FRACTION = 0.03
"""Details of the outline smaller than this fraction of its area (a mark on a corner, a
speck on a side) are taken off."""


def outline_corners(mask: np.ndarray, origin: tuple[int, int], *,
                    rectangle: bool = False) -> list[Point]:
    """The outline of the region ``mask`` (uint8, 255 inside; one connected region, holes
    filled) whose top-left pixel is ``origin`` in the image, in image pixels from the
    image's top-left corner; a simple polygon (``ValueError`` if even the rectangle is not).
    """
    # The contour runs through the centres of the region's edge pixels; the outline goes half
    # a pixel further (the pixels' own edge) and then INK_PX on, to the middle of the inked
    # border, which is where a neighbour sharing the wall has its outline too.
    padded = cv2.copyMakeBorder(mask, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    contours, _ = cv2.findContours(padded, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    contour = max(contours, key=cv2.contourArea)
    shift = np.array([origin[0] - 1 + 0.5, origin[1] - 1 + 0.5])
    grow = 0.5 + INK_PX
    if not rectangle and len(contour) >= 4:
        epsilon = max(SIMPLIFY_MIN_PX, SIMPLIFY_FRACTION * cv2.arcLength(contour, True))
        while epsilon >= 0.5:
            corners = cv2.approxPolyDP(contour, epsilon, True).reshape(-1, 2) + shift
            if len(corners) >= 3:
                simple = _fewer_corners([(float(x), float(y)) for x, y in corners])
                shape = Polygon(_fitted(simple, contour.reshape(-1, 2) + shift))
                if shape.is_valid and shape.area > 0:
                    grown = shape.buffer(grow, join_style="mitre", mitre_limit=2.0)
                    points = [(float(x), float(y)) for x, y in grown.exterior.coords[:-1]]
                    try:
                        return validate_ring(points)
                    except ValueError:
                        pass
            epsilon /= 2  # a pinched region simplified into a bow-tie: keep more corners
    (cx, cy), (w, h), angle = cv2.minAreaRect(contour.astype(np.float32))
    box = cv2.boxPoints(((cx, cy), (w + 2 * grow, h + 2 * grow), angle))
    return validate_ring(_in_reading_order([(float(x), float(y)) for x, y in box + shift]))


def _in_reading_order(ring: list[Point]) -> list[Point]:
    """The rectangle's corners from its lowest on the page (the right-most of a tie), turning
    the same way every time: OpenCV releases start ``boxPoints`` at different corners."""
    if sum(x0 * y1 - x1 * y0 for (x0, y0),
           (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True)) < 0:
        ring = ring[::-1]
    first = max(range(len(ring)), key=lambda index: (ring[index][1], ring[index][0]))
    return ring[first:] + ring[:first]


def _fewer_corners(ring: list[Point]) -> list[Point]:
    """The ring with its small details taken off, smallest first, while each costs less than
    ``DETAIL_FRACTION`` of the area: a corner dropped (a speck on a side), or a corner cut by
    a mark restored (a short side replaced by its neighbours' meeting point)."""
    points = list(ring)
    area = abs(_signed_area(points))
    while len(points) > 4:
        best: tuple[float, list[Point]] | None = None
        n = len(points)
        for i in range(n):
            a, b, c = points[i - 1], points[i], points[(i + 1) % n]
            dropped = points[:i] + points[i + 1:]
            cost = abs(_signed_area([a, b, c]))
            if best is None or cost < best[0]:
                best = (cost, dropped)
            meet = _meeting_point(points[i - 1], b, c, points[(i + 2) % n])
            if meet is not None and max(math.dist(meet, b), math.dist(meet, c)) \
                    <= 2 * math.dist(b, c):
                restored = [meet if j == i else p for j, p in enumerate(points) if j != (i + 1) % n]
                cost = abs(_signed_area([b, meet, c]))
                if cost < best[0]:
                    best = (cost, restored)
        if best is None or best[0] > DETAIL_FRACTION * area:
            break
        try:
            points = validate_ring(best[1])
        except ValueError:
            break
    return points


def _fitted(ring: list[Point], contour: np.ndarray) -> list[Point]:
    """Each side moved onto the line that best fits the contour along its middle, and each
    corner put where its two sides' lines meet (a simplified ring's corners are contour
    points, which cut a scanned corner short); a corner that would move more than
    ``FIT_REACH_PX`` keeps its place."""
    n = len(ring)
    lines: list[tuple[Point, Point] | None] = []
    for i in range(n):
        a, b = np.array(ring[i]), np.array(ring[(i + 1) % n])
        along = b - a
        length = float(np.hypot(*along))
        if length < 4:
            lines.append(None)
            continue
        t = (contour - a) @ along / length ** 2
        off = np.abs((contour - a) @ np.array([-along[1], along[0]])) / length
        near = contour[(t > 0.15) & (t < 0.85) & (off < FIT_REACH_PX)]
        if len(near) < 3:
            lines.append(None)
            continue
        vx, vy, x0, y0 = cv2.fitLine(near.astype(np.float32), cv2.DIST_L2, 0, 0.01, 0.01).ravel()
        lines.append(((float(x0), float(y0)), (float(x0 + vx), float(y0 + vy))))
    fitted = []
    for i in range(n):
        before, after = lines[i - 1], lines[i]
        corner = ring[i]
        if before is not None and after is not None:
            meet = _meeting_point(*before, *after)
            if meet is not None and math.dist(meet, corner) <= FIT_REACH_PX:
                corner = meet
        fitted.append(corner)
    try:
        return validate_ring(fitted)
    except ValueError:
        return ring


def _signed_area(points: list[Point]) -> float:
    n = len(points)
    return sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]
               for i in range(n)) / 2.0


def _meeting_point(a: Point, b: Point, c: Point, d: Point) -> Point | None:
    """Where line a-b meets line c-d; None when they are (nearly) parallel."""
    r = (b[0] - a[0], b[1] - a[1])
    s = (d[0] - c[0], d[1] - c[1])
    cross = r[0] * s[1] - r[1] * s[0]
    if abs(cross) < 1e-6 * math.hypot(*r) * math.hypot(*s):
        return None
    t = ((c[0] - a[0]) * s[1] - (c[1] - a[1]) * s[0]) / cross
    return (a[0] + t * r[0], a[1] + t * r[1])
