"""The exported sample castle read by the real readers' code (``tests/persist/readers``):
Foundry's ddimport.js and uvtt2fgu run, MapTool's and Owlbear's importers ported. Straight
walks through the gate: a closed gate stops them in every reader; a breached one lets them
through (except where a reader turns rubble into walls: MapTool's wall mode, docs/vtt.md).
A courtyard's walls, the attribution and the cell size reach the readers too."""

from __future__ import annotations

import base64
import io
import json

import pytest
from PIL import Image
from shapely.geometry import Point, Polygon

from siegeboard.model import FireAt
from siegeboard.persist.formats.uvtt.write import FIVE_FEET_M
from siegeboard.persist.samples import read_sample
from siegeboard.report.map_picture import vtt_frame
from siegeboard.report.vtt_export import VttChoices, export_vtt
from siegeboard.rules.dice import RandomDice
from siegeboard.rules.engine import apply_in_place
from siegeboard.rules.registry import ruleset_of

from .readers import (
    crossed,
    fantasy_grounds,
    foundry,
    foundry_available,
    foundry_raw,
    maptool,
    owlbear,
    uvtt2fgu_available,
)

needs_node = pytest.mark.skipif(not foundry_available(),
                                reason="FVTT-DD-Import or node is not here")
needs_uvtt2fgu = pytest.mark.skipif(not uvtt2fgu_available(), reason="uvtt2fgu is not here")


# The GM's choices (a battle map, 5 ft cells), at a small picture: the readers' walls do not
# depend on its pixels, and a small one keeps the readers quick.
FAST = VttChoices(pixels_per_grid=16)


def breach_gate(siege_file) -> None:
    """Both layers of the sample's gate breached (the gate and its portcullis)."""
    siege = siege_file.siege
    gate = siege.structures["gate"]
    siege.structures["gate"] = gate.model_copy(update={
        "ladder": "breached", "inner_layer": gate.inner_layer.model_copy(
            update={"ladder": "breached"})})
    assert ruleset_of(siege).breached(siege.structures["gate"])


@pytest.fixture(scope="module")
def castles(tmp_path_factory):
    """The sample castle exported as a GM would (battle map, 5 ft cells): intact, and with
    its gate breached and curtain wall N3 breached by shots."""
    folder = tmp_path_factory.mktemp("castles")
    intact = read_sample("armory")
    breached = read_sample("armory")
    breach_gate(breached)
    dice = RandomDice(7)
    for _ in range(40):
        apply_in_place(breached.siege, FireAt(weapon_id="heavy_gun", at=(0.0, 0.0),
                                              target_id="wall-n3", successes=3), dice)
        if ruleset_of(breached.siege).breached(breached.siege.structures["wall-n3"]):
            break
    paths = {}
    for name, siege_file in (("intact", intact), ("breached", breached)):
        paths[name] = export_vtt(folder / f"{name}.dd2vtt", siege_file, FAST)
    return intact, paths


def gate_walk(siege_file) -> tuple[tuple[float, float], tuple[float, float]]:
    """A straight walk (file cells) from outside the gate, through its passage, into the
    bailey: down the middle of the gate's footprint, from 4 m before it to 5 m past it."""
    frame = vtt_frame(siege_file.siege, siege_file.images, FIVE_FEET_M, "map")
    xs, ys = zip(*siege_file.siege.structures["gate"].footprint, strict=True)
    middle = (min(xs) + max(xs)) / 2

    def cell(x, y):
        return ((x - frame[0]) / FIVE_FEET_M, (y - frame[1]) / FIVE_FEET_M)

    return cell(middle, max(ys) + 4), cell(middle, min(ys) - 5)


def stoppers(segments):
    return [s for s in segments if s.blocks_move]


@needs_node
def test_foundry_a_closed_gate_stops_the_walk_and_a_breached_one_does_not(castles, tmp_path):
    siege_file, paths = castles
    start, end = gate_walk(siege_file)
    intact = foundry(paths["intact"], tmp_path)
    across = stoppers(crossed(intact, start, end))
    assert [s.what for s in across] == ["door"]  # a door, closed until opened: not a window
    assert across[0].blocks_sight
    breached = foundry(paths["breached"], tmp_path)
    assert stoppers(crossed(breached, start, end)) == []
    assert not [s for s in breached if s.what in ("door", "window")]


