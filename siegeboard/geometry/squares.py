"""The 10 m squares: which square a point is in, their labels, and H6's ``squares_away``.

Map metres have x to the east and y to the south (down the plan, as on the image). A 10 m
square is 5 x 5 grid cells; squares and the 2 m grid share the siege's grid origin (R0b).
Column 0 is "A", row 0 is "1". Labels count from the siege's label anchor: the square that
holds the anchor point is A1 (``label_at``, ``anchor_square``); with no anchor, the square at
the origin is.
"""

from __future__ import annotations

import math
import re
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


_LABEL = re.compile(r"^\s*(-?)([A-Za-z]+)\s*(-?\d+)\s*$")


def square_named(label: str, origin: tuple[float, float] = (0.0, 0.0),
                 anchor: tuple[float, float] | None = None) -> Square | None:
    """The square (columns and rows from the grid's origin) whose label is ``label``
    ("D6", "d6", "AA12", "-B3"), counted from the label ``anchor`` as ``label_of`` counts:
    ``label_of(square_named(text)) == text`` in capitals. None when ``label`` is not one."""
    match = _LABEL.match(label)
    if match is None:
        return None
    sign, letters, number = match.groups()
    column = 0
    for letter in letters.upper():
        column = column * 26 + ord(letter) - ord("A") + 1
    column -= 1
    if sign:
        column = -column - 1
    row = int(number)
    if row == 0:
        return None
    row = row - 1 if row > 0 else row
    a1 = anchor_square(origin, anchor)
    return (column + a1[0], row + a1[1])


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


def _clipped_areas(shapes: numpy.ndarray, columns: numpy.ndarray, rows: numpy.ndarray,
                   origin: tuple[float, float]) -> numpy.ndarray:
    """The area of each of ``shapes`` inside square (``columns[i]``, ``rows[i]``): every pair
    clipped in one vectorised shapely call instead of one call per square."""
    column_array = numpy.asarray(columns, dtype=float)
    row_array = numpy.asarray(rows, dtype=float)
    # The same corners as square_box, computed the same way, so the clipping is identical.
    x0 = origin[0] + column_array * SQUARE_M
    y0 = origin[1] + row_array * SQUARE_M
    cells = shapely.box(x0, y0, x0 + SQUARE_M, y0 + SQUARE_M)
    return shapely.area(shapely.intersection(shapes, cells))


def _overlapping(shapes: numpy.ndarray, columns: numpy.ndarray, rows: numpy.ndarray,
                 origin: tuple[float, float]) -> numpy.ndarray:
    """Whether each of ``shapes`` overlaps square (``columns[i]``, ``rows[i]``) with positive
    area, as ``squares_overlapped`` decides."""
    return _clipped_areas(shapes, columns, rows, origin) > OVERLAP_M2


class _SquaresUnder:
    """The squares under each footprint's bounding box: ``alone[position]`` for a footprint
    wholly inside one square (it needs no clipping), else one (``owners``, ``columns``,
    ``rows``) entry per square its box reaches, to be clipped together."""

    def __init__(self, footprints: Sequence[Polygon], origin: tuple[float, float]):
        self.footprints = numpy.asarray(footprints, dtype=object)
        self.alone: dict[int, Square] = {}
        self.owners: list[int] = []
        self.columns: list[int] = []
        self.rows: list[int] = []
        if not len(footprints):
            return
        for position, (minx, miny, maxx, maxy) in enumerate(
                shapely.bounds(self.footprints).tolist()):
            first_col, first_row = square_of((minx, miny), origin)
            last_col, last_row = square_of((maxx, maxy), origin)
            if first_col == last_col and first_row == last_row:
                self.alone[position] = (first_col, first_row)
                continue
            for column in range(first_col, last_col + 1):
                for row in range(first_row, last_row + 1):
                    self.owners.append(position)
                    self.columns.append(column)
                    self.rows.append(row)

    def clipped_areas(self, origin: tuple[float, float]) -> list[float]:
        """The area of each entry's footprint inside its square."""
        if not self.owners:
            return []
        shapes = self.footprints[numpy.asarray(self.owners)]
        return _clipped_areas(shapes, numpy.asarray(self.columns), numpy.asarray(self.rows),
                              origin).tolist()


