"""pyosmium's outlines as the rings of a ``GeoFeature``, for many at once.

Reading a node's longitude and latitude from Python, node by node, was a third of the time
an OpenStreetMap extract took to read. Instead each area (and each building way pyosmium
would not assemble) is written by pyosmium's own WKB factory while the file is read, in
C++, and the WKB of the whole file is decoded by shapely in one call: the same numbers
(a location's longitude and latitude as pyosmium gives them, in the same order, closing
corner included), in ``RingsFromWkb.rings``' lists. ``tests/persist/test_osm_shapes.py``
checks them equal to the node-by-node reading.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy
import osmium
import shapely

Ring = list[tuple[float, float]]
FACTORY = osmium.geom.WKBFactory()


def area_wkb(area) -> str:
    """An area's outer rings and their inner rings, as WKB (hex); ``InvalidLocationError``
    when a node has no location."""
    return FACTORY.create_multipolygon(area)


def way_wkb(way) -> str:
    """A way's nodes, every one (repeats kept), as WKB (hex); ``InvalidLocationError`` when a
    node has no location."""
    return FACTORY.create_linestring(way, osmium.geom.use_nodes.ALL)


def polygons_of(shapes: Sequence[str]) -> list[list[tuple[Ring, list[Ring]]]]:
    """For each multipolygon's WKB (``area_wkb``): its polygons, each its outer ring and its
    inner rings, every ring closed (first corner repeated at its end)."""
    if not shapes:
        return []
    parts, part_owner = shapely.get_parts(shapely.from_wkb(list(shapes)), return_index=True)
    rings, ring_owner = shapely.get_rings(parts, return_index=True)
    ring_lists = _lists(rings)
    first = numpy.ones(len(rings), dtype=bool)
    first[1:] = ring_owner[1:] != ring_owner[:-1]
    polygons: list[list[tuple[Ring, list[Ring]]]] = [[] for _ in shapes]
    owners = part_owner.tolist()
    part = -1
    for ring, starts in zip(ring_lists, first.tolist(), strict=True):
        if starts:
            part += 1
            polygons[owners[part]].append((ring, []))
        else:
            polygons[owners[part]][-1][1].append(ring)
    return polygons


def lines_of(shapes: Sequence[str]) -> list[Ring]:
    """Each line's WKB (``way_wkb``) as its points."""
    return _lists(shapely.from_wkb(list(shapes))) if shapes else []


def _lists(lines: numpy.ndarray) -> list[Ring]:
    """The points of each line (or ring) as a list of (x, y) tuples."""
    coordinates, owner = shapely.get_coordinates(lines, return_index=True)
    ends = numpy.searchsorted(owner, numpy.arange(1, len(lines) + 1)).tolist()
    points = list(map(tuple, coordinates.tolist()))
    starts = [0, *ends[:-1]]
    return [points[start:end] for start, end in zip(starts, ends, strict=True)]
