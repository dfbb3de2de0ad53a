"""The steps of a trace (``tracing``), each a pure function of pixels or points: the colour
around a click, the colour mask, flood fill, hatching joined, gaps closed and holes filled,
the sides a region touches; and the outline's points snapped, without short sides or
corners on a straight line.
"""


from __future__ import annotations

import math

import cv2
import numpy as np

from siegeboard.model.validation import validate_ring
from siegeboard.plan.calibration import Point, snap_points

HATCH_LINE_PX = 2
"""Hatch lines up to this wide are bridged when the click lands between two of them."""
HATCH_SHARE = 0.8
"""A hatched area is mostly strips: this share of its colour at least."""
SEED_PX = 5
"""The colour traced is one of the pixels this near the click ..."""
AROUND_PX = 11
"""... the one most pixels this near match ..."""
SEED_MATCH = 12
"""... within this much per channel."""
NEAREST_PX = 7
"""A click on a letter starts the fill from the building's colour this near."""
MIN_SIDE_M = 0.05
"""R4: no footprint side shorter than 5 cm."""


def three_channels(image: np.ndarray) -> np.ndarray:
    if image.dtype != np.uint8 or image.ndim not in (2, 3) or image.size == 0:
        raise ValueError("the plan must be an 8-bit image with pixels")
    if image.ndim == 2:
        return image[:, :, None]
    return image


def seed_colour(pixels: np.ndarray, column: int, row: int) -> tuple[int, ...]:
    """The colour that most of the pixels around the click share (a letter's stroke or a
    speck under the pointer does not count): of the pixels within ``SEED_PX`` of the click,
    the one whose colour the most pixels within ``AROUND_PX`` match (within ``SEED_MATCH``
    per channel); the median of those that match it."""
    def patch(size: int) -> np.ndarray:
        reach = size // 2
        return pixels[max(0, row - reach):row + reach + 1,
                      max(0, column - reach):column + reach + 1].reshape(-1, pixels.shape[2])
    near, around = patch(SEED_PX).astype(np.int16), patch(AROUND_PX).astype(np.int16)
    matches = np.abs(near[:, None, :] - around[None, :, :]).max(axis=2) <= SEED_MATCH
    best = int(np.argmax(matches.sum(axis=1)))
    return tuple(int(v) for v in np.median(around[matches[best]], axis=0))


def colour_mask(window: np.ndarray, colour: tuple[int, ...], tolerance: int) -> np.ndarray:
    low = np.array([max(0, c - tolerance) for c in colour], dtype=np.uint8)
    high = np.array([min(255, c + tolerance) for c in colour], dtype=np.uint8)
    return cv2.inRange(window, low, high)


def diagonals_bridged(mask: np.ndarray) -> np.ndarray:
    """``mask`` with thin slanted lines across it filled: the cross a fire-insurance plan
    draws over a building (its roof) splits the fill into four triangles that are one
    building. A line is filled where closing across it both sideways and up-down fills it,
    which a slanted line up to ``HATCH_LINE_PX`` wide (and its blended edges) is and a level or
    upright one (the wall between two buildings side by side) is not."""
    size = 3 * HATCH_LINE_PX + 1   # a slanted line is wider across than it is thick
    across = cv2.getStructuringElement(cv2.MORPH_RECT, (size, 1))
    upright = cv2.getStructuringElement(cv2.MORPH_RECT, (1, size))
    padded = cv2.copyMakeBorder(mask, size, size, size, size, cv2.BORDER_REPLICATE)
    # only fill between areas, not between a building and the blended fringe of its own
    # outline (a strip a pixel or two wide that may match the fill's colour) nor between the
    # strips of a hatching (which ``join_hatching`` weighs)
    count, labels = cv2.connectedComponents(padded, connectivity=4)
    depth = cv2.distanceTransform(padded, cv2.DIST_L2, 3)
    deepest = np.zeros(count, np.float32)
    # cv2's stubs give the labels as int-or-float arrays; connectedComponents makes int32
    np.maximum.at(deepest, labels.ravel(), depth.ravel())  # type: ignore[arg-type, unused-ignore]
    thick = deepest > 1.5  # two pixels and more across
    thick[0] = False
    areas = np.where(thick[labels], np.uint8(255), np.uint8(0))
    both = cv2.bitwise_and(cv2.morphologyEx(areas, cv2.MORPH_CLOSE, across),
                           cv2.morphologyEx(areas, cv2.MORPH_CLOSE, upright))
    return cv2.bitwise_or(mask, both[size:-size, size:-size])


def closed(region: np.ndarray, gap_px: int) -> np.ndarray:
    """Notches narrower than ``gap_px`` closed and holes filled."""
    if gap_px > 1:
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (gap_px, gap_px))
        # close within a one-gap border so a region on the window's edge is not cut back
        padded = cv2.copyMakeBorder(region, gap_px, gap_px, gap_px, gap_px, cv2.BORDER_REPLICATE)
        region = cv2.morphologyEx(padded, cv2.MORPH_CLOSE, kernel)[gap_px:-gap_px, gap_px:-gap_px]
    return holes_filled(region)


