"""The bulk way of making a real map's buildings (``geo.build_siege(bulk=True)``, the default)
gives the very siege, report and file of the plain way, one structure at a time, on a small
city with every unusual outline the plain way handles on its own (issue 35: a city's import
made fast must not become a different import)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from persist.geo_files import city_geojson

from siegeboard.persist import SiegeFile
from siegeboard.persist.formats import ImportOptions, geo
from siegeboard.persist.formats.geojson import GeoJsonFormat
from siegeboard.persist.siege_file import encode_siege


def _odd_features() -> list[dict]:
    """Outlines the bulk way leaves to the plain way, or must get as right as it."""
    def polygon(*rings, **properties):
        return {"type": "Feature", "properties": properties or {"building": "yes"},
                "geometry": {"type": "Polygon", "coordinates": [list(r) for r in rings]}}
    x, y = 9.53, 47.15
    d = 0.0001  # about 7.6 m east, 11 m north
    square = [(x, y), (x + d, y), (x + d, y + d), (x, y + d), (x, y)]
    bow_tie = [(x, y + 2 * d), (x + d, y + 3 * d), (x + d, y + 2 * d), (x, y + 3 * d),
               (x, y + 2 * d)]
    tiny = [(x, y + 4 * d), (x + 1e-7, y + 4 * d), (x + 1e-7, y + 4 * d + 1e-7),
            (x, y + 4 * d)]
    short_side = [(x + 2 * d, y), (x + 3 * d, y), (x + 3 * d, y + d),
                  (x + 2 * d + 2e-7, y + d), (x + 2 * d, y + d), (x + 2 * d, y)]
    outer = [(x + 4 * d, y), (x + 7 * d, y), (x + 7 * d, y + 3 * d), (x + 4 * d, y + 3 * d),
             (x + 4 * d, y)]
    hole = [(x + 5 * d, y + d), (x + 6 * d, y + d), (x + 6 * d, y + 2 * d), (x + 5 * d, y + 2 * d),
            (x + 5 * d, y + d)]
    hole_outside = [(x + 9 * d, y), (x + 10 * d, y), (x + 10 * d, y + d), (x + 9 * d, y)]
    multi = {"type": "Feature", "properties": {"building": "church", "name": "St Anne"},
             "geometry": {"type": "MultiPolygon",
                          "coordinates": [[[list(p) for p in square]], [[list(p) for p in tiny]]]}}
    wall = {"type": "Feature", "properties": {"barrier": "city_wall"},
            "geometry": {"type": "LineString", "coordinates": [[x - d, y - d], [x + 8 * d, y - d]]}}
    across = [(x + 6 * d, y + d), (x + 8 * d, y + d), (x + 8 * d, y + 2 * d),
              (x + 6 * d, y + 2 * d), (x + 6 * d, y + d)]
    along = [(x + 4 * d, y + d), (x + 5 * d, y + d), (x + 5 * d, y + 2 * d),
             (x + 4 * d, y + 2 * d), (x + 4 * d, y + d)]
    spike = [(x, y + 5 * d), (x + d, y + 5 * d), (x + d, y + 6 * d), (x + d, y + 7 * d),
             (x + d, y + 6 * d), (x, y + 6 * d), (x, y + 5 * d)]
    repeated = [(x + 2 * d, y + 5 * d), (x + 3 * d, y + 5 * d), (x + 3 * d, y + 5 * d),
                (x + 3 * d, y + 6 * d), (x + 2 * d, y + 6 * d), (x + 2 * d, y + 5 * d)]
    l_shape = [(x + 4 * d, y + 5 * d), (x + 6 * d, y + 5 * d), (x + 6 * d, y + 6 * d),
               (x + 5 * d, y + 6 * d), (x + 5 * d, y + 7 * d), (x + 4 * d, y + 7 * d),
               (x + 4 * d, y + 5 * d)]
    return [polygon(square, **{"building": "house", "building:levels": "3"}),
            polygon(outer, across), polygon(outer, along), polygon(outer, hole, hole),
            polygon(spike), polygon(repeated), polygon(l_shape),
            polygon(bow_tie), polygon(tiny), polygon(short_side),
            polygon(outer, hole), polygon(outer, hole_outside), multi, wall,
            polygon(square, amenity="parking"),  # no rule: skipped, reported
            polygon(square, building="yes", height="not a height")]


@pytest.fixture(scope="module")
def town(tmp_path_factory) -> Path:
    path = city_geojson(tmp_path_factory.mktemp("town") / "town.geojson", 400)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["features"][100:100] = _odd_features()
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _imported(path: Path, bulk: bool, monkeypatch: pytest.MonkeyPatch):
    plain = geo.build_siege

    def build(*args, **kwargs):
        return plain(*args, **kwargs, bulk=bulk)

    with monkeypatch.context() as patch:
        patch.setattr("siegeboard.persist.formats.geojson.build_siege", build)
        return GeoJsonFormat().read(path, ImportOptions())


def test_the_bulk_way_makes_the_siege_of_the_plain_way(town, monkeypatch):
    fast = _imported(town, True, monkeypatch)
    slow = _imported(town, False, monkeypatch)
    assert len(slow.siege.structures) > 400
    assert list(fast.siege.structures) == list(slow.siege.structures)
    for key, structure in slow.siege.structures.items():
        assert fast.siege.structures[key] == structure, key
    assert fast.siege == slow.siege
    assert fast.report == slow.report
    assert slow.report.skipped and slow.report.notes  # the odd ones were met, and said
    assert encode_siege(SiegeFile(siege=fast.siege)) == encode_siege(SiegeFile(siege=slow.siege))


def test_the_bulk_way_is_the_default(town, monkeypatch):
    called = []
    plain = geo._bulk_outlines

    def spy(*args, **kwargs):
        called.append(True)
        return plain(*args, **kwargs)

    monkeypatch.setattr(geo, "_bulk_outlines", spy)
    GeoJsonFormat().read(town, ImportOptions())
    assert called


def test_most_of_a_town_is_made_without_validating_each_structure(town, monkeypatch):
    """The bulk way's footprints are certainly valid for nearly every house, so most
    structures are copies (``rules.bulk_build``), not validated one by one."""
    from siegeboard.rules import bulk_build

    given = []
    plain = bulk_build.BulkStructures.structure

    def spy(self, *args, **kwargs):
        given.append(kwargs.get("footprint_checked", False))
        return plain(self, *args, **kwargs)

    monkeypatch.setattr(bulk_build.BulkStructures, "structure", spy)
    GeoJsonFormat().read(town, ImportOptions())
    assert sum(given) > 0.9 * 400
