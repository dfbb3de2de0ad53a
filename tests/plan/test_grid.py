"""Finding a plan's printed grid: a real battle map's 64 px cells, synthetic grids of any cell
and offset, and nothing on a plan without one."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from siegeboard.plan import find_grid, read_plan

from .drawing import BATTLE_MAP, SANBORN, paper


def ruled(width, height, cell, offset, line_px=1, colour=(60, 60, 60)):
    """Paper ruled every ``cell`` px, the lines' left/top edges at offset + k * cell."""
    image = paper(width, height)
    for x in np.arange(offset[0], width, cell):
        image[:, int(x):int(x) + line_px] = colour
    for y in np.arange(offset[1], height, cell):
        image[int(y):int(y) + line_px, :] = colour
    return image


def test_the_dungeondraft_battle_map_has_cells_of_64_px():
    found = find_grid(read_plan(BATTLE_MAP))
    assert found is not None
    assert found.cell_px == pytest.approx(64, abs=1)
    # its lines lie on the cells' edges (the image starts on a line)
    for offset in found.offset_px:
        assert min(offset, found.cell_px - offset) <= 2


def test_a_slightly_skewed_scan_still_gives_its_cell_and_a_skewed_one_gives_none():
    battle_map = read_plan(BATTLE_MAP)
    for degrees in (0.25, 0.5, 1.0, 2.0, 5.0):
        turn = cv2.getRotationMatrix2D((640, 640), degrees, 1)
        skewed = cv2.warpAffine(battle_map, turn, (1280, 1280), borderValue=(255, 255, 255))
        found = find_grid(skewed)          # never an error
        if degrees <= 1.0:
            assert found.cell_px == pytest.approx(64, abs=1)
        else:
            assert found is None or found.cell_px == pytest.approx(64, abs=1)


def test_a_battle_map_saved_at_another_size_or_as_a_poor_jpeg_keeps_its_grid():
    battle_map = read_plan(BATTLE_MAP)
    for scale in (0.5, 0.6, 0.75, 0.9, 1.25, 1.5):
        resized = cv2.resize(battle_map, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        assert find_grid(resized).cell_px == pytest.approx(64 * scale, abs=1)
    _, jpeg = cv2.imencode(".jpg", battle_map, [cv2.IMWRITE_JPEG_QUALITY, 40])
    assert find_grid(cv2.imdecode(jpeg, cv2.IMREAD_COLOR)).cell_px == pytest.approx(64, abs=1)


def test_a_plain_image_has_no_grid():
    assert find_grid(np.full((600, 800, 3), 230, np.uint8)) is None
    assert find_grid(np.full((1, 1), 0, np.uint8)) is None


def test_noise_has_no_grid():
    rng = np.random.default_rng(7)
    for blur in (0.5, 1.5, 3.0):
        noise = cv2.GaussianBlur(rng.integers(0, 256, (700, 900), dtype=np.uint8), (0, 0), blur)
        assert find_grid(noise) is None


def test_the_1893_sanborn_sheet_has_no_printed_grid():
    assert find_grid(read_plan(SANBORN)) is None


def test_a_single_line_each_way_is_not_a_grid():
    image = paper(600, 600)
    image[:, 300] = 0
    image[200, :] = 0
    assert find_grid(image) is None


def test_lines_one_way_only_are_not_a_grid():
    image = paper(600, 600)
    image[:, 5::40] = 0     # floorboards, say
    assert find_grid(image) is None


def test_an_image_too_small_for_three_cells_is_not_searched():
    assert find_grid(ruled(100, 100, 40, (0, 0))) is None


def test_a_grid_under_a_drawing_is_still_found():
    image = ruled(1000, 800, 50, (10, 30))
    cv2.circle(image, (500, 400), 250, (40, 80, 160), -1)
    cv2.putText(image, "KEEP", (300, 420), cv2.FONT_HERSHEY_SIMPLEX, 4, (0, 0, 0), 8)
    found = find_grid(image)
    assert found.cell_px == pytest.approx(50, abs=0.5)
    assert found.offset_px == pytest.approx((10.5, 30.5), abs=1.0)


def test_the_largest_cell_searched_can_be_bounded():
    image = ruled(1200, 1200, 150, (0, 0))
    assert find_grid(image, max_cell_px=100) is None
    assert find_grid(image).cell_px == pytest.approx(150, abs=1)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cell=st.floats(10, 100), ox=st.floats(0, 1), oy=st.floats(0, 1),
       line_px=st.integers(1, 3), width=st.integers(500, 1100), height=st.integers(500, 1100))
def test_any_ruled_grid_gives_its_cell_and_offset(cell, ox, oy, line_px, width, height):
    offset = (ox * cell, oy * cell)
    found = find_grid(ruled(width, height, cell, offset, line_px))
    assert found is not None
    assert found.cell_px == pytest.approx(cell, rel=0.01, abs=0.5)
    # a line's middle, within a pixel and a half, modulo the cell
    for got, want in zip(found.offset_px, offset, strict=True):
        middle = want + line_px / 2
        gap = abs((got - middle + found.cell_px / 2) % found.cell_px - found.cell_px / 2)
        assert gap <= 1.5