def nearest_set(mask: np.ndarray, click: tuple[int, int]) -> tuple[int, int] | None:
    """Where to start the fill: the click, or, when the click is on something else (a
    letter), ``largest_near`` it."""
    column, row = click
    if mask[row, column]:
        return click
    return largest_near(mask, click)


def largest_near(mask: np.ndarray, click: tuple[int, int]) -> tuple[int, int] | None:
    """A pixel within ``NEAREST_PX`` of the click of the largest region of the colour there
    (the fill beside a letter, not the inside of its "o"); None if there is none."""
    column, row = click
    reach = NEAREST_PX // 2
    top, left = max(0, row - reach), max(0, column - reach)
    near = mask[top:row + reach + 1, left:column + reach + 1]
    if not near.any():
        return None
    best: tuple[int, tuple[int, int]] | None = None
    seen = np.zeros_like(mask)
    for y, x in zip(*np.nonzero(near), strict=True):
        start = (int(left + x), int(top + y))
        if seen[start[1], start[0]]:
            continue  # a region already measured
        region = flood(mask, start)
        seen |= region
        size = int(np.count_nonzero(region))
        if best is None or size > best[0]:
            best = (size, start)
    return best[1] if best is not None else None


def flood(mask: np.ndarray, start: tuple[int, int]) -> np.ndarray:
    filled = mask.copy()
    cv2.floodFill(filled, None, start, 128, flags=4)
    return np.where(filled == 128, np.uint8(255), np.uint8(0))


def thickness(region: np.ndarray) -> float:
    """Half the width of the region's widest part, in pixels."""
    if not region.any():
        return 0.0
    padded = cv2.copyMakeBorder(region, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    return float(np.max(cv2.distanceTransform(padded, cv2.DIST_L2, 3)))


def join_hatching(mask: np.ndarray, strip: np.ndarray, start: tuple[int, int]) -> np.ndarray:
    """A strip between two hatch lines: bridge lines up to HATCH_LINE_PX wide and take the
    hatched area as a whole, if that makes a real area of strips: three or more, and
    ``HATCH_SHARE`` of its colour in strips (not buildings side by side that a thin fringe
    of blended ink happened to touch); else the strip itself."""
    size = HATCH_LINE_PX + 1
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (size, size))
    joined = flood(cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel), start)
    if thickness(joined) <= HATCH_LINE_PX + 1:
        return strip
    parts = cv2.bitwise_and(mask, joined)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(parts, connectivity=4)
    if count - 1 < 3:
        return strip
    depth = cv2.distanceTransform(cv2.copyMakeBorder(parts, 1, 1, 1, 1, cv2.BORDER_CONSTANT,
                                                     value=0), cv2.DIST_L2, 3)[1:-1, 1:-1]
    in_strips = 0
    for label in range(1, count):
        x, y, w, h, area = stats[label]
        inside = labels[y:y + h, x:x + w] == label
        if depth[y:y + h, x:x + w][inside].max() <= HATCH_LINE_PX + 1:
            in_strips += area
    if in_strips < HATCH_SHARE * stats[1:, cv2.CC_STAT_AREA].sum():
        return strip
    return joined


def holes_filled(region: np.ndarray) -> np.ndarray:
    contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(region)
    cv2.drawContours(filled, contours, -1, 255, thickness=cv2.FILLED)
    return filled


def sides_touched(mask: np.ndarray) -> tuple[bool, bool, bool, bool]:
    """(left, top, right, bottom)."""
    return (bool(mask[:, 0].any()), bool(mask[0, :].any()),
            bool(mask[:, -1].any()), bool(mask[-1, :].any()))


def without_short_sides(points: list[Point]) -> list[Point]:
    kept: list[Point] = []
    for point in points:
        if not kept or math.dist(point, kept[-1]) >= MIN_SIDE_M:
            kept.append(point)
    while len(kept) > 3 and math.dist(kept[0], kept[-1]) < MIN_SIDE_M:
        kept.pop()
    return kept


def snapped(points: list[Point], origin: Point, step: float) -> list[Point]:
    """The corners on the grid; an outline that snapping would flatten or twist becomes its
    bounding box on the grid, and one smaller than a cell the cell under its middle."""
    candidates = [snap_points(points, origin=origin, step=step)]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    candidates.append(snap_points([(min(xs), min(ys)), (max(xs), min(ys)), (max(xs), max(ys)),
                                   (min(xs), max(ys))], origin=origin, step=step))
    for candidate in candidates:
        try:
            return validate_ring(without_collinear(candidate))
        except ValueError:
            continue
    middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    cell_x = origin[0] + math.floor((middle[0] - origin[0]) / step) * step
    cell_y = origin[1] + math.floor((middle[1] - origin[1]) / step) * step
    return [(cell_x, cell_y), (cell_x + step, cell_y), (cell_x + step, cell_y + step),
            (cell_x, cell_y + step)]


def without_collinear(points: list[Point]) -> list[Point]:
    kept = list(points)
    changed = True
    while changed and len(kept) > 3:
        changed = False
        for i in range(len(kept)):
            a, b, c = kept[i - 1], kept[i], kept[(i + 1) % len(kept)]
            if abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) < 1e-9:
                del kept[i]
                changed = True
                break
    return kept
