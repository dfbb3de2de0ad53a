"""The 10 m squares: which square a point is in, their labels, and H6's ``squares_away``.

Map metres have x to the east and y to the south (down the plan, as on the image). A 10 m
square is 5 x 5 grid cells; squares and the 2 m grid share the siege's grid origin (R0b).
Column 0 is "A", row 0 is "1". Labels count from the siege's label anchor: the square that
holds the anchor point is A1 (``label_at``, ``anchor_square``); with no anchor, the square at
the origin is.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

import numpy
import shapely
from shapely.geometry import Point, Polygon, box

from siegeboard.geometry.footprint import PolygonLike, as_polygon

SQUARE_M = 10.0
Square = tuple[int, int]  # (column, row)
PointLike = tuple[float, float] | Point  # every function taking a point takes either


def as_xy(point: PointLike) -> tuple[float, float]:
    """``(x, y)`` of a point given as a pair or as a shapely ``Point``."""
    if isinstance(point, Point):
        return point.x, point.y
    x, y = point
    return x, y


def square_of(point: PointLike, origin: tuple[float, float] = (0.0, 0.0)) -> Square:
    """The (column, row) of the 10 m square holding ``point``; a point on a line goes east/south."""
    x, y = as_xy(point)
    if not all(math.isfinite(value) for value in (x, y, *origin)):
        raise ValueError(f"point {point} (origin {origin}): coordinates must be finite numbers")
    return (math.floor((x - origin[0]) / SQUARE_M), math.floor((y - origin[1]) / SQUARE_M))


def column_letters(column: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA; negative columns (west of the origin) get a leading '-'."""
    if column < 0:
        return "-" + column_letters(-column - 1)
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def square_label(square: Square) -> str:
    """"A1" for (0, 0), "C4" for (2, 3); rows north of the origin count 0, -1, ..."""
    column, row = square
    return f"{column_letters(column)}{row + 1 if row >= 0 else row}"


def anchor_square(origin: tuple[float, float] = (0.0, 0.0),
                  anchor: tuple[float, float] | None = None) -> Square:
    """The square labelled A1 (R0b): the one holding the label ``anchor`` point, or the
    square at the grid's origin when the siege has no anchor yet."""
    return (0, 0) if anchor is None else square_of(anchor, origin)


def labelled_square(square: Square, a1: Square = (0, 0)) -> Square:
    """``square`` counted from the square ``a1`` that is labelled A1."""
    return (square[0] - a1[0], square[1] - a1[1])


def label_of(square: Square, origin: tuple[float, float] = (0.0, 0.0),
             anchor: tuple[float, float] | None = None) -> str:
    """The label of ``square`` (columns and rows from the grid's origin), counted from the
    label ``anchor``."""
    return square_label(labelled_square(square, anchor_square(origin, anchor)))


def label_at(point: PointLike, origin: tuple[float, float] = (0.0, 0.0),
             anchor: tuple[float, float] | None = None) -> str:
    """The label of the square holding ``point``: counted from the label ``anchor`` (R0b:
    moving the grid's origin aligns the lines, it does not rename the squares)."""
    return square_label(labelled_square(square_of(point, origin), anchor_square(origin, anchor)))


def square_box(square: Square, origin: tuple[float, float] = (0.0, 0.0)) -> Polygon:
    column, row = square
    x0, y0 = origin[0] + column * SQUARE_M, origin[1] + row * SQUARE_M
    return box(x0, y0, x0 + SQUARE_M, y0 + SQUARE_M)


OVERLAP_M2 = 1e-9  # less than this in a square is float noise along its edge, not overlap


def _inner_square(polygon: Polygon, origin: tuple[float, float]) -> Square:
    """H6's fallback: the square of a point inside the footprint. Used only when no square
    holds more than ``OVERLAP_M2`` of it (a sliver straddling a square line, which R4's
    0.25 m2 refuses): every footprint then still overlaps a square, and no blast fails."""
    point = polygon.representative_point()
    return square_of((point.x, point.y), origin)


