"""Foundry VTT scenes as a map format: a scene's exported JSON (Scene > Export Data), or a
module's or world's ``.db`` of scenes (NeDB: one JSON document a line), read as a new siege.

What a scene holds, as Foundry's Scene and Wall documents define it (versions 9 to 12):

- ``width`` and ``height``: the scene's size in canvas pixels, over which the background
  picture is stretched; ``padding`` (a share of them, 0.25 by default) around it, rounded up to
  whole grid cells: the scene's rectangle starts at ``ceil(padding * width / size) * size``
  less the background's offset (``background.offsetX``/``Y``; ``shiftX``/``Y`` before v10);
- the grid: ``grid.size`` pixels a cell, ``grid.distance`` in ``grid.units`` (v10 and later),
  or ``grid``, ``gridDistance``, ``gridUnits`` (v9); ``grid.type`` 0 gridless, 1 square,
  2 to 5 hexagonal;
- the background picture: ``background.src`` (``img`` before v10), a path in Foundry's data
  folder ("worlds/keep/maps/keep.webp");
- ``walls``: each one straight segment ``c`` = [x0, y0, x1, y1] in canvas pixels; ``move``
  (0: it does not stop movement; v9 1, v10+ 20: it does), ``sight``/``sense`` (what it hides),
  ``door`` (0 none, 1 a door, 2 a secret door) and ``ds``, the door's state (0 closed, 1 open,
  2 locked).

How a scene becomes a siege: the segments that stop movement are joined into wall lines where
they meet end to end, and built as Universal VTT wall lines are (``uvtt.build_siege``: sections
of the ruleset's length, H12's shared DP, clipped to the picture); each door segment is a door
(a gate when at least ``gate_width_m`` wide) set into its wall, whatever its state (the report
lists the open and locked ones: siegeboard's doors have no state). One grid cell is
``grid.distance`` in metres when ``grid.units`` names a known unit (ft, m, yd...), else the GM's
cell size. The picture is looked for in Foundry's data folder as the file's own folders
suggest (the path tried against each folder above the imported file, then its base name beside
the file); a picture not found, or a picture on the web, leaves the map without a plan.

Malformed files raise ``SiegeFileError`` with one plain message; a wall that cannot become a
structure is left out and reported, the rest comes in.
"""

from __future__ import annotations

import io
import json
import math
from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import unquote

from PIL import Image
from shapely.geometry import LineString, MultiLineString
from shapely.ops import linemerge

from siegeboard.persist.formats.base import (
    FormatBySuffix,
    ImportedMap,
    ImportOptions,
    ImportReport,
    Progress,
    resolve_options,
)
from siegeboard.persist.formats.plan_image import checked_plan, read_bytes
from siegeboard.persist.formats.uvtt import (
    IMAGE_SUFFIXES,
    MAX_FILE_BYTES,
    MAX_ITEMS,
    Portal,
    Steps,
    WallMap,
    build_siege,
)
from siegeboard.persist.siege_file import SiegeFileError

SUFFIXES = (".json", ".db")
# Metres in one of Foundry's grid units, by what GMs type in the scene's "Grid Units".
UNITS_M = {"ft": 0.3048, "ft.": 0.3048, "feet": 0.3048, "foot": 0.3048, "'": 0.3048,
           "m": 1.0, "m.": 1.0, "meter": 1.0, "meters": 1.0, "metre": 1.0, "metres": 1.0,
           "yd": 0.9144, "yds": 0.9144, "yard": 0.9144, "yards": 0.9144,
           "km": 1000.0, "mi": 1609.344, "mile": 1609.344, "miles": 1609.344}
DOOR_STATES = {0: "closed", 1: "open", 2: "locked"}
DOOR_TYPES = {1: "door", 2: "secret door"}
MAX_PARENTS = 6  # folders above the file in which Foundry's data folder is looked for


class FoundryFormat(FormatBySuffix):
    """Foundry VTT scenes read as a new siege (see the module docstring)."""

    name = "Foundry VTT scene"
    name_filter = "Foundry VTT scenes (*.json *.db)"
    suffixes = SUFFIXES
    can_write = False

    def read(self, path: str | Path, options: ImportOptions | None = None,
             progress: Progress | None = None) -> ImportedMap:
        path = Path(path)
        name = path.name
        options = resolve_options(options, name)
        step = Steps(progress, 5)
        raw = read_bytes(path, MAX_FILE_BYTES)
        step()
        report = ImportReport(source=name)
        scene = _chosen_scene(scene_documents(raw, name), options.scene, name, report)
        document, options = _parse_scene(scene, name, options, report)
        step.total += len(document.lines) + len(document.portals)
        step()
        picture = _picture(scene, path, document, report)
        if not options.name and isinstance(scene.get("name"), str) and scene["name"].strip():
            options = replace(options, name=scene["name"].strip()[:200])
        return build_siege(document, picture, path, options, report, step)

    def write(self, path: str | Path, siege_file) -> None:
        raise SiegeFileError("siegeboard does not write Foundry scenes; File > Export > "
                             "Universal VTT makes a map Foundry imports")


