"""Tracing a building from a click: on the real 1893 Sanborn sheet against outlines checked by
eye, and on synthetic plans (rotation, hatching, lettering, margins, tiny images)."""

from __future__ import annotations

import json
import math

import cv2
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon

from siegeboard.model import MapImage, Structure
from siegeboard.plan import (
    NothingToTrace,
    read_plan,
    regions_of_colour,
    trace,
    trace_region,
)

from .drawing import FILL, INK, SANBORN, TRUTH, building, iou, paper

CASES = json.loads(TRUTH.read_text())["cases"]


@pytest.fixture(scope="module")
def sanborn():
    return read_plan(SANBORN)


def case_id(case):
    return "at {},{}".format(*case["click_px"])


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_each_truth_building_as_a_rectangle_matches_within_iou_0_9(sanborn, case):
    outline = trace(sanborn, tuple(case["click_px"]), rectangle=True)
    assert len(outline.pixels) == 4
    assert iou(outline.pixels, case["outline_px"]) >= 0.9


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_each_truth_building_traced_freely_matches_within_iou_0_85(sanborn, case):
    outline = trace(sanborn, tuple(case["click_px"]))
    assert iou(outline.pixels, case["outline_px"]) >= 0.85
    assert len(outline.pixels) <= 8, "a frame house is a few corners, not a staircase"


def test_a_traced_outline_is_a_footprint_the_model_accepts_in_metres(sanborn):
    # the sheet's scale bar: about 1.6 px a foot, 5.2 px a metre; turned and moved
    calibration = MapImage(member="plan.png", pixels_per_metre=5.2, offset=(12.0, -3.5),
                           rotation_deg=17.0)
    for case in CASES:
        outline = trace(sanborn, tuple(case["click_px"]), calibration=calibration)
        Structure(id="traced", name="Traced", kind="house", footprint=outline.metres, armor=5)
        truth_m = [_to_map(calibration, p) for p in case["outline_px"]]
        assert iou(outline.metres, truth_m) >= 0.85


def test_every_frame_building_of_the_sheet_traces_apart_from_its_neighbours(sanborn):
    yellow = (172, 223, 234)
    points = regions_of_colour(sanborn, ((0, 0), (1301, 1881)), yellow, min_area_px=60)
    assert len(points) > 150
    calibration = MapImage(member="plan.png", pixels_per_metre=5.2)
    shapes = []
    for point in points[::4]:
        outline = trace(sanborn, point, colour=yellow, calibration=calibration)
        Structure(id="t", name="T", kind="house", footprint=outline.metres, armor=1)
        shapes.append(Polygon(outline.pixels))
    for i, one in enumerate(shapes):
        for other in shapes[i + 1:]:
            if one.intersects(other):   # neighbours meet on their shared ink line only
                assert one.intersection(other).area < 0.1 * min(one.area, other.area)


def test_a_click_on_the_lettering_inside_a_building_still_traces_the_building(sanborn):
    # (1137, 1118) is on the "Off." written in the creamery's office
    at_letter = trace(sanborn, (1137.0, 1118.0), rectangle=True)
    at_fill = trace(sanborn, (1142.0, 1131.0), rectangle=True)
    assert iou(at_letter.pixels, at_fill.pixels) >= 0.95


def test_the_sheet_margin_is_not_a_building(sanborn):
    for at in ((5.0, 5.0), (640.0, 1875.0), (3.0, 1000.0)):
        with pytest.raises(NothingToTrace, match="margin"):
            trace(sanborn, at)


def test_a_refusal_carries_the_ground_it_refused(sanborn):
    with pytest.raises(NothingToTrace) as refused:
        trace(sanborn, (5.0, 5.0))
    ground = refused.value.region
    assert ground is not None and ground.covers((5.0, 5.0)) and ground.covers((600.0, 8.0))
    assert not ground.covers((419.0, 840.0))    # a house is no part of the margin


def test_open_ground_running_on_past_the_largest_window_is_not_a_building():
    image = paper(1500, 1500)
    cv2.rectangle(image, (3, 3), (1496, 1496), INK, 2)   # a frame: no margin to the edge
    building(image, [(700, 700), (760, 700), (760, 780), (700, 780)])
    with pytest.raises(NothingToTrace, match="runs on for more than 600 pixels"):
        trace_region(image, (300.0, 300.0), max_extent_px=600)
    assert trace_region(image, (730.0, 740.0), max_extent_px=600).mask.any()


def test_a_point_outside_the_plan_is_refused_in_plain_words(sanborn):
    for at in ((-1.0, 10.0), (1301.0, 10.0), (10.0, 1881.0), (math.nan, 3.0)):
        with pytest.raises(ValueError, match="outside the plan, which is 1301 x 1881 pixels"):
            trace(sanborn, at)


def test_a_tolerance_out_of_range_is_refused(sanborn):
    with pytest.raises(ValueError, match="tolerance must be from 0 to 255, not 300"):
        trace(sanborn, (419.0, 840.0), tolerance=300)