def squares_overlapped(footprint: PolygonLike,
                       origin: tuple[float, float] = (0.0, 0.0)) -> Iterator[Square]:
    """The 10 m squares that ``footprint`` overlaps with positive area (an edge is not
    enough); never none (see ``_inner_square``)."""
    polygon = as_polygon(footprint)
    minx, miny, maxx, maxy = polygon.bounds
    first_col, first_row = square_of((minx, miny), origin)
    last_col, last_row = square_of((maxx, maxy), origin)
    if first_col == last_col and first_row == last_row:
        # Inside one square (most houses): its clip is the footprint itself, whose area R4
        # keeps above OVERLAP_M2; and the fallback's point would be in that square too.
        yield (first_col, first_row)
        return
    found = False
    for column in range(first_col, last_col + 1):
        for row in range(first_row, last_row + 1):
            x0, y0 = origin[0] + column * SQUARE_M, origin[1] + row * SQUARE_M
            # GEOS's rectangle clip: the same area as intersecting the square's box, 7x
            # faster (no box to build, no general overlay).
            if shapely.clip_by_rect(polygon, x0, y0, x0 + SQUARE_M, y0 + SQUARE_M).area \
                    > OVERLAP_M2:
                found = True
                yield (column, row)
    if not found:
        yield _inner_square(polygon, origin)


def chebyshev(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def squares_away(point: PointLike, footprint: PolygonLike,
                 origin: tuple[float, float] = (0.0, 0.0)) -> int:
    """H6: Chebyshev distance in 10 m squares from ``point``'s square to the nearest square the
    footprint overlaps with positive area. 0 means the burst's own square."""
    burst = square_of(point, origin)
    return min(chebyshev(burst, square) for square in squares_overlapped(footprint, origin))


def squares_overlapped_many(footprints: Sequence[Polygon],
                            origin: tuple[float, float] = (0.0, 0.0)) -> list[list[Square]]:
    """``list(squares_overlapped(footprint, origin))`` for each footprint, the same answers.

    The footprints must be valid polygons (as a ``StructureIndex`` holds them). Every
    (footprint, square) pair under the footprints' boxes is clipped in one vectorised
    shapely call instead of one call per square, which is what makes a blast cheap.
    """
    found: list[list[Square]] = [[] for _ in footprints]
    owners: list[int] = []
    columns: list[int] = []
    rows: list[int] = []
    all_bounds = shapely.bounds(numpy.asarray(footprints, dtype=object)).tolist()
    for position, (minx, miny, maxx, maxy) in enumerate(all_bounds):
        first_col, first_row = square_of((minx, miny), origin)
        last_col, last_row = square_of((maxx, maxy), origin)
        if first_col == last_col and first_row == last_row:
            # Wholly inside one square: its clip is the footprint itself, no need to clip.
            found[position].append((first_col, first_row))
            continue
        for column in range(first_col, last_col + 1):
            for row in range(first_row, last_row + 1):
                owners.append(position)
                columns.append(column)
                rows.append(row)
    if owners:
        column_array = numpy.asarray(columns, dtype=float)
        row_array = numpy.asarray(rows, dtype=float)
        # The same corners as square_box, computed the same way, so the clipping is identical.
        x0 = origin[0] + column_array * SQUARE_M
        y0 = origin[1] + row_array * SQUARE_M
        cells = shapely.box(x0, y0, x0 + SQUARE_M, y0 + SQUARE_M)
        shapes = numpy.asarray(footprints, dtype=object)[numpy.asarray(owners)]
        overlapping = shapely.area(shapely.intersection(shapes, cells)) > OVERLAP_M2
        for owner, column, row, overlaps in zip(owners, columns, rows, overlapping.tolist()):
            if overlaps:
                found[owner].append((column, row))
    for position, squares in enumerate(found):
        if not squares:  # no square holds more than float noise of it
            squares.append(_inner_square(footprints[position], origin))
    return found


def squares_away_many(point: PointLike, footprints: Sequence[Polygon],
                      origin: tuple[float, float] = (0.0, 0.0)) -> list[int]:
    """``squares_away(point, footprint, origin)`` for each footprint, the same answers, from
    ``squares_overlapped_many``."""
    burst_column, burst_row = square_of(point, origin)
    return [min(max(abs(burst_column - column), abs(burst_row - row)) for column, row in squares)
            for squares in squares_overlapped_many(footprints, origin)]
