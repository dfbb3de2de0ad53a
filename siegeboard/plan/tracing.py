"""Tracing a building off a scanned plan: from one click, the outline of the region of like
colour around it.

The steps, all on a window of the plan around the click (grown only while the region runs
into the window's edge, so the cost follows the building, not the plan):

1. the colour of the place clicked: the colour most pixels around the click share, so a
   click on a letter or a speck still reads the building's fill;
2. flood fill: the pixels connected to the click whose every channel is within
   ``tolerance`` of that colour (the largest such region next to the click when the click
   is in the pocket of a letter);
3. hatching: a region thinner than a hatch gap (a strip between two hatch lines) is joined
   with the strips beside it, across lines up to ``HATCH_LINE_PX`` wide;
4. gaps closed (a morphological close of ``gap_px``: lettering and specks touching the
   outline), holes filled (lettering inside); a small region ringed by a larger one of its
   own colour (the inside of an "o" written on a building) gives way to that one;
5. refusals: a region running past ``MAX_EXTENT_PX`` (open ground) or along the scan's
   edges (its margin), a line;
6. the outline (``corners.outline_corners``): the region grown to the middle of its inked
   border, a few corners or the minimum rotated rectangle with ``rectangle=True``.

Outlines are in image pixels measured from the image's top-left corner (pixel (i, j) is the
square [i, i + 1) x [j, j + 1)), the convention of ``calibration.pixel_to_map``. Every outline
returned is a footprint ``siegeboard.model`` accepts (a simple polygon of at least three
corners, checked with its own validation).

The steps on pixels and points are ``trace_steps``'s; this module runs them.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import cv2
import numpy as np
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.geometry import box as shapely_box

from siegeboard.model.validation import validate_ring
from siegeboard.plan.calibration import Calibration, Point, map_to_pixel, pixel_to_map
from siegeboard.plan.corners import outline_corners
from siegeboard.plan.trace_steps import (
    HATCH_LINE_PX,
    closed,
    colour_mask,
    diagonals_bridged,
    flood,
    join_hatching,
    largest_near,
    nearest_set,
    seed_colour,
    sides_touched,
    snapped,
    thickness,
    three_channels,
    without_short_sides,
)

DEFAULT_TOLERANCE = 32
"""Largest difference, per colour channel (0-255), from the colour clicked."""
TOLERANCE_RANGE = (0, 255)
DEFAULT_GAP_PX = 5
"""Notches narrower than this (lettering, specks on the outline) are closed."""
MAX_EXTENT_PX = 4096
"""A region that runs on past a window this wide is open page or ground, not a building."""
FIRST_WINDOW_PX = 512
"""The first window's side; it doubles while the region runs into its edge."""
LETTER_AREA_PX = 1600
"""A region up to this size may be the inside of a letter written on a building."""
RINGED_SHARE = 0.25
"""... if this share of its surroundings is its own colour (and that region encloses it)."""
MARGIN_SHARE = 0.5
"""A region along more than this share of one of the scan's edges is its margin."""


class NothingToTrace(ValueError):
    """The click is inside the plan but there is no building-like region there; the message
    says why in plain words. ``region``, when known, is what was found and refused (open
    ground, the margin): every point in it would be refused alike."""

    def __init__(self, message: str, region: Region | None = None):
        super().__init__(message)
        self.region = region


@dataclass(frozen=True)
class Outline:
    """A traced outline. ``pixels``: the corners in image pixels; ``metres``: the same in map
    metres when a calibration was given (snapped to the grid when asked), else None.
    ``colour``: the colour traced (blue, green, red); ``clipped``: the region reaches the
    image's edge, so the building may go on beyond the scan."""

    pixels: list[Point]
    metres: list[Point] | None
    colour: tuple[int, ...]
    clipped: bool


def trace(image: np.ndarray, at: Point, *, tolerance: int = DEFAULT_TOLERANCE,
          rectangle: bool = False, gap_px: int = DEFAULT_GAP_PX,
          calibration: Calibration | None = None, snap_step: float | None = None,
          grid_origin: Point = (0.0, 0.0), colour: tuple[int, ...] | None = None) -> Outline:
    """The outline of the region of like colour around ``at`` (image pixels, x right, y down).

    ``image``: an (height, width, 3) or (height, width) uint8 array (``image.decode_plan``).
    ``rectangle``: the minimum rotated rectangle around the region instead of its corners.
    ``calibration``: also give the outline in map metres; with ``snap_step`` (metres) its
    corners go to the grid through ``grid_origin`` (an outline smaller than a cell becomes
    the cell under its middle), and ``pixels`` follow the snapped corners. ``colour``: the
    colour to follow (default ``colour_at(image, at)``), as ``regions_of_colour`` found it.
    Raises ``ValueError`` for a point outside the image or a tolerance out of range, and
    ``NothingToTrace`` where there is no building to trace (open page, a line, a speck).
    """
    region = trace_region(image, at, tolerance=tolerance, gap_px=gap_px, colour=colour)
    return outline_of(region, rectangle=rectangle, calibration=calibration,
                      snap_step=snap_step, grid_origin=grid_origin)


