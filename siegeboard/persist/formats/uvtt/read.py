"""Universal VTT battle maps (.dd2vtt, .df2vtt, .uvtt; ``format`` 0.2, 0.3, 1.0) as structures.

The format has no written specification; what it holds is read from the public importers
(MapTool, Foundry's FVTT-DD-Import, uvtt2fgu) and from real Dungeondraft exports: one JSON
object, every coordinate in grid cells (x right, y down); ``resolution`` (``map_origin``,
``map_size``, ``pixels_per_grid``); ``line_of_sight`` wall polylines; ``objects_line_of_sight``
outlines (0.3 and later); ``portals`` (``bounds``, ``closed``...); ``lights`` and
``environment`` (ignored here); ``image``, a base64 picture (some converters write a file path).

Reading is this module: the JSON checked within bounds before and while it is parsed, and
the picture (embedded, or a file beside the map); ``build`` makes the siege of it.

Malformed files raise ``SiegeFileError`` with one plain message; a line, portal or outline
that cannot become a structure is left out and reported, the rest comes in.
"""


from __future__ import annotations

import base64
import binascii
import io
import json
import math
from pathlib import Path, PureWindowsPath
from typing import Any

from PIL import Image

from siegeboard.persist.formats.base import (
    FormatBySuffix,
    ImportedMap,
    ImportOptions,
    ImportReport,
    Progress,
    json_problem,
    resolve_options,
)
from siegeboard.persist.formats.plan_image import checked_plan, read_bytes
from siegeboard.persist.formats.uvtt.build import build_siege
from siegeboard.persist.formats.uvtt.wall_map import (
    MAX_POINTS,
    MAX_SPAN_M,
    MEET,
    Cells,
    Portal,
    Steps,
    WallMap,
    counted,
)
from siegeboard.persist.siege_file import MAX_MEMBER_BYTES, SiegeFileError

SUFFIXES = (".dd2vtt", ".df2vtt", ".uvtt")
KNOWN_FORMATS = (0.2, 0.3, 1.0)
# base64 makes a picture a third larger; the picture itself is bounded like any member.
MAX_FILE_BYTES = MAX_MEMBER_BYTES * 4 // 3 + 1024 * 1024
MAX_ITEMS = 100_000
MAX_CELLS = MAX_SPAN_M / 0.01  # no point of any map lies further out, whatever its cells' size
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".bmp", ".tif", ".tiff")



class UvttFormat(FormatBySuffix):
    """Universal VTT files read as a new siege (see the module docstring); the map is written
    by ``uvtt.write`` (an export, with its picture rendered by ``report``)."""

    name = "Universal VTT battle map"
    name_filter = "Universal VTT maps (*.dd2vtt *.df2vtt *.uvtt)"
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
        document = _parse(_load_json(raw, name), name, report)
        # one step a wall line, door and outline made: a long import moves as it goes
        step.total += len(document.lines) + len(document.portals) + len(document.objects)
        step()
        picture = _picture(document.image, path, report)
        return build_siege(document, picture, path, options, report, step)

    def write(self, path: str | Path, siege_file) -> None:
        # Writing needs the map rendered as a picture, which only report/ (Qt) can do: the
        # writer is ``uvtt.write.write_uvtt``, called by ``report.vtt_export.export_vtt``.
        raise SiegeFileError("a Universal VTT map is written with File > Export > Universal "
                             "VTT (or siegeboard export-vtt), not saved as a siege")




# --------------------------------------------------------------------------- reading the JSON


def _load_json(raw: bytes, name: str) -> Any:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SiegeFileError(f"{name} is not a Universal VTT file: it is not text") from None
    _count_before_parsing(text, name)
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise SiegeFileError(f"{name} is nested too deeply to be a map") from None
    except ValueError as error:
        raise SiegeFileError(f"{name} is not a Universal VTT file: it is not valid JSON "
                             f"({json_problem(error)})") from None


MAX_TOTAL_POINTS = 1_000_000  # every line's and outline's points together
MAX_LISTS = 3 * MAX_ITEMS + 16  # wall lines, outlines, portals: at most MAX_ITEMS each


