"""Real extracts nobody on the team made (tests/data/osm/, see its NOTICE): every building
comes in or is reported, and each footprint's area matches pyproj's geodesic area of the
file's own coordinates (read here without pyosmium) within 0.5 %."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path

import pytest
from pyproj import Geod

from siegeboard.geometry import footprint_area, shape_of
from siegeboard.persist.formats import import_map
from siegeboard.persist.formats.geo import OSM_ATTRIBUTION

DATA = Path(__file__).parents[1] / "data" / "osm"
VILLAGE = DATA / "kirchberg_an_der_iller_osmnx.osm"
SANBORN = DATA / "plainfield_1893_structures.geojson"
GEOD = Geod(ellps="WGS84")
TOLERANCE = 0.005


def geodesic_area(lonlat: list[tuple[float, float]]) -> float:
    area, _ = GEOD.polygon_area_perimeter([p[0] for p in lonlat], [p[1] for p in lonlat])
    return abs(area)


def village_ways() -> dict[int, list[tuple[float, float]]]:
    """Building ways of the village, id -> lon/lat ring, straight from the XML."""
    root = ElementTree.parse(VILLAGE).getroot()
    nodes = {node.get("id"): (float(node.get("lon")), float(node.get("lat")))
             for node in root.iter("node")}
    ways = {}
    for way in root.iter("way"):
        tags = {tag.get("k"): tag.get("v") for tag in way.iter("tag")}
        if "building" in tags:
            ways[int(way.get("id"))] = [nodes[nd.get("ref")] for nd in way.iter("nd")
                                        if nd.get("ref") in nodes]
    return ways


@pytest.fixture(scope="module")
def village():
    return import_map(VILLAGE)


def test_every_building_of_the_village_comes_in_or_is_reported_with_its_reason(village):
    report = village.report
    assert report.read == {"buildings": 34}
    made = {int(re.match(r"Imported from way (\d+)", s.gm_notes).group(1))
            for s in village.siege.structures.values()}
    skipped = {int(re.search(r"(?:Way|Relation) (\d+)", line).group(1))
               for line in report.skipped}
    assert len(made) == report.made["buildings"] == 31
    assert skipped == {275490779, 318560, 514007867}
    assert len(made) + len(skipped) == 34
    # The broken relation (members missing on purpose) is named and said why.
    relation = next(line for line in report.skipped if "318560" in line)
    assert "members are missing" in relation
    assert any("275490779" in line and "1 node" in line for line in report.skipped)


def test_village_footprints_have_their_geodesic_area_within_half_a_percent(village):
    ways = village_ways()
    errors = []
    for structure in village.siege.structures.values():
        way = int(re.match(r"Imported from way (\d+)", structure.gm_notes).group(1))
        if way == 275490781:
            continue  # its outline crosses itself: its largest part came in (reported)
        truth = geodesic_area(ways[way][:-1])
        errors.append(abs(footprint_area(shape_of(structure)) - truth) / truth)
    assert len(errors) == 30
    assert max(errors) < TOLERANCE, max(errors)


def test_the_village_keeps_its_frame_and_the_odbl_notice(village):
    siege = village.siege
    assert siege.projection.startswith("+proj=tmerc +lat_0=48.13")
    assert siege.attribution == [OSM_ATTRIBUTION]
    assert siege.map is None
    # Levels tagged one for one: Beethovenstrasse 17 has building:levels=2.
    assert any(s.stories == 2 for s in siege.structures.values())


def test_the_1893_town_comes_in_by_its_material_and_its_yards_are_skipped():
    imported = import_map(SANBORN)
    kinds = Counter(s.kind for s in imported.siege.structures.values())
    assert kinds == {"timber_house": 111, "stone_house": 2}
    assert len(imported.report.skipped) == 5
    assert all("mat_type=yard" in line for line in imported.report.skipped)
    features = json.loads(SANBORN.read_text(encoding="utf-8"))["features"]
    assert Counter(f["properties"]["mat_type"] for f in features) == {
        "wood": 111, "stone": 2, "yard": 5}
    errors = []
    for structure in imported.siege.structures.values():
        number = int(re.match(r"Imported from feature (\d+)", structure.gm_notes).group(1))
        polygons = features[number - 1]["geometry"]["coordinates"]
        assert len(polygons) == 1
        truth = geodesic_area([tuple(p) for p in polygons[0][0][:-1]])
        errors.append(abs(footprint_area(shape_of(structure)) - truth) / truth)
    assert max(errors) < TOLERANCE, max(errors)
