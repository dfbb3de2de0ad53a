"""`siegeboard trace`: a building's outline off a plan image, in pixels and in metres."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from siegeboard.cli import build_parser, main
from siegeboard.persist import read_siege, write_sample, write_siege
from siegeboard.plan import DEFAULT_TOLERANCE, pixel_to_map

ROOT = Path(__file__).resolve().parents[2]
PLAN = ROOT / "tests" / "data" / "plans" / "sanborn_plainfield_il_1893_sheet1c.png"
HOUSE = "419,840"                           # a frame house: 407..432 x 821..859 px
HOUSE_RECTANGLE = [[432.0, 858.0], [407.0, 858.0], [407.0, 821.0], [432.0, 821.0]]


def run(capsys, *args) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_outline_is_printed_corner_by_corner_in_pixels(capsys):
    code, out, err = run(capsys, "trace", PLAN, "--at", HOUSE, "--rectangle")
    assert code == 0 and err == ""
    corners = [tuple(float(v) for v in line.split(",")) for line in out.splitlines()]
    assert sorted(corners) == sorted(tuple(c) for c in HOUSE_RECTANGLE)


def test_json_gives_the_pixels_and_with_a_siege_the_metres(capsys, tmp_path):
    sample = write_sample(tmp_path / "castle.siege")
    code, out, _ = run(capsys, "trace", PLAN, "--at", HOUSE, "--rectangle", "--json")
    plain = json.loads(out)
    assert code == 0 and plain["pixels"] == HOUSE_RECTANGLE and "metres" not in plain
    assert plain["colour"] == "#ebdfac" and plain["tolerance"] == DEFAULT_TOLERANCE

    calibration = read_siege(sample).siege.map
    code, out, _ = run(capsys, "trace", PLAN, "--at", HOUSE, "--rectangle", "--json",
                       "--siege", sample)
    result = json.loads(out)
    assert result["pixels"] == HOUSE_RECTANGLE
    assert result["metres"] == [pytest.approx(list(pixel_to_map(calibration, p)), abs=1e-3)
                                for p in HOUSE_RECTANGLE]


def test_snap_puts_the_metres_on_the_2_m_grid(capsys, tmp_path):
    sample = write_sample(tmp_path / "castle.siege")
    siege_file = read_siege(sample)
    siege_file.siege.map = siege_file.siege.map.model_copy(
        update={"pixels_per_metre": 2.5, "rotation_deg": 30.0})
    path = tmp_path / "turned.siege"
    write_siege(path, siege_file)
    code, out, _ = run(capsys, "trace", PLAN, "--at", HOUSE, "--json", "--siege", path, "--snap")
    metres = json.loads(out)["metres"]
    ox, oy = siege_file.siege.grid_origin
    assert code == 0 and len(metres) >= 3
    for x, y in metres:
        assert ((x - ox) / 2) == pytest.approx(round((x - ox) / 2), abs=1e-6)
        assert ((y - oy) / 2) == pytest.approx(round((y - oy) / 2), abs=1e-6)


def test_plain_text_with_a_siege_gives_both(capsys, tmp_path):
    sample = write_sample(tmp_path / "castle.siege")
    code, out, _ = run(capsys, "trace", PLAN, "--at", HOUSE, "--siege", sample)
    assert code == 0
    assert all(line.endswith(" m") and "\t" in line for line in out.splitlines())


@pytest.mark.parametrize("args, message", [
    (["--at", "5,5"], "--at 5,5: nothing to trace there: that is the page's margin"),
    (["--at", "2000,10"], "--at 2000,10: the point 2000, 10 is outside the plan, which is 1301"),
    (["--at", "12"], "--at: '12' is not PX,PY in image pixels (e.g. --at 419,840)"),
    (["--at", HOUSE, "--tolerance", "256"], "--tolerance: 256 is not from 0 to 255"),
    (["--at", HOUSE, "--snap"], "--snap: snapping to the 2 m grid needs the plan's calibration"),
])
def test_bad_input_is_one_plain_line_and_exit_2(capsys, args, message):
    code, out, err = run(capsys, "trace", PLAN, *args)
    assert code == 2 and out == ""
    assert err.startswith(f"siegeboard: {message}") and err.count("\n") == 1


def test_a_missing_or_unreadable_plan_and_a_siege_without_plan(capsys, tmp_path):
    sample = write_sample(tmp_path / "castle.siege")
    code, _, err = run(capsys, "trace", tmp_path / "none.png", "--at", HOUSE)
    assert code == 1 and err == f"siegeboard: {tmp_path / 'none.png'}: no such file\n"
    text = tmp_path / "notes.png"
    text.write_text("not an image")
    code, _, err = run(capsys, "trace", text, "--at", HOUSE)
    assert code == 1 and "is not an image that can be read" in err
    siege_file = read_siege(sample)
    siege_file.siege.map = None
    bare = tmp_path / "bare.siege"
    write_siege(bare, siege_file)
    code, _, err = run(capsys, "trace", PLAN, "--at", HOUSE, "--siege", bare)
    assert code == 2 and "has no plan image" in err


def test_the_help_names_the_default_tolerance():
    trace = build_parser()._subparsers._group_actions[0].choices["trace"]
    assert f"(default {DEFAULT_TOLERANCE})" in " ".join(trace.format_help().split())
