"""One STRtree per siege: which structures are near a point, a box or another footprint."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import numpy
import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.strtree import STRtree

from siegeboard.geometry.footprint import as_polygon, shapes_of


class StructureIndex:
    """A spatial index over structure footprints, by id.

    Built once per set of footprints; the rules engine asks it for candidates so that a
    blast or a spread check looks only at nearby structures. Footprints are kept so callers
    can refine candidates exactly.
    """

    def __init__(self, footprints: Mapping[str, Sequence[tuple[float, float]] | Polygon], *,
                 shapes: list[Polygon] | None = None):
        """``shapes``: the footprints' polygons, in order, when the caller has them valid."""
        self.ids: list[str] = list(footprints)
        self.polygons: list[Polygon] = shapes if shapes is not None else [
            as_polygon(footprints[key]) for key in self.ids]
        self._position = {key: position for position, key in enumerate(self.ids)}
        self._polygon_array = numpy.asarray(self.polygons, dtype=object)
        self._tree = STRtree(self.polygons)

    @classmethod
    def for_structures(cls, structures: Mapping[str, object]) -> StructureIndex:
        """Index a siege's ``structures`` mapping (id -> Structure)."""
        # Valid footprints: no as_polygon again.
        return cls(structures, shapes=shapes_of(structures.values()))  # type: ignore[arg-type]

    def __len__(self) -> int:
        return len(self.ids)

    def polygon(self, structure_id: str) -> Polygon:
        return self.polygons[self._position[structure_id]]

    def at(self, point: tuple[float, float]) -> list[str]:
        """Structures whose footprint holds ``point`` (edges included), nearest-centre first."""
        where = Point(point)
        hits = self._tree.query(where, predicate="intersects")
        found = [self.ids[i] for i in hits]
        return sorted(found, key=lambda key: (self.polygon(key).centroid.distance(where), key))

    def intersecting(self, geometry: BaseGeometry) -> list[str]:
        """Structures whose footprint meets ``geometry``, in index order."""
        return [self.ids[i] for i in sorted(self._tree.query(geometry, predicate="intersects"))]

    def within_distance(self, geometry: BaseGeometry, distance_m: float) -> list[str]:
        """Structures whose footprint lies within ``distance_m`` metres of ``geometry``."""
        hits = self._tree.query(geometry, predicate="dwithin", distance=distance_m)
        return [self.ids[i] for i in sorted(hits)]

    def neighbours_within(self, structure_ids: Sequence[str], distance_m: float, *,
                          excluding: Collection[str] = ()) -> dict[str, list[tuple[str, float]]]:
        """For each of ``structure_ids``: the structures within ``distance_m`` metres of its
        footprint (itself included), sorted by id, each with its footprint distance in metres;
        none of ``excluding`` (ids the caller has no use for, itself among them if listed).

        The same answers as ``within_distance(polygon(id), distance_m)`` and
        ``polygon(id).distance(polygon(other))`` for each id, in one tree query and one
        vectorised distance call for all of them (``pairs_within``).
        """
        found: dict[str, list[tuple[str, float]]] = {key: [] for key in structure_ids}
        if not structure_ids:
            return found
        wanted = None
        if excluding:
            wanted = numpy.ones(len(self.ids), dtype=bool)
            # An id the index does not hold is no neighbour anyway.
            position = self._position
            wanted[[position[key] for key in excluding if key in position]] = False
        pairs = self.pairs_within(structure_ids, distance_m, wanted=wanted)
        neighbour_ids = self.id_array()[pairs.targets].tolist()
        distances = pairs.distances()
        starts = pairs.starts
        for number, key in enumerate(structure_ids):
            start, end = starts[number], starts[number + 1]
            if end > start:
                found[key] += zip(neighbour_ids[start:end], distances[start:end], strict=True)
        if len(found) < len(structure_ids):  # an id asked for twice: its pairs twice, sorted
            for pairs_of_one in found.values():
                pairs_of_one.sort()
        return found

    def pairs_within(self, structure_ids: Sequence[str], distance_m: float, *,
                     wanted: numpy.ndarray | None = None) -> NeighbourPairs:
        """The pairs of ``neighbours_within`` as arrays: for the i-th of ``structure_ids``
        (an id may come twice), the index positions of the footprints within ``distance_m``
        metres of its own, sorted by id, kept only where ``wanted`` (a boolean per index
        position; None: all) is true. Their distances are measured when first asked for
        (``NeighbourPairs.distances``) unless deciding a pair needed them.

        Which pairs are near is decided by their bounding boxes where that is exact: two
        footprints that are axis-aligned rectangles are as far apart as their boxes, and no
        footprint is nearer another than its box is; only the pairs that this leaves within
        a micrometre of ``distance_m`` or that involve another shape are measured now. A
        town's houses are mostly rectangles, and measuring its pairs cost more than finding
        them (GEOS, a pair at a time).
        """
        count = len(structure_ids)
        positions = numpy.asarray([self._position[key] for key in structure_ids],
                                  dtype=numpy.intp)
        if not count:
            return NeighbourPairs([0], numpy.zeros(0, dtype=numpy.intp), positions,
                                  numpy.zeros(0), self._polygon_array)
        bounds = self._bounds()
        box = bounds[positions]
        # Candidates by bounding box grown by the distance.
        grown = shapely.box(box[:, 0] - distance_m, box[:, 1] - distance_m,
                            box[:, 2] + distance_m, box[:, 3] + distance_m)
        sources, targets = self._tree.query(grown)
        if wanted is not None:
            keep = wanted[targets]
            sources, targets = sources[keep], targets[keep]
        source_positions = positions[sources]
        near, far = bounds[source_positions], bounds[targets]
        gap_x = numpy.maximum(numpy.maximum(near[:, 0] - far[:, 2], far[:, 0] - near[:, 2]), 0.0)
        gap_y = numpy.maximum(numpy.maximum(near[:, 1] - far[:, 3], far[:, 1] - near[:, 3]), 0.0)
        box_distances = numpy.hypot(gap_x, gap_y)
        # GEOS measures to within a few units in the last place of the coordinates: a band
        # far wider than that around ``distance_m`` is measured, never decided by the boxes.
        band = 1e-6 + 1e-12 * self._extent()
        rectangles = self._rectangles()
        sure = (rectangles[source_positions] & rectangles[targets]
                & (box_distances < distance_m - band))
        unsure = ~sure & (box_distances <= distance_m + band)
        distances = numpy.full(len(targets), numpy.nan)
        polygons = self._polygon_array
        measured = shapely.distance(polygons[source_positions[unsure]], polygons[targets[unsure]])
        distances[unsure] = measured
        close = sure
        close[unsure] = measured <= distance_m
        sources, targets, distances = sources[close], targets[close], distances[close]
        # Sorted by source, then by the neighbour's id (each neighbour once a source).
        order = numpy.lexsort((self._id_rank()[targets], sources))
        sources, targets, distances = sources[order], targets[order], distances[order]
        starts = [0] + numpy.cumsum(numpy.bincount(sources, minlength=count)).tolist()
        return NeighbourPairs(starts, targets, positions[sources], distances, polygons)

    def _bounds(self) -> numpy.ndarray:
        """Each footprint's ``(minx, miny, maxx, maxy)`` (made once per index)."""
        bounds = getattr(self, "_bounds_array", None)
        if bounds is None:
            bounds = self._bounds_array = shapely.bounds(self._polygon_array).reshape(-1, 4)
        return bounds

    def _extent(self) -> float:
        """The largest coordinate of any footprint, in absolute value (made once per index)."""
        extent = getattr(self, "_extent_m", None)
        if extent is None:
            bounds = self._bounds()
            extent = self._extent_m = float(numpy.abs(bounds).max()) if len(bounds) else 0.0
        return extent

    def _rectangles(self) -> numpy.ndarray:
        """For each footprint: whether it is an axis-aligned rectangle, every corner a corner
        of its box and its area the box's (made once per index)."""
        rectangles = getattr(self, "_rectangle_mask", None)
        if rectangles is None:
            polygons, bounds = self._polygon_array, self._bounds()
            coordinates, owner = shapely.get_coordinates(polygons, return_index=True)
            own = bounds[owner]
            on_corner = (((coordinates[:, 0] == own[:, 0]) | (coordinates[:, 0] == own[:, 2]))
                         & ((coordinates[:, 1] == own[:, 1]) | (coordinates[:, 1] == own[:, 3])))
            off_corner = numpy.bincount(owner[~on_corner], minlength=len(polygons))
            box_area = (bounds[:, 2] - bounds[:, 0]) * (bounds[:, 3] - bounds[:, 1])
            # Corners only, yet three of them (a triangle) would have half the box's area.
            full = shapely.area(polygons) > 0.75 * box_area
            rectangles = self._rectangle_mask = (off_corner == 0) & full
        return rectangles

    def _id_rank(self) -> numpy.ndarray:
        """Each footprint's place in the ids' sorted order (made once per index)."""
        rank = getattr(self, "_rank", None)
        if rank is None:
            rank = numpy.empty(len(self.ids), dtype=numpy.int64)
            rank[sorted(range(len(self.ids)), key=self.ids.__getitem__)] = numpy.arange(
                len(self.ids))
            self._rank = rank
        return rank

    def id_array(self) -> numpy.ndarray:
        """The ids as a numpy array of objects, in index order (made once per index; do not
        change it)."""
        array = getattr(self, "_ids_array", None)
        if array is None:
            array = self._ids_array = numpy.asarray(self.ids, dtype=object)
        return array

    def in_bounds(self, bounds: tuple[float, float, float, float]) -> list[str]:
        """Structures whose bounding box meets ``(minx, miny, maxx, maxy)``: candidates only."""
        return [self.ids[i] for i in sorted(self._tree.query(shapely.box(*bounds)))]


