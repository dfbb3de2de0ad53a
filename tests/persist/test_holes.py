"""Footprints with holes (courtyards): the model refuses bad ones; area, squares, distances,
split and merge follow the real shape (H1: the ground floor's area, courtyards excluded)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from siegeboard.geometry import StructureIndex, footprint_area, footprint_squares, shape_of
from siegeboard.geometry.squares import squares_overlapped
from siegeboard.model import SCHEMA_VERSION
from siegeboard.model.structure import Structure
from siegeboard.persist import read_siege
from siegeboard.persist.migrate import migrate
from siegeboard.rules.build import new_structure
from siegeboard.rules.edits import merged, rotated, split_in_two, translated

from .builders import MAP_MEMBER, png, write_raw

SQUARE_30 = [(0.0, 0.0), (30.0, 0.0), (30.0, 30.0), (0.0, 30.0)]
COURT_20 = [(5.0, 5.0), (25.0, 5.0), (25.0, 25.0), (5.0, 25.0)]


def keep(**changes) -> Structure:
    return new_structure("harris", "stone_house", "k1", SQUARE_30, holes=[COURT_20],
                         **changes)


def test_a_courtyard_is_no_part_of_the_area_the_squares_or_the_dp():
    castle = keep()
    # 900 m2 less the 400 m2 courtyard: 500 m2, 125 squares (H1); DP = AV x 125 x stories.
    assert footprint_area(shape_of(castle)) == 500
    assert footprint_squares(shape_of(castle)) == 125
    solid = new_structure("harris", "stone_house", "k2", SQUARE_30)
    assert castle.dp_original * 225 == solid.dp_original * 125


def test_a_blast_in_the_courtyard_is_not_inside_the_keep_and_spread_measures_from_walls():
    castle = keep()
    # A hut in the middle of the courtyard: 3 m from the courtyard's walls, not 0.
    hut = new_structure("harris", "timber_house", "h1",
                        [(12.0, 12.0), (18.0, 12.0), (18.0, 18.0), (12.0, 18.0)])
    index = StructureIndex.for_structures({"k1": castle, "h1": hut})
    assert index.at((15.0, 8.0)) == []  # the courtyard, not the keep
    assert index.at((2.0, 2.0)) == ["k1"]
    assert index.polygon("k1").distance(index.polygon("h1")) == pytest.approx(7.0)
    found = index.neighbours_within(["h1"], 10.0)["h1"]
    assert ("k1", pytest.approx(7.0)) in found
    assert index.neighbours_within(["h1"], 6.0)["h1"] == [("h1", 0.0)]


def test_the_10m_squares_of_a_ring_leave_out_the_empty_middle():
    ring = new_structure("harris", "stone_house", "r1", SQUARE_30,
                         holes=[[(1.0, 1.0), (29.0, 1.0), (29.0, 29.0), (1.0, 29.0)]])
    squares = set(squares_overlapped(shape_of(ring)))
    assert (1, 1) not in squares and len(squares) == 8


@pytest.mark.parametrize("hole, words", [
    ([(25.0, 5.0), (35.0, 5.0), (35.0, 10.0), (25.0, 10.0)], "not inside the footprint"),
    ([(5.0, 5.0), (6.0, 6.0), (5.0, 6.0), (6.0, 5.0)], "hole 1: is self-crossing"),
    ([(5.0, 5.0), (5.02, 5.0), (5.02, 6.0)], "hole 1: has a side of"),
    ([(0.0, 5.0), (10.0, 5.0), (10.0, 10.0), (0.0, 10.0)], "holes cross each other or the"),
])
def test_a_hole_outside_crossing_or_out_of_bounds_is_refused_in_plain_words(hole, words):
    with pytest.raises(ValidationError, match=words):
        Structure(id="k", name="Keep", kind="stone_house", armor=10, footprint=SQUARE_30,
                  holes=[hole])


def test_two_overlapping_holes_are_refused():
    with pytest.raises(ValidationError, match="holes cross each other"):
        Structure(id="k", name="Keep", kind="stone_house", armor=10, footprint=SQUARE_30,
                  holes=[COURT_20, [(20.0, 20.0), (28.0, 20.0), (28.0, 28.0), (20.0, 28.0)]])


def test_moving_and_turning_take_the_courtyard_along():
    castle = keep()
    moved = translated(castle, 10.0, -2.0)
    assert moved.holes[0][0] == (15.0, 3.0)
    turned = rotated(castle, 90, (15.0, 15.0))
    assert footprint_area(shape_of(turned)) == pytest.approx(500)
    assert shape_of(turned).equals(shape_of(castle))


def test_splitting_a_courtyard_keep_cuts_its_courtyard_and_merging_gives_it_back():
    castle = new_structure("harris", "stone_house", "k1",
                           [(0.0, 0.0), (40.0, 0.0), (40.0, 20.0), (0.0, 20.0)],
                           holes=[[(5.0, 5.0), (15.0, 5.0), (15.0, 15.0), (5.0, 15.0)],
                                  [(25.0, 5.0), (35.0, 5.0), (35.0, 15.0), (25.0, 15.0)]])
    first, second = split_in_two(castle, "a", "b")
    # Cut across the long axis at x = 20: each half keeps one courtyard.
    assert len(first.holes) == 1 and len(second.holes) == 1
    assert footprint_area(shape_of(first)) + footprint_area(shape_of(second)) == pytest.approx(600)
    whole = merged([first, second], "m")
    assert len(whole.holes) == 2
    assert footprint_area(shape_of(whole)) == pytest.approx(600)


def test_merging_a_ring_of_sections_around_a_yard_makes_a_courtyard():
    west = new_structure("harris", "stone_house", "w", [(0, 0), (2, 0), (2, 10), (0, 10)])
    east = new_structure("harris", "stone_house", "e", [(8, 0), (10, 0), (10, 10), (8, 10)])
    north = new_structure("harris", "stone_house", "n", [(2, 0), (8, 0), (8, 2), (2, 2)])
    south = new_structure("harris", "stone_house", "s", [(2, 8), (8, 8), (8, 10), (2, 10)])
    whole = merged([west, east, north, south], "m")
    assert len(whole.holes) == 1 and footprint_area(shape_of(whole)) == pytest.approx(64)


def test_a_version_6_file_opens_with_no_holes_no_projection_no_attribution(tmp_path):
    data_file = Path(__file__).parent / "data" / "siege_v6.json"
    data = json.loads(data_file.read_text(encoding="utf-8"))
    assert data["schema_version"] == 6 < SCHEMA_VERSION
    migrated, found = migrate(data)
    assert found == 6 and migrated["schema_version"] == SCHEMA_VERSION
    path = tmp_path / "old.siege"
    write_raw(path, {"siege.json": json.dumps(data).encode(), MAP_MEMBER: png()})
    opened = read_siege(path)
    assert opened.migrated_from == 6
    siege = opened.siege
    assert all(s.holes == [] for s in siege.structures.values())
    assert siege.projection is None and siege.attribution == []
