"""Footprints as shapely polygons: area, 2 m squares (H1), footprint distances (H9)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import cast

import numpy
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from siegeboard.model.bounds import SIDE_MIN_M
from siegeboard.model.numbers import round_half_up

GRID_M = 2.0
CELL_AREA_M2 = GRID_M * GRID_M

PolygonLike = Polygon | Sequence[tuple[float, float]]


def without_short_sides(polygon: Polygon, min_side: float = SIDE_MIN_M) -> Polygon:
    """``polygon`` with the corners dropped that make a side shorter than ``min_side`` (R4),
    as drawn by hand or digitised (a cave wall's buffer, a footprint traced point by point);
    the polygon itself when dropping them would leave no valid polygon."""
    # A hair over the bound: a side exactly at it after float noise must not slip under.
    try:
        tidy = shapely.remove_repeated_points(polygon, tolerance=min_side * (1 + 1e-6))
    except shapely.errors.GEOSException:  # GEOS refuses a ring it would leave under 3 points
        return polygon
    if tidy.geom_type != "Polygon" or tidy.is_empty or not tidy.is_valid:
        return polygon
    return tidy


def as_polygon(footprint: PolygonLike) -> Polygon:
    """A valid, non-empty shapely polygon, or ``ValueError`` saying what is wrong."""
    polygon = footprint if isinstance(footprint, Polygon) else Polygon(footprint)
    if polygon.is_empty:
        raise ValueError("footprint is empty: it has no corners")
    # Validity before area: a bow-tie's two halves cancel out to area 0, and "self-crossing"
    # is what the GM needs to hear about it.
    if not polygon.is_valid:
        raise ValueError(f"footprint is not a simple polygon: {shapely.is_valid_reason(polygon)}")
    if polygon.area <= 0:
        raise ValueError("footprint is empty: it has no area")
    return polygon


def shape_of(structure) -> Polygon:
    """A structure's footprint with its holes (courtyards) as one shapely polygon: what
    every area, square and distance is measured on, so courtyards count for none of them."""
    holes = getattr(structure, "holes", None) or ()
    return as_polygon(Polygon(structure.footprint, holes) if holes else structure.footprint)


def shapes_of(structures: Iterable) -> list[Polygon]:
    """``[shape_of(s) for s in structures]``, the same polygons made in bulk: footprints of
    the same number of corners and no holes in one shapely call each, checked in one call
    (a city of 50,000 houses is mostly four-cornered). Raises what ``shape_of`` raises."""
    structures = list(structures)
    shapes: list[Polygon | None] = [None] * len(structures)
    by_corners: dict[int, list[int]] = {}
    for position, structure in enumerate(structures):
        if getattr(structure, "holes", None) or not structure.footprint:
            shapes[position] = shape_of(structure)
        else:
            by_corners.setdefault(len(structure.footprint), []).append(position)
    for corners, positions in by_corners.items():
        rings = numpy.asarray([structures[position].footprint for position in positions],
                              dtype=float)
        made: list[Polygon]
        if rings.shape != (len(positions), corners, 2):  # not all pairs: shape_of says why
            made = [shape_of(structures[position]) for position in positions]
        else:
            # an array of rings gives an array of polygons (the stubs also allow one polygon)
            made = numpy.asarray(shapely.polygons(shapely.linearrings(rings))).tolist()
            sound = shapely.is_valid(made) & (shapely.area(made) > 0)
            for at in numpy.flatnonzero(~sound).tolist():
                made[at] = shape_of(structures[positions[at]])  # raises, naming the fault
        for position, polygon in zip(positions, made, strict=True):
            shapes[position] = polygon
    return cast(list[Polygon], shapes)  # every position is filled by now


def holes_of(polygon: Polygon) -> list[list[tuple[float, float]]]:
    """The holes of a shapely polygon as footprint rings (no closing point), rounded to
    1e-9 m as ``rules.edits.ring_of`` rounds the outer ring."""
    return [[(round(x, 9), round(y, 9)) for x, y in list(ring.coords)[:-1]]
            for ring in polygon.interiors]


def footprint_area(footprint: PolygonLike) -> float:
    """Area in square metres."""
    return as_polygon(footprint).area


def footprint_squares(footprint: PolygonLike) -> int:
    """H1: 2 m grid squares covered = max(1, round_half_up(area / 4)).

    A footprint drawn on the grid gives exactly its cell count.
    """
    return squares_of_area(as_polygon(footprint).area)


def squares_of_area(area_m2: float) -> int:
    """H1's squares of a footprint of ``area_m2`` (already known to be valid, e.g. a polygon
    of a ``StructureIndex``): ``footprint_squares`` without making and checking it again."""
    # Areas of grid-drawn shapes are exact multiples of 4 up to float noise; 1e-9 keeps a
    # 4.000000000001 from becoming 2 squares and leaves true halves (x.5) to round half up.
    return max(1, round_half_up(round(area_m2 / CELL_AREA_M2, 9)))


def footprint_distance(a: PolygonLike | BaseGeometry, b: PolygonLike | BaseGeometry) -> float:
    """H9: the shortest distance in metres between two footprints (0 when they touch)."""
    first = a if isinstance(a, BaseGeometry) else as_polygon(a)
    second = b if isinstance(b, BaseGeometry) else as_polygon(b)
    return first.distance(second)
