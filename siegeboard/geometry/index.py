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

    def __init__(self, footprints: Mapping[str, Sequence[tuple[float, float]] | Polygon]):
        self.ids: list[str] = list(footprints)
        self.polygons: list[Polygon] = [as_polygon(footprints[key]) for key in self.ids]
        self._finish()

    def _finish(self) -> None:
        self._position = {key: position for position, key in enumerate(self.ids)}
        self._polygon_array = numpy.asarray(self.polygons, dtype=object)
        self._tree = STRtree(self.polygons)

    @classmethod
    def for_structures(cls, structures: Mapping[str, object]) -> "StructureIndex":
        """Index a siege's ``structures`` mapping (id -> Structure)."""
        index = cls.__new__(cls)
        index.ids = list(structures)
        index.polygons = shapes_of(structures.values())  # valid: no as_polygon again
        index._finish()
        return index

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
        vectorised distance call for all of them. The distances are what costs: an excluded
        structure is never measured.
        """
        found: dict[str, list[tuple[str, float]]] = {key: [] for key in structure_ids}
        if not structure_ids:
            return found
        positions = numpy.asarray([self._position[key] for key in structure_ids])
        polygons = self._polygon_array
        # Candidates by bounding box grown by the distance, then one vectorised distance call
        # decides: cheaper than a "dwithin" query, which measures each pair once to filter
        # and would have them measured again for the distances we report.
        bounds = shapely.bounds(polygons[positions])
        grown = shapely.box(bounds[:, 0] - distance_m, bounds[:, 1] - distance_m,
                            bounds[:, 2] + distance_m, bounds[:, 3] + distance_m)
        sources, targets = self._tree.query(grown)
        if excluding:
            unwanted = numpy.zeros(len(self.ids), dtype=bool)
            # An id the index does not hold is no neighbour anyway.
            position = self._position
            unwanted[[position[key] for key in excluding if key in position]] = True
            wanted = ~unwanted[targets]
            sources, targets = sources[wanted], targets[wanted]
        source_positions = positions[sources]
        distances = shapely.distance(polygons[source_positions], polygons[targets])
        close = distances <= distance_m
        sources, targets, distances = sources[close], targets[close], distances[close]
        if len(found) < len(structure_ids):  # an id asked for twice: its pairs twice
            for source, target, distance in zip(positions[sources].tolist(), targets.tolist(),
                                                distances.tolist()):
                found[self.ids[source]].append((self.ids[target], distance))
            for pairs in found.values():
                pairs.sort()
            return found
        # Sorted by source, then by the neighbour's id (each neighbour once a source), in
        # numpy; the pairs are then made a source at a time, in C.
        order = numpy.lexsort((self._id_rank()[targets], sources))
        neighbour_ids = self._id_array()[targets[order]].tolist()
        distances = distances[order].tolist()
        ends = numpy.cumsum(numpy.bincount(sources, minlength=len(structure_ids))).tolist()
        start = 0
        for key, end in zip(structure_ids, ends):
            if end > start:
                found[key] = list(zip(neighbour_ids[start:end], distances[start:end]))
                start = end
        return found

    def _id_rank(self) -> numpy.ndarray:
        """Each footprint's place in the ids' sorted order (made once per index)."""
        rank = getattr(self, "_rank", None)
        if rank is None:
            rank = numpy.empty(len(self.ids), dtype=numpy.int64)
            rank[sorted(range(len(self.ids)), key=self.ids.__getitem__)] = numpy.arange(
                len(self.ids))
            self._rank = rank
        return rank

    def _id_array(self) -> numpy.ndarray:
        """The ids as a numpy array of objects (made once per index)."""
        array = getattr(self, "_ids_array", None)
        if array is None:
            array = self._ids_array = numpy.asarray(self.ids, dtype=object)
        return array

    def in_bounds(self, bounds: tuple[float, float, float, float]) -> list[str]:
        """Structures whose bounding box meets ``(minx, miny, maxx, maxy)``: candidates only."""
        return [self.ids[i] for i in sorted(self._tree.query(shapely.box(*bounds)))]
