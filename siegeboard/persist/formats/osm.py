"""OpenStreetMap extracts (.osm XML, .osm.pbf) as structures, read with pyosmium.

What becomes what (the rest as ``geo.build_siege`` says):

- every way or multipolygon relation tagged ``building=*`` (any value but ``no``) becomes a
  building: pyosmium's area handler assembles closed ways and multipolygon relations, and
  each outer ring with its inner rings (courtyards, as holes) is one structure;
- ``barrier=wall``, ``barrier=city_wall`` and ``wall=*`` ways (and ``historic=citywalls``)
  that are not buildings become walls, one wall a way;
- a ``historic=castle`` that is not itself a building is the site's outline (no structure);
- a building the file cannot close (a way that does not close, a relation with members
  missing from the extract) is left out and reported with the reason.

``ImportOptions.bbox`` (W, S, E, N) keeps the features with a point inside the box. The
data's notice ("© OpenStreetMap contributors", ODbL) is kept with the siege.
"""

from __future__ import annotations

from pathlib import Path

import osmium

from siegeboard.persist.formats.base import (
    CityFormat,
    ImportedMap,
    ImportOptions,
    ImportReport,
    Progress,
    resolve_options,
)
from siegeboard.persist.formats.geo import (
    OSM_ATTRIBUTION,
    WGS84,
    GeoFeature,
    build_siege,
    crs_named,
    in_bbox,
)
from siegeboard.persist.formats.osm_shapes import area_wkb, lines_of, polygons_of, way_wkb
from siegeboard.persist.siege_file import SiegeFileError

SUFFIXES = (".osm", ".osm.pbf")
MAX_FILE_BYTES = 2_000_000_000
WALL_TAGS = (("barrier", "wall"), ("barrier", "city_wall"), ("historic", "citywalls"))
# The keys that make a building, a wall or a site (``is_building``, ``is_wall``, ``is_site``):
# nothing without one of them is read into Python.
KEYS = ("building", "barrier", "wall", "historic")


def is_building(tags) -> bool:
    value = tags.get("building")
    return value is not None and value != "no"


def is_wall(tags) -> bool:
    return ("wall" in tags and tags.get("wall") != "no") or any(
        tags.get(key) == value for key, value in WALL_TAGS)


def is_site(tags) -> bool:
    return tags.get("historic") == "castle" and not is_building(tags)


class OsmFormat(CityFormat):
    """OpenStreetMap XML (.osm) and PBF (.osm.pbf) extracts."""

    name = "OpenStreetMap extract"
    name_filter = "OpenStreetMap extracts (*.osm *.osm.pbf)"
    suffixes = SUFFIXES
    can_write = False

    def read_city(self, path: str | Path, options: ImportOptions | None,
                  progress: Progress | None) -> ImportedMap:
        path = Path(path)
        name = path.name
        options = resolve_options(options, name)
        if not path.is_file():
            raise SiegeFileError(f"{name}: no such file" if not path.exists()
                                 else f"{name} is a folder, not a map file")
        if path.stat().st_size > MAX_FILE_BYTES:
            raise SiegeFileError(f"{name} is larger than {MAX_FILE_BYTES // 10**9} GB")
        if progress:
            progress(0, 3)
        report = ImportReport(source=name)
        features = _read_features(path, report)
        if progress:
            progress(1, 3)
        if options.bbox is not None:
            inside = [f for f in features if in_bbox(f, options.bbox)]
            outside = len(features) - len(inside)
            if outside:
                report.notes.append(f"{outside:,} feature{'s' if outside != 1 else ''} outside "
                                    f"the box {','.join(f'{v:g}' for v in options.bbox)} "
                                    f"left out.")
            features = inside
        result = build_siege(features, options, report, name=_stem(path), source=name,
                             source_crs=crs_named(WGS84, name), attribution=[OSM_ATTRIBUTION])
        if progress:
            progress(3, 3)
        return result

    def write(self, path: str | Path, siege_file) -> None:
        raise SiegeFileError("siegeboard reads OpenStreetMap extracts but does not write them")


def _stem(path: Path) -> str:
    name = path.name
    for suffix in (".osm.pbf", ".osm", ".pbf"):
        if name.lower().endswith(suffix):
            return name[: -len(suffix)]
    return path.stem


def _ring(nodes) -> list[tuple[float, float]]:
    return [(node.lon, node.lat) for node in nodes]