def _count_before_parsing(text: str, name: str) -> None:
    """Refuse a file of more points or lists than a map may hold before it is parsed, by
    counting the text's ``"x"`` keys and ``[`` (a picture's base64 has neither): a million
    walls cost a count, not a million parsed objects."""
    points = text.count('"x"')
    if points > MAX_TOTAL_POINTS:
        raise SiegeFileError(f"{name} holds about {points:,} points; siegeboard reads at most "
                             f"{MAX_TOTAL_POINTS:,} in one map")
    lists = text.count("[")
    if lists > MAX_LISTS:
        raise SiegeFileError(f"{name} holds about {lists:,} lists; a map of at most "
                             f"{MAX_ITEMS:,} walls, outlines and portals has fewer")


def _refuse_constant(constant: str) -> Any:
    raise ValueError(f"{constant} is not a number")


class _Reader:
    """Plain-words checks of the JSON's values; every refusal names the file and the place."""

    def __init__(self, name: str):
        self.name = name

    def fail(self, message: str) -> SiegeFileError:
        return SiegeFileError(f"{self.name}: {message}")

    def number(self, value: Any, where: str) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(f"{where} is not a number (it is {_shown(value)})")
        if not math.isfinite(value):
            raise self.fail(f"{where} is not a finite number")
        return float(value)

    def point(self, value: Any, where: str, *, reach: float | None = MAX_CELLS) -> Cells:
        """{x, y} as numbers, each at most ``reach`` cells from 0 (None: any finite number)."""
        if not isinstance(value, dict) or "x" not in value or "y" not in value:
            raise self.fail(f"{where} is not a point with x and y (it is {_shown(value)})")
        point = (self.number(value["x"], f"{where}, x"), self.number(value["y"], f"{where}, y"))
        if reach is not None and max(abs(point[0]), abs(point[1])) > reach:
            raise self.fail(f"{where} lies {max(abs(point[0]), abs(point[1])):g} cells out, "
                            f"further than the {reach:,.0f} a map may reach")
        return point

    def items(self, value: Any, where: str) -> list:
        if not isinstance(value, list):
            raise self.fail(f"{where} is not a list (it is {_shown(value)})")
        if len(value) > MAX_ITEMS:
            raise self.fail(f"{where} has {len(value):,} entries; siegeboard reads at most "
                            f"{MAX_ITEMS:,}")
        return value

    def polyline(self, value: Any, where: str, report: ImportReport) -> list[Cells] | None:
        points = self.items(value, where)
        if len(points) > MAX_POINTS:
            report.skipped.append(f"{where} has {len(points):,} points, more than the "
                                  f"{MAX_POINTS:,} a line may have")
            return None
        line: list[Cells] = []
        for index, raw in enumerate(points, start=1):
            point = self.point(raw, f"{where}, point {index}")
            if not line or math.dist(line[-1], point) > MEET / 10:
                line.append(point)
        if len(line) < 2:
            report.skipped.append(f"{where} has fewer than two distinct points")
            return None
        return line


def _shown(value: Any) -> str:
    text = json.dumps(value) if isinstance(value, (dict, list, str)) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _parse(data: Any, name: str, report: ImportReport) -> WallMap:
    read = _Reader(name)
    if not isinstance(data, dict):
        raise SiegeFileError(f"{name} is not a Universal VTT file: it holds no map object")
    _check_version(data.get("format"), name, report)
    resolution = data.get("resolution")
    if not isinstance(resolution, dict) or "pixels_per_grid" not in resolution:
        raise SiegeFileError(f"{name} is not a Universal VTT map: it gives no resolution "
                             f"(pixels a grid cell)")
    pixels_per_grid = read.number(resolution["pixels_per_grid"], "the pixels a grid cell")
    if not 1 <= pixels_per_grid <= 20_000:
        raise read.fail(f"the pixels a grid cell must be from 1 to 20,000, not "
                        f"{pixels_per_grid:g}")
    origin = (0.0, 0.0)
    if resolution.get("map_origin") is not None:
        origin = read.point(resolution["map_origin"], "the map's origin")
    size = None
    if resolution.get("map_size") is not None:
        size = read.point(resolution["map_size"], "the map's size", reach=None)
        if min(size) <= 0:
            raise read.fail(f"the map's size must be above 0 cells, not "
                            f"{size[0]:g} x {size[1]:g}")
    lines = [read.polyline(line, f"wall line {number}", report) for number, line in
             enumerate(read.items(data.get("line_of_sight", []), "the wall lines"), start=1)]
    objects = [read.polyline(line, f"object outline {number}", report) for number, line in
               enumerate(read.items(data.get("objects_line_of_sight") or [],
                                    "the object outlines"), start=1)]
    portals = [_portal(raw, number, read, report) for number, raw in
               enumerate(read.items(data.get("portals", []), "the portals"), start=1)]
    lights = data.get("lights")
    image = data.get("image")
    if image is not None and not isinstance(image, str):
        raise read.fail(f"the picture is not text (base64 or a file name) but "
                        f"{_shown(image)}")
    report.read = {"wall lines": len(lines), "object outlines": len(objects),
                   "doors": sum(1 for p in portals if p is not None and p.closed),
                   "windows": sum(1 for p in portals if p is not None and not p.closed),
                   "portals": len(portals)}
    if isinstance(lights, list) and lights:
        report.notes.append(f"{counted(len(lights), 'light')} and the lighting are not "
                            f"structures: left out.")
    return WallMap(origin=origin, size=size, pixels_per_grid=pixels_per_grid, lines=lines,
                objects=objects, portals=portals, image=image or None)