def squares_overlapped_many(footprints: Sequence[Polygon],
                            origin: tuple[float, float] = (0.0, 0.0)) -> list[list[Square]]:
    """``list(squares_overlapped(footprint, origin))`` for each footprint, the same answers.

    The footprints must be valid polygons (as a ``StructureIndex`` holds them). Every
    (footprint, square) pair under the footprints' boxes is clipped in one vectorised
    shapely call instead of one call per square, which is what makes a blast cheap.
    """
    found: list[list[Square]] = [[] for _ in footprints]
    under = _SquaresUnder(footprints, origin)
    for position, square in under.alone.items():
        found[position].append(square)
    for owner, column, row, area in zip(under.owners, under.columns, under.rows,
                                        under.clipped_areas(origin), strict=True):
        if area > OVERLAP_M2:
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


def _axis_boxes(shapes: numpy.ndarray, minx, miny, maxx, maxy) -> numpy.ndarray:
    """Which of ``shapes`` are rectangles with sides along the axes (as footprints drawn on
    the grid are): four corners, each on a corner of the box, each side along one axis."""
    boxes = numpy.zeros(len(shapes), dtype=bool)
    four = numpy.flatnonzero((shapely.get_num_coordinates(shapes) == 5)
                             & (shapely.get_num_interior_rings(shapes) == 0))
    if not four.size:
        return boxes
    corners = shapely.get_coordinates(shapes[four]).reshape(len(four), 5, 2)
    xs, ys = corners[:, :, 0], corners[:, :, 1]
    on_box = (((xs == minx[four, None]) | (xs == maxx[four, None]))
              & ((ys == miny[four, None]) | (ys == maxy[four, None]))).all(axis=1)
    # Each side moves along exactly one axis: no corner repeated, none crossed diagonally.
    along = ((xs[:, 1:] != xs[:, :-1]) != (ys[:, 1:] != ys[:, :-1])).all(axis=1)
    boxes[four] = on_box & along
    return boxes


def first_squares(footprints: Sequence[Polygon],
                  origin: tuple[float, float] = (0.0, 0.0)) -> list[Square]:
    """For each footprint (valid polygons, as a ``StructureIndex`` holds them), the first
    10 m square it overlaps reading north to south, west to east: the same answers as
    ``min(squares_overlapped(footprint, origin), key=lambda s: (s[1], s[0]))``, found in
    vectorised calls (a table of 50,000 structures sorts by it)."""
    if not footprints:
        return []
    shapes = numpy.asarray(footprints, dtype=object)
    minx, miny, maxx, maxy = shapely.bounds(shapes).T
    if not (numpy.isfinite(minx).all() and numpy.isfinite(maxx).all()
            and numpy.isfinite(miny).all() and numpy.isfinite(maxy).all()
            and all(math.isfinite(value) for value in origin)):
        square_of((math.nan, math.nan), origin)  # raises, saying what square_of says
    # square_of's arithmetic, on every box corner at once.
    first_col = numpy.floor((minx - origin[0]) / SQUARE_M).astype(numpy.int64)
    first_row = numpy.floor((miny - origin[1]) / SQUARE_M).astype(numpy.int64)
    width = numpy.floor((maxx - origin[0]) / SQUARE_M).astype(numpy.int64) - first_col + 1
    height = numpy.floor((maxy - origin[1]) / SQUARE_M).astype(numpy.int64) - first_row + 1
    cells = width * height
    column, row = first_col.copy(), first_row.copy()  # a footprint in one square: that one
    sliver = numpy.zeros(len(footprints), dtype=bool)
    boxes = _axis_boxes(shapes, minx, miny, maxx, maxy)
    # In rounds: each footprint's next square under its box in reading order, all decided at
    # once, until one overlaps; most overlap their first, so few are looked at twice.
    pending = numpy.flatnonzero(cells > 1)
    step = 0
    while pending.size:
        columns = first_col[pending] + step % width[pending]
        rows = first_row[pending] + step // width[pending]
        overlaps = numpy.zeros(len(pending), dtype=bool)
        # A rectangle along the axes overlaps a square by the product of the two overlaps:
        # clipped only where that is too near OVERLAP_M2 for float noise not to matter.
        x0 = origin[0] + columns.astype(float) * SQUARE_M
        y0 = origin[1] + rows.astype(float) * SQUARE_M
        across = (numpy.minimum(maxx[pending], x0 + SQUARE_M)
                  - numpy.maximum(minx[pending], x0))
        down = numpy.minimum(maxy[pending], y0 + SQUARE_M) - numpy.maximum(miny[pending], y0)
        area = numpy.where((across > 0) & (down > 0), across * down, 0.0)
        boxed = boxes[pending]
        overlaps[boxed] = area[boxed] > 2 * OVERLAP_M2
        unsure = ~boxed | ((area > 0) & (area <= 2 * OVERLAP_M2))
        if unsure.any():
            overlaps[unsure] = _overlapping(shapes[pending[unsure]], columns[unsure],
                                            rows[unsure], origin)
        column[pending[overlaps]] = columns[overlaps]
        row[pending[overlaps]] = rows[overlaps]
        last = step + 1 >= cells[pending]
        sliver[pending[~overlaps & last]] = True
        pending = pending[~(overlaps | last)]
        step += 1
    found = list(zip(column.tolist(), row.tolist(), strict=True))
    for position in numpy.flatnonzero(sliver).tolist():  # no square holds more than noise
        found[position] = _inner_square(footprints[position], origin)
    return found