def _read_features(path: Path, report: ImportReport) -> list[GeoFeature]:
    """Buildings (areas), walls (ways) and sites from the file, in the file's order; the
    buildings pyosmium could not assemble are reported here. Only what carries a key of
    ``KEYS`` reaches Python (a country's roads do not), and the outlines are read in C++ and
    decoded at once (``osm_shapes``)."""
    features: list[GeoFeature] = []
    areas: list[tuple[GeoFeature, str]] = []  # each area's feature and its outline's WKB
    building_relations: dict[int, GeoFeature] = {}
    # id -> tags, why it would not be an area, its closed ring's WKB (for a ring that crosses
    # itself)
    building_ways: dict[int, tuple[dict[str, str], str, str | None]] = {}
    assembled: set[int] = set()
    assembled_ways: set[int] = set()
    read = {"buildings": 0, "wall lines": 0}
    try:
        processor = (osmium.FileProcessor(str(path)).with_locations().with_areas()
                     .with_filter(osmium.filter.EntityFilter(
                         osmium.osm.WAY | osmium.osm.RELATION | osmium.osm.AREA))
                     .with_filter(osmium.filter.KeyFilter(*KEYS)))
        for item in processor:
            if isinstance(item, osmium.osm.Area):
                # A closed way's area comes after the way, with its tags: read once.
                seen = building_ways.get(item.orig_id()) if item.from_way() else None
                tags = seen[0] if seen is not None else dict(item.tags)
                building, site = is_building(tags), is_site(tags)
                if not building and not site:
                    continue
                label = (f"way {item.orig_id()}" if item.from_way()
                         else f"relation {item.orig_id()}")
                if not item.num_rings()[0]:
                    continue  # pyosmium found the rings broken: reported below
                try:
                    outline = area_wkb(item)
                except osmium.InvalidLocationError:
                    report.skipped.append(f"{label.capitalize()}: some of its nodes are missing "
                                          f"from the file.")
                    continue
                except RuntimeError:  # libosmium's geometry error: an outline it cannot write
                    report.skipped.append(f"{label.capitalize()}: its outline cannot be "
                                          f"assembled.")
                    continue
                (assembled_ways if item.from_way() else assembled).add(item.orig_id())
                feature = GeoFeature("building" if building else "site", label, tags)
                features.append(feature)
                areas.append((feature, outline))
            elif isinstance(item, osmium.osm.Way):
                tags = dict(item.tags)
                if is_building(tags) or is_site(tags):
                    read["buildings"] += is_building(tags)
                    building_ways[item.id] = (tags, *_why_not_an_area(item))
                    continue
                if is_wall(tags):
                    read["wall lines"] += 1
                    try:
                        line = _ring(item.nodes)
                    except osmium.InvalidLocationError:
                        report.skipped.append(f"Way {item.id} (a wall): some of its nodes are "
                                              f"missing from the file.")
                        continue
                    features.append(GeoFeature("wall", f"way {item.id}", tags, lines=[line]))
            elif isinstance(item, osmium.osm.Relation):
                tags = dict(item.tags)
                if is_building(tags) and tags.get("type") in ("multipolygon", "building"):
                    read["buildings"] += 1
                    building_relations[item.id] = GeoFeature("building",
                                                             f"relation {item.id}", tags)
    except (RuntimeError, ValueError, OverflowError, osmium.InvalidLocationError) as error:
        # What pyosmium raises for a file it cannot read: RuntimeError (libosmium's io and
        # format errors), ValueError ("illegal id" past 2^63), InvalidLocationError (a
        # coordinate of 1000 or "nan", raised while the file is read, not only when a node
        # is looked at).
        raise SiegeFileError(f"{path.name} cannot be read as an OpenStreetMap extract "
                             f"({_first_line(error)})") from None
    for (feature, _), polygons in zip(areas, polygons_of([shape for _, shape in areas]),
                                      strict=True):
        feature.polygons = polygons
    del areas
    crossing = [(way_id, ring) for way_id, (tags, _, ring) in building_ways.items()
                if way_id not in assembled_ways and ring is not None and is_building(tags)]
    rings = dict(zip((way_id for way_id, _ in crossing),
                     lines_of([ring for _, ring in crossing]), strict=True))
    for way_id, (tags, why, _) in building_ways.items():
        if way_id in assembled_ways:
            continue
        if way_id in rings:
            # pyosmium refuses a ring that touches or crosses itself; the builder mends it
            # (its largest part, reported) as it does any other outline.
            features.append(GeoFeature("building", f"way {way_id}", tags,
                                       polygons=[(rings[way_id][:-1], [])]))
        else:
            report.skipped.append(f"Way {way_id} (building={tags.get('building')}): {why}.")
    for relation_id, feature in building_relations.items():
        if relation_id not in assembled:
            report.skipped.append(
                f"Relation {relation_id} (building={feature.tags.get('building')}"
                f"{', ' + feature.tags['name'] if 'name' in feature.tags else ''}): its "
                f"outline cannot be assembled: members are missing from the extract or its "
                f"rings do not close.")
    report.read = {noun: count for noun, count in read.items() if count}
    return features


def _why_not_an_area(way) -> tuple[str, str | None]:
    """Why pyosmium would make no area of a building way (said only if it makes none), and
    for a way that closes with every node in the file, its ring's WKB (``osm_shapes``)."""
    nodes = way.nodes
    if len(nodes) < 4:
        return (f"its outline has {len(nodes)} node{'s' if len(nodes) != 1 else ''}, too few "
                f"to enclose an area"), None
    if not way.is_closed():
        return "its outline does not close, so it encloses no area", None
    try:
        ring = way_wkb(way)
    except osmium.InvalidLocationError:
        return "some of its nodes are missing from the file", None
    return "its outline crosses itself or folds back, so it is no area", ring


def _first_line(error: Exception) -> str:
    return (str(error).strip().splitlines() or ["not a map file"])[0][:200]
