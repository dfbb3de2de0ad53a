"""GeoJSON files (RFC 7946, and the older form naming a ``crs``) as structures.

``Polygon`` and ``MultiPolygon`` features become buildings (their inner rings holes),
``LineString`` and ``MultiLineString`` features walls; a ``GeometryCollection`` is read part
by part; points are not structures (reported). Coordinates are WGS84 lon/lat (CRS84) unless
the file names another CRS (``"crs": {"type": "name", "properties": {"name":
"EPSG:25832"}}``). The kind comes from the features' properties through the same mapping
as OpenStreetMap's tags (``kinds.py``): the 1893 Sanborn file's ``mat_type`` (wood, stone,
yard -> skip). A top-level ``attribution`` or ``license`` text is kept with the siege.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from siegeboard.persist.formats.base import (
    CityFormat,
    ImportedMap,
    ImportOptions,
    ImportReport,
    Progress,
    echo,
    json_problem,
    resolve_options,
)
from siegeboard.persist.formats.geo import WGS84, GeoFeature, build_siege, crs_named, in_bbox
from siegeboard.persist.formats.plan_image import read_bytes
from siegeboard.persist.siege_file import SiegeFileError

SUFFIXES = (".geojson",)
MAX_FILE_BYTES = 500_000_000
CRS84_NAMES = {"urn:ogc:def:crs:ogc:1.3:crs84", "crs84", "ogc:crs84", "epsg:4326",
               "urn:ogc:def:crs:epsg::4326"}


class GeoJsonFormat(CityFormat):
    """GeoJSON feature collections of building outlines and wall lines."""

    name = "GeoJSON map"
    name_filter = "GeoJSON maps (*.geojson)"
    suffixes = SUFFIXES
    can_write = False

    def read_city(self, path: str | Path, options: ImportOptions | None,
                  progress: Progress | None) -> ImportedMap:
        path = Path(path)
        name = path.name
        options = resolve_options(options, name)
        raw = read_bytes(path, MAX_FILE_BYTES)
        if progress:
            progress(0, 2)
        try:
            data = json.loads(raw.decode("utf-8-sig"), parse_constant=_refuse_constant)
        except RecursionError:
            raise SiegeFileError(f"{name} is nested too deeply to be a map") from None
        except (UnicodeDecodeError, json.JSONDecodeError, ValueError) as error:
            where = (f" (line {error.lineno})" if isinstance(error, json.JSONDecodeError)
                     else "" if isinstance(error, UnicodeDecodeError)
                     else f" ({json_problem(error)})")
            raise SiegeFileError(f"{name} is not a GeoJSON file: it is not valid JSON{where}"
                                 ) from None
        del raw  # a city's file is tens of megabytes: only what it holds is kept
        report = ImportReport(source=name)
        crs_name = _crs_name(data, name)
        source_crs = crs_named(crs_name, name)
        features = _features(data, name, report)
        if options.bbox is not None:
            if not source_crs.is_geographic:
                raise SiegeFileError(f"{name} is in {echo(crs_name)}, not longitude and latitude: "
                                     f"a box in degrees cannot pick a part of it")
            inside = [f for f in features if in_bbox(f, options.bbox)]
            if len(inside) < len(features):
                report.notes.append(f"{len(features) - len(inside):,} features outside the "
                                    f"box left out.")
            features = inside
        attribution = [str(data[key])[:500] for key in ("attribution", "license")
                       if isinstance(data.get(key), str) and data[key].strip()]
        title = str(data.get("name") or path.stem)
        del data  # a city's parsed file is hundreds of megabytes; the features are all it needs
        result = build_siege(features, options, report, name=title, source=name,
                             source_crs=source_crs, attribution=attribution)
        if progress:
            progress(2, 2)
        return result

    def write(self, path: str | Path, siege_file) -> None:
        raise SiegeFileError("siegeboard reads GeoJSON maps but does not write them")


def _refuse_constant(constant: str) -> Any:
    raise ValueError(f"{constant} is not a number GeoJSON allows")


def _crs_name(data: Any, name: str) -> str:
    if not isinstance(data, dict):
        raise SiegeFileError(f"{name} is not a GeoJSON file: it holds no object")
    crs = data.get("crs")
    if crs is None:
        return WGS84
    properties = crs.get("properties") if isinstance(crs, dict) else None
    named = properties.get("name") if isinstance(properties, dict) else None
    if not isinstance(named, str) or not named.strip():
        raise SiegeFileError(f"{name}: its \"crs\" names no coordinate system")
    return WGS84 if named.strip().lower() in CRS84_NAMES else named.strip()


def _features(data: dict, name: str, report: ImportReport) -> list[GeoFeature]:
    kind = data.get("type")
    if kind == "FeatureCollection":
        raw_features = data.get("features")
        if not isinstance(raw_features, list):
            raise SiegeFileError(f"{name}: its \"features\" are not a list")
    elif kind == "Feature":
        raw_features = [data]
    else:
        raise SiegeFileError(f"{name} is not a GeoJSON feature collection (its type is "
                             f"{echo(repr(kind), 60)})")
    features: list[GeoFeature] = []
    counts = {"areas": 0, "lines": 0}
    for number, raw in enumerate(raw_features, start=1):
        label = f"feature {number}"
        if not isinstance(raw, dict) or raw.get("type") != "Feature":
            report.skipped.append(f"{label.capitalize()} is not a GeoJSON feature.")
            continue
        found = raw.get("properties")
        properties = found if isinstance(found, dict) else {}
        tags = {str(k): str(v) for k, v in properties.items()
                if v is not None and isinstance(v, (str, int, float, bool))}
        if "id" in raw and isinstance(raw["id"], (str, int)):
            label = f"feature {number} (id {echo(raw['id'], 60)})"
        polygons: list[tuple[list, list]] = []
        lines: list[list[tuple[float, float]]] = []
        other: list[str] = []
        try:
            _collect(raw.get("geometry"), polygons, lines, other)
        except RecursionError:
            report.skipped.append(f"{label.capitalize()}: its geometry is nested too deeply.")
            continue
        except ValueError as error:
            report.skipped.append(f"{label.capitalize()}: {error}.")
            continue
        if other:
            report.skipped.append(f"{label.capitalize()}: a {', '.join(sorted(set(other)))} is "
                                  f"no structure.")
        if polygons:
            counts["areas"] += 1
            features.append(GeoFeature("building", label, tags, polygons=polygons))
        if lines:
            counts["lines"] += 1
            features.append(GeoFeature("wall", label, tags, lines=lines))
        if not polygons and not lines and not other:
            report.skipped.append(f"{label.capitalize()} has no geometry.")
    report.read = {"features": len(raw_features)} | {
        noun: count for noun, count in counts.items() if count}
    return features


def _collect(geometry: Any, polygons: list, lines: list, other: list) -> None:
    if geometry is None:
        return
    if not isinstance(geometry, dict):
        raise ValueError("its geometry is not an object")
    kind = geometry.get("type")
    coordinates = geometry.get("coordinates")
    if kind == "Polygon":
        polygons.append(_polygon(coordinates))
    elif kind == "MultiPolygon":
        polygons.extend(_polygon(part) for part in _list(coordinates, "MultiPolygon"))
    elif kind == "LineString":
        lines.append(_line(coordinates))
    elif kind == "MultiLineString":
        lines.extend(_line(part) for part in _list(coordinates, "MultiLineString"))
    elif kind == "GeometryCollection":
        for part in _list(geometry.get("geometries"), "GeometryCollection"):
            _collect(part, polygons, lines, other)
    elif kind in ("Point", "MultiPoint"):
        other.append(kind)
    else:
        raise ValueError(f"its geometry type {echo(repr(kind), 60)} is not one GeoJSON has")


def _list(value: Any, what: str) -> list:
    if not isinstance(value, list):
        raise ValueError(f"its {what} coordinates are not a list")
    return value


_INF = math.inf


def _point(value: Any) -> tuple[float, float]:
    if (not isinstance(value, list) or len(value) < 2 or any(
            isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v)
            for v in value[:2])):
        raise ValueError(f"a position is not two numbers ({json.dumps(value)[:60]})")
    return float(value[0]), float(value[1])


def _line(value: Any) -> list[tuple[float, float]]:
    points: list[tuple[float, float]] = []
    append = points.append
    for p in _list(value, "line"):
        # A position of two finite floats (nearly every one) is taken as it is; any other is
        # checked (and refused by name) by ``_point``.
        if type(p) is list and len(p) >= 2:
            x, y = p[0], p[1]
            if type(x) is float and type(y) is float and -_INF < x < _INF and -_INF < y < _INF:
                append((x, y))
                continue
        append(_point(p))
    if len(points) < 2:
        raise ValueError("a line has fewer than two positions")
    return points


def _polygon(value: Any) -> tuple[list, list]:
    rings = [_line(ring) for ring in _list(value, "polygon")]
    if not rings:
        raise ValueError("a polygon has no ring")
    for ring in rings:
        if len(ring) < 4 or ring[0] != ring[-1]:
            raise ValueError("a polygon ring does not close (GeoJSON rings end where they "
                             "start, with four positions at least)")
    return rings[0][:-1], [ring[:-1] for ring in rings[1:]]
