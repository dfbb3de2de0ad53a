"""The table's squares found for every structure at once are the squares found one by one."""

from __future__ import annotations

import random

import pytest
from bench.town import build_town  # tests/ is on the path (rootdir-based packages)
from shapely.geometry import Polygon

from siegeboard.geometry import StructureIndex, shape_of
from siegeboard.geometry.squares import (
    first_squares,
    naming_squares,
    naming_squares_many,
    squares_overlapped,
)
from siegeboard.report.table import structure_rows, structure_square, structure_square_text
from siegeboard.rules.build import new_structure
from siegeboard.rules.registry import ruleset_of

SLIVER = Polygon([(9.0, 0.0), (11.0, 0.0), (11.0, 1e-10), (9.0, 1e-10)])


def odd_footprints(seed: int = 5) -> list[Polygon]:
    """Footprints on square lines, across corners, with courtyards, far west and north."""
    rng = random.Random(seed)
    shapes = [SLIVER,
              Polygon([(0, 0), (10, 0), (10, 10), (0, 10)]),        # exactly one square
              Polygon([(10, 10), (20, 10), (20, 12), (10, 12)]),    # its west edge on a line
              Polygon([(-15, -3), (25, -3), (25, 33), (-15, 33)],   # a courtyard in the middle
                      [[(-10, 1), (20, 1), (20, 29), (-10, 29)]]),
              Polygon([(5, 5), (15, 5), (5, 15)])]                  # a triangle over a corner
    # Boxes that enter their first square by a hair: under, near and over OVERLAP_M2 (1e-9).
    for far in (0.0, 90_000.0):
        for hair in (1e-10, 1.2e-10, 1.25e-10, 1.3e-10, 2.5e-10, 3e-10, 1e-6):
            x = far + 10 - hair
            shapes.append(Polygon([(x, 1), (x + 8, 1), (x + 8, 9), (x, 9)]))
            shapes.append(Polygon([(x, 1), (x, 9), (x + 8, 9), (x + 8, 1)]))  # turned the other way
    shapes += [Polygon([(0, 0), (8, 0), (8, 0), (8, 12), (0, 0)]),      # a corner repeated
               Polygon([(5, 5), (15, 4), (16, 14), (4, 15)])]            # a box turned a little
    for _ in range(300):
        x, y = rng.uniform(-60, 60), rng.uniform(-60, 60)
        w, h = rng.choice((0.5, 2, 9.999, 10, 10.001, 23)), rng.choice((0.5, 4, 10, 31))
        shapes.append(Polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)]))
    return shapes


@pytest.mark.parametrize("origin", [(0.0, 0.0), (3.5, -7.25)])
def test_first_squares_are_the_first_squares_overlapped_one_by_one(origin):
    class Shape:
        def __init__(self, polygon):
            self.footprint = list(polygon.exterior.coords)[:-1]
            self.holes = [list(ring.coords)[:-1] for ring in polygon.interiors]

    shapes = odd_footprints()
    assert first_squares(shapes, origin) == [
        min(squares_overlapped(shape, origin), key=lambda s: (s[1], s[0])) for shape in shapes]
    assert first_squares([], origin) == []


@pytest.mark.parametrize("origin", [(0.0, 0.0), (3.5, -7.25)])
def test_naming_squares_at_once_are_the_naming_squares_one_by_one(origin):
    class Shape:
        def __init__(self, polygon):
            self.footprint = list(polygon.exterior.coords)[:-1]
            self.holes = [list(ring.coords)[:-1] for ring in polygon.interiors]

    shapes = [shape for shape in odd_footprints() if shape.area > 1e-6]
    many = naming_squares_many(shapes, origin)
    assert many == [naming_squares(shape, origin) for shape in shapes]
    assert [square for square, _ in many] == [structure_square(Shape(shape), origin)
                                              for shape in shapes]
    assert naming_squares_many([], origin) == []


def test_rows_from_the_index_are_the_rows_without_it():
    siege = build_town(600)
    siege.structures["yard"] = new_structure(
        "harris", "townhouse", "yard", [(-40, -40), (-10, -40), (-10, -10), (-40, -10)],
        holes=[[(-35, -35), (-15, -35), (-15, -15), (-35, -15)]])
    index = StructureIndex.for_structures(siege.structures)
    rows = structure_rows(siege, index)
    assert rows == structure_rows(siege)
    squares = {row["id"]: row["square"] for row in rows}
    assert len(squares) == 601

    for key in ("yard", "house0", "wall0_0", "tower2"):
        structure = siege.structures[key]
        assert squares[key] == structure_square_text(structure, siege.grid_origin,
                                                     siege.label_anchor)
    assert index.polygon("yard").equals(shape_of(siege.structures["yard"]))
    # The index's polygon gives the squares the structure's own footprint gives (H1: its
    # courtyard counts for none of them).
    yard = next(row for row in rows if row["id"] == "yard")
    assert yard["squares"] == (900 - 400) // 4
    assert yard["squares"] == ruleset_of(siege).table_figures(siege.structures["yard"])["squares"]


def test_shapes_made_in_bulk_are_the_shapes_made_one_by_one():
    from siegeboard.geometry.footprint import shapes_of

    siege = build_town(300)
    siege.structures["yard"] = new_structure(
        "harris", "townhouse", "yard", [(-40, -40), (-10, -40), (-10, -10), (-40, -10)],
        holes=[[(-35, -35), (-15, -35), (-15, -15), (-35, -15)]])
    siege.structures["ell"] = new_structure(
        "harris", "townhouse", "ell", [(0, -30), (20, -30), (20, -20), (10, -20), (10, -10),
                                       (0, -10)])
    structures = list(siege.structures.values())
    bulk = shapes_of(structures)
    one_by_one = [shape_of(structure) for structure in structures]
    assert [shape.wkb for shape in bulk] == [shape.wkb for shape in one_by_one]
    assert shapes_of([]) == []


def test_a_footprint_the_bulk_cannot_make_is_refused_as_one_by_one():
    from siegeboard.geometry.footprint import shapes_of

    class Bowtie:
        footprint = [(0, 0), (10, 10), (10, 0), (0, 10)]
        holes = ()

    with pytest.raises(ValueError, match="not a simple polygon"):
        shapes_of([Bowtie()])
