"""Universal VTT export: the castle as it stands, read back by siegeboard's own importer,
by Imagix/uvtt2fgu (a reader nobody on the team wrote) and against the fields MapTool's
DungeonDraftImporter reads (names, types, units)."""

from __future__ import annotations

import base64
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image
from shapely.geometry import LineString, Point, Polygon

from siegeboard.model import FireAt
from siegeboard.persist.formats.base import ImportOptions
from siegeboard.persist.formats.uvtt import UvttFormat
from siegeboard.persist.samples import read_sample
from siegeboard.report.vtt_export import export_vtt
from siegeboard.rules.dice import RandomDice
from siegeboard.rules.engine import apply_in_place
from siegeboard.rules.registry import ruleset_of

UVTT2FGU = Path("/work/.mirror/Imagix+uvtt2fgu/repo")
PPG = 20


def breached_castle():
    """The Hull sample with curtain wall N3 Breached by heavy-gun shots."""
    siege_file = read_sample("armory")
    siege = siege_file.siege
    dice = RandomDice(7)
    for _ in range(40):
        apply_in_place(siege, FireAt(weapon_id="heavy_gun", at=(0.0, 0.0),
                                     target_id="wall-n3", successes=3), dice)
        if ruleset_of(siege).breached(siege.structures["wall-n3"]):
            break
    assert siege.structures["wall-n3"].ladder == "breached"
    assert siege.structures["wall-n2"].ladder == "intact"
    return siege_file


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    siege_file = breached_castle()
    path = tmp_path_factory.mktemp("vtt") / "castle.dd2vtt"
    export_vtt(path, siege_file, pixels_per_grid=PPG, cell="2m", look="board")
    return siege_file, path, json.loads(path.read_text())


def cells(siege_file, structure_id, frame_min=(0.0, 0.0)):
    """The centre of a structure's footprint in the file's cells (2 m, frame at 0)."""
    xs, ys = zip(*siege_file.siege.structures[structure_id].footprint, strict=True)
    return ((sum(xs) / len(xs) - frame_min[0]) / 2, (sum(ys) / len(ys) - frame_min[1]) / 2)


def near_lines(document, point, reach=0.6):
    where = Point(point)
    return [line for line in document["line_of_sight"]
            if LineString([(p["x"], p["y"]) for p in line]).distance(where) < reach]


def test_the_walls_have_a_gap_where_the_section_was_breached(exported):
    siege_file, _, document = exported
    # The frame starts at the grid's origin here (the plan's corner): cells are metres / 2.
    assert document["resolution"]["map_origin"] == {"x": 0, "y": 0}
    assert near_lines(document, cells(siege_file, "wall-n3")) == []
    assert len(near_lines(document, cells(siege_file, "wall-n2"))) == 1
    assert len(near_lines(document, cells(siege_file, "wall-n4"))) == 1
    # Its rubble is an object outline around where it stood.
    rubble = [Point(cells(siege_file, "wall-n3")).within(
        Polygon([(p["x"], p["y"]) for p in outline]))
        for outline in document["objects_line_of_sight"]]
    assert rubble.count(True) == 1


def test_the_file_has_the_fields_maptool_reads_with_their_types(exported):
    siege_file, _, document = exported
    assert document["format"] in (0.2, 0.3) and document["format"] == 0.3
    resolution = document["resolution"]
    assert isinstance(resolution["pixels_per_grid"], int) and resolution["pixels_per_grid"] == PPG
    for key in ("x", "y"):
        assert isinstance(resolution["map_origin"][key], (int, float))
    picture = Image.open(io.BytesIO(base64.b64decode(document["image"])))
    assert picture.format == "PNG"
    assert picture.size == (round(resolution["map_size"]["x"] * PPG),
                            round(resolution["map_size"]["y"] * PPG))
    for line in document["line_of_sight"] + document["objects_line_of_sight"]:
        assert len(line) >= 2 and all(isinstance(p["x"], float | int) for p in line)
    for portal in document["portals"]:
        assert isinstance(portal["closed"], bool) and len(portal["bounds"]) == 2
    for light in document["lights"]:
        assert {"position", "range", "intensity", "color", "shadows"} <= set(light)
        assert isinstance(light["color"], str) and isinstance(light["shadows"], bool)


