"""Made by the tests (geo_files.py): a castle with two courtyards as a multipolygon
relation, a town wall, the same as .osm.pbf, a GeoJSON in UTM 32N, malformed files."""

from __future__ import annotations

import json
import math

import pytest
from pyproj import Geod

from siegeboard.geometry import footprint_area, shape_of
from siegeboard.persist import SiegeFileError, read_siege
from siegeboard.persist.formats import ImportOptions, import_map
from siegeboard.persist.formats.kinds import (
    KindMapping,
    KindRule,
    default_mapping,
    load_mapping,
    parse_mapping,
)

from .geo_files import as_pbf, castle_osm, utm_geojson

GEOD = Geod(ellps="WGS84")


@pytest.fixture
def castle(tmp_path):
    return castle_osm(tmp_path / "castle.osm")


def _by_name(siege, start):
    return [s for s in siege.structures.values() if s.name.startswith(start)]


def test_the_castle_palace_comes_in_with_its_two_courtyards_as_holes(castle):
    imported = import_map(castle)
    siege = imported.siege
    (palace,) = _by_name(siege, "Palace")
    assert len(palace.holes) == 2
    assert palace.kind == "keep" and palace.stories == 4  # building:levels one for one
    # 60 x 40 m less two 15 x 20 m courtyards: 1,800 m2 (the layout's metres are rough, so
    # the truth is the geodesic area of what was written).
    assert footprint_area(shape_of(palace)) == pytest.approx(1800, rel=0.01)
    assert imported.report.made["courtyards"] == 2
    # The site is no structure, but names the siege.
    assert siege.name == "Schloss Testburg"
    assert any("site's outline" in note for note in imported.report.notes)
    assert not _by_name(siege, "Schloss")


def test_the_tower_gets_stories_from_its_height_by_h2(castle):
    (tower,) = _by_name(import_map(castle).siege, "Wall tower")
    assert tower.kind == "tower" and tower.stories == 4  # 12.5 m: ceil(12.5 / 4)


def test_the_town_wall_is_one_wall_of_its_width_and_the_garden_wall_takes_the_default(castle):
    siege = import_map(castle).siege
    walls = {}
    for structure in siege.structures.values():
        if structure.wall_id is not None:
            walls.setdefault(structure.wall_id, []).append(structure)
    assert len(walls) == 2
    town, garden = sorted(walls.values(), key=len, reverse=True)
    assert {s.kind for s in town} == {"curtain_wall"}
    assert "1.8 m thick" in town[0].gm_notes and "0.5 m thick" in garden[0].gm_notes
    # H12: one wall, sections sharing its DP; about 75 + 95 m of line, 1.8 m thick.
    area = sum(footprint_area(shape_of(s)) for s in town)
    assert area == pytest.approx(1.8 * 170, rel=0.03)


def test_the_same_castle_as_pbf_gives_the_same_siege(castle, tmp_path):
    pbf = as_pbf(castle, tmp_path / "castle.osm.pbf")
    from_xml, from_pbf = import_map(castle).siege, import_map(pbf).siege
    assert from_pbf.projection == from_xml.projection
    assert [(s.name, s.footprint, s.holes) for s in from_pbf.structures.values()] == [
        (s.name, s.footprint, s.holes) for s in from_xml.structures.values()]


def test_a_bbox_takes_part_of_the_extract(castle):
    lon, lat = 9.5209, 47.1394
    options = ImportOptions(bbox=(lon + 0.0008, lat - 0.0001, lon + 0.0011, lat + 0.0002))
    imported = import_map(castle, options)
    assert [s.name for s in imported.siege.structures.values()] == ["Wall tower 1"]
    assert any("outside the box" in note for note in imported.report.notes)


def test_a_second_import_in_the_first_ones_frame_lands_on_the_same_metres(castle, tmp_path):
    first = import_map(castle).siege
    only_tower = ImportOptions(projection=first.projection,
                               bbox=(9.5209 + 0.0008, 47.1393, 9.5209 + 0.0011, 47.1396))
    second = import_map(castle, only_tower).siege
    (tower_first,) = _by_name(first, "Wall tower")
    (tower_second,) = _by_name(second, "Wall tower")
    assert tower_second.footprint == tower_first.footprint


def test_a_geojson_in_utm_comes_in_in_true_metres_with_its_light_well(tmp_path):
    imported = import_map(utm_geojson(tmp_path / "utm.geojson"))
    siege = imported.siege
    houses = [s for s in siege.structures.values() if s.wall_id is None]
    walls = [s for s in siege.structures.values() if s.wall_id is not None]
    (house,) = houses
    assert house.kind == "stone_house" and len(house.holes) == 1
    # UTM's scale at 500 km E is 0.9996: 184 m2 on the grid is 184 / 0.9996^2 on the ground.
    assert footprint_area(shape_of(house)) == pytest.approx(184 / 0.9996 ** 2, rel=1e-4)
    assert sum(footprint_area(shape_of(s)) for s in walls) == pytest.approx(
        30 / 0.9996 * 0.5, rel=1e-3)
    assert siege.attribution == []