# -- which squares are labelled when squares are small (the window and paper alike) ------------
LABEL_STRIDES = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)


def label_stride(square_size: float, every: float) -> int:
    """Label every n-th column and row of squares ``square_size`` wide (pixels or points):
    1 when they are large, then 2, 5, 10, 20, 50... as they shrink, so that labels stay at
    least ``every`` apart (a town seen whole still reads A1, K1, U1...). Counted from A1,
    the labelled squares are the same at every zoom that gives the same stride."""
    for stride in LABEL_STRIDES:
        if square_size * stride >= every:
            return stride
    return LABEL_STRIDES[-1]


# -- the square that names a structure (RULINGS R5) ---------------------------------------------
REACH_SHARE = 0.25  # R5: another square is listed when it holds more than a quarter of it


def _reading_order(square: Square) -> tuple[int, int]:
    """North to south, then west to east: (row, column)."""
    return square[1], square[0]


def _naming(shares: list[tuple[Square, float]]) -> tuple[Square, list[Square]]:
    """The naming square of a footprint from each square's area of it: the largest share
    (ties: the north-west-most, reading north first), and, in reading order, every square
    that holds more than ``REACH_SHARE`` of the whole (the naming square among them)."""
    total = sum(area for _, area in shares)
    best = min(shares, key=lambda share: (-share[1], _reading_order(share[0])))[0]
    # Areas within float noise of each other are a tie, not a win by the last bit.
    largest = max(area for _, area in shares)
    tied = [square for square, area in shares if largest - area <= max(OVERLAP_M2, largest * 1e-9)]
    best = min(tied, key=_reading_order) if tied else best
    reached = {square for square, area in shares if area > REACH_SHARE * total}
    reached.add(best)
    return best, sorted(reached, key=_reading_order)


def square_shares(footprint: PolygonLike,
                  origin: tuple[float, float] = (0.0, 0.0)) -> list[tuple[Square, float]]:
    """Each 10 m square ``footprint`` overlaps with positive area, with that area (m2)."""
    polygon = as_polygon(footprint)
    minx, miny, maxx, maxy = polygon.bounds
    first_col, first_row = square_of((minx, miny), origin)
    last_col, last_row = square_of((maxx, maxy), origin)
    if first_col == last_col and first_row == last_row:
        return [((first_col, first_row), polygon.area)]
    shares = []
    for column in range(first_col, last_col + 1):
        for row in range(first_row, last_row + 1):
            x0, y0 = origin[0] + column * SQUARE_M, origin[1] + row * SQUARE_M
            area = shapely.clip_by_rect(polygon, x0, y0, x0 + SQUARE_M, y0 + SQUARE_M).area
            if area > OVERLAP_M2:
                shares.append(((column, row), area))
    return shares or [(_inner_square(polygon, origin), polygon.area)]


