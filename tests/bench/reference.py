"""Naive references for the benchmarks: the same answers as the engine, without the index.

``naive_blast`` loops over every structure of the siege one by one with shapely
(``squares_away`` per footprint), as a program without a spatial index would. ``NaiveIndex``
answers the engine's spatial questions by checking every footprint (shapely, vectorised per
query, so the 50,000-structure minute finishes): run the engine with it to get the naive
minute of clock, whose outcome must equal the indexed one.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy
import shapely
from shapely.geometry import Point

from siegeboard.geometry import StructureIndex, squares_away
from siegeboard.geometry.index import NeighbourPairs
from siegeboard.model import Siege
from siegeboard.rules import harris


def naive_blast(siege: Siege, polygons: dict, point: tuple[float, float],
                weapon_id: str) -> tuple[str | None, dict[str, int]]:
    """(the struck structure, {structure id: concussion lost}) of an HE round at ``point``,
    by looking at every structure in turn: the struck one is the footprint holding the point
    (nearest centre first, as the engine picks), the others lose concussion by H6."""
    weapon = siege.weapons[weapon_id]
    where = Point(point)
    under = [key for key, polygon in polygons.items() if polygon.intersects(where)]
    under.sort(key=lambda key: (polygons[key].centroid.distance(where), key))
    struck = under[0] if under else None
    falloff = siege.options.concussion_falloff
    lost: dict[str, int] = {}
    for key, polygon in polygons.items():
        if key == struck or siege.structures[key].dp == 0:
            continue
        amount = harris.concussion_at(weapon.concussion,
                                      squares_away(point, polygon, siege.grid_origin),
                                      falloff=falloff)
        if amount:
            lost[key] = amount
    return struck, lost


def engine_blast(outcome) -> tuple[str | None, dict[str, int]]:
    """The same pair read from an engine outcome's events."""
    struck = next((event.structure_id for event in outcome.events if event.kind == "hit"), None)
    lost = {event.structure_id: event.detail["concussion"] for event in outcome.events
            if event.kind == "concussion"}
    return struck, lost


class NaiveIndex(StructureIndex):
    """A StructureIndex that never uses its tree: every query checks every footprint."""

    def __init__(self, index: StructureIndex):
        # Share the footprints already built; only the queries differ.
        self.ids = index.ids
        self.polygons = index.polygons
        self._position = index._position
        self._polygon_array = numpy.asarray(self.polygons, dtype=object)

    def at(self, point):
        where = Point(point)
        hits = shapely.intersects(self._polygon_array, where)
        found = [key for key, hit in zip(self.ids, hits, strict=True) if hit]
        return sorted(found, key=lambda key: (self.polygon(key).centroid.distance(where), key))

    def intersecting(self, geometry):
        hits = shapely.intersects(self._polygon_array, geometry)
        return [key for key, hit in zip(self.ids, hits, strict=True) if hit]

    def within_distance(self, geometry, distance_m):
        hits = shapely.dwithin(self._polygon_array, geometry, distance_m)
        return [key for key, hit in zip(self.ids, hits, strict=True) if hit]

    def in_bounds(self, bounds):
        hits = shapely.intersects(shapely.envelope(self._polygon_array), shapely.box(*bounds))
        return [key for key, hit in zip(self.ids, hits, strict=True) if hit]

    def neighbours_within(self, structure_ids: Sequence[str], distance_m: float, *,
                          excluding=()):
        unwanted = set(excluding)
        found = {}
        for key in structure_ids:
            polygon = self.polygon(key)
            hits = numpy.flatnonzero(shapely.dwithin(self._polygon_array, polygon, distance_m))
            distances = shapely.distance(polygon, self._polygon_array[hits]).tolist()
            found[key] = sorted((other, distance) for other, distance
                                in zip((self.ids[i] for i in hits.tolist()), distances, strict=True)
                                if other not in unwanted)
        return found

    def pairs_within(self, structure_ids: Sequence[str], distance_m: float, *, wanted=None):
        starts, targets, sources, distances = [0], [], [], []
        for key in structure_ids:
            polygon = self.polygon(key)
            hits = numpy.flatnonzero(shapely.dwithin(self._polygon_array, polygon, distance_m))
            if wanted is not None:
                hits = hits[wanted[hits]]
            measured = shapely.distance(polygon, self._polygon_array[hits]).tolist()
            ordered = sorted(zip((self.ids[i] for i in hits.tolist()), hits.tolist(), measured,
                                 strict=True))
            targets += [position for _, position, _ in ordered]
            distances += [distance for _, _, distance in ordered]
            sources += [self._position[key]] * len(ordered)
            starts.append(len(targets))
        return NeighbourPairs(starts, numpy.asarray(targets, dtype=numpy.intp),
                              numpy.asarray(sources, dtype=numpy.intp),
                              numpy.asarray(distances, dtype=float), self._polygon_array)
