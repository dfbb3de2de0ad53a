"""Geometry: H1 squares, H6 distance in 10 m squares, H12 wall sections, the index."""

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shapely.geometry import Point, box

from siegeboard.geometry import (
    StructureIndex,
    footprint_distance,
    footprint_squares,
    label_at,
    square_label,
    squares_away,
    wall_sections,
)


def test_footprint_squares_of_a_grid_rectangle():
    assert footprint_squares([(0, 0), (6, 0), (6, 4), (0, 4)]) == 6


def test_footprint_squares_never_below_one():
    assert footprint_squares([(0, 0), (1, 0), (1, 1), (0, 1)]) == 1


def test_half_squares_round_up():
    # 10 m2 = 2.5 squares -> 3
    assert footprint_squares([(0, 0), (5, 0), (5, 2), (0, 2)]) == 3


@given(st.sets(st.tuples(st.integers(0, 7), st.integers(0, 7)), min_size=1, max_size=30))
def test_grid_drawn_footprints_give_their_cell_count(cells):
    from shapely.ops import unary_union
    shape = unary_union([box(2 * x, 2 * y, 2 * x + 2, 2 * y + 2) for x, y in cells])
    for polygon in getattr(shape, "geoms", [shape]):
        count = sum(1 for x, y in cells
                    if polygon.contains(box(2 * x + .5, 2 * y + .5, 2 * x + 1.5, 2 * y + 1.5)))
        if polygon.interiors:
            continue
        assert footprint_squares(polygon) == count


def test_square_labels():
    assert square_label((0, 0)) == "A1"
    assert square_label((1, 0)) == "B1"
    assert square_label((26, 4)) == "AA5"


def test_squares_away_uses_chebyshev_and_positive_overlap():
    house = [(10, 20), (18, 20), (18, 28), (10, 28)]  # square B3 only
    assert squares_away((15, 25), house) == 0
    assert squares_away((5, 5), house) == 2
    touching = [(10, 0), (20, 0), (20, 10), (10, 10)]  # B1; only touches A1's edge
    assert squares_away((5, 5), touching) == 1


def test_a_point_may_be_a_shapely_point():
    house = [(10, 20), (18, 20), (18, 28), (10, 28)]
    assert squares_away(Point(5, 5), house) == squares_away((5, 5), house) == 2
    assert label_at(Point(15, 25)) == label_at((15, 25)) == "B3"
    assert squares_away(Point(12, 12), house, origin=(5, 5)) == 1


def test_squares_away_honours_the_grid_origin():
    house = [(3, 3), (7, 3), (7, 7), (3, 7)]
    assert squares_away((12, 12), house) == 1
    assert squares_away((12, 12), house, origin=(5, 5)) == 0


def test_wall_of_30_m_cut_into_three_sections():
    sections = wall_sections([(0, 0), (30, 0)], 2, 10)
    assert [round(s.length_m, 6) for s in sections] == [10, 10, 10]
    assert [footprint_squares(s.footprint) for s in sections] == [5, 5, 5]


def test_wall_rejects_bad_input():
    with pytest.raises(ValueError, match="thickness"):
        wall_sections([(0, 0), (10, 0)], 0, 4)
    with pytest.raises(ValueError, match="two points"):
        wall_sections([(0, 0)], 1, 4)


def test_footprint_distance_and_index():
    a = [(0, 0), (4, 0), (4, 4), (0, 4)]
    b = [(10, 0), (14, 0), (14, 4), (10, 4)]
    c = [(40, 0), (44, 0), (44, 4), (40, 4)]
    assert footprint_distance(a, b) == 6
    index = StructureIndex({"a": a, "b": b, "c": c})
    assert index.within_distance(index.polygon("a"), 10) == ["a", "b"]
    assert index.at((2, 2)) == ["a"]


def test_bad_geometry_gets_a_message_that_names_the_problem():
    with pytest.raises(ValueError, match="not a simple polygon"):
        footprint_squares([(0, 0), (4, 4), (4, 0), (0, 4)])  # a bow-tie: its area cancels to 0
    with pytest.raises(ValueError, match="not a simple polygon|no area"):
        footprint_squares([(0, 0), (2, 2), (4, 4)])  # a line, not an area
    with pytest.raises(ValueError, match="finite"):
        squares_away((float("nan"), 0), [(0, 0), (4, 0), (4, 4)])


def test_corners_that_make_a_side_under_5_cm_are_dropped():
    # R4: no side shorter than 5 cm; a digitised outline has such slivers of sides.
    from shapely.geometry import Polygon

    from siegeboard.geometry.footprint import without_short_sides
    jagged = Polygon([(0, 0), (4, 0), (4.02, 0.01), (4, 3), (0, 3), (0, 1.5), (0.01, 1.49)])
    tidy = without_short_sides(jagged)
    sides = [Point(a).distance(Point(b)) for a, b in pairwise(tidy.exterior.coords)]
    assert min(sides) >= 0.05
    assert abs(tidy.area - jagged.area) < 0.05
    square = Polygon([(0, 0), (1, 0), (1, 1), (0, 1)])
    assert without_short_sides(square).equals(square)


@given(st.lists(st.tuples(st.floats(-40, 40), st.floats(-40, 40), st.floats(0.6, 25),
                          st.floats(0.6, 25)), min_size=1, max_size=12),
       st.tuples(st.floats(-5, 5), st.floats(-5, 5)))
def test_squares_overlapped_many_gives_each_footprint_its_own_squares(boxes, origin):
    from siegeboard.geometry import squares_overlapped, squares_overlapped_many

    footprints = [box(x, y, x + w, y + h) for x, y, w, h in boxes]
    assert squares_overlapped_many(footprints, origin) == [
        list(squares_overlapped(footprint, origin)) for footprint in footprints]
