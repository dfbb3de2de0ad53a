"""Synthetic real-map files for the import tests: a castle with courtyards as a multipolygon
relation, a town wall, the same as .osm.pbf (osmium's SimpleWriter), a GeoJSON in UTM 32N,
a country-sized extract of thousands of buildings and a GeoJSON city of up to a
hundred thousand (the benchmarks')."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import osmium
from pyproj import Transformer

LON, LAT = 9.5209, 47.1394  # Vaduz: the castle's courtyards are the example
M_LAT = 111_200.0  # metres a degree of latitude, near enough for laying out test shapes


def _lonlat(x: float, y: float, lon: float = LON, lat: float = LAT) -> tuple[float, float]:
    """(x east, y north) metres from (lon, lat) as lon/lat, roughly (tests measure truth
    geodesically from the coordinates written, not from these metres)."""
    return (lon + x / (M_LAT * math.cos(math.radians(lat))), lat + y / M_LAT)


def castle_osm(path: Path) -> Path:
    """A castle site (historic=castle, no building) holding a 60 x 40 m palace, one
    multipolygon relation with two 15 x 20 m courtyards, 4 levels; a tower 12.5 m high; a
    town wall 1.8 m wide (barrier=city_wall) and a garden wall with no width."""
    nodes: list[str] = []
    ways: list[str] = []
    counter = iter(range(1, 10_000))

    def node(x, y):
        number = next(counter)
        lon, lat = _lonlat(x, y)
        nodes.append(f'<node id="{number}" version="1" lat="{lat:.8f}" lon="{lon:.8f}"/>')
        return number

    def way(way_id, corners, tags=(), closed=True):
        refs = [node(x, y) for x, y in corners]
        if closed:
            refs.append(refs[0])
        body = "".join(f'<nd ref="{ref}"/>' for ref in refs)
        body += "".join(f'<tag k="{k}" v="{v}"/>' for k, v in tags)
        ways.append(f'<way id="{way_id}" version="1">{body}</way>')

    way(100, [(0, 0), (60, 0), (60, 40), (0, 40)])
    way(101, [(5, 10), (20, 10), (20, 30), (5, 30)])
    way(102, [(40, 10), (55, 10), (55, 30), (40, 30)])
    way(103, [(-20, -20), (90, -20), (90, 70), (-20, 70)],
        [("historic", "castle"), ("name", "Schloss Testburg")])
    way(104, [(70, 0), (76, 0), (76, 6), (70, 6)],
        [("building", "tower"), ("height", "12.5")])
    way(105, [(-15, -15), (-15, 60), (80, 60)], [("barrier", "city_wall"), ("width", "1.8")],
        closed=False)
    way(106, [(-10, -30), (30, -30)], [("barrier", "wall")], closed=False)
    relation = ('<relation id="200" version="1"><member type="way" ref="100" role="outer"/>'
                '<member type="way" ref="101" role="inner"/>'
                '<member type="way" ref="102" role="inner"/>'
                '<tag k="type" v="multipolygon"/><tag k="building" v="castle"/>'
                '<tag k="building:levels" v="4"/><tag k="name" v="Palace"/></relation>')
    path.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6">\n'
                    + "\n".join(nodes + ways + [relation]) + "\n</osm>\n", encoding="utf-8")
    return path


def as_pbf(source: Path, target: Path) -> Path:
    """``source`` (.osm) rewritten as .osm.pbf with osmium's SimpleWriter."""
    writer = osmium.SimpleWriter(str(target))
    try:
        for item in osmium.FileProcessor(str(source)):
            if item.is_node():
                writer.add_node(item)
            elif item.is_way():
                writer.add_way(item)
            elif item.is_relation():
                writer.add_relation(item)
    finally:
        writer.close()
    return target


