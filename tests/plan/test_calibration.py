"""The plan's pixel <-> metre transform and snapping corners to the grid."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from siegeboard.model import MapImage
from siegeboard.plan import map_to_pixel, pixel_to_map, snap_points

coordinates = st.floats(-5000, 5000, allow_nan=False)


def test_a_plan_turned_a_quarter_runs_its_x_axis_south():
    calibration = MapImage(member="p.png", pixels_per_metre=10, offset=(100, 50),
                           rotation_deg=90)
    assert pixel_to_map(calibration, (20, 0)) == pytest.approx((100, 52))
    assert pixel_to_map(calibration, (0, 20)) == pytest.approx((98, 50))


@given(x=coordinates, y=coordinates, scale=st.floats(0.01, 500), turn=st.floats(-720, 720),
       ox=coordinates, oy=coordinates)
def test_map_to_pixel_undoes_pixel_to_map(x, y, scale, turn, ox, oy):
    calibration = MapImage(member="p.png", pixels_per_metre=scale, offset=(ox, oy),
                           rotation_deg=turn)
    back = map_to_pixel(calibration, pixel_to_map(calibration, (x, y)))
    assert back == pytest.approx((x, y),
                                 abs=1e-6 * (1 + abs(x) + abs(y) + scale * (abs(ox) + abs(oy))))


def test_corners_go_to_the_nearest_grid_corner_through_the_origin():
    assert snap_points([(0.9, 1.1), (4.2, 0.8), (2.0, 3.0)], origin=(1, 1), step=2) == \
        [(1, 1), (5, 1), (3, 3)]          # 2.0 is halfway from 1 to 3: halves go up


def test_corners_that_snap_together_are_kept_once():
    assert snap_points([(0.1, 0.1), (0.4, 0.2), (1.9, 0.1), (0.2, 0.3)], origin=(0, 0),
                       step=2) == [(0, 0), (2, 0)]