def test_a_wider_tolerance_runs_into_the_paper(sanborn):
    # the frame houses' yellow is 53 levels of blue from the paper: 60 takes the paper too
    with pytest.raises(NothingToTrace):
        trace(sanborn, (419.0, 840.0), tolerance=60)


# -- synthetic plans ---------------------------------------------------------------------------

def rotated_rectangle(centre, size, degrees):
    corners = cv2.boxPoints((centre, size, degrees))
    return [tuple(map(float, p)) for p in corners]


def test_a_rotated_rectangle_is_traced_with_its_four_corners():
    image = paper(400, 400)
    truth = rotated_rectangle((200, 200), (180, 90), 27)
    building(image, truth)
    free = trace(image, (200.0, 200.0))
    snapped = trace(image, (200.0, 200.0), rectangle=True)
    assert len(free.pixels) == 4
    assert iou(free.pixels, truth) >= 0.97
    assert iou(snapped.pixels, truth) >= 0.97
    for corner in truth:
        assert min(math.dist(corner, p) for p in free.pixels) <= 1.5


def test_an_l_shaped_building_keeps_its_six_corners():
    image = paper()
    truth = [(50, 40), (250, 40), (250, 120), (130, 120), (130, 240), (50, 240)]
    building(image, truth)
    outline = trace(image, (90.0, 200.0))
    assert len(outline.pixels) == 6
    assert iou(outline.pixels, truth) >= 0.97


def test_lettering_inside_and_on_the_edge_of_a_building_is_closed_over():
    image = paper()
    truth = [(60, 60), (300, 60), (300, 200), (60, 200)]
    building(image, truth)
    cv2.putText(image, "1 1/2 D", (110, 140), cv2.FONT_HERSHEY_SIMPLEX, 1.2, INK, 2)
    cv2.putText(image, "Off.", (62, 80), cv2.FONT_HERSHEY_SIMPLEX, 0.6, INK, 2)   # on the edge
    cv2.circle(image, (296, 64), 3, INK, -1)                                       # a corner dot
    outline = trace(image, (200.0, 180.0))
    assert len(outline.pixels) == 4
    assert iou(outline.pixels, truth) >= 0.97


def test_a_click_inside_a_letters_loop_traces_the_building_it_is_written_on():
    image = paper()
    truth = [(60, 60), (300, 60), (300, 200), (60, 200)]
    building(image, truth)
    cv2.putText(image, "OD", (120, 160), cv2.FONT_HERSHEY_SIMPLEX, 2.5, INK, 5)
    inside_o = (148.0, 138.0)
    assert tuple(image[138, 148]) == FILL      # the fill, inside the "O"
    outline = trace(image, inside_o)
    assert iou(outline.pixels, truth) >= 0.97


def test_a_courtyard_of_another_colour_is_traced_as_itself():
    image = paper()
    building(image, [(60, 60), (300, 60), (300, 200), (60, 200)])
    court = [(120, 100), (220, 100), (220, 160), (120, 160)]
    building(image, court, fill=(225, 236, 236))   # paper-coloured yard inside the house
    assert iou(trace(image, (170.0, 130.0)).pixels, court) >= 0.95


def test_a_hatched_wall_is_traced_whole_from_a_click_between_two_hatch_lines():
    image = paper(400, 300)
    truth = [(80, 100), (320, 100), (320, 160), (80, 160)]
    ring = np.array(truth, np.int32)
    cv2.polylines(image, [ring], True, INK, 4)
    inside = np.zeros(image.shape[:2], np.uint8)
    cv2.fillPoly(inside, [ring], 255)
    hatch = np.zeros_like(inside)
    for start in range(-400, 800, 7):
        cv2.line(hatch, (start, 0), (start + 300, 300), 255, 1)
    image[(hatch > 0) & (inside > 0)] = INK
    outline = trace(image, (203.5, 130.0))
    assert iou(outline.pixels, truth) >= 0.9
    # without the joining, the strip alone would be under a tenth of the wall
    strip_area = 7 * 60 * math.sqrt(2)
    assert Polygon(outline.pixels).area > 5 * strip_area


def test_two_buildings_sharing_a_wall_are_traced_apart_and_meet_on_it():
    image = paper()
    left, right = [(50, 50), (150, 50), (150, 200), (50, 200)], \
        [(150, 50), (260, 50), (260, 200), (150, 200)]
    building(image, left)
    building(image, right)
    one, other = trace(image, (100.0, 120.0)), trace(image, (200.0, 120.0))
    assert iou(one.pixels, left) >= 0.97 and iou(other.pixels, right) >= 0.97
    assert max(x for x, _ in one.pixels) == pytest.approx(150, abs=1.0)
    assert min(x for x, _ in other.pixels) == pytest.approx(150, abs=1.0)


def test_a_building_cut_by_the_scans_edge_is_traced_and_said_to_be_clipped():
    image = paper(300, 200)
    building(image, [(-20, 50), (120, 50), (120, 130), (-20, 130)])
    outline = trace(image, (60.0, 100.0))
    assert outline.clipped
    assert min(x for x, _ in outline.pixels) <= 0.5