def test_siegeboards_own_importer_reads_it_back_with_the_gap(exported, tmp_path):
    siege_file, path, document = exported
    imported = UvttFormat().read(path, ImportOptions(ruleset="armory", cell_m=2.0))
    gap = Point(cells(siege_file, "wall-n3"))
    standing = Point(cells(siege_file, "wall-n2"))
    footprints = [Polygon(s.footprint) for s in imported.siege.structures.values()]
    # Back in metres (2 m cells): nothing stands on the breach, the section beside it does.
    assert not any(f.contains(Point(gap.x * 2, gap.y * 2)) for f in footprints)
    assert any(f.contains(Point(standing.x * 2, standing.y * 2)) for f in footprints)
    assert imported.siege.map is not None and imported.siege.map.pixels_per_metre == PPG / 2


def test_a_fire_is_a_light_and_a_gate_a_portal(tmp_path):
    siege_file = read_sample("armory")
    siege = siege_file.siege
    burning = next(s for s in siege.structures.values() if s.burns)
    siege.structures[burning.id] = burning.model_copy(update={"burning": True})
    gate = next((s for s in siege.structures.values() if "gate" in s.kind
                 and "gatehouse" not in s.kind), None)
    document = json.loads(export_vtt(tmp_path / "f.dd2vtt", siege_file,
                                     pixels_per_grid=10).read_text())
    assert len(document["lights"]) == 1
    if gate is not None:
        assert any(p["closed"] for p in document["portals"])


def test_the_players_copy_leaves_out_the_other_sides_batteries(tmp_path):
    siege_file = read_sample("armory")
    sides = {b.side for b in siege_file.siege.batteries.values()}
    assert sides == {"besieger", "defender"}
    gm = export_vtt(tmp_path / "gm.dd2vtt", siege_file, pixels_per_grid=10, look="board")
    players = export_vtt(tmp_path / "p.dd2vtt", siege_file, pixels_per_grid=10, players=True,
                         side="besieger", look="board")
    # The pictures differ (the players' look, no defenders' gun), the walls do not.
    a, b = json.loads(gm.read_text()), json.loads(players.read_text())
    assert a["image"] != b["image"] and a["line_of_sight"] == b["line_of_sight"]