@dataclass(frozen=True)
class Region:
    """A traced region: ``mask`` (uint8, 255 inside) covers the window whose top-left pixel
    is ``origin`` in the image; ``colour`` is the colour traced."""

    mask: np.ndarray
    origin: tuple[int, int]
    colour: tuple[int, ...]
    clipped: bool

    def covers(self, at: Point) -> bool:
        """Whether the image pixel under ``at`` is in the region."""
        x, y = int(math.floor(at[0])) - self.origin[0], int(math.floor(at[1])) - self.origin[1]
        return 0 <= y < self.mask.shape[0] and 0 <= x < self.mask.shape[1] \
            and bool(self.mask[y, x])


def trace_region(image: np.ndarray, at: Point, *, tolerance: int = DEFAULT_TOLERANCE,
                 gap_px: int = DEFAULT_GAP_PX, max_extent_px: int = MAX_EXTENT_PX,
                 colour: tuple[int, ...] | None = None) -> Region:
    """Steps 1-4 of the module's docstring: the filled region around ``at``, same errors as
    ``trace``."""
    if not TOLERANCE_RANGE[0] <= tolerance <= TOLERANCE_RANGE[1]:
        raise ValueError(f"the tolerance must be from {TOLERANCE_RANGE[0]} to "
                         f"{TOLERANCE_RANGE[1]}, not {tolerance}")
    found = colour_at(image, at)   # refuses a point off the image, given a colour or not
    colour = found if colour is None else tuple(int(c) for c in colour)
    pixels = three_channels(image)
    grow = functools.partial(_grown, pixels=pixels, colour=colour, tolerance=tolerance,
                             gap_px=gap_px, max_extent_px=max_extent_px)
    try:
        region = grow(at=at, hatching=False)
    except _Thin:
        # a strip between hatch lines: the hatched area, or the strip itself
        return grow(at=at, hatching=True)
    if np.count_nonzero(region.mask) > LETTER_AREA_PX:
        return region
    # The inside of a letter ("o", "D") written on the building is the building's colour
    # too: if a region of that colour around this one encloses it, the building is that.
    column, row = int(at[0]), int(at[1])
    for outside in _own_colour_around(pixels, region, tolerance):
        try:
            around = grow(at=outside, hatching=False)
        except NothingToTrace:
            continue
        x, y = column - around.origin[0], row - around.origin[1]
        if 0 <= y < around.mask.shape[0] and 0 <= x < around.mask.shape[1] \
                and around.mask[y, x]:
            return around
    return region


