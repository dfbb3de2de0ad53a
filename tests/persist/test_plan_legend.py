"""The plan's legend (schema 9): its colours and the kinds they stand for, kept with the plan;
a version-8 file (no legend) opens with an empty one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from siegeboard.model import SCHEMA_VERSION, LegendEntry, MapImage
from siegeboard.persist import read_siege, write_siege

from .builders import MAP_MEMBER, png, write_raw

VERSION_8 = Path(__file__).with_name("data") / "siege_v8_plan.json"


def test_a_version_8_file_opens_with_an_empty_legend_and_saves_as_the_current_version(
        tmp_path):
    data = json.loads(VERSION_8.read_text(encoding="utf-8"))
    assert data["schema_version"] == 8 and "legend" not in data["map"]
    data["map"]["member"] = MAP_MEMBER
    path = tmp_path / "plainfield.siege"
    write_raw(path, {"siege.json": json.dumps(data).encode(), MAP_MEMBER: png()})
    opened = read_siege(path)
    assert opened.migrated_from == 8
    assert opened.siege.schema_version == SCHEMA_VERSION == 9
    assert opened.siege.map.legend == ()
    assert opened.siege.map.pixels_per_metre == 5.2   # the rest as it was


def test_the_legend_is_kept_with_the_plan_through_a_save(tmp_path):
    data = json.loads(VERSION_8.read_text(encoding="utf-8"))
    data["map"]["member"] = MAP_MEMBER
    path = tmp_path / "plainfield.siege"
    write_raw(path, {"siege.json": json.dumps(data).encode(), MAP_MEMBER: png()})
    opened = read_siege(path)
    legend = (LegendEntry(colour="#ebdfac", kind="timber_house", label="frame"),
              LegendEntry(colour="#f0a0a0", kind="brick_farmhouse", label="brick"))
    siege = opened.siege.model_copy(update={"map": opened.siege.map.model_copy(
        update={"legend": legend})})
    opened.siege = siege
    write_siege(tmp_path / "again.siege", opened)
    again = read_siege(tmp_path / "again.siege").siege
    assert again.map.legend == legend


@pytest.mark.parametrize("legend, message", [
    ([{"colour": "pink", "kind": "brick_farmhouse"}], "colour"),
    ([{"colour": "#ebdfac", "kind": "x"}, {"colour": "#ebdfac", "kind": "y"}], "twice"),
    ([{"colour": "#ebdfac", "kind": "no spaces"}], "kind"),
])
def test_a_legend_that_cannot_be_is_refused(legend, message):
    with pytest.raises(ValidationError, match=message):
        MapImage(member="map.png", pixels_per_metre=1, legend=legend)
