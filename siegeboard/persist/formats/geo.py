"""Real maps (OpenStreetMap, GeoJSON) as structures: what both importers share.

A reader turns its file into ``GeoFeature``s (areas with their holes, wall lines, a site's
outline) in the file's coordinates; ``build_siege`` does the rest:

- **True metres.** Every point is projected with pyproj to a local transverse Mercator
  centred on the import (the centre of the features' box in lon/lat; scale 1 there), so
  lengths and areas are true to well under 0.1 % across a town, and about 0.1 % at 45 km
  from the centre (the scale error grows as (d / R)^2 / 2). The map's x runs east and its y
  south (the board's y is down), in metres. The siege keeps the projection as a PROJ string
  (``Siege.projection``); an import given that string (``ImportOptions.projection``) lands
  in the same frame, so neighbouring extracts line up.
- **Kinds** come from the GM's ``KindMapping`` (``kinds.py``); ``skip`` and unmatched
  features are reported, one line each, with the reason.
- **Buildings**: each polygon of an area is one structure, its inner rings holes
  (courtyards); stories from ``building:levels`` one for one, else from ``height`` by H2,
  else the import's stories.
- **Walls**: each line is one wall (``rules.walls.draw_wall``, H12: its sections share one
  structure's worth of DP), as thick as its ``width`` tag, else the rule's thickness, else
  the import's.
- **A site's outline** (a castle that is not itself a building) names the siege and is no
  structure.
- The data's attribution (``attribution``) is kept in the siege and printed on every
  snapshot and export.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy
import shapely
from pydantic import ValidationError
from pyproj import CRS, Transformer
from pyproj.exceptions import CRSError
from shapely.geometry import Polygon

from siegeboard.geometry.footprint import without_short_sides
from siegeboard.model import bounds
from siegeboard.model.numbers import round_half_up
from siegeboard.model.siege import RulesetOptions, Siege
from siegeboard.model.structure import Structure
from siegeboard.persist.formats.base import (
    ImportedMap,
    ImportOptions,
    ImportReport,
    checked_import,
    echo,
)
from siegeboard.persist.formats.geo_outlines import Outline
from siegeboard.persist.formats.geo_outlines import bulk_outlines as _bulk_outlines
from siegeboard.persist.formats.kinds import SKIP, KindMapping, KindRule, default_mapping
from siegeboard.persist.siege_file import SiegeFileError
from siegeboard.rules import registry
from siegeboard.rules.build import new_structure
from siegeboard.rules.bulk_build import BulkStructures
from siegeboard.rules.ruleset import Ruleset
from siegeboard.rules.walls import draw_wall, section_count

Ring = list[tuple[float, float]]
WGS84 = "EPSG:4326"
OSM_ATTRIBUTION = ("Map data © OpenStreetMap contributors, ODbL 1.0 "
                   "(openstreetmap.org/copyright)")
MIN_AREA_M2 = bounds.AREA_MIN_M2


@dataclass
class GeoFeature:
    """One thing read from a map file, in the file's coordinates (x, y: lon, lat for WGS84).

    ``role``: ``building`` (``polygons``: each an outer ring and its holes), ``wall``
    (``lines``) or ``site`` (a castle's outline: ``polygons``, no structure). ``label`` says
    where it came from ("way 43326015", "feature 12").
    """

    role: Literal["building", "wall", "site"]
    label: str
    tags: dict[str, str]
    polygons: list[tuple[Ring, list[Ring]]] = field(default_factory=list)
    lines: list[Ring] = field(default_factory=list)

    def points(self):
        for outer, holes in self.polygons:
            yield from outer
            for hole in holes:
                yield from hole
        for line in self.lines:
            yield from line


def local_projection(lon: float, lat: float) -> str:
    """The PROJ string of a transverse Mercator centred on (lon, lat), metres, scale 1."""
    return (f"+proj=tmerc +lat_0={lat:.7f} +lon_0={lon:.7f} +k=1 +x_0=0 +y_0=0 "
            f"+ellps=WGS84 +units=m +no_defs")


def crs_named(name: str, source: str) -> CRS:
    """The CRS a file names, or ``SiegeFileError`` in plain words. A name longer than any
    coordinate system's is refused unread."""
    if len(name) > 2_000:
        raise SiegeFileError(f"{source} names the coordinate system {echo(name)!r}, "
                             f"{len(name):,} characters long: no coordinate system is")
    try:
        return CRS.from_user_input(name)
    except CRSError:
        raise SiegeFileError(f"{source} names the coordinate system {echo(name)!r}, which "
                             f"siegeboard does not know") from None


def in_bbox(feature: GeoFeature, bbox: tuple[float, float, float, float] | None) -> bool:
    """Whether any point of ``feature`` (lon, lat) lies in ``bbox`` (W, S, E, N)."""
    if bbox is None:
        return True
    west, south, east, north = bbox
    return any(west <= x <= east and south <= y <= north for x, y in feature.points())


def parse_bbox(text: str) -> tuple[float, float, float, float]:
    """``"W,S,E,N"`` (degrees) as four numbers, or ``ValueError`` in plain words."""
    parts = [part.strip() for part in text.split(",")]
    try:
        west, south, east, north = (float(part) for part in parts)
    except ValueError:
        raise ValueError(f"the box {text!r} must be four numbers W,S,E,N (degrees of "
                         f"longitude and latitude)") from None
    if not (-180 <= west < east <= 180 and -90 <= south < north <= 90):
        raise ValueError(f"the box {text!r} must have west < east within -180..180 and "
                         f"south < north within -90..90")
    return west, south, east, north


def stories_of(tags: dict[str, str], default: int,
               rules: Ruleset = registry.DEFAULT) -> tuple[int, str | None]:
    """Stories from ``building:levels`` (one for one) or ``height`` (H2, under a rule text
    that counts stories), else ``default``; with a note when a tag could not be read."""
    levels = tags.get("building:levels")
    if levels is not None:
        number = _number(levels)
        if number is not None and number >= 0:
            return min(max(1, round_half_up(number)), bounds.STORIES_MAX), None
        note = f"building:levels={levels!r} is not a number"
    else:
        note = None
    height = tags.get("height")
    if height is not None and rules.story_m:
        metres = _metres(height)
        if metres is not None and 0 <= metres <= rules.story_m * bounds.STORIES_MAX:
            return rules.stories_from_height(metres), note
        note = f"height={height!r} is not a height in metres"
    return default, note


def _number(text: str) -> float | None:
    try:
        value = float(str(text).strip().replace(",", "."))
    except ValueError:
        return None
    return value if math.isfinite(value) else None


_FEET = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?:ft|')\s*$")


def _metres(text: str) -> float | None:
    """A length tag in metres: "12", "12 m", "12.5m", "40 ft"."""
    text = str(text).strip().lower()
    feet = _FEET.match(text)
    if feet:
        return float(feet.group(1)) * 0.3048
    return _number(text.removesuffix("m").strip())


class _Frame:
    """The projection from the file's CRS to the siege's metres (x east, y south)."""

    def __init__(self, source_crs: CRS, projection: str):
        self.projection = projection
        self._to_local = Transformer.from_crs(source_crs, CRS.from_proj4(projection),
                                              always_xy=True)

    def project(self, xs: numpy.ndarray, ys: numpy.ndarray) -> tuple[numpy.ndarray,
                                                                       numpy.ndarray]:
        """Many points at once, in the projection's own numbers (y north: not yet the
        board's); a point with no place there comes back as infinity or NaN."""
        east, north = self._to_local.transform(xs, ys)
        return numpy.asarray(east, dtype=float), numpy.asarray(north, dtype=float)

    def ring(self, points: Sequence[tuple[float, float]]) -> Ring:
        """The points in the siege's metres; ``ValueError`` when one has no place there (a
        latitude past a pole, a point the projection sends to infinity)."""
        xs, ys = self._to_local.transform([p[0] for p in points], [p[1] for p in points])
        ring = [(float(x), -float(y)) for x, y in zip(xs, ys, strict=True)]
        if not all(math.isfinite(x) and math.isfinite(y) for x, y in ring):
            raise ValueError("a point of it lies off the Earth or cannot be projected")
        return ring


def _centre(features: Sequence[GeoFeature], source_crs: CRS) -> tuple[float, float]:
    xs, ys = [], []
    for feature in features:
        for x, y in feature.points():
            xs.append(x)
            ys.append(y)
    if not source_crs.is_geographic:
        xs, ys = Transformer.from_crs(source_crs, WGS84, always_xy=True).transform(xs, ys)
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def build_siege(features: Sequence[GeoFeature], options: ImportOptions, report: ImportReport,
                *, name: str, source: str, source_crs: CRS, attribution: Sequence[str] = (),
                mapping: KindMapping | None = None, bulk: bool = True) -> ImportedMap:
    """The siege of ``features`` (see the module); ``SiegeFileError`` if nothing can be.

    ``bulk``: the buildings' outlines are projected, checked, tidied and measured in whole
    arrays first (``_Maker.prepare``, ``geo_outlines``), and each plain one made without
    validating it again where its footprint is certainly valid (``rules.bulk_build``), else
    with a single validation; anything unusual (an outline that crosses itself, lies off
    the Earth, is too small) is made one at a time as without it. Both give the same siege;
    ``bulk=False`` is the plain path, kept as the reference the tests compare with.

    The features are consumed: each one's outlines and tags are let go once its structures
    are made (a city's coordinates would otherwise be held twice)."""
    ruleset = options.ruleset
    mapping = (mapping or options.kinds or default_mapping(ruleset))
    try:
        mapping = mapping.checked(ruleset)
    except ValueError as error:
        raise SiegeFileError(f"cannot import {source}: {error}") from None
    placed = [feature for feature in features if feature.role != "site"]
    if not any(True for feature in placed for _ in feature.points()):
        raise SiegeFileError(f"{source} holds no building or wall to import"
                             + (" inside the box" if options.bbox else ""))
    projection = options.projection or local_projection(*_centre(placed, source_crs))
    try:
        frame = _Frame(source_crs, projection)
    except CRSError:
        raise SiegeFileError(f"cannot import {source}: the projection {projection!r} is not "
                             f"one siegeboard can use") from None
    maker = _Maker(ruleset, options, report, mapping, frame, source)
    if bulk:
        maker.prepare(features)
    site_name = None
    for feature in features:
        if feature.role == "site":
            site_name = site_name or feature.tags.get("name")
            report.notes.append(f"{feature.label.capitalize()} ({_tag_words(feature.tags)}) is "
                                f"the site's outline, not a structure; its buildings and walls "
                                f"come in as themselves.")
            continue
        maker.add(feature)
        # Made: a city's outlines and tags are let go as it goes (held twice, they were a
        # sixth of its memory).
        feature.polygons, feature.lines, feature.tags = [], [], {}
    maker.done()
    # The grid starts at the 10 m square holding the north-west corner of what came in, so
    # the squares read from A1 (the projection's centre stays the frame's origin).
    corners = [point for s in maker.structures for point in s.footprint]
    origin = ((math.floor(min(x for x, _ in corners) / 10) * 10,
               math.floor(min(y for _, y in corners) / 10) * 10) if corners else (0.0, 0.0))
    try:
        siege = Siege(name=options.name or site_name or name or "Imported map",
                      ruleset=ruleset, map=None, structures={s.id: s for s in maker.structures},
                      grid_origin=(float(origin[0]), float(origin[1])),
                      projection=projection, attribution=list(attribution))
    except ValidationError as error:
        raise SiegeFileError(f"cannot import {source}: "
                             f"{error.errors()[0]['msg'].removeprefix('Value error, ')}"
                             ) from None
    if attribution:
        report.notes.append(f"Attribution kept with the siege and printed on every snapshot: "
                            f"{'; '.join(attribution)}")
    return checked_import(ImportedMap(siege=siege, images={}, report=report), source)


def _tag_words(tags: dict[str, str]) -> str:
    shown = [f"{key}={tags[key]}" for key in ("building", "historic", "barrier", "wall",
                                              "mat_type", "name") if key in tags]
    return ", ".join(shown) or "no tags"


class _Maker:
    def __init__(self, ruleset: str, options: ImportOptions, report: ImportReport,
                 mapping: KindMapping, frame: _Frame, source: str):
        self.ruleset, self.options, self.report = ruleset, options, report
        self.mapping, self.frame, self.source = mapping, frame, source
        self.structures: list[Structure] = []
        self.walls = 0
        self.section_m = registry.ruleset(ruleset).section_length(RulesetOptions())
        self.kind_names = {kind: entry.name
                           for kind, entry in registry.catalogue(ruleset).kinds.items()}
        # Filled by ``prepare``: (id of a feature, its polygon's place) -> the outline as the
        # structure keeps it (``geo_outlines.Outline``); None or absent: the plain way.
        self._prepared: dict[tuple[int, int], Outline | None] = {}
        self._bulk = BulkStructures(ruleset)
        self._keys = tuple(sorted({rule.key for rule in mapping.rules}))
        self._rules: dict[tuple, KindRule | None] = {}

    def done(self) -> None:
        """Every feature is made: what ``prepare`` worked out is let go."""
        self._prepared.clear()
        self._rules.clear()

    def rule_for(self, feature: GeoFeature) -> KindRule | None:
        """``mapping.rule_for``, remembered by the tags the mapping looks at (a city's houses
        share a few)."""
        key = (feature.role, *map(feature.tags.get, self._keys))
        try:
            return self._rules[key]
        except KeyError:
            rule = self._rules[key] = self.mapping.rule_for(feature.role, feature.tags)
            return rule

    def prepare(self, features: Sequence[GeoFeature]) -> None:
        """Project, check, tidy (R4's short sides) and measure the outlines of every building
        to be made, in whole arrays; what is not plain (see ``_bulk_outlines``) stays for the
        one-at-a-time way."""
        jobs: list[tuple[tuple[int, int], Ring, list[Ring]]] = []
        for feature in features:
            if feature.role != "building":
                continue
            rule = self.rule_for(feature)
            if rule is None or rule.kind == SKIP:
                continue
            for number, (outer, holes) in enumerate(feature.polygons):
                if len(outer) >= 3 and all(len(hole) >= 3 for hole in holes):
                    jobs.append(((id(feature), number), outer, holes))
        if jobs:
            self._prepared.update(_bulk_outlines(self.frame.project, jobs))

    def _skip(self, feature: GeoFeature, why: str) -> None:
        self.report.skipped.append(f"{feature.label.capitalize()} ({_tag_words(feature.tags)}): "
                                   f"{why}.")

    def add(self, feature: GeoFeature) -> None:
        rule = self.rule_for(feature) if self._prepared else \
            self.mapping.rule_for(feature.role, feature.tags)
        if rule is None:
            self._skip(feature, "no rule of the kind mapping matches its tags")
            return
        if rule.kind == SKIP:
            self._skip(feature, f"the kind mapping skips {rule.label}")
            return
        if feature.role == "building":
            self._building(feature, rule.kind)
        else:
            self._wall(feature, rule.kind, rule.thickness_m)

    def _name(self, feature: GeoFeature, kind: str, part: str = "") -> str:
        tags = feature.tags
        name = tags.get("name")
        if not name and tags.get("addr:housenumber"):
            name = " ".join(filter(None, (tags.get("addr:street"), tags["addr:housenumber"])))
        name = name or f"{self.kind_names.get(kind, kind)} {len(self.structures) + 1}"
        return (name + part)[:200]

    def _building(self, feature: GeoFeature, kind: str) -> None:
        stories, note = stories_of(feature.tags, self.options.stories,
                                   registry.ruleset(self.ruleset))
        if note:
            self.report.notes.append(f"{feature.label.capitalize()}: {note}; it has "
                                     f"{stories} stor{'y' if stories == 1 else 'ies'}.")
        made = 0
        for number, (outer, holes) in enumerate(feature.polygons, start=1):
            part = f" part {number}" if len(feature.polygons) > 1 else ""
            prepared = self._prepared.get((id(feature), number - 1))
            if prepared is not None and self._made_at_once(feature, kind, part, stories,
                                                           prepared):
                made += 1
                continue
            try:
                polygon = Polygon(self.frame.ring(outer), [self.frame.ring(h) for h in holes])
                valid = polygon.is_valid
                made_valid = None if valid else shapely.make_valid(polygon)
            except (ValueError, shapely.errors.GEOSException) as error:
                self._skip(feature, f"its outline cannot be placed ({_plain(error)})")
                continue
            if not valid:
                pieces = [p for p in _polygons(made_valid) if p.area > 0]
                if not pieces:
                    self._skip(feature, "its outline encloses no area")
                    continue
                polygon = max(pieces, key=lambda p: p.area)
                self.report.notes.append(f"{feature.label.capitalize()}{part} crossed itself; "
                                         f"its largest part came in.")
            polygon = without_short_sides(polygon)  # R4: no side under 5 cm
            if polygon.area < MIN_AREA_M2:
                self._skip(feature, f"{polygon.area:.2f} m2 is smaller than the {MIN_AREA_M2} m2 "
                                    f"a structure needs")
                continue
            ring = [(round(x, 6), round(y, 6)) for x, y in polygon.exterior.coords[:-1]]
            inner = [[(round(x, 6), round(y, 6)) for x, y in hole.coords[:-1]]
                     for hole in polygon.interiors]
            structure_id = f"s{len(self.structures) + 1}"
            try:
                structure = new_structure(self.ruleset, kind, structure_id, ring,
                                          name=self._name(feature, kind, part),
                                          stories=stories, holes=inner)
            except ValueError as error:
                self._skip(feature, _plain(error))
                continue
            structure.gm_notes = (f"Imported from {feature.label}{part} of {self.source} "
                                  f"({_tag_words(feature.tags)}).")
            self.structures.append(structure)
            made += 1
            if inner:
                self.report.count_made("courtyards", len(inner))
        if made:
            self.report.count_made("buildings", made)

    def _made_at_once(self, feature: GeoFeature, kind: str, part: str, stories: int,
                      prepared: Outline) -> bool:
        """Make the structure of an outline ``prepare`` found plain; False when it must be
        made the plain way after all (it would not validate: the plain way says why)."""
        ring, inner, area, checked = prepared
        try:
            structure = self._bulk.structure(
                kind, f"s{len(self.structures) + 1}", ring, area,
                name=self._name(feature, kind, part), stories=stories, holes=inner,
                gm_notes=(f"Imported from {feature.label}{part} of {self.source} "
                          f"({_tag_words(feature.tags)})."), footprint_checked=checked)
        except ValueError:
            return False
        self.structures.append(structure)
        if inner:
            self.report.count_made("courtyards", len(inner))
        return True

    def _wall(self, feature: GeoFeature, kind: str, rule_thickness: float | None) -> None:
        width = _metres(feature.tags["width"]) if "width" in feature.tags else None
        if width is not None and 0.05 <= width <= 50:
            thickness = width
        else:
            if "width" in feature.tags:
                self.report.notes.append(f"{feature.label.capitalize()}: width="
                                         f"{feature.tags['width']!r} is not a width in metres; "
                                         f"the kind's thickness is used.")
            thickness = rule_thickness or self.options.wall_thickness_m
        for number, line in enumerate(feature.lines, start=1):
            try:
                points = self.frame.ring(line)
            except ValueError as error:
                self._skip(feature, f"its line cannot be placed ({_plain(error)})")
                continue
            clean = [point for i, point in enumerate(points)
                     if i == 0 or math.dist(point, points[i - 1]) >= bounds.SIDE_MIN_M]
            part = f" part {number}" if len(feature.lines) > 1 else ""
            try:
                count = section_count(clean, thickness, self.section_m)
                first = len(self.structures) + 1
                ids = [f"s{first + i}" for i in range(count)]
                self.walls += 1
                base = self._name(feature, kind, part)
                sections = draw_wall(self.ruleset, kind, clean, thickness, self.section_m, ids,
                                     wall_id=f"w{self.walls}",
                                     names=[f"{base}, section {i + 1}" for i in range(count)])
            except (ValueError, shapely.errors.GEOSException) as error:
                self._skip(feature, f"its line cannot be a wall ({_plain(error)})")
                continue
            for section in sections:
                section.gm_notes = (f"Imported from {feature.label}{part} of {self.source} "
                                    f"({_tag_words(feature.tags)}), {thickness:g} m thick.")
            self.structures.extend(sections)
            self.report.count_made("walls")
            self.report.count_made("wall sections", len(sections))


def _plain(error: Exception) -> str:
    """One line of at most 200 characters."""
    if isinstance(error, ValidationError):
        text = error.errors()[0]["msg"].removeprefix("Value error, ")
    else:
        text = str(error)
    return echo(text)


def _polygons(geometry) -> list[Polygon]:
    if geometry.geom_type == "Polygon":
        return [geometry]
    if hasattr(geometry, "geoms"):
        return [part for item in geometry.geoms for part in _polygons(item)]
    return []