def _check_version(value: Any, name: str, report: ImportReport) -> None:
    """The format version is a number; one siegeboard does not know is read as 0.3, noted."""
    if value is None:
        report.notes.append("The file gives no format version; read as format 0.3.")
        return
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise SiegeFileError(f"{name}: the format version is not a number ({_shown(value)})")
    try:
        version = float(value)
    except ValueError:
        raise SiegeFileError(f"{name}: the format version {value!r} is not a number") from None
    if not any(math.isclose(version, known) for known in KNOWN_FORMATS):
        report.notes.append(f"Format {value} is not one siegeboard knows (0.2, 0.3, 1.0); its "
                            f"walls, portals and picture were read as in 0.3.")


def _portal(raw: Any, number: int, read: _Reader, report: ImportReport) -> Portal | None:
    where = f"portal {number}"
    if not isinstance(raw, dict):
        raise read.fail(f"{where} is not a portal (it is {_shown(raw)})")
    bounds = raw.get("bounds")
    if not isinstance(bounds, list) or len(bounds) < 2:
        report.skipped.append(f"{where} gives no two bounds, so its width is unknown")
        return None
    start, end = read.point(bounds[0], f"{where}, bound 1"), read.point(bounds[1],
                                                                        f"{where}, bound 2")
    closed = raw.get("closed", True)
    if not isinstance(closed, bool):
        raise read.fail(f"{where}: closed must be true or false, not {_shown(closed)}")
    if math.dist(start, end) <= MEET:
        report.skipped.append(f"{where} has no width (its bounds are one point)")
        return None
    return Portal(number=number, start=start, end=end, closed=closed)


# --------------------------------------------------------------------------- the picture


def _picture(image: str | None, path: Path, report: ImportReport
             ) -> tuple[str, bytes, tuple[int, int]] | None:
    """(member name, bytes, (width, height)) of the map's picture, or None without one."""
    name = path.name
    if image is None:
        report.notes.append("The file holds no picture: the map comes in without a plan.")
        return None
    text = image.strip()
    if _names_a_file(text):
        base = PureWindowsPath(text).name  # splits on both / and \
        beside = path.parent / base
        if not base or base in (".", "..") or not beside.is_file():
            report.notes.append(f"The picture is named as a file, '{text}'; siegeboard looks "
                                f"only beside {name} and found no {base or 'such file'} there, "
                                f"so the map comes in without a plan.")
            return None
        data = read_bytes(beside)
        member = checked_plan(data, f"{name}: the picture {base} beside it")
        report.notes.append(f"The picture is named as a file, '{text}'; siegeboard looked only "
                            f"beside {name} and used {base} found there.")
    else:
        if text.startswith("data:") and "," in text:
            text = text.split(",", 1)[1]
        try:
            data = base64.b64decode("".join(text.split()), validate=True)
        except (binascii.Error, ValueError):
            raise SiegeFileError(f"{name}: the picture is not valid base64 text") from None
        if not data:
            raise SiegeFileError(f"{name}: the picture is empty")
        member = checked_plan(data, f"{name}: the picture")
    with Image.open(io.BytesIO(data)) as header:
        size = header.size
    return member, data, size


def _names_a_file(text: str) -> bool:
    # A picture is hundreds of bytes of base64 at least; a short text ending in an image
    # suffix is a file name (base64 has no dot).
    return len(text) < 4096 and "." in text and PureWindowsPath(text).suffix.lower() in (
        IMAGE_SUFFIXES)
