"""Map sheets: a fitted sheet holds the whole region; tiles cover it with the promised overlap."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from siegeboard.report.sheets import POINTS_PER_MM, fit_sheet, tile_sheets

regions = st.tuples(st.floats(-500, 500), st.floats(-500, 500), st.floats(1, 900),
                    st.floats(1, 900)).map(lambda r: (r[0], r[1], r[0] + r[2], r[1] + r[3]))
frames = st.tuples(st.floats(150, 1200), st.floats(150, 1200))


@settings(deadline=None)
@given(regions, frames)
def test_a_fitted_sheet_holds_the_region_at_one_scale(region, frame):
    sheet = fit_sheet(region, *frame)
    minx, miny, maxx, maxy = sheet.region
    assert minx <= region[0] + 1e-6 and maxx >= region[2] - 1e-6
    assert miny <= region[1] + 1e-6 and maxy >= region[3] - 1e-6
    assert (maxx - minx) * sheet.points_per_metre == pytest.approx(frame[0])
    assert (maxy - miny) * sheet.points_per_metre == pytest.approx(frame[1])
    assert not sheet.tiled


@settings(max_examples=60, deadline=None)  # no timed assertion in the normal run
@given(regions, frames, st.sampled_from([100, 250, 500, 1000, 2500]), st.floats(0, 20))
def test_tiles_cover_the_region_and_overlap_as_promised(region, frame, scale, overlap_mm):
    sheets = tile_sheets(region, *frame, scale, overlap_mm)
    first = sheets[0]
    assert len(sheets) == first.rows * first.columns
    assert [sheet.number for sheet in sheets] == list(range(1, len(sheets) + 1))
    k = 1000 / scale * POINTS_PER_MM
    for sheet in sheets:
        assert sheet.points_per_metre == pytest.approx(k)
        assert sheet.scale == scale
        assert (sheet.region[2] - sheet.region[0]) * k == pytest.approx(frame[0])
    assert min(s.region[0] for s in sheets) <= region[0] + 1e-6
    assert max(s.region[2] for s in sheets) >= region[2] - 1e-6
    assert min(s.region[1] for s in sheets) <= region[1] + 1e-6
    assert max(s.region[3] for s in sheets) >= region[3] - 1e-6
    if first.columns > 1:
        right = sheets[1]
        overlap = first.region[2] - right.region[0]
        assert overlap == pytest.approx(first.overlap_m)
        assert overlap >= 0
        assert first.neighbour_number(0, 1) == 2 and first.neighbour_number(0, -1) is None


def test_a_region_too_wide_for_the_paper_at_1_500_takes_the_expected_sheets():
    # 300 m at 1:500 is 600 mm; frames of 100 mm with 10 mm (5 m) overlap: ceil((300-5)/45) = 7
    frame_pt = 100 * POINTS_PER_MM
    sheets = tile_sheets((0, 0, 300, 40), frame_pt, frame_pt, 500, 10)
    assert (sheets[0].rows, sheets[0].columns) == (1, 7)


def test_no_room_for_the_map_is_refused():
    with pytest.raises(ValueError, match="larger paper"):
        fit_sheet((0, 0, 10, 10), 0, 100)
