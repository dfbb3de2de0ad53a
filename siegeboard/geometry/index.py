"""One STRtree per siege: which structures are near a point, a box or another footprint."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.strtree import STRtree

from siegeboard.geometry.footprint import as_polygon


class StructureIndex:
    """A spatial index over structure footprints, by id.

    Built once per set of footprints; the rules engine asks it for candidates so that a
    blast or a spread check looks only at nearby structures. Footprints are kept so callers
    can refine candidates exactly.
    """

    def __init__(self, footprints: Mapping[str, Sequence[tuple[float, float]] | Polygon]):
        self.ids: list[str] = list(footprints)
        self.polygons: list[Polygon] = [as_polygon(footprints[key]) for key in self.ids]
        self._position = {key: position for position, key in enumerate(self.ids)}
        self._tree = STRtree(self.polygons)

    @classmethod
    def for_structures(cls, structures: Mapping[str, object]) -> "StructureIndex":
        """Index a siege's ``structures`` mapping (id -> Structure)."""
        return cls({key: structure.footprint for key, structure in structures.items()})

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

    def in_bounds(self, bounds: tuple[float, float, float, float]) -> list[str]:
        """Structures whose bounding box meets ``(minx, miny, maxx, maxy)``: candidates only."""
        return [self.ids[i] for i in sorted(self._tree.query(shapely.box(*bounds)))]

    def all_ids(self) -> Iterable[str]:
        return iter(self.ids)