def naming_squares(footprint: PolygonLike, origin: tuple[float, float] = (0.0, 0.0)
                   ) -> tuple[Square, list[Square]]:
    """R5: the square that names a structure (the one holding the largest part of its
    footprint; ties the north-west-most) and the squares listed with it (those holding more
    than a quarter of it, the naming one included), in reading order."""
    return _naming(square_shares(footprint, origin))


def naming_squares_many(footprints: Sequence[Polygon], origin: tuple[float, float] = (0.0, 0.0)
                        ) -> list[tuple[Square, list[Square]]]:
    """``naming_squares`` of each footprint (valid polygons, as a ``StructureIndex`` holds
    them), the same answers: a footprint inside one square needs no clipping, the others
    are clipped against their squares in one vectorised shapely call."""
    found: list[tuple[Square, list[Square]] | None] = [None] * len(footprints)
    under = _SquaresUnder(footprints, origin)
    for position, square in under.alone.items():
        found[position] = (square, [square])
    shares: dict[int, list[tuple[Square, float]]] = {}
    for owner, column, row, area in zip(under.owners, under.columns, under.rows,
                                        under.clipped_areas(origin), strict=True):
        if area > OVERLAP_M2:
            shares.setdefault(owner, []).append(((column, row), area))
    for position, answer in enumerate(found):
        if answer is None:
            own = shares.get(position) or [(_inner_square(footprints[position], origin),
                                            footprints[position].area)]
            found[position] = _naming(own)
    return found  # type: ignore[return-value]


def squares_text(squares: Sequence[Square], origin: tuple[float, float] = (0.0, 0.0),
                 anchor: tuple[float, float] | None = None) -> str:
    """The squares' labels as R5 lists them: "E4"; a run along one row or one column
    "E4-F4" (first and last); otherwise "E4, F4, E5" (in reading order)."""
    ordered = sorted(squares, key=_reading_order)
    labels = [label_of(square, origin, anchor) for square in ordered]
    if len(ordered) == 1:
        return labels[0]
    columns = {column for column, _ in ordered}
    rows = {row for _, row in ordered}
    in_a_row = len(rows) == 1 and max(columns) - min(columns) == len(ordered) - 1
    in_a_column = len(columns) == 1 and max(rows) - min(rows) == len(ordered) - 1
    if in_a_row or in_a_column:
        return f"{labels[0]}-{labels[-1]}"
    return ", ".join(labels)


def structure_squares_label(footprint: PolygonLike, origin: tuple[float, float] = (0.0, 0.0),
                            anchor: tuple[float, float] | None = None) -> str:
    """A structure's square as the GM calls it out (R5): the naming square, with the others
    it reaches by more than a quarter ("E4", "E4-F4", "E4, F4, E5"). The one function the
    Inspector, the table, the log and the snapshots name a structure's square with."""
    return squares_text(naming_squares(footprint, origin)[1], origin, anchor)


def structure_square_label(structure, origin: tuple[float, float] = (0.0, 0.0),
                           anchor: tuple[float, float] | None = None) -> str:
    """``structure_squares_label`` of a structure (anything with a ``footprint`` of corners
    and optional ``holes``): what the rules' log lines, the Inspector, the table and the
    snapshots call it. A footprint whose box lies in one square is named without geometry
    (a town of 10,000 houses is mostly such)."""
    xs = [x for x, _ in structure.footprint]
    ys = [y for _, y in structure.footprint]
    first = square_of((min(xs), min(ys)), origin)
    if first == square_of((max(xs), max(ys)), origin):
        return squares_text([first], origin, anchor)
    holes = getattr(structure, "holes", None) or ()
    return structure_squares_label(Polygon(structure.footprint, holes) if holes
                                   else structure.footprint, origin, anchor)


def north_west_anchor(points: Sequence[tuple[float, float]]) -> tuple[float, float] | None:
    """R0b/R5's default label anchor for what came in (a plan's corners, footprints): the
    north-west-most point, so that no square of it gets a negative label. None for none."""
    if not points:
        return None
    return (min(x for x, _ in points), min(y for _, y in points))