@pytest.mark.skipif(not UVTT2FGU.is_dir(), reason="Imagix/uvtt2fgu is not fetched here")
def test_uvtt2fgu_converts_it_with_the_gap(exported, tmp_path):
    """uvtt2fgu (BSD-3, Python, Pillow only) turns the file into Fantasy Grounds occluders:
    it ignores map_origin and objects_line_of_sight, so its walls are our line_of_sight."""
    siege_file, path, document = exported
    source = subprocess.run(["git", "-C", str(UVTT2FGU), "show", "HEAD:uvtt2fgu.py"],
                            capture_output=True, text=True, check=True).stdout
    script = tmp_path / "uvtt2fgu.py"
    script.write_text(source)
    result = subprocess.run([sys.executable, str(script), "-c", "/dev/null", "-f",
                             "-o", str(tmp_path), str(path)], capture_output=True, text=True,
                            cwd=tmp_path, env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    xml = tmp_path / "castle.xml"
    assert xml.is_file(), result.stderr + result.stdout
    import xml.etree.ElementTree as ET
    root = ET.parse(xml).getroot()
    occluders = root.findall(".//occluder")
    walls = [o for o in occluders if o.find("points") is not None]
    assert len(walls) >= len(document["line_of_sight"])
    # uvtt2fgu's pixels: x = cx*ppg - W*ppg/2, y = -(cy*ppg) + H*ppg/2 (map centre origin).
    size = document["resolution"]["map_size"]

    def to_fgu(point):
        return (round(point[0] * PPG - size["x"] * PPG / 2, 1),
                round(-point[1] * PPG + size["y"] * PPG / 2, 1))

    lines = []
    for occluder in walls:
        numbers = [float(v) for v in occluder.find("points").text.split(",")]
        lines.append(LineString(list(zip(numbers[0::2], numbers[1::2], strict=False))))
    gap, standing = (Point(to_fgu(cells(siege_file, sid))) for sid in ("wall-n3", "wall-n2"))
    assert min(line.distance(standing) for line in lines) < 0.6 * PPG
    # Only the object outline (terrain) of the rubble lies on the gap, no wall line through it.
    wall_lines = lines[:len(document["line_of_sight"])]
    assert min(line.distance(gap) for line in wall_lines) > 0.6 * PPG


def test_the_command_line_writes_the_players_copy_and_refuses_bad_options(tmp_path, capsys):
    from siegeboard.cli import main

    castle = tmp_path / "castle.siege"
    assert main(["sample", "-o", str(castle)]) == 0
    out = tmp_path / "castle.dd2vtt"
    assert main(["export-vtt", str(castle), "-o", str(out), "--pixels-per-grid", "12",
                 "--players", "--side", "defender"]) == 0
    assert json.loads(out.read_text())["resolution"]["pixels_per_grid"] == 12
    capsys.readouterr()
    assert main(["export-vtt", str(castle), "-o", str(tmp_path / "x.png")]) == 2
    assert main(["export-vtt", str(castle), "-o", str(out), "--side", "besieger"]) == 2
    assert main(["export-vtt", str(castle), "-o", str(out), "--pixels-per-grid", "2"]) == 2
    errors = capsys.readouterr().err
    assert "must end in .dd2vtt" in errors and "give --players" in errors
    assert "from 8 to 1,024" in errors and "Traceback" not in errors


def test_a_breached_gate_writes_no_portal_and_a_collapsed_dp_section_is_a_gap(tmp_path):
    from siegeboard.persist.formats.uvtt.write import blocking

    siege_file = read_sample("armory")
    siege = siege_file.siege
    gate = next(s for s in siege.structures.values() if s.kind == "castle_gate_portcullis")
    assert len(blocking(siege).portals) == 1
    inner = gate.inner_layer.model_copy(update={"ladder": "breached"})
    siege.structures[gate.id] = gate.model_copy(update={"ladder": "breached",
                                                        "inner_layer": inner})
    assert ruleset_of(siege).breached(siege.structures[gate.id])
    found = blocking(siege)
    assert found.portals == []  # the opening is free: no door at all, open or closed
    assert any(Polygon(outline).equals(Polygon(gate.footprint)) for outline in found.objects)
    # A portcullis still down keeps the way shut.
    siege.structures[gate.id] = gate.model_copy(update={"ladder": "breached"})
    assert len(blocking(siege).portals) == 1
    document = json.loads(export_vtt(tmp_path / "g.dd2vtt", siege_file).read_text())
    assert [portal["closed"] for portal in document["portals"]] == [True]

    dp = read_sample("harris")
    section = dp.siege.structures["wall-n3"]
    dp.siege.structures["wall-n3"] = section.model_copy(update={"collapsed": True, "dp": 0})
    document = json.loads(export_vtt(tmp_path / "dp.dd2vtt", dp, pixels_per_grid=10,
                                     cell="2m", look="board").read_text())
    assert near_lines(document, cells(dp, "wall-n3")) == []
    assert len(near_lines(document, cells(dp, "wall-n2"))) == 1
    assert any(Point(cells(dp, "wall-n3")).within(Polygon([(p["x"], p["y"]) for p in o]))
               for o in document["objects_line_of_sight"])
    # Cleared: nothing at all where it stood.
    dp.siege.structures["wall-n3"] = dp.siege.structures["wall-n3"].model_copy(
        update={"cleared": True})
    document = json.loads(export_vtt(tmp_path / "dp.dd2vtt", dp, pixels_per_grid=10,
                                     cell="2m", look="board").read_text())
    assert not any(Point(cells(dp, "wall-n3")).within(Polygon([(p["x"], p["y"]) for p in o]))
                   for o in document["objects_line_of_sight"])