@needs_node
def test_foundry_reads_every_field_as_meant(castles, tmp_path):
    siege_file, paths = castles
    document = json.loads(paths["intact"].read_text())
    raw = foundry_raw(paths["intact"], tmp_path)
    # One Foundry wall per line segment: standing walls and buildings (their courtyards
    # too); GetWalls adds a wall of no length where one line ends where the next begins
    # (two sections of a curtain wall), which stops nothing.
    expected = sum(len(line) - 1 for line in document["line_of_sight"])
    walls = [w["c"] for w in raw["walls"]]
    assert len([c for c in walls if (c[0], c[1]) != (c[2], c[3])]) == expected
    # objects_line_of_sight is not read by this importer (only its legacy "object walls"
    # option adds them): the intact castle has none anyway.
    assert all(door["door"] == 1 and door["sight"] == 20 for door in raw["doors"])
    # The scene's grid is the file's pixels a cell, which Foundry's default 5 ft measures.
    assert document["cell"] == {"metres": FIVE_FEET_M, "feet": 5.0}


@needs_node
def test_foundry_makes_a_fire_a_light_of_its_reach(tmp_path):
    siege_file = read_sample("armory")
    siege = siege_file.siege
    burning = next(s for s in siege.structures.values() if s.burns)
    siege.structures[burning.id] = burning.model_copy(update={"burning": True})
    path = export_vtt(tmp_path / "fire.dd2vtt", siege_file, FAST)
    document = json.loads(path.read_text())
    lights = foundry_raw(path, tmp_path)["lights"]
    assert len(lights) == 1
    light = lights[0]["config"]
    assert light["color"] == "#" + document["lights"][0]["color"][2:]
    # dim = range x the system's grid distance (5 ft): the reach in feet.
    assert light["dim"] == pytest.approx(document["lights"][0]["range"] * 5)


@needs_uvtt2fgu
def test_fantasy_grounds_a_closed_gate_stops_the_walk_and_a_breached_one_does_not(
        castles, tmp_path):
    siege_file, paths = castles
    start, end = gate_walk(siege_file)
    across = stoppers(crossed(fantasy_grounds(paths["intact"], tmp_path), start, end))
    assert [s.what for s in across] == ["door"]
    breached = fantasy_grounds(paths["breached"], tmp_path)
    on_the_way = crossed(breached, start, end)
    assert stoppers(on_the_way) == []
    # The gate's rubble is terrain there: one walks over it; it shields those behind it.
    assert [s.what for s in on_the_way] == ["terrain"]
    assert not [s for s in breached if s.what in ("door", "window")]


@pytest.mark.parametrize("mode", ["walls", "masks"])
def test_maptool_reads_the_gate(castles, mode):
    siege_file, paths = castles
    start, end = gate_walk(siege_file)
    intact = maptool(json.loads(paths["intact"].read_text()), mode)
    across = stoppers(crossed(intact, start, end))
    assert [s.what for s in across] == ["door"] and across[0].blocks_sight
    breached = maptool(json.loads(paths["breached"].read_text()), mode)
    on_the_way = crossed(breached, start, end)
    assert not [s for s in on_the_way if s.what in ("door", "window")]
    if mode == "masks":
        assert stoppers(on_the_way) == []  # rubble is hill/pit topology: walked over
    else:
        # MapTool's wall mode makes every object outline a wall that stops movement: the
        # rubble's outline closes the breach there (docs/vtt.md tells the GM).
        assert [s.what for s in stoppers(on_the_way)] == ["object"] * len(stoppers(on_the_way))