# --------------------------------------------------------------------------- the documents


def scene_documents(raw: bytes, name: str) -> list[dict]:
    """The scenes in a file's bytes: one exported scene (a JSON object), or a ``.db`` of
    them (one JSON document a line; a later line with the same ``_id`` replaces an earlier
    one, ``$$deleted`` removes it). ``SiegeFileError`` when it holds none."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SiegeFileError(f"{name} is not a Foundry scene: it is not text") from None
    stripped = text.strip()
    if not stripped:
        raise SiegeFileError(f"{name} is empty")
    try:
        whole = json.loads(stripped)
    except RecursionError:
        raise SiegeFileError(f"{name} is nested too deeply to be a scene") from None
    except ValueError:
        whole = None  # one document a line
    if isinstance(whole, dict):
        documents = [whole]
    elif isinstance(whole, list):
        documents = [item for item in whole if isinstance(item, dict)]
    else:
        by_id: dict[str, dict] = {}
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except RecursionError:
                raise SiegeFileError(f"{name}, line {number}, is nested too deeply") from None
            except ValueError as error:
                raise SiegeFileError(f"{name} is not a Foundry scene or a .db of scenes: line "
                                     f"{number} is not JSON ({error})") from None
            if not isinstance(item, dict):
                continue
            key = str(item.get("_id", f"line {number}"))
            if item.get("$$deleted"):
                by_id.pop(key, None)
            else:
                by_id.pop(key, None)
                by_id[key] = item
        documents = list(by_id.values())
    scenes = [item for item in documents if _is_scene(item)]
    if not scenes:
        raise SiegeFileError(f"{name} holds no Foundry scene (no document with walls, a grid "
                             f"and a size)")
    return scenes


def _is_scene(item: dict) -> bool:
    return "walls" in item or ("grid" in item and ("width" in item or "background" in item
                                                   or "img" in item))


def _chosen_scene(scenes: list[dict], wanted: str | None, name: str,
                  report: ImportReport) -> dict:
    names = [_scene_name(scene, number) for number, scene in enumerate(scenes, start=1)]
    if wanted is None or not str(wanted).strip():
        index = 0
    else:
        wanted = str(wanted).strip()
        matches = [i for i, scene_name in enumerate(names) if scene_name.casefold()
                   == wanted.casefold()]
        if matches:
            index = matches[0]
        elif wanted.isdigit() and 1 <= int(wanted) <= len(scenes):
            index = int(wanted) - 1
        else:
            raise SiegeFileError(f"{name} has no scene {wanted!r}; it has "
                                 f"{', '.join(repr(n) for n in names)}")
    if len(scenes) > 1:
        report.notes.append(f"{name} holds {len(scenes)} scenes ({', '.join(names)}); "
                            f"scene {index + 1}, {names[index]!r}, came in (choose another "
                            f"by its name or number).")
    return scenes[index]


def scene_names(path: str | Path) -> list[str]:
    """The names of the scenes in the file at ``path``, in order (for choosing one)."""
    path = Path(path)
    scenes = scene_documents(read_bytes(path, MAX_FILE_BYTES), path.name)
    return [_scene_name(scene, number) for number, scene in enumerate(scenes, start=1)]


def _scene_name(scene: dict, number: int) -> str:
    name = scene.get("name")
    return name.strip() if isinstance(name, str) and name.strip() else f"Scene {number}"


# --------------------------------------------------------------------------- one scene


def _number(value: Any, what: str, name: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(
            value) or not low <= value <= high:
        raise SiegeFileError(f"{name}: {what} must be a number from {low:g} to {high:g}, not "
                             f"{json.dumps(value)[:40]}")
    return float(value)


def _grid(scene: dict, name: str) -> tuple[float, float, str, int]:
    """(pixels a cell, distance a cell, its unit, grid type), v9 and v10+ alike."""
    grid = scene.get("grid")
    if isinstance(grid, dict):
        size, distance = grid.get("size", 100), grid.get("distance", 5)
        units, kind = grid.get("units", "ft"), grid.get("type", 1)
    else:
        size = grid if grid is not None else 100
        distance, units = scene.get("gridDistance", 5), scene.get("gridUnits", "ft")
        kind = scene.get("gridType", 1)
    size = _number(size, "the grid's size (pixels a cell)", name, 1, 20_000)
    distance = _number(distance, "the grid's distance", name, 1e-6, 1e9)
    kind = int(kind) if isinstance(kind, (int, float)) and not isinstance(kind, bool) else 1
    return size, distance, units if isinstance(units, str) else "", kind


def _parse_scene(scene: dict, name: str, options: ImportOptions, report: ImportReport
                 ) -> tuple[WallMap, ImportOptions]:
    size, distance, units, kind = _grid(scene, name)
    metres = UNITS_M.get(units.strip().casefold())
    label = _scene_name(scene, 1)
    if metres is not None:
        cell_m = distance * metres
        if not 0.01 <= cell_m <= 5.0:
            report.notes.append(f"The scene's grid cell is {distance:g} {units} ({cell_m:g} m), "
                                f"not a battle map's; siegeboard used your cell size, "
                                f"{options.cell_m:g} m.")
        else:
            options = replace(options, cell_m=round(cell_m, 6))
            report.notes.append(f"One grid cell of the scene is {distance:g} {units}: "
                                f"{options.cell_m:g} m.")
    else:
        report.notes.append(f"The scene's grid unit {units!r} is not one siegeboard knows; one "
                            f"cell was taken as your cell size, {options.cell_m:g} m.")
    if kind >= 2:
        report.notes.append("The scene's grid is hexagonal; siegeboard's board is square: "
                            "distances go by the grid's size.")
    width = _number(scene.get("width", 0) or 0, "the scene's width", name, 0, 1e6)
    height = _number(scene.get("height", 0) or 0, "the scene's height", name, 0, 1e6)
    padding = _number(scene.get("padding", 0.25) or 0, "the scene's padding", name, 0, 10)
    found = scene.get("background")
    background = found if isinstance(found, dict) else {}
    offset_x = background.get("offsetX", scene.get("shiftX", 0)) or 0
    offset_y = background.get("offsetY", scene.get("shiftY", 0)) or 0
    offset_x = _number(offset_x, "the background's offset", name, -1e6, 1e6)
    offset_y = _number(offset_y, "the background's offset", name, -1e6, 1e6)
    scene_x = math.ceil(padding * width / size) * size - offset_x
    scene_y = math.ceil(padding * height / size) * size - offset_y

    def cells(x: float, y: float) -> tuple[float, float]:
        return ((x - scene_x) / size, (y - scene_y) / size)

    walls = scene.get("walls", [])
    if not isinstance(walls, list):
        raise SiegeFileError(f"{name}: the scene's walls are not a list")
    if len(walls) > MAX_ITEMS:
        raise SiegeFileError(f"{name}: {len(walls):,} walls, more than the {MAX_ITEMS:,} "
                             f"siegeboard reads")
    segments: list[LineString] = []
    portals: list[Portal | None] = []
    states: dict[str, list[str]] = {}
    passable = 0
    for number, wall in enumerate(walls, start=1):
        if not isinstance(wall, dict):
            report.skipped.append(f"Wall {number} is not a wall document.")
            continue
        corners = wall.get("c")
        if (not isinstance(corners, list) or len(corners) != 4 or any(
                isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v)
                or abs(v) > 1e7 for v in corners)):
            report.skipped.append(f"Wall {number} gives no two ends (c = [x0, y0, x1, y1]).")
            continue
        start, end = cells(corners[0], corners[1]), cells(corners[2], corners[3])
        if math.dist(start, end) <= 1e-3:
            report.skipped.append(f"Wall {number} has no length.")
            continue
        door = wall.get("door", 0)
        if door in DOOR_TYPES:
            state = DOOR_STATES.get(wall.get("ds", 0), "closed")
            if state != "closed" or door == 2:
                what = f"a {state} secret door" if door == 2 else state
                states.setdefault(what, []).append(str(number))
            portals.append(Portal(number=number, start=start, end=end, closed=True))
            continue
        if wall.get("move", 1) == 0:
            passable += 1  # a curtain, an illusion: it stops no one
            continue
        segments.append(LineString([start, end]))
    lines = _joined(segments)
    report.read = {"walls": len(walls), "doors": len(portals)}
    if passable:
        report.notes.append(f"{passable} wall{'s' if passable > 1 else ''} that stop no one "
                            f"(movement passes: curtains, illusions) left out.")
    for state, numbers in states.items():
        many = len(numbers) > 1
        if many and state.startswith("a "):
            state = state[2:].replace("door", "doors")
        report.notes.append(
            f"Door{'s' if many else ''} {', '.join(numbers)} {'were' if many else 'was'} {state} "
            f"in the scene; {'they' if many else 'it'} came in as "
            f"{'doors' if many else 'a door'} set in {'their walls' if many else 'its wall'} "
            f"(siegeboard's doors are neither open nor locked).")
    for what, key in (("tiles", "tiles"), ("tokens", "tokens"), ("lights", "lights"),
                      ("drawings", "drawings"), ("sounds", "sounds"), ("notes", "notes")):
        items = scene.get(key)
        if isinstance(items, list) and items:
            report.notes.append(f"{len(items)} {what if len(items) > 1 else what[:-1]} of the "
                                f"scene left out (not structures).")
    size_cells = (width / size, height / size) if width > 0 and height > 0 else None
    report.notes.append(f"Scene {label!r}: {width:g} x {height:g} px at {size:g} px a cell, "
                        f"padding {padding:g}.")
    return WallMap(origin=(0.0, 0.0), size=size_cells, pixels_per_grid=size,
                   lines=[[(x, y) for x, y in line.coords] for line in lines], objects=[],
                   portals=portals, image=None), options


def _joined(segments: list[LineString]) -> list[LineString]:
    """Segments that meet end to end joined into lines (Foundry draws a wall line as many
    segments, each its own document)."""
    if not segments:
        return []
    snapped = [LineString([(round(x, 6), round(y, 6)) for x, y in line.coords])
               for line in segments]
    merged = linemerge(MultiLineString(snapped))
    if isinstance(merged, LineString):
        return [merged]
    return list(merged.geoms)


# --------------------------------------------------------------------------- the picture


def _background_src(scene: dict) -> str | None:
    background = scene.get("background")
    src = background.get("src") if isinstance(background, dict) else scene.get("img")
    return src.strip() if isinstance(src, str) and src.strip() else None


def _picture(scene: dict, path: Path, document: WallMap, report: ImportReport
             ) -> tuple[str, bytes, tuple[int, int]] | None:
    """(member, bytes, size) of the scene's background found beside the file, the document's
    pixels a cell set to the picture's (the scene stretches it over its width); None when
    there is none to be found."""
    src = _background_src(scene)
    if src is None:
        report.notes.append("The scene has no background picture: the map comes in without "
                            "a plan.")
        return None
    if "://" in src or src.startswith("data:"):
        report.notes.append(f"The background, {src[:80]}, is on the web; siegeboard fetches "
                            f"nothing: the map comes in without a plan (save the picture "
                            f"beside {path.name} and import again).")
        return None
    relative = PurePosixPath(unquote(src).replace("\\", "/"))
    if relative.suffix.lower() not in IMAGE_SUFFIXES:
        report.notes.append(f"The background, {relative.name}, is not a picture siegeboard "
                            f"reads (a video?): the map comes in without a plan.")
        return None
    found = _look_for(relative, path)
    if found is None:
        report.notes.append(f"The background, {src}, was not found in the folders above "
                            f"{path.name} nor beside it: the map comes in without a plan.")
        return None
    data = read_bytes(found)
    member = checked_plan(data, f"{path.name}: the background {found.name}")
    with Image.open(io.BytesIO(data)) as header:
        width, height = header.size
    report.notes.append(f"The background {src} was found at {found}.")
    if document.size is not None:
        # the scene stretches the picture over its own width and height
        document.pixels_per_grid = width / document.size[0]
        stretch = (width / document.size[0]) / (height / document.size[1])
        if abs(stretch - 1) > 0.01:
            report.notes.append(f"The picture is {width} x {height} px but the scene is "
                                f"{document.size[0]:g} x {document.size[1]:g} cells; it came "
                                f"in at its own proportions, fitted to the scene's width.")
        document.size = (width / document.pixels_per_grid, height / document.pixels_per_grid)
    return member, data, (width, height)


def _look_for(relative: PurePosixPath, path: Path) -> Path | None:
    """The picture named ``relative`` (a path in Foundry's data folder) as a file: the path
    under each folder above ``path``, then its base name beside ``path``. Names leaving a
    folder (``..``) or absolute are tried only by their base name."""
    parts = [part for part in relative.parts if part not in ("", "/")]
    safe = bool(parts) and ".." not in parts and not relative.is_absolute()
    folder = path.resolve().parent
    if safe:
        for parent in [folder, *folder.parents][:MAX_PARENTS + 1]:
            candidate = parent.joinpath(*parts)
            if candidate.is_file():
                return candidate
    beside = folder / relative.name
    if relative.name and relative.name not in (".", "..") and beside.is_file():
        return beside
    return None