def _own_colour_around(pixels: np.ndarray, region: Region, tolerance: int) -> list[Point]:
    """Up to three points of the region's own colour around it, within its own size beyond
    its edge, when that colour is a good share of what lies there; else none."""
    bx, by, bw, bh = cv2.boundingRect(region.mask)
    reach = int(max(8, math.sqrt(np.count_nonzero(region.mask))))
    left, top = region.origin[0] + bx, region.origin[1] + by   # the region's box, in the image
    x0, y0 = max(0, left - reach), max(0, top - reach)
    x1 = min(pixels.shape[1], left + bw + reach)
    y1 = min(pixels.shape[0], top + bh + reach)
    outside = np.full((y1 - y0, x1 - x0), 255, np.uint8)
    outside[top - y0:top - y0 + bh, left - x0:left - x0 + bw][region.mask[by:by + bh,
                                                                          bx:bx + bw] > 0] = 0
    away = cv2.distanceTransform(outside, cv2.DIST_L2, 3)
    ring = (away > 2.5) & (away <= reach)
    own = ring & (colour_mask(pixels[y0:y1, x0:x1], region.colour, tolerance) > 0)
    if np.count_nonzero(own) < RINGED_SHARE * max(1, int(np.count_nonzero(ring))):
        return []
    rows, columns = np.nonzero(own)
    picks = sorted({0, len(rows) // 2, len(rows) - 1})
    return [(float(x0 + columns[i]) + 0.5, float(y0 + rows[i]) + 0.5) for i in picks]


class _Thin(NothingToTrace):
    """The region is no wider than a line."""


def _grown(pixels: np.ndarray, at: Point, colour: tuple[int, ...], tolerance: int,
           gap_px: int, max_extent_px: int, hatching: bool) -> Region:
    """The region of ``colour`` around ``at`` on a window grown until the region stops
    short of the window's edges (or the window reaches ``max_extent_px``)."""
    height, width = pixels.shape[:2]
    column, row = int(at[0]), int(at[1])
    half = FIRST_WINDOW_PX // 2
    while True:
        left, top = max(0, column - half), max(0, row - half)
        right, bottom = min(width, column + half), min(height, row + half)
        image_sides = (left == 0, top == 0, right == width, bottom == height)
        window = pixels[top:bottom, left:right]
        mask = diagonals_bridged(colour_mask(window, colour, tolerance))
        click = (column - left, row - top)
        start = nearest_set(mask, click)
        if start is None:
            raise _Thin("nothing to trace there: the colour around the point is not even "
                        "(widen the tolerance)")
        region = flood(mask, start)
        # what runs on, and the margin, are known from the fill alone (closing only adds):
        # grow, or refuse, before any further work
        if not _runs_on(region, image_sides):
            _refuse_margin(region, (left, top), colour, image_sides, (width, height))
            region = closed(_area_of(mask, region, click, start, hatching), gap_px)
            if not _runs_on(region, image_sides):
                break
        if 2 * half >= max_extent_px:
            raise NothingToTrace(
                f"nothing to trace there: that colour runs on for more than "
                f"{max_extent_px} pixels (open page or ground, not a building); click inside a "
                "building, or narrow the tolerance",
                Region(region, (left, top), colour, clipped=True))
        half *= 2
    _refuse_margin(region, (left, top), colour, image_sides, (width, height))
    edges_reached = sum(touched and edge
                        for touched, edge in zip(sides_touched(region), image_sides, strict=True))
    return Region(region, (left, top), colour, clipped=edges_reached > 0)


def _area_of(mask: np.ndarray, region: np.ndarray, click: tuple[int, int],
              start: tuple[int, int], hatching: bool) -> np.ndarray:
    """The filled region made an area: a pocket inside a letter gives way to the larger
    region beside it; a strip between hatch lines, with ``hatching``, to the hatched area."""
    if thickness(region) <= HATCH_LINE_PX + 1:
        start = largest_near(mask, click) or start
        region = flood(mask, start)
    if thickness(region) <= HATCH_LINE_PX + 1:
        if not hatching:
            raise _Thin("nothing to trace there: that is a line, not an area")
        region = join_hatching(mask, region, start)
        if thickness(region) < 1.5:
            raise _Thin("nothing to trace there: that is a line, not an area")
    return region


def _refuse_margin(region: np.ndarray, origin: tuple[int, int], colour: tuple[int, ...],
                   image_sides: tuple[bool, ...], size: tuple[int, int]) -> None:
    """``NothingToTrace`` for a region along three of the scan's edges, or along more than
    ``MARGIN_SHARE`` of one: the page's margin or background."""
    width, height = size
    touched = sides_touched(region)
    edges_reached = sum(side and edge for side, edge in zip(touched, image_sides, strict=True))
    along = [np.count_nonzero(side) / length for side, length, edge in zip(
        (region[:, 0], region[0, :], region[:, -1], region[-1, :]),
        (height, width, height, width), image_sides, strict=True) if edge]
    if edges_reached >= 3 or max(along, default=0.0) > MARGIN_SHARE:
        raise NothingToTrace("nothing to trace there: that is the page's margin or "
                             "background, which reaches the edges of the scan",
                             Region(region, origin, colour, clipped=True))


def _runs_on(region: np.ndarray, image_sides: tuple[bool, ...]) -> bool:
    """The region touches a side of its window that is not the image's edge."""
    return any(touched and not edge
               for touched, edge in zip(sides_touched(region), image_sides, strict=True))


def outline_of(region: Region, *, rectangle: bool = False,
               calibration: Calibration | None = None, snap_step: float | None = None,
               grid_origin: Point = (0.0, 0.0)) -> Outline:
    """Step 5: the region's outline (see ``trace`` for the options). ``NothingToTrace``
    when the outline in metres is no footprint the model accepts (smaller than its
    smallest, say), with the model's reason."""
    pixels = outline_corners(region.mask, region.origin, rectangle=rectangle)
    metres = None
    if calibration is not None:
        metres = without_short_sides([pixel_to_map(calibration, p) for p in pixels])
        if snap_step is not None:
            metres = snapped(metres, grid_origin, snap_step)
            pixels = [map_to_pixel(calibration, p) for p in metres]
        try:
            metres = validate_ring(metres)
        except ValueError as error:
            raise NothingToTrace(f"nothing to trace there: the outline is no footprint "
                                 f"({error})") from None
    return Outline(pixels, metres, region.colour, region.clipped)


def colour_at(image: np.ndarray, at: Point) -> tuple[int, ...]:
    """The colour a trace from ``at`` follows (the colour most pixels around it share); a
    ``ValueError`` for a point outside the image."""
    pixels = three_channels(image)
    height, width = pixels.shape[:2]
    if not (math.isfinite(at[0]) and math.isfinite(at[1])) or not (
            0 <= at[0] < width and 0 <= at[1] < height):
        raise ValueError(f"the point {at[0]:g}, {at[1]:g} is outside the plan, which is "
                         f"{width} x {height} pixels")
    return seed_colour(pixels, int(at[0]), int(at[1]))


def regions_of_colour(image: np.ndarray, box: tuple[Point, Point], colour: tuple[int, ...], *,
                      tolerance: int = DEFAULT_TOLERANCE, min_area_px: float = 16.0,
                      whole: bool = True) -> list[Point]:
    """A point inside each region of ``colour`` (within ``tolerance``) in ``box`` (two
    opposite corners, image pixels), largest first; tracing from each gives every building
    of that colour in the box. With ``whole``, regions cut by the box's edge are left out;
    without, their part in the box counts. Regions smaller than ``min_area_px`` (in the box)
    and lines are always left out."""
    pixels = three_channels(image)
    height, width = pixels.shape[:2]
    (x0, y0), (x1, y1) = box
    left, right = sorted((int(math.floor(x0)), int(math.ceil(x1))))
    top, bottom = sorted((int(math.floor(y0)), int(math.ceil(y1))))
    left, top = max(0, left), max(0, top)
    right, bottom = min(width, right), min(height, bottom)
    if right - left < 1 or bottom - top < 1:
        return []
    mask = diagonals_bridged(colour_mask(pixels[top:bottom, left:right], colour, tolerance))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    inner = cv2.distanceTransform(mask, cv2.DIST_L2, 3)
    found = []
    for label in range(1, count):
        x, y, w, h, area = stats[label]
        cut = x == 0 or y == 0 or x + w == mask.shape[1] or y + h == mask.shape[0]
        if area < min_area_px or (whole and cut):
            continue
        # the point deepest inside the region: far from lettering and from its edge
        where = np.where(labels[y:y + h, x:x + w] == label, inner[y:y + h, x:x + w], -1)
        row, column = np.unravel_index(int(np.argmax(where)), where.shape)
        if where[row, column] <= HATCH_LINE_PX + 1:
            continue  # a line or a strip (the blend of an ink line with the paper), no area
        found.append((area, (float(left + x + column) + 0.5, float(top + y + row) + 0.5)))
    found.sort(key=lambda item: -item[0])
    return [point for _area, point in found]


MIN_BUILDING_PX = 40.0
"""A box takes no region smaller than this (a speck, a letter's inside, a sliver at its edge)."""
BOX_MARGIN_PX = 2.0
"""A building is inside the box when it is inside the box grown by this (its ink line)."""
MAX_BOX_ROUNDS = 4


def trace_box(image: np.ndarray, box: tuple[Point, Point], *, at: Point | None = None,
              colour: tuple[int, ...] | None = None, tolerance: int = DEFAULT_TOLERANCE,
              rectangle: bool = False, gap_px: int = DEFAULT_GAP_PX,
              calibration: Calibration | None = None, snap_step: float | None = None,
              grid_origin: Point = (0.0, 0.0),
              min_area_px: float = MIN_BUILDING_PX) -> list[Outline]:
    """Every building of one colour in ``box`` (two opposite corners, image pixels): each
    region of that colour lying wholly inside the box, traced as ``trace`` traces a click,
    and the building under ``at`` (where a drag began) whether wholly inside or not.

    The colour is ``colour``, else the one at ``at``, else the one at the box's first corner.
    Left out: regions smaller than ``min_area_px``, lines and strips, open ground and the
    margin (what ``trace`` refuses), and a region inside another one taken (the inside of a
    letter). Buildings of one colour that touch are found one by one: what is left of the
    colour once the outlines found are taken away is looked at again. Raises ``ValueError``
    for an ``at`` off the plan; an empty list when there is nothing to take."""
    pixels = three_channels(image)
    height, width = pixels.shape[:2]
    (x0, y0), (x1, y1) = box
    left, right = sorted((x0, x1))
    top, bottom = sorted((y0, y1))
    start = at if at is not None else (min(max(x0, 0.0), width - 1.0),
                                       min(max(y0, 0.0), height - 1.0))
    colour = tuple(int(c) for c in colour) if colour is not None else colour_at(pixels, start)
    inside = shapely_box(left - BOX_MARGIN_PX, top - BOX_MARGIN_PX, right + BOX_MARGIN_PX,
                          bottom + BOX_MARGIN_PX)
    trace_from = functools.partial(trace, pixels, tolerance=tolerance, rectangle=rectangle,
                                   gap_px=gap_px, calibration=calibration, snap_step=snap_step,
                                   grid_origin=grid_origin, colour=colour)
    found: list[Outline] = []
    shapes: list[Polygon] = []

    def take(seed: Point, anywhere: bool) -> bool:
        if any(shape.covers(ShapelyPoint(seed)) for shape in shapes):
            return False
        try:
            outline = trace_from(seed)
        except ValueError:
            return False   # open ground, the margin, a line: no building
        shape = Polygon(outline.pixels)
        if shape.area < min_area_px or not (anywhere or inside.covers(shape)):
            shapes.append(shape)   # looked at: not looked at again
            return False
        shapes.append(shape)
        found.append(outline)
        return True

    if at is not None:
        take(at, anywhere=True)
    box_left, box_top = max(0, int(math.floor(left))), max(0, int(math.floor(top)))
    box_right = min(width, int(math.ceil(right)))
    box_bottom = min(height, int(math.ceil(bottom)))
    if box_right - box_left < 1 or box_bottom - box_top < 1:
        return found
    mask = diagonals_bridged(colour_mask(pixels[box_top:box_bottom, box_left:box_right],
                                           colour, tolerance))
    for _round in range(MAX_BOX_ROUNDS):
        left_over = mask.copy()
        for shape in shapes:   # what was looked at, grown over its ink line
            ring = np.array([[x - box_left, y - box_top] for x, y in shape.exterior.coords],
                            np.float32)
            cv2.fillPoly(left_over, [np.round(ring).astype(np.int32)], 0)
            cv2.polylines(left_over, [np.round(ring).astype(np.int32)], True, 0,
                          thickness=2 * HATCH_LINE_PX + 1)
        seeds = _deepest_points(left_over, min_area_px)
        taken = [take((box_left + x, box_top + y), anywhere=False) for x, y in seeds]
        if not any(taken):
            break
    # the inside of a letter on a building is the building's colour too, and no building
    outlines = [Polygon(outline.pixels) for outline in found]
    return [outline for outline, shape in zip(found, outlines, strict=True)
            if not any(other is not shape and other.area > shape.area
                       and other.buffer(1e-6).covers(shape) for other in outlines)]


def _deepest_points(mask: np.ndarray, min_area_px: float) -> list[Point]:
    """The point deepest inside each region of ``mask`` at least ``min_area_px`` large and
    more than a line wide, deepest first."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    inner = cv2.distanceTransform(mask, cv2.DIST_L2, 3)
    found = []
    for label in range(1, count):
        x, y, w, h, area = stats[label]
        if area < min_area_px:
            continue
        where = np.where(labels[y:y + h, x:x + w] == label, inner[y:y + h, x:x + w], -1)
        row, column = np.unravel_index(int(np.argmax(where)), where.shape)
        if where[row, column] <= HATCH_LINE_PX + 1:
            continue
        found.append((float(where[row, column]), (float(x + column) + 0.5,
                                                  float(y + row) + 0.5)))
    found.sort(key=lambda item: -item[0])
    return [point for _depth, point in found]




def colour_hex(colour: tuple[int, ...]) -> str:
    """A traced colour (blue, green, red; or one grey channel) as ``#rrggbb``."""
    blue, green, red = colour[:3] if len(colour) >= 3 else tuple(colour) * 3
    return f"#{int(red):02x}{int(green):02x}{int(blue):02x}"


def legend_entry_for(legend, colour: tuple[int, ...], tolerance: int = DEFAULT_TOLERANCE):
    """The entry of ``legend`` (``model.LegendEntry`` items, colours ``#rrggbb``) nearest the
    traced ``colour`` (blue, green, red) within ``tolerance`` on every channel, or None."""
    wanted = colour_hex(colour)
    red, green, blue = (int(wanted[i:i + 2], 16) for i in (1, 3, 5))
    best = None
    for entry in legend:
        r, g, b = (int(entry.colour[i:i + 2], 16) for i in (1, 3, 5))
        difference = max(abs(r - red), abs(g - green), abs(b - blue))
        if difference <= tolerance and (best is None or difference < best[0]):
            best = (difference, entry)
    return None if best is None else best[1]