class NeighbourPairs:
    """The neighbours ``StructureIndex.pairs_within`` found: those of the i-th id asked are
    ``targets[starts[i]:starts[i + 1]]`` (index positions, sorted by id).

    ``distances()`` gives each pair's footprint distance (as ``Polygon.distance``), the ones
    not yet measured measured in one call when first asked for. Holds the index's polygons
    (never changed) until then; nothing else changes once made.
    """

    __slots__ = ("starts", "targets", "_sources", "_distances", "_polygons")

    def __init__(self, starts: list[int], targets: numpy.ndarray, sources: numpy.ndarray,
                 distances: numpy.ndarray, polygons: numpy.ndarray):
        self.starts = starts
        self.targets = targets
        self._sources = sources  # each pair's source, as an index position
        self._distances: numpy.ndarray | list[float] = distances  # NaN: not yet measured
        self._polygons: numpy.ndarray | None = polygons

    def __len__(self) -> int:
        return len(self.targets)

    def distances(self) -> list[float]:
        """Each pair's distance in metres, in the pairs' order."""
        distances = self._distances
        if isinstance(distances, list):
            return distances
        unmeasured = numpy.isnan(distances)
        polygons = self._polygons
        if polygons is not None and unmeasured.any():
            distances[unmeasured] = shapely.distance(
                polygons[self._sources[unmeasured]], polygons[self.targets[unmeasured]])
        measured: list[float] = distances.tolist()
        self._distances, self._polygons = measured, None
        return measured
