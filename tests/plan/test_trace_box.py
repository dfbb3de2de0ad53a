"""A box of buildings traced at once (``trace_box``, the Trace tool's Shift-drag and
``siegeboard trace --box``): on the real 1893 Sanborn sheet, whose frame houses carry the
cross of their roofs, and on synthetic plans."""

from __future__ import annotations

import json

import pytest
from shapely.geometry import Polygon
from shapely.geometry import box as shapely_box

from siegeboard.cli import main
from siegeboard.plan import read_plan, trace_box

from .drawing import FILL, SANBORN, TRUTH, building, iou, paper

YELLOW = (172, 223, 234)   # blue, green, red: the sheet's frame houses
CASES = json.loads(TRUTH.read_text())["cases"]


@pytest.fixture(scope="module")
def sanborn():
    return read_plan(SANBORN)


def test_a_box_over_a_block_takes_every_frame_house_wholly_in_it_and_nothing_else(sanborn):
    area = ((300, 770), (435, 905))   # the block of 108 1/2 and 107 1/2 and the house at 419,840
    outlines = trace_box(sanborn, area, colour=YELLOW)
    shapes = [Polygon(o.pixels) for o in outlines]
    assert 7 <= len(shapes) <= 9
    grown = shapely_box(298, 768, 437, 907)
    for shape in shapes:
        assert shape.is_valid and grown.covers(shape)
        assert shape.area >= 40
        # a building, not a triangle of its roof's cross
        assert len(shape.exterior.coords) - 1 >= 4
    for one in range(len(shapes)):           # each building once, side by side
        for other in range(one + 1, len(shapes)):
            overlap = shapes[one].intersection(shapes[other]).area
            assert overlap < 0.1 * min(shapes[one].area, shapes[other].area)
    truth = CASES[0]["outline_px"]           # the house at 419,840 is one of them
    assert max(iou(o.pixels, truth) for o in outlines) >= 0.85


def test_the_house_the_drag_begins_on_is_taken_though_the_box_cuts_it(sanborn):
    case = CASES[0]
    at = tuple(case["click_px"])
    outlines = trace_box(sanborn, (at, (at[0] + 60, at[1] + 60)), at=at)
    assert iou(outlines[0].pixels, case["outline_px"]) >= 0.85


def test_every_truth_house_in_a_box_around_it_is_found(sanborn):
    for case in CASES:
        xs = [x for x, _ in case["outline_px"]]
        ys = [y for _, y in case["outline_px"]]
        area = ((min(xs) - 6, min(ys) - 6), (max(xs) + 6, max(ys) + 6))
        outlines = trace_box(sanborn, area, colour=YELLOW)
        assert max(iou(o.pixels, case["outline_px"]) for o in outlines) >= 0.85, case


def test_a_crossed_building_is_one_outline_not_four_triangles():
    image = paper(300, 300)
    corners = [(50, 50), (250, 50), (250, 200), (50, 200)]
    building(image, corners)
    import cv2
    cv2.line(image, (50, 50), (250, 200), (100, 130, 140), 2, cv2.LINE_AA)
    cv2.line(image, (250, 50), (50, 200), (100, 130, 140), 2, cv2.LINE_AA)
    outlines = trace_box(image, ((20, 20), (280, 280)), colour=FILL)
    assert len(outlines) == 1
    assert iou(outlines[0].pixels, corners) >= 0.95


def test_nothing_but_buildings_and_an_empty_box_is_an_empty_list():
    image = paper(300, 300)
    assert trace_box(image, ((10, 10), (200, 200)), colour=FILL) == []


def test_the_command_line_does_the_box(capsys):
    assert main(["trace", str(SANBORN), "--box", "300,770,435,905", "--colour", "#ebdfac",
                 "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["colour"] == "#ebdfac" and 7 <= len(result["buildings"]) <= 9
    assert max(iou(b["pixels"], CASES[0]["outline_px"]) for b in result["buildings"]) >= 0.85
    assert main(["trace", str(SANBORN), "--box", "300,770,435,905", "--at", "419,840"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("building 1:\n") and out.count("building ") >= 7
    assert main(["trace", str(SANBORN)]) == 2
    assert "--at PX,PY" in capsys.readouterr().err
    assert main(["trace", str(SANBORN), "--box", "1,2,3"]) == 2


def test_with_a_siege_the_plans_legend_names_the_kind(capsys, tmp_path):
    from siegeboard.model import LegendEntry, MapImage, Siege
    from siegeboard.persist import SiegeFile, write_siege
    plan = SANBORN.read_bytes()
    siege = Siege(name="Plainfield", ruleset="harris", dice_seed=1, map=MapImage(
        member="map.png", pixels_per_metre=5.2,
        legend=(LegendEntry(colour="#ebdfac", kind="timber_house", label="frame"),)))
    write_siege(tmp_path / "p.siege", SiegeFile(siege=siege, images={"map.png": plan}))
    assert main(["trace", str(SANBORN), "--at", "419,840", "--siege", str(tmp_path / "p.siege"),
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["kind"] == "timber_house"
    assert main(["trace", str(SANBORN), "--box", "400,815,440,865", "--at", "419,840",
                 "--siege", str(tmp_path / "p.siege")]) == 0
    assert capsys.readouterr().out.startswith("building 1 (timber_house):")