def test_maptool_takes_the_picture_and_its_grid():
    """MapTool decodes ``image`` as base64 and forces the grid to ``pixels_per_grid``
    (an int); the picture is whole cells of it."""
    siege_file = read_sample("armory")
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as folder:
        path = export_vtt(Path(folder) / "c.dd2vtt", siege_file, FAST)
        document = json.loads(path.read_text())
    ppg = document["resolution"]["pixels_per_grid"]
    picture = Image.open(io.BytesIO(base64.b64decode(document["image"])))
    size = document["resolution"]["map_size"]
    assert picture.size == (round(size["x"] * ppg), round(size["y"] * ppg))
    assert float(size["x"]).is_integer() and float(size["y"]).is_integer()
    maptool(document, "walls")  # accepted: format 0.3, an int pixels_per_grid


def test_owlbear_a_closed_gate_hides_the_bailey_and_a_breached_one_has_no_door(castles):
    siege_file, paths = castles
    start, end = gate_walk(siege_file)
    intact = owlbear(json.loads(paths["intact"].read_text()))
    across = crossed(intact, start, end)
    assert [s.what for s in across] == ["door"] and across[0].blocks_sight  # closed
    breached = owlbear(json.loads(paths["breached"].read_text()))
    on_the_way = crossed(breached, start, end)
    assert not [s for s in on_the_way if s.what == "door"]
    # Owlbear draws the rubble's outline as fog walls (sight), never a door or a window.
    assert all(s.what == "fog wall" for s in on_the_way)


def test_a_courtyard_has_its_walls_in_every_reader(tmp_path):
    """A building with a courtyard: its inner ring is written, so no reader lets sight
    from the courtyard through the building's walls."""
    from siegeboard.rules.build import new_structure

    siege_file = read_sample("armory")
    cloister = new_structure("armory", "brick_house", "cloister",
                             [(120, 10), (150, 10), (150, 40), (120, 40)], name="Cloister")
    cloister = cloister.model_copy(update={"holes": [[(128, 18), (142, 18), (142, 32),
                                                       (128, 32)]]})
    siege_file.siege.structures["cloister"] = cloister
    path = export_vtt(tmp_path / "cloister.dd2vtt", siege_file,
                      VttChoices(cell="2m", look="board", pixels_per_grid=16))
    document = json.loads(path.read_text())
    frame = vtt_frame(siege_file.siege, siege_file.images, 2.0, "board")
    middle = ((135 - frame[0]) / 2, (25 - frame[1]) / 2)  # the courtyard's middle, in cells
    outside = ((135 - frame[0]) / 2, (2 - frame[1]) / 2)
    for segments in (maptool(document, "walls"), owlbear(document)):
        walls = crossed(segments, middle, outside)
        assert len(walls) == 2  # the courtyard's ring, then the outer ring
    rings = [Polygon([(p["x"], p["y"]) for p in line]) for line in document["line_of_sight"]
             if len(line) > 3]
    assert any(ring.contains(Point(middle)) and ring.area < 60 for ring in rings)


def test_the_attribution_is_in_the_file_and_on_the_picture(tmp_path):
    siege_file = read_sample("armory")
    notice = "© OpenStreetMap contributors, ODbL 1.0"
    siege_file.siege.attribution = [notice, "Sanborn map, public domain"]
    plain = read_sample("armory")
    for look in ("map", "board"):
        path = export_vtt(tmp_path / f"{look}.dd2vtt", siege_file,
                          VttChoices(look=look, pixels_per_grid=20))
        document = json.loads(path.read_text())
        assert document["attribution"] == f"{notice}; Sanborn map, public domain"
        other = json.loads(export_vtt(tmp_path / f"plain-{look}.dd2vtt", plain,
                                      VttChoices(look=look, pixels_per_grid=20)).read_text())
        assert "attribution" not in other
        # The notice is printed in the picture's bottom-right corner: only there they differ.
        with_notice = Image.open(io.BytesIO(base64.b64decode(document["image"]))).convert("L")
        without = Image.open(io.BytesIO(base64.b64decode(other["image"]))).convert("L")
        from PIL import ImageChops
        box = ImageChops.difference(with_notice, without).getbbox()
        assert box is not None
        width, height = with_notice.size
        assert box[1] > height * 0.9 and box[2] > width * 0.5
