"""Where a door or gate closes, for every shape a GM draws or imports (RULINGS E2), and a
Universal VTT map taken through siegeboard and back: its pixels, its cell, its walls as
single lines and its doors where they were."""

from __future__ import annotations

import base64
import io
import json
import math
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from shapely import affinity
from shapely.geometry import LineString, Point, Polygon, box

from siegeboard.persist.formats.uvtt import UvttFormat
from siegeboard.persist.formats.uvtt.write import portal_line, strip_centre_line
from siegeboard.report.vtt_export import VttChoices, export_vtt

REAL = Path(__file__).parents[1] / "data" / "uvtt"
WALL = LineString([(-40, 0), (-3.5, 0)]), LineString([(3.5, 0), (40, 0)])  # a gap for a gate


def ring(polygon: Polygon) -> list[tuple[float, float]]:
    return list(polygon.exterior.coords)[:-1]


def closes(footprint, walls, through: tuple[tuple[float, float], tuple[float, float]]) -> bool:
    """Whether the portal of ``footprint`` stops a straight walk along ``through``."""
    start, end = portal_line(ring(footprint), list(walls))
    return LineString([start, end]).intersects(LineString(through))


ACROSS = ((0, 8), (0, -8))  # a walk through the gap, across the wall's line


def test_a_deep_gate_closes_across_its_passage_not_along_it():
    gate = box(-3, -5.5, 3, 5.5)  # 6 m wide, 11 m deep, the sample's proportions
    start, end = portal_line(ring(gate), list(WALL))
    assert {round(start[1], 6), round(end[1], 6)} == {0.0}  # on the wall's line
    assert math.dist(start, end) == pytest.approx(6.0)
    assert closes(gate, WALL, ACROSS)
    # A walk along the passage's side, outside the gate, is not stopped by it.
    assert not closes(gate, WALL, ((4, 8), (4, -8)))


@pytest.mark.parametrize("turn", [0, 30, 90, 135])
def test_a_thin_door_in_a_turned_wall_closes_along_the_wall(turn):
    door = affinity.rotate(box(-1.5, -0.25, 1.5, 0.25), turn, origin=(0, 0))
    walls = [affinity.rotate(line, turn, origin=(0, 0)) for line in WALL]
    walk = affinity.rotate(LineString(ACROSS), turn, origin=(0, 0))
    start, end = portal_line(ring(door), walls)
    assert math.dist(start, end) == pytest.approx(3.0)
    assert LineString([start, end]).intersects(walk)


def test_a_round_arch_and_an_l_shaped_gate_close_where_the_wall_runs_through_them():
    arch = Point(0, 0).buffer(3, quad_segs=8)
    start, end = portal_line(ring(arch), list(WALL))
    assert math.dist(start, end) == pytest.approx(6.0, abs=0.01)  # the arch's diameter
    assert closes(arch, WALL, ACROSS)
    ell = Polygon([(-3, -6), (3, -6), (3, 2), (8, 2), (8, 6), (-3, 6)])
    start, end = portal_line(ring(ell), list(WALL))
    assert abs(start[1]) < 1e-9 and abs(end[1]) < 1e-9 and math.dist(start, end) == pytest.approx(6)


def test_a_door_beside_its_wall_closes_on_the_side_that_meets_it():
    door = box(-1.5, 0.5, 1.5, 1.5)  # against the wall's face, the line passing beside it
    start, end = portal_line(ring(door), list(WALL))
    assert {round(start[1], 6), round(end[1], 6)} == {0.5}


def test_a_door_in_no_wall_closes_across_its_short_side():
    gate = box(10, 10, 16, 21)
    start, end = portal_line(ring(gate), [])
    assert math.dist(start, end) == pytest.approx(6.0)
    assert start[1] == pytest.approx(15.5) and end[1] == pytest.approx(15.5)


def test_a_bent_wall_section_keeps_its_bend():
    strip = LineString([(0, 0), (4, 0), (4, 3)]).buffer(0.25, cap_style="flat",
                                                         join_style="mitre")
    line = strip_centre_line(ring(strip))
    assert LineString(line).hausdorff_distance(LineString([(0, 0), (4, 0), (4, 3)])) < 1e-6


# -- a Universal VTT map through siegeboard and back --------------------------------------------


def _lines(document, key="line_of_sight"):
    origin = document["resolution"]["map_origin"]
    return [LineString([(p["x"] - origin["x"], p["y"] - origin["y"]) for p in line])
            for line in document.get(key, []) if len(line) >= 2]


def _picture(document) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(base64.b64decode(document["image"])))
                      .convert("RGB")).astype(float)


@pytest.mark.parametrize("name", ["dungeondraft_oganm_test.dd2vtt",
                                  "dungeondraft_sampleMap_f0.3_cropped.dd2vtt"])
def test_a_dungeondraft_map_goes_back_out_as_it_came_in(name, tmp_path):
    source = REAL / name
    original = json.loads(source.read_text())
    imported = UvttFormat().read(source)  # 5 ft cells, the import's default
    document = json.loads(export_vtt(tmp_path / name, imported, VttChoices()).read_text())
    # Its resolution and cell: the same pixels a cell, the same map, the same picture.
    resolution = original["resolution"]
    assert document["resolution"]["pixels_per_grid"] == resolution["pixels_per_grid"]
    assert document["resolution"]["map_size"] == {"x": resolution["map_size"]["x"],
                                                  "y": resolution["map_size"]["y"]}
    before, after = _picture(original), _picture(document)
    assert before.shape == after.shape
    assert np.abs(before - after).mean() < 3.0
    # Its walls: single lines on the lines they came in as (cut only where a door stands).
    came_in, went_out = _lines(original), _lines(document)
    doors = [LineString([(p["x"] - resolution["map_origin"]["x"],
                          p["y"] - resolution["map_origin"]["y"]) for p in portal["bounds"]])
             for portal in original["portals"]]
    frame = box(0, 0, resolution["map_size"]["x"], resolution["map_size"]["y"])
    # (Within half the imported wall's thickness, 0.5 m: 0.16 cells; a curved wall's
    # section ends are where its strip was cut, a little off the curve.)
    for line in went_out:
        assert max(min(Point(p).distance(other) for other in came_in)
                   for p in line.coords) < 0.2
    within = frame.buffer(-0.05)  # a wall along the picture's very edge is left aside
    for line in came_in:
        inside = line.intersection(within)
        if inside.length < 1.0:
            continue  # a wall shorter than a cell (a post, a stub) is one short line either way
        near = sum(out.intersection(inside.buffer(0.1)).length for out in went_out)
        gaps = sum(door.intersection(inside.buffer(0.1)).length for door in doors)
        assert near <= inside.length * 1.02 + 0.05, "a wall came back doubled"
        assert near + gaps >= inside.length * 0.9, "a wall went missing"
    # Its doors: where the closed portals were, across the same opening.
    closed = [door for door, portal in zip(doors, original["portals"], strict=True)
              if portal["closed"] and door.intersects(frame)]
    portals = [LineString([(p["x"], p["y"]) for p in portal["bounds"]])
               for portal in document["portals"]]
    assert len(portals) == len(closed)
    for door in closed:
        assert min(door.hausdorff_distance(portal) for portal in portals) < 0.05
