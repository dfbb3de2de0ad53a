"""Universal VTT import on two real Dungeondraft exports nobody on the team made
(tests/data/uvtt/NOTICE): counts, pixels, doors in their walls, cropped against uncropped."""

from __future__ import annotations

import json

import pytest
from shapely.geometry import LineString, Point

from siegeboard.model.numbers import round_half_up
from siegeboard.persist import read_siege, write_siege
from siegeboard.persist.formats import FIVE_FEET_M, ImportOptions, import_map

from .uvtt_files import (
    CROPPED,
    OGANM,
    distance_px,
    end_caps_px,
    footprint,
    long_axis,
    plan_pixel,
    uncropped_copy,
    wall_sections_of,
)

REAL_FILES = [CROPPED, OGANM]


def file_data(path):
    return json.loads(path.read_text())


@pytest.fixture(scope="module")
def imported():
    return {path: import_map(path, ImportOptions(objects=True)) for path in REAL_FILES}


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.stem)
def test_what_is_read_matches_the_file(imported, path):
    data = file_data(path)
    read = imported[path].report.read
    assert read["wall lines"] == len(data["line_of_sight"])
    assert read["object outlines"] == len(data["objects_line_of_sight"])
    assert read["portals"] == len(data["portals"])
    assert read["doors"] == sum(1 for p in data["portals"] if p["closed"])
    assert read["windows"] == sum(1 for p in data["portals"] if not p["closed"])


def test_the_cropped_sample_map_comes_in_whole():
    # 4 wall lines: the room (closed) and three pieces of the middle wall, cut by Dungeondraft
    # around a closed door (2.5-3.5) and an open window (8.62-9.38); the window keeps its
    # wall whole, so the two pieces beside it are one wall.
    result = import_map(CROPPED, ImportOptions(objects=True))
    made = result.report.made
    assert (made["walls"], made["doors"], made["objects"], made["plan"]) == (3, 1, 1, 1)
    assert "gates" not in made
    assert any("window (open portal 2)" in note and "whole" in note
               for note in result.report.notes)
    assert result.report.clipped == [] and result.report.skipped == []
    siege = result.siege
    assert siege.map.pixels_per_metre == pytest.approx(256 / FIVE_FEET_M)
    assert siege.map.offset == pytest.approx((2 * FIVE_FEET_M, 1 * FIVE_FEET_M))
    assert result.images[siege.map.member][:8] == b"\x89PNG\r\n\x1a\n"


def test_the_oganm_map_comes_in_whole(imported):
    result = imported[OGANM]
    made = result.report.made
    assert (made["walls"], made["doors"], made["objects"]) == (9, 3, 2)
    assert result.report.clipped == [] and result.report.skipped == []


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.stem)
def test_each_wall_end_lands_on_its_plan_pixel(imported, path):
    """Every open wall line's two ends, as the file puts them on the picture
    ((point - map_origin) x pixels_per_grid), against the sections' square ends taken from
    their metres through the plan's calibration: within half a pixel."""
    data = file_data(path)
    resolution = data["resolution"]
    origin, ppg = resolution["map_origin"], resolution["pixels_per_grid"]
    siege = imported[path].siege
    worst, checked = 0.0, 0
    for number, line in enumerate(data["line_of_sight"], start=1):
        if line[0] == line[-1]:
            continue  # a closed line has no ends
        sections = wall_sections_of(siege, number)
        assert sections, f"wall line {number} made no sections"
        caps = end_caps_px(siege, sections)
        for end in (line[0], line[-1]):
            expected = ((end["x"] - origin["x"]) * ppg, (end["y"] - origin["y"]) * ppg)
            error = min(distance_px(expected, cap) for cap in caps)
            if any(p["closed"] is False and end in p["bounds"] for p in data["portals"]):
                continue  # joined across a window: this end is inside the wall now
            worst, checked = max(worst, error), checked + 1
    assert checked >= 4
    print(f"{path.name}: {checked} wall ends, worst {worst:.2e} px")
    assert worst <= 0.5, f"a wall end is {worst:.3f} px off"


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.stem)
def test_each_door_sits_in_its_wall(imported, path):
    """A door touches the wall sections on both sides, overlaps neither, and lies on the
    wall's line (its centre line continues the walls' end segments)."""
    data = file_data(path)
    siege = imported[path].siege
    doors = [s for s in siege.structures.values() if s.kind == "wooden_door"]
    assert len(doors) == sum(1 for p in data["portals"] if p["closed"])
    walls = [s for s in siege.structures.values() if s.name.startswith("Wall ")]
    for door in doors:
        shape = footprint(door)
        touching = [w for w in walls if footprint(w).distance(shape) < 1e-6]
        assert len(touching) == 2, f"{door.name} touches {len(touching)} wall sections"
        axis = long_axis(door)
        for wall in touching:
            wall_shape = footprint(wall)
            assert wall_shape.intersection(shape).area < 1e-9
            shared = wall_shape.boundary.intersection(shape.boundary).length
            assert shared == pytest.approx(0.5, abs=1e-6)  # the whole square end: thickness
        # the door's centre line, extended, runs into both walls' footprints
        start, end = axis.coords
        direction = ((end[0] - start[0]) / axis.length, (end[1] - start[1]) / axis.length)
        beyond = [Point(end[0] + 0.1 * direction[0], end[1] + 0.1 * direction[1]),
                  Point(start[0] - 0.1 * direction[0], start[1] - 0.1 * direction[1])]
        for point in beyond:
            assert any(footprint(w).contains(point) for w in touching)


