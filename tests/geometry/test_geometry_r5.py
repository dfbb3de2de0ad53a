"""RULINGS R5: a structure is named by the 10 m square holding the largest part of it (ties:
the north-west-most); squares holding more than a quarter of it are listed too; an imported
town never gets a negative square label."""

from __future__ import annotations

from shapely.geometry import box

from siegeboard.geometry.squares import (
    naming_squares,
    north_west_anchor,
    squares_text,
    structure_squares_label,
)


def test_a_rectangle_over_m18_m19_is_named_there_not_by_its_north_west_corner():
    # M is column 12 and row 18 is row 17: its north-west corner is in L17, the rest over
    # M18-M19.
    footprint = box(119.5, 169.5, 129.5, 189.5)
    square, listed = naming_squares(footprint)
    assert square == (12, 17)
    assert structure_squares_label(footprint) == "M18-M19"


def test_the_keep_mostly_in_e4_f4_is_e4_f4_not_e3():
    keep = box(42.0, 29.0, 58.0, 39.5)  # a sliver in E3/F3, the rest in E4 and F4
    assert naming_squares(keep)[0] == (4, 3)
    assert structure_squares_label(keep) == "E4-F4"


def test_ties_go_to_the_north_west_most_square():
    # Four equal quarters: named by the north-west one; none of the others holds *more*
    # than a quarter, so none is listed.
    assert naming_squares(box(45, 35, 55, 45)) == ((4, 3), [(4, 3)])
    assert naming_squares(box(45, 32, 55, 38)) == ((4, 3), [(4, 3), (5, 3)])  # halves
    assert structure_squares_label(box(45, 32, 55, 38)) == "E4-F4"


def test_a_quarter_is_not_enough_more_than_a_quarter_is():
    assert structure_squares_label(box(40, 30, 50, 40)) == "E4"
    assert structure_squares_label(box(42.5, 30, 52.5, 40)) == "E4"       # F4: 25 %, not more
    assert structure_squares_label(box(42.4, 30, 52.4, 40)) == "E4"       # F4: 24 %
    assert structure_squares_label(box(42.6, 30, 52.6, 40)) == "E4-F4"    # F4: 26 %


def test_an_l_shape_lists_its_squares_in_reading_order():
    from shapely.geometry import Polygon

    ell = Polygon([(41, 31), (59, 31), (59, 39), (49, 39), (49, 49), (41, 49)])
    assert structure_squares_label(ell) == "E4, F4, E5"


def test_squares_text_with_the_anchor():
    anchor = (40.0, 30.0)  # A1 is the square E4 was
    assert squares_text([(4, 3), (5, 3)], (0.0, 0.0), anchor) == "A1-B1"
    assert squares_text([(4, 3), (4, 4), (4, 5)], (0.0, 0.0), anchor) == "A1-A3"
    assert squares_text([(4, 3), (6, 3)], (0.0, 0.0), anchor) == "A1, C1"


def test_the_north_west_anchor_is_the_north_west_most_point():
    assert north_west_anchor([(5, -40), (-32, 7), (10, 10)]) == (-32, -40)
    assert north_west_anchor([]) is None
