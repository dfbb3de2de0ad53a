"""Which footprints certainly pass the model's checks of a footprint and its holes
(``model.validation.validate_ring`` and ``validate_holes``, R4), decided for many at once.

A city's import makes 100,000 structures; validating each footprint through pydantic, one
by one, was a third of its time. ``certainly_valid`` asks numpy and GEOS the validators'
questions of whole arrays, so that a structure whose footprint passes may be made without
pydantic's per-structure validation (``rules.bulk_build``); any other is made the plain way,
which names what is wrong. The answer is "certainly", never "certainly not": a bound is
passed only with a margin far above the floating-point noise between numpy's sums and the
validators' own (a side at least ``SIDE_MARGIN_M`` over 5 cm, an area at least twice the
smallest), so a footprint near a bound always goes the plain way. What GEOS answers (is a
ring simple, does the footprint contain a hole, is the whole valid) is asked by the same
call the validators make, of the same coordinates.

``tests/equivalence/test_bulk_structures.py`` holds the two to each other on a corpus of
good, bad and borderline footprints: whatever this passes, the validators pass unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy
import shapely

from siegeboard.model import bounds

Ring = Sequence[tuple[float, float]]
SIDE_MARGIN_M = 1e-6
HOLES_MAX = 1000  # ``model.structure.HOLES_MAX``: a test holds the two equal


def certainly_valid(outlines: Sequence[tuple[Ring, Sequence[Ring]]],
                    polygons: numpy.ndarray) -> numpy.ndarray:
    """For each outline (its ring and its holes, each without a closing corner, as a
    structure keeps them) with ``polygons[i]`` its ``Polygon(ring, holes)``: True where
    ``validate_ring`` passes the ring and each hole unchanged and ``validate_holes`` passes
    the holes, certainly; False says nothing."""
    count = len(outlines)
    if not count:
        return numpy.zeros(0, dtype=bool)
    rings, ring_owner = shapely.get_rings(polygons, return_index=True)
    corners = numpy.fromiter((len(ring) for ring, holes in outlines for ring in (ring, *holes)),
                             dtype=numpy.int64)
    if len(corners) != len(rings):  # a ring the polygon does not hold as given
        return numpy.zeros(count, dtype=bool)
    xy, owner = shapely.get_coordinates(rings, return_index=True)
    sizes = numpy.bincount(owner, minlength=len(rings))  # each ring closed: corners + 1
    ring_fine = (sizes == corners + 1) & (corners >= 3) & (corners <= bounds.CORNERS_MAX)
    far = ~(numpy.abs(xy) <= bounds.SPAN_M).all(axis=1)  # NaN and infinities fail
    ring_fine &= numpy.bincount(owner, weights=far, minlength=len(rings)) == 0
    del far
    # Each ring's sides: from each coordinate to the next, but for the closing one's.
    side = owner[1:] == owner[:-1]
    sides_of = owner[1:][side]
    start, end = xy[:-1][side], xy[1:][side]
    del xy, owner, side
    with numpy.errstate(invalid="ignore", over="ignore"):
        short = ~(numpy.hypot(end[:, 0] - start[:, 0], end[:, 1] - start[:, 1])
                  >= bounds.SIDE_MIN_M + SIDE_MARGIN_M)
        ring_fine &= numpy.bincount(sides_of, weights=short, minlength=len(rings)) == 0
        del short
        twice_area = numpy.bincount(sides_of, weights=start[:, 0] * end[:, 1]
                                    - end[:, 0] * start[:, 1], minlength=len(rings))
    del start, end, sides_of
    ring_fine &= numpy.abs(twice_area) >= 4 * bounds.AREA_MIN_M2  # not NaN: far ones are out
    checked = numpy.flatnonzero(ring_fine)
    ring_fine[checked] = shapely.is_simple(rings[checked])
    fine = numpy.bincount(ring_owner, weights=~ring_fine, minlength=count) == 0
    hole_counts = shapely.get_num_interior_rings(polygons)
    fine &= hole_counts <= HOLES_MAX
    with_holes = fine & (hole_counts > 0)
    if with_holes.any():
        # ``validate_holes``: each hole inside its footprint, then the whole polygon valid.
        first = numpy.ones(len(rings), dtype=bool)
        first[1:] = ring_owner[1:] != ring_owner[:-1]
        shell = first & with_holes[ring_owner]
        shells = numpy.full(count, None, dtype=object)
        shells[ring_owner[shell]] = shapely.polygons(rings[shell])
        hole = ~first & with_holes[ring_owner]
        contained = shapely.contains(shells[ring_owner[hole]], shapely.polygons(rings[hole]))
        outside = numpy.bincount(ring_owner[hole], weights=~contained, minlength=count)
        places = numpy.flatnonzero(with_holes)
        fine[places] = (outside[places] == 0) & shapely.is_valid(polygons[places])
    return fine