def test_a_cropped_and_an_uncropped_export_give_the_same_structures(tmp_path):
    """The uncropped export is made from the cropped one: the picture padded by 2 cells left,
    1 above, 3 right and 2 below, map_origin moved by (-2, -1). Each structure lands on the
    same picture content: its plan pixels differ by exactly the padding."""
    uncropped = uncropped_copy(CROPPED, tmp_path / "sample_uncropped.dd2vtt", (2, 1, 3, 2))
    cropped_map = import_map(CROPPED, ImportOptions(objects=True))
    whole_map = import_map(uncropped, ImportOptions(objects=True))
    assert file_data(uncropped)["resolution"]["map_origin"] == {"x": 0, "y": 0}
    cropped, whole = cropped_map.siege, whole_map.siege
    assert len(cropped.structures) == len(whole.structures) == 9
    shift = (2 * 256, 1 * 256)
    worst = 0.0
    for key, structure in cropped.structures.items():
        twin = whole.structures[key]
        assert (twin.name, twin.kind, twin.dp) == (structure.name, structure.kind, structure.dp)
        assert twin.footprint == structure.footprint  # the same metres
        for corner, twin_corner in zip(structure.footprint, twin.footprint, strict=True):
            px = plan_pixel(cropped, corner)
            twin_px = plan_pixel(whole, twin_corner)
            worst = max(worst, distance_px((px[0] + shift[0], px[1] + shift[1]), twin_px))
    assert worst < 1e-6


def test_an_import_saves_and_reopens_as_the_same_siege(tmp_path, imported):
    result = imported[OGANM]
    write_siege(tmp_path / "oganm.siege", result)
    reopened = read_siege(tmp_path / "oganm.siege")
    assert reopened.siege == result.siege
    assert reopened.images == result.images


def test_the_sections_of_one_wall_share_its_dp_h12(imported):
    siege = imported[OGANM].siege
    sections = wall_sections_of(siege, 8)  # the cave wall: one polyline, 135 points
    assert len(sections) == 4
    whole = sum(s.dp_original for s in sections)
    area = sum(footprint(s).area for s in sections)
    assert whole == sections[0].armor * max(1, round_half_up(area / 4)) * sections[0].stories
    assert max(s.dp for s in sections) - min(s.dp for s in sections) <= 1


def test_closed_lines_as_buildings_and_the_hull_ruleset(tmp_path):
    result = import_map(OGANM, ImportOptions(ruleset="armory", closed_as="buildings"))
    siege = result.siege
    buildings = [s for s in siege.structures.values() if s.name.startswith("Building")]
    assert len(buildings) == 2  # wall lines 6 and 7 are closed
    data = file_data(OGANM)
    ring = [(p["x"] * FIVE_FEET_M, p["y"] * FIVE_FEET_M) for p in data["line_of_sight"][5]]
    assert footprint(buildings[0]).area == pytest.approx(LineString(ring).convex_hull.area)
    assert {s.kind for s in buildings} == {"brick_house"}
    doors = [s for s in siege.structures.values() if s.kind == "interior_door"]
    assert len(doors) == 3
    # A1: sections of about 4 m: the 135-point cave wall of about 17 cells is cut finer
    assert len(wall_sections_of(siege, 8)) > 4
