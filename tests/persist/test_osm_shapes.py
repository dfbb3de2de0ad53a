"""The OpenStreetMap reader's outlines, written by pyosmium as WKB and decoded at once
(``formats.osm_shapes``), are the numbers read node by node from pyosmium's areas: the same
rings, in the same order, closing corner included, on the real village extract, the castle
with its courtyards (XML and PBF) and a synthetic country."""

from __future__ import annotations

from pathlib import Path

import osmium
import pytest

from siegeboard.persist.formats import osm
from siegeboard.persist.formats.base import ImportReport

from .geo_files import as_pbf, castle_osm, small_country_pbf

VILLAGE = Path(__file__).parents[1] / "data" / "osm" / "kirchberg_an_der_iller_osmnx.osm"


def _node_by_node(path: Path) -> dict[str, list]:
    """Each building's or site's area, label -> polygons, read node by node."""
    found = {}
    for item in osmium.FileProcessor(str(path)).with_locations().with_areas():
        if not isinstance(item, osmium.osm.Area):
            continue
        tags = dict(item.tags)
        if not (osm.is_building(tags) or osm.is_site(tags)):
            continue
        label = f"way {item.orig_id()}" if item.from_way() else f"relation {item.orig_id()}"
        polygons = [([(node.lon, node.lat) for node in outer],
                     [[(node.lon, node.lat) for node in inner]
                      for inner in item.inner_rings(outer)])
                    for outer in item.outer_rings()]
        if polygons:  # none: pyosmium found its rings broken (the reader says so)
            found[label] = polygons
    return found


@pytest.fixture(scope="module")
def extracts(tmp_path_factory) -> list[Path]:
    folder = tmp_path_factory.mktemp("extracts")
    castle = castle_osm(folder / "castle.osm")
    return [VILLAGE, castle, as_pbf(castle, folder / "castle.osm.pbf"),
            small_country_pbf(folder / "country.osm.pbf", buildings=300, roads=500)]


def test_the_outlines_read_at_once_are_the_nodes_read_one_by_one(extracts):
    for path in extracts:
        expected = _node_by_node(path)
        features = osm._read_features(path, ImportReport())
        areas = {feature.label: feature.polygons for feature in features
                 if feature.label in expected}
        assert expected, path.name
        assert areas == expected, path.name
        for polygons in areas.values():
            for outer, holes in polygons:
                for ring in (outer, *holes):
                    assert all(type(x) is float and type(y) is float for x, y in ring)


def test_only_tagged_candidates_reach_python_and_none_is_lost(extracts):
    """The key filter keeps every way a building, wall or site could be."""
    for path in extracts:
        wanted = 0
        for item in osmium.FileProcessor(str(path)).with_filter(
                osmium.filter.EntityFilter(osmium.osm.WAY)):
            tags = dict(item.tags)
            wanted += osm.is_building(tags) or osm.is_wall(tags) or osm.is_site(tags)
        report = ImportReport()
        features = osm._read_features(path, report)
        from_ways = {feature.label for feature in features if feature.label.startswith("way")}
        left_out = [line for line in report.skipped if line.startswith("Way")]
        assert len(from_ways) + len(left_out) == wanted, path.name