def utm_geojson(path: Path) -> Path:
    """Two features in EPSG:25832 (ETRS89 / UTM 32N): a 20 x 10 m house with a 4 x 4 m
    light well, and a wall line 30 m long."""
    easting, northing = 500_000.0, 5_300_000.0
    house = [[[easting + x, northing + y] for x, y in ring] for ring in (
        [(0, 0), (20, 0), (20, 10), (0, 10), (0, 0)],
        [(8, 3), (12, 3), (12, 7), (8, 7), (8, 3)])]
    wall = [[easting, northing - 10], [easting + 30, northing - 10]]
    data = {"type": "FeatureCollection",
            "crs": {"type": "name", "properties": {"name": "EPSG:25832"}},
            "features": [
                {"type": "Feature", "properties": {"mat_type": "stone"},
                 "geometry": {"type": "Polygon", "coordinates": house}},
                {"type": "Feature", "properties": {"barrier": "wall"},
                 "geometry": {"type": "LineString", "coordinates": wall}}]}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def country_osm(path: Path, buildings: int = 3_200) -> Path:
    """A synthetic extract of ``buildings`` houses (10 x 8 m, some L-shaped, every tenth with
    a courtyard) scattered over about 40 x 40 km: a country-sized import."""
    side = math.ceil(math.sqrt(buildings))
    step = 40_000 / side
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<osm version="0.6">']
    ways = []
    next_node = 1
    for number in range(buildings):
        ox = (number % side) * step - 20_000
        oy = (number // side) * step - 20_000
        rings = [[(0, 0), (10, 0), (10, 8), (0, 8)]]
        if number % 10 == 3:
            rings = [[(0, 0), (30, 0), (30, 30), (0, 30)], [(8, 8), (22, 8), (22, 22), (8, 22)]]
        elif number % 3 == 1:
            rings = [[(0, 0), (12, 0), (12, 5), (5, 5), (5, 12), (0, 12)]]
        refs_per_ring = []
        for ring in rings:
            refs = []
            for x, y in ring:
                lon, lat = _lonlat(ox + x, oy + y, 10.0, 48.0)
                lines.append(f'<node id="{next_node}" version="1" lat="{lat:.8f}" '
                             f'lon="{lon:.8f}"/>')
                refs.append(next_node)
                next_node += 1
            refs_per_ring.append(refs + [refs[0]])
        if len(rings) == 1:
            body = "".join(f'<nd ref="{r}"/>' for r in refs_per_ring[0])
            ways.append(f'<way id="{number * 3 + 1}" version="1">{body}'
                        f'<tag k="building" v="house"/></way>')
        else:
            members = ""
            for part, refs in enumerate(refs_per_ring):
                way_id = number * 3 + 1 + part
                ways.append(f'<way id="{way_id}" version="1">'
                            + "".join(f'<nd ref="{r}"/>' for r in refs) + "</way>")
                members += (f'<member type="way" ref="{way_id}" '
                            f'role="{"outer" if part == 0 else "inner"}"/>')
            ways.append(f'<relation id="{number + 1}" version="1">{members}'
                        f'<tag k="type" v="multipolygon"/><tag k="building" v="farm"/>'
                        f'</relation>')
    way_lines = [w for w in ways if w.startswith("<way")]
    relation_lines = [w for w in ways if w.startswith("<relation")]
    path.write_text("\n".join(lines + way_lines + relation_lines + ["</osm>"]) + "\n",
                    encoding="utf-8")
    return path


def utm_to_lonlat(easting: float, northing: float) -> tuple[float, float]:
    return Transformer.from_crs("EPSG:25832", "EPSG:4326", always_xy=True).transform(
        easting, northing)


CITY_LON, CITY_LAT = 9.52, 47.14
CITY_SPACING_M = 25.0


def city_geojson(path: Path, buildings: int = 100_000, seed: int = 35) -> Path:
    """A city of ``buildings`` houses on a jittered grid (about 25 m apart, so 100,000 cover
    some 8 x 8 km), every third L-shaped, every tenth with a courtyard, with the tags a real
    extract carries (``building``, ``building:levels``, an address). Seeded: the same
    arguments give the same bytes."""
    rng = random.Random(seed)
    to_lonlat = Transformer.from_crs(
        f"+proj=tmerc +lat_0={CITY_LAT} +lon_0={CITY_LON} +k=1 +ellps=WGS84 +units=m",
        "EPSG:4326", always_xy=True)
    side = math.ceil(math.sqrt(buildings))
    half = side * CITY_SPACING_M / 2
    features = []
    for number in range(buildings):
        ox = (number % side) * CITY_SPACING_M - half + rng.uniform(-3, 3)
        oy = (number // side) * CITY_SPACING_M - half + rng.uniform(-3, 3)
        w, d = rng.uniform(7, 14), rng.uniform(6, 11)
        if number % 10 == 3:
            rings = [[(0, 0), (20, 0), (20, 20), (0, 20)], [(6, 6), (14, 6), (14, 14), (6, 14)]]
        elif number % 3 == 1:
            rings = [[(0, 0), (w, 0), (w, d / 2), (w / 2, d / 2), (w / 2, d), (0, d)]]
        else:
            rings = [[(0, 0), (w, 0), (w, d), (0, d)]]
        coordinates = []
        for ring in rings:
            xs = [ox + x for x, _ in ring] + [ox + ring[0][0]]
            ys = [oy + y for _, y in ring] + [oy + ring[0][1]]
            lons, lats = to_lonlat.transform(xs, ys)
            coordinates.append([[round(lon, 8), round(lat, 8)] for lon, lat
                                in zip(lons, lats, strict=True)])
        properties: dict[str, object] = {"building": "house" if number % 7 else "yes"}
        if number % 4 == 0:
            properties["building:levels"] = str(1 + number % 3)
        if number % 5 == 0:
            properties["addr:street"] = f"Gasse {number // 997}"
            properties["addr:housenumber"] = str(number % 997 + 1)
        features.append({"type": "Feature", "id": number + 1, "properties": properties,
                         "geometry": {"type": "Polygon", "coordinates": coordinates}})
    data = {"type": "FeatureCollection", "name": "Synthetic city",
            "attribution": "synthetic, made by tests/bench/big_geojson.py",
            "features": features}
    path.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    return path


def small_country_pbf(path: Path, buildings: int = 20_000, roads: int = 45_000,
                      seed: int = 1719) -> Path:
    """An OpenStreetMap PBF shaped like the Liechtenstein extract (about 3 MB): ``buildings``
    houses of 4 to 8 corners scattered over about 25 x 12 km in villages, tagged as a real
    extract tags them (building, address, levels, roof), with ``roads`` (highway lines, not
    structures) and places of interest between them, written by pyosmium. Seeded."""
    rng = random.Random(seed)
    villages = [(rng.uniform(-12_000, 12_000), rng.uniform(-6_000, 6_000)) for _ in range(11)]
    streets = [f"{name}strasse" for name in ("Land", "Haupt", "Kirch", "Schloss", "Feld",
                                             "Berg", "Au", "Wiesen", "Rhein", "Dorf")]
    writer = osmium.SimpleWriter(str(path))
    next_node = 1
    ways = []

    def place(x: float, y: float) -> int:
        nonlocal next_node
        lon, lat = _lonlat(x, y, 9.55, 47.15)
        writer.add_node(osmium.osm.mutable.Node(id=next_node, location=(lon, lat), version=1))
        next_node += 1
        return next_node - 1

    try:
        for number in range(buildings):
            cx, cy = rng.choice(villages)
            ox, oy = cx + rng.gauss(0, 700), cy + rng.gauss(0, 500)
            w, d = rng.uniform(6, 16), rng.uniform(6, 12)
            corners = [(0, 0), (w, 0), (w, d), (0, d)]
            if number % 3 == 1:
                corners = [(0, 0), (w, 0), (w, d / 2), (w / 2, d / 2), (w / 2, d), (0, d)]
            elif number % 5 == 2:
                corners = [(0, 0), (w / 2, -1.5), (w, 0), (w, d), (w / 2, d + 1.5), (0, d)]
            turn = rng.uniform(0, math.pi)
            refs = [place(ox + x * math.cos(turn) - y * math.sin(turn),
                          oy + x * math.sin(turn) + y * math.cos(turn)) for x, y in corners]
            tags = {"building": rng.choice(("house", "yes", "residential", "apartments",
                                            "farm_auxiliary", "garage"))}
            if rng.random() < 0.7:
                tags.update({"addr:street": rng.choice(streets),
                             "addr:housenumber": str(rng.randint(1, 180)),
                             "addr:postcode": str(rng.choice((9485, 9490, 9491, 9492, 9494))),
                             "addr:city": "Vaduz"})
            if rng.random() < 0.4:
                tags["building:levels"] = str(rng.randint(1, 4))
            if rng.random() < 0.3:
                tags["roof:shape"] = rng.choice(("gabled", "hipped", "flat"))
            ways.append(osmium.osm.mutable.Way(id=number + 1, nodes=refs + refs[:1],
                                               tags=tags, version=1))
        for number in range(roads):
            x, y = rng.choice(villages)
            x, y = x + rng.gauss(0, 900), y + rng.gauss(0, 700)
            refs = []
            for _ in range(rng.randint(6, 16)):
                x, y = x + rng.uniform(-40, 40), y + rng.uniform(-40, 40)
                refs.append(place(x, y))
            ways.append(osmium.osm.mutable.Way(
                id=buildings + number + 1, nodes=refs, version=1,
                tags={"highway": rng.choice(("residential", "service", "track", "footway")),
                      "name": rng.choice(streets), "surface": "asphalt"}))
        for way in ways:
            writer.add_way(way)
    finally:
        writer.close()
    return path