def test_the_mapping_can_skip_a_kind_and_the_cli_takes_it_with_a_bbox(castle, tmp_path, capsys):
    from siegeboard.cli import main

    mapping = KindMapping((KindRule("building", "building", "tower", "skip"),)
                          + default_mapping("harris").rules)
    mapping_path = tmp_path / "kinds.json"
    mapping.save(mapping_path)
    assert load_mapping(mapping_path) == mapping
    out = tmp_path / "town.siege"
    assert main(["import", str(castle), "-o", str(out), "--kinds", str(mapping_path),
                 "--bbox", "9.51,47.13,9.53,47.15"]) == 0
    printed = capsys.readouterr().out
    assert "the kind mapping skips building=tower" in printed
    siege = read_siege(out).siege
    assert not _by_name(siege, "Wall tower") and _by_name(siege, "Palace")
    assert siege.projection and "OpenStreetMap" in siege.attribution[0]


@pytest.mark.parametrize("text, words", [
    ("not json", "is not JSON"),
    ('{"rules": []}', "is not a siegeboard kind mapping"),
    ('{"siegeboard_kinds": 1, "rules": [{"for": "tree", "key": "a", "kind": "keep"}]}',
     '"for" must be building or wall'),
    ('{"siegeboard_kinds": 1, "rules": [{"for": "wall", "key": "a", "kind": "keep", '
     '"thickness_m": 0}]}', "thickness_m"),
])
def test_a_bad_mapping_is_refused_in_plain_words(text, words):
    with pytest.raises(ValueError, match=words):
        parse_mapping(text, "kinds.json")


def test_a_mapping_naming_a_kind_the_ruleset_has_not_is_refused(castle):
    mapping = KindMapping((KindRule("building", "*", "*", "keep"),))
    with pytest.raises(SiegeFileError, match="the armory ruleset has not"):
        import_map(castle, ImportOptions(ruleset="armory", kinds=mapping))


@pytest.mark.parametrize("name, content, words", [
    ("broken.osm", "<osm><node id='1' lat='x'", "cannot be read as an OpenStreetMap extract"),
    ("empty.osm", '<?xml version="1.0"?><osm version="0.6"></osm>', "holds no building"),
    ("text.osm.pbf", "this is not a pbf", "cannot be read as an OpenStreetMap extract"),
    ("bad.geojson", "{", "not valid JSON"),
    ("list.geojson", "[]", "holds no object"),
    ("point.geojson", json.dumps({"type": "Point", "coordinates": [0, 0]}),
     "not a GeoJSON feature collection"),
    ("crs.geojson", json.dumps({"type": "FeatureCollection", "features": [],
                                "crs": {"type": "name", "properties": {"name": "EPSG:999999"}}}),
     "does not know"),
    ("nan.geojson", '{"type": "FeatureCollection", "features": [], "x": NaN}', "not valid JSON"),
])
def test_malformed_files_get_one_plain_message(tmp_path, name, content, words):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SiegeFileError, match=words) as caught:
        import_map(path)
    assert "Traceback" not in str(caught.value) and "\n" not in str(caught.value)


def test_a_bad_feature_is_left_out_and_said_why_the_rest_comes_in(tmp_path):
    square = [[[0, 0], [0.0002, 0], [0.0002, 0.0002], [0, 0.0002], [0, 0]]]
    data = {"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {},
         "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [0, 1]]]}},
        {"type": "Feature", "properties": {},
         "geometry": {"type": "Polygon", "coordinates": [[[0, "a"], [1, 1]]]}},
        {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [0, 0]}},
        {"type": "Feature", "properties": {"name": "Mill"},
         "geometry": {"type": "Polygon", "coordinates": square}}]}
    path = tmp_path / "mixed.geojson"
    path.write_text(json.dumps(data), encoding="utf-8")
    imported = import_map(path)
    assert [s.name for s in imported.siege.structures.values()] == ["Mill"]
    skipped = " ".join(imported.report.skipped)
    assert "does not close" in skipped and "not two numbers" in skipped and "Point" in skipped
    truth = abs(GEOD.polygon_area_perimeter([0, 0.0002, 0.0002, 0], [0, 0, 0.0002, 0.0002])[0])
    (mill,) = imported.siege.structures.values()
    assert math.isclose(footprint_area(shape_of(mill)), truth, rel_tol=1e-5)