def test_a_click_on_an_ink_line_is_not_an_area():
    image = paper()
    cv2.line(image, (20, 150), (380, 150), INK, 1)
    # the 5 x 5 around the click is mostly paper; a tolerance of 0 from the line's own colour
    with pytest.raises(NothingToTrace):
        trace(image, (200.0, 150.0))


def test_a_one_pixel_image_has_nothing_to_trace():
    with pytest.raises(NothingToTrace):
        trace(np.full((1, 1, 3), 200, np.uint8), (0.5, 0.5))
    with pytest.raises(NothingToTrace):
        trace(np.full((1, 1), 200, np.uint8), (0.0, 0.0))


def test_a_grey_image_is_traced_like_a_colour_one():
    image = cv2.cvtColor(building(paper(), [(40, 40), (200, 40), (200, 160), (40, 160)],
                                  fill=(185, 185, 185)), cv2.COLOR_BGR2GRAY)
    outline = trace(image, (100.0, 100.0), rectangle=True)
    assert iou(outline.pixels, [(40, 40), (200, 40), (200, 160), (40, 160)]) >= 0.97


def test_a_big_building_on_a_big_plan_grows_the_window_beyond_the_first():
    image = paper(3000, 2000)
    truth = [(300, 200), (2500, 200), (2500, 1700), (300, 1700)]
    building(image, truth)
    outline = trace(image, (1400.0, 900.0), rectangle=True)
    assert iou(outline.pixels, truth) >= 0.99


def test_snapping_to_the_grid_puts_every_corner_on_a_2_m_line():
    image = paper(400, 400)
    building(image, rotated_rectangle((200, 200), (150, 100), 3))
    calibration = MapImage(member="p.png", pixels_per_metre=10.0, offset=(1.3, 0.7))
    outline = trace(image, (200.0, 200.0), rectangle=True, calibration=calibration,
                    snap_step=2.0, grid_origin=(1.0, 1.0))
    assert len(outline.metres) == 4
    for x, y in outline.metres:
        assert (x - 1.0) / 2 == pytest.approx(round((x - 1.0) / 2))
        assert (y - 1.0) / 2 == pytest.approx(round((y - 1.0) / 2))
    # the pixels follow the snapped corners
    for pixel, metre in zip(outline.pixels, outline.metres, strict=True):
        assert _to_map(calibration, pixel) == pytest.approx(metre)


def test_a_building_smaller_than_a_cell_snaps_to_the_cell_under_its_middle():
    image = paper(200, 200)
    building(image, [(101, 101), (109, 101), (109, 109), (101, 109)], ink_px=1)
    calibration = MapImage(member="p.png", pixels_per_metre=10.0)
    outline = trace(image, (105.0, 105.0), calibration=calibration, snap_step=2.0, gap_px=1)
    assert sorted(outline.metres) == [(10.0, 10.0), (10.0, 12.0), (12.0, 10.0), (12.0, 12.0)]


def test_every_building_of_the_clicked_colour_in_a_box_is_found():
    image = paper(500, 300)
    houses = [[(20, 20), (80, 20), (80, 90), (20, 90)],
              [(120, 30), (200, 30), (200, 80), (120, 80)],
              [(250, 150), (330, 150), (330, 260), (250, 260)]]
    for corners in houses:
        building(image, corners)
    building(image, [(380, 40), (460, 40), (460, 120), (380, 120)], fill=(230, 200, 150))  # blue
    cv2.putText(image, "3", (280, 210), cv2.FONT_HERSHEY_SIMPLEX, 1.0, INK, 2)
    points = regions_of_colour(image, ((0, 0), (499, 299)), FILL)
    outlines = [trace(image, p, colour=FILL).pixels for p in points]
    assert len(outlines) == 3
    for corners in houses:
        assert max(iou(corners, o) for o in outlines) >= 0.95
    # a box cutting through a building leaves that building out
    assert len(regions_of_colour(image, ((0, 0), (300, 299)), FILL)) == 2


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cx=st.floats(120, 280), cy=st.floats(120, 280), width=st.floats(30, 160),
       height=st.floats(30, 160), degrees=st.floats(0, 180),
       tolerance=st.integers(8, 45))
def test_any_drawn_rectangle_is_traced_back_as_a_valid_footprint(cx, cy, width, height,
                                                                 degrees, tolerance):
    image = paper(400, 400)
    truth = rotated_rectangle((cx, cy), (width, height), degrees)
    building(image, truth)
    for rectangle in (True, False):
        outline = trace(image, (cx, cy), rectangle=rectangle, tolerance=tolerance)
        # every corner and side within two and a half pixels of the drawn ones (a pixel and a
        # half off each side puts a corner 2.1 px off)
        assert Polygon(outline.pixels).hausdorff_distance(Polygon(truth)) <= 2.5
        Structure(id="t", name="T", kind="house", footprint=outline.pixels, armor=1)


def _to_map(calibration, point):
    from siegeboard.plan import pixel_to_map
    return pixel_to_map(calibration, point)
