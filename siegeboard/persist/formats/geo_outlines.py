"""A real map's building outlines projected, checked, tidied and measured in whole arrays
(``geo.build_siege``'s bulk way): what ``geo._Maker._building`` would make of each outline
the plain way, worked out for a city at once.

Every step is the plain way's own (the same projection, shapely's same operations, Python's
same rounding), so the numbers are the same; an outline that is not plain (a point off the
Earth, an outline that crosses itself, one smaller than a structure may be, or one whose
rounded ring is no polygon) is left to the plain way. Each outline found plain also says
whether its structure's footprint certainly passes the model's checks
(``geometry.ring_checks.certainly_valid``), so that it may be made without validating it
again (``rules.bulk_build``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy
import shapely

from siegeboard.geometry.footprint import without_short_sides
from siegeboard.geometry.ring_checks import certainly_valid
from siegeboard.model import bounds

Ring = list[tuple[float, float]]
Key = tuple[int, int]
Job = tuple[Key, Ring, list[Ring]]
# An outline as the structure keeps it: its ring and holes, rounded; its area less the holes;
# whether its footprint certainly passes the model's checks.
Outline = tuple[Ring, list[Ring], float, bool]
Project = Callable[[numpy.ndarray, numpy.ndarray], tuple[numpy.ndarray, numpy.ndarray]]
MIN_AREA_M2 = bounds.AREA_MIN_M2


def bulk_outlines(project: Project, jobs: Sequence[Job]) -> dict[Key, Outline | None]:
    """For each job (key, outer ring, holes, in the file's coordinates; ``project`` takes
    them to the projection's east and north): its ``Outline``, or None for an outline that
    is not plain (see the module), which is then made the plain way."""
    rings: list[Ring] = []
    for _, outer, holes in jobs:
        rings.append(outer)
        rings.extend(holes)
    sizes = numpy.fromiter((len(ring) for ring in rings), dtype=numpy.int64, count=len(rings))
    starts = numpy.concatenate(([0], numpy.cumsum(sizes)[:-1])).astype(numpy.int64)
    total = int(sizes.sum())
    lonlat = numpy.fromiter((value for ring in rings for point in ring for value in point),
                            dtype=float, count=2 * total).reshape(total, 2)
    del rings
    xs, ys = project(lonlat[:, 0], lonlat[:, 1])
    coordinates = numpy.column_stack((xs, -ys))
    finite = numpy.isfinite(coordinates).all(axis=1)
    ring_finite = numpy.add.reduceat(finite.astype(numpy.int64), starts) == sizes

    result: dict[Key, Outline | None] = {}
    keys: list[Key] = []
    first_rings: list[int] = []  # each kept job's outer ring, by its place among the rings
    hole_counts: list[int] = []
    at = 0
    for key, _, holes in jobs:
        count = 1 + len(holes)
        if ring_finite[at:at + count].all():
            keys.append(key)
            first_rings.append(at)
            hole_counts.append(len(holes))
        else:
            result[key] = None
        at += count
    if not keys:
        return result
    shapes = _polygons_of(coordinates, starts, sizes, first_rings, hole_counts)
    valid = shapely.is_valid(shapes)
    tolerance = bounds.SIDE_MIN_M * (1 + 1e-6)
    try:
        tidy = shapely.remove_repeated_points(shapes, tolerance=tolerance)
    except shapely.errors.GEOSException:  # one ring would fall under 3 points: one by one
        tidy = numpy.empty(len(shapes), dtype=object)
        tidy[:] = [without_short_sides(shape) for shape in shapes.tolist()]
    kept = (shapely.get_type_id(tidy) == 3) & ~shapely.is_empty(tidy) & shapely.is_valid(tidy)
    shapes = numpy.where(kept, tidy, shapes)
    fine = valid & (shapely.area(shapes) >= MIN_AREA_M2)

    # The rings as the structure keeps them: each ring's corners but the closing one, each
    # number rounded by Python's own round (numpy's rounds differently in the last digit).
    places = numpy.flatnonzero(fine)
    for place in numpy.flatnonzero(~fine).tolist():
        result[keys[place]] = None
    kept_rings, ring_owner = shapely.get_rings(shapes[places], return_index=True)
    del shapes, tidy
    coordinates, owner = shapely.get_coordinates(kept_rings, return_index=True)
    closing = numpy.ones(len(owner), dtype=bool)  # each ring's last coordinate
    closing[:-1] = owner[1:] != owner[:-1]
    corners = coordinates[~closing]
    corner_owner = owner[~closing]
    del coordinates, owner, closing
    rounded = [round(value, 6) for value in corners.ravel().tolist()]
    points = list(zip(rounded[0::2], rounded[1::2], strict=True))
    ends = numpy.searchsorted(corner_owner, numpy.arange(1, len(kept_rings) + 1)).tolist()
    ring_lists = [points[start:end] for start, end in zip([0, *ends[:-1]], ends, strict=True)]
    del points
    outlines: list[tuple[Ring, list[Ring]]] = []
    for ring, first in zip(ring_lists, _firsts(ring_owner).tolist(), strict=True):
        if first:
            outlines.append((ring, []))
        else:
            outlines[-1][1].append(ring)
    del ring_lists
    # The structure's own shape (``shape_of``: its rounded ring less its rounded holes) is
    # what its squares are counted on; one that is no polygon is left to the plain way.
    made = numpy.asarray(shapely.polygons(
        numpy.asarray(shapely.linearrings(numpy.array(rounded).reshape(-1, 2),
                                          indices=corner_owner)), indices=ring_owner))
    del rounded, corner_owner
    areas = shapely.area(made)
    sound = ~shapely.is_empty(made) & shapely.is_valid(made) & (areas > 0)
    certain = certainly_valid(outlines, made) & sound
    for place, (ring, inner), area, good, sure in zip(places.tolist(), outlines,
                                                      areas.tolist(), sound.tolist(),
                                                      certain.tolist(), strict=True):
        result[keys[place]] = (ring, inner, area, sure) if good else None
    return result


def _firsts(owner: numpy.ndarray) -> numpy.ndarray:
    """Where each run of equal owners starts (each polygon's outer ring among its rings)."""
    first = numpy.ones(len(owner), dtype=bool)
    first[1:] = owner[1:] != owner[:-1]
    return first


def _polygons_of(coordinates: numpy.ndarray, starts: numpy.ndarray, sizes: numpy.ndarray,
                 first_rings: list[int], hole_counts: list[int]) -> numpy.ndarray:
    """The polygons of the kept jobs (outer ring at ``first_rings[i]``, then its holes),
    made by shapely in two calls (rings, then polygons), each as ``Polygon(ring, holes)``."""
    counts = numpy.asarray(hole_counts, dtype=numpy.int64) + 1
    firsts = numpy.asarray(first_rings, dtype=numpy.int64)
    # The rings of the kept jobs: each job's first ring and the ones after it.
    chosen = numpy.repeat(firsts - numpy.concatenate(([0], numpy.cumsum(counts)[:-1])),
                          counts) + numpy.arange(int(counts.sum()))
    lengths = sizes[chosen]
    at = numpy.repeat(starts[chosen] - numpy.concatenate(([0], numpy.cumsum(lengths)[:-1])),
                      lengths) + numpy.arange(int(lengths.sum()))
    rings = numpy.asarray(shapely.linearrings(coordinates[at], indices=numpy.repeat(
        numpy.arange(len(chosen)), lengths)))
    return numpy.asarray(shapely.polygons(rings, indices=numpy.repeat(
        numpy.arange(len(counts)), counts)))
